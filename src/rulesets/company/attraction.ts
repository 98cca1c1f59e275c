/**
 * HD-01…03 Attraction: which attractors bind a combatant at the start of its activation, and the forced
 * move each demands, found by a real path search on the table (src/engine/path.ts):
 *
 * 1. the cheapest way into base contact with the attractor within a Charge (2 × DPT; an Assaut if within
 *    DPT) that goes round Impraticable terrain and other bases and enters no zone of control of the
 *    attractor's allies (zones it starts in may be left: HD-03, at no cost), entering the attractor's own
 *    zone only on its last, straight step (C6);
 * 2. else (HD-02, screening allies) the cheapest way ignoring zones: the first zone of an ally of the
 *    attractor it enters names the defender it must engage instead, going straight at it from there (C6),
 *    if that contact is within its Charge;
 * 3. else, if the attractor is behind Impraticable terrain (the straight line crosses it) and no way round
 *    it reaches contact this activation, no effect (HD-02);
 * 4. else it must Course as far as it can along the cheapest way toward the attractor (HD-01 "as close as
 *    possible").
 * Difficult terrain costs double along the path; a rapid move crossing it costs 1 Commandement (C5): an
 * order it cannot pay for is not demanded. The demands are cached per position (the search is the costly
 * part of `check` for an attracted combatant).
 */

import { hypot } from '../../engine/dmath';
import { segmentMoveCost, type Vec2 } from '../../engine/geometry';
import { type Disc, findPath, type PathWorld, pointFree, segmentClear, walkPath } from '../../engine/path';
import { CONTACT, ZOC } from './data';
import {
  checkPath,
  contactPoint,
  controllerOf,
  DIFFICULT,
  dptOf,
  edge,
  edgeBetween,
  engaged,
  entryParam,
  hasZoc,
  IMPRATICABLE,
  isEnemy,
  moveCost,
  prof,
  segmentCrossesImpraticable,
} from './state';
import type { Combatant, CompanyState } from './types';

/** A way into contact the attracted combatant may (must) take. */
export interface AttractionRoute {
  target: string;
  /** The centre's path, start and contact point included. */
  path: Vec2[];
  /** Movement spent (difficult terrain ×2). */
  cost: number;
  /** It crosses or ends in difficult terrain: a Charge along it costs 1 Commandement (C5). */
  difficult: boolean;
  /** The orders that answer it: Charge within 2 × DPT (and paid for), Assaut within DPT. */
  orders: ('charge' | 'assaut')[];
}

/** One attractor's demand on an attracted combatant (HD-01…03). */
export interface Attraction {
  attractor: string;
  /** The combatants it must charge or assault: the attractor, or the first screening defender (HD-02). */
  targets: string[];
  routes: AttractionRoute[];
  /** When no contact is possible: the point it must Course to, as close as it can get (HD-01). */
  closest: Vec2 | null;
  /** The path of that Course, and whether it crosses difficult terrain (1 Commandement, C5). */
  closestPath: Vec2[] | null;
  closestDifficult: boolean;
}

/** An enemy's base grows by this much more than contact, so a path never passes in contact with one. */
const ENEMY_CLEARANCE = 2 * CONTACT;

const difficultAt = (s: CompanyState, p: Vec2): boolean =>
  s.table.terrain.some((t) => DIFFICULT.has(t.kind) && insideOf(p, t.poly));

function insideOf(p: Vec2, poly: Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

const lengthOf = (points: Vec2[]): number => {
  let t = 0;
  for (let i = 1; i < points.length; i++)
    t += hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  return t;
};

/** The table as the path search sees it for `u`: Impraticable walls, other bases, optionally enemy zones. */
function worldFor(s: CompanyState, u: Combatant, zones: boolean): PathWorld {
  const r = prof(u).radius;
  const discs: Disc[] = [];
  for (const o of s.units) {
    if (!o.alive || o.id === u.id) continue;
    const foe = isEnemy(u, o);
    const d = hypot(o.x - u.x, o.y - u.y);
    // a base it starts against may be left, never entered
    const reach = Math.min(r + prof(o).radius + (foe ? ENEMY_CLEARANCE : 0), d - 1e-6);
    discs.push({ x: o.x, y: o.y, r: reach, id: `base:${o.id}` });
    if (!zones || !foe || !hasZoc(o)) continue;
    const zone = r + prof(o).radius + ZOC;
    if (d <= zone + 1e-9) continue; // HD-03: a zone it stands in may be left
    discs.push({ x: o.x, y: o.y, r: zone, id: `zoc:${o.id}` });
  }
  return {
    bounds: { x0: r, y0: r, x1: s.table.width - r, y1: s.table.height - r },
    walls: s.table.terrain.filter((t) => IMPRATICABLE.has(t.kind)).map((t) => t.poly),
    discs,
    cost: (a, b) => segmentMoveCost(s.table, a, b, moveCost),
    waypoints: s.table.terrain.filter((t) => DIFFICULT.has(t.kind)).flatMap((t) => t.poly),
  };
}

/** A route into contact with `t` along `path` (cost already known), with the orders that can take it. */
function route(
  s: CompanyState,
  u: Combatant,
  t: Combatant,
  path: Vec2[],
  cost: number,
): AttractionRoute | null {
  const end = path[path.length - 1]!;
  const difficult = cost > lengthOf(path) + 1e-9 || difficultAt(s, end);
  // C5: a Charge through difficult terrain costs 1 Commandement; an Assaut is not a rapid move.
  const canPay = !difficult || s.sides[controllerOf(u)].cmd >= 1;
  const orders: ('charge' | 'assaut')[] = [];
  if (cost <= 2 * dptOf(u) + 1e-6 && canPay) orders.push('charge');
  if (cost <= dptOf(u) + 1e-6) orders.push('assaut');
  // it may end in contact with its target only (C5)
  for (const o of s.units)
    if (o.alive && o.id !== u.id && o.id !== t.id && isEnemy(u, o) && edge(end, prof(u).radius, o) <= CONTACT)
      return null;
  return orders.length ? { target: t.id, path, cost, difficult, orders } : null;
}

/** HD-02: the first zone of an ally of `a` that the path enters, with the point and the movement spent. */
function firstZone(
  s: CompanyState,
  u: Combatant,
  a: Combatant,
  w: PathWorld,
  path: Vec2[],
): { b: Combatant; at: Vec2; index: number; spent: number } | null {
  const r = prof(u).radius;
  let spent = 0;
  for (let i = 1; i < path.length; i++) {
    const p = path[i - 1]!;
    const q = path[i]!;
    let first: { t: number; b: Combatant } | null = null;
    for (const b of s.units) {
      if (!b.alive || b.id === u.id || !isEnemy(u, b) || !hasZoc(b)) continue;
      if (edgeBetween(u, b) <= ZOC + 1e-9) continue; // a zone it starts in
      const t = entryParam(p, q, b, r + prof(b).radius + ZOC);
      if (t !== null && (!first || t < first.t)) first = { t, b };
    }
    if (first) {
      if (first.b.id === a.id) return null; // the attractor's own zone comes first
      const at = { x: p.x + (q.x - p.x) * first.t, y: p.y + (q.y - p.y) * first.t };
      return { b: first.b, at, index: i, spent: spent + (w.cost ? w.cost(p, at) : 0) };
    }
    spent += w.cost ? w.cost(p, q) : 0;
  }
  return null;
}

/** The attraction demands on `u`, computed (uncached). */
function computeAttractions(s: CompanyState, u: Combatant, attractors: Combatant[]): Attraction[] {
  const out: Attraction[] = [];
  const r = prof(u).radius;
  const insaisissable = !!prof(u).abilities.insaisissable;
  const charge = 2 * dptOf(u);
  const zoned = worldFor(s, u, !insaisissable);
  const open = insaisissable ? zoned : worldFor(s, u, false);
  for (const a of attractors) {
    const none: Attraction = {
      attractor: a.id,
      targets: [],
      routes: [],
      closest: null,
      closestPath: null,
      closestDifficult: false,
    };
    const goal = { x: a.x, y: a.y, r: r + prof(a).radius };
    const ignoreA = [`base:${a.id}`, `zoc:${a.id}`];
    const without = (w: PathWorld, id: string): PathWorld => ({
      ...w,
      discs: w.discs.filter((d) => d.id !== `base:${id}`),
    });
    // 1. straight in, or round what is in the way, avoiding the zones of the attractor's allies
    const direct = findPath(without(zoned, a.id), u, { ...goal, ignore: ignoreA }, charge);
    if (direct) {
      const rt = route(s, u, a, direct.points, direct.cost);
      if (rt) {
        out.push({ ...none, targets: [a.id], routes: [rt] });
        continue;
      }
    }
    // 2. HD-02: the cheapest way ignoring zones; the first zone of a defender entered names the target
    const way = findPath(without(open, a.id), u, { ...goal, ignore: ignoreA });
    if (!insaisissable) {
      // approaching: along that way, or straight at the attractor when bases shut every way in
      const approach = way?.points ?? [{ x: u.x, y: u.y }, contactPoint(u, a).to];
      const z = firstZone(s, u, a, open, approach);
      const prefixClear = (w: PathWorld, z: { at: Vec2; index: number }) =>
        approach.slice(1, z.index).every((q, i) => segmentClear(w, approach[i]!, q)) &&
        segmentClear(w, approach[z.index - 1]!, z.at);
      if (z && prefixClear(without(open, z.b.id), z)) {
        const b = z.b;
        const gap = hypot(b.x - z.at.x, b.y - z.at.y) || 1;
        const k = (r + prof(b).radius) / gap;
        const end = { x: b.x + (z.at.x - b.x) * k, y: b.y + (z.at.y - b.y) * k };
        const bw = without(open, b.id);
        if (segmentClear(bw, z.at, end) && pointFree(bw, end)) {
          const path = [...approach.slice(0, z.index), z.at, end];
          const cost = z.spent + (bw.cost ? bw.cost(z.at, end) : 0);
          const rt = cost <= charge + 1e-6 ? route(s, u, b, path, cost) : null;
          if (rt) {
            out.push({ ...none, targets: [b.id], routes: [rt] });
            continue;
          }
        }
      }
    }
    if (way && way.cost <= charge + 1e-6) {
      // the way in bends inside the attractor's own zone: contact is still reached
      const rt = route(s, u, a, way.points, way.cost);
      if (rt) {
        out.push({ ...none, targets: [a.id], routes: [rt] });
        continue;
      }
    }
    // 3. HD-02: behind Impraticable terrain with no way round within this activation: no effect
    if (segmentCrossesImpraticable(s, u, a)) {
      const round = findPath({ ...open, discs: [] }, u, goal, charge);
      if (!round) continue;
    }
    // 4. HD-01: as close as it can, along the cheapest way
    let path: Vec2[] | null = null;
    if (way) {
      const walk = walkPath(open, way.points, charge).points;
      if (lengthOf(walk) > 0.05) path = walk;
    } else {
      const p = straightApproach(s, u, a);
      if (p) path = [{ x: u.x, y: u.y }, p];
    }
    if (!path) continue;
    const cost = open.cost ? path.slice(1).reduce((t, q, i) => t + open.cost!(path![i]!, q), 0) : 0;
    const end = path[path.length - 1]!;
    const difficult = cost > lengthOf(path) + 1e-9 || difficultAt(s, end);
    if (difficult && s.sides[controllerOf(u)].cmd < 1) continue;
    out.push({ ...none, closest: end, closestPath: path, closestDifficult: difficult });
  }
  return out;
}

/** When bases shut every way: the farthest legal Course point straight toward `a` (by halving), or null. */
function straightApproach(s: CompanyState, u: Combatant, a: Combatant): Vec2 | null {
  const { to, distance } = contactPoint(u, a);
  if (distance <= CONTACT) return null;
  const budget = 2 * dptOf(u);
  let lo = 0;
  let hi = 1;
  const at = (f: number) => ({ x: u.x + (to.x - u.x) * f, y: u.y + (to.y - u.y) * f });
  const okAt = (f: number) => checkPath(s, u, at(f), budget, { insaisissable: true }).error === null;
  if (okAt(1)) return at(1);
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (okAt(mid)) lo = mid;
    else hi = mid;
  }
  return lo * distance > 0.05 ? at(lo) : null;
}

// --- the cache ----------------------------------------------------------------------------------------------

const tableIds = new WeakMap<object, number>();
let nextTableId = 0;
const CACHE_SIZE = 16;
const cache = new Map<string, Attraction[]>();

function keyOf(s: CompanyState, u: Combatant): string {
  let t = tableIds.get(s.table);
  if (t === undefined) {
    t = nextTableId++;
    tableIds.set(s.table, t);
  }
  let k = `${t}|${u.id}|${s.sides.blue.cmd},${s.sides.red.cmd}`;
  for (const o of s.units)
    k += `|${o.id}:${o.alive ? 1 : 0}${o.x},${o.y}${o.sonne ? 's' : ''}${o.immobilise ? 'i' : ''}${o.misAuSol ? 'm' : ''}${o.ralenti ? 'r' : ''}${o.pv}${o.controle?.by ?? ''}`;
  return k;
}

/**
 * HD-01…03: the attraction zones `u` stands in at the start of its activation and what each demands.
 * Lémures, and combatants where either side is engaged, are free.
 */
export function attractionsOn(s: CompanyState, u: Combatant): Attraction[] {
  if (prof(u).lemure || !u.alive || engaged(s, u)) return [];
  const attractors: Combatant[] = [];
  for (const a of s.units) {
    const x = a.alive && isEnemy(u, a) ? prof(a).abilities.attraction : undefined;
    if (x && edgeBetween(u, a) <= x + 1e-9 && !engaged(s, a)) attractors.push(a);
  }
  if (attractors.length === 0) return [];
  const key = keyOf(s, u);
  const hit = cache.get(key);
  if (hit) return hit;
  const out = computeAttractions(s, u, attractors);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, out);
  return out;
}
