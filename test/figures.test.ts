/**
 * `npm run figures`: issue #5's goals summed from tournament logs. Hand-made logs with known outcomes: the
 * counts, the status of each goal, the honesty gap over the games both logs played, and stale logs left out.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeHash } from '../ai/cli/code-hash';
import { figures, hasSecrets, logName, NOTHING_HIDDEN, neededScore, plan, status } from '../ai/cli/goals';
import { rulesets } from '../src/rulesets/registry';

type Outcome = 'win' | 'loss' | 'draw';

function writeLog(
  dir: string,
  name: string,
  a: string,
  b: string,
  outcomes: Outcome[],
  code = codeHash('epic'),
  seconds?: number[],
) {
  const head = {
    format: 'tournament-log',
    version: 1,
    ruleset: 'epic',
    scenario: 'plaine-de-grik',
    a,
    b,
    seed: '9',
    code,
  };
  const games = outcomes.map((outcome, g) =>
    JSON.stringify({
      g,
      aSide: g % 2 === 0 ? 'blue' : 'red',
      outcome,
      plies: 100,
      finalHash: 'h',
      seconds: seconds?.[g],
    }),
  );
  writeFileSync(join(dir, name), `${[JSON.stringify(head), ...games].join('\n')}\n`);
}

describe('figures', () => {
  it('sums each goal over current logs, pairs the oracle game by game, and leaves stale logs out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'figures-'));
    writeLog(dir, 'greedy.jsonl', 'mcts:1000', 'greedy', ['win', 'win', 'loss', 'draw']);
    writeLog(dir, 'oracle.jsonl', 'oracle:1000', 'greedy', ['win', 'win', 'win', 'win', 'win']);
    writeLog(dir, 'random.jsonl', 'mcts:1000', 'random', Array(400).fill('win'));
    writeLog(dir, 'random-more.jsonl', 'mcts:1000', 'random', ['loss', 'loss']);
    writeLog(dir, 'old.jsonl', 'mcts:1000', 'scripted', ['win', 'win'], '0123456789abcdef');
    const f = figures(dir);
    const goal = (b: string) => f.goals.find((g) => g.ruleset === 'epic' && g.b === b)!;

    expect(goal('greedy')).toMatchObject({ games: 4, wins: 2, losses: 1, draws: 1, winRate: 0.625 });
    // 2.5 points of the 340 that 85 % of 400 games make: the 396 left must score 337.5, 85.2 % of them.
    expect(goal('greedy').status).toBe('below (4 of 400 games; the 396 left need 85.2 %)');
    expect(goal('greedy').needed).toBeCloseTo(337.5 / 396, 4);
    expect(goal('greedy').aBySide).toEqual({
      blue: { wins: 1, losses: 1, draws: 0 },
      red: { wins: 1, losses: 0, draws: 1 },
    });
    // Two logs of one pairing add up: 400 wins and 2 losses.
    expect(goal('random')).toMatchObject({ games: 402, wins: 400, losses: 2 });
    expect(goal('random').status).toBe('met');
    expect(goal('random').needed).toBeNull();
    expect(goal('random').logs).toEqual(['random-more.jsonl', 'random.jsonl']);
    // The stale log is named and not counted.
    expect(goal('scripted')).toMatchObject({ games: 0, status: 'no games' });
    expect(f.stale).toEqual(['old.jsonl']);
    expect(f.goals.find((g) => g.ruleset === 'company' && g.b === 'greedy')!.games).toBe(0);

    // Games 1–4 are in both logs (the oracle's fifth is not): gaps 0, 0, 1, ½.
    const h = f.honesty.find((x) => x.ruleset === 'epic')!;
    expect(h.games).toBe(4);
    expect(h.gap).toBeCloseTo(0.375, 4);
    expect(h.ci95[0]).toBeLessThan(0.375);
    expect(h.ci95[1]).toBeGreaterThan(0.375);
    expect(h.status).toBe('below (4 of 400 games)');
    expect(f.honesty.find((x) => x.ruleset === 'company')!.status).toBe(NOTHING_HIDDEN);
  });

  it('says what the games left must score, and when no result can make or spoil a goal', () => {
    // 99 % of 400 games is 396 points: after 5 losses in 10 games, 391 in the 390 left is out of reach.
    expect(status(10, false, neededScore(0.99, 5, 10)!)).toBe(
      'out of reach (10 of 400 games: the 390 left cannot make it)',
    );
    // 60 % is 240 points: 240 wins in the first 240 games make it whatever the 160 left do.
    expect(status(240, true, neededScore(0.6, 240, 240)!)).toBe('met whatever the rest (240 of 400 games)');
    // 60 % after 24 wins in 39: the 361 left need (240 − 24) / 361.
    expect(neededScore(0.6, 24, 39)).toBeCloseTo(216 / 361, 10);
    expect(status(39, true, neededScore(0.6, 24, 39)!)).toBe(
      'on track (39 of 400 games; the 361 left need 59.8 %)',
    );
    expect(neededScore(0.6, 300, 400)).toBeNull();
    expect(status(400, false)).toBe('missed');
  });

  it('prints a table, then JSON, and refuses a log whose game names no side', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'figures-'));
    writeLog(dir, 'greedy.jsonl', 'mcts:1000', 'greedy', ['win', 'loss']);
    const run = () =>
      spawnSync(process.execPath, ['scripts/run.mjs', 'ai/cli/figures.ts', '--dir', dir], {
        encoding: 'utf8',
      });
    const ok = run();
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('| epic | mcts:1000 | greedy | ≥ 85.0 % | 2 | 1-1-0 | 50.0 %');
    // A won as blue and lost as red: A's results on each side, and blue won both games.
    expect(ok.stdout).toContain(
      '| 1-0-0 / 0-1-0 | blue 100.0 % | below (2 of 400 games; the 398 left need 85.2 %) |',
    );
    const last = JSON.parse(ok.stdout.trim().split('\n').pop()!);
    expect(last.goals.find((g: { b: string }) => g.b === 'greedy').games).toBe(2);

    writeFileSync(
      join(dir, 'bad.jsonl'),
      `${JSON.stringify({ format: 'tournament-log', version: 1, ruleset: 'epic', scenario: 's', a: 'x', b: 'y', seed: '1', code: 'c' })}\n` +
        `${JSON.stringify({ g: 0, aSide: 'green', outcome: 'win', plies: 1, finalHash: 'h' })}\n`,
    );
    const bad = run();
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('bad.jsonl: game #1: "green" is not a side of epic');
  });
});

/** A log of epic mcts:1000 against greedy, seed 9, made on other code. */
const staleGreedyLog = (dir: string) =>
  writeLog(dir, 'epic-plaine-de-grik-mcts1000-vs-greedy-seed9.jsonl', 'mcts:1000', 'greedy', ['win'], 'old');

/** `npm run gather` on the logs in `dir`, seed 9 (as the command bundles and runs it). */
const gatherIn =
  (dir: string) =>
  (...args: string[]) =>
    spawnSync(
      process.execPath,
      ['scripts/run.mjs', 'ai/cli/gather.ts', '--dir', dir, '--seed', '9', ...args],
      {
        encoding: 'utf8',
      },
    );
/** The tournament commands a gather printed. */
const commandsIn = (stderr: string) =>
  stderr.split('\n').filter((l) => l.startsWith('  npm run tournament -- '));

describe('gather', () => {
  it('plans every goal’s tournament, fewest games first, and names stale logs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gather-'));
    writeLog(
      dir,
      logName({ ruleset: 'epic', scenario: 'plaine-de-grik', a: 'mcts:1000', b: 'random', seed: '9' }),
      'mcts:1000',
      'random',
      ['win', 'win', 'win'],
      undefined,
      [10, 30, 20],
    );
    staleGreedyLog(dir);
    const p = plan(dir, '9');
    // The median game's time; a log whose games do not say has none.
    expect(p.find((x) => x.ruleset === 'epic' && x.b === 'random')!.secondsPerGame).toBe(20);
    expect(p.find((x) => x.ruleset === 'epic' && x.b === 'scripted')!.secondsPerGame).toBeNull();
    // Four goals per ruleset, and epic's all-seeing copy (its Ordres are secret); company has no secret.
    expect(
      p
        .filter((x) => x.ruleset === 'epic')
        .map((x) => `${x.a} ${x.b}`)
        .sort(),
    ).toEqual(
      [
        'mcts:1000 greedy',
        'mcts:1000 random',
        'mcts:1000 scripted',
        'mcts:4000 mcts:1000',
        'oracle:1000 greedy',
      ].sort(),
    );
    expect(p.filter((x) => x.ruleset === 'company')).toHaveLength(4);
    expect(p.at(-1)).toMatchObject({ a: 'mcts:1000', b: 'random', games: 3, stale: false });
    expect(p.find((x) => x.b === 'greedy' && x.ruleset === 'epic' && x.a === 'mcts:1000')).toMatchObject({
      games: 0,
      stale: true,
    });
    expect(p.slice(0, -1).every((x) => x.games === 0)).toBe(true);
    expect(p[0]).toMatchObject({ ruleset: 'epic', a: 'mcts:1000', b: 'greedy', seed: '9' });
  });

  it('refuses to run over a stale log, naming it', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'gather-'));
    staleGreedyLog(dir);
    const r = gatherIn(dir)('--dry-run');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('made on older code: epic-plaine-de-grik-mcts1000-vs-greedy-seed9.jsonl');
  });

  it('says what is left in core-hours, from the median game of each log', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'gather-'));
    const p = { ruleset: 'epic', scenario: 'plaine-de-grik', a: 'mcts:1000', b: 'random', seed: '9' };
    writeLog(dir, logName(p), 'mcts:1000', 'random', ['win', 'win', 'win'], undefined, [10, 30, 20]);
    const r = gatherIn(dir)('--dry-run');
    expect(r.status, r.stderr).toBe(0);
    // (400 − 3) games × 20 s = 2.2 hours.
    expect(r.stderr).toContain(`${logName(p)}: 3 games; ~20 s a game, ~2.2 core-hours left`);
    expect(r.stderr).toContain('~2.2 core-hours left for the 1 whose time is known');
    expect(r.stderr).toContain(
      'epic-plaine-de-grik-mcts1000-vs-scripted-seed9.jsonl: 0 games; time per game not logged yet',
    );
    // It names the commands it would run; without --records they keep no game files.
    expect(r.stderr).toContain(
      `npm run tournament -- --ruleset epic --scenario plaine-de-grik --a mcts:1000 --b greedy --seed 9 --games 400 --minutes 60 --log ${join(dir, 'epic-plaine-de-grik-mcts1000-vs-greedy-seed9.jsonl')}\n`,
    );
    expect(r.stderr).not.toContain('--records');
  });

  it('passes --records on to every tournament it runs', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'gather-'));
    const gather = gatherIn(dir);
    const r = gather('--dry-run', '--jobs', '2', '--records', join(dir, 'kept'));
    expect(r.status, r.stderr).toBe(0);
    const commands = commandsIn(r.stderr);
    expect(commands).toHaveLength(2);
    for (const c of commands) expect(c.endsWith(` --records ${join(dir, 'kept')}`)).toBe(true);
    const bad = gather('--dry-run', '--records');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--records needs a value');
  });

  it('with --only, picks among the tournaments whose log names the text', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'gather-'));
    const gather = gatherIn(dir);
    // Without it, the plan's first two (fewest games first), not the oracle's; with it, the oracle's only.
    const all = gather('--dry-run', '--jobs', '2');
    expect(commandsIn(all.stderr)).toHaveLength(2);
    expect(commandsIn(all.stderr).some((c) => c.includes('--a oracle:1000'))).toBe(false);
    const r = gather('--dry-run', '--jobs', '2', '--only', 'oracle');
    expect(r.status, r.stderr).toBe(0);
    expect(commandsIn(r.stderr)).toEqual([
      `  npm run tournament -- --ruleset epic --scenario plaine-de-grik --a oracle:1000 --b greedy --seed 9 --games 400 --minutes 60 --log ${join(dir, 'epic-plaine-de-grik-oracle1000-vs-greedy-seed9.jsonl')}`,
    ]);
    // The list of what is left stays whole.
    expect(r.stderr).toContain('company-le-pont-de-cendres-mcts1000-vs-random-seed9.jsonl: 0 games');
    const none = gather('--dry-run', '--only', 'nothing-like-this');
    expect(none.status).toBe(2);
    expect(none.stderr).toContain(
      '--only "nothing-like-this" names none of the 9 tournaments short of 400 games',
    );
    const empty = gather('--dry-run', '--only');
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('--only needs a value');
  });

  it('prints its usage on --help and refuses an option it does not know, before planning', {
    timeout: 60_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'gather-'));
    const gather = gatherIn(dir);
    const help = gather('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run gather -- --minutes <m>/);
    expect(help.stderr).not.toContain('tournaments short of');
    // A mistyped --jobs must not start a gather with the default (one job per core, 60 minutes).
    const typo = gather('--dry-run', '--jobz', '1');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/^Unknown option --jobz\.\nUsage: npm run gather/);
    const bare = gather('company', '--dry-run');
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain('takes no file or other bare argument (got "company")');
  });

  it('knows which rulesets decide in secret', () => {
    expect(hasSecrets(rulesets.epic!)).toBe(true);
    expect(hasSecrets(rulesets.company!)).toBe(false);
  });
});
