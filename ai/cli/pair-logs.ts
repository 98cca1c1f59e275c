/**
 * `npm run pair-logs -- <first.jsonl> <second.jsonl> [--games 25-109] [--other-b]`: two tournament logs compared
 * game for game (pairing.ts). Prints A's score on the games both played, in how many the second log did better or
 * worse with a sign test, the same by the side A played, and a last line of JSON. `--games` keeps the games of
 * those indices (the log's `g`, from 0; a stretch of the logs); `--other-b` pairs logs whose B differ too, on
 * their shared dice and sides (a time-budget pairing beside its iteration-budget stand-in).
 */
import { commandArgs, die } from './args';
import { pairLogs } from './pairing';
import { readLog } from './tournament-log';

const USAGE = 'Usage: npm run pair-logs -- <first.jsonl> <second.jsonl> [--games <from>-<to>] [--other-b]';
const { flags, positional } = commandArgs(process.argv.slice(2), {
  usage: USAGE,
  options: ['games'],
  switches: ['other-b'],
  positional: 2,
});
if (positional.length !== 2) die(USAGE);
const [first, second] = positional as [string, string];
let range: { from: number; to: number } | undefined;
if (flags.games !== undefined) {
  const m = /^(\d+)-(\d+)$/.exec(flags.games.trim());
  if (!m || Number(m[2]) < Number(m[1]))
    die(`--games takes a range of game indices from 0, e.g. 25-109, not "${flags.games}".\n${USAGE}`);
  range = { from: Number(m[1]), to: Number(m[2]) };
}
const pairing = pairLogs(readLog(first), readLog(second), { otherB: flags['other-b'] === 'true', range });
if (typeof pairing === 'string') die(pairing);
if (pairing.games === 0)
  die(`The two logs have no game in common${range ? ` among games ${range.from}-${range.to}` : ''}.`, 1);
const pct = (v: number, n: number) => `${((100 * v) / n).toFixed(1)} %`;
console.log(
  `${pairing.games} games in both: A ${pct(pairing.before, pairing.games)} → ${pct(pairing.after, pairing.games)};` +
    ` the second log better in ${pairing.better}, worse in ${pairing.worse} (sign test p ≈ ${pairing.p.toFixed(3)})`,
);
for (const [side, s] of Object.entries(pairing.bySide))
  console.log(`  A as ${side}: ${s.games} games, ${pct(s.before, s.games)} → ${pct(s.after, s.games)}`);
console.log(JSON.stringify(pairing));
