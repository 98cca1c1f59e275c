/** The `epic` evaluation the bots and the search value positions with (candidates.ts `epicEvaluate`). */
import { describe, expect, it } from 'vitest';
import { one1, position, reserves } from '../../../test/helpers/epic';
import { epicEvaluate, epicYardstick } from './candidates';
import { holderAfterCount, objectiveCount } from './rules';
import type { EpicSide, EpicState } from './types';

const OBJ = { id: 'obj', x: 75, y: 50, value: 100 };

/**
 * Two red tactical bases at `dx` cm east of the objective, one blue base far away; `holder` holds it. On a
 * Retraite order the bases stand where they are but do not count (C14).
 */
function at(dx: number, holder: EpicSide | null, retraite = false): EpicState {
  const s = position({
    dets: [
      {
        id: 'tac',
        side: 'red',
        bases: [
          { id: 't1', profile: 'tactical', x: 75 + dx, y: 48 },
          { id: 't2', profile: 'tactical', x: 75 + dx, y: 52 },
        ],
      },
      one1('boyz', 'blue', 'boyz', 20, 50),
      ...reserves(),
    ],
    objectives: [OBJ],
  });
  s.objectives[0]!.holder = holder;
  if (retraite) s.dets.find((d) => d.id === 'tac')!.order = 'retraite';
  return s;
}

describe('epic evaluation: objectives (C14)', () => {
  it('C14: counts what the Phase Finale would count now: two infantry bases within 10 cm lead by 2', () => {
    const near = at(5, null);
    expect(objectiveCount(near, near.objectives[0]!)).toEqual({ blue: 0, red: 2 });
    expect(holderAfterCount(near.objectives[0]!, objectiveCount(near, near.objectives[0]!))).toBe('red');
    const far = at(20, null);
    expect(objectiveCount(far, far.objectives[0]!)).toEqual({ blue: 0, red: 0 });
    expect(holderAfterCount(far.objectives[0]!, { blue: 0, red: 0 })).toBeNull();
    // no lead of 2: the holder keeps it
    expect(holderAfterCount({ ...OBJ, holder: 'blue' }, { blue: 1, red: 2 })).toBe('blue');
  });

  it('values an objective about to be taken above one out of reach, and below one held and kept', () => {
    // The same places, counted or not (Retraite): only what the Phase Finale would count differs.
    expect(epicEvaluate(at(5, null), 'red')).toBeGreaterThan(epicEvaluate(at(5, null, true), 'red') + 0.05);
    expect(epicEvaluate(at(5, 'blue'), 'red')).toBeGreaterThan(
      epicEvaluate(at(5, 'blue', true), 'red') + 0.05,
    );
    const out = epicEvaluate(at(20, null), 'red');
    const taking = epicEvaluate(at(5, null), 'red');
    const kept = epicEvaluate(at(5, 'red'), 'red');
    const lost = epicEvaluate(at(20, 'blue'), 'red');
    const retaking = epicEvaluate(at(5, 'blue'), 'red');
    expect(taking).toBeGreaterThan(out);
    expect(kept).toBeGreaterThan(taking);
    expect(retaking).toBeGreaterThan(lost);
    expect(retaking).toBeLessThan(taking);
    // the same for the other side, mirrored
    expect(epicEvaluate(at(5, null), 'blue')).toBeLessThan(epicEvaluate(at(20, null), 'blue'));
  });
});

describe('epic evaluation: the turn limit (C14)', () => {
  it('C14: strength kept counts less as the last turn nears; victory points count the same', () => {
    const hurt = (turn: number, holder: EpicSide | null) => {
      const s = at(20, holder);
      s.turn = turn;
      s.turnLimit = 4;
      s.bases.find((b) => b.id === 't1')!.alive = false;
      return s;
    };
    // red lost a base: worse for red, less so in the last turn than in the first
    const first = epicEvaluate(hurt(1, null), 'red');
    const last = epicEvaluate(hurt(4, null), 'red');
    expect(first).toBeLessThan(0);
    expect(last).toBeLessThan(0);
    expect(last).toBeGreaterThan(first);
    // an objective held is worth the same whatever the turn
    const held = (turn: number) =>
      epicEvaluate(hurt(turn, 'red'), 'red') - epicEvaluate(hurt(turn, null), 'red');
    expect(held(4)).toBeCloseTo(held(1), 10);
    expect(held(4)).toBeGreaterThan(0);
  });
});

describe('epic evaluation: Destruction Points (C14)', () => {
  /** Red holds the objective (100 points) or not; blue has `dp` Destruction Points. */
  const score = (holder: EpicSide | null, dp: number) => {
    const s = at(20, holder);
    s.sides.blue.dp = dp;
    return s;
  };

  it('C14: weighs Destruction Points one for one with objective points, as the score adds them', () => {
    // An objective held at the price of a Broken 120-point detachment is a net loss of 20 points.
    expect(epicEvaluate(score('red', 120), 'red')).toBeLessThan(epicEvaluate(score(null, 0), 'red'));
    // at 80 points, it is a net gain of 20
    expect(epicEvaluate(score('red', 80), 'red')).toBeGreaterThan(epicEvaluate(score(null, 0), 'red'));
    // 100 Destruction Points cost what a 100-point objective brings: they cancel out
    expect(epicEvaluate(score('red', 100), 'red')).toBeCloseTo(epicEvaluate(score(null, 0), 'red'), 10);
    // the other side sees the mirror
    expect(epicEvaluate(score('red', 120), 'blue')).toBeGreaterThan(epicEvaluate(score(null, 0), 'blue'));
  });

  it("keeps greedy's yardstick as it was: Destruction Points at a tenth of the score", () => {
    // The first version's flaw, frozen so that tuning the search's evaluation does not move greedy.
    expect(epicYardstick(score('red', 120), 'red')).toBeGreaterThan(epicYardstick(score(null, 0), 'red'));
    const tenth = epicYardstick(score(null, 0), 'red') - epicYardstick(score(null, 100), 'red');
    const full = epicEvaluate(score(null, 0), 'red') - epicEvaluate(score(null, 100), 'red');
    expect(full).toBeCloseTo(10 * tenth, 10);
    // everything else is the same evaluation
    expect(epicYardstick(score('red', 0), 'red')).toBeCloseTo(epicEvaluate(score('red', 0), 'red'), 10);
  });
});
