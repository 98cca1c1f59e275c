/** The `sharp` variant: every value the search backs up, three times as large. */
import type { AnyRuleset } from '../../../src/engine/contract';
import { type Variant, withEvaluate } from './kit';

/** How much larger the values are: the search's exploration constant and scripted prior at a third. */
export const SHARPEN = 3;

/**
 * `base` whose evaluation, finished games included, is `k` times its own. The search's UCB adds
 * `c · sqrt(ln N) / sqrt(n)` and the scripted hint's `prior / (1 + n)` to a child's mean value (ai/mcts.ts), so
 * scaling every value by `k` is the same search with `c` and `prior` divided by `k` (0.9 → 0.3 and 2 → 0.67 at
 * `k` = 3): visits gather on the better options where the options' values differ by little. Values then leave
 * [−1, 1]; only the notes' chances read them, and no log keeps notes unless it keeps records.
 */
export function sharpened(base: AnyRuleset, k = SHARPEN): AnyRuleset {
  return withEvaluate(base, (s, side) => k * base.evaluate(s, side));
}

export const sharp: Variant = {
  about:
    'the values the search backs up three times as large, finished games included: the same search with its UCB ' +
    "exploration constant and scripted prior at a third (0.9 → 0.3, 2 → 0.67). Company's options mostly stand " +
    'within 0.06 of each other (±3 points), where UCB at c 0.9 spreads its visits almost evenly and the tree ' +
    'stays shallow; does a longer search then gain? (docs/ai.md, "A sharper search in company")',
  wrap: (base) => sharpened(base),
};
