/**
 * The parts of the ruleset contract that every ruleset derives the same way from its own `check` (the one
 * legality source), `exec` (the mutation of an owned state) and `clone`. A ruleset builds them here rather
 * than writing them again.
 */
import type { BaseAction, BaseState, GameEvent, Outcome, Side, StepResult } from './contract';
import { cos, sin } from './dmath';
import type { GameError, Message, Result } from './result';
import { Rng } from './rng';

/** What `exec` works with: the state it owns, the live RNG restored from it, and the events (null: none). */
export interface StepContext<S> {
  s: S;
  rng: Rng;
  ev: GameEvent[] | null;
}

/** applyInPlace = check, then exec with the state's RNG, written back; the ply advances. */
export function inPlaceStep<S extends BaseState, A extends BaseAction>(
  check: (s: S, a: A) => GameError | null,
  exec: (ctx: StepContext<S>, a: A) => void,
): (s: S, a: A, events?: GameEvent[]) => GameError | null {
  return (s, a, events) => {
    const e = check(s, a);
    if (e) return e;
    const rng = new Rng(s.rng);
    exec({ s, rng, ev: events ?? null }, a);
    s.rng = rng.state();
    s.ply++;
    return null;
  };
}

/** validate = check, as a Result. */
/** applyTrusted = exec without the check, for actions the ruleset produced for this very state. */
export function trustedStep<S extends BaseState, A extends BaseAction>(
  exec: (ctx: StepContext<S>, a: A) => void,
): (s: S, a: A) => void {
  return (s, a) => {
    const rng = new Rng(s.rng);
    exec({ s, rng, ev: null }, a);
    s.rng = rng.state();
    s.ply++;
  };
}

export const validateWith =
  <S, A>(check: (s: S, a: A) => GameError | null) =>
  (s: S, a: A): Result<true> => {
    const e = check(s, a);
    return e ? { ok: false, error: e } : { ok: true, value: true };
  };

/** apply = clone + applyInPlace, so the public path never mutates its input and shares the rules code. */
export const applyByCopy =
  <S, A>(clone: (s: S) => S, applyInPlace: (s: S, a: A, events?: GameEvent[]) => GameError | null) =>
  (s: S, a: A): Result<StepResult<S>> => {
    const next = clone(s);
    const events: GameEvent[] = [];
    const e = applyInPlace(next, a, events);
    return e ? { ok: false, error: e } : { ok: true, value: { state: next, events } };
  };

/** outcome from a state's `result` field (null while the game runs). */
export const outcomeOf = (
  result: { winner: Side | null; points: Record<Side, number>; reason: Message } | null,
): Outcome =>
  result
    ? { status: 'finished', winner: result.winner, points: result.points, reason: result.reason }
    : { status: 'running' };

/**
 * A lookup in a large constant table (profiles, weapons) through a Map filled on first use. V8 keeps a
 * record of ~60 keys as a dictionary, and a keyed load on it measured ~2.5× slower than `Map.get`: the
 * epic search spent a fifth of its time in `PROFILES[b.profile]`. Entries added later (test fixtures)
 * are found on their first miss.
 */
export function tableLookup<T>(table: Record<string, T>): (id: string) => T | undefined {
  const cache = new Map<string, T>();
  return (id) => {
    const hit = cache.get(id);
    if (hit !== undefined) return hit;
    const v = table[id];
    if (v !== undefined) cache.set(id, v);
    return v;
  };
}

/**
 * Progressive widening's raw material (contract `variants`): `n` variants of a move vector, each turned by up
 * to ±0.5 rad and scaled between 0.6 and 1.1, drawn with the caller's RNG and rounded to 0.01.
 */
export function vectorVariants(dx: number, dy: number, rng: Rng, n = 3): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < n; i++) {
    const turn = (rng.next() * 2 - 1) * 0.5;
    const k = 0.6 + 0.5 * rng.next();
    const c = cos(turn);
    const sn = sin(turn);
    out.push({
      x: Math.round((dx * c - dy * sn) * k * 100) / 100,
      y: Math.round((dx * sn + dy * c) * k * 100) / 100,
    });
  }
  return out;
}
