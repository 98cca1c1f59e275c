/**
 * `npm run analyse -- <game.json> --plies 113,117-119 [--iterations 2000] [--seed s] [--rollout-plies n] [--all-seeing]`:
 * replays a game record and, at each ply asked for, searches again from the position the side to play saw
 * (its observation: the other side's secret orders are sampled, as in play), with an iteration budget, so the
 * figures are the same on any machine and any load. It prints the options weighed (visits, value for the side
 * to play), the one the game played, and the game's own `ai` note at that ply (a tournament's `--records`
 * write them): how to read why a lost game was lost, and whether more search would have played otherwise.
 * `--all-seeing` searches as the `oracle:<ms>` bot does (the other side's secret orders in view), to set the
 * yardstick's choices beside the honest search's on the same positions. At a secret decision (epic's Ordres)
 * each option's share of the mixed strategy the move is drawn from is printed as `p`.
 * The last line is JSON. It changes nothing: the search and the rules are the ones that play.
 */
import type { BaseAction, BaseState } from '../../src/engine/contract';
import { replay } from '../../src/engine/record';
import { keyOf, search } from '../mcts';
import { commandArgs, die, parsePlyList } from './args';
import { type OpenedRecord, openRecordFile } from './open-record';
import { optionFigures } from './search-note';

const USAGE =
  'Usage: npm run analyse -- <game.json> --plies <list, e.g. 12,40-45> [--iterations n] [--seed s] [--rollout-plies n] [--all-seeing]';
const { flags, positional } = commandArgs(process.argv.slice(2), {
  usage: USAGE,
  options: ['plies', 'iterations', 'seed', 'rollout-plies'],
  switches: ['all-seeing'],
  positional: 1,
});
const allSeeing = flags['all-seeing'] === 'true';
const file = positional[0] ?? die(USAGE);

const whole = (name: string, fallback: number, min: number, max: number): number => {
  const v = flags[name];
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!/^\d+$/.test(v) || n < min || n > max)
    die(`--${name} takes a whole number from ${min} to ${max}, not "${v}".`);
  return n;
};
const iterations = whole('iterations', 2000, 1, 1_000_000);
const rolloutPlies = flags['rollout-plies'] === undefined ? undefined : whole('rollout-plies', 0, 0, 10_000);
const seed = flags.seed ?? 'analyse';

const opened = openRecordFile(file);
if (!opened.ok) die(opened.error);
const { record, ruleset, scenarioData, start } = (opened as { value: OpenedRecord }).value;
const checkedReplay = replay(ruleset, scenarioData, record);
if (!checkedReplay.ok)
  die(`${file} does not replay: ply ${checkedReplay.error.ply}, ${checkedReplay.error.message.en}`);
const last = record.actions.length;

if (flags.plies === undefined) die(`--plies is needed.\n${USAGE}`);
const parsedPlies = parsePlyList(flags.plies, last);
if (!parsedPlies.ok) die(`--plies: ${parsedPlies.error}`);
const plies = parsedPlies.value;

const short = (a: BaseAction) => {
  const j = JSON.stringify(a);
  return j.length > 120 ? `${j.slice(0, 119)}…` : j;
};

interface Analysed {
  ply: number;
  side: string;
  played: BaseAction;
  /** The played action's rank among the options this search weighed (1 = most visited); null if not weighed. */
  playedRank: number | null;
  playedValue: number | null;
  best: BaseAction;
  bestValue: number;
  /** At a secret decision: each option's share of the mixed strategy, most visited first. */
  shares?: number[];
  options: number;
  /** The game's own `ai` note at this ply, if it has one. */
  gameNote: string | null;
}

const out: Analysed[] = [];
let state: BaseState = start;
let next = 0;
for (let ply = 0; ply < last && next < plies.length; ply++) {
  const action = record.actions[ply] as BaseAction;
  if (ply === plies[next]) {
    next++;
    const d = ruleset.decision(state);
    if (!d) die(`ply ${ply}: nobody is to play there.`);
    const report = search(ruleset, state, d.side, {
      seed: `${seed}:${ply}`,
      maxIterations: iterations,
      allSeeing,
      ...(rolloutPlies === undefined ? {} : { rolloutPlies }),
    });
    const alts = report.alternatives;
    const rank = alts.findIndex((x) => keyOf(x.action) === keyOf(action));
    const note = record.annotations?.find((n) => n.ply === ply && n.kind === 'ai')?.text ?? null;
    const entry: Analysed = {
      ply,
      side: d.side,
      played: action,
      playedRank: rank < 0 ? null : rank + 1,
      playedValue: rank < 0 ? null : alts[rank]!.value,
      best: alts[0]!.action,
      bestValue: alts[0]!.value,
      options: alts.length,
      gameNote: note,
      ...(d.secret ? { shares: alts.map((x) => x.p ?? 0) } : {}),
    };
    out.push(entry);
    console.log(
      `ply ${ply} (${d.side} to play): ${report.iterations} iterations, ${alts.length} option${alts.length > 1 ? 's' : ''}`,
    );
    for (const [i, x] of alts.slice(0, 5).entries())
      console.log(`  ${i === rank ? '▶' : ' '} ${optionFigures(x)}: ${short(x.action)}`);
    if (rank >= 5) console.log(`  ▶ (#${rank + 1}) ${optionFigures(alts[rank]!)}: ${short(action)}`);
    if (rank < 0) console.log(`  ▶ not among the options weighed: ${short(action)}`);
    if (note) {
      const lines = note.split('\n');
      console.log(
        `  in the game: ${lines[0]}; played ${lines.find((l) => l.startsWith('▶')) ?? '(not shown)'}`,
      );
    }
  }
  const step = ruleset.apply(state, action);
  if (!step.ok) die(`ply ${ply}: ${step.error.message.en}`);
  state = step.value.state;
}
console.log(
  JSON.stringify({
    file,
    ruleset: record.ruleset,
    scenario: record.scenario,
    iterations,
    seed,
    ...(allSeeing ? { allSeeing } : {}),
    ...(rolloutPlies === undefined ? {} : { rolloutPlies }),
    plies: out,
  }),
);
