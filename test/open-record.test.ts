/** ai/cli/open-record.ts: a kept game record opens at ply 0 and replays from there; bad input says what is wrong. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openRecord } from '../ai/cli/open-record';
import { hashState } from '../src/engine/hash';
import { replay } from '../src/engine/record';

const name = 'epic-plaine-de-grik-mcts4000-vs-mcts1000-seed51-g48-A-red-loss.json';
const text = readFileSync(`bench/records/${name}`, 'utf8');

describe('openRecord', () => {
  it('opens a kept game at ply 0: playing its actions from there ends where the checked replay ends', () => {
    const opened = openRecord(text, name);
    if (!opened.ok) throw new Error(opened.error);
    const { record, ruleset, scenarioData, start } = opened.value;
    expect(record.ruleset).toBe('epic');
    expect(record.actions.length).toBeGreaterThan(10);
    let state = start;
    for (const action of record.actions) {
      const step = ruleset.apply(state, action);
      if (!step.ok) throw new Error(step.error.message.en);
      state = step.value.state;
    }
    const checked = replay(ruleset, scenarioData, record);
    if (!checked.ok) throw new Error(checked.error.message.en);
    expect(hashState(state)).toBe(checked.value.finalHash);
    expect(hashState(start)).not.toBe(checked.value.finalHash);
  });

  it('names the file and the fault of a record that cannot be opened', () => {
    const notJson = openRecord('{ nope', 'broken.json');
    expect(notJson.ok).toBe(false);
    if (!notJson.ok) expect(notJson.error).toMatch(/^broken\.json: /);
    const other = openRecord(text.replace(/"ruleset": *"epic"/, '"ruleset": "chess"'), 'chess.json');
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.error).toMatch(/chess\.json: .*chess/);
    const noScenario = openRecord(
      text.replace(/"scenario": *"plaine-de-grik"/, '"scenario": "nowhere"'),
      'x.json',
    );
    expect(noScenario).toEqual({ ok: false, error: 'x.json: unknown scenario "nowhere".' });
  });
});
