/**
 * What `npm run bench` searches, and a digest of what the search decides there: the tool that tells a speed-only
 * change of the play code (same decisions, less time) from a change of play (bench/compare.ts).
 */
import { createHash } from 'node:crypto';
import { scriptedBot } from '../ai/bots';
import { median } from '../ai/cli/median';
import { playMatch } from '../ai/match';
import { search } from '../ai/mcts';
import type { AnyRuleset, BaseState } from '../src/engine/contract';

/** The bench's search positions: every tenth ply (from the fifth) of a scripted game where a side decides. */
export function benchPositions(ruleset: AnyRuleset, scenarioId: string, scenarioData: unknown): BaseState[] {
  const positions: BaseState[] = [];
  playMatch(
    ruleset,
    scenarioId,
    scenarioData,
    'mcts-bench',
    { [ruleset.sides[0]!]: scriptedBot('a'), [ruleset.sides[1]!]: scriptedBot('b') },
    {
      onPly: (st) => {
        if (st.ply % 10 === 5 && ruleset.decision(st)) positions.push(st);
      },
    },
  );
  return positions;
}

export interface SearchRound {
  /** Iterations searched in the round, all positions together. */
  iterations: number;
  ms: number;
  /**
   * sha256 (16 hex digits) of every search's report: each root option's action, visits and mean value, in
   * order. The same code and seed give the same digest; a change of the search's choices or statistics changes it.
   */
  digest: string;
}

/**
 * One round: searches a fresh copy of each position (a ruleset may remember answers on its state, as company's
 * order memo does) with an iteration budget and the seed `bench`, timed with `now`.
 */
export function searchRound(
  ruleset: AnyRuleset,
  positions: BaseState[],
  iterations: number,
  now: () => number = () => performance.now(),
): SearchRound {
  const roots = positions.map((p) => structuredClone(p));
  const h = createHash('sha256');
  let total = 0;
  const t0 = now();
  for (const st of roots) {
    const report = search(ruleset, st, ruleset.decision(st)!.side, {
      seed: 'bench',
      maxIterations: iterations,
    });
    total += report.iterations;
    h.update(JSON.stringify(report.alternatives.map((a) => [a.action, a.visits, a.value])));
    h.update('\0');
  }
  const ms = now() - t0;
  return { iterations: total, ms, digest: h.digest('hex').slice(0, 16) };
}

/** One process's figures for one ruleset and scenario (a line of bench/searches.ts). */
export interface SearchRow {
  ruleset: string;
  scenario: string;
  positions: number;
  /** The iteration budget of each search. */
  budget: number;
  digest: string;
  /** Iterations per second of each timed round. */
  rates: number[];
}

export interface Comparison {
  ruleset: string;
  scenario: string;
  /** Both versions searched the same positions and decided the same, with the same statistics. */
  same: boolean;
  base: { digest: string; 'median it/s': number; rounds: number };
  head: { digest: string; 'median it/s': number; rounds: number };
  /** head's median over base's: above 1, head is faster. */
  ratio: number;
}

/**
 * Pairs the rows of two versions (several processes each) by ruleset and scenario. A version whose processes
 * disagree on a digest is not deterministic: that is an error, not a difference. A ruleset or scenario that only
 * one version has is reported with `same: false` and its rate missing as 0.
 */
export function compareRows(base: SearchRow[], head: SearchRow[]): Comparison[] {
  const group = (rows: SearchRow[], which: string) => {
    const out = new Map<string, SearchRow>();
    for (const r of rows) {
      const key = `${r.ruleset}/${r.scenario}`;
      const seen = out.get(key);
      if (!seen) out.set(key, { ...r, rates: [...r.rates] });
      else {
        if (seen.digest !== r.digest || seen.positions !== r.positions || seen.budget !== r.budget)
          throw new Error(`${which}: two runs of ${key} searched differently (${seen.digest}, ${r.digest})`);
        seen.rates.push(...r.rates);
      }
    }
    return out;
  };
  const b = group(base, 'base');
  const h = group(head, 'head');
  const keys = [...new Set([...b.keys(), ...h.keys()])];
  return keys.map((key) => {
    const x = b.get(key);
    const y = h.get(key);
    const side = (r: SearchRow | undefined) => ({
      digest: r?.digest ?? '-',
      'median it/s': r?.rates.length ? Math.round(median(r.rates)) : 0,
      rounds: r?.rates.length ?? 0,
    });
    const bs = side(x);
    const hs = side(y);
    const [ruleset, scenario] = key.split('/') as [string, string];
    return {
      ruleset,
      scenario,
      same: !!x && !!y && x.digest === y.digest && x.positions === y.positions && x.budget === y.budget,
      base: bs,
      head: hs,
      ratio: bs['median it/s'] > 0 ? Number((hs['median it/s'] / bs['median it/s']).toFixed(3)) : 0,
    };
  });
}
