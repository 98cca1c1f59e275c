/**
 * How a search spreads its visits (`npm run spread`): on the positions of one scripted game, each search — the
 * plain one and the named variants — at each iteration budget, with the share of the visits its most visited
 * option got, how deep its tree went, and whether a larger budget plays otherwise than the smallest. Where a
 * search plays the same at 800 iterations as at 3,000, a longer search cannot win more games than a short one.
 * Iteration budgets only: the same figures on any machine and any load.
 */
import type { AnyRuleset, BaseAction, BaseState, Side } from '../../src/engine/contract';
import { findScenario } from '../../src/rulesets/registry';
import { scriptedBot } from '../bots';
import { type MctsNode, runSearch, Search } from '../mcts';
import { median } from './median';
import { VARIANTS } from './variants';

/** One search of one position. */
export interface Spread {
  /** The most visited option's share of the iterations (0–1). */
  top: number;
  /** The deepest node below the root (the root's children are depth 1). */
  depth: number;
  /** Nodes at depth 2 or more with at least 10 visits: how much of the tree the search looked into. */
  deep: number;
  action: BaseAction;
}

/** The deepest node below `n`, and the nodes at depth ≥ 2 with ≥ 10 visits. */
export function treeShape(n: MctsNode, d = 0): { depth: number; deep: number } {
  let depth = d;
  let deep = d >= 2 && n.visits >= 10 ? 1 : 0;
  for (const c of n.children.values()) {
    const sub = treeShape(c, d + 1);
    depth = Math.max(depth, sub.depth);
    deep += sub.deep;
  }
  return { depth, deep };
}

/** A search of `state` for `side` on `ruleset` with `iterations`, seeded by `seed`. */
export function spreadAt(
  ruleset: AnyRuleset,
  state: BaseState,
  side: Side,
  iterations: number,
  seed: string,
): Spread {
  const s = new Search(ruleset, state, side, { seed, maxIterations: iterations });
  const report = runSearch(s, { maxIterations: iterations });
  const top = report.alternatives[0];
  return { top: top ? top.visits / report.iterations : 1, ...treeShape(s.root), action: report.action };
}

/** `plain` (the ruleset as it plays) or a variant's name: the ruleset the search runs on. */
export function searchedRuleset(base: AnyRuleset, name: string): AnyRuleset {
  if (name === 'plain') return base;
  const v = VARIANTS[name];
  if (!v) throw new Error(`unknown variant "${name}" (${['plain', ...Object.keys(VARIANTS)].join(', ')})`);
  return v.wrap(base);
}

/** The positions a scripted game of `scenarioId` with `seed` passes, every `every` plies, with more than 2 options. */
export function scriptedPositions(
  ruleset: AnyRuleset,
  scenarioId: string,
  seed: string,
  every: number,
): { ply: number; state: BaseState; side: Side }[] {
  const entry = findScenario(ruleset.id, scenarioId);
  if (!entry) throw new Error(`no scenario "${scenarioId}" for ${ruleset.id}`);
  const sc = ruleset.parseScenario(entry.data);
  if (!sc.ok) throw new Error(sc.error.message.en);
  const init = ruleset.setup(sc.value, seed);
  if (!init.ok) throw new Error(init.error.message.en);
  let state: BaseState = init.value;
  const script = scriptedBot(seed);
  const out: { ply: number; state: BaseState; side: Side }[] = [];
  for (let ply = 0, d = ruleset.decision(state); d; ply++, d = ruleset.decision(state)) {
    if (ply % every === Math.floor(every / 2) && ruleset.candidates(state).length > 2)
      out.push({ ply, state, side: d.side });
    const step = ruleset.apply(state, script.choose(ruleset, state));
    if (!step.ok) throw new Error(step.error.message.en);
    state = step.value.state;
  }
  return out;
}

export interface SpreadSummary {
  search: string;
  iterations: number;
  positions: number;
  /** Medians over the positions. */
  top: number;
  depth: number;
  deep: number;
  /** Positions where this budget plays otherwise than the smallest budget of the same search. */
  differs: number;
}

/** Every search at every budget (ascending) on every position: the per-position figures and their summary. */
export function spreadTable(
  base: AnyRuleset,
  positions: readonly { ply: number; state: BaseState; side: Side }[],
  searches: readonly string[],
  budgets: readonly number[],
  seed: string,
): { rows: { ply: number; search: string; iterations: number; spread: Spread }[]; summary: SpreadSummary[] } {
  const sorted = [...budgets].sort((a, b) => a - b);
  const rows: { ply: number; search: string; iterations: number; spread: Spread }[] = [];
  const summary: SpreadSummary[] = [];
  for (const name of searches) {
    const r = searchedRuleset(base, name);
    const firstPick = new Map<number, string>();
    for (const iterations of sorted) {
      const mine: Spread[] = [];
      let differs = 0;
      for (const p of positions) {
        const spread = spreadAt(r, p.state, p.side, iterations, `${seed}:${p.ply}`);
        rows.push({ ply: p.ply, search: name, iterations, spread });
        mine.push(spread);
        const key = JSON.stringify(spread.action);
        if (!firstPick.has(p.ply)) firstPick.set(p.ply, key);
        else if (firstPick.get(p.ply) !== key) differs++;
      }
      summary.push({
        search: name,
        iterations,
        positions: mine.length,
        top: median(mine.map((m) => m.top)),
        depth: median(mine.map((m) => m.depth)),
        deep: median(mine.map((m) => m.deep)),
        differs,
      });
    }
  }
  return { rows, summary };
}
