/** A game record told as text (tell-game.ts, `npm run story`), and the ply lists it shares with `npm run analyse`. */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/contract';
import { findScenario, rulesets } from '../../src/rulesets/registry';
import { scriptedBot } from '../bots';
import { playMatch } from '../match';
import { parsePlyList } from './args';
import { openRecord } from './open-record';
import { tellGame } from './tell-game';

const ruleset = rulesets.company!;
const scenario = findScenario('company', 'le-pont-de-cendres')!;
const events: GameEvent[][] = [];
const game = playMatch(
  ruleset,
  scenario.id,
  scenario.data,
  'story-1',
  { blue: scriptedBot('b'), red: scriptedBot('r') },
  { onPly: (_s, e) => events.push(e) },
);
game.record.annotations.push(
  { ply: 0, kind: 'comment', text: 'first note' },
  { ply: 3, kind: 'ai', text: 'why\nthe fourth action' },
);
const opened = () => {
  const o = openRecord(JSON.stringify(game.record), 'game.json');
  if (!o.ok) throw new Error(o.error);
  return o.value;
};

describe('tellGame', () => {
  it('tells every ply with its side and turn, every event of the rules, then the result', () => {
    const told = tellGame(opened(), { lang: 'en', notes: false });
    if (!told.ok) throw new Error(told.error);
    const lines = told.value;
    const plyLines = lines.filter((l) => /^\d+\. /.test(l));
    expect(plyLines).toHaveLength(game.plies);
    expect(lines[0]).toBe(`Game: company / le-pont-de-cendres, seed story-1, ${game.plies} plies`);
    expect(plyLines[0]).toMatch(/^0\. \[turn 1, (blue|red)\] \{"type":/);
    expect(plyLines.at(-1)).toContain(JSON.stringify(game.record.actions.at(-1)));
    const told0 = events.flat().map((e) => `    ${e.text.en}`);
    expect(lines.filter((l) => l.startsWith('    '))).toEqual(told0);
    expect(told0.length).toBeGreaterThan(game.plies / 4);
    const o = game.outcome;
    if (o.status !== 'finished') throw new Error('the game did not end');
    expect(lines.at(-1)).toBe(
      `Result: ${o.winner ?? 'draw'} (${Object.entries(o.points)
        .map(([s, p]) => `${s} ${p}`)
        .join(', ')}): ${o.reason.en}`,
    );
    expect(lines.some((l) => l.includes('first note'))).toBe(false);
  });

  it('speaks French when asked', () => {
    const told = tellGame(opened(), { lang: 'fr', notes: false });
    if (!told.ok) throw new Error(told.error);
    expect(told.value.filter((l) => l.startsWith('    '))).toEqual(
      events.flat().map((e) => `    ${e.text.fr}`),
    );
    expect(told.value.filter((l) => /^\d+\. /.test(l))[0]).toMatch(/^0\. \[tour 1, /);
    expect(told.value[0]).toBe(`Partie : company / le-pont-de-cendres, seed story-1, ${game.plies} coups`);
    expect(told.value.at(-1)).toMatch(/^Résultat : /);
  });

  it('puts each note before the ply it is attached to, and tells only the plies asked for', () => {
    const told = tellGame(opened(), { lang: 'en', notes: true, plies: new Set([2, 3]) });
    if (!told.ok) throw new Error(told.error);
    const lines = told.value.filter((l) => !l.startsWith('    '));
    expect(lines[1]).toMatch(/^2\. /);
    expect(lines.slice(2, 5)).toEqual(['  | ai: why', '  | the fourth action', lines[4]]);
    expect(lines[4]).toMatch(/^3\. /);
    expect(told.value.some((l) => l.includes('first note'))).toBe(false);
  });

  it('names the first ply that does not replay', () => {
    const o = opened();
    o.record.hashes[5] = '0123456789abcdef';
    const told = tellGame(o, { lang: 'en', notes: false });
    expect(told.ok).toBe(false);
    if (!told.ok) expect(told.error).toMatch(/^ply 5: .*hash mismatch/);
  });
});

describe('parsePlyList', () => {
  it('reads plies and ranges, sorted, without repeats', () => {
    expect(parsePlyList('12, 3-5,4', 20)).toEqual({ ok: true, value: [3, 4, 5, 12] });
  });
  it('refuses what is not a ply of the game', () => {
    for (const [spec, message] of [
      ['3-x', /separated by commas/],
      ['9-2', /runs backwards/],
      ['20', /plies 0 to 19; 20 is past its end/],
      ['0-1500', /too long/],
    ] as const) {
      const r = parsePlyList(spec, spec === '0-1500' ? 5000 : 20);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    }
  });
});
