/**
 * Fixing dice through the seeded RNG: find an RNG state whose next d6 draws are exactly `dice`. The rules
 * then roll those dice through their normal path; nothing is stubbed.
 */
import { Rng, type RngState, seedRng } from '../../src/engine/rng';

const cache = new Map<string, RngState>();

export function rngForDice(dice: number[], sides = 6): RngState {
  const key = `${sides}:${dice.join(',')}`;
  const hit = cache.get(key);
  if (hit) return { ...hit };
  if (dice.length > 7) throw new Error('rngForDice: at most 7 dice per search (6^7 seeds)');
  for (let k = 0; k < 50_000_000; k++) {
    const state = seedRng(`dice:${k}`);
    const rng = new Rng(state);
    let i = 0;
    while (i < dice.length && rng.die(sides) === dice[i]) i++;
    if (i === dice.length) {
      cache.set(key, state);
      return { ...state };
    }
  }
  throw new Error(`no seed found for ${key}`);
}
