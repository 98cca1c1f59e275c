/**
 * Headless bots: `random` (uniform over the ruleset's candidates) and `greedy` (one ply: the candidate
 * whose result the ruleset's yardstick, else its evaluation, likes best, averaged over a few dice draws).
 * Bots draw from their own RNG and re-seed the copies they look ahead on, so they never read the game's
 * future dice.
 */
import type { AnyRuleset, BaseAction, BaseState, Side } from '../src/engine/contract';
import { Rng, seedRng } from '../src/engine/rng';
import { keyOf, type MctsNode, runSearch, Search, type SearchReport } from './mcts';

export interface Bot {
  name: string;
  choose(ruleset: AnyRuleset, state: BaseState): BaseAction;
  /** Told every action played (its own and the opponent's), so a searcher can keep its tree. */
  notify?(action: BaseAction): void;
}

export const BOT_NAMES = [
  'random',
  'greedy',
  'scripted',
  'mcts:<ms>',
  'mcts-it:<iterations>',
  'oracle:<ms>',
] as const;
/**
 * `random`, `greedy`, `scripted`, `mcts:<ms>` (a time budget), `mcts-it:<n>` (an iteration budget:
 * deterministic) or `oracle:<ms>` (the same search seeing the other side's secret orders: a yardstick for
 * tournaments, never offered to players).
 */
export type BotName = string;

const MCTS = /^mcts(-it)?:(\d+)$/;
const ORACLE = /^oracle:(\d+)$/;

export function isBotName(name: string): name is BotName {
  return ['random', 'greedy', 'scripted', 'beginner'].includes(name) || MCTS.test(name) || ORACLE.test(name);
}

/**
 * The MCTS bot: it decides from `observe(state, side)` only, keeps its tree between decisions (descending
 * it by every action it is told of), and with `noise` > 0 sometimes plays another option it weighed (the
 * beginner level).
 */
export function mctsBot(
  seed: string,
  budget: { ms?: number; iterations?: number; noise?: number; allSeeing?: boolean },
  now?: () => number,
): Bot & { last?: SearchReport } {
  let turn = 0;
  let tree: MctsNode | null = null;
  const noise = new Rng(seedRng(`noise:${seed}`));
  const bot: Bot & { last?: SearchReport } = {
    name: budget.allSeeing
      ? `oracle:${budget.ms}`
      : budget.ms !== undefined
        ? `mcts:${budget.ms}`
        : `mcts-it:${budget.iterations}`,
    choose(ruleset, state) {
      const d = ruleset.decision(state);
      if (!d) throw new Error('no decision');
      const s = new Search(ruleset, state, d.side, {
        seed: `${seed}:${turn++}`,
        reuse: tree,
        allSeeing: budget.allSeeing === true,
      });
      const report = runSearch(s, {
        ...(budget.ms !== undefined ? { budgetMs: budget.ms, now: now ?? (() => performance.now()) } : {}),
        ...(budget.iterations !== undefined ? { maxIterations: budget.iterations } : {}),
      });
      tree = s.root;
      bot.last = report;
      const alts = report.alternatives;
      if (budget.noise && alts.length > 1 && noise.next() < budget.noise)
        return alts[noise.int(alts.length)]!.action;
      return report.action;
    },
    notify(action) {
      tree = tree?.children.get(keyOf(action)) ?? null;
    },
  };
  return bot;
}

/** The ruleset's scripted behaviour (`script`), or random where a ruleset has none. */
export function scriptedBot(seed: string): Bot {
  const rng = new Rng(seedRng(`scripted:${seed}`));
  const fallback = randomBot(seed);
  return {
    name: 'scripted',
    choose(ruleset, state) {
      return ruleset.script ? ruleset.script(state, rng) : fallback.choose(ruleset, state);
    },
  };
}

export function randomBot(seed: string): Bot {
  const rng = new Rng(seedRng(`random:${seed}`));
  return {
    name: 'random',
    choose(ruleset, state) {
      const options = ruleset.candidates(state);
      if (options.length === 0) throw new Error(`no candidate action at ply ${state.ply}`);
      return options[rng.int(options.length)]!;
    },
  };
}

/** One-ply greedy: each candidate is tried `samples` times on a copy whose dice the bot re-seeds. */
export function greedyBot(seed: string, samples = 2): Bot {
  const rng = new Rng(seedRng(`greedy:${seed}`));
  return {
    name: 'greedy',
    choose(ruleset, state) {
      const decision = ruleset.decision(state);
      const options = ruleset.candidates(state);
      if (!decision || options.length === 0) throw new Error(`no candidate action at ply ${state.ply}`);
      if (options.length === 1) return options[0]!;
      const side: Side = decision.side;
      // The frozen yardstick when the ruleset has one: tuning `evaluate` must not move the opponent.
      const judge = ruleset.yardstick ?? ruleset.evaluate;
      let best = options[0]!;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const action of options) {
        let total = 0;
        for (let k = 0; k < samples; k++) {
          const copy = ruleset.clone(state);
          copy.rng = seedRng(`${rng.next()}`);
          const error = ruleset.applyInPlace(copy, action);
          total += error ? -2 : judge(copy, side);
        }
        // A tiny random tie-break keeps greedy from always picking the first of equal options.
        const value = total / samples + rng.next() * 1e-6;
        if (value > bestValue) {
          bestValue = value;
          best = action;
        }
      }
      return best;
    },
  };
}

/** The levels offered to players, weakest first. */
export const LEVELS = [
  { id: 'beginner', name: { en: 'Beginner', fr: 'Débutant' }, bot: 'beginner' },
  { id: 'easy', name: { en: 'Easy', fr: 'Facile' }, bot: 'mcts:250' },
  { id: 'medium', name: { en: 'Medium', fr: 'Moyen' }, bot: 'mcts:1000' },
  { id: 'strong', name: { en: 'Strong', fr: 'Fort' }, bot: 'mcts:4000' },
] as const;

export function makeBot(name: BotName, seed: string): Bot {
  if (name === 'beginner') return mctsBot(seed, { ms: 100, noise: 0.35 });
  if (name === 'random') return randomBot(seed);
  if (name === 'greedy') return greedyBot(seed);
  if (name === 'scripted') return scriptedBot(seed);
  const o = ORACLE.exec(name);
  if (o) return mctsBot(seed, { ms: Number(o[1]), allSeeing: true });
  const m = MCTS.exec(name);
  if (!m) throw new Error(`unknown bot "${name}"`);
  const n = Number(m[2]);
  return m[1] ? mctsBot(seed, { iterations: n }) : mctsBot(seed, { ms: n });
}
