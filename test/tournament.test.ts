/**
 * `npm run tournament`: the last line is the JSON summary, and `--jobs 2` (games in worker threads) gives the
 * same games as one job when the bots do not depend on the clock.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['scripts/run.mjs', 'ai/cli/tournament.ts', ...args], {
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return { summary: JSON.parse(r.stdout.trim().split('\n').pop()!), progress: r.stderr };
};

describe('tournament', () => {
  it('plays paired games, reports progress, and --jobs 2 plays the same games', { timeout: 120_000 }, () => {
    const args = ['--ruleset', 'company', '--a', 'greedy', '--b', 'random', '--games', '6', '--seed', 't'];
    const one = run(...args);
    const two = run(...args, '--jobs', '2');
    expect(one.summary.games).toBe(6);
    expect(one.summary.wins + one.summary.losses + one.summary.draws).toBe(6);
    expect(one.progress.match(/^game \d+\/6/gm)?.length).toBe(6);
    expect(one.summary.ci95[0]).toBeLessThanOrEqual(one.summary.winRate);
    expect(one.summary.ci95[1]).toBeGreaterThanOrEqual(one.summary.winRate);
    // A played each side in half the games; the sides add up to the totals and match the progress lines.
    const { blue, red } = one.summary.aBySide;
    for (const k of ['wins', 'losses', 'draws']) expect(blue[k] + red[k]).toBe(one.summary[k]);
    for (const [side, r] of [
      ['blue', blue],
      ['red', red],
    ] as const) {
      expect(r.wins + r.losses + r.draws).toBe(3);
      const lines = one.progress.match(new RegExp(`as ${side} — win`, 'g'))?.length ?? 0;
      expect(r.wins).toBe(lines);
    }
    const { jobs: _1, seconds: _2, ...a } = one.summary;
    const { jobs: _3, seconds: _4, ...b } = two.summary;
    expect(b).toEqual(a);
    expect(two.summary.jobs).toBe(2);
    // Each game's outcome is the same whichever thread played it.
    const byGame = (p: string) =>
      [...p.matchAll(/\(#(\d+)\): A \(greedy\) as (\w+) — (\w+)/g)]
        .map((m) => `${m[1]} ${m[2]} ${m[3]}`)
        .sort();
    expect(byGame(two.progress)).toEqual(byGame(one.progress));
  });
});
