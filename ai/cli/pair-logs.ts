/**
 * `npm run pair-logs -- <first.jsonl> <second.jsonl>`: two tournament logs compared game for game (pairing.ts).
 * Prints A's score on the games both played, in how many the second log did better or worse with a sign test,
 * the same by the side A played, and a last line of JSON.
 */
import { commandArgs, die } from './args';
import { pairLogs } from './pairing';
import { readLog } from './tournament-log';

const USAGE = 'Usage: npm run pair-logs -- <first.jsonl> <second.jsonl>';
const { positional } = commandArgs(process.argv.slice(2), { usage: USAGE, options: [], positional: 2 });
if (positional.length !== 2) die(USAGE);
const [first, second] = positional as [string, string];
const pairing = pairLogs(readLog(first), readLog(second));
if (typeof pairing === 'string') die(pairing);
if (pairing.games === 0) die('The two logs have no game in common.', 1);
const pct = (v: number, n: number) => `${((100 * v) / n).toFixed(1)} %`;
console.log(
  `${pairing.games} games in both: A ${pct(pairing.before, pairing.games)} → ${pct(pairing.after, pairing.games)};` +
    ` the second log better in ${pairing.better}, worse in ${pairing.worse} (sign test p ≈ ${pairing.p.toFixed(3)})`,
);
for (const [side, s] of Object.entries(pairing.bySide))
  console.log(`  A as ${side}: ${s.games} games, ${pct(s.before, s.games)} → ${pct(s.after, s.games)}`);
console.log(JSON.stringify(pairing));
