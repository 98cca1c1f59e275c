/**
 * The `epic` state as the board view draws it: a `BoardModel` (table, terrain, objectives, bases with their
 * markers) and the overlays around a selected base (move reach, lines of fire, zones of control, a pending
 * move that can be intercepted). Pure functions of the state; the view itself knows no rule.
 *
 * Secrets: a face-down order counter shows '?' unless `viewer` is its owner. Pass `observe(state, side)`
 * for a player's view: an observation has already blanked what that side may not see.
 */
import { epicPhases } from '../../../statecharts/epic';
import type {
  AttackView,
  BoardAdapter,
  BoardModel,
  GroupMove,
  MarkerView,
  MoveThreat,
  Overlay,
  RulesetWords,
  ShotView,
  UnitCard,
  UnitView,
} from '../../engine/board-model';
import type { BaseAction, GameEvent } from '../../engine/contract';
import { cos, hypot, sin } from '../../engine/dmath';
import { maxReachAlong, type Vec2 } from '../../engine/geometry';
import type { Message } from '../../engine/result';
import { Rng, seedRng } from '../../engine/rng';
import { epicLegal } from './candidates';
import { weaponsInReach } from './combat';
import { POWERS, WEAPONS } from './data';
import { applyEpicInPlace, determinizeEpic, epicAttack } from './index';
import { check } from './rules';
import {
  baseById,
  costFor,
  detById,
  detOf,
  hasZoc,
  inContact,
  isBlocked,
  isFlyer,
  load,
  onTable,
  other,
  prof,
  remaining,
  zocRadius,
} from './state';
import {
  ALTITUDES,
  EPIC_SIDES,
  type EpicAction,
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
  if (inContact(s, b))
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

/** How high an aircraft is drawn per altitude step, in cm. */
const FLIGHT_LIFT = 4;

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
      // NE-U95: aircraft drawn above the table, higher at High altitude (a lift that reads, not to scale).
      ...(b.alive && b.alt > 0 ? { z: FLIGHT_LIFT * b.alt } : {}),
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

/**
 * A flyer of the active detachment (NE-U100): the detachment flies as one, in a straight line of half to
 * all its move (exactly half on no order or for a zone), at an altitude, ignoring terrain. The altitude it
 * would keep (or climb to, from the ground) and the flight's length for `dx, dy`, or null when it may not fly.
 */
function flightAlt(s: EpicState, b: EpicBase): number | null {
  if (s.phase !== 'mouvement.activation' || b.det !== s.active || !isFlyer(b) || !onTable(b)) return null;
  const d = detById(s, b.det);
  if (!d) return null;
  const preferred = d.order === 'tirAppuye' ? 0 : b.alt === 0 ? 2 : b.alt;
  const move = flightMove(s, b.det);
  for (const alt of [preferred, 2, 1, 0])
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      const len = d.order === null ? move / 2 : move * 0.75;
      if (!check(s, { type: 'fly', det: b.det, dx: cos(a) * len, dy: sin(a) * len, alt })) return alt;
    }
  return null;
}

/** A flight's length: its slowest base's move. */
const flightMove = (s: EpicState, det: string): number =>
  Math.min(...s.bases.filter((x) => x.det === det && onTable(x)).map((x) => prof(x).move));

/**
 * The ring a flyer's detachment may fly to from `b`: half to all its move, or exactly half (a circle) on no
 * order; each ray's far end by bisection on the rules' own check, so the table's edge is respected.
 */
function flightReach(s: EpicState, b: EpicBase): Overlay | null {
  const alt = flightAlt(s, b);
  if (alt === null) return null;
  const move = flightMove(s, b.det);
  const exact = detById(s, b.det)?.order === null;
  const legalAt = (dx: number, dy: number) => check(s, { type: 'fly', det: b.det, dx, dy, alt }) === null;
  const outline: Vec2[] = [];
  for (let i = 0; i < REACH_RAYS; i++) {
    const a = (2 * Math.PI * i) / REACH_RAYS;
    const c = cos(a);
    const n = sin(a);
    let lo = move / 2;
    let hi = exact ? move / 2 : move;
    if (!legalAt(c * lo, n * lo)) lo = 0;
    else if (legalAt(c * hi, n * hi)) lo = hi;
    else
      for (let k = 0; k < 7; k++) {
        const mid = (lo + hi) / 2;
        if (legalAt(c * mid, n * mid)) lo = mid;
        else hi = mid;
      }
    outline.push({ x: b.x + c * lo, y: b.y + n * lo });
  }
  return {
    kind: 'reach',
    unit: b.id,
    from: { x: b.x, y: b.y },
    radius: exact ? move / 2 : move,
    inner: move / 2,
    outline,
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
    const dx = cos(a);
    const dy = sin(a);
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
 * - its move reach, from the legal regions (`epicLegal`), with the outline terrain allows; a flyer's
 *   flight (NE-U100), which has no region, as a ring (also drawn when nothing is selected);
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
    else {
      const flight = flightReach(s, sel);
      if (flight) out.push(flight);
    }
  } else if (!sel && s.phase === 'mouvement.activation') {
    // Nothing chosen while a flyer detachment is active: its flight is drawn from its first base.
    const lead = s.bases.find((b) => b.det === s.active && onTable(b) && isFlyer(b));
    const flight = lead ? flightReach(s, lead) : null;
    if (flight) out.push(flight);
  }

  if (sel && onTable(sel)) {
    const range = maxRange(sel);
    for (const t of s.bases) {
      if (t.side === sel.side || !onTable(t) || hypot(t.x - sel.x, t.y - sel.y) > range) continue;
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

// ── the app's panels: the unit card, actions and phases in words, interception threat before a move ───────

const m = (fr: string, en: string): Message => ({ fr, en });

/** Each ability the card lists, with the catalogue id whose text explains it. */
const EPIC_ABILITIES: { key: string; rule: string; name: (v: unknown) => Message }[] = [
  { key: 'qg', rule: 'NE-U62', name: () => m('QG', 'HQ') },
  { key: 'elite', rule: 'NE-U37', name: (v) => m(`Élite (${v})`, `Elite (${v})`) },
  { key: 'reacteursDorsaux', rule: 'NE-U63', name: () => m('Réacteurs dorsaux', 'Jump packs') },
  { key: 'bizarboy', rule: 'NE-U03', name: () => m('Bizarboy', 'Weirdboy') },
  { key: 'mediko', rule: 'NE-U50', name: () => m('Médiko', 'Painboy') },
  { key: 'mekano', rule: 'NE-U51', name: () => m('Mékano', 'Mekboy') },
  { key: 'gretchin', rule: 'NE-U39', name: () => m('Gretchins', 'Gretchin') },
  { key: 'transport', rule: 'NE-U81', name: (v) => m(`Transport (${v})`, `Transport (${v})`) },
  { key: 'volant', rule: 'NE-U90', name: () => m('Volant', 'Volant (flyer)') },
  { key: 'intercepteur', rule: 'NE-U43', name: () => m('Intercepteur', 'Intercepteur (interceptor)') },
];

const ALTITUDE_WORDS: Record<(typeof ALTITUDES)[number], Message> = {
  sol: m('au sol', 'landed'),
  basse: m('altitude basse', 'low altitude'),
  haute: m('altitude haute', 'high altitude'),
};

/** The unit card: profile, weapons, abilities (with the rule that explains each), order and states. */
export function epicCard(s: EpicState, id: string): UnitCard | null {
  const b = baseById(s, id);
  if (!b) return null;
  const p = prof(b);
  const d = detById(s, b.det);
  const stat = (fr: string, en: string, value: string | number) => ({
    label: m(fr, en),
    value: String(value),
  });
  const rules: UnitCard['rules'] = [];
  for (const a of EPIC_ABILITIES) {
    const v = (p.abilities as Record<string, unknown>)[a.key];
    if (v !== undefined && v !== false) rules.push({ id: a.rule, label: a.name(v) });
  }
  const states: Message[] = [];
  if (d?.order && (d.revealed || !d.concealed))
    states.push(ORDER_VIEW[d.order]?.label ?? m(d.order, d.order));
  if (d?.concealed) states.push(HIDDEN_ORDER.label);
  if (d?.routed) states.push(m('En déroute (C7)', 'Routed (C7)'));
  if (isFlyer(b)) states.push(ALTITUDE_WORDS[ALTITUDES[b.alt] ?? 'sol']);
  // C10: a titan's or a Gargant's location sheet, damage as it stands (public).
  for (const [key, level] of Object.entries(b.locs ?? {})) {
    if (!level) continue;
    const where = LOCATION_WORDS[key] ?? (key.startsWith('arme:') ? WEAPONS[key.slice(5)]?.name : undefined);
    const name = where ?? m(key, key);
    states.push(
      level >= 2
        ? m(`${name.fr} : détruit (C10)`, `${name.en}: destroyed (C10)`)
        : m(`${name.fr} : endommagé (C10)`, `${name.en}: damaged (C10)`),
    );
  }
  return {
    title: p.name,
    subtitle: d
      ? m(`${d.name.fr}${b.alive ? '' : ' — détruit'}`, `${d.name.en}${b.alive ? '' : ' — destroyed'}`)
      : undefined,
    stats: [
      stat('PdV', 'Wounds', `${b.pdv}/${p.pdv}`),
      stat('Mouvement', 'Move', `${p.move} cm`),
      stat('Sauvegarde', 'Save', p.save >= 7 ? '–' : `${p.save}+`),
      stat("Facteur d'Assaut", 'Assault factor', p.fa),
      stat('Classe', 'Class', p.cls),
      stat('Moral', 'Morale', d?.morale ?? '–'),
    ],
    weapons: p.weapons
      .map((w) => WEAPONS[w])
      .filter((w) => w !== undefined)
      .map((w) => ({
        name: w.name,
        text: m(
          `portée ${w.range} cm, ${w.attacks} dé(s), touche ${w.toHit}+, PA ${w.pa}`,
          `range ${w.range} cm, ${w.attacks} dice, hits on ${w.toHit}+, AP ${w.pa}`,
        ),
      })),
    rules,
    states,
  };
}

/** C10: the locations of a titan's or a Gargant's sheet (a weapon's is named by the weapon). */
const LOCATION_WORDS: Record<string, Message> = {
  jambes: m('Jambes', 'Legs'),
  corps: m('Corps / réacteur', 'Body / reactor'),
  tete: m('Tête / passerelle', 'Head / bridge'),
};

/** The phases of the turn chart (statecharts/epic.ts), as the phase indicator names them. */
const PHASE_WORDS: Record<string, Message> = {
  'infiltration.choix': m('Infiltration — choix du détachement', 'Infiltration — choose a detachment'),
  'infiltration.deplacement': m('Infiltration — déplacement', 'Infiltration — move'),
  ordres: m('Ordres', 'Ordres (orders)'),
  initiative: m('Initiative', 'Initiative'),
  'mouvement.choix': m('Mouvement — choix de l’activation', 'Mouvement (movement) — choose an activation'),
  'mouvement.activation': m('Mouvement — activation', 'Mouvement (movement) — activation'),
  'mouvement.interception': m('Interception', 'Interception (fire on a move)'),
  'mouvement.interceptionAerienne': m(
    'Interception aérienne (zone d’Intercepteurs)',
    'Air interception (interceptor zone)',
  ),
  'mouvement.finInterception': m(
    'Fin du mouvement — interceptions dans les zones',
    'End of movement — interceptions in zones',
  ),
  combat: m('Combat — tirs et Assauts', 'Combat — shooting and Assaut (assaults)'),
  fin: m('Phase finale', 'End phase'),
  terminee: m('Partie terminée', 'Game over'),
};

/** Every kind of action (types.ts `EpicAction`), as buttons and the log name them. */
const ACTION_WORDS: Record<string, Message> = {
  order: m('Ordre', 'Order'),
  initiative: m('Initiative : activer en premier', 'Initiative: activate first'),
  activate: m('Activer', 'Activate'),
  pass: m('Passer', 'Pass'),
  move: m('Déplacer', 'Move'),
  moveDet: m('Déplacer le détachement', 'Move the detachment'),
  charge: m('Charger', 'Charge'),
  embark: m('Embarquer', 'Embark'),
  disembark: m('Débarquer', 'Disembark'),
  fly: m('Voler', 'Fly'),
  zone: m('Créer une zone d’interception', 'Create an interception zone'),
  waaagh: m('Waaagh!', 'Waaagh!'),
  onYVa: m('On y va !', 'On y va! (move up)'),
  done: m('Terminer', 'Done'),
  intercept: m('Intercepter (tir)', 'Intercept (fire)'),
  noIntercept: m('Ne pas intercepter', 'Do not intercept'),
  dr: m('Défense rapprochée', 'Close defence (DR)'),
  intercepter: m('Intercepter en vol', 'Intercept the flight'),
  laisser: m('Laisser passer', 'Let it pass'),
  shoot: m('Tirer', 'Shoot'),
  assault: m('Assaut', 'Assault'),
  bzzzt: m('Bzzzt!', 'Bzzzt!'),
  crush: m('Écraser (Rouleau)', 'Crush (Rouleau)'),
  offTable: m('Artillerie hors champ', 'Off-table artillery'),
  power: m('Pouvoir psychique', 'Psychic power'),
  demolish: m('Démolir', 'Demolish'),
  abandon: m('Abandonner le transport', 'Abandon the transport'),
};

export const epicWords: RulesetWords = { phases: PHASE_WORDS, actions: ACTION_WORDS };

/** `camelCase` → `camel case`: a readable stand-in for a kind of action that has no words yet. */
const spaced = (type: string): string => type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** An action in words: its kind, then whom it concerns (names, not ids). Hidden orders stay hidden. */
export function epicDescribe(s: EpicState, action: BaseAction): Message | null {
  const a = action as EpicAction & Record<string, unknown>;
  const head = ACTION_WORDS[a.type] ?? m(spaced(a.type), spaced(a.type));
  const fr = [head.fr];
  const en = [head.en];
  const add = (x: Message | undefined, pre = '') => {
    if (!x) return;
    fr.push(pre + x.fr);
    en.push(pre + x.en);
  };
  const base = (id: string) => {
    const b = baseById(s, id);
    return b ? prof(b).name : undefined;
  };
  if (typeof a.order === 'string') add(ORDER_VIEW[a.order as Order]?.label);
  if (typeof a.det === 'string') add(detById(s, a.det)?.name, a.type === 'order' ? '→ ' : '');
  if (typeof a.base === 'string') add(base(a.base));
  if (typeof a.transport === 'string') add(base(a.transport), '→ ');
  if (typeof a.target === 'string') {
    const target = a.target;
    add(baseById(s, target) ? base(target) : detById(s, target)?.name, '→ ');
  }
  if (a.type === 'initiative') add(s.sides[a.first]?.name, '');
  if (a.type === 'power') add(POWERS[a.power]?.name, '— ');
  if (a.type === 'offTable') {
    add(s.offTable.find((f) => f.id === a.formation)?.name, '— ');
    add(base(a.oa), '(OA) ');
  }
  if (a.type === 'demolish') add(m(a.building, a.building), '→ ');
  if (a.type === 'shoot' && a.elite) add(m(`(Élite ${a.elite})`, `(Elite ${a.elite})`));
  if (a.type === 'intercept' || a.type === 'dr' || (a.type === 'intercepter' && a.at !== undefined))
    add(m(`au point ${a.at}`, `at point ${a.at}`));
  if (a.type === 'dr') add(m(`(${a.n} socle(s))`, `(${a.n} base(s))`));
  if (a.type === 'fly') {
    add(ALTITUDE_WORDS[ALTITUDES[a.alt] ?? 'sol'], '— ');
    add(m(`${round1(hypot(a.dx, a.dy))} cm`, `${round1(hypot(a.dx, a.dy))} cm`), '— ');
  }
  if (a.type === 'moveDet' || a.type === 'zone')
    add(m(`${round1(hypot(a.dx, a.dy))} cm`, `${round1(hypot(a.dx, a.dy))} cm`), '— ');
  if (a.type === 'onYVa') add(m(`(${a.dets.length} détachement(s))`, `(${a.dets.length} detachment(s))`));
  return { fr: fr.join(' '), en: en.join(' ') };
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** The moving base and where it is now, for the actions that move one (or a whole detachment). */
function moverOf(s: EpicState, a: EpicAction): EpicBase | undefined {
  if ('base' in a && typeof a.base === 'string') return baseById(s, a.base);
  if ('det' in a && typeof a.det === 'string') return s.bases.find((b) => b.det === a.det && onTable(b));
  return undefined;
}

/**
 * C5 / NE-U44 before the move is made: the rules are asked on a copy (hidden orders filled from the
 * ruleset's own belief, which does not matter here: any face-down counter in reach threatens, whatever it
 * is), and the bases of every detachment that could fire on the path, or whose Intercepteur zone the flight
 * crosses, are listed.
 */
export function epicMoveThreat(obs: EpicState, viewer: string, action: BaseAction): MoveThreat | null {
  const a = action as EpicAction;
  if (!['move', 'moveDet', 'charge', 'disembark', 'fly'].includes(a.type)) return null;
  const s = determinizeEpic(obs, viewer, new Rng(seedRng(`threat:${obs.ply}`)));
  const mover = moverOf(s, a);
  if (!mover || mover.side !== viewer) return null;
  if (applyEpicInPlace(s, a)) return null;
  const p = s.pending;
  if (!p) return null;
  const dets = new Set([...p.threats, ...(p.zones ?? [])]);
  const by = s.bases.filter((b) => dets.has(b.det) && onTable(b) && b.side !== viewer).map((b) => b.id);
  if (by.length === 0) return null;
  const path: Vec2[] = [];
  for (const leg of p.legs.filter((l) => l.base === (p.legs[0]?.base ?? ''))) {
    if (path.length === 0) path.push({ ...leg.from });
    path.push({ ...leg.to });
  }
  return { path, by };
}

/** A click on the table for a flyer of the active detachment: the detachment flies there (checked by the rules). */
export function epicPointAction(s: EpicState, unit: string, point: Vec2): BaseAction | null {
  const b = baseById(s, unit);
  if (!b) return null;
  const alt = flightAlt(s, b);
  if (alt === null) return null;
  return { type: 'fly', det: b.det, dx: point.x - b.x, dy: point.y - b.y, alt } as EpicAction;
}

/**
 * C2: the active detachment moving as one (`moveDet`: every base by the same offset, coherency kept), which
 * the AI uses and a player otherwise could not choose: offered in the move form, measured from the
 * detachment's centre. Not for flyers (they fly, `epicPointAction`) nor a detachment in contact.
 */
export function epicGroupMoves(s: EpicState): GroupMove[] {
  if (s.phase !== 'mouvement.activation' || !s.active) return [];
  const det = detById(s, s.active);
  const bases = s.bases.filter((b) => b.det === s.active && onTable(b));
  if (!det || bases.length < 2 || bases.some((b) => prof(b).abilities.volant)) return [];
  if (bases.some((b) => isBlocked(s, b) || remaining(s, b) <= 0)) return [];
  const from = {
    x: bases.reduce((a, b) => a + b.x, 0) / bases.length,
    y: bases.reduce((a, b) => a + b.y, 0) / bases.length,
  };
  return [
    {
      key: `det:${det.id}`,
      unit: bases[0]!.id,
      label: m(`Déplacer le détachement — ${det.name.fr}`, `Move the detachment — ${det.name.en}`),
      from,
      action: (p: Vec2): EpicAction => ({ type: 'moveDet', det: det.id, dx: p.x - from.x, dy: p.y - from.y }),
    },
  ];
}

/** A shot as `odds` takes it: the detachment firing and its target. */
export function epicAttackOf(s: EpicState, action: BaseAction): AttackView | null {
  const attack = epicAttack(s, action as EpicAction);
  return attack ? { attack, attacker: attack.det, target: attack.target } : null;
}

/**
 * C4 / NE-U36: each `fire` event is one base firing at one base (`units: [firer, target]`); it hit when a
 * to-hit die reached its number (on 7+ and beyond, a second die after a 6 reached its own).
 */
export function epicShots(events: readonly GameEvent[]): ShotView[] {
  const out: ShotView[] = [];
  for (const e of events) {
    if (e.kind !== 'fire' || !e.units || e.units.length < 2) continue;
    const rolls = e.dice ?? [];
    const decisive = rolls.length > 1 ? rolls[rolls.length - 1]! : rolls[0];
    const target = decisive?.target ?? 7;
    const hit = !!decisive && (target <= 6 || rolls.length > 1) && decisive.dice.some((d) => d >= target);
    out.push({ from: e.units[0]!, to: e.units[1]!, hit });
  }
  return out;
}

/** What the app reads to draw and describe an `epic` game. */
export const epicBoardAdapter: BoardAdapter = {
  board: epicBoard,
  overlays: epicOverlays,
  card: epicCard,
  describe: epicDescribe,
  words: epicWords,
  chart: epicPhases,
  moveThreat: epicMoveThreat,
  attackKinds: ['shoot'],
  shotsOf: epicShots,
  attackOf: epicAttackOf,
  pointAction: epicPointAction,
  groupMoves: epicGroupMoves,
};
