/** Two tournament logs compared game for game (pairing.ts, `npm run pair-logs`). */
import { describe, expect, it } from 'vitest';
import { pairLogs, signTest } from './pairing';
import type { Log, LoggedGame } from './tournament-log';

const settings = {
  ruleset: 'epic',
  scenario: 'plaine-de-grik',
  a: 'mcts:1000',
  b: 'scripted',
  seed: '51',
  code: 'x',
};
const log = (outcomes: LoggedGame['outcome'][], extra: Partial<typeof settings> = {}): Log => ({
  settings: { ...settings, ...extra },
  games: new Map(
    outcomes.map((outcome, g) => [
      g,
      { g, aSide: g % 2 === 0 ? 'blue' : 'red', outcome, plies: 100, finalHash: '0000000000000000' },
    ]),
  ),
});

describe('pairLogs', () => {
  it('scores the games both logs played, game for game and by side', () => {
    const first = log(['win', 'loss', 'draw', 'loss', 'win']);
    const second = log(['win', 'win', 'loss', 'loss'], { a: 'mcts-it:300', code: 'y' }); // 4 games, another bot
    const p = pairLogs(first, second);
    if (typeof p === 'string') throw new Error(p);
    expect(p.games).toBe(4);
    expect(p.before).toBe(1.5);
    expect(p.after).toBe(2);
    expect(p.better).toBe(1); // game #2: loss → win
    expect(p.worse).toBe(1); // game #3: draw → loss
    expect(p.bySide.blue).toEqual({ games: 2, before: 1.5, after: 1 });
    expect(p.bySide.red).toEqual({ games: 2, before: 0, after: 1 });
    expect(p.p).toBe(1);
  });

  it('pairs logs of another B with otherB, and keeps a range of games', () => {
    const first = log(['win', 'loss', 'draw', 'loss', 'win']);
    const second = log(['loss', 'win', 'win', 'loss', 'loss'], { a: 'mcts-it:300', b: 'greedy' });
    expect(pairLogs(first, second)).toMatch(/differ in b .*--other-b/);
    const all = pairLogs(first, second, { otherB: true });
    if (typeof all === 'string') throw new Error(all);
    expect([all.games, all.before, all.after, all.better, all.worse]).toEqual([5, 2.5, 2, 2, 2]);
    const some = pairLogs(first, second, { otherB: true, range: { from: 1, to: 2 } });
    if (typeof some === 'string') throw new Error(some);
    expect([some.games, some.before, some.after, some.better, some.worse]).toEqual([2, 0.5, 2, 2, 0]);
    expect(some.bySide).toEqual({
      red: { games: 1, before: 0, after: 1 },
      blue: { games: 1, before: 0.5, after: 1 },
    });
    // Other settings still part the games.
    expect(pairLogs(first, log(['win'], { b: 'greedy', seed: '61' }), { otherB: true })).toMatch(
      /differ in seed/,
    );
  });

  it('refuses logs whose games are not the same games', () => {
    expect(pairLogs(log(['win']), log(['win'], { seed: '61' }))).toMatch(/differ in seed/);
    expect(pairLogs(log(['win']), log(['win'], { b: 'greedy' }))).toMatch(/differ in b/);
    const swapped = log(['win']);
    swapped.games.get(0)!.aSide = 'red';
    expect(pairLogs(log(['win']), swapped)).toMatch(/game #1: A played blue .* red/);
  });
});

describe('signTest', () => {
  it('gives the two-sided binomial tail', () => {
    expect(signTest(0, 1)).toBe(1);
    expect(signTest(0, 5)).toBeCloseTo(2 / 32, 12);
    expect(signTest(1, 10)).toBeCloseTo((2 * 11) / 1024, 12);
    expect(signTest(13, 41)).toBeCloseTo(0.0275, 3); // the DP experiment: 28 better, 13 worse
    expect(signTest(5, 10)).toBe(1);
  });
});
