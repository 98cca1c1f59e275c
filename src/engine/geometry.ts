/**
 * Geometry of a continuous table, in any unit (cm, inches, toises): round bases, terrain polygons,
 * movement cost along a straight move, line of sight and facing arcs.
 *
 * Conventions: the table spans [0, width] × [0, height]; angles are in radians, measured from +x towards
 * +y, so with y pointing up (north) a positive angle turns left. A view drawing with y pointing down must
 * mirror left and right. Polygons are simple, of any winding; a point exactly on an edge may count as in or
 * out. Hot-path functions work on plain numbers and share module scratch arrays (not reentrant).
 */
import { atan2, hypot, sq } from './dmath';

/** A point or a vector in table units. */
export interface Vec2 {
  x: number;
  y: number;
}

/** A round base: centre and radius in table units. */
export interface Base {
  x: number;
  y: number;
  r: number;
}

/** Every kind of terrain; what each does to movement is the ruleset's `costOf`. */
export const TERRAIN_KINDS = [
  'open',
  'difficult',
  'impassable',
  'cover',
  'forest',
  'building',
  'water',
] as const;
/** A kind of terrain. */
export type TerrainKind = (typeof TERRAIN_KINDS)[number];

/** A piece of terrain: a simple polygon with a kind and a height in table units. */
export interface Terrain {
  id: string;
  kind: TerrainKind;
  height: number;
  poly: Vec2[];
}

/** The table: [0, width] × [0, height] and its terrain pieces. */
export interface Table {
  width: number;
  height: number;
  terrain: Terrain[];
}

/** A point seen from or looked at: `h` is the eye (or target) height above the table. */
export type SightPoint = Vec2 & { h: number };

/** A base that blocks sight up to its height `h` (a model, a vehicle). */
export type Blocker = Base & { h: number; id: string };

/** The answer of `lineOfSight`: `blockedBy` names the blocker nearest the observer. */
export interface Sight {
  clear: boolean;
  blockedBy?: string;
  cover: TerrainKind | null;
}

/** A 90° sector around a model's facing. */
export type Arc = 'front' | 'left' | 'right' | 'rear';

/** The queries a ruleset asks of any board, continuous or gridded. */
export interface Board<P> {
  distance(a: P, b: P): number;
  lineOfSight(a: P, b: P): boolean;
}

/** Terrain kinds that block sight unless the caller says otherwise. */
export const DEFAULT_BLOCKING_KINDS: readonly TerrainKind[] = ['building', 'forest', 'impassable'];
/** Terrain kinds that give cover to a target standing inside them. */
export const COVER_KINDS: readonly TerrainKind[] = ['cover', 'forest', 'building'];

/** Euclidean distance between two points. */
export const dist = (a: Vec2, b: Vec2): number => hypot(b.x - a.x, b.y - a.y);

/** Squared distance between two points (no square root). */
export const dist2 = (a: Vec2, b: Vec2): number => sq(b.x - a.x) + sq(b.y - a.y);

/** Gap between two bases' edges: centre distance minus both radii, negative when they overlap. */
export const edgeDistance = (a: Base, b: Base): number => dist(a, b) - (a.r + b.r); // exactly symmetric

/** True when two bases overlap by more than `eps` (touching bases do not overlap). */
export const basesOverlap = (a: Base, b: Base, eps = 1e-6): boolean => edgeDistance(a, b) < -eps;

/** True when two bases' edges are at most `tolerance` apart (overlapping bases count as in contact). */
export const inContact = (a: Base, b: Base, tolerance: number): boolean => edgeDistance(a, b) <= tolerance;

/** True when the centres are at most `range` apart. */
export const withinRange = (a: Vec2, b: Vec2, range: number): boolean => dist2(a, b) <= range * range;

/** Even-odd point-in-polygon test on plain numbers. */
function insidePoly(px: number, py: number, poly: Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const pi = poly[i]!;
    const pj = poly[j]!;
    if (pi.y > py !== pj.y > py && px < ((pj.x - pi.x) * (py - pi.y)) / (pj.y - pi.y) + pi.x)
      inside = !inside;
  }
  return inside;
}

/** True when `p` lies inside the polygon (even-odd rule). */
export const pointInPolygon = (p: Vec2, poly: Vec2[]): boolean => insidePoly(p.x, p.y, poly);

const orient = (a: Vec2, b: Vec2, c: Vec2): number => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);

/** True when segments ab and cd share a point (touching and collinear overlap included). */
export function segmentIntersectsSegment(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
    return (
      Math.max(a.x, b.x) >= Math.min(c.x, d.x) &&
      Math.max(c.x, d.x) >= Math.min(a.x, b.x) &&
      Math.max(a.y, b.y) >= Math.min(c.y, d.y) &&
      Math.max(c.y, d.y) >= Math.min(a.y, b.y)
    );
  }
  return o1 * o2 <= 0 && o3 * o4 <= 0;
}

/** True when segment ab crosses an edge of the polygon or lies inside it. */
export function segmentIntersectsPolygon(a: Vec2, b: Vec2, poly: Vec2[]): boolean {
  if (insidePoly(a.x, a.y, poly)) return true;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    if (segmentIntersectsSegment(a, b, poly[j]!, poly[i]!)) return true;
  }
  return false;
}

/** Squared distance from point p to segment ab, on plain numbers. */
function segmentPointDist2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return sq(ax + t * dx - px) + sq(ay + t * dy - py);
}

/** True when the disc of base c touches or overlaps the polygon. */
export function circleIntersectsPolygon(c: Base, poly: Vec2[]): boolean {
  if (insidePoly(c.x, c.y, poly)) return true;
  const r2 = c.r * c.r;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const p = poly[j]!;
    const q = poly[i]!;
    if (segmentPointDist2(c.x, c.y, p.x, p.y, q.x, q.y) <= r2) return true;
  }
  return false;
}

/** True when segment ab passes within c.r of the centre of c. */
export const segmentCircleIntersects = (a: Vec2, b: Vec2, c: Base): boolean =>
  segmentPointDist2(c.x, c.y, a.x, a.y, b.x, b.y) <= c.r * c.r;

/** The point of segment ab closest to p, with its parameter t in [0, 1] (t = 0 when a = b). */
export function closestPointOnSegment(p: Vec2, a: Vec2, b: Vec2): { t: number; x: number; y: number } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return { t, x: a.x + t * dx, y: a.y + t * dy };
}

/** The point a + t·(b − a). */
export const pointAlong = (a: Vec2, b: Vec2, t: number): Vec2 => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

/** The point reached walking from `from` towards `to`, stopping at `to` or after `maxDistance`. */
export function moveToward(from: Vec2, to: Vec2, maxDistance: number): Vec2 {
  const d = dist(from, to);
  if (d <= maxDistance) return { x: to.x, y: to.y };
  return maxDistance <= 0 ? { x: from.x, y: from.y } : pointAlong(from, to, maxDistance / d);
}

/** Total length of a polyline. */
export function pathLength(points: Vec2[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += dist(points[i - 1]!, points[i]!);
  return total;
}

/** The terrain pieces whose polygon contains p. */
export const terrainAt = (table: Table, p: Vec2): Terrain[] =>
  table.terrain.filter((t) => insidePoly(p.x, p.y, t.poly));

/** True when the whole base lies on the table. */
export const insideTable = (table: Table, b: Base): boolean =>
  b.x - b.r >= 0 && b.y - b.r >= 0 && b.x + b.r <= table.width && b.y + b.r <= table.height;

/** Scratch list of crossing parameters, reused by every call to keep the hot path allocation-free. */
const ts: number[] = [];
const byValue = (a: number, b: number): number => a - b;

/** Push into `ts` the parameters t in (0, tMax) where a + t·(dx, dy) crosses an edge of the polygon. */
function pushCrossings(ax: number, ay: number, dx: number, dy: number, tMax: number, poly: Vec2[]): void {
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const p = poly[j]!;
    const ex = poly[i]!.x - p.x;
    const ey = poly[i]!.y - p.y;
    const denom = dx * ey - dy * ex;
    if (denom === 0) continue;
    const wx = p.x - ax;
    const wy = p.y - ay;
    const t = (wx * ey - wy * ex) / denom;
    const u = (wx * dy - wy * dx) / denom;
    if (t > 0 && t < tMax && u >= 0 && u <= 1) ts.push(t);
  }
}

/** The movement multiplier at a point: the max of `costOf` over the pieces there, 1 in the open. */
function multiplierAt(table: Table, x: number, y: number, costOf: (t: Terrain) => number): number {
  let m = -1;
  for (const piece of table.terrain) if (insidePoly(x, y, piece.poly)) m = Math.max(m, costOf(piece));
  return m < 0 ? 1 : m;
}

/** Cost of a straight move: Σ length × max multiplier of the pieces over each part (∞ if impassable). */
export function segmentMoveCost(table: Table, from: Vec2, to: Vec2, costOf: (t: Terrain) => number): number {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = hypot(dx, dy);
  if (len === 0) return 0;
  ts.length = 0;
  ts.push(0, 1);
  for (const piece of table.terrain) pushCrossings(from.x, from.y, dx, dy, 1, piece.poly);
  ts.sort(byValue);
  let cost = 0;
  for (let i = 1; i < ts.length; i++) {
    const t0 = ts[i - 1]!;
    const t1 = ts[i]!;
    if (t1 === t0) continue;
    const tm = (t0 + t1) / 2;
    const m = multiplierAt(table, from.x + dx * tm, from.y + dy * tm, costOf);
    if (m === Infinity) return Infinity;
    cost += (t1 - t0) * len * m;
  }
  return cost;
}

/** Farthest distance along `dir` that `budget` pays for (not clipped to the table; multipliers > 0). */
export function maxReachAlong(
  table: Table,
  from: Vec2,
  dir: Vec2,
  budget: number,
  costOf: (t: Terrain) => number,
): number {
  const len = hypot(dir.x, dir.y);
  if (len === 0 || budget <= 0) return 0;
  const dx = dir.x / len;
  const dy = dir.y / len;
  ts.length = 0;
  ts.push(0);
  for (const piece of table.terrain) pushCrossings(from.x, from.y, dx, dy, Infinity, piece.poly);
  ts.sort(byValue);
  let left = budget;
  for (let i = 0; i < ts.length; i++) {
    const s0 = ts[i]!;
    const s1 = i + 1 < ts.length ? ts[i + 1]! : Infinity;
    if (s1 === s0) continue;
    const sm = s1 === Infinity ? s0 + 1 : (s0 + s1) / 2;
    const m = multiplierAt(table, from.x + dx * sm, from.y + dy * sm, costOf);
    if (m === Infinity) return s0;
    if ((s1 - s0) * m >= left) return s0 + left / m;
    left -= (s1 - s0) * m;
  }
  return Infinity;
}

/**
 * Line of sight from an eye to a target. A terrain piece of a blocking kind blocks when the sight line runs
 * inside it at a height ≤ the piece's height (the line's height goes linearly from `from.h` to `to.h`);
 * a piece containing the observer or the target never blocks. A blocker base blocks when the line passes
 * through its disc at a height ≤ its `h`, unless its id is ignored or its disc contains an end point.
 * `cover` is the kind of the first cover-giving piece (cover, forest, building) containing the target.
 * Terrain is tested with the end points in a canonical order, so the answer is the same both ways.
 */
export function lineOfSight(
  table: Table,
  from: SightPoint,
  to: SightPoint,
  blockers: Blocker[],
  opts?: { ignore?: string[]; blockingKinds?: readonly TerrainKind[] },
): Sight {
  const blocking = opts?.blockingKinds ?? DEFAULT_BLOCKING_KINDS;
  const swap = to.x < from.x || (to.x === from.x && to.y < from.y);
  const a = swap ? to : from;
  const b = swap ? from : to;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const dh = b.h - a.h;
  let nearest = Infinity;
  let blockedBy: string | undefined;
  let cover: TerrainKind | null = null;
  for (const piece of table.terrain) {
    const atTarget = insidePoly(to.x, to.y, piece.poly);
    if (atTarget && cover === null && COVER_KINDS.includes(piece.kind)) cover = piece.kind;
    if (atTarget || !blocking.includes(piece.kind) || insidePoly(from.x, from.y, piece.poly)) continue;
    ts.length = 0;
    ts.push(0, 1);
    pushCrossings(a.x, a.y, dx, dy, 1, piece.poly);
    ts.sort(byValue);
    for (let i = 1; i < ts.length; i++) {
      const t0 = ts[i - 1]!;
      const t1 = ts[i]!;
      const tm = (t0 + t1) / 2;
      if (t1 === t0 || !insidePoly(a.x + dx * tm, a.y + dy * tm, piece.poly)) continue;
      if (a.h + dh * (dh > 0 ? t0 : t1) > piece.height) continue;
      const key = swap ? 1 - t1 : t0;
      if (key < nearest) {
        nearest = key;
        blockedBy = piece.id;
      }
    }
  }
  const ex = to.x - from.x;
  const ey = to.y - from.y;
  const eh = to.h - from.h;
  const len2 = ex * ex + ey * ey;
  for (const base of blockers) {
    if (len2 === 0 || opts?.ignore?.includes(base.id)) continue;
    const wx = from.x - base.x;
    const wy = from.y - base.y;
    const r2 = base.r * base.r;
    const c = wx * wx + wy * wy - r2;
    if (c <= 0 || sq(to.x - base.x) + sq(to.y - base.y) <= r2) continue;
    const half = (ex * wx + ey * wy) / len2;
    const disc = half * half - c / len2;
    if (disc <= 0) continue;
    const root = Math.sqrt(disc);
    const t0 = Math.max(0, -half - root);
    const t1 = Math.min(1, -half + root);
    if (t0 >= t1 || from.h + eh * (eh > 0 ? t0 : t1) > base.h) continue;
    if (t0 < nearest) {
      nearest = t0;
      blockedBy = base.id;
    }
  }
  return blockedBy === undefined ? { clear: true, cover } : { clear: false, blockedBy, cover };
}

/** Signed angle from the facing to the direction from→to, in (−π, π]. */
function relativeAngle(facing: number, from: Vec2, to: Vec2): number {
  const a = atan2(to.y - from.y, to.x - from.x) - facing;
  return a - 2 * Math.PI * Math.ceil((a - Math.PI) / (2 * Math.PI));
}

/** Slack given to arc boundaries, so a point exactly on one falls in the arc nearer the front. */
const ARC_EPS = 1e-9;

/** The 90° arc (front: within ±45°) of a model at `from` holding `to`; a boundary goes frontwards. */
export function arcOf(facing: number, from: Vec2, to: Vec2): Arc {
  const a = relativeAngle(facing, from, to);
  const abs = Math.abs(a);
  if (abs <= Math.PI / 4 + ARC_EPS) return 'front';
  if (abs > (3 * Math.PI) / 4 + ARC_EPS) return 'rear';
  return a > 0 ? 'left' : 'right';
}

/** True when `to` lies within ±90° of the facing of a model at `from`. */
export const inFrontHalf = (facing: number, from: Vec2, to: Vec2): boolean =>
  Math.abs(relativeAngle(facing, from, to)) <= Math.PI / 2 + ARC_EPS;

/** The continuous table as a `Board`: centre distance and line of sight past terrain and blockers. */
export const tableBoard = (table: Table, blockers: Blocker[]): Board<SightPoint> => ({
  distance: dist,
  lineOfSight: (a, b) => lineOfSight(table, a, b, blockers).clear,
});
