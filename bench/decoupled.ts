/**
 * An experiment, not play code (bench/epic-secret-orders.ts): make one search choose every secret decision
 * (its own and the other side's) by UCB1 over the options' own statistics — decoupled UCT — instead of regret
 * matching. It replaces the instance's `regretMatch`, so ai/mcts.ts (and the tournament logs' digests) stay
 * as they are. `strategy` counts the draws, so the report's weight `p` of a secret root is its share of visits
 * and the move is drawn in proportion to visits.
 */
import type { MctsNode, Search } from '../ai/mcts';

export function decoupled(search: Search, c = 0.9): Search {
  (search as unknown as { regretMatch: (legal: MctsNode[], n: number) => MctsNode }).regretMatch = (
    legal,
    n,
  ) => {
    let parent = 0;
    for (let i = 0; i < n; i++) parent += legal[i]!.visits;
    const explore = c * Math.sqrt(Math.log(parent + 1));
    let best = legal[0]!;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const o = legal[i]!;
      const score =
        o.visits === 0 ? Number.POSITIVE_INFINITY : o.total / o.visits + explore / Math.sqrt(o.visits);
      if (score > bestScore) {
        bestScore = score;
        best = o;
      }
    }
    best.strategy = (best.strategy ?? 0) + 1;
    return best;
  };
  return search;
}
