/**
 * The AI service: the same code behind the Web Worker (ai/worker.ts, through comlink) and headless callers.
 * `think` runs the chosen bot on the given state and answers with its action and the alternatives it
 * weighed; `stop` makes a running search answer at the end of its current slice (≤ ~10 ms).
 */
import { Rng, seedRng } from '../src/engine/rng';
import { rulesets } from '../src/rulesets/registry';
import { greedyBot, randomBot } from './bots';
import { type SearchReport, searchAsync } from './mcts';

export interface ThinkRequest {
  ruleset: string;
  state: unknown;
  /** `random`, `greedy` or `mcts:<ms>`. */
  bot: string;
  seed: string;
}

export interface ThinkProgress {
  done: number;
  iterations: number;
}

export function createAiService(now: () => number) {
  let stopRequested = false;
  return {
    async think(req: ThinkRequest, onProgress?: (p: ThinkProgress) => void): Promise<SearchReport> {
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
      const report = await searchAsync(ruleset, state, decision.side, {
        seed: req.seed,
        budgetMs: Number(m[1]),
        now,
        sliceMs: 8,
        yieldFn: () => new Promise((resolve) => setTimeout(resolve, 0)),
        shouldStop: () => stopRequested,
        onProgress: (done, iterations) => onProgress?.({ done, iterations }),
      });
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
