/**
 * `node scripts/run.mjs bench/paired-dice.ts [--ruleset company] [--samples 200]`: how much the `paired` variant
 * (ai/cli/variants/paired.ts, common random numbers) narrows the difference between two root options' values.
 * On each of the bench's positions (bench/same.ts) with two options or more, the script's option A and each other
 * option B are valued `samples` times the way an iteration values them (a sampled state, the option, the
 * search's rollout: the script for the ruleset's `rolloutPlies` or 12 plies, stopping after the round after the
 * root's where the ruleset names rounds; then `evaluate`), once with independent dice and once paired. It prints,
 * per position, the median over B of the standard deviation of v(A) − v(B) both ways and their ratio: a ratio of
 * 0.5 means a quarter of the iterations tell A from B as well. Deterministic (seeded); nothing is asserted.
 */
import { commandArgs, die } from '../ai/cli/args';
import { median } from '../ai/cli/median';
import { pairedDice } from '../ai/cli/variants';
import { keyOf } from '../ai/mcts';
import type { AnyRuleset, BaseAction, BaseState, Side } from '../src/engine/contract';
import { Rng, seedRng } from '../src/engine/rng';
import { rulesets, scenarios } from '../src/rulesets/registry';
import { benchPositions } from './same';

const usage = 'Usage: node scripts/run.mjs bench/paired-dice.ts [--ruleset company] [--samples 200]';
const { flags } = commandArgs(process.argv.slice(2), { usage, options: ['ruleset', 'samples'] });
const id = flags.ruleset ?? 'company';
const ruleset = rulesets[id];
if (!ruleset) die(`--ruleset: one of ${Object.keys(rulesets).join(', ')}.\n${usage}`);
const samples = Number(flags.samples ?? 200);
if (!Number.isInteger(samples) || samples < 2) die(`--samples: a whole number ≥ 2.\n${usage}`);
const sc = scenarios[id]![0]!;

/** One iteration's value of `option` for `side`, on a state `r` samples from `observation` (see the header). */
function value(r: AnyRuleset, observation: BaseState, side: Side, option: BaseAction, rng: Rng): number {
  const s = r.determinize(observation, side, rng);
  const apply = (a: BaseAction): boolean => {
    if (!r.applyTrusted) return r.applyInPlace(s, a) !== null;
    r.applyTrusted(s, a);
    return false;
  };
  apply(option);
  const last = (r.rolloutRound?.(observation) ?? 0) + 1;
  for (let k = 0; k < (r.rolloutPlies ?? 12) && r.decision(s); k++) {
    if (r.rolloutRound && r.rolloutRound(s) > last) break;
    if (apply(r.script!(s, rng))) break;
  }
  return r.evaluate(s, side);
}

function sd(xs: number[]): number {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

console.log(`command: node scripts/run.mjs bench/paired-dice.ts --ruleset ${id} --samples ${samples}`);
const ratios: number[] = [];
for (const [i, position] of benchPositions(ruleset, sc.id, sc.data).entries()) {
  const decision = ruleset.decision(position);
  const options = ruleset.candidates(position);
  if (!decision || options.length < 2 || decision.secret) continue;
  const side = decision.side;
  const observation = ruleset.observe(position, side);
  const a = ruleset.script!(position, new Rng(seedRng(`script:${i}`)), options);
  const spreads: { plain: number[]; paired: number[] } = { plain: [], paired: [] };
  for (const [j, b] of options.entries()) {
    if (keyOf(b) === keyOf(a)) continue; // the script may hand back a copy of the candidate (epic's does)
    for (const way of ['plain', 'paired'] as const) {
      const r = way === 'paired' ? pairedDice(ruleset) : ruleset;
      const rng = new Rng(seedRng(`paired-dice:${i}:${j}`));
      const diffs: number[] = [];
      for (let n = 0; n < samples; n++)
        diffs.push(value(r, observation, side, a, rng) - value(r, observation, side, b, rng));
      spreads[way].push(sd(diffs));
    }
  }
  const plain = median(spreads.plain);
  const paired = median(spreads.paired);
  const at = `position ${i} (ply ${(position as BaseState & { ply?: number }).ply ?? '?'}), ${options.length} options`;
  if (plain === 0) {
    console.log(`${at}: v(A) − v(B) does not vary with independent dice (median over B); no ratio`);
    continue;
  }
  ratios.push(paired / plain);
  console.log(
    `${at}: sd of v(A) − v(B), median over B: independent ${plain.toFixed(3)}, paired ${paired.toFixed(3)}, ratio ${(paired / plain).toFixed(2)}`,
  );
}
console.log(`${id}: median ratio ${median(ratios).toFixed(2)} over ${ratios.length} positions`);
console.log(JSON.stringify({ ruleset: id, samples, positions: ratios.length, medianRatio: median(ratios) }));
