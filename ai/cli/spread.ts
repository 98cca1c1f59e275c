/**
 * `npm run spread -- --ruleset company [--scenario <id>] [--seed s] [--every 9] [--iterations 800,3000]
 * [--searches plain,sharp]`: how the search spreads its visits on the positions of one scripted game
 * (ai/cli/spread-figures.ts). Per position and search: the most visited option's share, the tree's depth, and
 * whether a larger budget plays otherwise than the smallest; then the medians. The last line is JSON. Iteration
 * budgets only, so the figures are the same on any machine; it changes nothing.
 */
import { rulesets, scenarios } from '../../src/rulesets/registry';
import { commandArgs, die } from './args';
import { scriptedPositions, spreadTable } from './spread-figures';
import { VARIANTS } from './variants';

const USAGE =
  'Usage: npm run spread -- --ruleset <id> [--scenario <id>] [--seed s] [--every n] [--iterations 800,3000] [--searches plain,sharp]';
const { flags } = commandArgs(process.argv.slice(2), {
  usage: USAGE,
  options: ['ruleset', 'scenario', 'seed', 'every', 'iterations', 'searches'],
});
const id = flags.ruleset ?? die(`--ruleset is needed (${Object.keys(rulesets).join(', ')}).\n${USAGE}`);
const ruleset = rulesets[id] ?? die(`No ruleset "${id}" (${Object.keys(rulesets).join(', ')}).`);
const scenarioId = flags.scenario ?? scenarios[id]![0]!.id;
if (!scenarios[id]!.some((s) => s.id === scenarioId))
  die(`No scenario "${scenarioId}" in ${id} (${scenarios[id]!.map((s) => s.id).join(', ')}).`);
const seed = flags.seed ?? 'spread';
const every = Number(flags.every ?? 9);
if (!Number.isInteger(every) || every < 1 || every > 1000)
  die(`--every takes a whole number from 1 to 1000.`);
const budgets = (flags.iterations ?? '800,3000').split(',').map((x) => Number(x.trim()));
if (budgets.some((n) => !Number.isInteger(n) || n < 1 || n > 1_000_000))
  die(`--iterations takes whole numbers from 1 to 1,000,000 separated by commas (e.g. 800,3000).`);
const searches = (flags.searches ?? 'plain,sharp').split(',').map((x) => x.trim());
for (const s of searches)
  if (s !== 'plain' && !(s in VARIANTS))
    die(`--searches names plain or a variant (${Object.keys(VARIANTS).join(', ')}), not "${s}".`);

const positions = scriptedPositions(ruleset, scenarioId, seed, every);
process.stderr.write(
  `${positions.length} positions of a scripted game (${id}/${scenarioId}, seed ${seed}, every ${every} plies); ` +
    `${searches.length} search(es) × ${budgets.length} budget(s)…\n`,
);
const { rows, summary } = spreadTable(ruleset, positions, searches, budgets, seed);
const pct = (x: number) => `${Math.round(100 * x)} %`;
for (const r of rows)
  console.log(
    `ply ${r.ply} · ${r.search} ${r.iterations}: top ${pct(r.spread.top)}, depth ${r.spread.depth}, ` +
      `deep nodes ${r.spread.deep} · ${JSON.stringify(r.spread.action)}`,
  );
for (const s of summary)
  console.log(
    `${s.search} at ${s.iterations} iterations, ${s.positions} positions: median top ${pct(s.top)}, depth ` +
      `${s.depth}, deep nodes ${s.deep}; plays otherwise than at ${Math.min(...budgets)}: ${s.differs}`,
  );
console.log(JSON.stringify({ ruleset: id, scenario: scenarioId, seed, every, summary }));
