/**
 * `npm run experiment -- --ruleset epic --scenario <id> --a <bot>,<bot>[,…] --b <bot> --seed <s> --dir <folder>
 * [--step 8] [--games 400] [--minutes m] [--records <dir>] [--dry-run]`
 * Several A bots against the same B, on the same seed and so the same dice and sides game for game (e.g.
 * `--a mcts-it:300,mcts-it:300+sees --b greedy`), played in turns: each turn brings every A's log to the same
 * count, `step` games more, one tournament at a time. So at any moment the logs are paired, and
 * `npm run pair-logs` (printed at the end, the first A against each other) compares them on every game they
 * share, instead of one log running ahead while the other lags. The logs are `dir`/<ruleset>-<scenario>-<a>-vs-
 * <b>-seed<s>.jsonl, resumed as a tournament resumes its log; a log of other code or settings stops the run
 * (the tournament says why). No game starts after `--minutes`; a turn that time cut short is completed first by
 * the next run. One tournament at a time: meant for iteration budgets (`mcts-it:<n>`), where the machine's
 * load does not change play.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { commandArgs, die } from './args';
import { logName } from './goals';
import { runCli } from './run-cli';
import { readLog } from './tournament-log';
import { isTournamentBot } from './variants';

const { flags } = commandArgs(process.argv.slice(2), {
  usage:
    'Usage: npm run experiment -- --ruleset <id> --scenario <id> --a <bot>,<bot>[,…] --b <bot> --seed <s> --dir <folder> [--step 8] [--games 400] [--minutes m] [--records <dir>] [--dry-run]',
  options: ['ruleset', 'scenario', 'a', 'b', 'seed', 'dir', 'step', 'games', 'minutes', 'records'],
  switches: ['dry-run'],
});
const need = (name: string) =>
  flags[name] === undefined ? die(`--${name} is needed: --${name} <value>.`) : flags[name];
const ruleset = flags.ruleset ?? 'epic';
const dir = need('dir');
const seed = need('seed');
const b = need('b');
const as = need('a')
  .split(',')
  .map((x) => x.trim())
  .filter((x) => x.length > 0);
if (as.length < 2 || new Set(as).size !== as.length)
  die('--a names two bots or more, each once, separated by commas: --a mcts-it:300,mcts-it:300+sees.');
for (const name of [...as, b])
  if (!isTournamentBot(name)) die(`Unknown bot "${name}" (npm run tournament lists the bots and variants).`);
const step = Number(flags.step ?? 8);
if (!Number.isInteger(step) || step < 2 || step % 2 !== 0)
  die('--step must be an even whole number ≥ 2 (games come in pairs, the sides swapped).');
const games = Number(flags.games ?? 400);
if (!Number.isInteger(games) || games < 2 || games % 2 !== 0)
  die('--games must be an even whole number ≥ 2.');
const minutes = flags.minutes === undefined ? Number.POSITIVE_INFINITY : Number(flags.minutes);
if (!(minutes > 0)) die('--minutes must be a number of minutes > 0.');
const records = flags.records;
const scenario = need('scenario');

const logOf = (a: string) => join(dir, logName({ ruleset, scenario, a, b, seed }));
/** Games in a log so far (0 when it does not exist yet). */
const count = (a: string) => (existsSync(logOf(a)) ? readLog(logOf(a)).games.size : 0);

const tournamentArgs = (a: string, target: number, left: number) => {
  const args = ['--ruleset', ruleset, '--scenario', scenario, '--a', a, '--b', b, '--seed', seed];
  args.push('--games', String(target), '--log', logOf(a));
  if (Number.isFinite(left)) args.push('--minutes', String(Math.max(0.01, left / 60_000)));
  if (records !== undefined) args.push('--records', records);
  return args;
};

/** Runs one tournament to `target` games, its progress on stderr behind the bot's name; its exit code. */
const play = (a: string, target: number, left: number) =>
  runCli('tournament', tournamentArgs(a, target, left), a);

const counts = () => as.map(count);
process.stderr.write(`${as.map((a, i) => `${logOf(a)}: ${counts()[i]} games`).join('\n')}\n`);
if (flags['dry-run'] !== undefined) {
  const low = Math.min(...counts());
  const target = Math.min(games, (Math.floor(low / step) + 1) * step);
  for (const a of as)
    process.stderr.write(
      `  npm run tournament -- ${tournamentArgs(a, target, Number.POSITIVE_INFINITY).join(' ')}\n`,
    );
  process.exit(0);
}
mkdirSync(dir, { recursive: true });
const deadline = Date.now() + minutes * 60_000;
for (;;) {
  const now = counts();
  const low = Math.min(...now);
  if (low >= games || Date.now() >= deadline) break;
  // The next multiple of `step` above the log that lags most: a turn cut short last time is completed first.
  const target = Math.min(games, (Math.floor(low / step) + 1) * step);
  for (const [i, a] of as.entries()) {
    if (now[i]! >= target) continue;
    const code = await play(a, target, deadline - Date.now());
    if (code !== 0) die(`[${a}] the tournament exited with ${code}; the logs are as it left them.`, 1);
  }
}
const end = counts();
process.stderr.write(`${as.map((a, i) => `${a}: ${end[i]} games`).join(', ')}\n`);
for (const a of as.slice(1)) {
  if (Math.min(end[0]!, end[as.indexOf(a)]!) === 0) continue;
  process.stdout.write(`${as[0]} → ${a}:\n`);
  await runCli('pair-logs', [logOf(as[0]!), logOf(a)]);
}
