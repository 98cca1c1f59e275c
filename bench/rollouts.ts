/**
 * `npm run bench:rollouts [-- --plies default,20,4,0 --rounds 3 --rulesets epic]`: MCTS iterations per second
 * for several rollout lengths (ai/mcts.ts `rolloutPlies`; `default` is the ruleset's own, played to the end of the
 * next round where the ruleset names rounds), side by side in one run. Issue #5's speed goal is ≥ 25,000
 * iterations/s: this shows how much of an iteration the rollout is, and what the tree's own steps (the ruleset's
 * candidates and their checks, apply on a copy, the evaluation) leave when there is none (`0`). Each round
 * searches each of the bench's first 10 positions (bench/same.ts) for 200 ms per length, the lengths taking
 * turns; medians over the rounds. Nothing is asserted: figures for the notes. Run it on an idle machine.
 */

import { commandArgs } from '../ai/cli/args';
import { median } from '../ai/cli/median';
import { search } from '../ai/mcts';
import { rulesets, scenarios } from '../src/rulesets/registry';
import { benchPositions } from './same';

const { flags } = commandArgs(process.argv.slice(2), {
  usage: 'Usage: npm run bench:rollouts [-- --plies default,20,4,0 --rounds 3 --rulesets epic,company]',
  options: ['plies', 'rounds', 'rulesets'],
});
const lengths = (flags.plies ?? 'default,20,4,0').split(',');
if (lengths.some((p) => p !== 'default' && !/^\d+$/.test(p)))
  throw new Error('--plies: comma-separated rollout lengths, each a whole number of plies or "default"');
const rounds = Number(flags.rounds ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: a whole number ≥ 1');
const only = flags.rulesets?.split(',');

console.log(
  `command: npm run bench:rollouts -- --plies ${lengths.join(',')} --rounds ${rounds}${only ? ` --rulesets ${only.join(',')}` : ''}`,
);
for (const [id, ruleset] of Object.entries(rulesets)) {
  if (only && !only.includes(id)) continue;
  const sc = scenarios[id]?.[0];
  if (!sc) continue;
  const positions = benchPositions(ruleset, sc.id, sc.data).slice(0, 10);
  const rates = new Map<string, number[]>(lengths.map((p) => [p, []]));
  for (
    let r = -1;
    r < rounds;
    r++ // round −1 warms the code up and is not counted
  )
    for (const p of lengths) {
      let iterations = 0;
      const t0 = performance.now();
      for (const st of positions) {
        const root = structuredClone(st);
        iterations += search(ruleset, root, ruleset.decision(root)!.side, {
          seed: 'bench',
          budgetMs: 200,
          now: () => performance.now(),
          ...(p === 'default' ? {} : { rolloutPlies: Number(p) }),
        }).iterations;
      }
      if (r >= 0) rates.get(p)!.push((iterations * 1000) / (performance.now() - t0));
    }
  const base = median(rates.get(lengths[0]!)!);
  for (const p of lengths) {
    const m = median(rates.get(p)!);
    console.log(
      `${id} (${sc.id}) rollout ${p === 'default' ? `default (${ruleset.rolloutPlies ?? 12} plies at most)` : `${p} plies`}: ` +
        `${Math.round(m)} iterations/s (median of ${rounds}), ×${(m / base).toFixed(2)} against ${lengths[0]}`,
    );
  }
}
