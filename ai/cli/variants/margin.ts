/** The `margin` variant: a finished game worth ±0.9 plus a tenth of the score's margin. */
import type { AnyRuleset, BaseState, Side } from '../../../src/engine/contract';
import { type Variant, withEvaluate } from './kit';

/**
 * A finished game's value for `side` with its score's margin: ±0.9 for a win or a loss and 0 for a draw, plus a
 * tenth of (my points − theirs) / (all points). Null while the game goes on.
 */
export function marginValue(r: AnyRuleset, s: BaseState, side: Side): number | null {
  const o = r.outcome(s);
  if (o.status !== 'finished') return null;
  let mine = 0;
  let theirs = 0;
  for (const [sd, p] of Object.entries(o.points)) {
    if (sd === side) mine += p;
    else theirs += p;
  }
  const result = o.winner === side ? 0.9 : o.winner === null ? 0 : -0.9;
  return result + (0.1 * (mine - theirs)) / Math.max(1, mine + theirs);
}

export const margin: Variant = {
  about:
    "a finished game is worth ±0.9 plus a tenth of the score's margin, not ±1 or 0: once nearly every rollout " +
    'wins, the search still prefers the lines that keep more points (docs/rulesets/epic.md, "The three games ' +
    'not won on 3ee47f67bb3d3211")',
  wrap: (base) => withEvaluate(base, (s, side) => marginValue(base, s, side) ?? base.evaluate(s, side)),
};
