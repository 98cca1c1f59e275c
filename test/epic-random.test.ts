/**
 * Property and fuzz tests over whole random `epic` games: ≥1,000 games end without an exception, replay from
 * their records to identical hashes, and keep the invariants after every ply.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomBot } from '../ai/bots';
import { playMatch } from '../ai/match';
import { hashState } from '../src/engine/hash';
import { epicRuleset } from '../src/rulesets/epic';
import type { EpicAction, EpicState } from '../src/rulesets/epic/types';
import { scenarios } from '../src/rulesets/registry';
import { playRandomGames } from './helpers/epic';
import { randomGameStates } from './helpers/random-game';

const GAMES = Number(process.env.EPIC_GAMES ?? 1000);

/** Each scenario plays its 1,000 games in its own file so that vitest runs them in parallel. */
const FILES: Record<string, string> = {
  'plaine-de-grik': 'test/epic-random.test.ts',
  'gue-de-krag': 'test/epic-random-gue-de-krag.test.ts',
  'le-grand-gargant': 'test/epic-random-le-grand-gargant.test.ts',
};

describe(`epic: ${GAMES} random games`, () => {
  const sc = scenarios.epic![0]!;
  it('every shipped scenario has its random-games file', () => {
    expect(Object.keys(FILES).sort()).toEqual(scenarios.epic!.map((x) => x.id).sort());
    for (const f of Object.values(FILES)) expect(existsSync(join(__dirname, '..', f))).toBe(true);
  });

  it(`${sc.id}: end without an exception, keep the invariants every ply, and replay to identical hashes`, {
    timeout: 600_000,
  }, () => {
    const { plies, winners } = playRandomGames(sc.id, GAMES);
    expect(plies / GAMES).toBeGreaterThan(40);
    expect(winners.size).toBeGreaterThan(1); // both sides win some games: the games are not degenerate
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
  const states = scenarios.epic!.flatMap((sc) =>
    randomGameStates<EpicState>(
      epicRuleset,
      sc,
      { seed: 'fuzz', bots: ['fb', 'fr'] },
      (s) => s.ply % 3 === 0,
    ),
  );
  const anyId = fc.oneof(
    fc.constantFrom(
      'o-ba1',
      'm-tac1',
      'o-trukk1',
      'o-boyz-a',
      'm-hq',
      'o-weird',
      'o-garg',
      'o-mob',
      'o-wt1',
      'm-rhino',
    ),
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
    fc.record({ type: fc.constantFrom('dr'), base: anyId, n: num, at: num }),
    fc.record({
      type: fc.constantFrom('onYVa'),
      base: anyId,
      dets: fc.oneof(fc.array(fc.record({ det: anyId, dx: num, dy: num }), { maxLength: 4 }), fc.anything()),
    }),
    fc.record({
      type: fc.constantFrom('shoot'),
      det: anyId,
      target: anyId,
      indirect: fc.oneof(fc.boolean(), fc.anything()),
      aboard: fc.oneof(fc.boolean(), fc.anything()),
    }),
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
