/**
 * The `company` turn: set-up, whose decision it is, why an action is illegal (`check`, the one legality
 * source) and what it does (`exec`, on a state the caller owns). Phases come from the statechart
 * (statecharts/company.ts) through its derived table; dice come from the state's RNG only.
 */
import { COMPANY_ORDERS, companyPhases } from '../../../statecharts/company';
import { nextPhase } from '../../../statecharts/phases';
import type { DecisionPoint } from '../../engine/contract';
import { hypot } from '../../engine/dmath';
import type { Vec2 } from '../../engine/geometry';
import { type GameError, gameError, type Result } from '../../engine/result';
import { Rng, seedRng } from '../../engine/rng';
import { type Attraction, type AttractionRoute, attractionsOn } from './attraction';
import {
  applyState,
  type Ctx,
  canEsquive,
  canTirDefensif,
  dodgeSpot,
  emit,
  hasReloadChoice,
  kill,
  passe,
  shoot,
  wound,
} from './combat';
import { PROFILES } from './data';
import type { CompanyScenario } from './scenario';
import {
  adversariesInContact,
  checkPath,
  contactPoint,
  controllerOf,
  dptOf,
  edgeBetween,
  engaged,
  engages,
  isEnemy,
  type MoveCheck,
  other,
  prof,
  shootTargets,
  sideAlive,
  sight,
  syncPairs,
  touching,
  unitById,
  waiting,
} from './state';
import {
  COMPANY_SIDES,
  type Combatant,
  type CompanyAction,
  type CompanySide,
  type CompanyState,
} from './types';

// --- set-up -------------------------------------------------------------------------------------------------

export function setupCompany(sc: CompanyScenario, seed: string): Result<CompanyState> {
  const cmdOf = (side: CompanySide) =>
    sc.combatants.filter((c) => c.side === side).reduce((t, c) => t + PROFILES[c.profile]!.cmd, 0);
  const s: CompanyState = {
    rng: seedRng(`company:${sc.id}:${seed}`),
    ply: 0,
    scenario: sc.id,
    turn: 1,
    turnLimit: sc.turnLimit,
    phase: companyPhases.initial,
    table: {
      width: sc.table.width,
      height: sc.table.height,
      terrain: sc.terrain.map((t) => ({ ...t, poly: t.poly.map((p) => ({ ...p })) })),
    },
    objectives: sc.objectives.map((o) => ({ ...o })),
    units: sc.combatants.map((c) => ({
      id: c.id,
      owner: c.side,
      profile: c.profile,
      x: c.x,
      y: c.y,
      pv: PROFILES[c.profile]!.pv,
      alive: true,
      activated: false,
      reload: 0,
      esquiveUsed: false,
      sonne: null,
      ralenti: null,
      immobilise: null,
      misAuSol: false,
      controle: null,
      consume: [],
      tenace: null,
    })),
    pairs: [],
    sides: {
      blue: { name: sc.sides.blue.name, cmd: cmdOf('blue'), cmdBase: cmdOf('blue'), kills: 0, killsTurn: 0 },
      red: { name: sc.sides.red.name, cmd: cmdOf('red'), cmdBase: cmdOf('red'), kills: 0, killsTurn: 0 },
    },
    domination: 'blue',
    toAct: 'blue',
    active: null,
    order: null,
    activationsThisTurn: 0,
    activationNo: 0,
    vaeSoli: false,
    pending: null,
    result: null,
  };
  syncPairs(s);
  for (const p of s.pairs) p.fresh = false; // HD-24: nobody has « just » made a contact at set-up
  const rng = new Rng(s.rng);
  s.domination = firstDomination({ s, rng, ev: null });
  s.rng = rng.state();
  return { ok: true, value: s };
}

/**
 * core/company.md §1: the initial Domination = Commandement + combatants fielded; ties go to more
 * combatants, then the higher single Commandement, then a die (1–3 blue, 4–6 red).
 */
function firstDomination(ctx: Ctx): CompanySide {
  const s = ctx.s;
  const score = (side: CompanySide) => {
    const us = s.units.filter((u) => u.owner === side);
    return [s.sides[side].cmdBase + us.length, us.length, Math.max(0, ...us.map((u) => prof(u).cmd))];
  };
  const b = score('blue');
  const r = score('red');
  for (let i = 0; i < 3; i++) if (b[i] !== r[i]) return b[i]! > r[i]! ? 'blue' : 'red';
  return ctx.rng.die(6) <= 3 ? 'blue' : 'red';
}

// --- whose decision ---------------------------------------------------------------------------------------

export function decider(s: CompanyState): CompanySide {
  switch (s.phase) {
    case 'entretien':
      return s.domination;
    case 'actions.choix':
      return s.toAct;
    case 'actions.activation.ordre':
      return controllerOf(unitById(s, s.active!)!);
    case 'actions.activation.attaqueLibre':
      return other(controllerOf(unitById(s, s.active!)!));
    default:
      return controllerOf(unitById(s, s.pending!.target)!);
  }
}

export function decisionOf(s: CompanyState): DecisionPoint | null {
  if (s.result) return null;
  const side = decider(s);
  const unit = s.phase.startsWith('actions.activation.reaction') ? s.pending!.target : s.active;
  return unit ? { side, phase: s.phase, turn: s.turn, unit } : { side, phase: s.phase, turn: s.turn };
}

// --- legality ----------------------------------------------------------------------------------------------

const refuse = (code: string, en: string, fr: string): GameError => gameError(code, en, fr);

/** HD-18: the seven « ordres » a Contrôlé combatant may take. */
const CONTROLLED_ORDERS = ['marche', 'course', 'assaut', 'charge', 'melee', 'tir', 'fuite'];

/** The orders `u` may take now, before the parameters are looked at (states HD-18…22). */
export function ordersFor(_s: CompanyState, u: Combatant): string[] {
  if (u.immobilise) return ['attendre'];
  if (u.misAuSol) return ['relever'];
  let list: string[] = COMPANY_ORDERS.filter((o) => o !== 'relever');
  if (u.controle) list = list.filter((o) => CONTROLLED_ORDERS.includes(o));
  if (u.sonne) list = list.filter((o) => o !== 'tir');
  return list;
}

/** Where a Charge or an Assaut of `u` on `t` ends: the contact point the engine moves it to. */
export function contactDestination(
  s: CompanyState,
  u: Combatant,
  t: Combatant,
  kind: 'charge' | 'assaut',
): Vec2 {
  const r = attractedRoute(s, u, t.id, kind);
  return r ? r.path[r.path.length - 1]! : contactPoint(u, t).to;
}

/** HD-01…03: the forced route into contact with `target` that this order takes, if it answers an attraction. */
export function attractedRoute(
  s: CompanyState,
  u: Combatant,
  target: string,
  kind: 'charge' | 'assaut',
): AttractionRoute | null {
  if (!canAnswerAttraction(s, u)) return null;
  for (const at of attractionsOn(s, u))
    for (const r of at.routes) if (r.target === target && r.orders.includes(kind)) return r;
  return null;
}

/**
 * Attraction binds only a combatant that has an order able to answer it (Charge, Assaut, Course): one Mis
 * au sol (Relever only, HD-20) or Immobilisé (Attendre only, HD-19) keeps its order — otherwise it could
 * take no order at all.
 */
const canAnswerAttraction = (s: CompanyState, u: Combatant): boolean =>
  ordersFor(s, u).some((o) => o === 'charge' || o === 'assaut' || o === 'course');

/** Why a Charge or an Assaut of `u` on `t` is illegal (movement only), or null. */
export function contactMoveError(
  s: CompanyState,
  u: Combatant,
  t: Combatant,
  kind: 'charge' | 'assaut',
  attracted = false,
  opportunite = false,
): string | null {
  if (!t.alive || !isEnemy(u, t)) return 'ERR_TARGET';
  if (touching(u, t)) return 'ERR_CONTACT';
  const { to } = contactPoint(u, t);
  const budget = (kind === 'charge' ? 2 : 1) * dptOf(u);
  const m = checkPath(s, u, to, budget, { target: t.id, insaisissable: !!prof(u).abilities.insaisissable });
  if (m.error) return m.error;
  return commandementError(s, u, m, kind === 'charge', attracted, opportunite);
}

/**
 * C5/C6 and HD-18: what a move costs in Commandement (leaving a zone of control, a rapid move through
 * difficult terrain); null when the controller can pay, or takes the Attaques d'opportunité instead.
 */
function commandementError(
  s: CompanyState,
  u: Combatant,
  m: MoveCheck,
  rapid: boolean,
  attracted: boolean,
  opportunite: boolean,
): string | null {
  if (opportunite && u.controle && m.leaves.length) return 'ERR_OPPORTUNITE';
  return s.sides[controllerOf(u)].cmd >= moveCmdCost(u, m, rapid, attracted, opportunite)
    ? null
    : 'ERR_COMMANDEMENT';
}

export function moveCmdCost(
  u: Combatant,
  m: MoveCheck,
  rapid: boolean,
  attracted: boolean,
  opportunite: boolean,
): number {
  const leave = m.leaves.length > 0 && !attracted && !opportunite && !prof(u).abilities.insaisissable ? 1 : 0;
  return leave + (rapid && m.difficult ? 1 : 0);
}

const ERR_TEXT: Record<string, [string, string]> = {
  ERR_TARGET: ['not an enemy in play', 'pas un ennemi en jeu'],
  ERR_CONTACT: [
    'already in contact, or ends in contact with an enemy',
    "déjà au contact, ou finit au contact d'un ennemi",
  ],
  ERR_DESTINATION: ['destination off the table', 'destination hors de la table'],
  ERR_IMPRATICABLE: ['Impraticable terrain on the way', 'terrain Impraticable sur le chemin'],
  ERR_TOO_FAR: ['beyond its movement', 'au-delà de son déplacement'],
  ERR_BLOCKED: ['another base is in the way', 'un autre socle barre le chemin'],
  ERR_ZOC: [
    'it enters a zone of control and neither stops nor goes straight at that enemy (C6)',
    "il entre dans une zone de contrôle sans s'arrêter ni aller droit sur cet ennemi (C6)",
  ],
  ERR_COMMANDEMENT: ['not enough Commandement', 'pas assez de Commandement'],
  ERR_OPPORTUNITE: [
    'a Contrôlé combatant must pay 1 Commandement to leave a zone of control (HD-18)',
    'un combattant Contrôlé doit payer 1 point de Commandement pour sortir d’une zone de contrôle (HD-18)',
  ],
};

const coded = (code: string): GameError => {
  const [en, fr] = ERR_TEXT[code] ?? ['illegal move', 'mouvement illégal'];
  return refuse(code, `Illegal: ${en}.`, `Illégal : ${fr}.`);
};

/** The point check for `marche`, `course`, `fuite` and a moving `tir`. */
function moveError(
  s: CompanyState,
  u: Combatant,
  to: unknown,
  kind: 'marche' | 'course' | 'fuite' | 'tir',
  opportunite: boolean,
  attracted: boolean,
): string | null {
  if (!isPoint(to)) return 'ERR_DESTINATION';
  const budget = kind === 'course' ? 2 * dptOf(u) : kind === 'tir' ? dptOf(u) / 2 : dptOf(u);
  const fleeing = kind === 'fuite' ? adversariesInContact(s, u).map((o) => o.id) : undefined;
  const m = checkPath(s, u, to, budget, {
    insaisissable: !!prof(u).abilities.insaisissable || attracted,
    ...(fleeing ? { fleeing } : {}),
  });
  if (m.error) return m.error;
  return commandementError(s, u, m, kind === 'course', attracted, opportunite);
}

/** The movement part of `check` for a Marche, Course or Fuite (no attraction, no state): a fast pre-filter. */
export function pathError(s: CompanyState, u: Combatant, a: CompanyAction): string | null {
  if (a.type !== 'marche' && a.type !== 'course' && a.type !== 'fuite') return 'ERR_ACTION';
  return moveError(s, u, a.to, a.type, 'opportunite' in a && a.opportunite === true, false);
}

const isPoint = (p: unknown): p is Vec2 =>
  typeof p === 'object' && p !== null && Number.isFinite((p as Vec2).x) && Number.isFinite((p as Vec2).y);

/** HD-01: the demand this order answers (a route into contact, or the forced Course), or null. */
function meetsAttraction(
  list: Attraction[],
  a: CompanyAction,
): { route: AttractionRoute } | { course: Attraction } | null {
  for (const at of list) {
    if (a.type === 'charge' || a.type === 'assaut') {
      const route = at.routes.find((r) => r.target === a.target && r.orders.includes(a.type as 'charge'));
      if (route) return { route };
    }
    if (
      at.closest &&
      a.type === 'course' &&
      isPoint(a.to) &&
      hypot(a.to.x - at.closest.x, a.to.y - at.closest.y) <= 0.1
    )
      return { course: at };
  }
  return null;
}

/** Why `a` is illegal now, or null: the one legality source for the view, the AI and replays. */
export function check(s: CompanyState, a: CompanyAction): GameError | null {
  if (s.result) return refuse('ERR_OVER', 'The game is over.', 'La partie est finie.');
  if (typeof a !== 'object' || a === null || typeof a.type !== 'string')
    return refuse('ERR_ACTION', 'Not an action.', 'Ce n’est pas une action.');
  const allowed = companyPhases.allows[s.phase] ?? [];
  if (!allowed.includes(a.type))
    return refuse(
      'ERR_PHASE',
      `"${a.type}" is not allowed in phase ${s.phase}.`,
      `« ${a.type} » n’est pas permis dans la phase ${s.phase}.`,
    );
  switch (a.type) {
    case 'premier':
      return COMPANY_SIDES.includes(a.side) ? null : refuse('ERR_SIDE', 'Unknown side.', 'Camp inconnu.');
    case 'activer':
      return checkActiver(s, a.unit, a.vaeSoli === true);
    case 'ceder': {
      const mine = waiting(s, s.toAct).length;
      const theirs = waiting(s, other(s.toAct)).length;
      if (s.activationsThisTurn === 0)
        return refuse(
          'ERR_CEDER',
          'Not on the first activation of the turn (C4).',
          'Pas à la première activation du tour (C4).',
        );
      if (!(mine < theirs))
        return refuse(
          'ERR_CEDER',
          'Only a side with strictly fewer waiting combatants may cede (C4).',
          'Seul un camp avec strictement moins de combattants en attente peut céder (C4).',
        );
      return null;
    }
    case 'esquive':
    case 'pasEsquive':
    case 'tirDefensif':
    case 'pasDeTir':
    case 'combattre':
    case 'garderRecharge':
      return null; // the chart only enters these phases when the reaction is open
    case 'attaqueLibre': {
      const u = unitById(s, s.active!)!;
      const o = typeof a.unit === 'string' ? unitById(s, a.unit) : undefined;
      return o && freeAttackers(s, u).includes(o)
        ? null
        : refuse(
            'ERR_TARGET',
            'Not an adversary in contact with it (HD-19).',
            'Pas un adversaire à son contact (HD-19).',
          );
    }
    default:
      return checkOrder(s, a);
  }
}

function checkActiver(s: CompanyState, id: unknown, vaeSoli: boolean): GameError | null {
  const u = typeof id === 'string' ? unitById(s, id) : undefined;
  if (!u?.alive) return refuse('ERR_UNIT', 'Unknown or dead combatant.', 'Combattant inconnu ou mort.');
  if (controllerOf(u) !== s.toAct)
    return refuse('ERR_UNIT', 'Not one of your combatants.', 'Ce n’est pas un de vos combattants.');
  if (u.activated) return refuse('ERR_UNIT', 'Already activated this turn.', 'Déjà activé ce tour.');
  // HD-21: a Ralenti combatant goes after every other waiting combatant of its company.
  if (u.ralenti && waiting(s, s.toAct).some((o) => !o.ralenti))
    return refuse(
      'ERR_RALENTI',
      'A Ralenti combatant is activated last (HD-21).',
      'Un combattant Ralenti est activé en dernier (HD-21).',
    );
  if (vaeSoli) {
    if (s.sides[s.toAct].cmd < 1) return coded('ERR_COMMANDEMENT');
    if (u.controle || u.misAuSol || u.sonne || u.immobilise)
      return refuse(
        'ERR_ORDRE',
        'It cannot receive orders (HD-18…22).',
        'Il ne peut pas recevoir d’ordre (HD-18…22).',
      );
    if (waiting(s, s.toAct).length < 2)
      return refuse(
        'ERR_VAE_SOLI',
        'Vae soli needs another combatant to follow.',
        'Vae soli demande un autre combattant à suivre.',
      );
  }
  return null;
}

/** HD-19: the adversaries in contact with an Immobilisé combatant that may attack it. */
export const freeAttackers = (s: CompanyState, u: Combatant): Combatant[] =>
  adversariesInContact(s, u).filter((o) => engages(o) && prof(o).cbt !== null);

function checkOrder(s: CompanyState, a: CompanyAction): GameError | null {
  const u = unitById(s, s.active!)!;
  if (!ordersFor(s, u).includes(a.type))
    return refuse(
      'ERR_ORDRE',
      `${prof(u).name.en} may not take "${a.type}" now (HD-18…22).`,
      `${prof(u).name.fr} ne peut pas prendre « ${a.type} » maintenant (HD-18…22).`,
    );
  const attractions = canAnswerAttraction(s, u) ? attractionsOn(s, u) : [];
  const attracted = attractions.length > 0;
  const answer = attracted ? meetsAttraction(attractions, a) : null;
  if (attracted && !answer)
    return refuse(
      'ERR_ATTRACTION',
      'It stands in an attraction zone and must go to that combatant (HD-01).',
      'Il est dans une zone d’attraction et doit aller au contact de ce combattant (HD-01).',
    );
  // HD-01…03: the forced move was searched and checked (path, budget, Commandement) with the demand.
  if (answer) return null;
  const opp = 'opportunite' in a && a.opportunite === true;
  switch (a.type) {
    case 'marche':
    case 'course': {
      if (engaged(s, u))
        return refuse(
          'ERR_ENGAGED',
          'Engaged: Mêlée, Fuite or Focalisation only.',
          'Engagé : Mêlée, Fuite ou Focalisation seulement.',
        );
      const e = moveError(s, u, a.to, a.type, opp, attracted);
      return e ? coded(e) : null;
    }
    case 'assaut':
    case 'charge': {
      if (engaged(s, u)) return refuse('ERR_ENGAGED', 'Already engaged.', 'Déjà engagé.');
      const t = typeof a.target === 'string' ? unitById(s, a.target) : undefined;
      if (!t) return coded('ERR_TARGET');
      const e = contactMoveError(s, u, t, a.type, attracted, opp);
      return e ? coded(e) : null;
    }
    case 'melee': {
      const t = typeof a.target === 'string' ? unitById(s, a.target) : undefined;
      if (!t?.alive || !isEnemy(u, t) || !touching(u, t))
        return refuse(
          'ERR_TARGET',
          'Mêlée: an adversary in contact (allies, Contrôlé ones included, cannot be attacked).',
          'Mêlée : un adversaire au contact (on n’attaque pas un allié, même Contrôlé).',
        );
      if (prof(u).cbt === null) return refuse('ERR_CBT', 'It has no CBT.', 'Il n’a pas de CBT.');
      return null;
    }
    case 'tir': {
      const w = prof(u).ranged;
      if (!w) return refuse('ERR_TIR', 'No ranged weapon.', 'Pas d’arme à distance.');
      if (u.reload > 0)
        return refuse(
          'ERR_RECHARGEMENT',
          `Reloading: ${u.reload} Focalisation(s) to go (HD-25).`,
          `En rechargement : encore ${u.reload} Focalisation(s) (HD-25).`,
        );
      if (engaged(s, u))
        return refuse('ERR_ENGAGED', 'Engaged combatants do not shoot.', 'Un combattant engagé ne tire pas.');
      let at: Vec2 = u;
      if (a.to !== undefined) {
        const e = moveError(s, u, a.to, 'tir', opp, attracted);
        if (e) return coded(e);
        at = a.to;
      }
      const t = typeof a.target === 'string' ? unitById(s, a.target) : undefined;
      const saved = { x: u.x, y: u.y };
      u.x = at.x;
      u.y = at.y;
      const ok = t ? shootTargets(s, u, at).includes(t) : false;
      u.x = saved.x;
      u.y = saved.y;
      return ok
        ? null
        : refuse(
            'ERR_TIR_CIBLE',
            'Not a target it may shoot: the nearest visible enemy in range, unless covered or in a melee (C3).',
            'Pas une cible permise : l’ennemi visible le plus proche à portée, sauf à couvert ou en mêlée (C3).',
          );
    }
    case 'fuite': {
      if (!engaged(s, u))
        return refuse(
          'ERR_FUITE',
          'Fuite: only an engaged combatant flees.',
          'Fuite : seul un combattant engagé fuit.',
        );
      const e = moveError(s, u, a.to, 'fuite', false, attracted);
      return e ? coded(e) : null;
    }
    case 'focalisation': {
      if (a.pouvoir === undefined) return a.target === undefined ? null : coded('ERR_TARGET');
      if (a.pouvoir === 'guerison') {
        const x = prof(u).abilities.guerisseur;
        const t = typeof a.target === 'string' ? unitById(s, a.target) : undefined;
        if (!x) return refuse('ERR_POUVOIR', 'No Guérisseur.', 'Pas de Guérisseur.');
        if (!t?.alive || isEnemy(u, t) || (t.id !== u.id && !touching(u, t)))
          return refuse(
            'ERR_TARGET',
            'Guérisseur: itself or an ally in contact (HD-10).',
            'Guérisseur : lui-même ou un allié au contact (HD-10).',
          );
        if (prof(t).abilities.invulnerable)
          return refuse(
            'ERR_TARGET',
            'Not an Invulnérable combatant (HD-10).',
            'Pas un combattant Invulnérable (HD-10).',
          );
        if (t.pv >= prof(t).pv)
          return refuse('ERR_TARGET', 'Already at full PV.', 'Déjà à ses PV de départ.');
        return null;
      }
      if (a.pouvoir === 'envoutement') {
        const e = prof(u).abilities.envoutement;
        const t = typeof a.target === 'string' ? unitById(s, a.target) : undefined;
        if (!e) return refuse('ERR_POUVOIR', 'No such power.', 'Pas ce pouvoir.');
        if (!t?.alive || !isEnemy(u, t) || edgeBetween(u, t) > e.range || !sight(s, u, u, t).clear)
          return refuse('ERR_TARGET', 'An enemy in sight within range.', 'Un ennemi en vue à portée.');
        return null;
      }
      return refuse('ERR_POUVOIR', 'Unknown power.', 'Pouvoir inconnu.');
    }
    case 'relever':
    case 'attendre':
      return null;
    default:
      return refuse('ERR_ACTION', 'Unknown action.', 'Action inconnue.');
  }
}

// --- phase changes --------------------------------------------------------------------------------------------

function go(ctx: Ctx, event: string): void {
  const to = nextPhase(companyPhases, ctx.s.phase, event);
  ctx.s.phase = to;
}

/** Goes to a reaction phase unless already there. */
function goReaction(ctx: Ctx, event: string, leaf: string): void {
  if (ctx.s.phase !== leaf) go(ctx, event);
}

// --- execution ------------------------------------------------------------------------------------------------

/** Applies a checked action to a state the caller owns. */
export function exec(ctx: Ctx, a: CompanyAction): void {
  const s = ctx.s;
  switch (a.type) {
    case 'premier':
      s.toAct = a.side;
      emit(
        ctx,
        'C4',
        'premier',
        `${a.side} activates first (Domination: ${s.domination}).`,
        `${a.side} active en premier (Domination : ${s.domination}).`,
      );
      go(ctx, 'PREMIER_CHOISI');
      if (waiting(s, s.toAct).length === 0) s.toAct = other(s.toAct);
      if (waiting(s, s.toAct).length === 0) endPhase(ctx);
      return;
    case 'activer': {
      const u = unitById(s, a.unit)!;
      s.active = u.id;
      s.activationNo++;
      s.activationsThisTurn++;
      s.vaeSoli = a.vaeSoli === true;
      if (s.vaeSoli) s.sides[s.toAct].cmd -= 1;
      emit(
        ctx,
        s.vaeSoli ? 'C4' : 'C4',
        'activer',
        `${prof(u).name.en} (${u.id}) is activated${s.vaeSoli ? ' (Vae soli, 1 CMD)' : ''}.`,
        `${prof(u).name.fr} (${u.id}) est activé${s.vaeSoli ? ' (Vae soli, 1 CMD)' : ''}.`,
        { units: [u.id], side: s.toAct },
      );
      go(ctx, 'ACTIVER');
      return;
    }
    case 'ceder':
      emit(
        ctx,
        'C4',
        'ceder',
        `${s.toAct} cedes: infériorité numérique.`,
        `${s.toAct} cède : infériorité numérique.`,
      );
      s.toAct = other(s.toAct);
      return;
    case 'esquive': {
      const p = s.pending!;
      const d = unitById(s, p.target)!;
      const atk = unitById(s, p.attacker)!;
      d.esquiveUsed = true;
      const die = ctx.rng.die(6);
      const x = prof(d).abilities.esquive!;
      const spot = die <= x ? dodgeSpot(s, d, atk) : null;
      if (spot) {
        d.x = spot.x;
        d.y = spot.y;
        syncPairs(s);
      }
      emit(
        ctx,
        'HD-06',
        'esquive',
        `${d.id} dodges: ${die} ${spot ? `≤ ${x}, moves away` : `> ${x}, fails`}.`,
        `${d.id} esquive : ${die} ${spot ? `≤ ${x}, s'écarte` : `> ${x}, échoue`}.`,
        {
          dice: [{ label: `Esquive ${x}`, sides: 6, dice: [die], target: x }],
          units: [d.id, atk.id],
        },
      );
      if (spot) {
        s.pending = null;
        endActivation(ctx);
        return;
      }
      p.stage = 'tir';
      advance(ctx);
      return;
    }
    case 'pasEsquive':
      s.pending!.stage = 'tir';
      {
        advance(ctx);
        return;
      }
    case 'tirDefensif': {
      const p = s.pending!;
      const d = unitById(s, p.target)!;
      const atk = unitById(s, p.attacker)!;
      shoot(ctx, d, atk, 'HD-15', 0);
      if (!atk.alive) {
        s.pending = null;
        endActivation(ctx);
        return;
      }
      p.stage = 'recharge';
      advance(ctx);
      return;
    }
    case 'pasDeTir':
      s.pending!.stage = 'recharge';
      {
        advance(ctx);
        return;
      }
    case 'combattre': {
      const d = unitById(s, s.pending!.target)!;
      d.reload = prof(d).ranged!.rechargement!;
      emit(
        ctx,
        'HD-25',
        'rechargement',
        `${d.id} fights normally: its reload starts again.`,
        `${d.id} combat normalement : son rechargement repart à zéro.`,
        { units: [d.id] },
      );
      s.pending!.stage = 'passe';
      advance(ctx);
      return;
    }
    case 'garderRecharge': {
      const d = unitById(s, s.pending!.target)!;
      emit(
        ctx,
        'HD-25',
        'rechargement',
        `${d.id} keeps its Focalisations and suffers an attaque sans riposte.`,
        `${d.id} garde ses Focalisations et subit une attaque sans riposte.`,
        { units: [d.id] },
      );
      s.pending!.sansRiposte = true;
      s.pending!.stage = 'passe';
      advance(ctx);
      return;
    }
    case 'attaqueLibre': {
      const u = unitById(s, s.active!)!;
      passe(ctx, unitById(s, a.unit)!, u, 'HD-19', true);
      endActivation(ctx);
      return;
    }
    default: {
      execOrder(ctx, a);
      return;
    }
  }
}

/** C6 ASSUMPTION: leaving zones without paying gives each of those enemies an Attaque d'opportunité. */
function opportunity(ctx: Ctx, u: Combatant, leaves: string[]): void {
  for (const id of leaves) {
    const o = unitById(ctx.s, id)!;
    if (u.alive && o.alive && prof(o).cbt !== null) passe(ctx, o, u, 'C6', true);
  }
}

function moveTo(ctx: Ctx, u: Combatant, to: Vec2, rule: string): void {
  const from = { x: u.x, y: u.y };
  u.x = to.x;
  u.y = to.y;
  syncPairs(ctx.s);
  emit(
    ctx,
    rule,
    'mouvement',
    `${u.id} moves ${hypot(to.x - from.x, to.y - from.y).toFixed(2)} toises.`,
    `${u.id} se déplace de ${hypot(to.x - from.x, to.y - from.y).toFixed(2)} toises.`,
    { units: [u.id] },
  );
}

/** HD-01…03: a forced move along a searched path (its corners in the event). */
function moveAlong(ctx: Ctx, u: Combatant, path: Vec2[], rule: string): void {
  const to = path[path.length - 1]!;
  let length = 0;
  for (let i = 1; i < path.length; i++)
    length += hypot(path[i]!.x - path[i - 1]!.x, path[i]!.y - path[i - 1]!.y);
  u.x = to.x;
  u.y = to.y;
  syncPairs(ctx.s);
  const via = path.length > 2 ? ` by ${path.length - 2} corner(s)` : '';
  const par = path.length > 2 ? ` en passant par ${path.length - 2} angle(s)` : '';
  emit(
    ctx,
    rule,
    'mouvement',
    `${u.id} moves ${length.toFixed(2)} toises${via}.`,
    `${u.id} se déplace de ${length.toFixed(2)} toises${par}.`,
    { units: [u.id] },
  );
}

/** Pays for a move, or takes the opportunity attacks (C5, C6, HD-03, HD-11, HD-18). */
function payMove(
  ctx: Ctx,
  u: Combatant,
  m: MoveCheck,
  rapid: boolean,
  attracted: boolean,
  opportunite: boolean,
): void {
  const cost = moveCmdCost(u, m, rapid, attracted, opportunite);
  if (cost > 0) {
    ctx.s.sides[controllerOf(u)].cmd -= cost;
    emit(
      ctx,
      u.controle ? 'HD-18' : 'C6',
      'commandement',
      `${controllerOf(u)} pays ${cost} Commandement for ${u.id}'s move.`,
      `${controllerOf(u)} paie ${cost} point(s) de Commandement pour le mouvement de ${u.id}.`,
      { units: [u.id] },
    );
  }
  if (opportunite && !prof(u).abilities.insaisissable && !attracted) opportunity(ctx, u, m.leaves);
}

function execOrder(ctx: Ctx, a: CompanyAction): void {
  const s = ctx.s;
  const u = unitById(s, s.active!)!;
  s.order = a.type;
  const attractions = canAnswerAttraction(s, u) ? attractionsOn(s, u) : [];
  const attracted = attractions.length > 0;
  const answer = attracted ? meetsAttraction(attractions, a) : null;
  if (attracted)
    emit(
      ctx,
      'HD-01',
      'attraction',
      `${u.id} is attracted and must go into contact.`,
      `${u.id} est attiré et doit venir au contact.`,
      { units: [u.id] },
    );
  const opp = 'opportunite' in a && a.opportunite === true;
  const insa = !!prof(u).abilities.insaisissable;
  switch (a.type) {
    case 'marche':
    case 'course': {
      if (answer && 'course' in answer) {
        // HD-01: as close as it can, along the cheapest way (src/rulesets/company/attraction.ts)
        const at = answer.course;
        const m: MoveCheck = { error: null, leaves: [], difficult: at.closestDifficult };
        payMove(ctx, u, m, true, true, false);
        moveAlong(ctx, u, at.closestPath!, 'HD-01');
        endActivation(ctx);
        return;
      }
      const m = checkPath(s, u, a.to, (a.type === 'course' ? 2 : 1) * dptOf(u), {
        insaisissable: insa || attracted,
      });
      payMove(ctx, u, m, a.type === 'course', attracted, opp);
      if (u.alive) moveTo(ctx, u, a.to, a.type === 'course' ? 'C5' : 'C5');
      endActivation(ctx);
      return;
    }
    case 'assaut':
    case 'charge': {
      const t = unitById(s, a.target)!;
      if (answer && 'route' in answer) {
        // HD-01…03: the forced way into contact, round what is in the way
        const r = answer.route;
        payMove(
          ctx,
          u,
          { error: null, leaves: [], difficult: r.difficult },
          a.type === 'charge',
          true,
          false,
        );
        moveAlong(ctx, u, r.path, 'HD-01');
      } else {
        const { to } = contactPoint(u, t);
        const m = checkPath(s, u, to, (a.type === 'charge' ? 2 : 1) * dptOf(u), {
          target: t.id,
          insaisissable: insa,
        });
        payMove(ctx, u, m, a.type === 'charge', attracted, opp);
        if (!u.alive) {
          endActivation(ctx);
          return;
        }
        moveTo(ctx, u, to, 'C5');
      }
      // HD-13: contacted while en attente.
      if (!t.activated) t.tenace = u.id;
      s.pending = { kind: 'contact', attacker: u.id, target: t.id, stage: 'esquive', sansRiposte: false };
      advance(ctx);
      return;
    }
    case 'melee':
      s.pending = { kind: 'melee', attacker: u.id, target: a.target, stage: 'recharge', sansRiposte: false };
      {
        advance(ctx);
        return;
      }
    case 'tir': {
      let bonus = prof(u).abilities.tireurEntraine ?? 0;
      if (a.to !== undefined) {
        const m = checkPath(s, u, a.to, dptOf(u) / 2, { insaisissable: insa });
        payMove(ctx, u, m, false, attracted, opp);
        if (!u.alive) {
          endActivation(ctx);
          return;
        }
        if (hypot(a.to.x - u.x, a.to.y - u.y) > 1e-9) bonus = 0;
        moveTo(ctx, u, a.to, 'C5');
      }
      const t = unitById(s, a.target)!;
      shoot(ctx, u, t, 'C3', bonus);
      endActivation(ctx);
      return;
    }
    case 'fuite': {
      for (const o of adversariesInContact(s, u))
        if (u.alive && engages(o) && prof(o).cbt !== null) passe(ctx, o, u, 'C6', true, { fuite: true });
      if (u.alive) {
        const m = checkPath(s, u, a.to, dptOf(u), {
          insaisissable: insa,
          fleeing: adversariesInContact(s, u).map((o) => o.id),
        });
        if (m.error === null) {
          payMove(ctx, u, m, false, attracted, false);
          moveTo(ctx, u, a.to, 'C6');
        }
      }
      endActivation(ctx);
      return;
    }
    case 'focalisation':
      focalisation(ctx, u, a);
      {
        endActivation(ctx);
        return;
      }
    case 'relever': {
      const foe = adversariesInContact(s, u).find((o) => engages(o));
      if (foe) {
        emit(
          ctx,
          'HD-20',
          'relever',
          `${u.id} stands up in contact: passe d'armes with the maluses.`,
          `${u.id} se relève au contact : passe d'armes avec les malus.`,
          { units: [u.id, foe.id] },
        );
        passe(ctx, u, foe, 'HD-20', false);
      }
      if (u.alive && u.misAuSol) {
        u.misAuSol = false;
        syncPairs(s);
        emit(ctx, 'HD-20', 'releve', `${u.id} stands up.`, `${u.id} se relève.`, { units: [u.id] });
      }
      endActivation(ctx);
      return;
    }
    case 'attendre': {
      if (u.immobilise) {
        const foes = freeAttackers(s, u);
        if (foes.length === 1) passe(ctx, foes[0]!, u, 'HD-19', true);
        else if (foes.length > 1) {
          go(ctx, 'ATTAQUE_LIBRE');
          return;
        }
      }
      endActivation(ctx);
      return;
    }
    default: {
      endActivation(ctx);
      return;
    }
  }
}

/** C8, HD-10, HD-17, HD-25: a Focalisation ends non-durable Consumé, advances a reload, and may use a power. */
function focalisation(ctx: Ctx, u: Combatant, a: Extract<CompanyAction, { type: 'focalisation' }>): void {
  const s = ctx.s;
  const stopped = u.consume.filter((c) => !c.durable).map((c) => c.type);
  if (stopped.length) {
    u.consume = u.consume.filter((c) => c.durable);
    emit(
      ctx,
      'HD-17',
      'consume',
      `${u.id} Focalises: Consumé (${stopped.join(', ')}) ends.`,
      `${u.id} se focalise : Consumé (${stopped.join(', ')}) prend fin.`,
      { units: [u.id] },
    );
  }
  if (u.reload > 0) {
    u.reload--;
    emit(
      ctx,
      'HD-25',
      'rechargement',
      `${u.id} reloads: ${u.reload} Focalisation(s) to go.`,
      `${u.id} recharge : encore ${u.reload} Focalisation(s).`,
      { units: [u.id] },
    );
  }
  if (a.pouvoir === 'guerison') {
    const t = unitById(s, a.target!)!;
    const gain = Math.min(prof(u).abilities.guerisseur!, prof(t).pv - t.pv);
    t.pv += gain;
    emit(
      ctx,
      'HD-10',
      'guerison',
      `${u.id} heals ${t.id}: +${gain} PV.`,
      `${u.id} soigne ${t.id} : +${gain} PV.`,
      { units: [u.id, t.id] },
    );
  } else if (a.pouvoir === 'envoutement') {
    const e = prof(u).abilities.envoutement!;
    const t = unitById(s, a.target!)!;
    const die = ctx.rng.die(6);
    const took = die >= e.on;
    if (took) {
      t.controle = { by: controllerOf(u), left: e.x, at: s.activationNo };
      syncPairs(s);
    }
    emit(
      ctx,
      'HD-18',
      'envoutement',
      `${u.id} bewitches ${t.id}: ${die}${took ? `, Contrôlé ${e.x}` : ', no effect'}.`,
      `${u.id} envoûte ${t.id} : ${die}${took ? `, Contrôlé ${e.x}` : ', sans effet'}.`,
      {
        dice: [{ label: 'Envoûtement', sides: 6, dice: [die], target: e.on }],
        units: [u.id, t.id],
      },
    );
  }
}

/** The reactions to a contact or an attack, in order, then the passe d'armes (HD-06, HD-15, HD-25, C2). */
function advance(ctx: Ctx): void {
  const s = ctx.s;
  const p = s.pending!;
  const atk = unitById(s, p.attacker)!;
  const d = unitById(s, p.target)!;
  if (!atk.alive || !d.alive) {
    s.pending = null;
    endActivation(ctx);
    return;
  }
  if (p.stage === 'esquive') {
    if (p.kind === 'contact' && canEsquive(s, d, atk)) {
      goReaction(ctx, 'ESQUIVE', 'actions.activation.reaction.esquive');
      return;
    }
    p.stage = 'tir';
  }
  if (p.stage === 'tir') {
    if (p.kind === 'contact' && canTirDefensif(s, d, atk)) {
      goReaction(ctx, 'TIR_DEFENSIF', 'actions.activation.reaction.tirDefensif');
      return;
    }
    p.stage = 'recharge';
  }
  if (p.stage === 'recharge') {
    if (hasReloadChoice(d)) {
      goReaction(ctx, 'RECHARGEMENT', 'actions.activation.reaction.rechargement');
      return;
    }
    p.stage = 'passe';
  }
  const riposteFromReloader = !p.sansRiposte && (prof(d).ranged?.rechargement ?? 0) > 0 && d.reload > 0;
  passe(ctx, atk, d, 'C2', p.sansRiposte);
  // HD-25 (a): fighting normally during a reload starts it again.
  if (riposteFromReloader && d.alive) d.reload = prof(d).ranged!.rechargement!;
  s.pending = null;
  endActivation(ctx);
  return;
}

const TIMERS = ['sonne', 'ralenti', 'immobilise'] as const;
const TIMER_RULE = { sonne: 'HD-22', ralenti: 'HD-21', immobilise: 'HD-19' } as const;

/** The activation ends: timed states tick (HD-18…22), reloads not Focalised restart (HD-25), the hand passes. */
function endActivation(ctx: Ctx): void {
  const s = ctx.s;
  const u = unitById(s, s.active!)!;
  const activator = s.toAct;
  if (u.alive) {
    const x = prof(u).ranged?.rechargement ?? 0;
    if (s.order !== 'focalisation' && x > 0 && u.reload > 0 && u.reload < x && s.order !== 'tir') {
      u.reload = x;
      emit(
        ctx,
        'HD-25',
        'rechargement',
        `${u.id} did not Focalise: its reload starts again.`,
        `${u.id} ne s'est pas focalisé : son rechargement repart à zéro.`,
        { units: [u.id] },
      );
    }
    for (const k of TIMERS) {
      const t = u[k];
      if (t && t.at < s.activationNo && --t.left <= 0) {
        u[k] = null;
        emit(ctx, TIMER_RULE[k], 'fin-etat', `${u.id} is no longer ${k}.`, `${u.id} n'est plus ${k}.`, {
          units: [u.id],
        });
      }
    }
    if (u.controle && u.controle.at < s.activationNo && --u.controle.left <= 0) {
      u.controle = null;
      emit(ctx, 'HD-18', 'fin-etat', `${u.id} returns to its owner.`, `${u.id} revient à son propriétaire.`, {
        units: [u.id],
      });
    }
  }
  u.activated = true;
  for (const o of s.units) o.tenace = null;
  for (const p of s.pairs) p.fresh = false;
  syncPairs(s);
  s.active = null;
  s.order = null;
  s.pending = null;
  s.toAct = s.vaeSoli ? activator : other(activator);
  s.vaeSoli = false;
  go(ctx, 'ACTIVATION_FINIE');
  if (checkWipeOut(ctx)) return;
  if (waiting(s, s.toAct).length === 0) s.toAct = other(s.toAct);
  if (waiting(s, s.toAct).length === 0) endPhase(ctx);
}

function checkWipeOut(ctx: Ctx): boolean {
  const s = ctx.s;
  const blue = sideAlive(s, 'blue');
  const red = sideAlive(s, 'red');
  if (blue && red) return false;
  finish(ctx, { en: 'a company is wiped out', fr: 'une compagnie est anéantie' });
  return true;
}

/** C11 ASSUMPTION: an objective is held by the only side with a combatant within 1 toise of it. */
export function objectiveHolder(s: CompanyState, o: { x: number; y: number }): CompanySide | null {
  const near = (side: CompanySide) =>
    s.units.some((u) => u.alive && u.owner === side && hypot(u.x - o.x, u.y - o.y) - prof(u).radius <= 1);
  const b = near('blue');
  const r = near('red');
  return b === r ? null : b ? 'blue' : 'red';
}

export function scoreOf(s: CompanyState): Record<CompanySide, number> {
  const pts: Record<CompanySide, number> = { blue: s.sides.blue.kills, red: s.sides.red.kills };
  for (const o of s.objectives) {
    const h = objectiveHolder(s, o);
    if (h) pts[h] += o.value;
  }
  return pts;
}

function finish(ctx: Ctx, reason: { en: string; fr: string }): void {
  const s = ctx.s;
  const points = scoreOf(s);
  const winner = points.blue === points.red ? null : points.blue > points.red ? 'blue' : 'red';
  s.result = { winner, points, reason };
  s.active = null;
  s.pending = null;
  emit(
    ctx,
    'C11',
    'fin',
    `Game over (${reason.en}): blue ${points.blue}, red ${points.red}.`,
    `Fin de partie (${reason.fr}) : bleu ${points.blue}, rouge ${points.red}.`,
  );
  go(ctx, 'PARTIE_FINIE');
}

/** Nobody is waiting: the next turn's phase d'entretien (C9), or the end after the last turn. */
function endPhase(ctx: Ctx): void {
  const s = ctx.s;
  go(ctx, 'PHASE_FINIE');
  if (s.turn >= s.turnLimit) {
    finish(ctx, { en: 'last turn played', fr: 'dernier tour joué' });
    return;
  }
  s.turn++;
  // core/company.md §1: Domination goes to the side that killed more last turn; a tie keeps it.
  const b = s.sides.blue.killsTurn;
  const r = s.sides.red.killsTurn;
  if (b !== r) s.domination = b > r ? 'blue' : 'red';
  for (const side of COMPANY_SIDES) {
    s.sides[side].cmd = s.sides[side].cmdBase;
    s.sides[side].killsTurn = 0;
  }
  // HD-17: Consumé ticks in the phase d'entretien.
  for (const u of s.units) {
    u.activated = false;
    u.esquiveUsed = false;
    if (!u.alive || u.consume.length === 0) continue;
    for (const c of u.consume) {
      if (!u.alive) break;
      emit(
        ctx,
        'HD-17',
        'consume',
        `${u.id} is Consumé (${c.type}): −${c.x} PV.`,
        `${u.id} est Consumé (${c.type}) : −${c.x} PV.`,
        { units: [u.id] },
      );
      wound(ctx, u, c.x, 'HD-17');
      c.y--;
    }
    u.consume = u.alive ? u.consume.filter((c) => c.y > 0) : [];
  }
  s.activationsThisTurn = 0;
  emit(ctx, 'C9', 'entretien', `Turn ${s.turn}: phase d'entretien.`, `Tour ${s.turn} : phase d'entretien.`);
  checkWipeOut(ctx);
}

export { type Attraction, type AttractionRoute, applyState, attractionsOn, kill };
