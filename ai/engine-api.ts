/**
 * The AI service: the same code behind the Web Worker (ai/worker.ts, through comlink) and headless callers.
 * `think` runs the chosen bot on the given state and answers with its action and the alternatives it
 * weighed; `stop` makes a running search answer at the end of its current slice (ai/search-slices.ts;
 * `npm run bench:stop` measures the wait).
 * Given the game's history, it keeps its search tree between decisions as the tournaments' bot does
 * (ai/bots.ts `mctsBot`): the next search starts from the subtree of the actions played since.
 */
import type { BaseAction, Side } from '../src/engine/contract';
import { Rng, seedRng } from '../src/engine/rng';
import { rulesets } from '../src/rulesets/registry';
import { greedyBot, randomBot } from './bots';
import { keyOf, type MctsNode, type SearchReport } from './mcts';
import { searchInSlices } from './search-slices';
import { taskYielder } from './yield-task';

export interface ThinkRequest {
  ruleset: string;
  state: unknown;
  /** `random`, `greedy` or `mcts:<ms>`. */
  bot: string;
  seed: string;
  /**
   * The game this state belongs to and every action played in it so far. With it the service keeps its tree
   * for the next decision of the same game; a history that does not extend the last one (another game, a
   * takeback) starts a fresh tree.
   */
  history?: { game: string; actions: readonly BaseAction[] };
}

/** The tree kept after a search: the game, the keys of the actions played before it, and its root. */
interface Kept {
  game: string;
  keys: string[];
  root: MctsNode;
}

/** The subtree of `kept` after the actions `history` adds to it, or null where it does not extend it. */
function descend(kept: Kept | null, history: ThinkRequest['history']): MctsNode | null {
  if (!kept || !history || history.game !== kept.game || history.actions.length < kept.keys.length)
    return null;
  for (let i = 0; i < kept.keys.length; i++) if (keyOf(history.actions[i]!) !== kept.keys[i]) return null;
  let node: MctsNode | null = kept.root;
  for (let i = kept.keys.length; node && i < history.actions.length; i++)
    node = node.children.get(keyOf(history.actions[i]!)) ?? null;
  return node;
}

/** An empty tree for a search to grow (the search keeps the root it is given). */
const emptyRoot = (side: Side): MctsNode => ({
  action: null,
  key: '',
  side,
  visits: 0,
  total: 0,
  children: new Map(),
  slots: [],
});

export interface ThinkProgress {
  done: number;
  iterations: number;
}

/**
 * How long the search runs between two looks at the message queue, in ms, and how long past a slice's end a
 * running iteration is cut (ai/search-slices.ts). A stop request waits at most the two (plus a garbage
 * collection that falls in them) and the report; `npm run bench:stop` measures the choices.
 */
export const SLICE_MS = 2;
export const CUT_MS = 3;

export function createAiService(now: () => number, options: { sliceMs?: number; cutMs?: number } = {}) {
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const cutMs = options.cutMs ?? CUT_MS;
  let stopRequested = false;
  // One tree per side: a tree grown by one side's search knows that side's secret orders, so the other side
  // (two AIs in one worker) must never search from it.
  const kept = new Map<Side, Kept>();
  return {
    async think(
      req: ThinkRequest,
      onProgress?: (p: ThinkProgress) => void,
    ): Promise<SearchReport & { cut?: number }> {
      const ruleset = rulesets[req.ruleset];
      if (!ruleset) throw new Error(`unknown ruleset ${req.ruleset}`);
      const state = req.state as Parameters<typeof ruleset.decision>[0];
      const decision = ruleset.decision(state);
      if (!decision) throw new Error('the game is over');
      stopRequested = false;
      const t0 = now();
      if (req.bot === 'random' || req.bot === 'greedy') {
        const bot = req.bot === 'random' ? randomBot(req.seed) : greedyBot(req.seed);
        const action = bot.choose(ruleset, state);
        return { action, alternatives: [], iterations: 0, ms: now() - t0, stopped: false };
      }
      // `beginner` is a short search with noise (ai/bots.ts LEVELS); the other levels are `mcts:<ms>`.
      const beginner = req.bot === 'beginner';
      const m = beginner ? ['', '100'] : /^mcts:(\d+)$/.exec(req.bot);
      if (!m) throw new Error(`unknown bot ${req.bot}`);
      const side = decision.side;
      const root = descend(kept.get(side) ?? null, req.history) ?? emptyRoot(side);
      if (req.history)
        kept.set(side, { game: req.history.game, keys: req.history.actions.map((a) => keyOf(a)), root });
      else kept.delete(side);
      const yielder = taskYielder();
      const report = await searchInSlices(ruleset, state, side, {
        seed: req.seed,
        reuse: root,
        budgetMs: Number(m[1]),
        now,
        sliceMs,
        cutMs,
        yieldFn: yielder.next,
        shouldStop: () => stopRequested,
        onProgress: (done, iterations) => onProgress?.({ done, iterations }),
      }).finally(yielder.close);
      if (beginner && report.alternatives.length > 1) {
        const noise = new Rng(seedRng(`noise:${req.seed}`));
        if (noise.next() < 0.35)
          return { ...report, action: report.alternatives[noise.int(report.alternatives.length)]!.action };
      }
      return report;
    },
    stop(): void {
      stopRequested = true;
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
