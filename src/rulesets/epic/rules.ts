/**
 * The `epic` turn: set-up, whose decision it is, which actions are legal and why others are not, and the
 * mutation each action makes. Phases come from the statechart (statecharts/epic.ts) through its derived
 * table; dice come from the state's RNG only.
 */

import { epicPhases } from '../../../statecharts/epic';
import { nextPhase } from '../../../statecharts/phases';
import type { DecisionPoint } from '../../engine/contract';
import { atan2, cos, hypot, sin } from '../../engine/dmath';
import {
  closestPointOnSegment,
  segmentCircleIntersects,
  segmentMoveCost,
  type Vec2,
} from '../../engine/geometry';
import { type GameError, gameError, type Result } from '../../engine/result';
import { Rng, seedRng } from '../../engine/rng';
import { findAbility } from './catalogue';
import {
  assaultGroup,
  bzzzt,
  type Ctx,
  carryAlong,
  closeBook,
  demolish,
  demolitionWeapons,
  disengage,
  drFire,
  dropBomb,
  emit,
  energyOf,
  kill,
  longestReach,
  moraleTest,
  offTableFire,
  onYVa,
  openBook,
  powerTarget,
  powerWeapon,
  repairLocations,
  resolveAssault,
  resolveFire,
  usePower,
  waaagh,
  weaponsInReach,
} from './combat';
import { BZZZT_ROWS, ONYVA_ROWS, POWERS, PROFILES, tableRow, WEAPONS } from './data';
import { CRUSH_LIMIT, crush } from './rouleau';
import type { EpicScenario } from './scenario';
import {
  allowance,
  baseById,
  beyondAnyContact,
  COMMAND_RADIUS,
  CONTACT,
  canSee,
  canStandAt,
  cargo,
  coherencyGroups,
  contacts,
  costFor,
  detAlive,
  detById,
  detHas,
  detOf,
  hasZoc,
  inContact,
  inOpenTop,
  isBlocked,
  isFlyer,
  load,
  locDamage,
  onTable,
  other,
  prof,
  remaining,
  sideAlive,
  skims,
  terrainUnder,
  towing,
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
  type Leg,
  type Objective,
  ORDERS,
  type Order,
  type PendingMove,
  type WeaponProfile,
} from './types';

// --- set-up -------------------------------------------------------------------------------------------------

const noneSeen = (): Record<Order, number> => ({ charge: 0, avance: 0, tirAppuye: 0, retraite: 0 });

/** A face-down counter turns face up (C1); a chosen order is counted in its side's `ordersSeen`. */
function reveal(s: EpicState, d: EpicDetachment): void {
  if (!d.revealed && d.order !== null) s.sides[d.side].ordersSeen[d.order]++;
  d.revealed = true;
}

export function setupEpic(sc: EpicScenario, seed: string): Result<EpicState> {
  const s: EpicState = {
    rng: seedRng(`epic:${sc.id}:${seed}`),
    ply: 0,
    scenario: sc.id,
    turn: 1,
    turnLimit: sc.turnLimit,
    phase: epicPhases.initial,
    table: {
      width: sc.table.width,
      height: sc.table.height,
      terrain: sc.terrain.map((t) => ({
        id: t.id,
        kind: t.kind,
        height: t.height,
        poly: t.poly.map((p) => ({ ...p })),
      })),
    },
    objectives: sc.objectives.map((o) => ({ ...o, holder: null })),
    bases: [],
    dets: [],
    sides: {
      blue: {
        elitePool: 0,
        dp: 0,
        passed: false,
        hadInitiative: false,
        ordersSeen: noneSeen(),
        name: sc.sides.blue.name,
      },
      red: {
        elitePool: 0,
        dp: 0,
        passed: false,
        hadInitiative: false,
        ordersSeen: noneSeen(),
        name: sc.sides.red.name,
      },
    },
    initiativeChooser: null,
    first: 'blue',
    toAct: 'blue',
    active: null,
    pending: null,
    powersUsed: [],
    assaultsDone: [],
    moraleRerolls: [],
    // NE-U54: the scenario's off-table Formations; NE-U53: OA use this turn; NE-W04: buildings with Structure Points.
    offTable: (sc.offTable ?? []).map((f) => ({ ...f, name: { ...f.name }, used: false })),
    oaUse: [],
    structures: sc.terrain.flatMap((t) =>
      t.kind === 'building' && t.sp !== undefined && t.save !== undefined
        ? [{ id: t.id, sp: t.sp, save: t.save }]
        : [],
    ),
    result: null,
  };
  for (const d of sc.detachments) {
    let points = 0;
    let pdv = 0;
    let elite = 0;
    let characterElite = 0;
    for (const b of d.bases) {
      const p = PROFILES[b.profile]!;
      points += p.points;
      pdv += p.pdv;
      // NE-U58 T4: an attached character's Elite (X) adds X on top of its detachment's.
      if (p.abilities.personnageLie) characterElite += p.abilities.elite ?? 0;
      else elite = Math.max(elite, p.abilities.elite ?? 0);
      s.bases.push({
        id: b.id,
        det: d.id,
        side: d.side,
        profile: b.profile,
        x: b.x,
        y: b.y,
        facing: b.facing,
        pdv: p.pdv,
        alive: true,
        moved: 0,
        charged: false,
        carriedBy: b.carriedBy ?? null,
        embarkPaid: false,
        disembarkPaid: false,
        drove: false,
        champs: p.abilities.champs ?? 0,
        drUsed: 0,
        crushes: 0,
        crushStop: null,
        locs: p.cls >= 5 ? {} : null, // C10: class 5+ (titans, Gargants) have a location sheet
        alt: p.abilities.volant && !b.carriedBy ? ALTITUDES.indexOf(b.altitude ?? 'haute') : 0,
        landed: 0,
      });
    }
    // NE-U37: each detachment containing Elite (X) bases adds X to its army's pool.
    s.sides[d.side].elitePool += elite + characterElite;
    const granted = (d.abilities ?? []).map((n) => findAbility(n)!.id);
    s.dets.push({
      id: d.id,
      side: d.side,
      name: d.name,
      points,
      // NE-U89: a command unit with no stated morale has 3; a stated value (the formation's) wins.
      morale: d.morale === undefined ? 3 : d.morale,
      order: null,
      given: false,
      revealed: false,
      activated: false,
      acted: false,
      intercepted: false,
      routed: false,
      noCounter: false,
      split: false,
      startPdv: pdv,
      lostPdv: 0,
      broken: false,
      waaagh: null,
      abilities: granted,
      converted: false,
      zone: false,
      zoneUsed: false,
    });
  }
  for (const b of s.bases) if (b.carriedBy) carryAlong(s, baseById(s, b.carriedBy)!);
  startInfiltration({ s, rng: new Rng(s.rng), ev: null });
  return { ok: true, value: s };
}

// --- whose decision -----------------------------------------------------------------------------------------

/** C2 ASSUMPTION: a detachment receives a counter if a base is within 25 cm of a friendly QG base. */
function inCommand(s: EpicState, d: EpicDetachment): boolean {
  if (detHas(s, d, 'NE-U48', 'ordresSansChef')) return true; // NE-U48: needs no leader in range
  const qgs = s.bases.filter((q) => q.alive && q.side === d.side && prof(q).abilities.qg);
  return s.bases.some(
    (b) => b.alive && b.det === d.id && qgs.some((q) => hypot(q.x - b.x, q.y - b.y) <= COMMAND_RADIUS),
  );
}

const needsOrder = (s: EpicState, d: EpicDetachment): boolean => !d.given && detAlive(s, d.id);

/** The side whose decision it is now. */
export function decider(s: EpicState): EpicSide {
  switch (s.phase) {
    case 'ordres':
      return s.dets.find((x) => needsOrder(s, x))!.side;
    case 'initiative':
      return s.initiativeChooser!;
    case 'mouvement.interception':
    case 'mouvement.interceptionAerienne':
      return other(s.toAct);
    case 'mouvement.finInterception':
      return s.toAct;
    default:
      return s.toAct;
  }
}

export function decisionOf(s: EpicState): DecisionPoint | null {
  if (s.result) return null;
  const side = decider(s);
  const unit = s.phase === 'ordres' ? s.dets.find((x) => needsOrder(s, x))!.id : (s.active ?? undefined);
  // C1: orders are given face down; the decision says so, so a searcher mixes its choice.
  const secret = s.phase === 'ordres';
  if (unit === undefined) return { side, phase: s.phase, turn: s.turn };
  return secret
    ? { side, phase: s.phase, turn: s.turn, unit, secret }
    : { side, phase: s.phase, turn: s.turn, unit };
}

// --- phase changes ------------------------------------------------------------------------------------------

function go(ctx: Ctx, event: string): void {
  const from = ctx.s.phase;
  ctx.s.phase = nextPhase(epicPhases, from, event);
}

// --- NE-U41 Infiltration (before turn 1) ---------------------------------------------------------------------

/** NE-U41: a detachment that may still make its infiltration move. */
export const canInfiltrate = (s: EpicState, d: EpicDetachment): boolean =>
  !d.activated && detHas(s, d, 'NE-U41', 'infiltration') && s.bases.some((b) => b.det === d.id && onTable(b));

const sideCanInfiltrate = (s: EpicState, side: EpicSide): boolean =>
  s.dets.some((d) => d.side === side && canInfiltrate(s, d));

/** NE-U41: the pre-game phase: skipped without infiltrators; one side alone starts; both: a D6 roll-off. */
function startInfiltration(ctx: Ctx): void {
  const s = ctx.s;
  const sides = EPIC_SIDES.filter((side) => sideCanInfiltrate(s, side));
  if (sides.length === 0) {
    go(ctx, 'INFILTRATION_FINIE');
    startOrders(ctx);
    return;
  }
  if (sides.length === 1) s.toAct = sides[0]!;
  else infiltrationRollOff(ctx);
}

/**
 * NE-U41: both sides infiltrate: each rolls a D6, the higher moves a detachment first (ASSUMPTION: ties are
 * re-rolled).
 */
export function infiltrationRollOff(ctx: Ctx): void {
  const s = ctx.s;
  for (;;) {
    const b = ctx.rng.die(6);
    const r = ctx.rng.die(6);
    emit(
      ctx,
      'NE-U41',
      'infiltrationRoll',
      `Infiltration: ${s.sides.blue.name.en} ${b}, ${s.sides.red.name.en} ${r}.`,
      `Infiltration : ${s.sides.blue.name.fr} ${b}, ${s.sides.red.name.fr} ${r}.`,
      { dice: [{ label: 'infiltration', sides: 6, dice: [b, r] }] },
    );
    if (b !== r) {
      s.toAct = b > r ? 'blue' : 'red';
      return;
    }
  }
}

/** NE-U41: a detachment's infiltration is over; the sides alternate, and one with none left lets the other go on. */
function endInfiltration(ctx: Ctx): void {
  const s = ctx.s;
  const d = detById(s, s.active!)!;
  coherencyCheck(ctx, d);
  d.activated = true;
  s.active = null;
  emit(
    ctx,
    'NE-U41',
    'infiltrated',
    `${d.name.en} ends its infiltration.`,
    `${d.name.fr} termine son infiltration.`,
    { side: d.side },
  );
  go(ctx, 'ACTIVATION_FINIE');
  const o = other(s.toAct);
  if (sideCanInfiltrate(s, o)) s.toAct = o;
  else if (!sideCanInfiltrate(s, s.toAct)) {
    for (const x of s.dets) x.activated = false;
    for (const b of s.bases) {
      b.moved = 0;
      b.drove = false;
    }
    go(ctx, 'INFILTRATION_FINIE');
    startOrders(ctx);
  }
}

/** C1 Orders phase: counters for every detachment in command; the rest are Sans ordre or on Retraite. */
function startOrders(ctx: Ctx): void {
  const s = ctx.s;
  for (const d of s.dets) {
    d.given = false;
    if (!detAlive(s, d.id)) d.given = true;
    else if (d.noCounter || d.routed) {
      d.order = 'retraite';
      d.revealed = true;
      d.given = true;
    } else if (!inCommand(s, d)) {
      d.order = null;
      d.given = true;
      emit(
        ctx,
        'C2',
        'noOrder',
        `${d.name.en} is out of command range: no order (Sans ordre).`,
        `${d.name.fr} est hors de portée de commandement : sans ordre.`,
        { side: d.side },
      );
    }
  }
  if (!s.dets.some((d) => needsOrder(s, d))) rollInitiative(ctx);
}

/** C1: each player rolls a D6; the higher chooses; a tie goes to who lacked it last turn (turn 1: re-roll). */
function rollInitiative(ctx: Ctx): void {
  const s = ctx.s;
  go(ctx, 'ORDRES_DONNES');
  for (;;) {
    const b = ctx.rng.die(6);
    const r = ctx.rng.die(6);
    let chooser: EpicSide | null = b > r ? 'blue' : r > b ? 'red' : null;
    if (chooser === null && s.turn > 1) chooser = s.sides.blue.hadInitiative ? 'red' : 'blue';
    emit(
      ctx,
      'C1',
      'initiativeRoll',
      `Initiative: ${s.sides.blue.name.en} ${b}, ${s.sides.red.name.en} ${r}.`,
      `Initiative : ${s.sides.blue.name.fr} ${b}, ${s.sides.red.name.fr} ${r}.`,
      { dice: [{ label: 'initiative', sides: 6, dice: [b, r] }] },
    );
    if (chooser) {
      s.initiativeChooser = chooser;
      return;
    }
  }
}

const canActivate = (s: EpicState, d: EpicDetachment): boolean =>
  !d.activated && (d.order !== 'tirAppuye' || flyerDet(s, d.id)) && detAlive(s, d.id);

/** NE-U90: a detachment of flyers (every base on the table a Volant): on Tir Appuyé it moves, then lands. */
function flyerDet(s: EpicState, det: string): boolean {
  let any = false;
  for (const b of s.bases)
    if (b.det === det && onTable(b)) {
      if (!isFlyer(b)) return false;
      any = true;
    }
  return any;
}

function sideCanActivate(s: EpicState, side: EpicSide): boolean {
  return !s.sides[side].passed && s.dets.some((d) => d.side === side && canActivate(s, d));
}

/** C1: the players alternate one detachment each; one who passes activates nothing more this phase. */
function nextActivation(ctx: Ctx): void {
  const s = ctx.s;
  const o = other(s.toAct);
  if (sideCanActivate(s, o)) s.toAct = o;
  else if (!sideCanActivate(s, s.toAct)) endOfMovement(ctx);
}

/** NE-U47: before the Combat phase, each unused zone with an enemy air detachment in it may intercept one. */
function endOfMovement(ctx: Ctx): void {
  const s = ctx.s;
  const z = endZones(s);
  if (z.length === 0) {
    startCombat(ctx);
    return;
  }
  if (s.phase === 'mouvement.choix') go(ctx, 'FIN_DES_ACTIVATIONS');
  s.toAct = detById(s, z[0]!)!.side;
}

/** C1 Combat phase: hidden counters are revealed; the first mover starts; players alternate single actions. */
function startCombat(ctx: Ctx): void {
  const s = ctx.s;
  go(ctx, 'MOUVEMENT_FINI');
  for (const d of s.dets) if (d.order !== null) reveal(s, d);
  s.toAct = s.first;
  s.assaultsDone = [];
  if (!sideHasCombatAction(s, s.toAct)) {
    s.toAct = other(s.toAct);
    if (!sideHasCombatAction(s, s.toAct)) finale(ctx);
  }
}

function nextCombat(ctx: Ctx): void {
  const s = ctx.s;
  const o = other(s.toAct);
  if (sideHasCombatAction(s, o)) s.toAct = o;
  else if (!sideHasCombatAction(s, s.toAct)) finale(ctx);
}

/**
 * C14: what each side counts at an objective: its bases within 10 cm, 1 for infantry, 3 for vehicles, else
 * their class; not in the air, nor on a Retraite order (routed or retreating); NE-U40 halves a base's value.
 */
export function objectiveCount(s: EpicState, o: Objective): Record<EpicSide, number> {
  const count: Record<EpicSide, number> = { blue: 0, red: 0 };
  for (const b of s.bases) {
    if (!onTable(b) || b.alt > 0 || hypot(b.x - o.x, b.y - o.y) > 10) continue; // C14: not in the air
    if (detOf(s, b).order === 'retraite') continue; // routed or on a Retraite order (C14)
    const cls = prof(b).cls;
    const value = cls === 1 ? 1 : cls === 3 ? 3 : cls;
    count[b.side] += prof(b).abilities.demiObjectif ? value / 2 : value; // NE-U40: half value
  }
  return count;
}

/** C14: a lead of 2 captures an objective; otherwise it stays with its holder. */
export function holderAfterCount(o: Objective, count: Record<EpicSide, number>): EpicSide | null {
  const lead = count.blue - count.red;
  return lead >= 2 ? 'blue' : lead <= -2 ? 'red' : o.holder;
}

/** C1 Phase Finale: objectives, Broken detachments, victory check, rally; then the next turn. */
function finale(ctx: Ctx): void {
  const s = ctx.s;
  go(ctx, 'COMBAT_FINI');
  repairLocations(ctx); // C10: damaged locations of titans / Gargants repair on 4+
  for (const o of s.objectives) {
    const count = objectiveCount(s, o);
    const holder = holderAfterCount(o, count);
    if (holder !== o.holder)
      emit(
        ctx,
        'C14',
        'objective',
        `Objective ${o.id} is taken by ${s.sides[holder!].name.en} (${count.blue} against ${count.red}).`,
        `L'objectif ${o.id} est pris par ${s.sides[holder!].name.fr} (${count.blue} contre ${count.red}).`,
        { side: holder! },
      );
    o.holder = holder;
  }
  // C7/C14: a detachment that lost half its starting PdV is Broken; its points go to the opponent.
  for (const d of s.dets) {
    if (d.broken || d.lostPdv * 2 < d.startPdv) continue;
    d.broken = true;
    s.sides[other(d.side)].dp += d.points;
    emit(
      ctx,
      'C14',
      'broken',
      `${d.name.en} is broken: ${d.points} Destruction Points to the opponent.`,
      `${d.name.fr} est brisé : ${d.points} Points de Destruction pour l'adversaire.`,
      { side: d.side },
    );
  }
  if (s.turn >= s.turnLimit) {
    endGame(ctx, {
      en: `the turn limit (${s.turnLimit}) is reached`,
      fr: `la limite de ${s.turnLimit} tours est atteinte`,
    });
    return;
  }
  // C7 rally (ASSUMPTION): a routed detachment tests; a pass ends the rout, a failure keeps it on Retraite.
  for (const d of s.dets) {
    if (!d.routed || !detAlive(s, d.id)) continue;
    d.routed = false;
    const pass = moraleTest(ctx, d, true, true);
    d.routed = !pass;
    d.noCounter = !pass;
  }
  go(ctx, 'TOUR_SUIVANT');
  s.turn++;
  s.powersUsed = [];
  s.oaUse = [];
  s.assaultsDone = [];
  s.moraleRerolls = [];
  s.active = null;
  s.initiativeChooser = null;
  for (const side of EPIC_SIDES) s.sides[side].passed = false;
  for (const d of s.dets) {
    d.order = null;
    d.revealed = false;
    d.activated = false;
    d.acted = false;
    d.intercepted = false;
    d.waaagh = null;
    d.converted = false;
    d.zone = false; // NE-U43/U45: a zone lasts the turn
    d.zoneUsed = false;
  }
  for (const b of s.bases) {
    b.drUsed = 0;
    b.crushes = 0;
    b.crushStop = null;
    b.moved = 0;
    b.charged = false;
    b.embarkPaid = false;
    b.disembarkPaid = false;
    b.drove = false;
  }
  emit(ctx, 'C1', 'turn', `Turn ${s.turn} begins.`, `Le tour ${s.turn} commence.`);
  startOrders(ctx);
}

/** C14: the higher total of Destruction Points and held objectives wins. */
function victoryPoints(s: EpicState): Record<EpicSide, number> {
  const vp: Record<EpicSide, number> = { blue: s.sides.blue.dp, red: s.sides.red.dp };
  for (const o of s.objectives) if (o.holder) vp[o.holder] += o.value;
  return vp;
}

function endGame(ctx: Ctx, reason: { en: string; fr: string }): void {
  const s = ctx.s;
  const vp = victoryPoints(s);
  const winner: EpicSide | null = vp.blue > vp.red ? 'blue' : vp.red > vp.blue ? 'red' : null;
  s.result = { winner, points: vp, reason };
  s.phase = nextPhase(epicPhases, s.phase, 'PARTIE_FINIE');
  s.pending = null;
  s.active = null;
  emit(
    ctx,
    'C14',
    'gameOver',
    `Game over (${reason.en}): ${winner ? s.sides[winner].name.en : 'draw'} — ${vp.blue} to ${vp.red}.`,
    `Fin de la partie (${reason.fr}) : ${winner ? s.sides[winner].name.fr : 'égalité'} — ${vp.blue} à ${vp.red}.`,
    winner ? { side: winner } : {},
  );
}

/** A side with no base left loses at once; its opponent's points are counted as they stand. */
function checkWipeout(ctx: Ctx): boolean {
  const s = ctx.s;
  if (s.result) return true;
  for (const side of EPIC_SIDES)
    if (!sideAlive(s, side)) {
      for (const d of s.dets)
        if (d.side === side && !d.broken) {
          d.broken = true;
          s.sides[other(side)].dp += d.points;
        }
      endGame(ctx, {
        en: `${s.sides[side].name.en} has no base left`,
        fr: `${s.sides[side].name.fr} n'a plus aucun socle`,
      });
      return true;
    }
  return false;
}

// --- validation ---------------------------------------------------------------------------------------------

const bad = (code: string, en: string, fr: string): GameError => gameError(code, en, fr);

/** Why `a` is illegal now, or null. */
export function check(s: EpicState, a: EpicAction): GameError | null {
  if (s.result) return bad('ERR_GAME_OVER', 'The game is over.', 'La partie est terminée.');
  if (!a || typeof a !== 'object' || typeof a.type !== 'string')
    return bad('ERR_ACTION', 'Malformed action.', 'Action mal formée.');
  if (!epicPhases.allows[s.phase]?.includes(a.type))
    return bad(
      'ERR_PHASE',
      `"${a.type}" is not allowed in phase ${s.phase}.`,
      `« ${a.type} » n'est pas permis en phase ${s.phase}.`,
    );
  const side = decider(s);
  switch (a.type) {
    case 'order': {
      const d = detById(s, a.det);
      if (!d || d.side !== side)
        return bad(
          'ERR_DET',
          `No detachment "${a.det}" of yours.`,
          `Vous n'avez pas de détachement « ${a.det} ».`,
        );
      if (!needsOrder(s, d))
        return bad(
          'ERR_ORDER_GIVEN',
          `${d.name.en} needs no order now.`,
          `${d.name.fr} n'attend pas d'ordre.`,
        );
      if (!ORDERS.includes(a.order))
        return bad('ERR_ORDER', `Unknown order "${a.order}".`, `Ordre inconnu « ${a.order} ».`);
      if (
        a.order === 'tirAppuye' &&
        flyerDet(s, d.id) &&
        s.bases.some((b) => b.det === d.id && onTable(b) && !prof(b).abilities.transport)
      )
        return bad(
          'ERR_FLYER',
          'Only flyers with Transport may land: no Tir Appuyé (NE-U90).',
          'Seuls les Volants avec Transport peuvent atterrir : pas de Tir Appuyé (NE-U90).',
        );
      return null;
    }
    case 'initiative':
      return EPIC_SIDES.includes(a.first)
        ? null
        : bad('ERR_SIDE', `Unknown side "${a.first}".`, `Camp inconnu « ${a.first} ».`);
    case 'activate': {
      const d = detById(s, a.det);
      if (!d || d.side !== side)
        return bad(
          'ERR_DET',
          `No detachment "${a.det}" of yours.`,
          `Vous n'avez pas de détachement « ${a.det} ».`,
        );
      if (s.phase === 'infiltration.choix')
        return canInfiltrate(s, d)
          ? null
          : bad(
              'ERR_INFILTRATION',
              `${d.name.en} has no infiltration move to make (NE-U41).`,
              `${d.name.fr} n'a pas de mouvement d'infiltration à faire (NE-U41).`,
            );
      if (d.activated)
        return bad(
          'ERR_ACTIVATED',
          `${d.name.en} has already been activated.`,
          `${d.name.fr} a déjà été activé.`,
        );
      if (d.order === 'tirAppuye' && !flyerDet(s, d.id))
        return bad(
          'ERR_TIR_APPUYE',
          `${d.name.en} is on Tir Appuyé: it does not move (C1).`,
          `${d.name.fr} est en Tir Appuyé : il ne bouge pas (C1).`,
        );
      if (!detAlive(s, d.id))
        return bad('ERR_DEAD', `${d.name.en} has no base left.`, `${d.name.fr} n'a plus de socle.`);
      return null;
    }
    case 'pass':
    case 'noIntercept':
      return null;
    case 'done':
      // NE-U100: a flyer must fly at least half its move (ASSUMPTION: unless no such flight is open to it).
      if (s.active && flyerDet(s, s.active) && !s.bases.some((b) => b.det === s.active && b.moved > 0)) {
        if (flyOptions(s, s.active, true).length > 0)
          return bad(
            'ERR_FLYER',
            'A flyer must move at least half its move each turn (NE-U100).',
            'Un Volant doit se déplacer d’au moins la moitié de son mouvement à chaque tour (NE-U100).',
          );
      }
      return checkRobotDone(s);
    case 'move':
      return checkMove(s, a.base, a.to);
    case 'moveDet':
      return checkMoveDet(s, a.det, a.dx, a.dy);
    case 'charge':
      return checkCharge(s, a.base, a.target);
    case 'crush':
      return checkCrush(s, a.base, a.target);
    case 'embark':
      return checkEmbark(s, a.base, a.transport);
    case 'disembark':
      return checkDisembark(s, a.base, a.to);
    case 'waaagh': {
      const b = activeBase(s, a.base);
      if (typeof b === 'string') return bad('ERR_BASE', b, b);
      return checkPower(s, b);
    }
    case 'onYVa':
      return checkOnYVa(s, a.base, a.dets);
    case 'abandon':
      return checkAbandon(s, a.base, a.transport);
    case 'intercept':
      return checkIntercept(s, a.det, a.at, a.powers);
    case 'dr':
      return checkDr(s, side, a.base, a.n, a.at);
    case 'fly':
      return checkFly(s, a.det, a.dx, a.dy, a.alt, false) ?? checkBombs(s, a.det, a.dx, a.dy, a.bombs);
    case 'zone':
      return checkFly(s, a.det, a.dx, a.dy, 2, true);
    case 'intercepter':
      return s.phase === 'mouvement.finInterception'
        ? checkEndIntercept(s, side, a.det, a.target)
        : checkAirIntercept(s, a.det, a.at);
    case 'laisser':
      return null;
    case 'shoot':
      return (
        checkShoot(s, side, a.det, a.target, a.elite ?? 0, a.indirect ?? false, a.aboard ?? false) ??
        (a.oa === undefined ? null : checkDirect(s, side, a.oa, a.target, a.indirect ?? false))
      );
    case 'offTable':
      return checkOffTable(s, side, a.oa, a.formation, a.target);
    case 'power':
      return checkPsyPower(s, side, a.base, a.power, a.target);
    case 'demolish':
      return checkDemolish(s, side, a.det, a.building);
    case 'assault': {
      const b = baseById(s, a.base);
      if (!b || !onTable(b) || !inContact(s, b))
        return bad(
          'ERR_ASSAULT',
          `There is no assault at "${a.base}".`,
          `Il n'y a pas d'assaut en « ${a.base} ».`,
        );
      if (assaultGroup(s, b).some((x) => s.assaultsDone.includes(x.id)))
        return bad(
          'ERR_ASSAULT_DONE',
          'This assault has already been resolved this turn.',
          'Cet assaut a déjà été résolu ce tour-ci.',
        );
      return null;
    }
    case 'bzzzt':
      return checkBzzzt(s, side, a.base, a.target);
    default:
      return bad(
        'ERR_ACTION',
        `Unknown action "${(a as { type: string }).type}".`,
        `Action inconnue « ${(a as { type: string }).type} ».`,
      );
  }
}

function activeBase(s: EpicState, id: string): EpicBase | string {
  const b = baseById(s, id);
  if (!b?.alive || b.det !== s.active) return `Base "${id}" is not in the active detachment.`;
  return b;
}

const finite = (p: Vec2 | undefined): p is Vec2 => !!p && Number.isFinite(p.x) && Number.isFinite(p.y);

/** Where a base may end a move: on the table, standable, on no other base, out of contact with enemies. */
function checkSpot(
  s: EpicState,
  b: EpicBase,
  to: Vec2,
  ignore: Set<string>,
  contactOk: string | null,
): GameError | null {
  const r = prof(b).radius;
  if (to.x < r || to.y < r || to.x > s.table.width - r || to.y > s.table.height - r)
    return bad('ERR_OFF_TABLE', 'The base would leave the table.', 'Le socle sortirait de la table.');
  if (!canStandAt(s, b, to.x, to.y))
    return bad(
      'ERR_TERRAIN',
      'The base cannot stand on that terrain (C3).',
      'Le socle ne peut se tenir sur ce décor (C3).',
    );
  for (const o of s.bases) {
    if (o === b || !onTable(o)) continue;
    const dd = hypot(o.x - to.x, o.y - to.y);
    if (beyondAnyContact(dd, r) || ignore.has(o.id)) continue; // far: no overlap, no contact, whatever o's profile
    const gap = dd - r - prof(o).radius;
    if (o.id === contactOk) continue;
    if (gap < -1e-6)
      return bad('ERR_OVERLAP', `The base would overlap ${o.id}.`, `Le socle chevaucherait ${o.id}.`);
    if (o.side !== b.side && gap <= CONTACT)
      return bad(
        'ERR_CONTACT',
        `Only a charge may end in contact with an enemy (C6): ${o.id}.`,
        `Seule une charge peut finir au contact d'un ennemi (C6) : ${o.id}.`,
      );
  }
  return null;
}

/**
 * The path of a straight move: it may not cross enemy bases of its class or higher, nor enter the ZOC of an
 * enemy base of its class or higher except one it started in or its charge target's (C3). Réacteurs
 * Dorsaux ignore both while moving (NE-U63) but may not end in an enemy ZOC unless charging; the ZOCs of enemy
 * Antigrav / Réacteurs Dorsaux bases still stop them (NE-U63).
 */
function checkPath(
  s: EpicState,
  b: EpicBase,
  from: Vec2,
  to: Vec2,
  chargeDet: string | null,
): GameError | null {
  const p = prof(b);
  const jump = !!p.abilities.reacteursDorsaux;
  const skim = !!p.abilities.antigrav;
  for (const o of s.bases) {
    if (o.side === b.side || !onTable(o)) continue;
    const po = prof(o);
    if (po.cls < p.cls) continue; // only a higher class may cross
    const startGap = hypot(o.x - from.x, o.y - from.y);
    if (
      !jump &&
      o.det !== chargeDet &&
      startGap > po.radius + p.radius + CONTACT &&
      segmentCircleIntersects(from, to, { x: o.x, y: o.y, r: po.radius + p.radius - 1e-6 })
    )
      return bad(
        'ERR_PATH_BASE',
        `The move passes through enemy base ${o.id} (C3).`,
        `Le mouvement traverse le socle ennemi ${o.id} (C3).`,
      );
    if (o.det === chargeDet) continue;
    if (skim && !skims(o)) continue; // NE-U01: only Antigrav / Réacteurs Dorsaux ZOCs hold an Antigrav base
    const zr = zocRadius(o) + p.radius - 1e-6;
    if (startGap < zr) continue; // a ZOC it started in
    // Geometry first, then whether the base has a ZOC at all (the dearer test). NE-U63: jump packs ignore
    // enemy ZOCs while moving, except those of Antigrav / Réacteurs Dorsaux bases, which hold them normally.
    if (jump && !skims(o)) {
      if (hypot(o.x - to.x, o.y - to.y) < zr && hasZoc(s, o))
        return bad(
          'ERR_ZOC',
          `Jump packs may not end in the zone of control of ${o.id} unless charging (NE-U63).`,
          `Les réacteurs dorsaux ne peuvent finir dans la zone de contrôle de ${o.id} sauf en charge (NE-U63).`,
        );
      continue;
    }
    if (segmentCircleIntersects(from, to, { x: o.x, y: o.y, r: zr }) && hasZoc(s, o))
      return bad(
        'ERR_ZOC',
        `The move enters the zone of control of ${o.id} (C3).`,
        `Le mouvement entre dans la zone de contrôle de ${o.id} (C3).`,
      );
  }
  return null;
}

/** The move cost of a straight leg for this base, terrain included (C3). */
const legCost = (s: EpicState, b: EpicBase, from: Vec2, to: Vec2): number =>
  segmentMoveCost(s.table, from, to, costFor(b));

function nearestEnemyDist(s: EpicState, b: EpicBase, at: Vec2): number {
  let best = Infinity;
  for (const o of s.bases)
    if (o.side !== b.side && onTable(o)) best = Math.min(best, hypot(o.x - at.x, o.y - at.y));
  return best;
}

/**
 * `engagedTested`: the caller has found `b` in contact with no enemy (inContact false), so it cannot be blocked
 * (C3: blocked means engaged by a base in contact), and isBlocked need not run again.
 */
function checkLeg(
  s: EpicState,
  b: EpicBase,
  to: Vec2,
  ignore: Set<string>,
  engagedTested = false,
): GameError | null {
  if (!finite(to))
    return bad('ERR_POINT', 'The destination is not a point.', "La destination n'est pas un point.");
  if (!onTable(b))
    return bad(
      'ERR_CARRIED',
      `${b.id} is carried: disembark it first.`,
      `${b.id} est transporté : débarquez-le d'abord.`,
    );
  if (isFlyer(b))
    return bad(
      'ERR_FLYER',
      `${b.id} is a flyer: it moves with "fly", in a straight line (NE-U100).`,
      `${b.id} est un Volant : il se déplace avec « fly », en ligne droite (NE-U100).`,
    );
  if (!engagedTested && isBlocked(s, b))
    return bad(
      'ERR_BLOCKED',
      `${b.id} is blocked in an assault (C3).`,
      `${b.id} est bloqué dans un assaut (C3).`,
    );
  const d = detOf(s, b);
  if (locDamage(b, 'jambes') >= 2)
    return bad(
      'ERR_NO_MOVE',
      `${b.id}'s legs are destroyed: it cannot move (C10).`,
      `Les jambes de ${b.id} sont détruites : il ne peut plus bouger (C10).`,
    );
  if (allowance(s, b) === 0)
    return bad(
      'ERR_NO_MOVE',
      `${d.name.en} is on Tir Appuyé and cannot move (C1).`,
      `${d.name.fr} est en Tir Appuyé et ne peut bouger (C1).`,
    );
  const cost = legCost(s, b, b, to);
  if (cost > remaining(s, b) + 1e-9)
    return bad(
      'ERR_TOO_FAR',
      `Too far: the move costs ${cost.toFixed(1)} cm, ${remaining(s, b).toFixed(1)} cm left (C1, C3).`,
      `Trop loin : le mouvement coûte ${cost.toFixed(1)} cm, il reste ${remaining(s, b).toFixed(1)} cm (C1, C3).`,
    );
  if (d.order === 'retraite' && nearestEnemyDist(s, b, to) <= nearestEnemyDist(s, b, b))
    return bad(
      'ERR_RETRAITE',
      'On Retraite a base must end farther from the enemy (C1).',
      "En Retraite, un socle doit finir plus loin de l'ennemi (C1).",
    );
  return (
    checkSpot(s, b, to, ignore, null) ??
    checkPath(s, b, b, to, null) ??
    (s.phase.startsWith('infiltration') ? checkInfiltrationZoc(s, b, to) : null)
  );
}

/** NE-U41: an infiltration move may not enter the ZOC of any enemy base, whatever its class. */
function checkInfiltrationZoc(s: EpicState, b: EpicBase, to: Vec2): GameError | null {
  const r = prof(b).radius;
  for (const o of s.bases) {
    if (o.side === b.side || !onTable(o) || !hasZoc(s, o)) continue;
    const zr = zocRadius(o) + r - 1e-6;
    if (hypot(o.x - b.x, o.y - b.y) < zr) continue; // a ZOC it started in
    if (segmentCircleIntersects(b, to, { x: o.x, y: o.y, r: zr }))
      return bad(
        'ERR_ZOC',
        `An infiltration move may not enter the zone of control of ${o.id} (NE-U41).`,
        `Un mouvement d'infiltration ne peut entrer dans la zone de contrôle de ${o.id} (NE-U41).`,
      );
  }
  return null;
}

function checkMove(s: EpicState, id: string, to: Vec2): GameError | null {
  const b = activeBase(s, id);
  if (typeof b === 'string')
    return bad('ERR_BASE', b, `Le socle « ${id} » n'est pas dans le détachement actif.`);
  return checkLeg(s, b, to, new Set()) ?? checkRobotMove(s, b, to);
}

function checkMoveDet(s: EpicState, det: string, dx: number, dy: number): GameError | null {
  if (det !== s.active)
    return bad(
      'ERR_DET',
      `"${det}" is not the active detachment.`,
      `« ${det} » n'est pas le détachement actif.`,
    );
  if (!Number.isFinite(dx) || !Number.isFinite(dy) || hypot(dx, dy) < 0.01)
    return bad('ERR_POINT', 'The move has no length.', "Le mouvement n'a pas de longueur.");
  const d = detById(s, det)!;
  if (robotRegime(s, d))
    return bad(
      'ERR_ROBOT_MOVE',
      'Restricted robots make their forced moves base by base (NE-U68, NE-U69).',
      'Des robots livrés à eux-mêmes font leurs mouvements imposés socle par socle (NE-U68, NE-U69).',
    );
  const bases = s.bases.filter((b) => b.det === det && onTable(b));
  // C2: a formation move moves the detachment's bases on the table; with none there it would move nothing.
  if (bases.length === 0)
    return bad(
      'ERR_NO_BASE',
      `"${det}" has no base on the table to move.`,
      `« ${det} » n'a aucun socle sur la table à déplacer.`,
    );
  const ids = new Set(bases.map((b) => b.id));
  for (const b of bases) {
    if (inContact(s, b))
      return bad(
        'ERR_ENGAGED',
        `${b.id} is engaged: move it on its own (C6).`,
        `${b.id} est engagé : déplacez-le seul (C6).`,
      );
    const e = checkLeg(s, b, { x: b.x + dx, y: b.y + dy }, ids, true);
    if (e) return { ...e, message: { en: `${b.id}: ${e.message.en}`, fr: `${b.id} : ${e.message.fr}` } };
  }
  return null;
}

/** Where a charging base touches its target: on the line between their centres. */
function contactPoint(b: EpicBase, t: EpicBase): Vec2 {
  const len = hypot(b.x - t.x, b.y - t.y) || 1;
  const r = prof(b).radius + prof(t).radius;
  return { x: t.x + ((b.x - t.x) / len) * r, y: t.y + ((b.y - t.y) / len) * r };
}

function checkCharge(s: EpicState, id: string, targetId: string): GameError | null {
  const b = activeBase(s, id);
  if (typeof b === 'string')
    return bad('ERR_BASE', b, `Le socle « ${id} » n'est pas dans le détachement actif.`);
  const d = detOf(s, b);
  if (d.order !== 'charge')
    return bad(
      'ERR_NOT_CHARGE',
      `${d.name.en} is not on a Charge order (C6).`,
      `${d.name.fr} n'a pas d'ordre de Charge (C6).`,
    );
  if (!onTable(b)) return bad('ERR_CARRIED', `${b.id} is carried.`, `${b.id} est transporté.`);
  if (inContact(s, b)) return bad('ERR_ENGAGED', `${b.id} is already engaged.`, `${b.id} est déjà engagé.`);
  const t = baseById(s, targetId);
  if (!t || !onTable(t) || t.side === b.side)
    return bad(
      'ERR_TARGET',
      `No enemy base "${targetId}" on the table.`,
      `Pas de socle ennemi « ${targetId} » sur la table.`,
    );
  // C6: all bases of one enemy detachment must be engaged before another.
  const engagedDets = new Set<string>();
  for (const m of s.bases)
    if (m.det === b.det && m.charged && onTable(m)) for (const o of contacts(s, m)) engagedDets.add(o.det);
  for (const ed of engagedDets) {
    if (ed === t.det) continue;
    const free = s.bases.some((o) => o.det === ed && onTable(o) && !inContact(s, o));
    if (free)
      return bad(
        'ERR_CHARGE_ORDER',
        `Engage every base of ${ed} before another detachment (C6).`,
        `Engagez tous les socles de ${ed} avant un autre détachement (C6).`,
      );
  }
  // NE-U97/U98: only flyers assault a base in the air, and flyers assault only those (NE-U92).
  if (t.alt > 0 ? !isFlyer(b) || b.alt === 0 : b.alt > 0)
    return bad(
      'ERR_ALTITUDE',
      t.alt > 0
        ? 'Only flyers in the air may assault a base in the air (NE-U97, NE-U98).'
        : 'A flyer in the air assaults only other aircraft (NE-U92).',
      t.alt > 0
        ? 'Seuls des Volants en vol peuvent donner l’assaut à un socle en vol (NE-U97, NE-U98).'
        : 'Un Volant en vol ne donne l’assaut qu’à d’autres aéronefs (NE-U92).',
    );
  if (isFlyer(b) && b.moved > 0)
    return bad(
      'ERR_FLYER',
      'A flyer makes one straight move a turn (NE-U100).',
      'Un Volant fait un seul déplacement en ligne droite par tour (NE-U100).',
    );
  // NE-U69: restricted robots charge only the nearest enemy detachment they can block or that has moved.
  if (robotRegime(s, d) === 'charge') {
    const forced = robotChargeTarget(s, b);
    if (forced && t.det !== forced.det)
      return bad(
        'ERR_ROBOT_CHARGE',
        `Restricted robots must charge the nearest enemy detachment they can block or that has moved this turn: ${forced.det} (NE-U69).`,
        `Des robots livrés à eux-mêmes doivent charger le détachement ennemi le plus proche qu'ils peuvent bloquer ou qui a déjà bougé ce tour : ${forced.det} (NE-U69).`,
      );
  }
  const to = contactPoint(b, t);
  const cost = legCost(s, b, b, to);
  if (cost > remaining(s, b) + 1e-9)
    return bad(
      'ERR_TOO_FAR',
      `Out of charge reach: ${cost.toFixed(1)} cm needed, ${remaining(s, b).toFixed(1)} cm left.`,
      `Hors de portée de charge : ${cost.toFixed(1)} cm nécessaires, il reste ${remaining(s, b).toFixed(1)} cm.`,
    );
  if (b.alt > 0)
    // In the air: no terrain, no ZOC, no ground base in the way; only a free spot at the target's altitude.
    return flightSpotOk(s, b, to.x, to.y, t.alt, new Set([b.id]))
      ? null
      : bad('ERR_OVERLAP', 'No room beside the target.', 'Pas de place à côté de la cible.');
  const spot = checkSpot(s, b, to, new Set(), t.id);
  if (spot && spot.code !== 'ERR_CONTACT') return spot;
  return checkPath(s, b, b, to, t.det);
}

/**
 * NE-U70: a crush attempt: a Rouleau base of the active detachment, on Charge, not engaged, with fewer than 3
 * attempts this turn (ASSUMPTION), moves into contact with an enemy base of a lower class on the ground, along
 * a path a charge could take.
 */
function checkCrush(s: EpicState, id: string, targetId: string): GameError | null {
  const b = activeBase(s, id);
  if (typeof b === 'string')
    return bad('ERR_BASE', b, `Le socle « ${id} » n'est pas dans le détachement actif.`);
  if (!prof(b).abilities.rouleau)
    return bad('ERR_NOT_ROULEAU', `${b.id} has no Rouleau (NE-U70).`, `${b.id} n'a pas Rouleau (NE-U70).`);
  const d = detOf(s, b);
  if (d.order !== 'charge')
    return bad(
      'ERR_NOT_CHARGE',
      `${d.name.en} is not on a Charge order: no crushing (NE-U70).`,
      `${d.name.fr} n'a pas d'ordre de Charge : pas d'écrasement (NE-U70).`,
    );
  if (!onTable(b) || b.alt > 0)
    return bad('ERR_CARRIED', `${b.id} is not on the ground.`, `${b.id} n'est pas au sol.`);
  if (inContact(s, b))
    return bad(
      'ERR_ENGAGED',
      `${b.id} is engaged: its move has stopped (NE-U70).`,
      `${b.id} est engagé : son mouvement est arrêté (NE-U70).`,
    );
  if (b.crushes >= CRUSH_LIMIT)
    return bad(
      'ERR_CRUSH_LIMIT',
      `${b.id} has made its ${CRUSH_LIMIT} crush attempts this turn (NE-U70).`,
      `${b.id} a fait ses ${CRUSH_LIMIT} tentatives d'écrasement ce tour-ci (NE-U70).`,
    );
  const t = baseById(s, targetId);
  if (!t || !onTable(t) || t.side === b.side || t.alt > 0)
    return bad(
      'ERR_TARGET',
      `No enemy base "${targetId}" on the ground.`,
      `Pas de socle ennemi « ${targetId} » au sol.`,
    );
  if (prof(t).cls >= prof(b).cls)
    return bad(
      'ERR_CRUSH_CLASS',
      `Only bases of a lower class than ${b.id}'s can be crushed (NE-U70).`,
      `Seuls des socles d'une classe inférieure à celle de ${b.id} peuvent être écrasés (NE-U70).`,
    );
  const to = contactPoint(b, t);
  const cost = legCost(s, b, b, to);
  if (cost > remaining(s, b) + 1e-9)
    return bad(
      'ERR_TOO_FAR',
      `Out of reach: ${cost.toFixed(1)} cm needed, ${remaining(s, b).toFixed(1)} cm left.`,
      `Hors de portée : ${cost.toFixed(1)} cm nécessaires, il reste ${remaining(s, b).toFixed(1)} cm.`,
    );
  const spot = checkSpot(s, b, to, new Set(), t.id);
  if (spot && spot.code !== 'ERR_CONTACT') return spot;
  return checkPath(s, b, b, to, t.det);
}

function checkEmbark(s: EpicState, id: string, tid: string): GameError | null {
  const b = activeBase(s, id);
  if (typeof b === 'string')
    return bad('ERR_BASE', b, `Le socle « ${id} » n'est pas dans le détachement actif.`);
  const t = baseById(s, tid);
  const cap = t ? (prof(t).abilities.transport ?? 0) : 0;
  if (!t || !onTable(t) || t.det !== b.det || cap === 0)
    return bad(
      'ERR_TRANSPORT',
      `"${tid}" is not a transport of this detachment (NE-U81).`,
      `« ${tid} » n'est pas un transport de ce détachement (NE-U81).`,
    );
  if (!onTable(b)) return bad('ERR_CARRIED', `${b.id} is already carried.`, `${b.id} est déjà transporté.`);
  if (t.alt > 0)
    return bad(
      'ERR_ALTITUDE',
      'Only a landed flyer takes troops aboard (NE-U96, NE-U97).',
      'Seul un Volant posé embarque des troupes (NE-U96, NE-U97).',
    );
  const freeUsed = s.bases.some(
    (o) => o.alive && o.carriedBy === t.id && cargo(prof(t), prof(o), false) === 'free',
  );
  const cost = cargo(prof(t), prof(b), freeUsed);
  if (cost === null)
    return bad(
      'ERR_CLASS',
      'Only infantry (walkers in a Transport (6+)) may embark (NE-U81, NE-U85).',
      "Seule l'infanterie (les marcheurs dans un Transport (6+)) peut embarquer (NE-U81, NE-U85).",
    );
  if (cost === 'tow' && towing(s, t.id))
    return bad(
      'ERR_FULL',
      `${t.id} already tows a light artillery base (NE-U02).`,
      `${t.id} tracte déjà un socle d'artillerie légère (NE-U02).`,
    );
  if (detOf(s, b).order === 'tirAppuye')
    return bad(
      'ERR_TIR_APPUYE',
      'Bases on Tir Appuyé cannot embark (NE-U83).',
      'Des socles en Tir Appuyé ne peuvent embarquer (NE-U83).',
    );
  if (inContact(s, b)) return bad('ERR_ENGAGED', `${b.id} is engaged.`, `${b.id} est engagé.`);
  if (typeof cost === 'number' && load(s, t.id) + cost > cap)
    return bad(
      'ERR_FULL',
      `${t.id} is full (Transport ${cap}, NE-U81).`,
      `${t.id} est plein (Transport ${cap}, NE-U81).`,
    );
  const gap = Math.max(0, hypot(t.x - b.x, t.y - b.y) - prof(t).radius - prof(b).radius);
  if (5 + gap > remaining(s, b) + 1e-9)
    return bad(
      'ERR_TOO_FAR',
      `Embarking costs 5 cm plus ${gap.toFixed(1)} cm to the transport; ${remaining(s, b).toFixed(1)} cm left (NE-U82).`,
      `Embarquer coûte 5 cm plus ${gap.toFixed(1)} cm jusqu'au transport ; il reste ${remaining(s, b).toFixed(1)} cm (NE-U82).`,
    );
  return null;
}

function checkDisembark(s: EpicState, id: string, to: Vec2): GameError | null {
  const b = activeBase(s, id);
  if (typeof b === 'string')
    return bad('ERR_BASE', b, `Le socle « ${id} » n'est pas dans le détachement actif.`);
  if (!finite(to))
    return bad('ERR_POINT', 'The destination is not a point.', "La destination n'est pas un point.");
  const t = b.carriedBy ? baseById(s, b.carriedBy) : undefined;
  if (!t) return bad('ERR_NOT_CARRIED', `${b.id} is not carried.`, `${b.id} n'est pas transporté.`);
  if (t.alt > 0 && !prof(b).abilities.reacteursDorsaux)
    return bad(
      'ERR_ALTITUDE',
      'Only jump packs leave a flyer in the air (NE-U97, NE-U98).',
      'Seuls les réacteurs dorsaux quittent un Volant en vol (NE-U97, NE-U98).',
    );
  if (detOf(s, b).order === 'tirAppuye')
    return bad(
      'ERR_TIR_APPUYE',
      'Bases on Tir Appuyé cannot disembark (NE-U83).',
      'Des socles en Tir Appuyé ne peuvent débarquer (NE-U83).',
    );
  const gap = hypot(t.x - to.x, t.y - to.y) - prof(t).radius - prof(b).radius;
  if (gap < -1e-6)
    return bad(
      'ERR_OVERLAP',
      'The base would overlap its transport.',
      'Le socle chevaucherait son transport.',
    );
  if (5 + gap > remaining(s, b) + 1e-9)
    return bad(
      'ERR_TOO_FAR',
      `Disembarking costs 5 cm plus ${gap.toFixed(1)} cm from the transport; ${remaining(s, b).toFixed(1)} cm left (NE-U82).`,
      `Débarquer coûte 5 cm plus ${gap.toFixed(1)} cm depuis le transport ; il reste ${remaining(s, b).toFixed(1)} cm (NE-U82).`,
    );
  const probe = { ...b, carriedBy: null };
  return checkSpot(s, probe, to, new Set([t.id]), null) ?? checkPath(s, probe, t, to, null);
}

/**
 * NE-U57: a Personnage of the active detachment, on the table, abandons a transport of its own detachment that
 * carries nobody (ASSUMPTION: any such transport is "its assigned transport"; one aboard gets out first).
 */
function checkAbandon(s: EpicState, id: string, transport: string): GameError | null {
  const b = activeBase(s, id);
  if (typeof b === 'string')
    return bad('ERR_BASE', b, `Le socle « ${id} » n'est pas dans le détachement actif.`);
  if (!prof(b).abilities.personnage || !onTable(b))
    return bad(
      'ERR_ABANDON',
      `${b.id} is not a Personnage on the table (NE-U57).`,
      `${b.id} n'est pas un Personnage sur la table (NE-U57).`,
    );
  const t = baseById(s, transport);
  if (!t?.alive || t.det !== b.det || !prof(t).abilities.transport)
    return bad(
      'ERR_ABANDON',
      `"${transport}" is not a transport of ${b.id}'s detachment (NE-U57).`,
      `« ${transport} » n'est pas un transport du détachement de ${b.id} (NE-U57).`,
    );
  if (s.bases.some((o) => o.alive && o.carriedBy === t.id))
    return bad(
      'ERR_ABANDON',
      `${t.id} still carries bases: they get out first (NE-U57).`,
      `${t.id} transporte encore des socles : ils descendent d'abord (NE-U57).`,
    );
  return null;
}

function checkPower(s: EpicState, b: EpicBase): GameError | null {
  if (!prof(b).abilities.bizarboy)
    return bad('ERR_NOT_BIZARBOY', `${b.id} is not a Bizarboy.`, `${b.id} n'est pas un Bizarboy.`);
  if (s.powersUsed.includes(b.id))
    return bad(
      'ERR_POWER_USED',
      'A Bizarboy uses one power per turn (NE-U03).',
      'Un Bizarboy utilise un seul pouvoir par tour (NE-U03).',
    );
  if (energyOf(s, b) < 1)
    return bad(
      'ERR_NO_ENERGY',
      'No energy: no Ork within 25 cm (NE-U03).',
      "Pas d'énergie : aucun Ork à 25 cm (NE-U03).",
    );
  return null;
}

/**
 * NE-U16…U22: On y va!: at most the row's number of friendly detachments, each with a base within 15 cm of
 * the Bizarboy (ASSUMPTION), none the Bizarboy's own, of classes the row allows, none with a base blocked in an
 * assault; each moved by at most 30 cm to spots it may stand on, touching no enemy (no assault).
 */
function checkOnYVa(
  s: EpicState,
  id: string,
  moves: { det: string; dx: number; dy: number }[],
): GameError | null {
  const b = activeBase(s, id);
  if (typeof b === 'string') return bad('ERR_BASE', b, b);
  const e = checkPower(s, b);
  if (e) return e;
  if (!Array.isArray(moves) || moves.length === 0)
    return bad('ERR_ACTION', 'Name the detachments to move.', 'Nommez les détachements à déplacer.');
  const row = tableRow(ONYVA_ROWS, energyOf(s, b))!;
  if (moves.length > row.dets)
    return bad(
      'ERR_ONYVA',
      `With this energy On y va! moves at most ${row.dets} detachment(s) (${row.id}).`,
      `Avec cette énergie On y va ! déplace au plus ${row.dets} détachement(s) (${row.id}).`,
    );
  const pos = b.carriedBy ? (baseById(s, b.carriedBy) ?? b) : b;
  const moving = new Set<string>();
  for (const m of moves) {
    const d = m && typeof m === 'object' ? detById(s, m.det) : undefined;
    if (!d || d.side !== b.side || d.id === b.det || moving.has(d.id) || !detAlive(s, d.id))
      return bad(
        'ERR_ONYVA',
        `"${m?.det}" is not another friendly detachment (NE-U16).`,
        `« ${m?.det} » n'est pas un autre détachement allié (NE-U16).`,
      );
    moving.add(d.id);
    if (!Number.isFinite(m.dx) || !Number.isFinite(m.dy) || hypot(m.dx, m.dy) > 30 + 1e-9)
      return bad(
        'ERR_TOO_FAR',
        'On y va! places bases at most 30 cm from where they stood (NE-U16).',
        'On y va ! place les socles à 30 cm au plus de leur position (NE-U16).',
      );
    const bases = s.bases.filter((x) => x.det === d.id && onTable(x));
    if (!bases.some((x) => hypot(x.x - pos.x, x.y - pos.y) <= 15 + 1e-9))
      return bad(
        'ERR_ONYVA',
        `${d.name.en} has no base within 15 cm of the Bizarboy (NE-U16).`,
        `${d.name.fr} n'a aucun socle à 15 cm du Bizarboy (NE-U16).`,
      );
    for (const x of bases) {
      if (prof(x).cls > row.maxCls)
        return bad(
          'ERR_ONYVA',
          `${row.id}: this energy cannot move class-${prof(x).cls} bases.`,
          `${row.id} : cette énergie ne peut déplacer des socles de classe ${prof(x).cls}.`,
        );
      if (isBlocked(s, x))
        return bad(
          'ERR_BLOCKED',
          `${x.id} is blocked in an assault: it cannot be teleported (NE-U16).`,
          `${x.id} est bloqué dans un assaut : il ne peut être téléporté (NE-U16).`,
        );
    }
  }
  const movedIds = new Set(s.bases.filter((x) => moving.has(x.det) && onTable(x)).map((x) => x.id));
  const placed: { x: number; y: number; r: number }[] = [];
  for (const m of moves)
    for (const x of s.bases) {
      if (x.det !== m.det || !onTable(x)) continue;
      const to = { x: x.x + m.dx, y: x.y + m.dy };
      const spot = checkSpot(s, x, to, movedIds, null);
      if (spot)
        return bad(
          spot.code === 'ERR_CONTACT' ? 'ERR_ONYVA_ASSAULT' : spot.code,
          `${x.id}: ${spot.message.en}${spot.code === 'ERR_CONTACT' ? ' On y va! cannot engage an assault (NE-U16).' : ''}`,
          `${x.id} : ${spot.message.fr}${spot.code === 'ERR_CONTACT' ? ' On y va ! ne peut engager un assaut (NE-U16).' : ''}`,
        );
      const r = prof(x).radius;
      if (placed.some((p) => hypot(p.x - to.x, p.y - to.y) < p.r + r - 1e-6))
        return bad(
          'ERR_OVERLAP',
          `${x.id} would overlap another moved base.`,
          `${x.id} chevaucherait un autre socle déplacé.`,
        );
      placed.push({ ...to, r });
    }
  return null;
}

/** NE-U95: a flight's altitude at fraction `t`: its start's before the midpoint, its end's after. */
function altAt(p: EpicState['pending'], t: number, b: EpicBase | null): number {
  if (p?.alts) return t < 0.5 ? p.alts[0] : p.alts[1];
  return b?.alt ?? 0;
}

/** NE-U100: whether a flyer base may end a flight at (x, y) at altitude `alt`, its detachment moving with it. */
function flightSpotOk(
  s: EpicState,
  b: EpicBase,
  x: number,
  y: number,
  alt: number,
  movers: Set<string>,
): boolean {
  const r = prof(b).radius;
  if (x < r || y < r || x > s.table.width - r || y > s.table.height - r) return false;
  if (alt === 0) {
    // NE-U96: never in a forest, on or in a building, in water, on impassable ground.
    for (const t of terrainUnder(s, x, y))
      if (t.kind === 'forest' || t.kind === 'building' || t.kind === 'water' || t.kind === 'impassable')
        return false;
  }
  for (const o of s.bases) {
    if (o === b || movers.has(o.id) || !onTable(o) || o.alt !== alt) continue;
    const gap = hypot(o.x - x, o.y - y) - r - prof(o).radius;
    if (gap < -1e-6) return false;
    if (alt === 0 && o.side !== b.side && gap <= CONTACT) return false; // landing is no assault
  }
  return true;
}

/** Where a flight really ends (see finishMove): its end, or the last clear point back along its line. */
function flightEnd(
  s: EpicState,
  b: EpicBase,
  l: Leg,
  alt: number,
  legs: Leg[],
): { x: number; y: number; alt: number } {
  const movers = new Set(legs.map((x) => x.base));
  for (let k = 20; k >= 0; k--) {
    const t = k / 20;
    const x = l.from.x + (l.to.x - l.from.x) * t;
    const y = l.from.y + (l.to.y - l.from.y) * t;
    const a = t < 0.5 && s.pending?.alts ? s.pending.alts[0] : alt;
    if (flightSpotOk(s, b, x, y, a, movers)) return { x, y, alt: a };
  }
  return { x: l.from.x, y: l.from.y, alt: b.alt };
}

/**
 * NE-U90…U100 (and NE-U43 with `zone`): one straight flight of the active flyer detachment by (dx, dy) ending at
 * `alt`: at least half its move and at most its move (never doubled), exactly half without an order or to
 * create a zone; Tir Appuyé lands; only transports land; a zone needs a Charge order and ends High.
 */
function checkFly(
  s: EpicState,
  det: string,
  dx: number,
  dy: number,
  alt: number,
  zone: boolean,
): GameError | null {
  const d = detById(s, det);
  if (!d || det !== s.active || !flyerDet(s, det))
    return bad(
      'ERR_FLYER',
      `"${det}" is not the active flyer detachment.`,
      `« ${det} » n'est pas le détachement de Volants actif.`,
    );
  const bs = s.bases.filter((b) => b.det === det && onTable(b));
  if (bs.some((b) => b.moved > 0))
    return bad(
      'ERR_FLYER',
      'A flyer makes one straight move a turn (NE-U100).',
      'Un Volant fait un seul déplacement en ligne droite par tour (NE-U100).',
    );
  if (bs.some((b) => allowance(s, b) === 0))
    return bad(
      'ERR_NO_MOVE',
      'It landed this turn and stays down (NE-U90).',
      'Il s’est posé ce tour-ci et reste au sol (NE-U90).',
    );
  if (!Number.isFinite(dx) || !Number.isFinite(dy) || !Number.isInteger(alt) || alt < 0 || alt > 2)
    return bad('ERR_POINT', 'Malformed flight.', 'Vol mal formé.');
  const move = Math.min(...bs.map((b) => prof(b).move));
  const len = hypot(dx, dy);
  const exact = zone || d.order === null;
  if (exact ? Math.abs(len - move / 2) > 0.05 : len < move / 2 - 1e-6 || len > move + 1e-9)
    return bad(
      'ERR_TOO_FAR',
      exact
        ? `This flight must be exactly ${move / 2} cm (NE-U94, NE-U43).`
        : `A flight is ${move / 2} to ${move} cm, never doubled (NE-U100).`,
      exact
        ? `Ce vol doit faire exactement ${move / 2} cm (NE-U94, NE-U43).`
        : `Un vol fait de ${move / 2} à ${move} cm, jamais doublé (NE-U100).`,
    );
  if (zone && (d.order !== 'charge' || !bs.every((b) => prof(b).abilities.intercepteur) || d.zoneUsed))
    return bad(
      'ERR_ZONE',
      'Only interceptors on a Charge order create a zone (NE-U43).',
      'Seuls des intercepteurs en ordre de Charge créent une zone (NE-U43).',
    );
  if (d.order === 'tirAppuye' && alt !== 0)
    return bad(
      'ERR_ALTITUDE',
      'On Tir Appuyé a flyer lands (NE-U90).',
      'En Tir Appuyé un Volant se pose (NE-U90).',
    );
  if (alt === 0 && bs.some((b) => !prof(b).abilities.transport))
    return bad(
      'ERR_ALTITUDE',
      'Only flyers with Transport may land (NE-U95).',
      'Seuls les Volants avec Transport peuvent se poser (NE-U95).',
    );
  const movers = new Set(bs.map((b) => b.id));
  for (const b of bs)
    if (!flightSpotOk(s, b, b.x + dx, b.y + dy, alt, movers))
      return bad(
        'ERR_SPOT',
        `${b.id} cannot end its flight there (NE-U96, NE-U100).`,
        `${b.id} ne peut finir son vol là (NE-U96, NE-U100).`,
      );
  return null;
}

/** NE-U100: flights open to the active flyer detachment (8 headings, shortest and longest), for bots and `done`. */
export function flyOptions(s: EpicState, det: string, first = false): EpicAction[] {
  const d = detById(s, det)!;
  const bs = s.bases.filter((b) => b.det === det && onTable(b));
  if (bs.length === 0) return [];
  const move = Math.min(...bs.map((b) => prof(b).move));
  const lens = d.order === null ? [move / 2] : [move, move / 2];
  const alt = bs[0]!.alt;
  const alts = d.order === 'tirAppuye' ? [0] : [alt === 0 ? 2 : alt];
  const out: EpicAction[] = [];
  const foe = s.bases.find((o) => o.side !== d.side && onTable(o));
  const base = foe ? atan2(foe.y - bs[0]!.y, foe.x - bs[0]!.x) : 0;
  for (let k = 0; k < 8; k++) {
    const ang = base + (k * Math.PI) / 4;
    for (const len of lens)
      for (const a of alts) {
        const act: EpicAction = {
          type: 'fly',
          det,
          dx: cos(ang) * len,
          dy: sin(ang) * len,
          alt: a,
        };
        if (!checkFly(s, det, act.dx, act.dy, a, false)) {
          out.push(act);
          if (first) return out;
          const bombs = bombRun(s, bs, act.dx, act.dy);
          if (bombs.length > 0) out.push({ ...act, bombs });
        }
      }
  }
  return out;
}

/** NE-U105: for bots, each bomber's bomb on the point of its line nearest an enemy ground base within 3 cm of it. */
function bombRun(
  s: EpicState,
  bs: EpicBase[],
  dx: number,
  dy: number,
): { base: string; x: number; y: number }[] {
  const out: { base: string; x: number; y: number }[] = [];
  for (const b of bs) {
    if (!prof(b).weapons.some((id) => WEAPONS[id]?.abilities?.bombe)) continue;
    let best: { x: number; y: number } | null = null;
    let bestD = 3;
    for (const t of s.bases) {
      if (t.side === b.side || !onTable(t) || t.alt > 0) continue;
      const c = closestPointOnSegment(t, { x: b.x, y: b.y }, { x: b.x + dx, y: b.y + dy });
      const d = hypot(c.x - t.x, c.y - t.y);
      if (d < bestD) {
        bestD = d;
        best = { x: c.x, y: c.y };
      }
    }
    if (best) out.push({ base: b.id, ...best });
  }
  return out;
}

/** NE-U44: enemy interceptor detachments whose zone the flight crosses at altitude, from fraction `from` on. */
function zonesCrossed(
  s: EpicState,
  side: EpicSide,
  legs: Leg[],
  alts: [number, number],
  from: number,
): string[] {
  const out: string[] = [];
  for (const d of s.dets) {
    if (d.side === side || !d.zone || d.zoneUsed || !detAlive(s, d.id)) continue;
    const ibs = s.bases.filter((b) => b.det === d.id && onTable(b));
    let hit = false;
    for (let k = 0; k <= 20 && !hit; k++) {
      const t = k / 20;
      if (t < from - 1e-9 || (t < 0.5 ? alts[0] : alts[1]) === 0) continue;
      for (const l of legs) {
        if (!baseById(s, l.base)!.alive) continue;
        const x = l.from.x + (l.to.x - l.from.x) * t;
        const y = l.from.y + (l.to.y - l.from.y) * t;
        if (ibs.some((i) => hypot(i.x - x, i.y - y) <= 25 + 1e-9)) {
          hit = true;
          break;
        }
      }
    }
    if (hit) out.push(d.id);
  }
  return out;
}

function checkAirIntercept(s: EpicState, det: string, at: number | undefined): GameError | null {
  const p = s.pending;
  if (
    !p?.zones?.includes(det) ||
    typeof at !== 'number' ||
    !Number.isFinite(at) ||
    at < p.progress - 1e-9 ||
    at > 1
  )
    return bad(
      'ERR_INTERCEPT',
      `"${det}" cannot intercept this flight there (NE-U44).`,
      `« ${det} » ne peut intercepter ce vol là (NE-U44).`,
    );
  if (altAt(p, at, null) === 0 || !zonesCrossed(s, s.toAct, p.legs, p.alts!, at).includes(det))
    return bad(
      'ERR_INTERCEPT',
      'At that point the flight is not in the zone at altitude (NE-U44).',
      "À ce point le vol n'est pas dans la zone en altitude (NE-U44).",
    );
  // The flight must have room to stop there, and the exact point must be within 25 cm of an interceptor.
  const movers = new Set(p.legs.map((l) => l.base));
  for (const l of p.legs) {
    const b = baseById(s, l.base)!;
    const x = l.from.x + (l.to.x - l.from.x) * at;
    const y = l.from.y + (l.to.y - l.from.y) * at;
    if (b.alive && !flightSpotOk(s, b, x, y, altAt(p, at, null), movers))
      return bad(
        'ERR_SPOT',
        'The flight has no room to stop there.',
        "Le vol n'a pas la place de s'arrêter là.",
      );
  }
  const ibs = s.bases.filter((b) => b.det === det && onTable(b));
  const inZone = p.legs.some((l) => {
    const x = l.from.x + (l.to.x - l.from.x) * at;
    const y = l.from.y + (l.to.y - l.from.y) * at;
    return baseById(s, l.base)!.alive && ibs.some((i) => hypot(i.x - x, i.y - y) <= 25 + 1e-9);
  });
  return inZone
    ? null
    : bad(
        'ERR_INTERCEPT',
        'That point is outside the zone (NE-U44).',
        'Ce point est hors de la zone (NE-U44).',
      );
}

/** NE-U47: the unused zones that have an enemy air detachment in them. */
function endZones(s: EpicState): string[] {
  const out: string[] = [];
  for (const d of s.dets) {
    if (!d.zone || d.zoneUsed || !detAlive(s, d.id)) continue;
    if (endTargets(s, d).length > 0) out.push(d.id);
  }
  return out;
}

function endTargets(s: EpicState, d: EpicDetachment): string[] {
  const ibs = s.bases.filter((b) => b.det === d.id && onTable(b));
  const out = new Set<string>();
  for (const o of s.bases)
    if (
      o.side !== d.side &&
      onTable(o) &&
      o.alt > 0 &&
      ibs.some((i) => hypot(i.x - o.x, i.y - o.y) <= 25 + 1e-9)
    )
      out.add(o.det);
  return [...out];
}

function checkEndIntercept(
  s: EpicState,
  side: EpicSide,
  det: string,
  target: string | undefined,
): GameError | null {
  const d = detById(s, det);
  if (
    !d ||
    d.side !== side ||
    !endZones(s).includes(det) ||
    typeof target !== 'string' ||
    !endTargets(s, d).includes(target)
  )
    return bad(
      'ERR_INTERCEPT',
      'No such end-of-movement interception (NE-U47).',
      "Pas d'interception de fin de mouvement possible ainsi (NE-U47).",
    );
  return null;
}

/**
 * NE-U44/U45: the interceptors are placed in base contact with the targets (one each in turn; extra ones
 * outnumber), at their altitude, where a spot is free (ASSUMPTION: an interceptor with no free spot does not
 * engage); the assault is resolved at once. Their zone and counter are then spent.
 */
function interceptAssault(ctx: Ctx, d: EpicDetachment, targets: EpicBase[]): void {
  const s = ctx.s;
  const ibs = s.bases.filter((b) => b.det === d.id && onTable(b));
  let first: EpicBase | null = null;
  ibs.forEach((i, k) => {
    const t = targets[k % targets.length]!;
    const r = prof(i).radius + prof(t).radius;
    const base = atan2(i.y - t.y, i.x - t.x);
    for (let j = 0; j < 12; j++) {
      const ang = base + ((j % 2 ? 1 : -1) * Math.ceil(j / 2) * Math.PI) / 6;
      const x = t.x + cos(ang) * r;
      const y = t.y + sin(ang) * r;
      const movers = new Set([i.id]);
      if (!flightSpotOk(s, i, x, y, t.alt, movers)) continue;
      i.x = x;
      i.y = y;
      i.alt = t.alt;
      i.facing = atan2(t.y - y, t.x - x);
      first ??= i;
      break;
    }
  });
  d.zone = false;
  d.zoneUsed = true;
  d.acted = true; // ASSUMPTION: the counter is removed, so no Combat-phase action either
  emit(
    ctx,
    'NE-U45',
    'airIntercept',
    `${d.name.en} intercepts: an assault is resolved at once.`,
    `${d.name.fr} intercepte : un assaut est résolu immédiatement.`,
    { side: d.side, units: ibs.map((b) => b.id) },
  );
  if (first) resolveAssault(ctx, first, d.side);
}

/** NE-U44…U46: the flight stops at `at`; the interceptors' assault; then the survivors fly on. */
function airIntercept(ctx: Ctx, det: string, at: number): void {
  const s = ctx.s;
  const p = s.pending!;
  const d = detById(s, det)!;
  const alt = altAt(p, at, null);
  p.progress = at;
  const targets: EpicBase[] = [];
  for (const l of p.legs) {
    const b = baseById(s, l.base)!;
    if (!b.alive) continue;
    b.x = l.from.x + (l.to.x - l.from.x) * at;
    b.y = l.from.y + (l.to.y - l.from.y) * at;
    b.alt = alt;
    carryAlong(s, b);
    targets.push(b);
  }
  const book = openBook(s);
  interceptAssault(ctx, d, targets);
  closeBook(ctx, book);
  if (checkWipeout(ctx)) return;
  const moverDet = baseById(s, p.legs[0]!.base)!.det;
  const moving = detById(s, moverDet)!;
  if (!p.legs.some((l) => baseById(s, l.base)!.alive) || moving.routed) {
    s.pending = null;
    go(ctx, 'INTERCEPTION_FINIE');
    if (s.active === moverDet) endActivation(ctx);
    return;
  }
  // NE-U46: further zones may intercept it on the rest of its flight.
  p.zones = zonesCrossed(s, moving.side, p.legs, p.alts!, at);
  afterAirDecision(ctx);
}

/** After the zones have spoken: the ground's interception fire, or the end of the flight. */
function afterAirDecision(ctx: Ctx): void {
  const s = ctx.s;
  const p = s.pending!;
  if (p.zones && p.zones.length > 0) return; // still in mouvement.interceptionAerienne
  p.threats = p.threats.filter((x) => detAlive(s, x) && threatens(s, detById(s, x)!, p.legs, p.alts));
  if (p.threats.length > 0 || drCanFire(s)) go(ctx, 'MENACE');
  else finishMove(ctx);
}

/** NE-U47: an unused zone intercepts one enemy air detachment inside it, at the end of the Movement phase. */
function endIntercept(ctx: Ctx, det: string, target: string): void {
  const s = ctx.s;
  const d = detById(s, det)!;
  const targets = s.bases.filter((b) => b.det === target && onTable(b) && b.alt > 0);
  const book = openBook(s);
  interceptAssault(ctx, d, targets);
  closeBook(ctx, book);
  if (checkWipeout(ctx)) return;
  endOfMovement(ctx);
}

function checkIntercept(
  s: EpicState,
  det: string,
  at: number,
  powers?: { base: string; power: string }[],
): GameError | null {
  const p = s.pending!;
  const d = detById(s, det);
  if (!d || !p.threats.includes(det))
    return bad(
      'ERR_INTERCEPT',
      `"${det}" cannot intercept this move.`,
      `« ${det} » ne peut intercepter ce mouvement.`,
    );
  if (d.order !== 'tirAppuye')
    return bad(
      'ERR_NOT_TIR_APPUYE',
      `${d.name.en} is not on Tir Appuyé (C5).`,
      `${d.name.fr} n'est pas en Tir Appuyé (C5).`,
    );
  if (!Number.isFinite(at) || at < p.progress - 1e-9 || at > 1)
    return bad(
      'ERR_AT',
      `The pause point must lie between ${p.progress.toFixed(2)} and 1.`,
      `Le point d'arrêt doit être entre ${p.progress.toFixed(2)} et 1.`,
    );
  if (powers !== undefined) {
    if (!Array.isArray(powers))
      return bad('ERR_ACTION', 'Malformed list of powers.', 'Liste de pouvoirs mal formée.');
    const seen = new Set<string>();
    for (const u of powers) {
      const e = checkInterceptPower(s, det, u, seen, at);
      if (e) return e;
    }
  }
  return interceptReach(s, det, p.legs, at, interceptPowers(powers))
    ? null
    : bad(
        'ERR_OUT_OF_REACH',
        `${d.name.en} has no weapon in range and sight at that point (C5).`,
        `${d.name.fr} n'a aucune arme à portée et en vue à ce point (C5).`,
      );
}

/**
 * NE-U60 / NE-U61: a psyker of the intercepting detachment may fire one physical power of its profile as
 * interception fire (it counts as a shot, and as its one power of the turn, NE-U59); an ethereal power may not
 * (it is not a shot). The power must reach a moving base at the pause point.
 */
function checkInterceptPower(
  s: EpicState,
  det: string,
  u: { base: string; power: string },
  seen: Set<string>,
  at: number,
): GameError | null {
  const b = u && typeof u === 'object' ? baseById(s, u.base) : undefined;
  if (!b?.alive || b.det !== det || !onTable(b) || isBlocked(s, b) || seen.has(b.id))
    return bad(
      'ERR_BASE',
      `"${u?.base}" is not a free base of the intercepting detachment.`,
      `« ${u?.base} » n'est pas un socle libre du détachement qui intercepte.`,
    );
  seen.add(b.id);
  const power = POWERS[u.power];
  if (!power || !(prof(b).abilities.psyker ?? []).includes(u.power))
    return bad(
      'ERR_POWER',
      `${b.id} has no power "${u.power}" on its profile (NE-U59).`,
      `${b.id} n'a pas de pouvoir « ${u.power} » sur son profil (NE-U59).`,
    );
  if (power.kind !== 'physique')
    return bad(
      'ERR_POWER_ETHEREAL',
      `${power.name.en} is an ethereal power: it is not a shot and cannot intercept (NE-U61).`,
      `${power.name.fr} est un pouvoir éthéré : ce n'est pas un tir, il ne peut intercepter (NE-U61).`,
    );
  if (s.powersUsed.includes(b.id))
    return bad(
      'ERR_POWER_USED',
      'A psyker uses one power a turn (NE-U59).',
      'Un psyker utilise un pouvoir par tour (NE-U59).',
    );
  const p = s.pending!;
  const w = powerWeapon(power);
  for (const l of p.legs) {
    const m = baseById(s, l.base)!;
    if (!m.alive) continue;
    const pt = { x: l.from.x + (l.to.x - l.from.x) * at, y: l.from.y + (l.to.y - l.from.y) * at };
    if (weaponsInReach(s, b, m, pt, false, altAt(p, at, m), false, [w]).includes(w)) return null;
  }
  return bad(
    'ERR_OUT_OF_REACH',
    `${power.name.en} of ${b.id} reaches no moving base at that point (NE-U60).`,
    `${power.name.fr} de ${b.id} n'atteint aucun socle en mouvement à ce point (NE-U60).`,
  );
}

/** NE-U60: the physical powers named for an interception, as weapons by base id. */
function interceptPowers(powers?: { base: string; power: string }[]): Map<string, WeaponProfile> {
  const out = new Map<string, WeaponProfile>();
  for (const u of powers ?? []) out.set(u.base, powerWeapon(POWERS[u.power]!));
  return out;
}

/** Whether some firing base of `det` reaches some moving base at fraction `at` of its leg. */
function interceptReach(
  s: EpicState,
  det: string,
  legs: Leg[],
  at: number,
  powers: Map<string, WeaponProfile> = new Map(),
): boolean {
  for (const f of s.bases) {
    if (f.det !== det || !onTable(f) || isBlocked(s, f)) continue;
    const extra = powers.get(f.id);
    for (const l of legs) {
      const m = baseById(s, l.base)!;
      if (!m.alive) continue;
      const pt = { x: l.from.x + (l.to.x - l.from.x) * at, y: l.from.y + (l.to.y - l.from.y) * at };
      if (weaponsInReach(s, f, m, pt, false, altAt(s.pending, at, m), false, extra ? [extra] : []).length > 0)
        return true;
    }
  }
  return false;
}

/** Firing bases of a detachment in the Combat phase, or a reason it cannot fire (C1, C4). */
function firers(s: EpicState, d: EpicDetachment, indirect = false): EpicBase[] {
  return s.bases.filter(
    (b) =>
      b.det === d.id &&
      (onTable(b) || inOpenTop(s, b) !== null) && // NE-U75: open-topped passengers fire out
      !b.charged &&
      !isBlocked(s, b) &&
      !s.oaUse.some((u) => u.base === b.id) && // NE-U53: an OA that directed does not shoot
      (prof(b).weapons.length > 0 || (prof(b).abilities.dr ?? 0) > b.drUsed) &&
      (!indirect ||
        (!prof(b).abilities.pasDeTirIndirect &&
          !d.abilities.includes('NE-U74') &&
          prof(b).weapons.some((w) => WEAPONS[w]?.abilities?.artillerie))),
  );
}

function fireRefusal(s: EpicState, d: EpicDetachment): [string, string] | null {
  if (d.acted) return [`${d.name.en} has already acted this phase.`, `${d.name.fr} a déjà agi cette phase.`];
  if (d.routed || d.order === 'retraite')
    return [
      `${d.name.en} is on Retraite: no shooting (C7).`,
      `${d.name.fr} est en Retraite : pas de tir (C7).`,
    ];
  // NE-U49: these bases may shoot after a Charge order (engaged or blocked bases still cannot).
  if (d.order === 'charge' && !detHas(s, d, 'NE-U49', 'tirApresCharge'))
    return [`${d.name.en} charged: no shooting (C1).`, `${d.name.fr} a chargé : pas de tir (C1).`];
  if (d.order === 'tirAppuye' && d.intercepted)
    return [
      `${d.name.en} spent its fire on interception (C5).`,
      `${d.name.fr} a déjà tiré en interception (C5).`,
    ];
  if (d.order === null && d.activated)
    return [
      `${d.name.en} regrouped without orders: no shooting (C1).`,
      `${d.name.fr} s'est regroupé sans ordre : pas de tir (C1).`,
    ];
  return null;
}

function checkShoot(
  s: EpicState,
  side: EpicSide,
  det: string,
  target: string,
  elite: number,
  indirect = false,
  aboard = false,
): GameError | null {
  const d = detById(s, det);
  if (!d || d.side !== side)
    return bad('ERR_DET', `No detachment "${det}" of yours.`, `Vous n'avez pas de détachement « ${det} ».`);
  const why = fireRefusal(s, d);
  if (why) return bad('ERR_NO_FIRE', why[0], why[1]);
  const t = detById(s, target);
  if (!t || t.side === side)
    return bad('ERR_TARGET', `No enemy detachment "${target}".`, `Pas de détachement ennemi « ${target} ».`);
  if (!Number.isInteger(elite) || elite < 0 || elite > s.sides[side].elitePool)
    return bad(
      'ERR_ELITE',
      `Elite re-rolls must be a whole number up to your pool (${s.sides[side].elitePool}) (NE-U37).`,
      `Les relances Elite doivent être un entier jusqu'à votre réserve (${s.sides[side].elitePool}) (NE-U37).`,
    );
  if (typeof indirect !== 'boolean' || typeof aboard !== 'boolean' || (indirect && aboard))
    return bad('ERR_ACTION', 'Malformed action.', 'Action mal formée.');
  if (indirect) {
    // C8 / NE-W02: only Artillerie weapons, on a Tir Appuyé order, never from NE-U74 bases.
    if (d.order !== 'tirAppuye')
      return bad(
        'ERR_INDIRECT',
        'Indirect fire needs a Tir Appuyé order (C8, NE-W02).',
        'Le tir indirect demande un ordre de Tir Appuyé (C8, NE-W02).',
      );
    if (firers(s, d, true).length === 0)
      return bad(
        'ERR_INDIRECT',
        `${d.name.en} has no Artillerie weapon able to fire indirectly (NE-W02, NE-U74).`,
        `${d.name.fr} n'a aucune arme d'Artillerie capable de tir indirect (NE-W02, NE-U74).`,
      );
  }
  const fs = firers(s, d, indirect);
  if (!canReachDet(s, fs, target, indirect, aboard))
    return bad(
      'ERR_OUT_OF_REACH',
      `No base of ${d.name.en} has ${t.name.en} in range, sight and arc (C4).`,
      `Aucun socle de ${d.name.fr} n'a ${t.name.fr} à portée, en vue et dans son arc (C4).`,
    );
  // NE-U67: restricted robots on Tir Appuyé must fire at the nearest enemy detachment they can damage.
  const forced = robotTarget(s, d);
  if (forced && forced !== target)
    return bad(
      'ERR_ROBOT_TARGET',
      `Restricted robots must fire at the nearest enemy detachment they can damage: ${forced} (NE-U67).`,
      `Des robots livrés à eux-mêmes doivent tirer sur le détachement ennemi le plus proche qu'ils peuvent endommager : ${forced} (NE-U67).`,
    );
  return null;
}

/**
 * NE-U65: a Robot detachment acts freely only with a friendly non-robot base not on Retraite within 12 cm;
 * otherwise it is restricted (NE-U66…U69).
 */
export function robotRestricted(s: EpicState, d: EpicDetachment): boolean {
  const bases = s.bases.filter((b) => b.det === d.id && b.alive);
  if (bases.length === 0 || !bases.every((b) => prof(b).abilities.robot)) return false;
  for (const f of s.bases) {
    if (!f.alive || f.side !== d.side || prof(f).abilities.robot) continue;
    if (detOf(s, f).order === 'retraite') continue;
    if (bases.some((b) => hypot(b.x - f.x, b.y - f.y) <= 12 + 1e-9)) return false;
  }
  return true;
}

/** NE-U68/U69: the forced-move rule a detachment follows in its activation now, or null when it moves freely. */
export function robotRegime(s: EpicState, d: EpicDetachment): 'avance' | 'charge' | null {
  if (d.order !== 'avance' && d.order !== 'charge') return null;
  return robotRestricted(s, d) ? d.order : null;
}

/**
 * The nearest enemy base on the ground to `b` among the detachments `ok` accepts (ASSUMPTION: "nearest
 * detachment" is measured from each base, centre to centre, to that detachment's nearest base).
 */
function nearestFoe(s: EpicState, b: EpicBase, ok: (d: EpicDetachment) => boolean): EpicBase | null {
  let best: EpicBase | null = null;
  let bestD = Infinity;
  for (const o of s.bases) {
    if (o.side === b.side || !onTable(o) || o.alt > 0) continue;
    const dd = hypot(o.x - b.x, o.y - b.y);
    if (dd < bestD && ok(detOf(s, o))) {
      best = o;
      bestD = dd;
    }
  }
  return best;
}

/** NE-U69: an enemy detachment restricted robots may charge: one they can block (no base of a higher class) or that has moved this turn. */
function robotChargeable(s: EpicState, robot: EpicBase, d: EpicDetachment): boolean {
  if (d.activated || s.bases.some((o) => o.det === d.id && o.alive && o.moved > 0)) return true;
  return s.bases.every((o) => o.det !== d.id || !onTable(o) || prof(o).cls <= prof(robot).cls);
}

/** NE-U69: the base of the nearest chargeable enemy detachment nearest to `b`, or null. */
const robotChargeTarget = (s: EpicState, b: EpicBase): EpicBase | null =>
  nearestFoe(s, b, (d) => robotChargeable(s, b, d));

/**
 * NE-U68 ASSUMPTION ("full move toward"): the forced move of robot base `b` toward point `p`: straight along the
 * line to `p`, as far as its remaining allowance, stopped short only by the target itself (`stop` cm from its
 * centre: just out of contact with an enemy base, on the objective) or by the rules (the longest legal length,
 * searched back in 0.25 cm steps); null when no such move of at least 0.5 cm is legal.
 */
function forcedDestination(s: EpicState, b: EpicBase, p: Vec2, stop: number): Vec2 | null {
  const d = hypot(p.x - b.x, p.y - b.y);
  if (d < 1e-9) return null;
  const ux = (p.x - b.x) / d;
  const uy = (p.y - b.y) / d;
  for (let len = Math.min(remaining(s, b), d - stop); len >= 0.5; len -= 0.25) {
    const to = { x: b.x + ux * len, y: b.y + uy * len };
    if (!checkLeg(s, b, to, new Set())) return to;
  }
  return null;
}

/** NE-U68/U69: the forced destinations open to a restricted robot base that has not moved yet. */
export function robotDestinations(s: EpicState, b: EpicBase): Vec2[] {
  const d = detOf(s, b);
  const regime = robotRegime(s, d);
  if (!regime || b.moved > 0 || !onTable(b) || inContact(s, b)) return [];
  const out: Vec2[] = [];
  const foe = regime === 'charge' ? robotChargeTarget(s, b) : nearestFoe(s, b, () => true);
  if (foe) {
    const to = forcedDestination(s, b, foe, prof(b).radius + prof(foe).radius + 0.1);
    if (to) out.push(to);
  }
  if (regime === 'avance') {
    // NE-U68: or toward the nearest objective (the player's choice).
    let obj: Vec2 | null = null;
    let od = Infinity;
    for (const o of s.objectives) {
      const dd = hypot(o.x - b.x, o.y - b.y);
      if (dd < od) {
        od = dd;
        obj = o;
      }
    }
    const to = obj ? forcedDestination(s, b, obj, 0) : null;
    if (to) out.push(to);
  }
  return out;
}

/** NE-U69: the charges a restricted robot base on Charge must choose among (its forced target's detachment). */
export function robotCharges(s: EpicState, b: EpicBase): EpicAction[] {
  if (robotRegime(s, detOf(s, b)) !== 'charge' || inContact(s, b)) return [];
  const foe = robotChargeTarget(s, b);
  if (!foe) return [];
  const out: EpicAction[] = [];
  for (const o of s.bases)
    if (o.det === foe.det && onTable(o)) {
      const a: EpicAction = { type: 'charge', base: b.id, target: o.id };
      if (!checkCharge(s, b.id, o.id)) out.push(a);
    }
  return out;
}

/** NE-U68/U69: a restricted robot's move must be its forced move (within 0.3 cm), made once. */
function checkRobotMove(s: EpicState, b: EpicBase, to: Vec2): GameError | null {
  const regime = robotRegime(s, detOf(s, b));
  if (!regime) return null;
  const rule = regime === 'avance' ? 'NE-U68' : 'NE-U69';
  if (b.moved > 0)
    return bad(
      'ERR_ROBOT_MOVE',
      `${b.id} has made its forced move (${rule}).`,
      `${b.id} a fait son mouvement imposé (${rule}).`,
    );
  if (regime === 'charge' && robotCharges(s, b).length > 0)
    return bad(
      'ERR_ROBOT_MOVE',
      `${b.id} can engage its forced target: it must charge it (NE-U69).`,
      `${b.id} peut engager sa cible imposée : il doit la charger (NE-U69).`,
    );
  const dests = robotDestinations(s, b);
  if (dests.some((p) => hypot(p.x - to.x, p.y - to.y) <= 0.3)) return null;
  const fmt = (p: Vec2) => `(${p.x.toFixed(1)}, ${p.y.toFixed(1)})`;
  const where = dests.map(fmt).join(regime === 'avance' ? ' or ' : ', ');
  const whereFr = dests.map(fmt).join(regime === 'avance' ? ' ou ' : ', ');
  return bad(
    'ERR_ROBOT_MOVE',
    regime === 'avance'
      ? `Restricted robots on Avance move their full move straight toward the nearest enemy detachment or the nearest objective: to ${where} (NE-U68).`
      : `Restricted robots on Charge move their full move straight toward the nearest enemy detachment they can block or that has moved: to ${where} (NE-U69).`,
    regime === 'avance'
      ? `Des robots livrés à eux-mêmes en Avance font tout leur mouvement droit vers le détachement ennemi le plus proche ou l'objectif le plus proche : jusqu'en ${whereFr} (NE-U68).`
      : `Des robots livrés à eux-mêmes en Charge font tout leur mouvement droit vers le détachement ennemi le plus proche qu'ils peuvent bloquer ou qui a bougé : jusqu'en ${whereFr} (NE-U69).`,
  );
}

/** NE-U68/U69: restricted robots end their activation only once each base has made its forced move or has none. */
function checkRobotDone(s: EpicState): GameError | null {
  const d = s.active ? detById(s, s.active) : undefined;
  if (!d || s.phase !== 'mouvement.activation' || !robotRegime(s, d)) return null;
  for (const b of s.bases) {
    if (b.det !== d.id || !onTable(b)) continue;
    if (robotCharges(s, b).length > 0 || robotDestinations(s, b).length > 0)
      return bad(
        'ERR_ROBOT_MOVE',
        `${b.id} must first make its forced ${d.order === 'charge' ? 'charge or move (NE-U69)' : 'move (NE-U68)'}.`,
        `${b.id} doit d'abord faire son ${d.order === 'charge' ? 'mouvement ou sa charge imposés (NE-U69)' : 'mouvement imposé (NE-U68)'}.`,
      );
  }
  return null;
}

/** NE-U67: the detachment restricted robots on Tir Appuyé must shoot, or null when they choose freely. */
function robotTarget(s: EpicState, d: EpicDetachment): string | null {
  if (d.order !== 'tirAppuye' || d.intercepted || !robotRestricted(s, d)) return null;
  const fs = firers(s, d);
  let best: string | null = null;
  let bestD = Infinity;
  for (const f of fs)
    for (const t of s.bases) {
      if (t.side === d.side || !onTable(t)) continue;
      const dd = hypot(t.x - f.x, t.y - f.y);
      if (dd >= bestD) continue;
      // "damageable": a weapon in reach that can wound it (a save it can fail).
      const ws = weaponsInReach(s, f, t);
      if (ws.length > 0) {
        best = t.det;
        bestD = dd;
      }
    }
  return best;
}

function canReachDet(
  s: EpicState,
  fs: EpicBase[],
  target: string,
  indirect = false,
  aboard = false,
): boolean {
  const ts = s.bases.filter((t) => t.det === target && (aboard ? inOpenTop(s, t) !== null : onTable(t)));
  return reachesAny(s, fs, ts, indirect, aboard);
}

/**
 * Whether a firer of `fs` has a weapon in reach of one of the bases `ts` (C4; C8 when `indirect`; with `aboard`,
 * a weapon other than a template, NE-U78).
 */
function reachesAny(
  s: EpicState,
  fs: EpicBase[],
  ts: EpicBase[],
  indirect: boolean,
  aboard: boolean,
): boolean {
  for (const f of fs) {
    const reach = longestReach(prof(f));
    for (const t of ts) {
      if (hypot(t.x - f.x, t.y - f.y) > reach) continue; // beyond every weapon: weaponsInReach would find none
      const ws = weaponsInReach(s, f, t, undefined, indirect);
      if (aboard ? ws.some((w) => !w.abilities?.gabarit) : ws.length > 0) return true;
    }
  }
  return false;
}

function checkBzzzt(s: EpicState, side: EpicSide, id: string, target: string): GameError | null {
  const b = baseById(s, id);
  if (!b?.alive || b.side !== side)
    return bad('ERR_BASE', `No base "${id}" of yours.`, `Vous n'avez pas de socle « ${id} ».`);
  const d = detOf(s, b);
  const why = fireRefusal(s, d);
  if (why)
    return bad(
      'ERR_NO_FIRE',
      `${why[0]} Bzzzt! needs an order that allows firing (NE-U09).`,
      `${why[1]} Bzzzt ! demande un ordre qui permet de tirer (NE-U09).`,
    );
  if (d.order === null)
    return bad(
      'ERR_NO_FIRE',
      'Bzzzt! needs an order that allows firing (NE-U09).',
      'Bzzzt ! demande un ordre qui permet de tirer (NE-U09).',
    );
  // NE-U59: a power may be used while engaged in an assault (blocked included).
  if (!onTable(b) || b.charged)
    return bad('ERR_NO_FIRE', `${b.id} cannot fire now.`, `${b.id} ne peut pas tirer maintenant.`);
  const e = checkPower(s, b);
  if (e) return e;
  const row = tableRow(BZZZT_ROWS, energyOf(s, b))!;
  const t = detById(s, target);
  if (!t || t.side === side)
    return bad('ERR_TARGET', `No enemy detachment "${target}".`, `Pas de détachement ennemi « ${target} ».`);
  const reach = s.bases.some(
    (x) => x.det === target && onTable(x) && hypot(x.x - b.x, x.y - b.y) <= row.range && canSee(s, b, x),
  );
  if (!reach)
    return bad(
      'ERR_OUT_OF_REACH',
      `No base of ${t.name.en} within ${row.range} cm and in sight (${row.id}).`,
      `Aucun socle de ${t.name.fr} à ${row.range} cm et en vue (${row.id}).`,
    );
  return null;
}

/** NE-U53: what an OA base directed this turn (created on first use). */
function oaUseOf(s: EpicState, id: string) {
  let u = s.oaUse.find((x) => x.base === id);
  if (!u) {
    u = { base: id, art: 0, off: 0 };
    s.oaUse.push(u);
  }
  return u;
}

/**
 * NE-U53: whether OA `id` may direct now: a live OA of `side` on the table, not engaged in an assault, whose
 * detachment has not fired this turn; at most 3 artillery shots, or 2 and 1 off-table call, a turn.
 */
function checkOa(s: EpicState, side: EpicSide, id: string, kind: 'art' | 'off'): GameError | null {
  const b = baseById(s, id);
  if (!b?.alive || b.side !== side || !prof(b).abilities.oa || !onTable(b))
    return bad(
      'ERR_OA',
      `"${id}" is not an OA of yours on the table (NE-U53).`,
      `« ${id} » n'est pas un de vos OA sur la table (NE-U53).`,
    );
  if (inContact(s, b))
    return bad(
      'ERR_OA_ENGAGED',
      `${b.id} is engaged in an assault: it cannot direct fire (NE-U53).`,
      `${b.id} est engagé dans un assaut : il ne peut diriger de tir (NE-U53).`,
    );
  const d = detOf(s, b);
  if (d.acted || d.intercepted)
    return bad(
      'ERR_OA_FIRED',
      `${b.id} fired this turn: an OA cannot both shoot and direct (NE-U53).`,
      `${b.id} a tiré ce tour-ci : un OA ne peut à la fois tirer et diriger (NE-U53).`,
    );
  const u = s.oaUse.find((x) => x.base === id) ?? { art: 0, off: 0 };
  if (kind === 'art' ? u.art + u.off >= 3 : u.off >= 1 || u.art >= 3)
    return bad(
      'ERR_OA_LIMIT',
      `${b.id} has directed ${u.art} artillery shot(s) and ${u.off} off-table call(s): an OA directs 3 shots, or 2 and 1 off-table call, a turn (NE-U53, NE-U54).`,
      `${b.id} a dirigé ${u.art} tir(s) d'artillerie et ${u.off} appel(s) hors champ : un OA dirige 3 tirs, ou 2 et 1 appel hors champ, par tour (NE-U53, NE-U54).`,
    );
  return null;
}

/** NE-U53: an OA directs an indirect shoot: it must see a base of the target (ASSUMPTION: LOS to the target point). */
function checkDirect(
  s: EpicState,
  side: EpicSide,
  oa: string,
  target: string,
  indirect: boolean,
): GameError | null {
  if (!indirect)
    return bad(
      'ERR_OA',
      'An OA directs indirect artillery fire only (NE-U53).',
      "Un OA ne dirige que des tirs indirects d'artillerie (NE-U53).",
    );
  const e = checkOa(s, side, oa, 'art');
  if (e) return e;
  const b = baseById(s, oa)!;
  if (!s.bases.some((t) => t.det === target && onTable(t) && t.alt === 0 && canSee(s, b, t)))
    return bad(
      'ERR_OA_SIGHT',
      `${oa} does not see the target (NE-U53).`,
      `${oa} ne voit pas la cible (NE-U53).`,
    );
  return null;
}

/** NE-U54: an off-table call: an unused Formation of the OA's side, on an enemy ground base the OA sees. */
function checkOffTable(
  s: EpicState,
  side: EpicSide,
  oa: string,
  formation: string,
  target: string,
): GameError | null {
  const e = checkOa(s, side, oa, 'off');
  if (e) return e;
  const f = s.offTable.find((x) => x.id === formation);
  if (!f || f.side !== side)
    return bad(
      'ERR_OFF_TABLE_FORMATION',
      `No off-table Formation "${formation}" of yours (NE-U54).`,
      `Vous n'avez pas de Formation hors champ « ${formation} » (NE-U54).`,
    );
  if (f.used)
    return bad(
      'ERR_OFF_TABLE_USED',
      `${f.name.en} has already fired: it is used up (NE-U54).`,
      `${f.name.fr} a déjà tiré : elle est épuisée (NE-U54).`,
    );
  const t = baseById(s, target);
  if (!t || !onTable(t) || t.side === side || t.alt > 0)
    return bad(
      'ERR_TARGET',
      `No enemy ground base "${target}" (C8: no targets at altitude).`,
      `Pas de socle ennemi au sol « ${target} » (C8 : pas de cible en altitude).`,
    );
  if (!canSee(s, baseById(s, oa)!, t))
    return bad(
      'ERR_OA_SIGHT',
      `${oa} does not see ${target} (NE-U53).`,
      `${oa} ne voit pas ${target} (NE-U53).`,
    );
  return null;
}

/**
 * NE-U59: a Combat-phase power: a power on the psyker's profile, one power a turn, with an order that allows
 * firing (not Charge, C1), even while engaged in an assault, and even after its detachment fired.
 */
function checkPsyPower(
  s: EpicState,
  side: EpicSide,
  id: string,
  power: string,
  target: string,
): GameError | null {
  const b = baseById(s, id);
  if (!b?.alive || b.side !== side || !onTable(b))
    return bad(
      'ERR_BASE',
      `No base "${id}" of yours on the table.`,
      `Vous n'avez pas de socle « ${id} » sur la table.`,
    );
  const p = POWERS[power];
  if (!p || !(prof(b).abilities.psyker ?? []).includes(power))
    return bad(
      'ERR_POWER',
      `${b.id} has no power "${power}" on its profile (NE-U59).`,
      `${b.id} n'a pas de pouvoir « ${power} » sur son profil (NE-U59).`,
    );
  if (s.powersUsed.includes(b.id))
    return bad(
      'ERR_POWER_USED',
      'A psyker uses one power a turn (NE-U59).',
      'Un psyker utilise un pouvoir par tour (NE-U59).',
    );
  const why = fireRefusal(s, { ...detOf(s, b), acted: false });
  if (why)
    return bad(
      'ERR_NO_FIRE',
      `${why[0]} A Combat-phase power needs an order that allows firing (NE-U59).`,
      `${why[1]} Un pouvoir de phase de Combat demande un ordre qui permet de tirer (NE-U59).`,
    );
  const t = detById(s, target);
  if (!t || t.side === side)
    return bad('ERR_TARGET', `No enemy detachment "${target}".`, `Pas de détachement ennemi « ${target} ».`);
  if (!powerTarget(s, b, p, target))
    return bad(
      'ERR_OUT_OF_REACH',
      `No base of ${t.name.en} within ${p.range} cm and in sight (NE-U59).`,
      `Aucun socle de ${t.name.fr} à ${p.range} cm et en vue (NE-U59).`,
    );
  return null;
}

/** NE-W04: a detachment that may fire shoots its Démolition weapons at a building with Structure Points in reach. */
function checkDemolish(s: EpicState, side: EpicSide, det: string, building: string): GameError | null {
  const d = detById(s, det);
  if (!d || d.side !== side)
    return bad('ERR_DET', `No detachment "${det}" of yours.`, `Vous n'avez pas de détachement « ${det} ».`);
  const why = fireRefusal(s, d);
  if (why) return bad('ERR_NO_FIRE', why[0], why[1]);
  if (!s.structures.some((x) => x.id === building))
    return bad(
      'ERR_BUILDING',
      `"${building}" is not a building with Structure Points (NE-W04).`,
      `« ${building} » n'est pas un bâtiment avec des Points de Structure (NE-W04).`,
    );
  if (!firers(s, d).some((f) => onTable(f) && demolitionWeapons(s, f, building).length > 0))
    return bad(
      'ERR_OUT_OF_REACH',
      `${d.name.en} has no Démolition weapon in range of ${building} (NE-W04).`,
      `${d.name.fr} n'a aucune arme de Démolition à portée de ${building} (NE-W04).`,
    );
  return null;
}

/** NE-U105: bombs of a flight: each on the line of movement of a flyer of the detachment that carries bombs. */
function checkBombs(
  s: EpicState,
  det: string,
  dx: number,
  dy: number,
  bombs: { base: string; x: number; y: number }[] | undefined,
): GameError | null {
  if (bombs === undefined) return null;
  if (!Array.isArray(bombs) || bombs.length > 20)
    return bad('ERR_ACTION', 'Malformed action.', 'Action mal formée.');
  const used = new Map<string, number>();
  for (const bomb of bombs) {
    const b = bomb && typeof bomb === 'object' ? baseById(s, bomb.base) : undefined;
    const ws = b
      ? prof(b)
          .weapons.map((id) => WEAPONS[id]!)
          .filter((w) => w.abilities?.bombe)
      : [];
    const n = ws.reduce((k, w) => k + w.attacks, 0);
    if (!b || b.det !== det || !onTable(b) || n === 0)
      return bad(
        'ERR_BOMB',
        `"${bomb?.base}" is not a bomber of the flying detachment (NE-U105).`,
        `« ${bomb?.base} » n'est pas un bombardier du détachement en vol (NE-U105).`,
      );
    used.set(b.id, (used.get(b.id) ?? 0) + 1);
    if (used.get(b.id)! > n)
      return bad(
        'ERR_BOMB',
        `${b.id} carries ${n} bomb(s) (NE-U105).`,
        `${b.id} emporte ${n} bombe(s) (NE-U105).`,
      );
    if (!Number.isFinite(bomb.x) || !Number.isFinite(bomb.y))
      return bad('ERR_POINT', 'The bomb is not a point.', "La bombe n'est pas un point.");
    const c = closestPointOnSegment(bomb, { x: b.x, y: b.y }, { x: b.x + dx, y: b.y + dy });
    if (hypot(c.x - bomb.x, c.y - bomb.y) > BOMB_LINE + 1e-9)
      return bad(
        'ERR_BOMB_LINE',
        `A bomb template must be centred on the flyer's line of movement (NE-U105).`,
        `Un gabarit de bombe doit être centré sur la ligne de mouvement du Volant (NE-U105).`,
      );
  }
  return null;
}

/** NE-U105 ASSUMPTION: "centred on its line of movement" within 0.5 cm. */
const BOMB_LINE = 0.5;

/**
 * Whether `side` has a Combat-phase action: `combatActions(s, side, true).length > 0`, answered without building
 * the list (it runs after every Combat-phase action). The same tests as there; only a boolean, so each firer's
 * reach is looked for over the enemy bases once instead of target detachment by target detachment, and a
 * detachment's firers are found once for all the buildings (NE-W04) instead of once per building.
 */
export function sideHasCombatAction(s: EpicState, side: EpicSide): boolean {
  // NE-U54: an OA that may call an unused Formation of its side on an enemy ground base it sees.
  if (s.offTable.some((f) => f.side === side && !f.used))
    for (const oa of s.bases) {
      if (!oa.alive || oa.side !== side || !prof(oa).abilities.oa || checkOa(s, side, oa.id, 'off')) continue;
      for (const t of s.bases)
        if (t.side !== side && onTable(t) && !(t.alt > 0) && canSee(s, oa, t)) return true;
    }
  // NE-U59: psykers' Combat-phase powers.
  for (const b of s.bases) {
    if (b.side !== side || !b.alive) continue;
    const powers = prof(b).abilities.psyker;
    if (!powers) continue;
    for (const pw of powers)
      for (const t of s.dets) if (t.side !== side && !checkPsyPower(s, side, b.id, pw, t.id)) return true;
  }
  // C6: an assault not yet resolved this turn.
  const seen = new Set<string>();
  for (const b of s.bases) {
    if (!onTable(b) || seen.has(b.id) || !inContact(s, b)) continue;
    const g = assaultGroup(s, b);
    for (const x of g) seen.add(x.id);
    if (!g.some((x) => s.assaultsDone.includes(x.id))) return true;
  }
  // Enemy bases a detachment may shoot at (C4), and passengers of open-topped transports (NE-U78): found once.
  let targets: EpicBase[] | null = null;
  let aboard: EpicBase[] = [];
  for (const d of s.dets) {
    if (d.side !== side || fireRefusal(s, d) || !detAlive(s, d.id)) continue;
    const fs = firers(s, d);
    const forced = robotTarget(s, d); // NE-U67
    const ind = d.order === 'tirAppuye' ? firers(s, d, true) : [];
    if (fs.length > 0 || ind.length > 0) {
      if (!targets) {
        const enemy = new Set<string>();
        for (const t of s.dets) if (t.side !== side) enemy.add(t.id);
        targets = s.bases.filter((t) => enemy.has(t.det) && onTable(t));
        const openDets = new Set<string>();
        for (const b of s.bases)
          if (b.carriedBy !== null && b.side !== side && inOpenTop(s, b)) openDets.add(b.det);
        if (openDets.size > 0)
          aboard = s.bases.filter((t) => enemy.has(t.det) && openDets.has(t.det) && inOpenTop(s, t));
      }
      // C4: a weapon in reach of a base of an enemy detachment (the forced one, if any). Beyond a firer's longest
      // reach weaponsInReach has nothing (the same distance, tested first here).
      for (const f of fs) {
        const reach = longestReach(prof(f));
        for (const t of targets)
          if (
            (!forced || forced === t.det) &&
            !(hypot(t.x - f.x, t.y - f.y) > reach) &&
            weaponsInReach(s, f, t).length > 0
          )
            return true;
      }
      if (!forced) {
        // C8: indirect fire.
        for (const f of ind) {
          const reach = longestReach(prof(f));
          for (const t of targets)
            if (!(hypot(t.x - f.x, t.y - f.y) > reach) && weaponsInReach(s, f, t, undefined, true).length > 0)
              return true;
        }
        // NE-U78: the passengers of an open-topped transport.
        for (const f of fs)
          for (const t of aboard) if (weaponsInReach(s, f, t).some((w) => !w.abilities?.gabarit)) return true;
      }
    }
    // NE-W04: Démolition at a building in reach (checkDemolish's tests, d being able to fire).
    if (s.structures.length > 0) {
      if (detById(s, d.id) === d) {
        for (const f of fs)
          if (onTable(f))
            for (const st of s.structures) if (demolitionWeapons(s, f, st.id).length > 0) return true;
      } else for (const st of s.structures) if (!checkDemolish(s, side, d.id, st.id)) return true;
    }
    for (const b of s.bases)
      if (b.det === d.id && b.alive && prof(b).abilities.bizarboy)
        for (const t of s.dets) if (t.side !== side && !checkBzzzt(s, side, b.id, t.id)) return true;
  }
  return false;
}

/** The Combat-phase actions open to `side` (with `first`, stop at the first found). */
export function combatActions(s: EpicState, side: EpicSide, first = false): EpicAction[] {
  const out: EpicAction[] = [];
  const oas = s.bases.filter((b) => b.alive && b.side === side && prof(b).abilities.oa);
  // NE-U54: each OA may call each unused Formation of its side on the nearest enemy ground base it sees.
  for (const oa of oas) {
    if (checkOa(s, side, oa.id, 'off')) continue;
    for (const f of s.offTable) {
      if (f.side !== side || f.used) continue;
      let best: EpicBase | null = null;
      let bestD = Infinity;
      for (const t of s.bases) {
        if (t.side === side || !onTable(t) || t.alt > 0) continue;
        const dd = hypot(t.x - oa.x, t.y - oa.y);
        if (dd < bestD && canSee(s, oa, t)) {
          best = t;
          bestD = dd;
        }
      }
      if (best) {
        out.push({ type: 'offTable', oa: oa.id, formation: f.id, target: best.id });
        if (first) return out;
      }
    }
  }
  // NE-U59: psykers' Combat-phase powers (their detachment may have fired already).
  for (const b of s.bases) {
    if (b.side !== side || !b.alive || !prof(b).abilities.psyker) continue;
    for (const pw of prof(b).abilities.psyker ?? [])
      for (const t of s.dets)
        if (t.side !== side && !checkPsyPower(s, side, b.id, pw, t.id)) {
          out.push({ type: 'power', base: b.id, power: pw, target: t.id });
          if (first) return out;
        }
  }
  const seen = new Set<string>();
  for (const b of s.bases) {
    if (!onTable(b) || seen.has(b.id) || !inContact(s, b)) continue;
    const g = assaultGroup(s, b);
    for (const x of g) seen.add(x.id);
    if (g.some((x) => s.assaultsDone.includes(x.id))) continue;
    out.push({ type: 'assault', base: g.map((x) => x.id).sort()[0]! });
    if (first) return out;
  }
  const openDets = new Set<string>();
  for (const b of s.bases)
    if (b.carriedBy !== null && b.side !== side && inOpenTop(s, b)) openDets.add(b.det);
  // canReachDet's targets, found once: each enemy detachment's bases on the table and its passengers in
  // open-topped transports (NE-U78).
  const onTableOf = new Map<string, EpicBase[]>();
  const aboardOf = new Map<string, EpicBase[]>();
  for (const t of s.dets)
    if (t.side !== side) {
      onTableOf.set(t.id, []);
      aboardOf.set(t.id, []);
    }
  for (const b of s.bases) {
    const l = onTableOf.get(b.det);
    if (!l) continue;
    if (onTable(b)) l.push(b);
    else if (inOpenTop(s, b)) aboardOf.get(b.det)!.push(b);
  }
  for (const d of s.dets) {
    if (d.side !== side || fireRefusal(s, d) || !detAlive(s, d.id)) continue;
    const fs = firers(s, d);
    const forced = robotTarget(s, d);
    const ind = d.order === 'tirAppuye' ? firers(s, d, true) : [];
    for (const t of s.dets) {
      if (t.side === side || (forced && forced !== t.id)) continue;
      if (fs.length > 0 && reachesAny(s, fs, onTableOf.get(t.id)!, false, false)) {
        out.push({ type: 'shoot', det: d.id, target: t.id });
        if (first) return out;
      }
      if (ind.length > 0 && !forced && reachesAny(s, ind, onTableOf.get(t.id)!, true, false)) {
        out.push({ type: 'shoot', det: d.id, target: t.id, indirect: true });
        if (first) return out;
        // NE-U53: the same barrage directed by the first OA able to.
        const oa = oas.find((o) => !checkDirect(s, side, o.id, t.id, true));
        if (oa) out.push({ type: 'shoot', det: d.id, target: t.id, indirect: true, oa: oa.id });
      }
      // NE-U78: aim at the passengers of an open-topped transport instead of the hull.
      if (
        fs.length > 0 &&
        !forced &&
        openDets.has(t.id) &&
        reachesAny(s, fs, aboardOf.get(t.id)!, false, true)
      ) {
        out.push({ type: 'shoot', det: d.id, target: t.id, aboard: true });
        if (first) return out;
      }
    }
    // NE-W04: Démolition at a building in reach: checkDemolish's tests, d being able to fire (fireRefusal above),
    // with its firers found once for all the buildings.
    const own = s.structures.length > 0 && detById(s, d.id) === d;
    for (const st of s.structures)
      if (
        own
          ? fs.some((f) => onTable(f) && demolitionWeapons(s, f, st.id).length > 0)
          : !checkDemolish(s, side, d.id, st.id)
      ) {
        out.push({ type: 'demolish', det: d.id, building: st.id });
        if (first) return out;
      }
    for (const b of s.bases)
      if (b.det === d.id && b.alive && prof(b).abilities.bizarboy)
        for (const t of s.dets)
          if (t.side !== side && !checkBzzzt(s, side, b.id, t.id)) {
            out.push({ type: 'bzzzt', base: b.id, target: t.id });
            if (first) return out;
          }
  }
  return out;
}

// --- execution ----------------------------------------------------------------------------------------------

/** Applies a checked action to a state the caller owns. */
export function exec(ctx: Ctx, a: EpicAction): void {
  const s = ctx.s;
  const side = decider(s);
  switch (a.type) {
    case 'order': {
      const d = detById(s, a.det)!;
      d.order = a.order;
      d.given = true;
      emit(
        ctx,
        'C1',
        'order',
        `${s.sides[side].name.en} places a hidden order on ${d.name.en}.`,
        `${s.sides[side].name.fr} pose un ordre caché sur ${d.name.fr}.`,
        { side },
      );
      if (!s.dets.some((x) => needsOrder(s, x))) rollInitiative(ctx);
      break;
    }
    case 'initiative': {
      s.first = a.first;
      s.toAct = a.first;
      for (const x of EPIC_SIDES) s.sides[x].hadInitiative = x === a.first;
      emit(
        ctx,
        'C1',
        'initiative',
        `${s.sides[a.first].name.en} will activate first.`,
        `${s.sides[a.first].name.fr} activera en premier.`,
        { side: a.first },
      );
      go(ctx, 'INITIATIVE_CHOISIE');
      if (!sideCanActivate(s, s.toAct)) nextActivation(ctx);
      break;
    }
    case 'activate': {
      const d = detById(s, a.det)!;
      if (s.phase === 'infiltration.choix') {
        s.active = d.id;
        emit(ctx, 'NE-U41', 'infiltrate', `${d.name.en} infiltrates.`, `${d.name.fr} s'infiltre.`, { side });
        go(ctx, 'ACTIVER');
        break;
      }
      reveal(s, d);
      s.active = d.id;
      const order = d.order ?? 'none';
      emit(
        ctx,
        'C1',
        'activate',
        `${d.name.en} activates: order ${order} revealed.`,
        `${d.name.fr} s'active : ordre ${order} révélé.`,
        { side },
      );
      go(ctx, 'ACTIVER');
      break;
    }
    case 'pass':
      s.sides[side].passed = true;
      emit(ctx, 'C1', 'pass', `${s.sides[side].name.en} passes.`, `${s.sides[side].name.fr} passe.`, {
        side,
      });
      nextActivation(ctx);
      break;
    case 'move': {
      const b = baseById(s, a.base)!;
      declareMove(ctx, 'move', [{ base: b.id, from: { x: b.x, y: b.y }, to: { ...a.to } }], null);
      break;
    }
    case 'moveDet': {
      const legs = s.bases
        .filter((b) => b.det === a.det && onTable(b))
        .map((b) => ({ base: b.id, from: { x: b.x, y: b.y }, to: { x: b.x + a.dx, y: b.y + a.dy } }));
      declareMove(ctx, 'move', legs, null);
      break;
    }
    case 'charge': {
      const b = baseById(s, a.base)!;
      const t = baseById(s, a.target)!;
      declareMove(ctx, 'charge', [{ base: b.id, from: { x: b.x, y: b.y }, to: contactPoint(b, t) }], t.id);
      break;
    }
    case 'crush': {
      const b = baseById(s, a.base)!;
      const t = baseById(s, a.target)!;
      declareMove(ctx, 'crush', [{ base: b.id, from: { x: b.x, y: b.y }, to: contactPoint(b, t) }], t.id);
      break;
    }
    case 'embark': {
      const b = baseById(s, a.base)!;
      const t = baseById(s, a.transport)!;
      const gap = Math.max(0, hypot(t.x - b.x, t.y - b.y) - prof(t).radius - prof(b).radius);
      b.moved += 5 + gap;
      b.carriedBy = t.id;
      b.x = t.x;
      b.y = t.y;
      // NE-U82/U83: the transport loses 5 cm once if any base embarks (not classes 4+); NE-U02: every hitch costs it 5 cm.
      if (prof(b).abilities.artillerieLegere) t.moved += 5;
      else if (!t.embarkPaid && prof(t).cls < 4) t.moved += 5;
      if (!prof(b).abilities.artillerieLegere) t.embarkPaid = true;
      emit(
        ctx,
        'NE-U82',
        'embark',
        `${b.id} embarks in ${t.id} (5 + ${gap.toFixed(1)} cm).`,
        `${b.id} embarque dans ${t.id} (5 + ${gap.toFixed(1)} cm).`,
        { units: [b.id, t.id], side },
      );
      break;
    }
    case 'disembark': {
      const b = baseById(s, a.base)!;
      const t = baseById(s, b.carriedBy!)!;
      const gap = Math.max(0, hypot(t.x - a.to.x, t.y - a.to.y) - prof(t).radius - prof(b).radius);
      b.moved += 5;
      if (prof(b).abilities.artillerieLegere)
        t.moved += 5; // NE-U02: unhitching costs both 5 cm
      else {
        if (!t.disembarkPaid && prof(t).cls < 4) t.moved += 5;
        t.disembarkPaid = true;
      }
      emit(
        ctx,
        'NE-U82',
        'disembark',
        `${b.id} disembarks from ${t.id} (5 + ${gap.toFixed(1)} cm).`,
        `${b.id} débarque de ${t.id} (5 + ${gap.toFixed(1)} cm).`,
        { units: [b.id, t.id], side },
      );
      // NE-U84 (ASSUMPTION, read with NE-U82 T2): once the transport has driven this turn, an unload ends its
      // move (the troops keep theirs); before it drove, the unload only costs it 5 cm. Not class 5+ (their own
      // activations).
      if (t.drove && prof(t).cls < 5 && remaining(s, t) > 0) {
        t.moved = Math.max(t.moved, allowance(s, t));
        emit(
          ctx,
          'NE-U84',
          'unloadEndsMove',
          `${t.id} unloads after driving: its move ends here.`,
          `${t.id} débarque des troupes après avoir roulé : son mouvement s'arrête là.`,
          { units: [t.id], side },
        );
      }
      b.moved += gap;
      // It stays aboard until the move ends: an interception pauses it on the way out (C5).
      declareMove(ctx, 'disembark', [{ base: b.id, from: { x: t.x, y: t.y }, to: { ...a.to } }], null, true);
      break;
    }
    case 'waaagh': {
      const b = baseById(s, a.base)!;
      s.powersUsed.push(b.id);
      waaagh(ctx, b);
      checkWipeout(ctx);
      break;
    }
    case 'abandon': {
      // NE-U57: the transport is destroyed and counts as a casualty (its PdV are lost: Broken, Destruction
      // Points). ASSUMPTION: no morale test (no enemy caused it).
      const t = baseById(s, a.transport)!;
      emit(
        ctx,
        'NE-U57',
        'abandon',
        `${a.base} abandons ${t.id}: the transport is destroyed.`,
        `${a.base} abandonne ${t.id} : le transport est détruit.`,
        { units: [a.base, t.id], side },
      );
      kill(ctx, t, 'NE-U57');
      checkWipeout(ctx);
      break;
    }
    case 'onYVa': {
      const b = baseById(s, a.base)!;
      s.powersUsed.push(b.id);
      onYVa(ctx, b, a.dets);
      checkWipeout(ctx);
      break;
    }
    case 'done':
      if (s.phase === 'infiltration.deplacement') endInfiltration(ctx);
      else endActivation(ctx);
      break;
    case 'intercept':
      intercept(ctx, a.det, a.at, a.powers ?? []);
      break;
    case 'dr':
      drIntercept(ctx, a.base, a.n, a.at);
      break;
    case 'fly':
    case 'zone': {
      const bs = s.bases.filter((b) => b.det === a.det && onTable(b));
      const len = hypot(a.dx, a.dy);
      for (const b of bs) b.moved += len;
      const to = a.type === 'zone' ? 2 : a.alt;
      if (a.type === 'fly' && a.bombs && a.bombs.length > 0) {
        // NE-U105: each bomb is resolved at once, on its own, as the flight is declared (ASSUMPTION: before any
        // interception of that flight).
        const book = openBook(s);
        for (const bomb of a.bombs) {
          const bomber = baseById(s, bomb.base)!;
          const w = prof(bomber)
            .weapons.map((id) => WEAPONS[id]!)
            .find((x) => x.abilities?.bombe)!;
          dropBomb(ctx, bomber, w, { x: bomb.x, y: bomb.y });
        }
        closeBook(ctx, book);
        if (checkWipeout(ctx)) break;
      }
      if (a.type === 'zone') {
        const d = detById(s, a.det)!;
        d.zone = true;
        emit(
          ctx,
          'NE-U43',
          'zone',
          `${d.name.en} climbs to High altitude and holds an interception zone of 25 cm around each base.`,
          `${d.name.fr} monte à haute altitude et tient une zone d'interception de 25 cm autour de chaque socle.`,
          { side: d.side },
        );
      }
      declareMove(
        ctx,
        'fly',
        bs.map((b) => ({ base: b.id, from: { x: b.x, y: b.y }, to: { x: b.x + a.dx, y: b.y + a.dy } })),
        null,
        true,
        [bs[0]!.alt, to],
      );
      break;
    }
    case 'intercepter':
      if (s.phase === 'mouvement.finInterception') endIntercept(ctx, a.det, a.target!);
      else airIntercept(ctx, a.det, a.at!);
      break;
    case 'laisser':
      if (s.phase === 'mouvement.finInterception') {
        const z = endZones(s).find((id) => detById(s, id)!.side === side)!;
        detById(s, z)!.zoneUsed = true; // ASSUMPTION: a zone that lets them go is spent
        emit(ctx, 'NE-U47', 'laisser', 'No interception.', "Pas d'interception.", { side });
        endOfMovement(ctx);
      } else {
        emit(ctx, 'NE-U44', 'laisser', 'No interception.', "Pas d'interception.", { side });
        s.pending!.zones = [];
        afterAirDecision(ctx);
      }
      break;
    case 'noIntercept':
      emit(ctx, 'C5', 'noIntercept', 'No interception fire.', "Pas de tir d'interception.");
      finishMove(ctx);
      break;
    case 'shoot': {
      const d = detById(s, a.det)!;
      const t = detById(s, a.target)!;
      const book = openBook(s);
      emit(
        ctx,
        'C4',
        'shoot',
        `${d.name.en} shoots at ${t.name.en}.`,
        `${d.name.fr} tire sur ${t.name.fr}.`,
        { side },
      );
      const indirect = a.indirect === true;
      if (a.oa !== undefined) {
        oaUseOf(s, a.oa).art++;
        emit(
          ctx,
          'NE-U53',
          'direct',
          `${a.oa} directs the barrage: observed, it scatters 1D6 cm.`,
          `${a.oa} dirige le tir : observé, il dévie de 1D6 cm.`,
          { units: [a.oa], side },
        );
      }
      resolveFire(
        ctx,
        firers(s, d, indirect),
        t.id,
        {
          interception: false,
          counterCharge: false,
          snap: d.order === null,
          elite: a.elite ?? 0,
          indirect,
          observed: a.oa !== undefined,
          aboard: a.aboard === true,
          rule: indirect ? 'C8' : a.aboard ? 'NE-U78' : 'C4',
        },
        // NE-U88: a command unit's converted Tir Appuyé does not re-roll 1s.
        (f) => d.order === 'tirAppuye' && f.moved === 0 && !d.converted,
      );
      d.acted = true;
      closeBook(ctx, book);
      if (!checkWipeout(ctx)) nextCombat(ctx);
      break;
    }
    case 'assault': {
      const b = baseById(s, a.base)!;
      for (const x of resolveAssault(ctx, b, side)) s.assaultsDone.push(x.id);
      if (!checkWipeout(ctx)) nextCombat(ctx);
      break;
    }
    case 'offTable': {
      const oa = baseById(s, a.oa)!;
      oaUseOf(s, oa.id).off++;
      const book = openBook(s);
      offTableFire(ctx, oa, s.offTable.find((f) => f.id === a.formation)!, baseById(s, a.target)!);
      closeBook(ctx, book);
      if (!checkWipeout(ctx)) nextCombat(ctx);
      break;
    }
    case 'power': {
      const b = baseById(s, a.base)!;
      s.powersUsed.push(b.id); // NE-U59: one power a turn; its detachment may still shoot
      const book = openBook(s);
      usePower(ctx, b, POWERS[a.power]!, a.target);
      closeBook(ctx, book);
      if (!checkWipeout(ctx)) nextCombat(ctx);
      break;
    }
    case 'demolish': {
      const d = detById(s, a.det)!;
      d.acted = true;
      demolish(ctx, firers(s, d), a.building);
      nextCombat(ctx);
      break;
    }
    case 'bzzzt': {
      const b = baseById(s, a.base)!;
      const book = openBook(s);
      s.powersUsed.push(b.id); // NE-U59: the power is its own action; its detachment may still shoot
      bzzzt(ctx, b, a.target);
      closeBook(ctx, book);
      if (!checkWipeout(ctx)) nextCombat(ctx);
      break;
    }
  }
}

/**
 * A move is declared: pay its cost, then either finish it or pause it for the enemy's hidden counters
 * (C5, NE-U44): every enemy detachment with a hidden counter that could reach the path is a threat, so the
 * decision to intercept never reveals which of them is really on Tir Appuyé.
 */
function declareMove(
  ctx: Ctx,
  kind: PendingMove['kind'],
  legs: Leg[],
  target: string | null,
  paid = false,
  alts?: [number, number],
): void {
  const s = ctx.s;
  if (!paid)
    for (const l of legs) {
      const b = baseById(s, l.base)!;
      b.moved += legCost(s, b, l.from, l.to);
      if (prof(b).abilities.transport && (l.from.x !== l.to.x || l.from.y !== l.to.y)) b.drove = true; // NE-U84
    }
  const mover = baseById(s, legs[0]!.base)!;
  if (s.phase.startsWith('infiltration')) {
    // NE-U41: before turn 1 there are no orders, so no interception fire.
    s.pending = { kind, legs, target, progress: 0, threats: [] };
    finishMove(ctx, true);
    return;
  }
  const threats = s.dets
    .filter(
      (d) =>
        d.side !== mover.side &&
        d.given &&
        d.order !== null &&
        !d.revealed &&
        !d.intercepted &&
        detAlive(s, d.id),
    )
    .filter((d) => threatens(s, d, legs, alts))
    .map((d) => d.id);
  const zones = alts ? zonesCrossed(s, mover.side, legs, alts, 0) : [];
  s.pending = {
    kind,
    legs,
    target,
    progress: 0,
    threats,
    ...(alts ? { alts } : {}),
    ...(zones.length ? { zones } : {}),
  };
  if (zones.length > 0) {
    emit(
      ctx,
      'NE-U44',
      'zone',
      'The flight crosses an interception zone: the opponent may intercept it.',
      "Le vol traverse une zone d'interception : l'adversaire peut l'intercepter.",
      { units: legs.map((l) => l.base) },
    );
    go(ctx, 'ZONE');
    return;
  }
  if (threats.length === 0 && !drCanFire(s)) {
    finishMove(ctx, true);
    return;
  }
  emit(
    ctx,
    'NE-U44',
    'threat',
    'The move passes within reach of hidden orders: the opponent may fire.',
    "Le mouvement passe à portée d'ordres cachés : l'adversaire peut tirer.",
    { units: legs.map((l) => l.base) },
  );
  go(ctx, 'MENACE');
}

/** Whether some base of `d` could fire at some point of the legs, were it on Tir Appuyé. */
function threatens(s: EpicState, d: EpicDetachment, legs: Leg[], alts?: [number, number]): boolean {
  for (const f of s.bases) {
    if (f.det !== d.id || !onTable(f)) continue;
    let range = 0;
    for (const w of prof(f).weapons) range = Math.max(range, weaponRange(w));
    // NE-U60: an unused physical power may be fired as interception fire.
    const powers = physicalPowersOf(s, f);
    for (const w of powers) range = Math.max(range, w.range);
    if (range === 0) continue;
    for (const l of legs) {
      const c = closestPointOnSegment(f, l.from, l.to);
      if (hypot(c.x - f.x, c.y - f.y) > range) continue;
      const m = baseById(s, l.base)!;
      for (const t of [c.t, 1, 0.5, 0]) {
        const pt = { x: l.from.x + (l.to.x - l.from.x) * t, y: l.from.y + (l.to.y - l.from.y) * t };
        // Judged as if it were on Tir Appuyé, so that a pause reveals nothing (NE-U106 needs that order).
        const alt = alts ? (t < 0.5 ? alts[0] : alts[1]) : m.alt;
        if (
          hypot(pt.x - f.x, pt.y - f.y) <= range &&
          weaponsInReach(s, f, m, pt, false, alt, true, powers).length > 0
        )
          return true;
      }
    }
  }
  return false;
}

const weaponRange = (id: string): number => WEAPONS[id]?.range ?? 0;

/** NE-U60: the physical powers a psyker has not spent this turn, as weapons (for interception fire). */
export function physicalPowersOf(s: EpicState, b: EpicBase): WeaponProfile[] {
  const ids = prof(b).abilities.psyker;
  if (!ids || s.powersUsed.includes(b.id)) return [];
  return ids.filter((id) => POWERS[id]?.kind === 'physique').map((id) => powerWeapon(POWERS[id]!));
}

/** C5: the detachment fires at the moving bases where they stand at `at`; its counter is spent. */
function intercept(ctx: Ctx, det: string, at: number, powers: { base: string; power: string }[]): void {
  const s = ctx.s;
  const p = s.pending!;
  const d = detById(s, det)!;
  const book = openBook(s);
  reveal(s, d);
  d.intercepted = true;
  p.progress = at;
  p.threats = p.threats.filter((x) => x !== det);
  const where = new Map<string, Vec2>();
  for (const l of p.legs)
    where.set(l.base, { x: l.from.x + (l.to.x - l.from.x) * at, y: l.from.y + (l.to.y - l.from.y) * at });
  const moverDet = baseById(s, p.legs[0]!.base)!.det;
  const counterCharge =
    (p.kind === 'charge' || p.kind === 'crush') && p.target !== null && baseById(s, p.target)!.det === det;
  emit(
    ctx,
    'C5',
    'intercept',
    `${d.name.en} reveals Tir Appuyé and fires on the move${counterCharge ? ' (counter-charge fire)' : ''}.`,
    `${d.name.fr} révèle son Tir Appuyé et tire sur le mouvement${counterCharge ? ' (tir de contre-charge)' : ''}.`,
    { side: d.side },
  );
  // NE-U60: each named psyker also fires its physical power, as a shot; it is its one power of the turn (NE-U59).
  for (const u of powers) {
    const b = baseById(s, u.base)!;
    const power = POWERS[u.power]!;
    s.powersUsed.push(b.id);
    emit(
      ctx,
      'NE-U60',
      'power',
      `${b.id} fires ${power.name.en} (physical power) as interception fire.`,
      `${b.id} lance ${power.name.fr} (pouvoir physique) en tir d'interception.`,
      { units: [b.id], side: b.side },
    );
  }
  const fs = s.bases.filter((f) => f.det === det && (onTable(f) || inOpenTop(s, f)) && !isBlocked(s, f));
  resolveFire(
    ctx,
    fs,
    moverDet,
    {
      interception: true,
      counterCharge,
      snap: false,
      elite: 0,
      at: where,
      rule: 'C5',
      powers: interceptPowers(powers),
      ...(p.alts ? { atAlt: altAt(p, at, null), landing: p.alts[0] > 0 && p.alts[1] === 0 } : {}),
    },
    () => true,
  );
  closeBook(ctx, book);
  if (checkWipeout(ctx)) return;
  const moving = detById(s, moverDet)!;
  const alive = p.legs.some((l) => baseById(s, l.base)!.alive);
  if (!alive || moving.routed) {
    s.pending = null;
    go(ctx, 'INTERCEPTION_FINIE');
    if (!detAlive(s, moverDet) || moving.routed) endActivation(ctx);
    return;
  }
  p.threats = p.threats.filter((x) => threatens(s, detById(s, x)!, p.legs, p.alts));
  if (p.threats.length === 0 && !drCanFire(s)) finishMove(ctx);
}

/** NE-U36: enemy bases whose unused close defences could fire on the pending move (any order). */
export function drBases(s: EpicState): EpicBase[] {
  const p = s.pending;
  if (!p) return [];
  const mover = baseById(s, p.legs[0]!.base)!;
  const out: EpicBase[] = [];
  for (const f of s.bases) {
    if (f.side === mover.side || !onTable(f) || f.charged || (prof(f).abilities.dr ?? 0) <= f.drUsed)
      continue;
    if (isBlocked(s, f)) continue;
    if (drReach(s, f, p.legs, null) !== null) out.push(f);
  }
  return out;
}

const drCanFire = (s: EpicState): boolean => drBases(s).length > 0;

/**
 * NE-U36: the first point (fraction of the move, from its progress on) where a moving base of class 1–2
 * stands within 15 cm and in sight of `f`; with `at`, whether that exact point works.
 */
function drReach(
  s: EpicState,
  f: EpicBase,
  legs: Leg[],
  at: number | null,
): { at: number; base: EpicBase } | null {
  const from = s.pending?.progress ?? 0;
  const steps = at === null ? [0, 0.25, 0.5, 0.75, 1].filter((t) => t >= from - 1e-9) : [at];
  for (const t of steps)
    for (const l of legs) {
      const m = baseById(s, l.base)!;
      if (!m.alive || prof(m).cls >= 3) continue;
      const pt = { x: l.from.x + (l.to.x - l.from.x) * t, y: l.from.y + (l.to.y - l.from.y) * t };
      if (hypot(pt.x - f.x, pt.y - f.y) <= 15 && canSee(s, f, m, pt)) return { at: t, base: m };
    }
  return null;
}

function checkDr(s: EpicState, side: EpicSide, id: string, n: number, at: number): GameError | null {
  const p = s.pending!;
  const f = baseById(s, id);
  if (!f || f.side !== side || !drBases(s).includes(f))
    return bad(
      'ERR_DR',
      `"${id}" has no close defence able to fire on this move (NE-U36).`,
      `« ${id} » n'a aucune défense rapprochée capable de tirer sur ce mouvement (NE-U36).`,
    );
  const left = (prof(f).abilities.dr ?? 0) - f.drUsed;
  if (!Number.isInteger(n) || n < 1 || n > left)
    return bad(
      'ERR_DR',
      `Fire between 1 and ${left} close defences (NE-U36).`,
      `Tirez avec 1 à ${left} défenses rapprochées (NE-U36).`,
    );
  if (!Number.isFinite(at) || at < p.progress - 1e-9 || at > 1)
    return bad(
      'ERR_AT',
      `The pause point must lie between ${p.progress.toFixed(2)} and 1.`,
      `Le point d'arrêt doit être entre ${p.progress.toFixed(2)} et 1.`,
    );
  if (!drReach(s, f, p.legs, at))
    return bad(
      'ERR_OUT_OF_REACH',
      'No moving base of class 1–2 within 15 cm and in sight at that point (NE-U36).',
      'Aucun socle en mouvement de classe 1–2 à 15 cm et en vue à ce point (NE-U36).',
    );
  return null;
}

/** NE-U36: `n` close defences fire on the move at `at`: 7+ (6+ as counter-charge fire), PA 0; spent for the turn. */
function drIntercept(ctx: Ctx, id: string, n: number, at: number): void {
  const s = ctx.s;
  const p = s.pending!;
  const f = baseById(s, id)!;
  const hit = drReach(s, f, p.legs, at)!;
  const where = p.legs.find((l) => l.base === hit.base.id)!;
  const pt = {
    x: where.from.x + (where.to.x - where.from.x) * at,
    y: where.from.y + (where.to.y - where.from.y) * at,
  };
  p.progress = at;
  const counterCharge = (p.kind === 'charge' || p.kind === 'crush') && p.target === f.id;
  const book = openBook(s);
  const moverDet = hit.base.det;
  drFire(ctx, f, hit.base, n, pt, counterCharge);
  closeBook(ctx, book);
  if (checkWipeout(ctx)) return;
  const moving = detById(s, moverDet)!;
  if (!p.legs.some((l) => baseById(s, l.base)!.alive) || moving.routed) {
    s.pending = null;
    go(ctx, 'INTERCEPTION_FINIE');
    if (!detAlive(s, moverDet) || moving.routed) endActivation(ctx);
    return;
  }
  p.threats = p.threats.filter((x) => threatens(s, detById(s, x)!, p.legs, p.alts));
  if (p.threats.length === 0 && !drCanFire(s)) finishMove(ctx);
}

/** The move goes on to its end for the surviving bases (C5), disengaging (C6) and charging as declared. */
function finishMove(ctx: Ctx, immediate = false): void {
  const s = ctx.s;
  const p = s.pending!;
  s.pending = null;
  if (!immediate) go(ctx, 'INTERCEPTION_FINIE');
  for (const l of p.legs) {
    const b = baseById(s, l.base)!;
    if (!b.alive) continue;
    if (p.kind === 'disembark') {
      // C9 (ASSUMPTION): its transport was destroyed while it was getting out (interception fire): its emergency
      // exit placed it, and there it stays; the rest of its disembark move is lost.
      if (b.carriedBy === null) continue;
      b.carriedBy = null;
    }
    if (p.kind === 'move' && inContact(s, b)) disengage(ctx, b);
    if (!b.alive) continue;
    const dx = l.to.x - l.from.x;
    const dy = l.to.y - l.from.y;
    if (p.kind === 'fly' && p.alts) {
      // NE-U100: the flight ends where it was declared, or at the last clear point of its line if that spot was
      // taken meanwhile (ASSUMPTION); NE-U90: landed for the rest of the turn.
      const end = flightEnd(s, b, l, p.alts[1], p.legs);
      b.x = end.x;
      b.y = end.y;
      b.alt = end.alt;
      if (b.alt === 0 && p.alts[0] > 0) b.landed = s.turn;
      if (dx !== 0 || dy !== 0) b.facing = atan2(dy, dx);
      carryAlong(s, b);
      continue;
    }
    b.x = l.to.x;
    b.y = l.to.y;
    if (dx !== 0 || dy !== 0) b.facing = atan2(dy, dx);
    carryAlong(s, b);
  }
  const first = baseById(s, p.legs[0]!.base)!;
  if (p.kind === 'crush') {
    const t = baseById(s, p.target!)!;
    if (first.alive && t.alive) {
      first.facing = atan2(t.y - first.y, t.x - first.x);
      const book = openBook(s);
      crush(ctx, first, t);
      closeBook(ctx, book);
    }
  } else if (p.kind === 'charge' && first.alive) {
    const t = baseById(s, p.target!)!;
    first.charged = true;
    if (isFlyer(first) && first.alt > 0) first.alt = t.alt; // NE-U92/U97: it ends at its target's altitude
    first.facing = atan2(t.y - first.y, t.x - first.x);
    emit(
      ctx,
      'C6',
      'charge',
      `${first.id} charges into contact with ${t.id}.`,
      `${first.id} charge au contact de ${t.id}.`,
      { units: [first.id, t.id], side: first.side },
    );
  } else if (p.kind !== 'disembark') {
    emit(
      ctx,
      p.kind === 'fly' ? 'NE-U100' : s.phase.startsWith('infiltration') ? 'NE-U41' : 'C1',
      'move',
      `${p.legs.length === 1 ? first.id : detOf(s, first).name.en} moves.`,
      `${p.legs.length === 1 ? first.id : detOf(s, first).name.fr} se déplace.`,
      { units: p.legs.map((l) => l.base), side: first.side },
    );
  }
  checkWipeout(ctx);
}

/** The end of a Movement-phase activation: coherency (C2), command units (NE-U88), the next activation. */
function endActivation(ctx: Ctx): void {
  const s = ctx.s;
  const d = detById(s, s.active!)!;
  coherencyCheck(ctx, d);
  // NE-U88: at the end of its move a command unit on Charge fires as Avance, on Avance as a revealed Tir Appuyé.
  if (!d.routed && detHas(s, d, 'NE-U88', 'commandement') && (d.order === 'charge' || d.order === 'avance')) {
    const to = d.order === 'charge' ? 'avance' : 'tirAppuye';
    emit(
      ctx,
      'NE-U88',
      'commandOrder',
      `${d.name.en} (command unit) now holds a revealed ${to} order for the Combat phase.`,
      `${d.name.fr} (unité de commandement) reçoit un ordre ${to} révélé pour la phase de Combat.`,
      { side: d.side },
    );
    d.order = to;
    d.converted = true;
  }
  d.activated = true;
  s.active = null;
  if (s.phase === 'mouvement.activation') go(ctx, 'ACTIVATION_FINIE');
  if (checkWipeout(ctx)) return;
  nextActivation(ctx);
}

/** C2: a detachment that ends split must rejoin at its next move, or all its groups but one are lost. */
function coherencyCheck(ctx: Ctx, d: EpicDetachment): void {
  const groups = coherencyGroups(ctx.s, d.id).sort((a, b) => b.length - a.length);
  if (groups.length > 1) {
    if (d.split) {
      emit(
        ctx,
        'C2',
        'coherency',
        `${d.name.en} is still split: its smaller groups are lost.`,
        `${d.name.fr} est toujours éclaté : ses groupes les plus petits sont perdus.`,
        { side: d.side },
      );
      for (const g of groups.slice(1)) for (const b of g) kill(ctx, b, 'C2');
      d.split = false; // what is left is one group: a later split is warned again
    } else {
      d.split = true;
      emit(
        ctx,
        'C2',
        'coherency',
        `${d.name.en} is out of coherency: it must rejoin at its next move.`,
        `${d.name.fr} n'est plus en cohésion : il doit se regrouper à son prochain mouvement.`,
        { side: d.side },
      );
    }
  } else d.split = false;
}
