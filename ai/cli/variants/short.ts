/** The `short` variant: rollouts of 4 plies instead of the ruleset's own length. */
import type { AnyRuleset } from '../../../src/engine/contract';
import type { Variant } from './kit';

/** The rollout's length the variant sets (company's own is 12; `npm run bench:rollouts -- --plies default,4`). */
export const SHORT_PLIES = 4;

/**
 * `base` whose rollouts stop after `plies` plies (contract `rolloutPlies`), then the evaluation. Where the ruleset
 * names its rounds (epic's `rolloutRound`) `rolloutPlies` only bounds a rollout, so there it cuts the round short:
 * meant for company, which names none.
 */
export function shortRollouts(base: AnyRuleset, plies = SHORT_PLIES): AnyRuleset {
  const r = Object.create(base) as AnyRuleset;
  Object.defineProperty(r, 'rolloutPlies', { value: plies, enumerable: true });
  return r;
}

export const short: Variant = {
  about:
    "rollouts of 4 plies instead of company's 12: fewer dice between the option and its value, and some 2.4 times " +
    "the iterations a second (`npm run bench:rollouts`). Company's options mostly stand within ±3 points of each " +
    'other and 4,000 ms gains little over 1,000: does a leaf valued sooner, with less noise, tell them apart? ' +
    '(docs/ai.md, "Shorter rollouts in company")',
  wrap: (base) => shortRollouts(base),
};
