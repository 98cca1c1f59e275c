import { describe, expect, it } from 'vitest';
import { hashState } from '../src/engine/hash';
import { seedRng } from '../src/engine/rng';
import { epicRuleset } from '../src/rulesets/epic';
import type { EpicState, Order } from '../src/rulesets/epic/types';
import { scenarios } from '../src/rulesets/registry';
import { randomBot } from './bots';
import { playMatch } from './match';
import { runSearch, Search, search } from './mcts';

const sc = scenarios.epic![0]!;

/** Positions from a random game where the side to act faces hidden enemy orders. */
function positions(): EpicState[] {
  const out: EpicState[] = [];
  playMatch(
    epicRuleset,
    sc.id,
    sc.data,
    'honesty',
    { blue: randomBot('hb'), red: randomBot('hr') },
    {
      onPly: (state) => {
        const s = state as EpicState;
        const d = epicRuleset.decision(s);
        if (!d || out.length >= 8) return;
        const hidden = s.dets.some((x) => x.side !== d.side && x.given && x.order !== null && !x.revealed);
        if (hidden && (s.phase === 'mouvement.choix' || s.phase === 'mouvement.activation')) out.push(s);
      },
    },
  );
  return out;
}

const ORDERS: Order[] = ['charge', 'avance', 'tirAppuye', 'retraite'];

describe('MCTS honesty', () => {
  const states = positions();
  it('finds positions with hidden enemy orders', () => {
    expect(states.length).toBeGreaterThanOrEqual(5);
  });

  it('decides the same when only hidden information differs (secret enemy orders, future dice)', () => {
    for (const s of states) {
      const side = epicRuleset.decision(s)!.side;
      const other = epicRuleset.clone(s);
      other.rng = seedRng('another future');
      let changed = 0;
      for (const d of other.dets)
        if (d.side !== side && d.given && d.order !== null && !d.revealed) {
          d.order = ORDERS[(ORDERS.indexOf(d.order) + 1) % 4]!;
          changed++;
        }
      expect(changed).toBeGreaterThan(0);
      expect(hashState(other)).not.toBe(hashState(s));
      expect(hashState(epicRuleset.observe(other, side))).toBe(hashState(epicRuleset.observe(s, side)));
      const a = search(epicRuleset, s, side, { seed: 'same', maxIterations: 60 });
      const b = search(epicRuleset, other, side, { seed: 'same', maxIterations: 60 });
      expect(b.action).toEqual(a.action);
      expect(b.alternatives).toEqual(a.alternatives);
    }
  });

  it('reports the alternatives it weighed, with visits summing to the iterations', () => {
    const s = states[0]!;
    const r = search(epicRuleset, s, epicRuleset.decision(s)!.side, { seed: 'x', maxIterations: 80 });
    expect(r.iterations).toBe(80);
    expect(r.alternatives.length).toBeGreaterThan(1);
    expect(r.alternatives.reduce((a, x) => a + x.visits, 0)).toBe(80);
    for (const alt of r.alternatives) expect(Math.abs(alt.value)).toBeLessThanOrEqual(1);
    expect(epicRuleset.validate(s, r.action as never).ok).toBe(true);
  });
});

describe('MCTS tree reuse', () => {
  it('drops the children of a kept subtree that are illegal now', () => {
    const seen: EpicState[] = [];
    playMatch(
      epicRuleset,
      sc.id,
      sc.data,
      'reuse',
      { blue: randomBot('b'), red: randomBot('r') },
      {
        onPly: (st) => {
          seen.push(st as EpicState);
        },
      },
    );
    const choix = seen.find((st) => st.phase === 'mouvement.choix' && st.toAct === 'blue')!;
    const ordres = seen.find(
      (st) => st.phase === 'ordres' && epicRuleset.decision(st)?.side === 'blue' && st.turn > 1,
    )!;
    const first = new Search(epicRuleset, choix, 'blue', { seed: 'k' });
    first.step(30);
    expect([...first.root.children.values()].some((c) => c.action!.type === 'activate')).toBe(true);
    const again = new Search(epicRuleset, ordres, 'blue', { seed: 'k', reuse: first.root });
    const report = runSearch(again, { maxIterations: 20 });
    expect(report.alternatives.length).toBeGreaterThan(0);
    for (const alt of report.alternatives) expect(alt.action.type).toBe('order');
    expect(epicRuleset.validate(ordres, report.action as never).ok).toBe(true);
  });
});
