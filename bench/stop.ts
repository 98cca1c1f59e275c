/**
 * `npm run bench:stop [-- --slices 8,2+3 --rounds 3]`: how long a stop request waits, for several slice
 * lengths of the AI service (ai/engine-api.ts `SLICE_MS`, `CUT_MS`), measured side by side in one run. A
 * choice is `S` (slices of S ms, a running iteration cut at the slice's end) or `S+M` (cut M ms after it).
 * Issue #5: the search "can be stopped at any moment and answers within 20 ms". The service reads a stop only
 * between two slices, so the worst wait is the longest gap between two slices (the slice, the iteration that
 * overruns it, a garbage collection that falls in it, the yield) plus the time from stop() to the answer (the
 * report). Shorter slices cut the first and cost yields; a cut at the slice's end leaves more rollouts cut
 * short (weaker iterations, and more of them per second): all three are printed.
 * Each round searches each of the bench's first 10 positions (bench/same.ts) once per slice length, the lengths
 * taking turns, and asks for the stop 100 to 280 ms in. Nothing is asserted: figures for the notes.
 */

import { commandArgs } from '../ai/cli/args';
import { median } from '../ai/cli/median';
import { createAiService } from '../ai/engine-api';
import { rulesets, scenarios } from '../src/rulesets/registry';
import { benchPositions } from './same';

const { flags } = commandArgs(process.argv.slice(2), {
  usage: 'Usage: npm run bench:stop [-- --slices 8,2+3 --rounds 3 --rulesets epic,company]',
  options: ['slices', 'rounds', 'rulesets'],
});
const slices = (flags.slices ?? '8,2+3').split(',');
const parse = (spec: string) => {
  const [slice, cut = 0] = spec.split('+').map(Number);
  return { sliceMs: slice!, cutMs: cut };
};
if (slices.some((spec) => !/^\d+(\.\d+)?(\+\d+(\.\d+)?)?$/.test(spec) || !(parse(spec).sliceMs > 0)))
  throw new Error('--slices: comma-separated choices S or S+M, in ms (slice S > 0, cut M past its end ≥ 0)');
const rounds = Number(flags.rounds ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: a whole number ≥ 1');
const only = flags.rulesets?.split(',');

const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

interface Tally {
  gaps: number[];
  answers: number[];
  rates: number[];
  iterations: number;
  cut: number;
}

for (const [id, ruleset] of Object.entries(rulesets)) {
  if (only && !only.includes(id)) continue;
  const sc = scenarios[id]?.[0];
  if (!sc) continue;
  const positions = benchPositions(ruleset, sc.id, sc.data).slice(0, 10);
  const tally = new Map<string, Tally>(
    slices.map((s) => [s, { gaps: [], answers: [], rates: [], iterations: 0, cut: 0 }]),
  );
  for (let r = 0; r < rounds; r++)
    for (const [i, st] of positions.entries())
      for (const spec of slices) {
        const t = tally.get(spec)!;
        const service = createAiService(() => performance.now(), parse(spec));
        const start = performance.now();
        let last = start;
        const answer = service.think(
          { ruleset: id, state: structuredClone(st), bot: 'mcts:60000', seed: `stop${r}` },
          () => {
            const now = performance.now();
            if (r > 0 || i > 0) t.gaps.push(now - last); // the first search of all warms the code up
            last = now;
          },
        );
        await new Promise((res) => setTimeout(res, 100 + ((37 * (i + r * 10)) % 180)));
        const t0 = performance.now();
        service.stop();
        const report = await answer;
        const t1 = performance.now();
        if (r > 0 || i > 0) {
          t.answers.push(t1 - t0);
          t.rates.push((report.iterations * 1000) / (t0 - start));
          t.iterations += report.iterations;
          t.cut += report.cut ?? 0;
        }
      }
  for (const spec of slices) {
    const t = tally.get(spec)!;
    console.log(
      JSON.stringify({
        ruleset: id,
        scenario: sc.id,
        ...parse(spec),
        searches: t.answers.length,
        'gap between slices ms: median / p99 / max': `${median(t.gaps).toFixed(1)} / ${pct(t.gaps, 0.99).toFixed(1)} / ${Math.max(...t.gaps).toFixed(1)}`,
        'stop → answer ms: median / max': `${median(t.answers).toFixed(1)} / ${Math.max(...t.answers).toFixed(1)}`,
        'worst stop wait ms (max gap + max answer; goal ≤ 20)': Number(
          (Math.max(...t.gaps) + Math.max(...t.answers)).toFixed(1),
        ),
        'iterations/s until the stop, median': Math.round(median(t.rates)),
        'rollouts cut short, %': Number(((100 * t.cut) / Math.max(1, t.iterations)).toFixed(1)),
      }),
    );
  }
}
console.log(
  `command: npm run bench:stop -- --slices ${slices.join(',')} --rounds ${rounds}${only ? ` --rulesets ${only.join(',')}` : ''}`,
);
