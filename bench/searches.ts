/**
 * `node scripts/run.mjs bench/searches.ts [--iterations 300] [--rounds 3] [--rulesets epic,company] [--all-scenarios]`:
 * for each ruleset's standard scenario (or all of them), searches the bench's first 10 positions with an
 * iteration budget, one untimed warm-up round and then timed rounds, and prints one JSON line
 * (bench/same.ts `SearchRow`): the digest of the decisions and the iterations per second of each round.
 * bench/compare.ts runs it on two versions of the code.
 */
import { rulesets, scenarios } from '../src/rulesets/registry';
import { benchPositions, type SearchRow, searchRound } from './same';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const budget = Number(option('iterations') ?? 300);
const rounds = Number(option('rounds') ?? 3);
const ids = (option('rulesets') ?? Object.keys(rulesets).join(',')).split(',');
const all = process.argv.includes('--all-scenarios');
if (!Number.isInteger(budget) || budget < 1 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('searches: --iterations and --rounds take a whole number of at least 1');
  process.exit(2);
}
for (const id of ids) {
  const ruleset = rulesets[id];
  if (!ruleset) {
    // A ruleset this version does not have: compare.ts reports it as missing on this side.
    console.error(`searches: no ruleset ${id} in this version`);
    continue;
  }
  for (const sc of (scenarios[id] ?? []).slice(0, all ? undefined : 1)) {
    const positions = benchPositions(ruleset, sc.id, sc.data).slice(0, 10);
    const digest = searchRound(ruleset, positions, budget).digest;
    const rates: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const round = searchRound(ruleset, positions, budget);
      if (round.digest !== digest)
        throw new Error(`searches: ${id}/${sc.id} decided differently in round ${r + 1}`);
      rates.push((round.iterations * 1000) / round.ms);
    }
    const row: SearchRow = {
      ruleset: id,
      scenario: sc.id,
      positions: positions.length,
      budget,
      digest,
      rates,
    };
    console.log(JSON.stringify(row));
  }
}
