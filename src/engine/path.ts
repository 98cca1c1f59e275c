/**
 * Shortest paths for a point (a base's centre) on a continuous table: a visibility graph searched with A*.
 *
 * The point may not enter or cross a wall polygon (the ruleset's impassable terrain, the centre line as
 * straight moves test it), must stay at least `r` from the centre of each disc (another base, already
 * grown by the mover's radius, or a zone it may not enter), and stays inside the bounds. The graph's
 * corners are the start, the convex corners of the walls pushed out by `margin`, the corners of a regular
 * polygon circumscribed about each disc grown by `margin`, and any waypoints (e.g. the corners of
 * difficult terrain). A straight step costs what `cost` says (default: its length; Infinity forbids it), so
 * weighted terrain is counted exactly along the path (a step must cost at least its length: multipliers
 * ≥ 1), and the path is the cheapest through those corners
 * (around a disc it is at most 1/cos(π/8) − 1 ≈ 8 % longer than the true tangent path). Every step the
 * search returns has passed `segmentClear`, so a returned path never crosses a wall or enters a disc.
 *
 * The goal is a disc too: the path ends at distance `goal.r` from its centre, arriving straight at the
 * centre on its last step (a charge into base contact). Pure and deterministic: ties go to the corner
 * listed first.
 */

import { cos, hypot, sin, sq } from './dmath';
import { type Base, pointInPolygon, segmentIntersectsSegment, type Vec2 } from './geometry';

/** A disc the point must stay out of: a base grown by the mover's radius, or a zone. */
export interface Disc extends Base {
  /** Names the disc so a goal can ignore it on its last step. */
  id?: string;
}

export interface PathWorld {
  /** The rectangle the point stays in. */
  bounds: { x0: number; y0: number; x1: number; y1: number };
  /** Polygons the point may not enter or cross. */
  walls: Vec2[][];
  /** Discs the point may not enter. */
  discs: Disc[];
  /** Cost of a straight step that is clear (default: its length); Infinity forbids the step. */
  cost?: (a: Vec2, b: Vec2) => number;
  /** More corners worth going by. */
  waypoints?: Vec2[];
  /** Clearance of the corners placed around walls and discs (default 0.05). */
  margin?: number;
}

/** Reach a point at distance `r` from (x, y), the last step aimed at the centre. */
export interface PathGoal {
  x: number;
  y: number;
  r: number;
  /** Discs (by id) the last step may enter: the target's own zone. */
  ignore?: readonly string[];
}

export interface Path {
  /** From the start to the end, both included. */
  points: Vec2[];
  cost: number;
}

const DISC_SIDES = 8;
/** The id of the goal's own disc while searching. */
const GOAL = '\u0000goal';
const EPS = 1e-9;

const lengthOf = (a: Vec2, b: Vec2): number => hypot(b.x - a.x, b.y - a.y);

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number =>
  (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);

/** Squared distance from (px, py) to segment ab. */
function segDist2(px: number, py: number, a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / len2));
  return sq(a.x + t * dx - px) + sq(a.y + t * dy - py);
}

const inBounds = (w: PathWorld, p: Vec2): boolean =>
  p.x >= w.bounds.x0 - EPS &&
  p.x <= w.bounds.x1 + EPS &&
  p.y >= w.bounds.y0 - EPS &&
  p.y <= w.bounds.y1 + EPS;

/** True when the point stands where the path may be: in bounds, in no wall, in no disc. */
export function pointFree(w: PathWorld, p: Vec2, ignore?: readonly string[]): boolean {
  if (!inBounds(w, p)) return false;
  for (const wall of w.walls) if (pointInPolygon(p, wall)) return false;
  for (const d of w.discs) {
    if (d.id !== undefined && ignore?.includes(d.id)) continue;
    if (sq(p.x - d.x) + sq(p.y - d.y) < sq(d.r - EPS)) return false;
  }
  return true;
}

/**
 * True when the straight step a→b stays in bounds, meets no wall (touching one counts) and enters no disc
 * (passing at exactly its radius is allowed); discs named in `ignore` do not count.
 */
export function segmentClear(w: PathWorld, a: Vec2, b: Vec2, ignore?: readonly string[]): boolean {
  if (!inBounds(w, a) || !inBounds(w, b)) return false;
  for (const d of w.discs) {
    if (d.id !== undefined && ignore?.includes(d.id)) continue;
    if (segDist2(d.x, d.y, a, b) < sq(d.r - EPS)) return false;
  }
  for (const wall of w.walls) {
    if (pointInPolygon(a, wall) || pointInPolygon(b, wall)) return false;
    for (let i = 0, j = wall.length - 1; i < wall.length; j = i++)
      if (segmentIntersectsSegment(a, b, wall[j]!, wall[i]!)) return false;
  }
  return true;
}

const stepCost = (w: PathWorld, a: Vec2, b: Vec2): number => (w.cost ? w.cost(a, b) : lengthOf(a, b));

/** The corners of the visibility graph (start excluded), each free. */
function corners(w: PathWorld): Vec2[] {
  const m = w.margin ?? 0.05;
  const out: Vec2[] = [];
  for (const wall of w.walls) {
    const n = wall.length;
    let area = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) area += wall[j]!.x * wall[i]!.y - wall[i]!.x * wall[j]!.y;
    const ccw = area > 0 ? 1 : -1;
    for (let i = 0; i < n; i++) {
      const p = wall[(i + n - 1) % n]!;
      const v = wall[i]!;
      const q = wall[(i + 1) % n]!;
      const turn = orient(p.x, p.y, v.x, v.y, q.x, q.y) * ccw;
      if (turn <= 0) continue; // a reflex (or flat) corner is never on a shortest path
      const l1 = lengthOf(p, v) || 1;
      const l2 = lengthOf(v, q) || 1;
      // outward normals of the edges p→v and v→q
      const n1 = { x: (ccw * (v.y - p.y)) / l1, y: (-ccw * (v.x - p.x)) / l1 };
      const n2 = { x: (ccw * (q.y - v.y)) / l2, y: (-ccw * (q.x - v.x)) / l2 };
      const bx = n1.x + n2.x;
      const by = n1.y + n2.y;
      const bl = hypot(bx, by) || 1;
      const dx = bx / bl;
      const dy = by / bl;
      const k = m / Math.max(0.2, dx * n1.x + dy * n1.y);
      out.push({ x: v.x + dx * k, y: v.y + dy * k });
    }
  }
  const grow = 1 / cos(Math.PI / DISC_SIDES);
  for (const d of w.discs) {
    const R = (d.r + m) * grow;
    for (let j = 0; j < DISC_SIDES; j++) {
      const a = (2 * Math.PI * j) / DISC_SIDES;
      out.push({ x: d.x + R * cos(a), y: d.y + R * sin(a) });
    }
  }
  for (const p of w.waypoints ?? []) out.push({ x: p.x, y: p.y });
  return out.filter((p) => pointFree(w, p));
}

/** The last step from `p`: straight at the goal's centre, stopping at distance `goal.r`. */
function goalEnd(p: Vec2, goal: PathGoal): Vec2 {
  const d = lengthOf(p, goal);
  if (d <= goal.r + EPS) return { x: p.x, y: p.y };
  const k = goal.r / d;
  return { x: goal.x + (p.x - goal.x) * k, y: goal.y + (p.y - goal.y) * k };
}

/**
 * The cheapest path from `from` to the goal through the visibility graph, or null when none exists or the
 * cheapest costs more than `maxCost`. The start must be free (`pointFree`), else null.
 */
export function findPath(world: PathWorld, from: Vec2, goal: PathGoal, maxCost = Infinity): Path | null {
  if (!pointFree(world, from)) return null;
  // The goal's own disc is an obstacle to every step but the last (which stops on its edge).
  const w: PathWorld = { ...world, discs: [...world.discs, { x: goal.x, y: goal.y, r: goal.r, id: GOAL }] };
  const ignore = [...(goal.ignore ?? []), GOAL];
  // The direct step first: most calls end here (a step never costs less than its length).
  const direct = goalEnd(from, goal);
  let best = maxCost;
  let bestFrom = -1;
  let bestEnd: Vec2 | null = null;
  if (segmentClear(w, from, direct, ignore)) {
    const c = stepCost(w, from, direct);
    if (c <= lengthOf(from, direct) + EPS)
      return c <= maxCost ? { points: [{ ...from }, direct], cost: c } : null;
    if (c <= best) {
      best = c;
      bestFrom = 0;
      bestEnd = direct;
    }
  }
  const nodes = [{ x: from.x, y: from.y }, ...corners(w)];
  const n = nodes.length;
  const g = new Array<number>(n).fill(Infinity);
  const prev = new Array<number>(n).fill(-1);
  const done = new Array<boolean>(n).fill(false);
  const h = nodes.map((p) => Math.max(0, lengthOf(p, goal) - goal.r));
  g[0] = 0;
  for (;;) {
    let i = -1;
    let f = Infinity;
    for (let k = 0; k < n; k++)
      if (!done[k] && g[k]! + h[k]! < f) {
        f = g[k]! + h[k]!;
        i = k;
      }
    if (i < 0 || f > best || (f === best && bestFrom >= 0)) break;
    done[i] = true;
    const p = nodes[i]!;
    const end = goalEnd(p, goal);
    if (i !== 0 && segmentClear(w, p, end, ignore)) {
      const c = g[i]! + stepCost(w, p, end);
      if (c < best || (c === best && bestFrom < 0)) {
        best = c;
        bestFrom = i;
        bestEnd = end;
      }
    }
    for (let k = 1; k < n; k++) {
      if (done[k]) continue;
      const q = nodes[k]!;
      const lower = g[i]! + lengthOf(p, q);
      if (lower >= g[k]! || lower > best) continue;
      if (!segmentClear(w, p, q)) continue;
      const c = g[i]! + stepCost(w, p, q);
      if (c < g[k]!) {
        g[k] = c;
        prev[k] = i;
      }
    }
  }
  if (bestFrom < 0 || !bestEnd || best > maxCost) return null;
  const points: Vec2[] = [bestEnd];
  for (let k = bestFrom; k >= 0; k = prev[k]!) points.push({ x: nodes[k]!.x, y: nodes[k]!.y });
  points.reverse();
  return { points, cost: best };
}

/** The cost of a polyline, step by step (Infinity when a step is not clear). */
export function pathCost(w: PathWorld, points: Vec2[], ignoreLast?: readonly string[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const last = i === points.length - 1;
    if (!segmentClear(w, points[i - 1]!, points[i]!, last ? ignoreLast : undefined)) return Infinity;
    total += stepCost(w, points[i - 1]!, points[i]!);
  }
  return total;
}

/**
 * Walks a polyline until `budget` is spent: the points up to where it stops (cut inside a step by bisection
 * on the step's cost, so weighted terrain is counted), and what was spent.
 */
export function walkPath(w: PathWorld, points: Vec2[], budget: number): { points: Vec2[]; cost: number } {
  const out: Vec2[] = [{ ...points[0]! }];
  let left = budget;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const c = stepCost(w, a, b);
    if (c <= left + EPS) {
      out.push({ x: b.x, y: b.y });
      left -= c;
      continue;
    }
    let lo = 0;
    let hi = 1;
    const at = (t: number) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
    for (let k = 0; k < 40; k++) {
      const mid = (lo + hi) / 2;
      if (stepCost(w, a, at(mid)) <= left) lo = mid;
      else hi = mid;
    }
    if (lo > 0) {
      const p = at(lo);
      left -= stepCost(w, a, p);
      out.push(p);
    }
    break;
  }
  return { points: out, cost: budget - left };
}
