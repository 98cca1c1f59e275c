/**
 * The seeded RNG. Its whole state is plain data kept inside the game state, so the same seed and the
 * same actions give the same game, and a state crosses a Worker or a JSON file without losing its dice.
 * It wraps seedrandom's Alea generator (small state, fast). Nothing else in the engine, the rulesets or
 * the AI may draw random numbers: a test (test/purity.test.ts) greps for Math.random and Date.now.
 */
import seedrandom from 'seedrandom';

/** Alea's state as seedrandom exports it: four numbers. */
export interface RngState {
  c: number;
  s0: number;
  s1: number;
  s2: number;
}

type AleaPrng = seedrandom.PRNG & { state(): RngState };

export function seedRng(seed: string): RngState {
  const prng = seedrandom.alea(seed, { state: true }) as AleaPrng;
  return prng.state();
}

/** A live generator. Restore it from a state, draw, then write `state()` back into the game state. */
export class Rng {
  private prng: AleaPrng;
  draws = 0;
  constructor(state: RngState) {
    this.prng = seedrandom.alea('', { state }) as AleaPrng;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.draws++;
    return this.prng();
  }
  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** One die with `sides` faces: 1..sides. */
  die(sides: number): number {
    return 1 + this.int(sides);
  }
  state(): RngState {
    return this.prng.state();
  }
}

/**
 * Run `fn` with a live generator restored from `holder.rng`, then store the advanced state back.
 * The holder is mutated: call it only on a state the caller owns.
 */
export function withRng<T>(holder: { rng: RngState }, fn: (rng: Rng) => T): T {
  const rng = new Rng(holder.rng);
  const out = fn(rng);
  if (rng.draws > 0) holder.rng = rng.state();
  return out;
}
