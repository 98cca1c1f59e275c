/**
 * The AI's belief about face-down orders (issue #5: "sampled each iteration from a belief built from what
 * has been revealed and done"): half the situation's suggestion (the scripted player's order), half a prior,
 * weighed against the orders the side has shown so far (`ordersSeen`).
 */
import { describe, expect, it } from 'vitest';
import { firstRandomGameState, randomGameStates } from '../../../test/helpers/random-game';
import { Rng, seedRng } from '../../engine/rng';
import { scenarios } from '../registry';
import { determinizeEpic, epicRuleset, PRIOR_STRENGTH, SITUATION_WEIGHT } from './index';
import { chooseOrder } from './script';
import { EPIC_SIDES, type EpicState, ORDERS, type Order } from './types';

const PRIOR: Record<Order, number> = { charge: 0.3, avance: 0.35, tirAppuye: 0.3, retraite: 0.05 };

/**
 * The first position of a random game where the side to decide faces a given, face-down enemy order and `also`
 * holds; that side, its observation, and the counters it cannot see (at least one).
 */
function facingHiddenOrder(what: string, also: (st: EpicState) => boolean) {
  const s = firstRandomGameState<EpicState>(
    epicRuleset,
    scenarios.epic![0]!,
    { seed: 'belief', bots: ['b', 'r'] },
    what,
    (st) => {
      const d = epicRuleset.decision(st);
      if (!d || !also(st)) return false;
      return st.dets.some((x) => x.side !== d.side && x.given && x.order !== null && !x.revealed);
    },
  );
  const side = epicRuleset.decision(s)!.side;
  const obs = epicRuleset.observe(s, side);
  const hidden = obs.dets.filter((d) => d.concealed);
  expect(hidden.length).toBeGreaterThan(0);
  return { side, obs, hidden };
}

describe('epic belief about hidden orders', () => {
  it('mixes the situation (charge what is close, shoot what is in reach) with the prior, then with the orders seen', () => {
    const { side, obs, hidden } = facingHiddenOrder(
      'choice of activation facing a face-down enemy order after the first turn',
      (st) => st.turn > 1 && st.phase === 'mouvement.choix',
    );
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
      const shown = obs.sides[d.side].ordersSeen;
      const n = ORDERS.reduce((sum, o) => sum + shown[o], 0);
      expect(n).toBeGreaterThan(0); // after the first turn: the orders seen weigh in
      const fromSeen = n / (n + PRIOR_STRENGTH);
      // The situation's own distribution, estimated with another RNG.
      const sit: Record<string, number> = {};
      const r2 = new Rng(seedRng('situation'));
      for (let i = 0; i < N; i++) {
        const o = chooseOrder(obs, d.id, r2);
        sit[o] = (sit[o] ?? 0) + 1 / N;
      }
      for (const o of Object.keys(PRIOR) as Order[]) {
        const belief = SITUATION_WEIGHT * (sit[o] ?? 0) + (1 - SITUATION_WEIGHT) * PRIOR[o];
        const expected = fromSeen * (shown[o] / n) + (1 - fromSeen) * belief;
        expect(Math.abs((seen.get(d.id)![o] ?? 0) / N - expected)).toBeLessThan(0.04);
      }
    }
  });

  it('before any counter is shown, is the situation and the prior alone', () => {
    const { side, obs, hidden } = facingHiddenOrder('face-down enemy order', () => true);
    const enemy = EPIC_SIDES.find((x) => x !== side)!;
    const count = (o: EpicState, order: Order) => {
      const rng = new Rng(seedRng('prior'));
      let k = 0;
      for (let i = 0; i < 2000; i++) {
        const full = determinizeEpic(o, side, rng);
        k += full.dets.filter((d) => hidden.some((h) => h.id === d.id) && d.order === order).length;
      }
      return k / (2000 * hidden.length);
    };
    // A side that has shown only Retraite is believed to give it far more than the prior's 5 %.
    const none = {
      ...obs,
      sides: {
        ...obs.sides,
        [enemy]: { ...obs.sides[enemy], ordersSeen: { charge: 0, avance: 0, tirAppuye: 0, retraite: 0 } },
      },
    };
    const retreats = {
      ...obs,
      sides: {
        ...obs.sides,
        [enemy]: { ...obs.sides[enemy], ordersSeen: { charge: 0, avance: 0, tirAppuye: 0, retraite: 12 } },
      },
    };
    const before = count(none, 'retraite');
    expect(before).toBeLessThan(0.1);
    expect(
      Math.abs(
        count(retreats, 'retraite') -
          (12 / (12 + PRIOR_STRENGTH) + (PRIOR_STRENGTH / (12 + PRIOR_STRENGTH)) * before),
      ),
    ).toBeLessThan(0.04);
  });

  it('counts the orders of a side as its counters turn face up, and an imposed Retraite not at all', () => {
    const states = randomGameStates<EpicState>(
      epicRuleset,
      scenarios.epic![0]!,
      { seed: 'seen', bots: ['b', 'r'] },
      () => true,
    );
    const first = states[0]!;
    let counted = 0;
    for (let i = 1; i < states.length; i++) {
      const [a, b] = [states[i - 1]!, states[i]!];
      for (const side of EPIC_SIDES) {
        const expected: Record<Order, number> = { ...a.sides[side].ordersSeen };
        for (const d of b.dets) {
          const was = a.dets.find((x) => x.id === d.id)!;
          if (d.side !== side || was.revealed || was.order === null) continue;
          // A face-down counter of this side turned face up on this ply, on the order it was given (not a
          // rout's); or the ply ran through the rest of the turn, whose Combat phase shows every counter.
          const shown = d.revealed && (d.order === was.order || d.converted) && !d.routed;
          if (shown || b.turn > a.turn) {
            expected[was.order]++;
            counted++;
          }
        }
        expect(b.sides[side].ordersSeen, `ply ${b.ply}, ${side}`).toEqual(expected);
      }
    }
    expect(ORDERS.every((o) => first.sides.blue.ordersSeen[o] + first.sides.red.ordersSeen[o] === 0)).toBe(
      true,
    );
    expect(counted).toBeGreaterThan(4);
  });
});
