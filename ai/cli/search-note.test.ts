/** The search's `ai` notes in kept games: written (search-note.ts), read back, summed, and `npm run notes`. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BaseAction } from '../../src/engine/contract';
import { findScenario, rulesets } from '../../src/rulesets/registry';
import { scriptedBot } from '../bots';
import { playMatch } from '../match';
import type { Alternative, SearchReport } from '../mcts';
import { type ParsedNote, parseSearchNote, searchNote, summariseNotes } from './search-note';

const alt = (id: number, visits: number, value: number, p?: number): Alternative => ({
  action: { type: 'move', id, label: `x${id}` } as BaseAction,
  visits,
  value,
  ...(p === undefined ? {} : { p }),
});

const report = (alternatives: Alternative[], iterations = 300, ms = 1000.4): SearchReport => ({
  action: alternatives[0]!.action,
  alternatives,
  iterations,
  ms,
  stopped: false,
});

describe('searchNote and parseSearchNote', () => {
  it('reads back what the note wrote: the search, its options, and the one played where it is not in the top 4', () => {
    const alts = [alt(1, 50, 0.2), alt(2, 40, 0.1), alt(3, 30, 0.0), alt(4, 20, -0.1), alt(5, 10, -0.5)];
    const text = searchNote('mcts:1000', 'red', report(alts, 311, 1002.6), alts[4]!.action);
    const n = parseSearchNote(text);
    expect(n).toEqual({
      bot: 'mcts:1000',
      side: 'red',
      iterations: 311,
      ms: 1003,
      options: 5,
      rows: [
        { played: false, visits: 50, chance: 60 },
        { played: false, visits: 40, chance: 55 },
        { played: false, visits: 30, chance: 50 },
        { played: true, visits: 10, chance: 25 },
      ],
    });
  });

  it('reads a secret decision’s weights, and refuses text that is not a search note', () => {
    const alts = [alt(1, 62, -0.04, 0.36), alt(2, 7, -0.34, 0.04)];
    const n = parseSearchNote(searchNote('oracle:1000', 'blue', report(alts), alts[0]!.action))!;
    expect(n.rows).toEqual([
      { played: true, visits: 62, chance: 48, p: 0.36 },
      { played: false, visits: 7, chance: 33, p: 0.04 },
    ]);
    expect(
      parseSearchNote("Tournament game #1 (seed 1:0): A = mcts:1000 as blue. A's result: loss."),
    ).toBeNull();
    expect(parseSearchNote('mcts:1000 (blue): many iterations')).toBeNull();
  });
});

const note = (
  bot: string,
  iterations: number,
  options: number,
  rows: [number, number, boolean][],
): ParsedNote => ({
  bot,
  side: 'blue',
  iterations,
  ms: 1000,
  options,
  rows: rows.map(([visits, chance, played]) => ({ visits, chance, played })),
});

describe('summariseNotes', () => {
  it('sums each bot’s decisions with a choice: iterations, options, the gap at the top, what was played', () => {
    const notes = [
      note('mcts:1000', 100, 4, [
        [60, 52, true],
        [30, 51, false],
      ]), // gap 1
      note('mcts:1000', 300, 6, [
        [60, 70, false],
        [20, 50, true],
        [10, 40, false],
      ]), // gap 20, the most visited not played
      note('mcts:1000', 200, 2, [
        [10, 45, true],
        [9, 49, false],
      ]), // gap −4
      note('mcts:1000', 5, 1, [[5, 50, true]]), // forced: left out
      note('mcts:4000', 1200, 3, [
        [600, 55, true],
        [300, 53, false],
      ]),
    ];
    const [a, b] = summariseNotes(notes);
    expect(a).toEqual({
      bot: 'mcts:1000',
      decisions: 3,
      iterations: { median: 200, p10: 100, p90: 300 },
      optionsMedian: 4,
      gapMedian: 1,
      within3: 1 / 3,
      playedTop: 2 / 3,
    });
    expect(b!.bot).toBe('mcts:4000');
    expect(b!.decisions).toBe(1);
    expect(b!.gapMedian).toBe(2);
    expect(summariseNotes([])).toEqual([]);
  });
});

describe('npm run notes', () => {
  it('sums the notes of the kept games it is given, filtered by code, and says when nothing matched', {
    timeout: 60_000,
  }, () => {
    const ruleset = rulesets.company!;
    const scenario = findScenario('company', 'le-pont-de-cendres')!;
    const dir = mkdtempSync(join(tmpdir(), 'notes-'));
    mkdirSync(join(dir, 'kept'));
    const write = (name: string, code: string, iterations: number) => {
      const game = playMatch(ruleset, scenario.id, scenario.data, `notes-${name}`, {
        blue: scriptedBot('b'),
        red: scriptedBot('r'),
      });
      const alts = [alt(1, 60, 0.1), alt(2, 40, 0)];
      game.record.annotations.push(
        { ply: 0, kind: 'comment', text: `Tournament game #1 (seed s): A's result: loss. Code ${code}.` },
        {
          ply: 0,
          kind: 'ai',
          text: searchNote('mcts:1000', 'blue', report(alts, iterations), alts[0]!.action),
        },
      );
      writeFileSync(join(dir, 'kept', `${name}.json`), JSON.stringify(game.record));
    };
    write('a', 'aaaa', 100);
    write('b', 'aaaa', 300);
    write('c', 'bbbb', 5000);
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/run.mjs', 'ai/cli/notes.ts', ...args], { encoding: 'utf8' });
    const ok = run(join(dir, 'kept'), '--code', 'aaaa');
    expect(ok.status, ok.stderr).toBe(0);
    const last = JSON.parse(ok.stdout.trim().split('\n').pop()!);
    expect(last.games).toBe(2);
    expect(last.bots[0].iterations.median).toBe(200);
    expect(ok.stdout).toContain('mcts:1000: 2 decisions with a choice; iterations median 200');
    const none = run(join(dir, 'kept'), '--code', 'cccc');
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('No game record matched among 3 file(s).');
    const bad = run(join(dir, 'missing'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`Cannot read ${join(dir, 'missing')}`);
  });
});
