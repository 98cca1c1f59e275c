import type { AnyRuleset } from '../../src/engine/contract';
import { seedRng } from '../../src/engine/rng';

/**
 * A two-pick game for the search's secret decisions: blue then red choose a hand (R, P or S) face down, then the
 * game ends and `payoff(blue, red)` gives blue's result (red's is its opposite). Used by ai/mcts.test.ts (regret
 * matching) and bench/decoupled.test.ts (the decoupled-UCT experiment).
 */
export interface PickState {
  rng: ReturnType<typeof seedRng>;
  ply: number;
  blue: string | null;
  red: string | null;
}
export type Pick = { type: 'pick'; hand: string };
export const HANDS: readonly Pick[] = ['R', 'P', 'S'].map((hand) => ({ type: 'pick' as const, hand }));

export function pickGame(payoff: (blue: string, red: string) => number): AnyRuleset {
  const clone = (s: PickState): PickState => ({ ...s });
  return {
    id: 'picks',
    sides: ['blue', 'red'],
    decision: (s: PickState) =>
      s.blue !== null && s.red !== null
        ? null
        : { side: s.blue === null ? 'blue' : 'red', phase: 'pick', turn: 1, secret: true },
    candidates: () => [...HANDS],
    applyInPlace: (s: PickState, a: Pick) => {
      if (s.blue === null) s.blue = a.hand;
      else s.red = a.hand;
      s.ply++;
      return null;
    },
    validate: () => ({ ok: true, value: true }),
    clone,
    observe: (s: PickState) => clone(s),
    determinize: (s: PickState) => clone(s),
    evaluate: (s: PickState, side: string) => {
      const v = s.blue !== null && s.red !== null ? payoff(s.blue, s.red) : 0;
      return side === 'blue' ? v : -v;
    },
  } as unknown as AnyRuleset;
}

/** The position before either pick. */
export const pickStart = (): PickState => ({ rng: seedRng('p'), ply: 0, blue: null, red: null });
