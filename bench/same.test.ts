/** The digest bench/compare.ts uses to tell a speed-only change of the play code from a change of play. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { rulesets, scenarios } from '../src/rulesets/registry';
import { benchPositions, compareRows, type SearchRow, searchRound } from './same';

const company = rulesets.company!;
const sc = scenarios.company![0]!;

describe('bench positions and the search digest', () => {
  const positions = benchPositions(company, sc.id, sc.data);

  it('takes the positions of a scripted game where a side decides, every tenth ply from the fifth', () => {
    expect(positions.length).toBeGreaterThanOrEqual(3);
    for (const p of positions) {
      expect(p.ply % 10).toBe(5);
      expect(company.decision(p)).not.toBeNull();
    }
    // The same game every time.
    expect(benchPositions(company, sc.id, sc.data).map((p) => p.ply)).toEqual(positions.map((p) => p.ply));
  });

  it('gives the same digest for the same search, another for a different one, and leaves the positions alone', () => {
    const three = positions.slice(0, 3);
    const before = JSON.stringify(three);
    let t = 0;
    const clock = () => (t += 5);
    const a = searchRound(company, three, 40, clock);
    expect(a.digest).toMatch(/^[0-9a-f]{16}$/);
    expect(a.iterations).toBeGreaterThanOrEqual(3);
    expect(a.ms).toBe(5);
    expect(searchRound(company, three, 40).digest).toBe(a.digest);
    expect(searchRound(company, three, 41).digest).not.toBe(a.digest);
    expect(searchRound(company, positions.slice(0, 2), 40).digest).not.toBe(a.digest);
    expect(JSON.stringify(three)).toBe(before);
  });
});

describe('compareRows', () => {
  const row = (over: Partial<SearchRow>): SearchRow => ({
    ruleset: 'company',
    scenario: 'le-pont-de-cendres',
    positions: 10,
    budget: 300,
    digest: 'aaaa',
    rates: [100],
    ...over,
  });

  it("pairs the versions, pools each one's rounds and gives the ratio of the medians", () => {
    const [c, ...rest] = compareRows(
      [row({ rates: [100, 120] }), row({ rates: [110] })],
      [row({ rates: [200] }), row({ rates: [240, 220] })],
    );
    expect(rest).toEqual([]);
    expect(c).toEqual({
      ruleset: 'company',
      scenario: 'le-pont-de-cendres',
      same: true,
      base: { digest: 'aaaa', 'median it/s': 110, rounds: 3 },
      head: { digest: 'aaaa', 'median it/s': 220, rounds: 3 },
      ratio: 2,
    });
  });

  it('says when the versions decided differently or searched other positions', () => {
    expect(compareRows([row({})], [row({ digest: 'bbbb' })])[0]!.same).toBe(false);
    expect(compareRows([row({})], [row({ positions: 9 })])[0]!.same).toBe(false);
    expect(compareRows([row({})], [row({ budget: 200 })])[0]!.same).toBe(false);
  });

  it('reports a ruleset only one version has, with no rate on the other side', () => {
    const out = compareRows([row({})], [row({}), row({ ruleset: 'epic', scenario: 'plaine-de-grik' })]);
    expect(out.map((c) => [c.ruleset, c.same])).toEqual([
      ['company', true],
      ['epic', false],
    ]);
    expect(out[1]!.base).toEqual({ digest: '-', 'median it/s': 0, rounds: 0 });
    expect(out[1]!.ratio).toBe(0);
  });

  it('refuses a version whose runs disagree with each other', () => {
    expect(() => compareRows([row({}), row({ digest: 'cccc' })], [row({})])).toThrow(/base: two runs/);
  });
});

describe('npm run bench:compare', () => {
  it('refuses a mistyped option before building anything, so --expect-same cannot be lost to a typo', {
    timeout: 60_000,
  }, () => {
    const compare = (...args: string[]) =>
      spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'bench/compare.ts', ...args], {
        encoding: 'utf8',
      });
    const typo = compare('HEAD', '--expect-sam');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/^Unknown option --expect-sam\.\nUsage: npm run bench:compare/);
    const none = compare();
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/^Usage: npm run bench:compare -- <base ref>/);
    const help = compare('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run bench:compare/);
  });
});
