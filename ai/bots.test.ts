/** The bots' own choices (ai/bots.ts), on a one-decision toy game. */
import { describe, expect, it } from 'vitest';
import type { AnyRuleset } from '../src/engine/contract';
import { seedRng } from '../src/engine/rng';
import { greedyBot } from './bots';

interface OneState {
  rng: ReturnType<typeof seedRng>;
  ply: number;
  hand: string | null;
}

/** Blue picks one hand; `evaluate` likes R best, `yardstick` (when given) likes S best. */
function oneGame(withYardstick: boolean): AnyRuleset {
  const clone = (s: OneState): OneState => ({ ...s });
  const value = (best: string) => (s: OneState, side: string) =>
    (s.hand === best ? 0.5 : 0) * (side === 'blue' ? 1 : -1);
  return {
    id: 'one',
    sides: ['blue', 'red'],
    decision: (s: OneState) => (s.hand === null ? { side: 'blue', phase: 'pick', turn: 1 } : null),
    candidates: () => ['R', 'P', 'S'].map((hand) => ({ type: 'pick', hand })),
    applyInPlace: (s: OneState, a: { hand: string }) => {
      s.hand = a.hand;
      s.ply++;
      return null;
    },
    validate: () => ({ ok: true, value: true }),
    clone,
    observe: clone,
    determinize: clone,
    evaluate: value('R'),
    ...(withYardstick ? { yardstick: value('S') } : {}),
  } as unknown as AnyRuleset;
}

const start = (): OneState => ({ rng: seedRng('one'), ply: 0, hand: null });

describe('greedy', () => {
  it('plays one ply on the evaluation when the ruleset has no yardstick', () => {
    for (const seed of ['a', 'b', 'c'])
      expect(greedyBot(seed).choose(oneGame(false), start())).toEqual({ type: 'pick', hand: 'R' });
  });

  it('plays on the frozen yardstick when the ruleset has one, whatever `evaluate` says', () => {
    for (const seed of ['a', 'b', 'c'])
      expect(greedyBot(seed).choose(oneGame(true), start())).toEqual({ type: 'pick', hand: 'S' });
  });
});
