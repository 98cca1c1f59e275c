/**
 * `npm run tournament -- --ruleset epic --scenario <id> --a <bot> --b <bot> --games <n> --seed <s> [--jobs <k>]`
 * Paired games: each dice seed is played twice with the sides swapped. Progress goes to stderr; the last
 * line is JSON: wins, losses, draws (for bot A), win rate (draws count half), its 95% Wilson interval, and
 * A's wins, losses and draws on each side (`aBySide`).
 * `--jobs k` plays k games at once in worker threads (one per core: time-budget bots need a core each).
 * Game g always has the same seed and sides, so the result does not depend on k for iteration budgets.
 * `--log <file>` appends each game to a JSON Lines file headed by the tournament's settings and the digest of
 * the code that plays (./code-hash.ts). Run again with the same log, it plays only the games not in it and
 * sums them all, so a figure of 400 games can be gathered over several runs; it refuses a log of other settings
 * or other code. `--report` prints the summary of a log's games without playing any.
 * `--minutes m`: no game starts after m minutes (the games being played end); the summary counts the rest as
 * `unplayed`.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { rulesets, scenarios } from '../../src/rulesets/registry';
import { BOT_NAMES, isBotName, makeBot } from '../bots';
import { playMatch } from '../match';
import { die, parseArgs } from './args';
import { codeHash } from './code-hash';
import { appendGame, type LoggedGame, openLog, Tally } from './tournament-log';

const argv: string[] = isMainThread ? process.argv.slice(2) : (workerData as { argv: string[] }).argv;
const { flags } = parseArgs(argv);
const rulesetId = flags.ruleset ?? 'epic';
const ruleset = rulesets[rulesetId] ?? die(`Unknown ruleset "${rulesetId}".`);
const list = scenarios[rulesetId] ?? [];
const scenario =
  list.find((s) => s.id === (flags.scenario ?? list[0]?.id)) ?? die(`Unknown scenario "${flags.scenario}".`);
const a = flags.a ?? 'greedy';
const b = flags.b ?? 'random';
for (const name of [a, b])
  if (!isBotName(name)) die(`Unknown bot "${name}". Known: ${BOT_NAMES.join(', ')}, beginner.`);
const games = Number(flags.games ?? 20);
if (!Number.isInteger(games) || games < 2) die('--games must be a whole number ≥ 2 (pairs of games).');
const jobs = Number(flags.jobs ?? 1);
if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64) die('--jobs must be a whole number from 1 to 64.');
if (jobs > availableParallelism())
  process.stderr.write(
    `note: --jobs ${jobs} is more than the ${availableParallelism()} cores: time budgets shrink.\n`,
  );
const seed = flags.seed ?? '1';
const minutes = flags.minutes === undefined ? Number.POSITIVE_INFINITY : Number(flags.minutes);
if (!(minutes > 0)) die('--minutes must be a number of minutes > 0.');
const [s1, s2] = ruleset.sides as [string, string];

/** Game g: the seed of pair ⌊g/2⌋, A on the first side for even g and on the second for odd g. */
function playGame(g: number): LoggedGame {
  const pair = Math.floor(g / 2);
  const aSide = g % 2 === 0 ? s1 : s2;
  const bSide = aSide === s1 ? s2 : s1;
  const gameSeed = `${seed}:${pair}`;
  const t0 = performance.now();
  const result = playMatch(ruleset, scenario.id, scenario.data, gameSeed, {
    [aSide]: makeBot(a, `${gameSeed}:A`),
    [bSide]: makeBot(b, `${gameSeed}:B`),
  });
  const o = result.outcome;
  const winner = o.status === 'finished' ? o.winner : null;
  return {
    g,
    aSide,
    outcome: winner === aSide ? 'win' : winner === null ? 'draw' : 'loss',
    plies: result.plies,
    finalHash: result.finalHash,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
  };
}

if (!isMainThread) {
  const { todo, deadline } = workerData as { todo: number[]; deadline: number };
  for (const g of todo) {
    if (Date.now() >= deadline) break;
    parentPort!.postMessage(playGame(g));
  }
} else {
  const logPath = flags.log;
  const settings = { ruleset: rulesetId, scenario: scenario.id, a, b, seed, code: codeHash(rulesetId) };
  const report = flags.report !== undefined;
  if (report && !logPath) die('--report needs --log <file>.');
  const logged = logPath ? openLog(logPath, settings, !report) : new Map<number, LoggedGame>();
  for (const [g, r] of logged)
    if (r.aSide !== (g % 2 === 0 ? s1 : s2))
      die(
        `${logPath}: game #${g + 1} has A as ${r.aSide}; game g has A as ${s1} for even g, ${s2} for odd g.`,
      );
  const todo: number[] = [];
  for (let g = 0; g < games; g++) if (!logged.has(g)) todo.push(g);
  if (report) todo.length = 0;
  let done = 0;
  const tally = new Tally([s1, s2]);
  const started = performance.now();
  // A report without --games sums every game in the log.
  const counted = report && flags.games === undefined ? Number.POSITIVE_INFINITY : games;
  let fromLog = 0;
  for (const [g, r] of logged)
    if (g < counted) {
      tally.add(r);
      fromLog++;
    }
  if (logPath)
    process.stderr.write(
      `${logPath}: ${fromLog} of the ${report ? fromLog : games} games already played (${tally.wins}-${tally.losses}-${tally.draws}); ${todo.length} to play\n`,
    );
  const record = (r: LoggedGame) => {
    if (logPath) appendGame(logPath, r);
    tally.add(r);
    done++;
    const elapsed = (performance.now() - started) / 1000;
    process.stderr.write(
      `game ${fromLog + done}/${games} (#${r.g + 1}): A (${a}) as ${r.aSide} — ${r.outcome} · ${tally.wins}-${tally.losses}-${tally.draws} · ${elapsed.toFixed(0)} s\n`,
    );
  };
  // --minutes: no game starts after the deadline (the games being played end).
  const deadline = Date.now() + minutes * 60_000;
  if (jobs === 1)
    for (const g of todo) {
      if (Date.now() >= deadline) break;
      record(playGame(g));
    }
  else
    await Promise.all(
      Array.from(
        { length: Math.min(jobs, todo.length) },
        (_, k) =>
          new Promise<void>((resolve, reject) => {
            const mine = todo.filter((_, i) => i % jobs === k);
            const w = new Worker(new URL(import.meta.url), { workerData: { argv, todo: mine, deadline } });
            w.on('message', record);
            w.on('error', reject);
            w.on('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`worker ${k} exited with ${code}`)),
            );
          }),
      ),
    );
  const unplayed = todo.length - done;
  if (unplayed > 0) process.stderr.write(`time's up (--minutes ${minutes}): ${unplayed} games not played\n`);
  if (tally.games === 0) die(`${logPath ?? 'the tournament'}: no game to report yet.`);
  const { games: n, ...counts } = tally.summary();
  console.log(
    JSON.stringify({
      ruleset: rulesetId,
      scenario: scenario.id,
      a,
      b,
      games: n,
      jobs,
      ...counts,
      seconds: Math.round((performance.now() - started) / 1000),
      ...(logPath ? { log: logPath, fromLog, code: settings.code } : {}),
      ...(unplayed > 0 ? { unplayed } : {}),
    }),
  );
}
