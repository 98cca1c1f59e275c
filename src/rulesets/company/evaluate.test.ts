/** The `company` evaluation the search values positions with, and the frozen one greedy plays on (candidates.ts). */
import { describe, expect, it } from 'vitest';
import { position } from '../../../test/helpers/company';
import { companyRuleset } from '.';
import { companyEvaluate, companyYardstick } from './candidates';
import type { CompanyState } from './types';

/** Two combatants a side in their corners, far apart; one objective in the middle, held by nobody. */
function base(turn: number): CompanyState {
  const s = position({
    units: [
      { id: 'b1', side: 'blue', profile: 'vargas', x: 3, y: 3 },
      { id: 'b2', side: 'blue', profile: 'anna', x: 3, y: 8 },
      { id: 'r1', side: 'red', profile: 'bourreau', x: 27, y: 3 },
      { id: 'r2', side: 'red', profile: 'damne', x: 27, y: 8 },
    ],
    objectives: [{ id: 'pont', x: 15, y: 12, value: 30 }],
    turnLimit: 5,
  });
  s.turn = turn;
  return s;
}

/** Red's `r2` wounded to 1 PV: strength lost, no point scored (C11 counts kills and objectives only). */
function wounded(turn: number): CompanyState {
  const s = base(turn);
  s.units.find((u) => u.id === 'r2')!.pv = 1;
  return s;
}

/** Red's `r1` standing on the objective (C11: held by the only side within 1 toise). */
function holding(turn: number): CompanyState {
  const s = base(turn);
  const r1 = s.units.find((u) => u.id === 'r1')!;
  r1.x = 15;
  r1.y = 12;
  return s;
}

describe('company evaluation: the turn limit (C11)', () => {
  it('C11: strength kept counts less as the last turn nears; objectives held count the same', () => {
    const hurt = (turn: number) => companyEvaluate(wounded(turn), 'red') - companyEvaluate(base(turn), 'red');
    expect(hurt(1)).toBeLessThan(0);
    expect(hurt(5)).toBeLessThan(0);
    expect(hurt(5)).toBeGreaterThan(hurt(1) * 0.6);
    const held = (turn: number) => companyEvaluate(holding(turn), 'red') - companyEvaluate(base(turn), 'red');
    expect(held(1)).toBeGreaterThan(0);
    expect(held(5)).toBeCloseTo(held(1), 10);
    // the same for the other side, mirrored
    expect(companyEvaluate(wounded(5), 'blue') - companyEvaluate(base(5), 'blue')).toBeCloseTo(-hurt(5), 10);
  });

  it('C11: kill points count the same in every turn', () => {
    // r2 dead in both; only the points blue scored for it differ
    const scored = (turn: number, kills: number) => {
      const s = base(turn);
      s.units.find((u) => u.id === 'r2')!.alive = false;
      s.sides.blue.kills = kills;
      return companyEvaluate(s, 'blue');
    };
    const points = (turn: number) => scored(turn, 20) - scored(turn, 0);
    expect(points(1)).toBeGreaterThan(0);
    expect(points(5)).toBeCloseTo(points(1), 10);
  });
});

describe('company evaluation: the scale of the score (C11)', () => {
  it('C11: an objective point held weighs what a kill point weighs (the score adds them)', () => {
    // Red on the 30-point objective, against red with 30 more kill points and nobody on it.
    const held = companyEvaluate(holding(3), 'red') - companyEvaluate(base(3), 'red');
    const killed = (() => {
      const s = base(3);
      s.sides.red.kills = 30;
      return companyEvaluate(s, 'red') - companyEvaluate(base(3), 'red');
    })();
    expect(killed).toBeGreaterThan(0);
    expect(held).toBeCloseTo(killed, 10);
  });
});

describe('company yardstick (greedy)', () => {
  it('greedy plays on the frozen evaluation, not on the one the search uses', () => {
    expect(companyRuleset.yardstick).toBe(companyYardstick);
    expect(companyRuleset.evaluate).toBe(companyEvaluate);
    // the two differ where strength is at stake in the last turn
    expect(companyYardstick(wounded(5), 'red')).not.toBeCloseTo(companyEvaluate(wounded(5), 'red'), 6);
  });
});
