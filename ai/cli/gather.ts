/**
 * `npm run gather -- --minutes 120 [--jobs 2] [--seed 51] [--dir bench/tournaments] [--only text] [--dry-run]`
 * Adds games to issue #5's figures for a while: plans the tournaments the goals need (./goals.ts: each ruleset's
 * first scenario, one seed, and the all-seeing copy where a ruleset has secrets), picks the `jobs` with the
 * fewest games in their logs, and runs them side by side (one core each: time budgets need one), each appending
 * to its log in `dir` until 400 games or `--minutes`. Then prints `npm run figures`'s table.
 * `--records <dir>` passes on to each tournament: the games A does not win are kept as game files with the
 * search's notes (./tournament.ts), to read why; play and the logs are the same with or without it.
 * `--only <text>` picks among the tournaments whose log's name contains the text (e.g. `oracle`, `company`), so a
 * session can feed the pairing it is studying; the list of what is left stays whole.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { commandArgs, die } from './args';
import { GAMES, plan } from './goals';
import { runCli } from './run-cli';

const { flags } = commandArgs(process.argv.slice(2), {
  usage:
    'Usage: npm run gather -- --minutes <m> [--jobs <k>] [--seed 51] [--dir bench/tournaments] [--records <dir>] [--only <text>] [--dry-run]',
  options: ['minutes', 'jobs', 'seed', 'dir', 'records', 'only'],
  switches: ['dry-run'],
});
const dir = flags.dir ?? 'bench/tournaments';
const seed = flags.seed ?? '51';
const minutes = Number(flags.minutes ?? 60);
if (!(minutes > 0)) die('--minutes must be a number of minutes > 0.');
const records = flags.records;
const jobs = Number(flags.jobs ?? availableParallelism());
if (!Number.isInteger(jobs) || jobs < 1) die('--jobs must be a whole number ≥ 1.');
const only = flags.only;
const all = plan(dir, seed);
const stale = all.filter((p) => p.stale);
if (stale.length)
  die(
    `These logs were made on older code: ${stale.map((p) => p.log).join(', ')}. Move them out of ${dir} ` +
      '(a figure must not mix versions), then run again.',
  );
const todo = all.filter((p) => p.games < GAMES);
// What is left, in core-hours, from the median game of each log (games logged before `seconds` existed say nothing).
const left = (p: (typeof todo)[number]) =>
  p.secondsPerGame === null ? null : ((GAMES - p.games) * p.secondsPerGame) / 3600;
process.stderr.write(`${todo.length} tournaments short of ${GAMES} games:\n`);
for (const p of todo) {
  const h = left(p);
  const s = p.secondsPerGame;
  const cost =
    h === null || s === null
      ? 'time per game not logged yet'
      : `~${Math.round(s * 10) / 10} s a game, ~${h.toFixed(1)} core-hours left`;
  process.stderr.write(`  ${p.log}: ${p.games} games; ${cost}\n`);
}
const known = todo.map(left).filter((h): h is number => h !== null);
if (known.length)
  process.stderr.write(
    `  ~${known.reduce((x, y) => x + y, 0).toFixed(1)} core-hours left for the ${known.length} whose time is known\n`,
  );
const eligible = only === undefined ? todo : todo.filter((p) => p.log.includes(only));
if (eligible.length === 0 && todo.length > 0)
  die(`--only "${only}" names none of the ${todo.length} tournaments short of ${GAMES} games listed above.`);
const chosen = eligible.slice(0, jobs);
const argsOf = (p: (typeof todo)[number]) => {
  const args = ['--ruleset', p.ruleset, '--scenario', p.scenario, '--a', p.a, '--b', p.b];
  args.push('--seed', p.seed, '--games', String(GAMES), '--minutes', String(minutes));
  args.push('--log', join(dir, p.log));
  if (records !== undefined) args.push('--records', records);
  return args;
};
if (chosen.length === 0)
  process.stderr.write(`nothing to play: every tournament the goals need has its ${GAMES} games\n`);
else process.stderr.write(`running for ${minutes} min, one core each:\n`);
for (const p of chosen) process.stderr.write(`  npm run tournament -- ${argsOf(p).join(' ')}\n`);
if (flags['dry-run'] === undefined) {
  await Promise.all(
    chosen.map(async (p) => {
      const name = `${p.ruleset} ${p.a} vs ${p.b}`;
      const code = await runCli('tournament', argsOf(p), name);
      if (code !== 0) process.stderr.write(`[${name}] exited with ${code}\n`);
    }),
  );
}
await runCli('figures', ['--dir', dir]);
