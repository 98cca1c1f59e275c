/**
 * What the board draws where, as pure functions of the model and the camera: token sizes, which unit is under
 * the pointer, the faces of a terrain prism. The Pixi class (board.ts) only turns these into sprites, so the
 * decisions are tested in Node without a renderer (STYLE.md: chessground's HeadlessState).
 */
import type { UnitView } from '../engine/board-model';
import { type Camera, depthKey, groundEllipse, isoX, isoY, toScreen } from './iso';

/** Below this zoom (pixels per table unit) names are shown only for the selected and hovered units. */
export const LABEL_ZOOM = 14;
/** A press that moves farther than this many pixels is a drag (pan), not a click. */
export const DRAG_THRESHOLD = 5;

/** The upright token standing on a base, in pixels: it grows with the zoom within readable bounds. */
export function tokenSize(r: number, zoom: number): { w: number; h: number } {
  const h = Math.min(36, Math.max(12, 2.6 * r * zoom));
  return { w: Math.round(h * 0.64), h: Math.round(h) };
}

/** Whether a unit's name is drawn. */
export const labelVisible = (zoom: number, emphasised: boolean): boolean => emphasised || zoom >= LABEL_ZOOM;

/** True when the canvas point (sx, sy) falls on the unit's base or its token. */
export function hitsUnit(u: UnitView, sx: number, sy: number, camera: Camera): boolean {
  const c = toScreen(u.x, u.y, u.z ?? 0, camera);
  const { rx, ry } = groundEllipse(u.r);
  const ex = (sx - c.x) / Math.max(1e-9, rx * camera.zoom);
  const ey = (sy - c.y) / Math.max(1e-9, ry * camera.zoom);
  if (ex * ex + ey * ey <= 1) return true;
  const t = tokenSize(u.r, camera.zoom);
  return Math.abs(sx - c.x) <= t.w / 2 && sy <= c.y && sy >= c.y - t.h;
}

/** The live unit under a canvas point, the one nearest the viewer when several overlap; null when none. */
export function pickUnit(
  units: readonly UnitView[],
  sx: number,
  sy: number,
  camera: Camera,
): UnitView | null {
  let best: UnitView | null = null;
  let bestKey = -Infinity;
  for (const u of units) {
    if (u.dead || !hitsUnit(u, sx, sy, camera)) continue;
    const key = depthKey(u.x, u.y, u.z ?? 0);
    if (key > bestKey) {
      best = u;
      bestKey = key;
    }
  }
  return best;
}

/** A face of a prism on the iso plane (zoom 1): flat [x0, y0, x1, y1, …] and a brightness factor in (0, 1]. */
export interface Face {
  points: number[];
  shade: number;
}

/** Twice the signed area of a polygon in world coordinates (positive when counter-clockwise, y north). */
export function signedArea2(poly: readonly { x: number; y: number }[]): number {
  let a = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const p = poly[j]!;
    const q = poly[i]!;
    a += p.x * q.y - q.x * p.y;
  }
  return a;
}

/**
 * The faces of a polygon raised from z0 to z1, to paint in order: the walls facing the viewer (south-west),
 * farthest first, then the top. A flat piece (z1 ≤ z0) is its top alone. West walls are lit, south walls
 * darker, so the volume reads at a glance.
 */
export function prismFaces(poly: readonly { x: number; y: number }[], z0: number, z1: number): Face[] {
  const top: Face = { points: poly.flatMap((p) => [isoX(p.x, p.y), isoY(p.x, p.y, z1)]), shade: 1 };
  if (z1 <= z0 || poly.length < 3) return [top];
  const ccw = signedArea2(poly) > 0;
  const walls: { face: Face; depth: number }[] = [];
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const p = poly[j]!;
    const q = poly[i]!;
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    const len = Math.hypot(dx, dy);
    if (len === 0) continue;
    // Outward normal: right of the edge when counter-clockwise.
    const nx = (ccw ? dy : -dy) / len;
    const ny = (ccw ? -dx : dx) / len;
    if (nx + ny >= 0) continue; // faces away from the viewer
    walls.push({
      depth: depthKey((p.x + q.x) / 2, (p.y + q.y) / 2),
      face: {
        points: [
          isoX(p.x, p.y),
          isoY(p.x, p.y, z0),
          isoX(q.x, q.y),
          isoY(q.x, q.y, z0),
          isoX(q.x, q.y),
          isoY(q.x, q.y, z1),
          isoX(p.x, p.y),
          isoY(p.x, p.y, z1),
        ],
        shade: nx < 0 ? 0.62 + 0.2 * nx * nx : 0.62,
      },
    });
  }
  walls.sort((a, b) => a.depth - b.depth);
  return [...walls.map((w) => w.face), top];
}

/** A colour darkened (factor < 1) or lightened towards white (factor > 1). */
export function shadeColour(colour: number, factor: number): number {
  const ch = (shift: number): number => {
    const c = (colour >> shift) & 0xff;
    const v = factor <= 1 ? c * factor : c + (255 - c) * Math.min(1, factor - 1);
    return Math.max(0, Math.min(255, Math.round(v)));
  };
  return (ch(16) << 16) | (ch(8) << 8) | ch(0);
}
