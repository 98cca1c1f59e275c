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
 * `--records <dir>` keeps games as game-record files (docs/game-record.md) that `npm run replay` verifies and
 * the app opens (Import): by default those A did not win, `--records-of win,loss,draw` picks the outcomes. Each
 * decision of a search bot carries an `ai` note: its iterations, the options it weighed (visits, chance) and
 * the one played, so a lost game can be read move by move. Neither flag changes how the games are played.
 * A bot named `<bot>+<variant>` is an experiment (./variants.ts): the bot with one part of its ruleset replaced.
 */
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { BaseAction } from '../../src/engine/contract';
import type { Annotation } from '../../src/engine/record';
import { rulesets, scenarios } from '../../src/rulesets/registry';
import { BOT_NAMES, type Bot } from '../bots';
import { playMatch } from '../match';
import type { SearchReport } from '../mcts';
import { commandArgs, die } from './args';
import { codeHash } from './code-hash';
import { searchNote } from './search-note';
import { appendGame, type LoggedGame, openLog, Tally } from './tournament-log';
import { isTournamentBot, makeTournamentBot, VARIANTS, variantCode } from './variants';

const argv: string[] = isMainThread ? process.argv.slice(2) : (workerData as { argv: string[] }).argv;
const { flags } = commandArgs(argv, {
  usage:
    'Usage: npm run tournament -- --ruleset <id> --scenario <id> --a <bot> --b <bot> --games <n> --seed <s> [--jobs <k>] [--log <file.jsonl>] [--minutes m] [--records <dir>] [--records-of loss,draw] [--report]',
  options: [
    'ruleset',
    'scenario',
    'a',
    'b',
    'games',
    'seed',
    'jobs',
    'log',
    'minutes',
    'records',
    'records-of',
  ],
  switches: ['report'],
});
const rulesetId = flags.ruleset ?? 'epic';
const ruleset = rulesets[rulesetId] ?? die(`Unknown ruleset "${rulesetId}".`);
const list = scenarios[rulesetId] ?? [];
const scenario =
  list.find((s) => s.id === (flags.scenario ?? list[0]?.id)) ?? die(`Unknown scenario "${flags.scenario}".`);
const a = flags.a ?? 'greedy';
const b = flags.b ?? 'random';
for (const name of [a, b])
  if (!isTournamentBot(name))
    die(
      `Unknown bot "${name}". Known: ${BOT_NAMES.join(', ')}, beginner; an experiment adds +<variant> ` +
        `(${Object.keys(VARIANTS).join(', ')}; ai/cli/variants.ts).`,
    );
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
const OUTCOMES = ['win', 'loss', 'draw'] as const;
const recordsDir = flags.records;
const recordsOf = new Set((flags['records-of'] ?? 'loss,draw').split(',').map((x) => x.trim()));
for (const o of recordsOf)
  if (!(OUTCOMES as readonly string[]).includes(o))
    die(`--records-of takes outcomes for A separated by commas (win, loss, draw), not "${o}".`);
if (flags['records-of'] !== undefined && recordsDir === undefined) die('--records-of needs --records <dir>.');

/** A file name's part from a bot's name or a seed: `mcts:4000` → `mcts4000`, as the logs are named. */
const slug = (x: string) => x.replace(/:/g, '').replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The digest of the code that plays (ai/cli/code-hash.ts): the log's header holds it, and a kept record's name
 * ends with it, so a game kept on new code never replaces the same game kept on code since retired.
 */
const code = variantCode(codeHash(rulesetId), [a, b]);

/** Game g: the seed of pair ⌊g/2⌋, A on the first side for even g and on the second for odd g. */
function playGame(g: number): LoggedGame & { kept?: string } {
  const pair = Math.floor(g / 2);
  const aSide = g % 2 === 0 ? s1 : s2;
  const bSide = aSide === s1 ? s2 : s1;
  const gameSeed = `${seed}:${pair}`;
  const t0 = performance.now();
  const notes: Annotation[] = [];
  let ply = 0;
  /** With --records: the same bot, whose search reports become notes (it chooses exactly as unwrapped). */
  const noted = (bot: Bot & { last?: SearchReport }, side: string): Bot => ({
    name: bot.name,
    choose(r, state) {
      const t = performance.now();
      const action = bot.choose(r, state);
      if (bot.last) {
        // An iteration budget searches without a clock and reports 0 ms: its note gives the decision's wall time.
        const report = bot.last.ms > 0 ? bot.last : { ...bot.last, ms: performance.now() - t };
        notes.push({ ply, kind: 'ai', text: searchNote(bot.name, side, report, action) });
      }
      bot.last = undefined;
      ply++;
      return action;
    },
    ...(bot.notify ? { notify: (x: BaseAction) => bot.notify!(x) } : {}),
  });
  const botA = makeTournamentBot(a, `${gameSeed}:A`);
  const botB = makeTournamentBot(b, `${gameSeed}:B`);
  const result = playMatch(
    ruleset,
    scenario.id,
    scenario.data,
    gameSeed,
    recordsDir === undefined
      ? { [aSide]: botA, [bSide]: botB }
      : { [aSide]: noted(botA, aSide), [bSide]: noted(botB, bSide) },
  );
  const o = result.outcome;
  const winner = o.status === 'finished' ? o.winner : null;
  const outcome = winner === aSide ? 'win' : winner === null ? 'draw' : 'loss';
  let kept: string | undefined;
  if (recordsDir !== undefined && recordsOf.has(outcome)) {
    const record = result.record;
    record.annotations = [
      {
        ply: 0,
        kind: 'comment',
        text: `Tournament game #${g + 1} (seed ${gameSeed}): A = ${a} as ${aSide}, B = ${b} as ${bSide}. A's result: ${outcome}. Code ${code}.`,
      },
      ...notes,
    ];
    kept = join(
      recordsDir,
      `${rulesetId}-${scenario.id}-${slug(a)}-vs-${slug(b)}-seed${slug(seed)}-g${g + 1}-A-${aSide}-${outcome}-${code}.json`,
    );
    writeFileSync(kept, `${JSON.stringify(record, null, 1)}\n`);
  }
  return {
    g,
    aSide,
    outcome,
    plies: result.plies,
    finalHash: result.finalHash,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    ...(kept === undefined ? {} : { kept }),
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
  if (recordsDir !== undefined)
    try {
      mkdirSync(recordsDir, { recursive: true });
      accessSync(recordsDir, constants.W_OK);
    } catch (e) {
      die(`--records ${recordsDir}: cannot write there (${(e as Error).message}).`);
    }
  const settings = { ruleset: rulesetId, scenario: scenario.id, a, b, seed, code };
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
  const record = (r: LoggedGame & { kept?: string }) => {
    if (logPath) appendGame(logPath, r);
    tally.add(r);
    done++;
    const elapsed = (performance.now() - started) / 1000;
    process.stderr.write(
      `game ${fromLog + done}/${games} (#${r.g + 1}): A (${a}) as ${r.aSide} — ${r.outcome} · ${tally.wins}-${tally.losses}-${tally.draws} · ${elapsed.toFixed(0)} s${r.kept ? ` · kept ${r.kept}` : ''}\n`,
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
