import { describe, expect, it } from 'vitest';
import { runSearch, Search } from '../ai/mcts';
import type { AnyRuleset } from '../src/engine/contract';
import { seedRng } from '../src/engine/rng';
import { decoupled } from './decoupled';

/** Blue then red pick a hand face down; blue's result depends on its own hand only (R best, S worst). */
type S = { rng: ReturnType<typeof seedRng>; ply: number; blue: string | null; red: string | null };
const HANDS = ['R', 'P', 'S'].map((hand) => ({ type: 'pick', hand }));
const VALUE: Record<string, number> = { R: 0.6, P: 0, S: -0.6 };
const game = {
  id: 'picks',
  sides: ['blue', 'red'],
  decision: (s: S) =>
    s.blue !== null && s.red !== null
      ? null
      : { side: s.blue === null ? 'blue' : 'red', phase: 'pick', turn: 1, secret: true },
  candidates: () => [...HANDS],
  applyInPlace: (s: S, a: { hand: string }) => {
    if (s.blue === null) s.blue = a.hand;
    else s.red = a.hand;
    s.ply++;
    return null;
  },
  validate: () => ({ ok: true, value: true }),
  clone: (s: S) => ({ ...s }),
  observe: (s: S) => ({ ...s }),
  determinize: (s: S) => ({ ...s }),
  evaluate: (s: S, side: string) => {
    const v = s.blue !== null && s.red !== null ? VALUE[s.blue]! : 0;
    return side === 'blue' ? v : -v;
  },
} as unknown as AnyRuleset;
const start = (): S => ({ rng: seedRng('p'), ply: 0, blue: null, red: null });

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
