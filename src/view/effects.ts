/**
 * Shots as frames: where each tracer's head is and how its hit or miss marker looks at a moment `k` (0 → 1)
 * of the whole animation. Pure (no Pixi), so the timing is unit-tested; the board only draws a frame.
 *
 * Shots are staggered so that several firers read one after the other: shot i runs over a window of
 * `WINDOW` of the animation, starting `i × step` in. Inside its window a tracer flies (the first 55 %),
 * then the marker at the target swells and fades.
 */
import type { WorldPoint } from './iso';

export interface ShotPath {
  from: WorldPoint & { z?: number };
  to: WorldPoint & { z?: number };
  hit: boolean;
  melee?: boolean;
}

export interface ShotFrame {
  from: ShotPath['from'];
  /** The tracer's head, 0 (at the firer) → 1 (at the target); null before the shot starts or once it landed. */
  head: number | null;
  /** The marker at the target, once the tracer landed. */
  marker: { hit: boolean; melee: boolean; scale: number; alpha: number } | null;
  to: ShotPath['to'];
}

/** The part of the animation each shot takes. */
export const WINDOW = 0.5;
/** The part of a shot's window its tracer flies. */
const FLIGHT = 0.55;

/** At most this many shots are animated per step; the log lists them all. */
export const MAX_SHOTS = 16;

export function shotFrames(shots: readonly ShotPath[], k: number): ShotFrame[] {
  const list = shots.slice(0, MAX_SHOTS);
  const n = list.length;
  const step = n > 1 ? (1 - WINDOW) / (n - 1) : 0;
  const out: ShotFrame[] = [];
  list.forEach((s, i) => {
    const t = (Math.min(1, Math.max(0, k)) - i * step) / WINDOW;
    if (t < 0) {
      out.push({ from: s.from, to: s.to, head: null, marker: null });
      return;
    }
    const melee = !!s.melee;
    const flight = melee ? 0.15 : FLIGHT;
    if (t < flight) {
      out.push({ from: s.from, to: s.to, head: melee ? 1 : t / flight, marker: null });
      return;
    }
    const u = Math.min(1, (t - flight) / (1 - flight));
    out.push({
      from: s.from,
      to: s.to,
      head: null,
      marker: {
        hit: s.hit,
        melee,
        scale: 0.4 + 0.6 * Math.min(1, u * 2),
        alpha: u < 0.6 ? 1 : Math.max(0, 1 - (u - 0.6) / 0.4),
      },
    });
  });
  return out;
}

/** How long the shots of one step take at a base animation time `ms` (a move's): longer when there are many. */
export function shotsDuration(count: number, ms: number): number {
  if (count === 0 || ms <= 0) return 0;
  return Math.round(ms * Math.min(4, 1.5 + 0.25 * Math.min(count, MAX_SHOTS)));
}
