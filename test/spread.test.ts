/**
 * `npm run spread`: how the search spreads its visits on the positions of a scripted game, per search (the plain
 * one and the variants) and iteration budget (ai/cli/spread-figures.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  scriptedPositions,
  searchedRuleset,
  spreadAt,
  spreadTable,
  treeShape,
} from '../ai/cli/spread-figures';
import { type MctsNode, search } from '../ai/mcts';
import { rulesets } from '../src/rulesets/registry';
import { bundleCli } from './helpers/bundle-cli';

const spread = bundleCli('ai/cli/spread.ts');

const company = rulesets.company!;

describe('spread figures', () => {
  const positions = scriptedPositions(company, 'le-pont-de-cendres', 'spread-test', 20);

  it('takes positions of a scripted game every n plies, each with more than two options', () => {
    expect(positions.length).toBeGreaterThanOrEqual(4);
    for (const p of positions) {
      expect(p.ply % 20).toBe(10);
      expect(company.candidates(p.state).length).toBeGreaterThan(2);
      expect(company.decision(p.state)!.side).toBe(p.side);
    }
  });

  it("reports the search as it plays: its move, its most visited option's share, its tree's depth", () => {
    const p = positions[1]!;
    const s = spreadAt(company, p.state, p.side, 120, 'seed');
    const report = search(company, p.state, p.side, { seed: 'seed', maxIterations: 120 });
    expect(s.action).toEqual(report.action);
    expect(s.top).toBeCloseTo(report.alternatives[0]!.visits / 120, 12);
    expect(s.depth).toBeGreaterThanOrEqual(2);
    // A hand-made tree: depth 3, one node of ≥ 10 visits at depth 2 or more.
    const node = (visits: number, ...children: MctsNode[]): MctsNode => ({
      action: null,
      key: '',
      side: 'blue',
      visits,
      total: 0,
      children: new Map(children.map((c, i) => [String(i), c])),
      slots: [],
    });
    expect(treeShape(node(40, node(30, node(12, node(3)), node(9)), node(10)))).toEqual({
      depth: 3,
      deep: 1,
    });
  });

  it('sums each search and budget, and counts where a larger budget plays otherwise', () => {
    const { rows, summary } = spreadTable(company, positions, ['plain', 'sharp'], [240, 60], 'seed');
    expect(rows).toHaveLength(positions.length * 4);
    expect(summary.map((s) => [s.search, s.iterations])).toEqual([
      ['plain', 60],
      ['plain', 240],
      ['sharp', 60],
      ['sharp', 240],
    ]);
    for (const s of summary) {
      expect(s.positions).toBe(positions.length);
      expect(s.top).toBeGreaterThan(0);
      expect(s.top).toBeLessThanOrEqual(1);
      expect(s.differs).toBe(
        s.iterations === 60
          ? 0
          : positions.filter((p) => {
              const at = (n: number) =>
                JSON.stringify(
                  rows.find((r) => r.ply === p.ply && r.search === s.search && r.iterations === n)!.spread
                    .action,
                );
              return at(60) !== at(240);
            }).length,
      );
    }
    expect(() => searchedRuleset(company, 'nope')).toThrow(/unknown variant "nope"/);
  });

  it("finds the sharp variant (UCB's constant at a third) gathering its visits on fewer options", {
    timeout: 120_000,
  }, () => {
    const { summary } = spreadTable(company, positions, ['plain', 'sharp'], [600], 'seed');
    const [plain, sharp] = summary;
    expect(sharp!.top).toBeGreaterThan(plain!.top);
  });
});

describe('npm run spread', () => {
  it('prints a line per position and search, the medians, and JSON last', { timeout: 120_000 }, () => {
    const r = spread('--ruleset', 'company', '--every', '60', '--iterations', '20,40', '--searches', 'plain');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    const last = JSON.parse(lines.pop()!);
    expect(last.ruleset).toBe('company');
    expect(last.scenario).toBe('le-pont-de-cendres');
    expect(last.summary.map((s: { iterations: number }) => s.iterations)).toEqual([20, 40]);
    expect(lines.filter((l) => l.startsWith('ply ')).length).toBe(2 * last.summary[0].positions);
    expect(lines.some((l) => /^plain at 40 iterations, \d+ positions: median top \d+ %/.test(l))).toBe(true);
  });

  it('refuses bad input with a message', { timeout: 120_000 }, () => {
    const cases: [string[], RegExp][] = [
      [[], /--ruleset is needed/],
      [['--ruleset', 'nope'], /No ruleset "nope"/],
      [['--ruleset', 'company', '--scenario', 'nope'], /No scenario "nope" in company/],
      [['--ruleset', 'company', '--iterations', '0'], /--iterations takes whole numbers/],
      [['--ruleset', 'company', '--every', 'x'], /--every takes a whole number/],
      [['--ruleset', 'company', '--searches', 'plain,nope'], /names plain or a variant/],
      [['--ruleset', 'company', '--budget', '5'], /Unknown option --budget/],
      [['--ruleset', 'company', 'file.json'], /takes no file or other bare argument/],
    ];
    for (const [args, message] of cases) {
      const r = spread(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});
