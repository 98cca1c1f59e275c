/**
 * The search in slices, for the AI service (ai/engine-api.ts, behind the Web Worker): it awaits `yieldFn`
 * between slices of `sliceMs` so the caller can read a stop request, and checks `shouldStop` after each.
 *
 * A stop request waits for the rest of the current slice, the iteration that overruns it, a garbage collection
 * that falls in it, then the report. Two lengths bound it:
 * - `sliceMs`: no new iteration starts after the slice's end;
 * - `cutMs`: an iteration still running that long after the slice's end cuts its rollout short and is valued
 *   where it stands (`Search.deadline`). An epic iteration with a titan's assault in its rollout measured up to
 *   ~25 ms. With a margin, only such long iterations are cut; an ordinary one overrunning the slice ends whole,
 *   as every iteration does in the tournaments' synchronous search (ai/mcts.ts `runSearch`).
 * `npm run bench:stop` measures the choices side by side, and counts the rollouts cut.
 *
 * This replaced ai/mcts.ts `searchAsync` (the slice's end was also the cut, so at short slices a third of the
 * rollouts were cut; removed 2026-12-04). It lives outside the files a tournament game runs
 * (ai/cli/code-hash.ts), so a change here keeps the tournament logs.
 */
import type { AnyRuleset, BaseState, Side } from '../src/engine/contract';
import { type MctsOptions, Search, type SearchReport } from './mcts';

export interface SliceOptions extends MctsOptions {
  /** No new iteration starts after a slice's end (ms). */
  sliceMs: number;
  /** A running iteration cuts its rollout this long after the slice's end (ms). */
  cutMs: number;
  yieldFn: () => Promise<void>;
  shouldStop: () => boolean;
  onProgress?: (done: number, iterations: number) => void;
}

export interface SliceReport extends SearchReport {
  /** Iterations whose rollout was cut short at `cutMs` past a slice's end. */
  cut: number;
}

export async function searchInSlices(
  ruleset: AnyRuleset,
  state: BaseState,
  side: Side,
  options: SliceOptions,
): Promise<SliceReport> {
  const now = options.now ?? (() => 0);
  const t0 = now();
  const s = new Search(ruleset, state, side, options);
  let cut = 0;
  // The search reads this clock only to test its deadline, and stops its rollout the first time it is past.
  s.clock = () => {
    const t = now();
    if (t > s.deadline) cut++;
    return t;
  };
  const budget = options.budgetMs ?? 1000;
  const maxIt = options.maxIterations ?? Number.POSITIVE_INFINITY;
  let stopped = false;
  while (s.iterations < maxIt && now() - t0 < budget) {
    const sliceEnd = Math.min(t0 + budget, now() + options.sliceMs);
    s.deadline = sliceEnd + options.cutMs;
    while (now() < sliceEnd && s.iterations < maxIt) s.step(1);
    options.onProgress?.(Math.min(1, (now() - t0) / budget), s.iterations);
    await options.yieldFn();
    if (options.shouldStop()) {
      stopped = true;
      break;
    }
  }
  if (s.iterations === 0) s.step(1);
  return { ...s.report(now() - t0, stopped), cut };
}
