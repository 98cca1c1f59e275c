/** Queries on an `epic` state: lookups, engagement, zones of control, allowances, sight. No dice here. */

import { hypot } from '../../engine/dmath';
import { type Blocker, dist, edgeDistance, lineOfSight, type Terrain } from '../../engine/geometry';
import { tableLookup } from '../../engine/ruleset-kit';
import { CLASS_HEIGHT, PROFILES, WEAPONS } from './data';
import type { EpicBase, EpicDetachment, EpicSide, EpicState, UnitProfile } from './types';

export const other = (side: EpicSide): EpicSide => (side === 'blue' ? 'red' : 'blue');
const profile = tableLookup(PROFILES);
export const prof = (b: EpicBase): UnitProfile => profile(b.profile)!;
/**
 * The largest base radius of any profile: a base farther than this (plus its own radius and the contact gap)
 * from another cannot touch it, whatever its profile; loops test it before looking the profile up.
 */
const MAX_RADIUS = Math.max(...Object.values(PROFILES).map((p) => p.radius));
/** Whether centres `dd` apart are too far for a base of radius `r` to touch any base (C6 contact). */
export const beyondAnyContact = (dd: number, r: number): boolean => dd - r - MAX_RADIUS > CONTACT;
/** A weapon's profile by id, through a Map (see tableLookup). */
export const weapon = tableLookup(WEAPONS);
export const baseById = (s: EpicState, id: string): EpicBase | undefined => s.bases.find((b) => b.id === id);
export const detById = (s: EpicState, id: string): EpicDetachment | undefined =>
  s.dets.find((d) => d.id === id);
export const detOf = (s: EpicState, b: EpicBase): EpicDetachment => detById(s, b.det)!;
export const basesOf = (s: EpicState, det: string): EpicBase[] =>
  s.bases.filter((b) => b.alive && b.det === det);
/** Bases on the table: alive and not carried. */
export const onTable = (b: EpicBase): boolean => b.alive && b.carriedBy === null;
export const detAlive = (s: EpicState, det: string): boolean => s.bases.some((b) => b.alive && b.det === det);
export const sideAlive = (s: EpicState, side: EpicSide): boolean =>
  s.bases.some((b) => b.alive && b.side === side);

/** Bases count as in contact within this many cm, edge to edge (C6). */
export const CONTACT = 0.05;
/** C2: coherency distance, centre to centre; C2/v3: an attached transport may be 25 cm from its troops. */
export const COHERENCY = 6;
export const TRANSPORT_COHERENCY = 25;
/** C2 ASSUMPTION: command radius around a friendly QG base. */
export const COMMAND_RADIUS = 25;

export const baseDisc = (b: EpicBase) => ({ x: b.x, y: b.y, r: prof(b).radius });

/** Enemy bases in base contact with `b` (C6). */
export function contacts(s: EpicState, b: EpicBase): EpicBase[] {
  if (!onTable(b)) return [];
  const out: EpicBase[] = [];
  const r = prof(b).radius;
  for (const o of s.bases) {
    if (o.side === b.side || !onTable(o) || o.alt !== b.alt) continue; // NE-U97/U98: only bases at the same altitude touch
    const dd = hypot(o.x - b.x, o.y - b.y);
    if (!beyondAnyContact(dd, r) && dd - r - prof(o).radius <= CONTACT) out.push(o);
  }
  return out;
}

/** Whether `b` touches any enemy base: `contacts(s, b).length > 0` without building the list. */
export function inContact(s: EpicState, b: EpicBase): boolean {
  if (!onTable(b)) return false;
  const r = prof(b).radius;
  for (const o of s.bases) {
    if (o.side === b.side || !onTable(o) || o.alt !== b.alt) continue;
    const dd = hypot(o.x - b.x, o.y - b.y);
    if (!beyondAnyContact(dd, r) && dd - r - prof(o).radius <= CONTACT) return true;
  }
  return false;
}

/** NE-U90…U106: a flyer, and whether it is in the air. */
export const isFlyer = (b: EpicBase): boolean => !!prof(b).abilities.volant;
export const inAir = (b: EpicBase): boolean => b.alt > 0;

/** NE-U01 / NE-U63: an Antigrav or Réacteurs Dorsaux base (the only ones that block an Antigrav base). */
export const skims = (b: EpicBase): boolean =>
  !!(prof(b).abilities.antigrav || prof(b).abilities.reacteursDorsaux);

/**
 * C3: blocked = engaged by an enemy base of equal or higher class; it can neither move nor fire. NE-U99:
 * flyers never are. NE-U01: an Antigrav base only by an Antigrav / Réacteurs Dorsaux base of its class or
 * higher, and only in the turn that engagement was made (ASSUMPTION: one of the two charged this turn);
 * otherwise it may leave the assault by moving.
 */
export function isBlocked(s: EpicState, b: EpicBase): boolean {
  const p = prof(b);
  if (p.abilities.volant || !onTable(b)) return false;
  const cls = p.cls;
  const skim = !!p.abilities.antigrav;
  // contacts(s, b) without the array: this runs for every base at every move check.
  for (const o of s.bases) {
    if (o.side === b.side || !onTable(o) || o.alt !== b.alt) continue;
    const dd = hypot(o.x - b.x, o.y - b.y);
    if (beyondAnyContact(dd, p.radius)) continue;
    const po = prof(o);
    if (po.cls < cls || dd - p.radius - po.radius > CONTACT) continue;
    if (!skim || ((po.abilities.antigrav || po.abilities.reacteursDorsaux) && (o.charged || b.charged)))
      return true;
  }
  return false;
}

/** C3: ZOC radius (diameter 7.5 cm for classes 1–4, 12 cm for class 5+). */
export const zocRadius = (b: EpicBase): number => (prof(b).cls >= 5 ? 6 : 3.75);

/** C3: a base has no ZOC while blocked, engaged, or on Retraite. */
export function hasZoc(s: EpicState, b: EpicBase): boolean {
  if (!onTable(b) || b.alt > 0) return false; // NE-U97/U98: no ZOC in the air
  const d = detOf(s, b);
  if (d.order === 'retraite' && (d.revealed || d.routed)) return false;
  return !inContact(s, b);
}

/** Whether a disc at (x, y) of radius r overlaps the ZOC of base z (any overlap counts, C3). */
export const inZocOf = (x: number, y: number, r: number, z: EpicBase): boolean =>
  hypot(z.x - x, z.y - y) < zocRadius(z) + r;

/** C1: the move allowance of a base this turn, from its detachment's order. */
export function allowance(s: EpicState, b: EpicBase): number {
  const d = detOf(s, b);
  const move = prof(b).move;
  // NE-U41: the infiltration move: class 1 double, class 2+ one normal move.
  if (s.phase.startsWith('infiltration')) return prof(b).cls === 1 ? move * 2 : move;
  // NE-U90…U94: a flyer's move is never doubled; on Tir Appuyé it moves, then lands.
  if (isFlyer(b)) return b.landed === s.turn ? 0 : move;
  if (d.order === 'tirAppuye') return 0;
  const legs = locDamage(b, 'jambes'); // C10: legs damaged halve the move, destroyed stop it
  const full = d.order === 'charge' || d.order === 'retraite' ? move * 2 : move;
  return legs === 0 ? full : legs === 1 ? full / 2 : 0;
}

/** C10: the damage of a location of `b`'s sheet: 0 intact (or no sheet), 1 damaged, 2 destroyed. */
export const locDamage = (b: EpicBase, key: string): number => b.locs?.[key] ?? 0;

export const remaining = (s: EpicState, b: EpicBase): number => Math.max(0, allowance(s, b) - b.moved);

/** C3: movement multiplier of a terrain piece for a base (ASSUMPTIONS in docs/rulesets/epic.md). */
export function costFor(b: EpicBase): (t: Terrain) => number {
  const p = prof(b);
  if (p.abilities.volant) return () => 1; // NE-U97/U98: terrain does not hinder a flyer
  if (p.abilities.reacteursDorsaux) return (t) => (t.kind === 'impassable' ? Infinity : 1); // NE-U63
  if (p.abilities.antigrav) return () => 1; // NE-U01: no terrain modifier while moving (it may not end there)
  const cls = p.cls;
  if (p.abilities.bulldozer)
    // NE-U32: no penalty in forests and difficult terrain (ruins included); impassable still blocks.
    return (t) =>
      t.kind === 'impassable' || (t.kind === 'building' && cls >= 2) ? Infinity : t.kind === 'water' ? 2 : 1;
  return groundCost(cls);
}

/** C3: the movement multiplier of a terrain piece for a plain ground base of class `cls`. */
function groundCost(cls: number): (t: Terrain) => number {
  return (t) => {
    switch (t.kind) {
      case 'impassable':
        return Infinity;
      case 'building':
        return cls >= 2 ? Infinity : 1;
      case 'difficult':
      case 'water':
        return 2;
      case 'forest':
      case 'cover':
        return cls >= 2 ? 2 : 1;
      default:
        return 1;
    }
  };
}

/** Whether a base may end on a point: never on impassable terrain, nor a building for classes 2+. */
export function canStandAt(s: EpicState, b: EpicBase, x: number, y: number): boolean {
  // NE-U01: an Antigrav base crosses anything but cannot end on terrain impassable for its class.
  const cost = prof(b).abilities.antigrav ? groundCost(prof(b).cls) : costFor(b);
  for (const t of s.table.terrain) if (cost(t) === Infinity && pointIn(x, y, t)) return false;
  return true;
}

function pointIn(x: number, y: number, t: Terrain): boolean {
  let inside = false;
  const poly = t.poly;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const c = poly[j]!;
    if (a.y > y !== c.y > y && x < ((c.x - a.x) * (y - a.y)) / (c.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The terrain pieces under a point. */
export const terrainUnder = (s: EpicState, x: number, y: number): Terrain[] =>
  s.table.terrain.filter((t) => pointIn(x, y, t));

/**
 * NE-W01: whether the point is over terrain that "needs" the base's Antigrav or Réacteurs Dorsaux: a piece a
 * plain ground base of its class could not cross, or only at a cost (ASSUMPTION: the terrain whose penalty the
 * ability lifts). False for a base with neither ability.
 */
export function overTerrainNeedingSkim(s: EpicState, b: EpicBase, x: number, y: number): boolean {
  if (!skims(b)) return false;
  const plain = groundCost(prof(b).cls);
  return terrainUnder(s, x, y).some((t) => plain(t) > 1);
}

/** C4 cover malus for a target base: light cover −1 (forest, ruins/cover), heavy −2 (building). */
export function coverMalus(s: EpicState, b: EpicBase): number {
  let m = 0;
  for (const t of terrainUnder(s, b.x, b.y)) {
    if (t.kind === 'building') m = Math.max(m, 2);
    else if (t.kind === 'forest' || t.kind === 'cover') m = Math.max(m, 1);
  }
  return m;
}

/** C4 sight height; NE-U97/U98: a flyer at Low altitude is 20 cm above the table, at High 40 cm. */
const ALT_HEIGHT = [0, 20, 40];
const height = (b: EpicBase, alt = b.alt): number =>
  alt > 0 ? ALT_HEIGHT[alt]! : CLASS_HEIGHT[Math.min(5, prof(b).cls)]!;

/**
 * C4: line of sight from base `a` to base `t` (or to where `t` stands at `at`, mid-move), blocked by
 * terrain and by bases of a higher class than both (ASSUMPTION: infantry never hides infantry) that are
 * tall enough to cut the sight line.
 */
export function canSee(
  s: EpicState,
  a: EpicBase,
  t: EpicBase,
  at?: { x: number; y: number },
  tAlt = t.alt,
): boolean {
  const tx = at ? at.x : t.x;
  const ty = at ? at.y : t.y;
  const minX = Math.min(a.x, tx) - 3;
  const maxX = Math.max(a.x, tx) + 3;
  const minY = Math.min(a.y, ty) - 3;
  const maxY = Math.max(a.y, ty) + 3;
  const blockers: Blocker[] = [];
  const cls = Math.max(prof(a).cls, prof(t).cls);
  for (const o of s.bases) {
    if (!onTable(o) || o.alt > 0) continue;
    if (o.x < minX || o.x > maxX || o.y < minY || o.y > maxY) continue; // cannot touch the sight line
    if (o.id === a.id || o.id === t.id) continue;
    const po = prof(o);
    if (po.cls <= cls) continue;
    blockers.push({ x: o.x, y: o.y, r: po.radius, h: height(o), id: o.id });
  }
  return lineOfSight(
    s.table,
    { x: a.x, y: a.y, h: height(a) },
    { x: tx, y: ty, h: height(t, tAlt) },
    blockers,
  ).clear;
}

export const centreDist = (a: { x: number; y: number }, b: { x: number; y: number }): number => dist(a, b);
export const edgeDist = (a: EpicBase, b: EpicBase): number => edgeDistance(baseDisc(a), baseDisc(b));

/**
 * C2: the groups of a detachment's bases on the table, linked when within 6 cm centre to centre (a
 * transport links to its own detachment's bases within 25 cm).
 */
export function coherencyGroups(s: EpicState, det: string): EpicBase[][] {
  const bases = s.bases.filter((b) => b.det === det && onTable(b));
  const seen = new Set<string>();
  const groups: EpicBase[][] = [];
  for (const start of bases) {
    if (seen.has(start.id)) continue;
    const group: EpicBase[] = [];
    const stack = [start];
    seen.add(start.id);
    while (stack.length) {
      const b = stack.pop()!;
      group.push(b);
      for (const o of bases) {
        if (seen.has(o.id)) continue;
        const link =
          prof(b).abilities.transport || prof(o).abilities.transport ? TRANSPORT_COHERENCY : COHERENCY;
        if (hypot(o.x - b.x, o.y - b.y) <= link + 1e-9) {
          seen.add(o.id);
          stack.push(o);
        }
      }
    }
    groups.push(group);
  }
  return groups;
}

/** NE-U81: how many bases a transport carries. */
export const load = (s: EpicState, transport: string): number => {
  const t = s.bases.find((b) => b.id === transport);
  if (!t) return 0;
  let units = 0;
  let freeUsed = false;
  for (const b of s.bases) {
    if (!b.alive || b.carriedBy !== transport) continue;
    const c = cargo(prof(t), prof(b), freeUsed);
    if (c === 'free') freeUsed = true;
    else if (typeof c === 'number') units += c;
  }
  return units;
};

/** NE-U02: whether a transport carries (tows) a light artillery base already. */
export const towing = (s: EpicState, transport: string): boolean =>
  s.bases.some((b) => b.alive && b.carriedBy === transport && prof(b).abilities.artillerieLegere);

/**
 * What a base costs a transport (NE-U81, U85, U58, U02/U87): infantry 1; a walker (class 2) 2 in a transport of
 * capacity 6 or more; an attached character nothing; one Personnage rides free in a capacity-6+ transport
 * ('free', when `freeUsed` is false); a light artillery base is towed ('tow', one per transport with
 * Attelage: every ground transport, NE-U87); anything else cannot be carried (null).
 */
export function cargo(t: UnitProfile, b: UnitProfile, freeUsed: boolean): number | 'free' | 'tow' | null {
  const cap = t.abilities.transport ?? 0;
  if (cap === 0) return null;
  if (b.abilities.artillerieLegere) return 'tow';
  if (b.abilities.personnageLie && b.cls === 1) return 0;
  if (b.abilities.personnage && cap >= 6 && !freeUsed && b.cls === 1) return 'free';
  if (b.cls === 1) return 1;
  if (b.cls === 2 && cap >= 6) return 2;
  return null;
}

/** NE-U75: a carried base whose transport is open-topped: it may fire out and be fired at. */
export function inOpenTop(s: EpicState, b: EpicBase): EpicBase | null {
  if (!b.alive || b.carriedBy === null || prof(b).abilities.artillerieLegere) return null;
  const t = s.bases.find((x) => x.id === b.carriedBy);
  return t?.alive && prof(t).abilities.toitOuvert ? t : null;
}

/**
 * Whether a detachment has a unit ability: granted to it by the scenario (catalogue id) or carried by one
 * of its living bases' profiles.
 */
export function detHas(
  s: EpicState,
  d: EpicDetachment,
  id: string,
  key: keyof UnitProfile['abilities'],
): boolean {
  if (d.abilities.includes(id)) return true;
  for (const b of s.bases) if (b.alive && b.det === d.id && prof(b).abilities[key]) return true;
  return false;
}

/** Friendly bases of `side` with ability `key` within `r` cm of some base of detachment `det`. */
export function auraFrom(
  s: EpicState,
  det: string,
  side: EpicSide,
  key: keyof UnitProfile['abilities'],
  r: number,
): EpicBase | null {
  for (const h of s.bases) {
    if (!h.alive || h.side !== side || !prof(h).abilities[key]) continue;
    const hp = h.carriedBy ? (s.bases.find((t) => t.id === h.carriedBy) ?? h) : h;
    for (const b of s.bases)
      if (b.alive && b.det === det && hypot(b.x - hp.x, b.y - hp.y) <= r + 1e-9) return h;
  }
  return null;
}
