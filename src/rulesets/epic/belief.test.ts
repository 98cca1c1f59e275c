/**
 * The AI's belief about face-down orders (issue #5: "sampled each iteration from a belief built from what
 * has been revealed and done"): half the situation's suggestion (the scripted player's order), half a prior.
 */
import { describe, expect, it } from 'vitest';
import { firstRandomGameState } from '../../../test/helpers/random-game';
import { Rng, seedRng } from '../../engine/rng';
import { scenarios } from '../registry';
import { determinizeEpic, epicRuleset, SITUATION_WEIGHT } from './index';
import { chooseOrder } from './script';
import type { EpicState, Order } from './types';

const PRIOR: Record<Order, number> = { charge: 0.3, avance: 0.35, tirAppuye: 0.3, retraite: 0.05 };

describe('epic belief about hidden orders', () => {
  it('mixes the situation (charge what is close, shoot what is in reach) with the prior', () => {
    const s = firstRandomGameState<EpicState>(
      epicRuleset,
      scenarios.epic![0]!,
      { seed: 'belief', bots: ['b', 'r'] },
      'choice of activation facing a face-down enemy order after the first turn',
      (st) => {
        const d = epicRuleset.decision(st);
        if (!d || st.turn <= 1 || st.phase !== 'mouvement.choix') return false;
        return st.dets.some((x) => x.side !== d.side && x.given && x.order !== null && !x.revealed);
      },
    );
    const side = epicRuleset.decision(s)!.side;
    const obs = epicRuleset.observe(s, side);
    const hidden = obs.dets.filter((d) => d.concealed);
    expect(hidden.length).toBeGreaterThan(0);
    const N = 3000;
    const rng = new Rng(seedRng('belief'));
    const seen = new Map<string, Record<string, number>>();
    for (let i = 0; i < N; i++) {
      const full = determinizeEpic(obs, side, rng);
      for (const d of hidden) {
        const o = full.dets.find((x) => x.id === d.id)!.order!;
        const counts = seen.get(d.id) ?? {};
        counts[o] = (counts[o] ?? 0) + 1;
        seen.set(d.id, counts);
      }
    }
    for (const d of hidden) {
      // The situation's own distribution, estimated with another RNG.
      const sit: Record<string, number> = {};
      const r2 = new Rng(seedRng('situation'));
      for (let i = 0; i < N; i++) {
        const o = chooseOrder(obs, d.id, r2);
        sit[o] = (sit[o] ?? 0) + 1 / N;
      }
      for (const o of Object.keys(PRIOR) as Order[]) {
        const expected = SITUATION_WEIGHT * (sit[o] ?? 0) + (1 - SITUATION_WEIGHT) * PRIOR[o];
        expect(Math.abs((seen.get(d.id)![o] ?? 0) / N - expected)).toBeLessThan(0.04);
      }
    }
  });
});
