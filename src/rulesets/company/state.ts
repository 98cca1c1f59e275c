/**
 * Queries on a `company` state, no dice: who controls whom, contact and engagement, zones of control,
 * modified statistics, straight moves and what they cross, line of sight and the shooting target rule.
 */

import { hypot } from '../../engine/dmath';
import {
  type Blocker,
  lineOfSight,
  pointInPolygon,
  segmentMoveCost,
  type Terrain,
  type Vec2,
} from '../../engine/geometry';
import { tableLookup } from '../../engine/ruleset-kit';
import { CONTACT, PROFILES, ZOC } from './data';
import type { Combatant, CompanySide, CompanyState, ContactPair, Profile } from './types';

export const other = (side: CompanySide): CompanySide => (side === 'blue' ? 'red' : 'blue');
const profile = tableLookup(PROFILES);
export const prof = (u: Combatant): Profile => profile(u.profile)!;
export const unitById = (s: CompanyState, id: string): Combatant | undefined =>
  s.units.find((u) => u.id === id);

/** HD-18: a Contrôlé combatant plays for, and counts as an ally of, its controller. */
export const controllerOf = (u: Combatant): CompanySide => u.controle?.by ?? u.owner;
export const isEnemy = (a: Combatant, b: Combatant): boolean => controllerOf(a) !== controllerOf(b);

export const edge = (a: { x: number; y: number }, ra: number, b: Combatant): number =>
  hypot(a.x - b.x, a.y - b.y) - ra - prof(b).radius;
export const edgeBetween = (a: Combatant, b: Combatant): number => edge(a, prof(a).radius, b);
export const touching = (a: Combatant, b: Combatant): boolean => edgeBetween(a, b) <= CONTACT;

/** HD-19/HD-20: nobody is engaged with an Immobilisé or Mis au sol combatant (and they engage nobody). */
export const engages = (u: Combatant): boolean => u.alive && !u.misAuSol && u.immobilise === null;

/** Living enemies (by controller) in base contact. */
export const adversariesInContact = (s: CompanyState, u: Combatant): Combatant[] =>
  s.units.filter((o) => o.alive && o.id !== u.id && isEnemy(u, o) && touching(u, o));

/** C6: engaged = in contact with an enemy, neither of them Immobilisé or Mis au sol. */
export const engaged = (s: CompanyState, u: Combatant, except?: string): boolean =>
  engages(u) && adversariesInContact(s, u).some((o) => o.id !== except && engages(o));

/** C6, HD-19, HD-20, HD-22: Sonné, Immobilisé and Mis au sol combatants have no zone de contrôle. */
export const hasZoc = (u: Combatant): boolean =>
  u.alive && u.sonne === null && u.immobilise === null && !u.misAuSol;

export const isBlesse = (u: Combatant): boolean => u.pv <= prof(u).blesse;

/** C7 / HD-07: Blessé modifiers, or Fanatique's instead. */
function blesseMods(u: Combatant): { cbt: number; def: number; dpt: number; tir: number; foi: number } {
  if (!isBlesse(u)) return { cbt: 0, def: 0, dpt: 0, tir: 0, foi: 0 };
  if (prof(u).abilities.fanatique) return { cbt: 1, def: 1, dpt: -1, tir: -1, foi: 1 };
  return { cbt: -1, def: -1, dpt: 0, tir: 0, foi: 0 };
}

/** Modified CBT before the passe's own bonuses: Blessé/Fanatique, Sonné −1, Mis au sol −2. null = « – ». */
export function cbtOf(u: Combatant): number | null {
  const base = prof(u).cbt;
  if (base === null) return null;
  return base + blesseMods(u).cbt - (u.sonne ? 1 : 0) - (u.misAuSol ? 2 : 0);
}

/** Modified DEF: Blessé −1 (Fanatique +1, 5 maximum), Sonné −1, Mis au sol −2, Immobilisé −3. */
export function defOf(u: Combatant): number {
  const p = prof(u);
  let def = p.def;
  if (isBlesse(u)) def = p.abilities.fanatique ? Math.max(def, Math.min(5, def + 1)) : def - 1;
  return def - (u.sonne ? 1 : 0) - (u.misAuSol ? 2 : 0) - (u.immobilise ? 3 : 0);
}

/** Modified DPT (Déplacement): Fanatique −1, Ralenti −2; never below 0. */
export const dptOf = (u: Combatant): number =>
  Math.max(0, prof(u).dpt + blesseMods(u).dpt - (u.ralenti ? 2 : 0));
export const tirOf = (u: Combatant): number => Math.max(0, prof(u).tir + blesseMods(u).tir);
export const foiOf = (u: Combatant): number => Math.max(0, prof(u).foi + blesseMods(u).foi);

/** Impraticable terrain (C5): impassable, water, buildings. */
export const IMPRATICABLE = new Set(['impassable', 'water', 'building']);
/** Difficult terrain (C5): movement costs double. */
export const DIFFICULT = new Set(['difficult', 'forest']);

export const moveCost = (t: Terrain): number =>
  IMPRATICABLE.has(t.kind) ? Infinity : DIFFICULT.has(t.kind) ? 2 : 1;

/** The pair record of two combatants in contact. */
export function pairOf(s: CompanyState, a: string, b: string): ContactPair | undefined {
  const [x, y] = a < b ? [a, b] : [b, a];
  return s.pairs.find((p) => p.a === x && p.b === y);
}

/** Keeps `pairs` equal to the set of enemy contacts: new ones are fresh (HD-24), broken ones forgotten (HD-23). */
export function syncPairs(s: CompanyState): void {
  const live = s.units.filter((u) => u.alive);
  const keep: ContactPair[] = [];
  for (let i = 0; i < live.length; i++)
    for (let j = i + 1; j < live.length; j++) {
      const a = live[i]!;
      const b = live[j]!;
      if (a.owner === b.owner || !touching(a, b)) continue;
      const [x, y] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
      keep.push(pairOf(s, x, y) ?? { a: x, b: y, passes: 0, fresh: true });
    }
  keep.sort((p, q) => (p.a === q.a ? (p.b < q.b ? -1 : 1) : p.a < q.a ? -1 : 1));
  s.pairs = keep;
}

// --- straight moves --------------------------------------------------------------------------------------

/** Smallest t in [0, 1] where the point a + t(b − a) comes within `reach` of c; null if never. */
export function entryParam(a: Vec2, b: Vec2, c: Vec2, reach: number): number | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const fx = a.x - c.x;
  const fy = a.y - c.y;
  const cc = fx * fx + fy * fy - reach * reach;
  if (cc <= 0) return 0;
  const aa = dx * dx + dy * dy;
  if (aa === 0) return null;
  const bb = 2 * (fx * dx + fy * dy);
  const disc = bb * bb - 4 * aa * cc;
  if (disc < 0) return null;
  const t = (-bb - Math.sqrt(disc)) / (2 * aa);
  return t >= 0 && t <= 1 ? t : null;
}

export interface MoveCheck {
  /** An error code, or null when the path is legal. */
  error: string | null;
  why?: string;
  /** Enemies whose zone de contrôle the move leaves (C6). */
  leaves: string[];
  /** The move crosses difficult terrain (a rapid move there costs 1 Commandement, C5). */
  difficult: boolean;
}

export interface MoveOpts {
  /** The enemy this move must end in contact with (Assaut, Charge). */
  target?: string;
  /** Enemies it starts in contact with and may leave (Fuite, Esquive). */
  fleeing?: string[];
  /** HD-11: zones of control have no effect. */
  insaisissable?: boolean;
}

/**
 * A straight move of `u` to `to` within `budget` toises of movement (C5: difficult ×2, Impraticable
 * refused). It may not overlap a base, may end in contact only with `target`, and follows C6 on zones of
 * control: on entering an enemy's zone it stops there or goes on straight toward that enemy.
 */
export function checkPath(
  s: CompanyState,
  u: Combatant,
  to: Vec2,
  budget: number,
  opts: MoveOpts = {},
): MoveCheck {
  const r = prof(u).radius;
  const out: MoveCheck = { error: null, leaves: [], difficult: false };
  const bad = (error: string, why: string): MoveCheck => ({ ...out, error, why });
  if (!Number.isFinite(to.x) || !Number.isFinite(to.y)) return bad('ERR_DESTINATION', 'not a point');
  if (to.x < r || to.y < r || to.x > s.table.width - r || to.y > s.table.height - r)
    return bad('ERR_DESTINATION', 'off the table');
  const cost = segmentMoveCost(s.table, u, to, moveCost);
  if (cost === Infinity) return bad('ERR_IMPRATICABLE', 'crosses Impraticable terrain');
  if (s.table.terrain.some((t) => IMPRATICABLE.has(t.kind) && pointInPolygon(to, t.poly)))
    return bad('ERR_IMPRATICABLE', 'ends on Impraticable terrain');
  if (cost > budget + 1e-6) return bad('ERR_TOO_FAR', `needs ${cost.toFixed(2)} toises, has ${budget}`);
  out.difficult =
    cost > hypot(to.x - u.x, to.y - u.y) + 1e-9 ||
    s.table.terrain.some((t) => DIFFICULT.has(t.kind) && pointInPolygon(to, t.poly));
  const len = hypot(to.x - u.x, to.y - u.y);
  let firstZoc: { t: number; unit: Combatant } | null = null;
  for (const o of s.units) {
    if (!o.alive || o.id === u.id) continue;
    const ro = prof(o).radius;
    const t = entryParam(u, to, o, r + ro - 1e-6);
    if (t !== null && !(t === 0 && opts.fleeing?.includes(o.id)) && !(o.id === opts.target && t > 0.999999))
      return bad('ERR_BLOCKED', `runs into ${o.id}`);
    if (!isEnemy(u, o)) continue;
    const endGap = edge(to, r, o);
    if (o.id !== opts.target && endGap <= CONTACT) return bad('ERR_CONTACT', `ends in contact with ${o.id}`);
    if (!hasZoc(o) || opts.insaisissable) continue;
    const startGap = edgeBetween(u, o);
    if (startGap <= ZOC + 1e-9) {
      if (endGap > ZOC + 1e-9 && !opts.fleeing?.includes(o.id)) out.leaves.push(o.id);
      continue;
    }
    const te = entryParam(u, to, o, r + ro + ZOC);
    if (te !== null && (firstZoc === null || te < firstZoc.t)) firstZoc = { t: te, unit: o };
  }
  if (firstZoc && (1 - firstZoc.t) * len > 0.05) {
    // C6: past the first zone entered, the move must go straight toward that enemy.
    const e = firstZoc.unit;
    const px = u.x + (to.x - u.x) * firstZoc.t;
    const py = u.y + (to.y - u.y) * firstZoc.t;
    const ex = e.x - px;
    const ey = e.y - py;
    const cos = ((to.x - u.x) * ex + (to.y - u.y) * ey) / (len * hypot(ex, ey) || 1);
    if (cos < 0.995)
      return bad('ERR_ZOC', `enters the zone of control of ${e.id} and does not stop or go straight at it`);
  }
  return out;
}

/** Where `u` touches `target` moving straight at it, and how far that is. */
export function contactPoint(u: Combatant, target: Combatant): { to: Vec2; distance: number } {
  const d = hypot(target.x - u.x, target.y - u.y) || 1e-9;
  const gap = d - prof(u).radius - prof(target).radius;
  const k = Math.max(0, gap) / d;
  return { to: { x: u.x + (target.x - u.x) * k, y: u.y + (target.y - u.y) * k }, distance: gap };
}

// --- sight and shooting ------------------------------------------------------------------------------------

const EYE = 1;

/** C3: line of sight from the centre of the shooter's base at head height; other bases block. */
export function sight(
  s: CompanyState,
  a: Combatant,
  at: Vec2,
  t: Combatant,
): { clear: boolean; cover: boolean } {
  const blockers: Blocker[] = [];
  for (const o of s.units)
    if (o.alive && o.id !== a.id && o.id !== t.id)
      blockers.push({ x: o.x, y: o.y, r: prof(o).radius, h: EYE, id: o.id });
  const los = lineOfSight(s.table, { x: at.x, y: at.y, h: EYE }, { x: t.x, y: t.y, h: EYE }, blockers);
  return { clear: los.clear, cover: los.cover !== null };
}

/**
 * C3 (core/company.md §5): the shooter must take the nearest visible enemy in range, but may pass over
 * one whose cover gives a Protection ≥ its natural Protection, or one in a melee, and so on down the list.
 */
export function shootTargets(s: CompanyState, a: Combatant, at: Vec2): Combatant[] {
  const w = prof(a).ranged;
  if (!w?.range) return [];
  const r = prof(a).radius;
  const seen: { u: Combatant; d: number; cover: boolean }[] = [];
  for (const o of s.units) {
    if (!o.alive || !isEnemy(a, o)) continue;
    const d = edge(at, r, o);
    if (d > w.range) continue;
    const los = sight(s, a, at, o);
    if (los.clear) seen.push({ u: o, d, cover: los.cover });
  }
  seen.sort((p, q) => p.d - q.d || (p.u.id < q.u.id ? -1 : 1));
  const out: Combatant[] = [];
  for (const x of seen) {
    out.push(x.u);
    const skippable = (x.cover && 1 >= prof(x.u).pr) || engaged(s, x.u);
    if (!skippable) break;
  }
  return out;
}

/** Enemy combatants still « en attente » for a side (C4), counted by controller (HD-18). */
export const waiting = (s: CompanyState, side: CompanySide): Combatant[] =>
  s.units.filter((u) => u.alive && !u.activated && controllerOf(u) === side);

export const sideAlive = (s: CompanyState, side: CompanySide): boolean =>
  s.units.some((u) => u.alive && u.owner === side);

/** True when the straight line between two combatants' centres crosses Impraticable terrain. */
export function segmentCrossesImpraticable(s: CompanyState, a: Vec2, b: Vec2): boolean {
  return segmentMoveCost(s.table, a, b, moveCost) === Infinity;
}
