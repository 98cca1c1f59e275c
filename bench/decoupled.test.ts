import { describe, expect, it } from 'vitest';
import { runSearch, Search } from '../ai/mcts';
import { pickGame, pickStart } from '../test/helpers/pick-game';
import { decoupled } from './decoupled';

/** Blue's result depends on its own hand only (R best, S worst). */
const VALUE: Record<string, number> = { R: 0.6, P: 0, S: -0.6 };
const game = pickGame((blue) => VALUE[blue]!);
const start = pickStart;

describe('bench/decoupled: secret decisions by UCB1 (an experiment)', () => {
  it('puts most visits on the dominant option and weighs the options by their share of visits', () => {
    const s = decoupled(new Search(game, start(), 'blue', { seed: 'd' }));
    const r = runSearch(s, { maxIterations: 1500 });
    const total = r.alternatives.reduce((x, a) => x + a.visits, 0);
    const byHand = Object.fromEntries(
      r.alternatives.map((a) => [(a.action as unknown as { hand: string }).hand, a]),
    );
    expect(byHand.R!.visits / total).toBeGreaterThan(0.8);
    expect(byHand.S!.visits).toBeLessThan(byHand.P!.visits);
    for (const a of r.alternatives) expect(a.p).toBeCloseTo(a.visits / total, 2);
    expect((r.action as unknown as { hand: string }).hand).toBe('R');
  });

  it('replaces regret matching on that search only: no option of it gets a regret, a plain search still does', () => {
    const d = decoupled(new Search(game, start(), 'blue', { seed: 'd' }));
    runSearch(d, { maxIterations: 200 });
    for (const child of d.root.children.values()) expect(child.regret).toBeUndefined();
    const plain = new Search(game, start(), 'blue', { seed: 'd' });
    runSearch(plain, { maxIterations: 200 });
    expect([...plain.root.children.values()].some((c) => c.regret !== undefined)).toBe(true);
  });
});
