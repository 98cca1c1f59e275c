/**
 * `npm run experiment`: several A bots against one B on the same seed, their logs brought to the same count in
 * turns. Company's random and scripted bots, which play a game in about a second.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logName } from '../ai/cli/goals';
import { readLog } from '../ai/cli/tournament-log';

const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, ['scripts/run.mjs', `ai/cli/${script}.ts`, ...args], { encoding: 'utf8' });
const pairing = ['--ruleset', 'company', '--scenario', 'le-pont-de-cendres', '--b', 'random', '--seed', '9'];
const experiment = (dir: string, ...args: string[]) =>
  run('experiment', ...pairing, '--a', 'random,scripted', '--dir', dir, ...args);
const log = (dir: string, a: string) =>
  join(dir, logName({ ruleset: 'company', scenario: 'le-pont-de-cendres', a, b: 'random', seed: '9' }));
const games = (dir: string, a: string) => [...readLog(log(dir, a)).games.keys()].sort((x, y) => x - y);

describe('experiment', () => {
  it('plays each A in turns of --step games, so the logs stay paired, then compares them', {
    timeout: 120_000,
  }, () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'experiment-')), 'logs');
    const r = experiment(dir, '--step', '2', '--games', '4');
    expect(r.status, r.stderr).toBe(0);
    expect(games(dir, 'random')).toEqual([0, 1, 2, 3]);
    expect(games(dir, 'scripted')).toEqual([0, 1, 2, 3]);
    // Turns: both logs reach 2 games before either plays its third.
    const at = (line: string) => r.stderr.indexOf(line);
    expect(at('[scripted] game 2/2')).toBeGreaterThan(at('[random] game 2/2'));
    expect(at('[random] game 3/4')).toBeGreaterThan(at('[scripted] game 2/2'));
    expect(at('[random] game 3/4')).toBeGreaterThan(-1);
    expect(r.stdout).toContain('random → scripted:');
    expect(r.stdout).toContain('4 games in both');

    // A log ahead of the other (a tournament run on it alone) is left alone while the other catches up.
    const alone = run('tournament', ...pairing, '--a', 'random', '--games', '6', '--log', log(dir, 'random'));
    expect(alone.status, alone.stderr).toBe(0);
    const dry = experiment(dir, '--step', '2', '--games', '6', '--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('company-le-pont-de-cendres-random-vs-random-seed9.jsonl: 6 games');
    expect(dry.stderr).toContain('company-le-pont-de-cendres-scripted-vs-random-seed9.jsonl: 4 games');
    expect(games(dir, 'scripted')).toHaveLength(4); // a dry run plays nothing
    const next = experiment(dir, '--step', '2', '--games', '6');
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).not.toContain('[random] game');
    expect(next.stderr).toContain('[scripted] game 6/6');
    expect(games(dir, 'scripted')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(next.stdout).toContain('6 games in both');
  });

  it('says what is wrong with its arguments', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'experiment-'));
    const one = run('experiment', ...pairing, '--a', 'random', '--dir', dir);
    expect(one.status).toBe(2);
    expect(one.stderr).toContain('--a names two bots or more');
    const odd = experiment(dir, '--step', '3');
    expect(odd.status).toBe(2);
    expect(odd.stderr).toContain('--step must be an even whole number');
    const noDir = run('experiment', ...pairing, '--a', 'random,scripted');
    expect(noDir.status).toBe(2);
    expect(noDir.stderr).toContain('--dir is needed');
    const unknown = experiment(dir, '--step', '2', '--games', '2', '--b', 'nobody');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown bot "nobody"');
  });
});
