/** The `sees` variant: the search sees the other side's secret orders (the honesty pairing's oracle). */
import type { AnyRuleset, BaseState, Side } from '../../../src/engine/contract';
import { type Rng, seedRng } from '../../../src/engine/rng';
import type { Variant } from './kit';

/**
 * `base` seen whole: `observe` keeps the other side's secrets and `determinize` only re-draws the dice, as the
 * search's `allSeeing` option does (ai/mcts.ts `sample`, the same draw from the searcher's RNG). So
 * `mcts-it:<n>+sees` is the `oracle:<ms>` yardstick on an iteration budget: deterministic, and set beside
 * `mcts-it:<n>` on the same seeds, it tells what seeing the orders is worth without the time budget's noise.
 */
export function seeingAll(base: AnyRuleset): AnyRuleset {
  const r = Object.create(base) as AnyRuleset;
  Object.defineProperty(r, 'observe', { value: (s: BaseState) => base.clone(s), enumerable: true });
  Object.defineProperty(r, 'determinize', {
    value: (observation: BaseState, _side: Side, rng: Rng) => {
      const s = base.clone(observation);
      s.rng = seedRng(`sample:${rng.next()}`);
      return s;
    },
    enumerable: true,
  });
  return r;
}

export const sees: Variant = {
  about:
    "the search sees the other side's secret orders (`seeingAll`): the honesty pairing's `oracle:<ms>` on an " +
    'iteration budget, so `--a mcts-it:300+sees --b greedy` beside `--a mcts-it:300 --b greedy` on the same seeds ' +
    'compares the two without the time budget\'s noise (docs/ai.md, "The honesty pairing on 3ee47f67bb3d3211")',
  wrap: seeingAll,
};
