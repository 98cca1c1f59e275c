/**
 * `npm run bench`: speed figures for the engine, measured side by side in one run, medians of several
 * rounds. Prints the command that made them. Nothing here is asserted: speed goals live in notes, not tests.
 * BENCH_ROUNDS sets the rounds (5); BENCH_SKIP_RULESETS=1 runs only the peer comparison.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { randomBot } from '../ai/bots';
import { median } from '../ai/cli/median';
import { createAiService } from '../ai/engine-api';
import { playMatch } from '../ai/match';
import { search } from '../ai/mcts';
import type { AnyRuleset, BaseAction, BaseState } from '../src/engine/contract';
import { rulesets, scenarios } from '../src/rulesets/registry';
import { peerBench } from './peer';
import { benchPositions } from './same';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** Median rate of `fn` (which returns how many operations it did); `prepare` runs untimed before each round. */
function timeIt(fn: () => number, prepare: () => void = () => {}): { perSecond: number } {
  const rates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    prepare();
    const t0 = performance.now();
    const n = fn();
    rates.push((n * 1000) / (performance.now() - t0));
  }
  return { perSecond: median(rates) };
}

async function benchRuleset(id: string, ruleset: AnyRuleset) {
  for (const sc of scenarios[id] ?? []) {
    // A corpus of recorded random games, replayed action by action.
    const games = Array.from({ length: 20 }, (_, g) =>
      playMatch(ruleset, sc.id, sc.data, `bench${g}`, { blue: randomBot(`b${g}`), red: randomBot(`r${g}`) }),
    );
    const scenario = (ruleset.parseScenario(sc.data) as { value: unknown }).value;
    const initial = games.map((g) => (ruleset.setup(scenario, g.record.seed) as { value: BaseState }).value);
    let starts: BaseState[] = [];
    const fresh = () => {
      starts = initial.map((s) => ruleset.clone(s));
    };
    const replayAll = (step: (s: BaseState, a: BaseAction) => BaseState) => () => {
      let n = 0;
      games.forEach((g, i) => {
        let s = starts[i]!;
        for (const a of g.record.actions) {
          s = step(s, a);
          n++;
        }
      });
      return n;
    };
    const apply = timeIt(
      replayAll((s, a) => {
        const r = ruleset.apply(s, a);
        if (!r.ok) throw new Error(r.error.message.en);
        return r.value.state;
      }),
      fresh,
    );
    const inPlace = timeIt(
      replayAll((s, a) => {
        const e = ruleset.applyInPlace(s, a);
        if (e) throw new Error(e.message.en);
        return s;
      }),
      fresh,
    );
    let g = 0;
    const games10 = timeIt(() => {
      for (let k = 0; k < 10; k++, g++)
        playMatch(ruleset, sc.id, sc.data, `speed${g}`, {
          blue: randomBot(`b${g}`),
          red: randomBot(`r${g}`),
        });
      return 10;
    });
    const plies = games.reduce((a, x) => a + x.plies, 0) / games.length;
    // MCTS iterations per second on positions of a scripted game (200 ms per position, one core).
    const positions = benchPositions(ruleset, sc.id, sc.data);
    // Each round searches fresh copies: a ruleset may remember answers per position (company's order memo
    // hangs on the table object), and a round must not start with what the last one learnt.
    let roots: BaseState[] = [];
    const mcts = timeIt(
      () => {
        let it = 0;
        for (const st of roots)
          it += search(ruleset, st, ruleset.decision(st)!.side, {
            seed: 'bench',
            budgetMs: 200,
            now: () => performance.now(),
          }).iterations;
        return it;
      },
      () => {
        roots = positions.slice(0, 10).map((p) => structuredClone(p));
      },
    );
    // Stop latency (issue #5: "can be stopped at any moment and answers within 20 ms"): the service the
    // Worker runs is asked to stop 100 ms into a long search. A stop message can only be read between two
    // slices, so the worst wait is the longest slice (measured between progress reports) plus the time from
    // stop() to the answer (the report, the odds of the attacks weighed).
    const latencies: number[] = [];
    let longestSlice = 0;
    for (const st of positions.slice(0, 5)) {
      const service = createAiService(() => performance.now());
      let last = performance.now();
      const answer = service.think({ ruleset: id, state: st, bot: 'mcts:60000', seed: 'stop' }, () => {
        const t = performance.now();
        longestSlice = Math.max(longestSlice, t - last);
        last = t;
      });
      await new Promise((r) => setTimeout(r, 100));
      const t0 = performance.now();
      service.stop();
      await answer;
      latencies.push(performance.now() - t0);
    }
    console.log(
      JSON.stringify({
        ruleset: id,
        scenario: sc.id,
        'stop → answer ms, median / max of 5': `${median(latencies).toFixed(1)} / ${Math.max(...latencies).toFixed(1)}`,
        'worst stop wait ms: longest slice + slowest answer (goal ≤ 20)': Number(
          (longestSlice + Math.max(...latencies)).toFixed(1),
        ),
        'apply() calls/s (clone + rules, events built)': Math.round(apply.perSecond),
        'applyInPlace() calls/s (owned copy, no events)': Math.round(inPlace.perSecond),
        'ratio inPlace/apply': Number((inPlace.perSecond / apply.perSecond).toFixed(2)),
        'random full games/s (random bots, candidates included)': Number(games10.perSecond.toFixed(2)),
        'mean plies per game': Math.round(plies),
        'MCTS iterations/s (goal 25,000)': Math.round(mcts.perSecond),
      }),
    );
  }
}

if (process.argv.includes('--peer-only')) {
  console.log(JSON.stringify(await peerBench()));
  process.exit(0);
}

console.log(
  `# npm run bench — node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores, medians of ${ROUNDS} rounds`,
);
for (const [id, r] of Object.entries(rulesets))
  if (!process.env.BENCH_SKIP_RULESETS) await benchRuleset(id, r);
// The peer comparison runs in a fresh process of this same bundle: after the rulesets above, V8's call
// sites in the search have seen three rulesets' shapes and run tic-tac-toe ~20 % slower, which is a fact
// about this benchmark's order, not about either searcher. Both searchers are timed there, side by side.
const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, '--peer-only'], {
  encoding: 'utf8',
  env: process.env,
});
if (child.status !== 0) throw new Error(`peer bench failed: ${child.stderr}`);
const peer = JSON.parse(child.stdout.trim().split('\n').pop()!) as Awaited<ReturnType<typeof peerBench>>;
console.log(
  JSON.stringify({
    peer: 'tic-tac-toe, 1,000 iterations per search from the empty board, playouts to the end; own process',
    'our MCTS iterations/s': peer.ours,
    'boardgame.io MCTSBot iterations/s': peer.boardgameio,
    'ratio (goal ≥ 100)': peer.ratio,
  }),
);
console.log('# made by: npm run bench (BENCH_ROUNDS=5 by default)');
