/**
 * The dice kit: every dice form the five games use, each as a roll (dice drawn from an `Rng`, and the
 * result) and as the exact distribution of that result, computed by convolution so a dialog can show the
 * odds before anything is rolled.
 */
import type { DiceRoll } from './contract';
import type { Rng } from './rng';

/** Exact distribution over integer outcomes: p[k] = probability of outcome (min + k). Sums to 1. */
export interface Distribution {
  min: number;
  p: number[];
}

const point = (value: number): Distribution => ({ min: value, p: [1] });
const sum = (values: number[]): number => values.reduce((total, v) => total + v, 0);

/** The expected outcome. */
export function distMean(d: Distribution): number {
  return d.p.reduce((mean, x, k) => mean + x * (d.min + k), 0);
}

/** P(outcome ≥ k). */
export function distAtLeast(d: Distribution, k: number): number {
  return d.p.reduce((total, x, i) => (d.min + i >= k ? total + x : total), 0);
}

/** The distribution of (outcome + by). */
export function distShift(d: Distribution, by: number): Distribution {
  return { min: d.min + by, p: d.p };
}

/** The distribution of the sum of two independent outcomes. */
export function convolve(a: Distribution, b: Distribution): Distribution {
  const p = new Array<number>(a.p.length + b.p.length - 1).fill(0);
  a.p.forEach((x, i) => {
    b.p.forEach((y, j) => {
      p[i + j] = (p[i + j] ?? 0) + x * y;
    });
  });
  return { min: a.min + b.min, p };
}

/** The weighted sum of distributions (the weights sum to 1). */
function mixture(parts: [number, Distribution][]): Distribution {
  const min = Math.min(...parts.map(([, d]) => d.min));
  const p: number[] = [];
  for (const [w, d] of parts) {
    d.p.forEach((x, k) => {
      const i = d.min - min + k;
      p[i] = (p[i] ?? 0) + w * x;
    });
  }
  return { min, p: Array.from(p, (x) => x ?? 0) };
}

/** Binomial: the number of successes among `n` independent tries that each succeed with chance `q`. */
export function distFromSuccessChance(n: number, q: number): Distribution {
  const trial: Distribution = { min: 0, p: [1 - q, q] };
  return Array.from({ length: n }).reduce<Distribution>((d) => convolve(d, trial), point(0));
}

/** The sum of `count` dice with `sides` faces each. */
export function sumOfDiceDistribution(count: number, sides: number): Distribution {
  const die: Distribution = { min: 1, p: new Array<number>(sides).fill(1 / sides) };
  return Array.from({ length: count }).reduce<Distribution>((d) => convolve(d, die), point(0));
}

/** `count` dice with `sides` faces each. */
export function rollDice(rng: Rng, count: number, sides: number): number[] {
  return Array.from({ length: count }, () => rng.die(sides));
}

/** A group of dice as the event log records it. */
export function toDiceRoll(
  label: string,
  sides: number,
  dice: number[],
  target?: number,
  rerolled?: [number, number][],
): DiceRoll {
  return {
    label,
    sides,
    dice,
    ...(target === undefined ? {} : { target }),
    ...(rerolled?.length ? { rerolled } : {}),
  };
}

// --- d6 pools against a target ---------------------------------------------------------------------------

export const REROLLS = ['none', 'ones', 'failures'] as const;
/** Which failed dice get one re-roll: none, the natural 1s (Tir Appuyé), or any failure (Elite). */
export type Reroll = (typeof REROLLS)[number];

export interface D6PoolOptions {
  dice: number;
  /** Each die must reach this. 7+, 8+, 9+: a natural 6, then 4+, 5+, 6 on a second d6; 10+ is impossible. */
  target: number;
  reroll?: Reroll;
  /** With `reroll: 'failures'`, at most this many dice are re-rolled: the first failures in order. Default: all. */
  maxRerolls?: number;
}

export interface D6PoolRoll {
  /** The final natural value of each die. */
  rolls: number[];
  /** [index, first value] of each re-rolled die; a die is re-rolled at most once and the second result stands. */
  rerolled: [number, number][];
  /** [index, second d6] for each final natural 6 under an extended target (a re-rolled attempt's is not kept). */
  extra: [number, number][];
  successes: number;
}

interface Attempt {
  die: number;
  second?: number;
  success: boolean;
}

/** One die against `target`: under an extended target a natural 6 draws a second d6, which needs target − 3. */
function rollAttempt(rng: Rng, target: number): Attempt {
  const die = rng.die(6);
  if (target <= 6 || die < 6) return { die, success: die >= target };
  const second = rng.die(6);
  return { die, second, success: second >= target - 3 };
}

/** One attempt's chance against `target`, before any re-roll. */
function attemptChance(target: number): number {
  return target <= 6 ? Math.min(1, (7 - target) / 6) : Math.max(0, 10 - target) / 36;
}

/** Exact chance that one d6 succeeds against `target` (extended rule included), with its re-roll. */
export function singleSuccessChance(target: number, reroll: Reroll = 'none'): number {
  const q = attemptChance(target);
  const retried = reroll === 'failures' ? 1 - q : reroll === 'ones' && target > 1 ? 1 / 6 : 0;
  return q + retried * q;
}

/** Rolls a d6 pool: every die against `target`, then one re-roll of each eligible failed die. */
export function rollD6Pool(
  rng: Rng,
  { dice, target, reroll = 'none', maxRerolls = dice }: D6PoolOptions,
): D6PoolRoll {
  const out: D6PoolRoll = { rolls: [], rerolled: [], extra: [], successes: 0 };
  let rerollsLeft = reroll === 'failures' ? maxRerolls : dice;
  Array.from({ length: dice }, () => rollAttempt(rng, target)).forEach((first, i) => {
    let attempt = first;
    const eligible = reroll === 'failures' || (reroll === 'ones' && first.die === 1);
    if (!first.success && eligible && rerollsLeft > 0) {
      rerollsLeft--;
      out.rerolled.push([i, first.die]);
      attempt = rollAttempt(rng, target);
    }
    out.rolls.push(attempt.die);
    if (attempt.second !== undefined) out.extra.push([i, attempt.second]);
    if (attempt.success) out.successes++;
  });
  return out;
}

/**
 * Exact distribution of a d6 pool's successes. With 'failures' the first roll is binomial, then
 * min(failures, maxRerolls) dice are re-rolled.
 */
export function d6PoolDistribution({
  dice,
  target,
  reroll = 'none',
  maxRerolls = dice,
}: D6PoolOptions): Distribution {
  if (reroll !== 'failures') return distFromSuccessChance(dice, singleSuccessChance(target, reroll));
  const q = attemptChance(target);
  return mixture(
    distFromSuccessChance(dice, q).p.map((w, hits): [number, Distribution] => [
      w,
      distShift(distFromSuccessChance(Math.min(dice - hits, maxRerolls), q), hits),
    ]),
  );
}

// --- saves -----------------------------------------------------------------------------------------------

export interface SaveOptions {
  save: number;
  modifier?: number;
}

/** Rolls a save: d6 + modifier must reach `save`. No extended rule: a save needing 7+ on the die fails. */
export function rollSave(rng: Rng, { save, modifier = 0 }: SaveOptions): { die: number; success: boolean } {
  const die = rng.die(6);
  return { die, success: die + modifier >= save };
}

/** Exact chance of a save: the d6 needs save − modifier; above 6 is impossible, 1 or less is sure. */
export function saveChance(save: number, modifier = 0): number {
  return Math.min(6, Math.max(0, 7 - save + modifier)) / 6;
}

// --- 2d6 + stat (Warmachine) -----------------------------------------------------------------------------

export interface StatRollOptions {
  stat: number;
  target: number;
  /** A boosted roll adds a third die. */
  boosted?: boolean;
}

export interface StatRoll {
  dice: number[];
  total: number;
  success: boolean;
}

/** Rolls 2d6 + stat (3d6 + stat when boosted): success iff the total reaches `target`. */
export function roll2d6PlusStat(rng: Rng, { stat, target, boosted = false }: StatRollOptions): StatRoll {
  const dice = rollDice(rng, boosted ? 3 : 2, 6);
  const total = stat + sum(dice);
  return { dice, total, success: total >= target };
}

/** Exact distribution of 2d6 + stat (3d6 when boosted); `distAtLeast(d, target)` is the chance of success. */
export function statRollDistribution(stat: number, boosted = false): Distribution {
  return distShift(sumOfDiceDistribution(boosted ? 3 : 2, 6), stat);
}

export interface DamageOptions {
  power: number;
  armour: number;
  boosted?: boolean;
}

/** Rolls Warmachine damage: 2d6 (3d6 boosted) + power; damage = max(0, total − armour). */
export function rollDamage(
  rng: Rng,
  { power, armour, boosted = false }: DamageOptions,
): { dice: number[]; total: number; damage: number } {
  const { dice, total } = roll2d6PlusStat(rng, { stat: power, target: armour, boosted });
  return { dice, total, damage: Math.max(0, total - armour) };
}

/** Exact distribution of the damage dealt: max(0, 2d6 (3d6 boosted) + power − armour). */
export function damageDistribution({ power, armour, boosted = false }: DamageOptions): Distribution {
  const total = statRollDistribution(power - armour, boosted);
  return mixture(total.p.map((w, k): [number, Distribution] => [w, point(Math.max(0, total.min + k))]));
}

// --- d8 pools where 8s explode (Deadzone) ----------------------------------------------------------------

export interface D8ExplodingOptions {
  dice: number;
  /** A die at or above this succeeds; an 8 always succeeds. */
  target: number;
  /** At most this many dice are added by 8s; an 8 past the cap still succeeds. Default: no cap. */
  maxExplosions?: number;
}

export interface D8ExplodingRoll {
  /** Every die rolled, the added ones after the first `dice`. */
  rolls: number[];
  /** Dice added by 8s. */
  explosions: number;
  successes: number;
}

/** Rolls a d8 pool: each die ≥ target succeeds; each 8 succeeds and adds a die, which may explode again. */
export function rollD8Exploding(
  rng: Rng,
  { dice, target, maxExplosions = Infinity }: D8ExplodingOptions,
): D8ExplodingRoll {
  const out: D8ExplodingRoll = { rolls: [], explosions: 0, successes: 0 };
  for (let pending = dice; pending > 0; pending--) {
    const die = rng.die(8);
    out.rolls.push(die);
    if (die === 8 || die >= target) out.successes++;
    if (die === 8 && out.explosions < maxExplosions) {
      out.explosions++;
      pending++;
    }
  }
  return out;
}

/** Explosions counted past the pool size by `d8ExplodingDistribution` when there is no cap. */
const EXPLOSION_HORIZON = 64;

/**
 * Exact distribution of a d8 pool's successes, by dynamic programming over (dice left to roll, explosions
 * left to grant). With no `maxExplosions`, explosions are granted up to dice + 64; past that an 8 still
 * succeeds but adds no die. That moves less than 1e-55 of the mass (the chance of so many explosions),
 * and the distribution still sums to 1; its far buckets (up to 2 × dice + 64) hold negligible mass.
 */
export function d8ExplodingDistribution({
  dice,
  target,
  maxExplosions = Infinity,
}: D8ExplodingOptions): Distribution {
  const hitFaces = Math.min(7, Math.max(0, 8 - target));
  const [explode, hit, miss] = [1 / 8, hitFaces / 8, (7 - hitFaces) / 8];
  // row[p]: the successes still to come with p dice left to roll and b explosions left to grant.
  let row = Array.from({ length: dice + 1 }, (_, p) => distFromSuccessChance(p, explode + hit));
  for (let b = 1; b <= Math.min(maxExplosions, dice + EXPLOSION_HORIZON); b++) {
    const next = [point(0)];
    for (let p = 1; p <= dice; p++) {
      const rest = next[p - 1]!;
      next.push(
        mixture([
          [explode, distShift(row[p]!, 1)],
          [hit, distShift(rest, 1)],
          [miss, rest],
        ]),
      );
    }
    row = next;
  }
  return row[dice]!;
}

// --- d20 roll-under (Warzone) ----------------------------------------------------------------------------

export interface D20Roll {
  die: number;
  success: boolean;
  /** A success on exactly the target. */
  critical: boolean;
  /** A natural 20. */
  fumble: boolean;
}

/** Rolls a d20 under `target`: success iff die ≤ target, but a natural 1 always succeeds and a 20 always fails. */
export function rollD20Under(rng: Rng, { target }: { target: number }): D20Roll {
  const die = rng.die(20);
  const success = die === 1 || (die < 20 && die <= target);
  return { die, success, critical: success && die === target, fumble: die === 20 };
}

/** Exact chance that a d20 roll under `target` succeeds, criticals included. */
export function d20SuccessChance(target: number): number {
  return Math.min(19, Math.max(1, target)) / 20;
}

/** Exact outcomes of a d20 roll under `target`; `success` excludes criticals, so the three sum to 1. */
export function d20OutcomeDistribution(target: number): { fail: number; success: number; critical: number } {
  const critical = target >= 1 && target <= 19 ? 1 / 20 : 0;
  const success = d20SuccessChance(target) - critical;
  return { fail: 1 - success - critical, success, critical };
}

// --- d3, scatter, directions -----------------------------------------------------------------------------

/** Rolls a d3 as ceil(d6 / 2); its distribution is uniform on 1..3: `sumOfDiceDistribution(1, 3)`. */
export function rollD3(rng: Rng): number {
  return Math.ceil(rng.die(6) / 2);
}

export interface ScatterOptions {
  /** How many d6 give the distance, in the table's unit. */
  distanceDice: number;
  /** Faces of the 6-faced scatter die that show "Hit" (no scatter). Default 2. */
  hitFaces?: number;
}

export interface ScatterRoll {
  hit: boolean;
  /** Direction in radians, uniform over [0, 2π); 0 on a hit. */
  angle: number;
  /** 0 on a hit. */
  distance: number;
  /** The distance dice; none on a hit. */
  dice: number[];
}

/** Rolls a scatter: the scatter die, then unless it shows a hit a uniform direction and the distance dice. */
export function rollScatter(rng: Rng, { distanceDice, hitFaces = 2 }: ScatterOptions): ScatterRoll {
  if (rng.int(6) < hitFaces) return { hit: true, angle: 0, distance: 0, dice: [] };
  const angle = rng.next() * 2 * Math.PI;
  const dice = rollDice(rng, distanceDice, 6);
  return { hit: false, angle, distance: sum(dice), dice };
}

/** A die-based scatter: the scatter die, the direction die and the distance dice, all drawn as dice. */
export interface ScatterDiceRoll extends ScatterRoll {
  /** The scatter die (1..6): at or below `hitFaces` it shows "Hit". */
  scatterDie: number;
  /** The direction die (1..`directions`), or 0 on a hit. */
  direction: number;
}

/**
 * Rolls a scatter with dice only, so a test can fix every die through the seeded RNG: a D6 scatter die (its
 * first `hitFaces` faces show "Hit": no scatter), then a direction die with `directions` faces (face k points
 * at (k − 1) · 360° / directions from the table's +x axis, towards +y), then the distance dice.
 */
export function rollScatterDice(
  rng: Rng,
  { distanceDice, hitFaces = 2, directions = 6 }: ScatterOptions & { directions?: number },
): ScatterDiceRoll {
  const scatterDie = rng.die(6);
  if (scatterDie <= hitFaces) return { hit: true, angle: 0, distance: 0, dice: [], scatterDie, direction: 0 };
  const direction = rng.die(directions);
  const dice = rollDice(rng, distanceDice, 6);
  return {
    hit: false,
    angle: ((direction - 1) * 2 * Math.PI) / directions,
    distance: sum(dice),
    dice,
    scatterDie,
    direction,
  };
}

/** Exact distribution of a scatter's distance: 0 on a hit, else the sum of the distance dice. */
export function scatterDistanceDistribution({ distanceDice, hitFaces = 2 }: ScatterOptions): Distribution {
  const hit = hitFaces / 6;
  return mixture([
    [hit, point(0)],
    [1 - hit, sumOfDiceDistribution(distanceDice, 6)],
  ]);
}

/** Rolls a d8 compass direction for cube-grid scatter: 0..7, in 45° steps from the grid's first direction. */
export function rollDirection8(rng: Rng): number {
  return rng.int(8);
}
