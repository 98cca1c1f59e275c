/**
 * `node scripts/run.mjs bench/epic-belief.ts <games> <iterations> <game-iterations> [greedy|scripted]`:
 * does the belief that learns from the orders seen (`determinizeEpic`) make the honest search decide more like
 * the all-seeing one than the belief that ignores them (`epicBelief(Infinity)`)? (docs/rulesets/epic.md,
 * "The AI's belief".)
 *
 * Positions: games on plaine-de-grik, `mcts-it:<game-iterations>` as red against greedy (or scripted) as
 * blue (seeds `77:<g>`); kept are red's decisions (not secret, two options or more) while a blue counter is
 * face down and blue has shown at least one (before, the two beliefs draw the same). At most 20 a game, evenly
 * spread.
 * At each, the all-seeing search (`allSeeing`, 4 × `<iterations>`) values every option; each belief's honest
 * search (`<iterations>`, the same seed) picks one. Its regret is the all-seeing value of the best option minus
 * that of its pick (−1 for an option the all-seeing search never tried). Prints, after each game, a JSON line:
 * positions, how often each pick is the all-seeing one, the mean regrets and the paired gain with its
 * standard error. Iteration budgets: the figures do not depend on the machine's load.
 */
import { greedyBot, mctsBot, scriptedBot } from '../ai/bots';
import { playMatch } from '../ai/match';
import { keyOf, runSearch, Search } from '../ai/mcts';
import type { AnyRuleset, BaseState } from '../src/engine/contract';
import { epicBelief, epicRuleset } from '../src/rulesets/epic/index';
import type { EpicState } from '../src/rulesets/epic/types';
import { scenarios } from '../src/rulesets/registry';

const [games, iterations, gameIterations] = process.argv.slice(2, 5).map(Number);
const opponent = process.argv[5] ?? 'greedy';
const opponents = { greedy: greedyBot, scripted: scriptedBot } as const;
if (!(games! > 0 && iterations! > 0 && gameIterations! > 0) || !(opponent in opponents)) {
  console.error(
    'usage: node scripts/run.mjs bench/epic-belief.ts <games> <iterations> <game-iterations> [greedy|scripted]',
  );
  process.exit(2);
}
const scenario = scenarios.epic!.find((s) => s.id === 'plaine-de-grik')!;
const learning = epicRuleset as unknown as AnyRuleset;
const fixed = { ...epicRuleset, determinize: epicBelief(Number.POSITIVE_INFINITY) } as unknown as AnyRuleset;

const pick = (ruleset: AnyRuleset, state: BaseState, seed: string) =>
  keyOf(runSearch(new Search(ruleset, state, 'red', { seed }), { maxIterations: iterations! }).action);

const blueHidden = (s: EpicState) =>
  Object.values(s.sides.blue.ordersSeen).some((k) => k > 0) &&
  s.dets.some((d) => d.side === 'blue' && !d.revealed && d.order !== null);

let n = 0;
let agreeFixed = 0;
let agreeLearning = 0;
let sumFixed = 0;
let sumLearning = 0;
let gain = 0;
let gain2 = 0;
for (let g = 0; g < games!; g++) {
  const positions: BaseState[] = [];
  playMatch(
    learning,
    scenario.id,
    scenario.data,
    `77:${g}`,
    {
      red: mctsBot(`77:${g}:A`, { iterations: gameIterations! }),
      blue: opponents[opponent as keyof typeof opponents](`77:${g}:B`),
    },
    {
      onPly: (state) => {
        const d = learning.decision(state);
        if (d?.side !== 'red' || d.secret || learning.candidates(state).length < 2) return;
        if (blueHidden(state as EpicState)) positions.push(learning.clone(state));
      },
    },
  );
  const every = Math.max(1, Math.ceil(positions.length / 20));
  for (const [i, state] of positions.entries()) {
    if (i % every !== 0) continue;
    const seed = `x:${g}:${i}`;
    const all = runSearch(new Search(learning, state, 'red', { seed: `${seed}:o`, allSeeing: true }), {
      maxIterations: 4 * iterations!,
    });
    const value = new Map(all.alternatives.map((a) => [keyOf(a.action), a.value]));
    const best = Math.max(...all.alternatives.map((a) => a.value));
    const bestKey = keyOf(all.action);
    const f = pick(fixed, state, `${seed}:h`);
    const l = pick(learning, state, `${seed}:h`);
    const rf = best - (value.get(f) ?? -1);
    const rl = best - (value.get(l) ?? -1);
    n++;
    agreeFixed += +(f === bestKey);
    agreeLearning += +(l === bestKey);
    sumFixed += rf;
    sumLearning += rl;
    gain += rf - rl;
    gain2 += (rf - rl) ** 2;
  }
  const r = (x: number) => Math.round(x * 1000) / 1000;
  console.log(
    JSON.stringify({
      games: g + 1,
      positions: n,
      agreeFixed: r(agreeFixed / n),
      agreeLearning: r(agreeLearning / n),
      regretFixed: r(sumFixed / n),
      regretLearning: r(sumLearning / n),
      gain: r(gain / n),
      se: r(Math.sqrt((gain2 / n - (gain / n) ** 2) / n)),
    }),
  );
}
