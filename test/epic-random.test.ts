/**
 * Property and fuzz tests over whole random `epic` games: ≥1,000 games end without an exception, replay from
 * their records to identical hashes, and keep the invariants after every ply.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomBot } from '../ai/bots';
import { playMatch } from '../ai/match';
import { hashState } from '../src/engine/hash';
import { replay } from '../src/engine/record';
import { epicRuleset } from '../src/rulesets/epic';
import { prof } from '../src/rulesets/epic/state';
import type { EpicAction, EpicState } from '../src/rulesets/epic/types';
import { scenarios } from '../src/rulesets/registry';

const GAMES = Number(process.env.EPIC_GAMES ?? 1000);

function invariants(s: EpicState): string | null {
  const onTable = s.bases.filter((b) => b.alive && b.carriedBy === null);
  for (const b of s.bases) {
    if (b.pdv < 0) return `${b.id} has negative PdV`;
    if (b.alive !== b.pdv > 0) return `${b.id} alive=${b.alive} with ${b.pdv} PdV`;
    if (b.alive && b.carriedBy && !s.bases.find((t) => t.id === b.carriedBy)?.alive)
      return `${b.id} carried by a dead transport`;
  }
  for (let i = 0; i < onTable.length; i++) {
    const a = onTable[i]!;
    const r = prof(a).radius;
    if (a.x < r - 1e-6 || a.y < r - 1e-6 || a.x > s.table.width - r + 1e-6 || a.y > s.table.height - r + 1e-6)
      return `${a.id} is off the table`;
    for (let j = i + 1; j < onTable.length; j++) {
      const b = onTable[j]!;
      if (Math.hypot(a.x - b.x, a.y - b.y) < r + prof(b).radius - 1e-6)
        return `${a.id} and ${b.id} stand in the same place`;
    }
  }
  // Orders stay hidden from the other side until revealed.
  for (const side of ['blue', 'red'] as const) {
    const seen = epicRuleset.observe(s, side) as EpicState;
    for (const d of seen.dets)
      if (d.side !== side && !d.revealed && d.order !== null) return `${side} sees ${d.id}'s hidden order`;
    if (seen.rng.s0 !== 0) return 'observe leaks the RNG';
  }
  return null;
}

describe(`epic: ${GAMES} random games`, () => {
  const sc = scenarios.epic![0]!;
  it('end without an exception, keep the invariants every ply, and replay to identical hashes', {
    timeout: 600_000,
  }, () => {
    let plies = 0;
    const finished = new Set<string>();
    for (let g = 0; g < GAMES; g++) {
      const result = playMatch(
        epicRuleset,
        sc.id,
        sc.data,
        `rg${g}`,
        { blue: randomBot(`b${g}`), red: randomBot(`r${g}`) },
        {
          onPly: (state) => {
            const bad = invariants(state as EpicState);
            if (bad) throw new Error(`game ${g} ply ${state.ply}: ${bad}`);
          },
        },
      );
      expect(result.outcome.status).toBe('finished');
      if (result.outcome.status === 'finished') finished.add(String(result.outcome.winner));
      plies += result.plies;
      const again = replay<EpicState>(epicRuleset, sc.data, result.record);
      if (!again.ok) throw new Error(`game ${g}: ${again.error.message.en}`);
      expect(again.value.finalHash).toBe(result.finalHash);
      // Plain data: a JSON round trip gives the same state and the same hash.
      expect(hashState(JSON.parse(JSON.stringify(result.state)))).toBe(result.finalHash);
    }
    expect(plies / GAMES).toBeGreaterThan(40);
    expect(finished.size).toBeGreaterThan(1); // both sides win some games: the games are not degenerate
  });

  it('the same seed and actions give the same game; another seed diverges', () => {
    const bots = (k: string) => ({ blue: randomBot(`b${k}`), red: randomBot(`r${k}`) });
    const a = playMatch(epicRuleset, sc.id, sc.data, 'same', bots('x'));
    const b = playMatch(epicRuleset, sc.id, sc.data, 'same', bots('x'));
    const c = playMatch(epicRuleset, sc.id, sc.data, 'other', bots('x'));
    expect(b.finalHash).toBe(a.finalHash);
    expect(b.record.hashes).toEqual(a.record.hashes);
    expect(c.record.hashes).not.toEqual(a.record.hashes);
  });
});

describe('epic: fuzzed actions', () => {
  const sc = scenarios.epic![0]!;
  const states: EpicState[] = [];
  playMatch(
    epicRuleset,
    sc.id,
    sc.data,
    'fuzz',
    { blue: randomBot('fb'), red: randomBot('fr') },
    {
      onPly: (s) => {
        if (s.ply % 3 === 0) states.push(s as EpicState);
      },
    },
  );
  const anyId = fc.oneof(
    fc.constantFrom('o-ba1', 'm-tac1', 'o-trukk1', 'o-boyz-a', 'm-hq', 'o-weird'),
    fc.string(),
  );
  const num = fc.oneof(fc.double(), fc.integer({ min: -500, max: 500 }));
  const action = fc.oneof(
    fc.record({
      type: fc.constantFrom('order', 'activate', 'shoot', 'intercept', 'assault', 'bzzzt', 'waaagh'),
      det: anyId,
      base: anyId,
      target: anyId,
      order: fc.string(),
      at: num,
    }),
    fc.record({ type: fc.constantFrom('move', 'disembark'), base: anyId, to: fc.record({ x: num, y: num }) }),
    fc.record({ type: fc.constantFrom('moveDet'), det: anyId, dx: num, dy: num }),
    fc.record({ type: fc.constantFrom('charge', 'embark'), base: anyId, target: anyId, transport: anyId }),
    fc.record({ type: fc.string() }),
    fc.constantFrom(
      { type: 'pass' },
      { type: 'done' },
      { type: 'noIntercept' },
      { type: 'initiative', first: 'green' },
    ),
  );
  it('never throw: an action is applied or refused with a coded, bilingual error, and the input is untouched', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: states.length - 1 }), action, (i, a) => {
        const s = states[i]!;
        const before = hashState(s);
        const r = epicRuleset.apply(s, a as EpicAction);
        expect(hashState(s)).toBe(before);
        if (!r.ok) {
          expect(r.error.code).toMatch(/^ERR_/);
          expect(r.error.message.en.length).toBeGreaterThan(0);
          expect(r.error.message.fr.length).toBeGreaterThan(0);
        } else expect(r.value.state.ply).toBe(s.ply + 1);
      }),
      { numRuns: 3000 },
    );
  });
});
