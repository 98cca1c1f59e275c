/**
 * `node scripts/run.mjs bench/epic-secret-orders.ts <game.json> <plies, e.g. 5-9> [iterations=2000] [seeds=a,b,c]`:
 * how firmly does the search choose a secret decision (epic's Ordres), and is the choice it locks onto really
 * better? (docs/rulesets/epic.md, "Secret Ordres: what the search locks onto".)
 *
 * At each ply asked for (a secret decision of the game record), from the position the side to play saw, fresh
 * searches (no kept tree) with each seed, two ways:
 * - `regret`: the search as it plays (ai/mcts.ts: regret matching, the move drawn from the average strategy);
 * - `ucb`: an experiment, not play code: the same search where each secret decision (ours and the other side's)
 *   is chosen by UCB1 over its options' own statistics instead (decoupled UCT), the move drawn in proportion to
 *   visits. It replaces the search's `regretMatch` on the instance; ai/mcts.ts is not changed.
 * Prints each search's options (visits, value in %, weight p) and, per ply and way, the options drawn by the
 * seeds and the spread of the options' values; the last line is JSON. Iteration budgets: the figures do not
 * depend on the machine's load.
 */
import { parsePlyList } from '../ai/cli/args';
import { type OpenedRecord, openRecordFile } from '../ai/cli/open-record';
import { keyOf, runSearch, Search, type SearchReport } from '../ai/mcts';
import type { BaseAction, BaseState } from '../src/engine/contract';
import { decoupled } from './decoupled';

const usage =
  'usage: node scripts/run.mjs bench/epic-secret-orders.ts <game.json> <plies, e.g. 5-9 or 5,7> [iterations=2000] [seeds=a,b,c]';
const [file, pliesArg, itArg, seedsArg] = process.argv.slice(2);
const fail = (why: string): never => {
  console.error(`${why}\n${usage}`);
  process.exit(2);
};
if (!file || !pliesArg) fail('A game file and plies are needed.');
const iterations = Number(itArg ?? 2000);
if (!Number.isInteger(iterations) || iterations < 1) fail(`iterations: a whole number ≥ 1, not "${itArg}".`);
const seeds = (seedsArg ?? 'a,b,c').split(',').filter(Boolean);
const opened = openRecordFile(file!);
if (!opened.ok) fail(opened.error);
const { record, ruleset, start } = (opened as { value: OpenedRecord }).value;
const parsedPlies = parsePlyList(pliesArg!, record.actions.length);
if (!parsedPlies.ok) fail(`plies: ${parsedPlies.error}`);
const plies = new Set((parsedPlies as { value: number[] }).value);
let state = start;

type Way = 'regret' | 'ucb';
const label = (a: BaseAction) => {
  const o = a as BaseAction & { det?: string; order?: string };
  return o.order ?? keyOf(a);
};
const pct = (v: number) => (((v + 1) / 2) * 100).toFixed(1);
interface Row {
  ply: number;
  side: string;
  way: Way;
  drawn: string[];
  /** The option with the most visits, per seed. */
  top: string[];
  /** Per seed: the top option's visits share, and the spread (max − min) of the options' values, in points. */
  topShare: number[];
  spread: number[];
}
const rows: Row[] = [];
for (let ply = 0; ply < record.actions.length && ply <= Math.max(...plies); ply++) {
  if (plies.has(ply)) {
    const d = ruleset.decision(state);
    if (!d?.secret) fail(`ply ${ply} is not a secret decision.`);
    for (const way of ['regret', 'ucb'] as const) {
      const row: Row = { ply, side: d!.side, way, drawn: [], top: [], topShare: [], spread: [] };
      for (const seed of seeds) {
        const s = new Search(ruleset, state, d!.side, { seed: `${seed}:${ply}` });
        if (way === 'ucb') decoupled(s);
        const r: SearchReport = runSearch(s, { maxIterations: iterations });
        const alts = r.alternatives;
        const values = alts.map((a) => a.value);
        row.drawn.push(label(r.action));
        row.top.push(label(alts[0]!.action));
        row.topShare.push(alts[0]!.visits / alts.reduce((x, a) => x + a.visits, 0));
        row.spread.push(((Math.max(...values) - Math.min(...values)) / 2) * 100);
        const shown = alts.map(
          (a) => `${label(a.action)} ${a.visits} ${pct(a.value)} % p ${(a.p ?? 0).toFixed(2)}`,
        );
        console.log(
          `ply ${ply} ${d!.side} ${way} seed ${seed}: drew ${label(r.action)} | ${shown.join(' | ')}`,
        );
      }
      rows.push(row);
      const share = row.topShare.reduce((x, y) => x + y, 0) / row.topShare.length;
      const spread = row.spread.reduce((x, y) => x + y, 0) / row.spread.length;
      console.log(
        `  ply ${ply} ${way}: drawn ${row.drawn.join(', ')}; most visited ${row.top.join(', ')}; ` +
          `top share ${(share * 100).toFixed(0)} %; value spread ${spread.toFixed(1)} points`,
      );
    }
  }
  const step = ruleset.apply(state, record.actions[ply] as BaseAction);
  if (!step.ok) fail(`${file} does not replay at ply ${ply}: ${step.error.message.en}`);
  state = (step as { value: { state: BaseState } }).value.state;
}
console.log(JSON.stringify({ file, iterations, seeds, rows }));
