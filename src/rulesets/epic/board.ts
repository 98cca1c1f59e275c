/**
 * The `epic` state as the board view draws it: a `BoardModel` (table, terrain, objectives, bases with their
 * markers) and the overlays around a selected base (move reach, lines of fire, zones of control, a pending
 * move that can be intercepted). Pure functions of the state; the view itself knows no rule.
 *
 * Secrets: a face-down order counter shows '?' unless `viewer` is its owner. Pass `observe(state, side)`
 * for a player's view: an observation has already blanked what that side may not see.
 */
import type { BoardModel, MarkerView, Overlay, UnitView } from '../../engine/board-model';
import { maxReachAlong, type Vec2 } from '../../engine/geometry';
import type { Message } from '../../engine/result';
import { epicLegal } from './candidates';
import { weaponsInReach } from './combat';
import { WEAPONS } from './data';
import { baseById, contacts, costFor, detOf, hasZoc, load, onTable, other, prof, zocRadius } from './state';
import {
  EPIC_SIDES,
  type EpicBase,
  type EpicDetachment,
  type EpicSide,
  type EpicState,
  type Order,
} from './types';

/** Side colours, 0xRRGGBB. */
export const EPIC_SIDE_COLOURS: Record<EpicSide, number> = { blue: 0x2f6fdb, red: 0xd63a2f };

/** C1: the four counters, in the game's words (French names stay French, with a gloss). */
const ORDER_VIEW: Record<Order, { label: Message; glyph: string; colour: number }> = {
  charge: { label: { fr: 'Charge', en: 'Charge' }, glyph: 'C', colour: 0xf08c00 },
  avance: { label: { fr: 'Avance', en: 'Avance (advance)' }, glyph: 'A', colour: 0x2f9e44 },
  tirAppuye: { label: { fr: 'Tir Appuyé', en: 'Tir Appuyé (first fire)' }, glyph: 'T', colour: 0x9c36b5 },
  retraite: { label: { fr: 'Retraite', en: 'Retraite (fall back)' }, glyph: 'R', colour: 0x868e96 },
};
const HIDDEN_ORDER = { label: { fr: 'Ordre caché', en: 'Hidden order' }, glyph: '?', colour: 0x343a40 };
const HIDDEN_OWN: Message = { fr: 'face cachée', en: 'face down' };

export interface EpicBoardOptions {
  /** The side looking: its own face-down counters are shown by name. Omitted: every face-down one is '?'. */
  viewer?: EpicSide;
}

function orderMarker(d: EpicDetachment, viewer: EpicSide | undefined): MarkerView | null {
  if (d.concealed) return { id: 'order', ...HIDDEN_ORDER };
  if (d.order === null) return null;
  const o = ORDER_VIEW[d.order];
  if (d.revealed) return { id: 'order', label: o.label, glyph: o.glyph, colour: o.colour };
  if (viewer !== d.side) return { id: 'order', ...HIDDEN_ORDER };
  return {
    id: 'order',
    label: { fr: `${o.label.fr} (${HIDDEN_OWN.fr})`, en: `${o.label.en} (${HIDDEN_OWN.en})` },
    glyph: o.glyph,
    colour: o.colour,
  };
}

function markersOf(s: EpicState, b: EpicBase, viewer: EpicSide | undefined): MarkerView[] {
  const d = detOf(s, b);
  const out: MarkerView[] = [];
  const order = orderMarker(d, viewer);
  if (order) out.push(order);
  if (d.routed)
    out.push({
      id: 'routed',
      label: { fr: 'En déroute (C7)', en: 'Routed (C7)' },
      glyph: '!',
      colour: 0xf59f00,
    });
  if (contacts(s, b).length > 0)
    out.push({
      id: 'engaged',
      label: { fr: 'Engagé (C6)', en: 'Engaged (C6)' },
      glyph: '×',
      colour: 0xc92a2a,
    });
  const carried = prof(b).abilities.transport ? load(s, b.id) : 0;
  if (carried > 0)
    out.push({
      id: 'carried',
      label: { fr: `${carried} socle(s) embarqué(s)`, en: `${carried} base(s) aboard` },
      glyph: String(carried),
      colour: 0x0c8599,
    });
  return out;
}

/** The board as drawn: carried bases are not on the table (their transport shows how many it carries). */
export function epicBoard(s: EpicState, opts: EpicBoardOptions = {}): BoardModel {
  const units: UnitView[] = [];
  for (const b of s.bases) {
    if (b.alive && b.carriedBy !== null) continue;
    const p = prof(b);
    units.push({
      id: b.id,
      side: b.side,
      x: b.x,
      y: b.y,
      r: p.radius,
      facing: b.facing,
      label: p.name,
      hp: b.alive ? b.pdv : 0,
      hpMax: p.pdv,
      markers: b.alive ? markersOf(s, b, opts.viewer) : [],
      selectable: onTable(b),
      dead: !b.alive,
    });
  }
  return {
    kind: 'table',
    unit: 'cm',
    width: s.table.width,
    height: s.table.height,
    terrain: s.table.terrain.map((t) => ({
      id: t.id,
      kind: t.kind,
      height: t.height,
      poly: t.poly.map((q) => ({ x: q.x, y: q.y })),
    })),
    objectives: s.objectives.map((o) => ({
      id: o.id,
      x: o.x,
      y: o.y,
      label: { fr: `Objectif ${o.value} PV`, en: `Objective ${o.value} VP` },
      holder: o.holder,
    })),
    units,
    sides: EPIC_SIDES.map((side) => ({
      id: side,
      colour: EPIC_SIDE_COLOURS[side],
      name: s.sides[side].name,
    })),
  };
}

/** Directions sampled to outline a move reach. */
const REACH_RAYS = 48;

/**
 * The outline of where a base may get to in a straight line from `from` with `budget` cm of movement,
 * terrain costs counted (C3) and kept on the table: one point per ray.
 */
function reachOutline(s: EpicState, b: EpicBase, from: Vec2, budget: number): Vec2[] {
  const r = prof(b).radius;
  const cost = costFor(b);
  const out: Vec2[] = [];
  for (let i = 0; i < REACH_RAYS; i++) {
    const a = (2 * Math.PI * i) / REACH_RAYS;
    const dx = Math.cos(a);
    const dy = Math.sin(a);
    let d = Math.min(budget, maxReachAlong(s.table, from, { x: dx, y: dy }, budget, cost));
    // Keep the whole base on the table.
    if (dx > 1e-9) d = Math.min(d, (s.table.width - r - from.x) / dx);
    if (dx < -1e-9) d = Math.min(d, (r - from.x) / dx);
    if (dy > 1e-9) d = Math.min(d, (s.table.height - r - from.y) / dy);
    if (dy < -1e-9) d = Math.min(d, (r - from.y) / dy);
    d = Math.max(0, d);
    out.push({ x: from.x + dx * d, y: from.y + dy * d });
  }
  return out;
}

const maxRange = (b: EpicBase): number => Math.max(0, ...prof(b).weapons.map((w) => WEAPONS[w]?.range ?? 0));

/**
 * Overlays for the current decision, around `selectedUnit` when given:
 * - its move reach, from the legal regions (`epicLegal`), with the outline terrain allows;
 * - a line to each enemy base within its longest weapon range: clear (green) when a weapon can fire on it
 *   (range, arc and sight, C4), blocked (red) otherwise;
 * - the zones of control of the bases opposing it (C3: only bases that have one), or opposing the side to
 *   decide when nothing is selected;
 * - the pending move, with the bases of the detachments that could intercept it (C5).
 */
export function epicOverlays(s: EpicState, selectedUnit?: string): Overlay[] {
  const out: Overlay[] = [];
  const legal = epicLegal(s);
  const sel = selectedUnit === undefined ? undefined : baseById(s, selectedUnit);

  if (sel?.alive) {
    const region = legal.regions.find((r) => r.unit === sel.id);
    if (region && region.maxDistance > 0)
      out.push({
        kind: 'reach',
        unit: sel.id,
        from: { ...region.from },
        radius: region.maxDistance,
        outline: reachOutline(s, sel, region.from, region.maxDistance),
      });
  }

  if (sel && onTable(sel)) {
    const range = maxRange(sel);
    for (const t of s.bases) {
      if (t.side === sel.side || !onTable(t) || Math.hypot(t.x - sel.x, t.y - sel.y) > range) continue;
      out.push({
        kind: 'line',
        from: { x: sel.x, y: sel.y },
        to: { x: t.x, y: t.y },
        clear: weaponsInReach(s, sel, t).length > 0,
      });
    }
  }

  const friend: EpicSide = sel ? sel.side : (legal.decision.side as EpicSide);
  const foe = other(friend);
  for (const b of s.bases)
    if (b.side === foe && hasZoc(s, b))
      out.push({ kind: 'zone', x: b.x, y: b.y, r: zocRadius(b), side: foe });

  if (s.pending) {
    const threats = new Set(s.pending.threats);
    const by = s.bases.filter((b) => threats.has(b.det) && onTable(b)).map((b) => b.id);
    for (const leg of s.pending.legs)
      out.push({ kind: 'threat', path: [{ ...leg.from }, { ...leg.to }], by });
  }
  return out;
}
