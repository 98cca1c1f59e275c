import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convolve,
  type Distribution,
  d6PoolDistribution,
  d8ExplodingDistribution,
  d20OutcomeDistribution,
  d20SuccessChance,
  damageDistribution,
  distAtLeast,
  distFromSuccessChance,
  distMean,
  distShift,
  REROLLS,
  type Reroll,
  roll2d6PlusStat,
  rollD3,
  rollD6Pool,
  rollD8Exploding,
  rollD20Under,
  rollDamage,
  rollDice,
  rollDirection8,
  rollSave,
  rollScatter,
  saveChance,
  scatterDistanceDistribution,
  singleSuccessChance,
  statRollDistribution,
  sumOfDiceDistribution,
  toDiceRoll,
} from './dice';
import { Rng, seedRng } from './rng';

const EXACT = 1e-12;
const ROLLS = 20_000;
const FREQUENCY = 0.02;

/** Outcome → probability, built by enumeration or by sampling. */
type Tally = Map<number, number>;

const add = (tally: Tally, outcome: number, w: number) => tally.set(outcome, (tally.get(outcome) ?? 0) + w);
const probability = (d: Distribution, outcome: number) => d.p[outcome - d.min] ?? 0;
const total = (d: Distribution) => d.p.reduce((s, x) => s + x, 0);
const faces = (sides: number) => Array.from({ length: sides }, (_, i) => i + 1);

/** Every result of `count` dice with `sides` faces, each equally likely. */
function allRolls(count: number, sides: number): number[][] {
  let rolls: number[][] = [[]];
  for (let i = 0; i < count; i++) rolls = rolls.flatMap((r) => faces(sides).map((f) => [...r, f]));
  return rolls;
}

/** Integer counts of equally likely results → probabilities, dividing once so the fractions stay exact. */
const normalise = (counts: Tally, results: number): Tally =>
  new Map([...counts].map(([outcome, n]) => [outcome, n / results]));

/** The tally of `outcome` over every result of `count` dice with `sides` faces. */
function enumerate(count: number, sides: number, outcome: (dice: number[]) => number): Tally {
  const rolls = allRolls(count, sides);
  const counts: Tally = new Map();
  for (const dice of rolls) add(counts, outcome(dice), 1);
  return normalise(counts, rolls.length);
}

function expectClose(d: Distribution, tally: Tally, tolerance: number) {
  const outcomes = new Set([...tally.keys(), ...d.p.map((_, k) => d.min + k)]);
  for (const o of outcomes) {
    expect(Math.abs(probability(d, o) - (tally.get(o) ?? 0)), `outcome ${o}`).toBeLessThanOrEqual(tolerance);
  }
}

/** The distribution sums to 1 and matches the enumeration bucket by bucket. */
function expectExact(d: Distribution, tally: Tally, tolerance = EXACT) {
  expect(Math.abs(total(d) - 1)).toBeLessThan(EXACT);
  expectClose(d, tally, tolerance);
}

/** 20,000 seeded samples: only possible outcomes, at frequencies within 0.02 of the distribution. */
function expectFrequencies(d: Distribution, sample: (rng: Rng) => number) {
  const rng = new Rng(seedRng('fixed-seed'));
  const frequencies: Tally = new Map();
  for (let i = 0; i < ROLLS; i++) add(frequencies, sample(rng), 1 / ROLLS);
  for (const o of frequencies.keys()) expect(probability(d, o), `outcome ${o}`).toBeGreaterThan(0);
  expectClose(d, frequencies, FREQUENCY);
}

const bernoulli = (q: number): Distribution => ({ min: 0, p: [1 - q, q] });

describe('distribution helpers', () => {
  it('convolve, shift, mean and at-least', () => {
    const d = convolve({ min: -1, p: [0.5, 0.5] }, { min: 2, p: [0.25, 0.75] });
    expect(d.min).toBe(1);
    expect(d.p).toEqual([0.125, 0.5, 0.375]);
    expect(distMean(d)).toBeCloseTo(2.25, 15);
    expect(distAtLeast(d, 2)).toBeCloseTo(0.875, 15);
    expect(distAtLeast(d, 0)).toBe(1);
    expect(distAtLeast(d, 4)).toBe(0);
    expect(distShift(d, 3).min).toBe(4);
  });

  it('distFromSuccessChance matches every sequence of successes and failures', () => {
    for (const q of [0, 1 / 3, 0.5, 7 / 12, 1]) {
      for (let n = 0; n <= 6; n++) {
        const tally: Tally = new Map();
        for (const seq of allRolls(n, 2)) {
          add(
            tally,
            seq.filter((x) => x === 2).length,
            seq.reduce((w, x) => w * (x === 2 ? q : 1 - q), 1),
          );
        }
        expectExact(distFromSuccessChance(n, q), tally);
      }
    }
  });

  it('sumOfDiceDistribution matches all results of up to 4d6, 3d3 and 2d8', () => {
    for (const [count, sides] of [
      [0, 6],
      [1, 6],
      [2, 6],
      [3, 6],
      [4, 6],
      [3, 3],
      [2, 8],
      [1, 20],
    ] as const) {
      expectExact(
        sumOfDiceDistribution(count, sides),
        enumerate(count, sides, (dice) => dice.reduce((s, x) => s + x, 0)),
      );
    }
  });

  it('rollDice draws `count` dice, each face as often as the others', () => {
    const rng = new Rng(seedRng('fixed-seed'));
    expect(rollDice(rng, 5, 8)).toHaveLength(5);
    expectFrequencies(sumOfDiceDistribution(1, 10), (r) => rollDice(r, 1, 10)[0]!);
  });

  it('toDiceRoll leaves out what is absent', () => {
    expect(toDiceRoll('morale', 6, [3, 4])).toEqual({ label: 'morale', sides: 6, dice: [3, 4] });
    expect(toDiceRoll('to hit', 6, [5, 2], 4, [[1, 1]])).toEqual({
      label: 'to hit',
      sides: 6,
      dice: [5, 2],
      target: 4,
      rerolled: [[1, 1]],
    });
    expect(toDiceRoll('to hit', 6, [5], 4, [])).toEqual({ label: 'to hit', sides: 6, dice: [5], target: 4 });
  });
});

describe('d6 pools', () => {
  /** The rules text as a table: what the second d6 needs after a natural 6, by extended target. */
  const SECOND_DIE_NEEDS = new Map([
    [7, 4],
    [8, 5],
    [9, 6],
  ]);

  /** Every outcome of one die against `target`, with its weight in 36ths. */
  function attempts(target: number): { die: number; success: boolean; w: number }[] {
    return faces(6).flatMap((die) => {
      if (target <= 6 || die < 6) return [{ die, success: die >= target, w: 6 }];
      const needs = SECOND_DIE_NEEDS.get(target) ?? 7;
      return faces(6).map((second) => ({ die, success: second >= needs, w: 1 }));
    });
  }

  /**
   * Every branch of a pool: each die's first roll and, when it is re-rolled, each second roll. Weights are
   * integers, each die's out of 36² (a die not re-rolled counts 36 for its missing re-roll).
   */
  function enumeratePool(dice: number, target: number, reroll: Reroll, maxRerolls = dice): Tally {
    const outcomes = attempts(target);
    const counts: Tally = new Map();
    const walk = (i: number, successes: number, rerollsLeft: number, w: number): void => {
      if (i === dice) {
        add(counts, successes, w);
        return;
      }
      for (const first of outcomes) {
        const eligible = reroll === 'failures' || (reroll === 'ones' && first.die === 1);
        if (first.success || !eligible || rerollsLeft === 0) {
          walk(i + 1, successes + Number(first.success), rerollsLeft, w * first.w * 36);
        } else {
          for (const second of outcomes) {
            walk(i + 1, successes + Number(second.success), rerollsLeft - 1, w * first.w * second.w);
          }
        }
      }
    };
    walk(0, 0, reroll === 'failures' ? maxRerolls : dice, 1);
    return normalise(counts, 36 ** (2 * dice));
  }

  it.each([
    [7, 'none', 1 / 12],
    [8, 'none', 1 / 18],
    [9, 'none', 1 / 36],
    [10, 'none', 0],
    [12, 'failures', 0],
    [4, 'ones', 7 / 12],
    [4, 'failures', 3 / 4],
    [2, 'none', 5 / 6],
    [1, 'ones', 1],
    [0, 'none', 1],
    [6, 'ones', 7 / 36],
    [7, 'ones', 1 / 12 + (1 / 6) * (1 / 12)],
    [8, 'failures', 1 / 18 + (17 / 18) * (1 / 18)],
  ] as const)('target %i+ with re-roll %s succeeds with chance %f', (target, reroll, chance) => {
    expect(singleSuccessChance(target, reroll)).toBeCloseTo(chance, 12);
  });

  it('single-die chances match the enumeration of one die', () => {
    for (let target = -1; target <= 11; target++) {
      for (const reroll of REROLLS) {
        expect(singleSuccessChance(target, reroll)).toBeCloseTo(
          enumeratePool(1, target, reroll).get(1) ?? 0,
          12,
        );
      }
    }
  });

  it('pools of up to 4 dice match every branch, re-rolls included', () => {
    for (let target = 0; target <= 10; target++) {
      for (let dice = 0; dice <= 4; dice++) {
        for (const reroll of ['none', 'ones'] as const) {
          expectExact(d6PoolDistribution({ dice, target, reroll }), enumeratePool(dice, target, reroll));
        }
      }
    }
  });

  it('re-rolls of failures match every branch, capped or not', () => {
    for (let target = 1; target <= 10; target++) {
      for (let dice = 0; dice <= (target <= 6 ? 4 : 3); dice++) {
        for (const maxRerolls of [0, 1, 2, dice]) {
          expectExact(
            d6PoolDistribution({ dice, target, reroll: 'failures', maxRerolls }),
            enumeratePool(dice, target, 'failures', maxRerolls),
          );
        }
      }
    }
  });

  it('the distribution sums to 1 and its mean is dice × the single-die chance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: -2, max: 12 }),
        fc.constantFrom(...REROLLS),
        (dice, target, reroll) => {
          // Re-rolls of failures are uncapped here, so each die is independent.
          const d = d6PoolDistribution({ dice, target, reroll });
          expect(Math.abs(total(d) - 1)).toBeLessThan(EXACT);
          expect(Math.abs(distMean(d) - dice * singleSuccessChance(target, reroll))).toBeLessThan(EXACT);
        },
      ),
    );
  });

  it.each([
    { dice: 5, target: 4, reroll: 'ones' as const },
    { dice: 4, target: 3, reroll: 'failures' as const, maxRerolls: 2 },
    { dice: 6, target: 8, reroll: 'failures' as const, maxRerolls: 3 },
    { dice: 3, target: 7, reroll: 'none' as const },
  ])('rolls follow the distribution: %o', (options) => {
    expectFrequencies(d6PoolDistribution(options), (rng) => rollD6Pool(rng, options).successes);
  });

  it('reports its dice faithfully: second dice only after a 6, each die re-rolled at most once', () => {
    const rng = new Rng(seedRng('fixed-seed'));
    for (let i = 0; i < 2000; i++) {
      const target = 2 + (i % 9);
      const reroll = REROLLS[i % 3]!;
      const roll = rollD6Pool(rng, { dice: 4, target, reroll, maxRerolls: 2 });
      const second = new Map(roll.extra);
      expect(roll.rolls).toHaveLength(4);
      for (const [index] of roll.extra) expect(roll.rolls[index]).toBe(6);
      if (target > 6) expect(second.size).toBe(roll.rolls.filter((d) => d === 6).length);
      else expect(roll.extra).toEqual([]);
      expect(new Set(roll.rerolled.map(([index]) => index)).size).toBe(roll.rerolled.length);
      if (reroll === 'none') expect(roll.rerolled).toEqual([]);
      if (reroll === 'ones') expect(roll.rerolled.every(([, old]) => old === 1)).toBe(true);
      if (reroll === 'failures') expect(roll.rerolled.length).toBeLessThanOrEqual(2);
      const successes = roll.rolls.filter((die, index) =>
        target <= 6 ? die >= target : (second.get(index) ?? 0) >= (SECOND_DIE_NEEDS.get(target) ?? 7),
      ).length;
      expect(roll.successes).toBe(successes);
    }
  });

  it('the same seed gives the same roll', () => {
    const options = { dice: 10, target: 7, reroll: 'failures' as const };
    expect(rollD6Pool(new Rng(seedRng('s')), options)).toEqual(rollD6Pool(new Rng(seedRng('s')), options));
  });
});

describe('saves', () => {
  it.each([
    [4, -1, 1 / 3],
    [4, -4, 0],
    [4, 0, 1 / 2],
    [3, 2, 1],
    [7, 0, 0],
    [7, 1, 1 / 6],
  ])('save %i+ with modifier %i succeeds with chance %f', (save, modifier, chance) => {
    expect(saveChance(save, modifier)).toBeCloseTo(chance, 12);
  });

  it('matches all six faces', () => {
    for (let save = 0; save <= 9; save++) {
      for (let modifier = -5; modifier <= 5; modifier++) {
        const tally = enumerate(1, 6, ([die]) => Number(die! + modifier >= save && save - modifier <= 6));
        expectExact(distFromSuccessChance(1, saveChance(save, modifier)), tally);
      }
    }
  });

  it('rolls follow the chance', () => {
    expectFrequencies(bernoulli(saveChance(5, 1)), (rng) =>
      Number(rollSave(rng, { save: 5, modifier: 1 }).success),
    );
  });
});

describe('2d6 + stat and damage', () => {
  it('2d6 + 5 reaches 12 with chance 21/36, boosted with chance 196/216', () => {
    expect(distAtLeast(statRollDistribution(5), 12)).toBeCloseTo(21 / 36, 12);
    expect(distAtLeast(statRollDistribution(5, true), 12)).toBeCloseTo(196 / 216, 12);
  });

  it('totals match all results of 2d6 and 3d6', () => {
    for (const stat of [-2, 0, 5]) {
      for (const boosted of [false, true]) {
        const tally = enumerate(boosted ? 3 : 2, 6, (dice) => stat + dice.reduce((s, x) => s + x, 0));
        expectExact(statRollDistribution(stat, boosted), tally);
      }
    }
  });

  it('damage matches all results, floored at 0', () => {
    const d = damageDistribution({ power: 12, armour: 15 });
    expect(probability(d, 0)).toBeCloseTo(3 / 36, 12);
    expect(distMean(d)).toBeCloseTo(145 / 36, 12);
    for (const [power, armour] of [
      [12, 15],
      [10, 10],
      [8, 30],
      [14, 2],
    ]) {
      for (const boosted of [false, true]) {
        const tally = enumerate(boosted ? 3 : 2, 6, (dice) =>
          Math.max(0, power! + dice.reduce((s, x) => s + x, 0) - armour!),
        );
        expectExact(damageDistribution({ power: power!, armour: armour!, boosted }), tally);
      }
    }
  });

  it('rolls follow the distributions', () => {
    expectFrequencies(statRollDistribution(4), (rng) => roll2d6PlusStat(rng, { stat: 4, target: 11 }).total);
    expectFrequencies(
      statRollDistribution(4, true),
      (rng) => roll2d6PlusStat(rng, { stat: 4, target: 11, boosted: true }).total,
    );
    expectFrequencies(bernoulli(distAtLeast(statRollDistribution(4), 11)), (rng) =>
      Number(roll2d6PlusStat(rng, { stat: 4, target: 11 }).success),
    );
    const options = { power: 12, armour: 16, boosted: true };
    expectFrequencies(damageDistribution(options), (rng) => rollDamage(rng, options).damage);
  });
});

describe('d8 pools where 8s explode', () => {
  /** Every face sequence, each 8 adding a die until the cap; chains past `depth` explosions are left out. */
  function enumerateD8(dice: number, target: number, maxExplosions: number, depth: number) {
    const tally: Tally = new Map();
    let lost = 0;
    const walk = (pending: number, explosions: number, successes: number, w: number): void => {
      if (pending === 0) add(tally, successes, w);
      else if (explosions > depth) lost += w;
      else {
        for (const face of faces(8)) {
          const explodes = face === 8 && explosions < maxExplosions;
          const success = face === 8 || face >= target;
          walk(
            pending - 1 + Number(explodes),
            explosions + Number(explodes),
            successes + Number(success),
            w / 8,
          );
        }
      }
    };
    walk(dice, 0, 0, 1);
    return { tally, lost };
  }

  it('matches every face sequence, to 20 explosions', () => {
    for (const target of [0, 1, 4, 5, 8, 9]) {
      for (let dice = 0; dice <= 3; dice++) {
        const { tally, lost } = enumerateD8(dice, target, Infinity, 20);
        expect(lost).toBeLessThan(1e-12);
        expectExact(d8ExplodingDistribution({ dice, target }), tally, lost + EXACT);
      }
    }
  });

  it('matches every face sequence with a cap on explosions', () => {
    for (const target of [3, 6]) {
      for (let dice = 0; dice <= 4; dice++) {
        for (const maxExplosions of [0, 1, 3]) {
          const { tally, lost } = enumerateD8(dice, target, maxExplosions, maxExplosions);
          expect(lost).toBe(0);
          expectExact(d8ExplodingDistribution({ dice, target, maxExplosions }), tally);
        }
      }
    }
  });

  it('the mean is dice × (1 + hitting faces) / 7', () => {
    expect(distMean(d8ExplodingDistribution({ dice: 1, target: 5 }))).toBeCloseTo(4 / 7, 12);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 10 }), (dice, target) => {
        const d = d8ExplodingDistribution({ dice, target });
        const hitting = Math.min(7, Math.max(0, 8 - target));
        expect(Math.abs(total(d) - 1)).toBeLessThan(EXACT);
        expect(Math.abs(distMean(d) - (dice * (1 + hitting)) / 7)).toBeLessThan(1e-10);
      }),
    );
  });

  it.each([
    { dice: 4, target: 5 },
    { dice: 6, target: 4, maxExplosions: 1 },
  ])('rolls follow the distribution: %o', (options) => {
    expectFrequencies(d8ExplodingDistribution(options), (rng) => rollD8Exploding(rng, options).successes);
  });

  it('each granted explosion adds a die', () => {
    const rng = new Rng(seedRng('fixed-seed'));
    for (let i = 0; i < 2000; i++) {
      const roll = rollD8Exploding(rng, { dice: 3, target: 6, maxExplosions: i % 4 });
      const eights = roll.rolls.filter((d) => d === 8).length;
      expect(roll.explosions).toBe(Math.min(eights, i % 4));
      expect(roll.rolls).toHaveLength(3 + roll.explosions);
      expect(roll.successes).toBe(roll.rolls.filter((d) => d >= 6).length);
    }
  });
});

describe('d20 roll-under', () => {
  /** The outcome of one face: 0 fail, 1 plain success, 2 critical. */
  const outcomeOf = (die: number, target: number) => {
    if (die === 20 || (die > target && die !== 1)) return 0;
    return die === target ? 2 : 1;
  };

  it.each([
    [12, 12 / 20],
    [25, 19 / 20],
    [20, 19 / 20],
    [0, 1 / 20],
    [1, 1 / 20],
  ])('target %i succeeds with chance %f', (target, chance) => {
    expect(d20SuccessChance(target)).toBeCloseTo(chance, 12);
  });

  it('matches all twenty faces', () => {
    for (let target = -2; target <= 25; target++) {
      const tally = enumerate(1, 20, ([die]) => outcomeOf(die!, target));
      const { fail, success, critical } = d20OutcomeDistribution(target);
      expectExact({ min: 0, p: [fail, success, critical] }, tally);
      expect(d20SuccessChance(target)).toBeCloseTo(success + critical, 12);
    }
  });

  it.each([12, 25, 1, -3])('rolls under %i follow the distribution', (target) => {
    const { fail, success, critical } = d20OutcomeDistribution(target);
    expectFrequencies({ min: 0, p: [fail, success, critical] }, (rng) => {
      const roll = rollD20Under(rng, { target });
      const outcome = roll.critical ? 2 : Number(roll.success);
      expect(roll.fumble).toBe(roll.die === 20);
      expect(outcome).toBe(outcomeOf(roll.die, target));
      return outcome;
    });
  });
});

describe('d3, scatter and directions', () => {
  it('a d3 is ceil(d6 / 2), uniform on 1..3', () => {
    expectExact(
      sumOfDiceDistribution(1, 3),
      enumerate(1, 6, ([die]) => Math.ceil(die! / 2)),
    );
    expectFrequencies(sumOfDiceDistribution(1, 3), rollD3);
  });

  it('the scatter distance matches every face of the scatter die and the distance dice', () => {
    for (const distanceDice of [0, 1, 2, 3]) {
      for (const hitFaces of [0, 2, 6]) {
        const tally = enumerate(1 + distanceDice, 6, ([scatter, ...dice]) =>
          scatter! <= hitFaces ? 0 : dice.reduce((s, x) => s + x, 0),
        );
        expectExact(scatterDistanceDistribution({ distanceDice, hitFaces }), tally);
      }
    }
  });

  it('scatter rolls follow the distribution, with a uniform direction', () => {
    const angles: number[] = [];
    expectFrequencies(scatterDistanceDistribution({ distanceDice: 2 }), (rng) => {
      const roll = rollScatter(rng, { distanceDice: 2 });
      expect(roll.dice).toHaveLength(roll.hit ? 0 : 2);
      expect(roll.distance).toBe(roll.dice.reduce((s, x) => s + x, 0));
      if (!roll.hit) angles.push(roll.angle);
      return roll.distance;
    });
    expect(angles.length / ROLLS).toBeCloseTo(2 / 3, 1);
    expect(Math.min(...angles)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...angles)).toBeLessThan(2 * Math.PI);
    const quarters = [0, 1, 2, 3].map(
      (q) => angles.filter((a) => Math.floor(a / (Math.PI / 2)) === q).length,
    );
    for (const n of quarters) expect(Math.abs(n / angles.length - 1 / 4)).toBeLessThan(FREQUENCY);
  });

  it('a compass direction is uniform on 0..7', () => {
    expectFrequencies(distShift(sumOfDiceDistribution(1, 8), -1), rollDirection8);
  });
});
