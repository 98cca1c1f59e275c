/**
 * `company` knowledge for bots and the AI: a finite set of tactical candidates at each decision (moves
 * sampled toward enemies, objectives, cover and allies, then cut to the farthest legal point), the legal set
 * the view draws (move regions), and a heuristic evaluation. Every candidate passes `check`.
 */
import type { LegalRegion, LegalSet } from '../../engine/contract';
import { atan2, cos, hypot, sin } from '../../engine/dmath';
import type { Table, Vec2 } from '../../engine/geometry';
import type { Rng } from '../../engine/rng';
import { vectorVariants } from '../../engine/ruleset-kit';
import { ZOC } from './data';
import {
  attractionsOn,
  check,
  decider,
  decisionOf,
  freeAttackers,
  objectiveHolder,
  ordersFor,
  pathError,
} from './rules';
import {
  adversariesInContact,
  controllerOf,
  dptOf,
  edgeBetween,
  engaged,
  entryParam,
  isEnemy,
  other,
  prof,
  shootTargets,
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
  type Timer,
} from './types';

const legalOnly = (s: CompanyState, list: CompanyAction[]): CompanyAction[] =>
  list.filter((a) => !check(s, a));

/**
 * The farthest legal point of a straight move toward `goal`: bisection on the fraction of the way with the
 * path check alone, then the whole `check` on the point found.
 */
function farthest(
  s: CompanyState,
  make: (to: Vec2) => CompanyAction,
  from: Vec2,
  goal: Vec2,
): CompanyAction | null {
  const at = (f: number) => ({ x: from.x + (goal.x - from.x) * f, y: from.y + (goal.y - from.y) * f });
  const full = make(at(1));
  if (!check(s, full)) return full;
  const u = unitById(s, s.active!)!;
  // A quick no: the straight way to `goal` first runs into a base at fraction `block` (as the path check
  // measures it), so the path check refuses any point past it (ERR_BLOCKED). Only points up to it are asked;
  // the margins keep rounding from turning a refusal into an answer, so the point found is the same.
  const r = prof(u).radius;
  let block = Infinity;
  for (const o of s.units) {
    if (!o.alive || o.id === u.id) continue;
    const t = entryParam(from, goal, o, r + prof(o).radius - 1e-6);
    if (t !== null && t > 1e-6 && t < block) block = t;
  }
  const ok = (f: number) => f <= block + 1e-6 && pathError(s, u, make(at(f))) === null;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 6; i++) {
    const mid = (lo + hi) / 2;
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  if (lo * hypot(goal.x - from.x, goal.y - from.y) < 0.3) return null;
  const a = make(at(lo));
  return check(s, a) ? null : a;
}

/** Where a combatant might go: next to the nearest enemy's zone, objectives, cover, its allies, away. */
function goals(s: CompanyState, u: Combatant, reach: number): Vec2[] {
  const out: Vec2[] = [];
  const foes = s.units
    .filter((o) => o.alive && isEnemy(u, o))
    .sort((a, b) => edgeBetween(u, a) - edgeBetween(u, b));
  const foe = foes[0];
  const clamp = (p: Vec2): Vec2 => {
    const r = prof(u).radius;
    return {
      x: Math.min(s.table.width - r, Math.max(r, p.x)),
      y: Math.min(s.table.height - r, Math.max(r, p.y)),
    };
  };
  if (foe) {
    const d = hypot(foe.x - u.x, foe.y - u.y) || 1;
    const stop = prof(u).radius + prof(foe).radius + ZOC + 0.2;
    const k = Math.max(0, d - stop) / d;
    out.push({ x: u.x + (foe.x - u.x) * k, y: u.y + (foe.y - u.y) * k });
    out.push(clamp({ x: u.x - ((foe.x - u.x) / d) * reach, y: u.y - ((foe.y - u.y) / d) * reach }));
  }
  const objs = [...s.objectives].sort((a, b) => hypot(a.x - u.x, a.y - u.y) - hypot(b.x - u.x, b.y - u.y));
  for (const o of objs.slice(0, 2))
    if (objectiveHolder(s, o) !== controllerOf(u)) out.push({ x: o.x, y: o.y });
  let cover: Vec2 | null = null;
  let cd = Infinity;
  for (const t of s.table.terrain) {
    if (t.kind !== 'cover' && t.kind !== 'forest') continue;
    const c = {
      x: t.poly.reduce((a, p) => a + p.x, 0) / t.poly.length,
      y: t.poly.reduce((a, p) => a + p.y, 0) / t.poly.length,
    };
    const d = hypot(c.x - u.x, c.y - u.y);
    if (d < cd && d > 0.5) {
      cd = d;
      cover = c;
    }
  }
  if (cover) out.push(cover);
  return out;
}

/**
 * A combatant's orders as candidates, in two parts: `orderCandidates` = the forced moves of an Attraction if
 * any, else `orderActions` (orders in place, attacks) followed by `orderMoves` (Fuite, Marche, Course: the
 * dear part, each a path search). The script asks for the moves only when nothing in place beats them.
 */
function orderCandidates(s: CompanyState, u: Combatant, m = orderMemo(s, u)): CompanyAction[] {
  const forced = memoAttracted(m, s, u);
  if (forced) return forced.slice();
  const actions = memoActions(m, s, u);
  return [...actions, ...memoMoves(m, s, u, actions.length > 0)];
}

/**
 * The orders of the active combatant, remembered per position. `attracted`, `orderActions` and `orderMoves`
 * are pure functions of the state but for its RNG and ply, and a search meets the same position again and
 * again: open-loop MCTS replays the same actions from the root, and moves roll no dice. In a profile of
 * the bench's searches, half the `orderMoves` calls repeat a position. Remembering the answers changes no
 * result (test: memo.test.ts). The key is `positionKey`; the answers are handed out as copies.
 */
interface OrderMemo {
  attracted?: CompanyAction[] | null;
  actions?: CompanyAction[];
  moves?: [CompanyAction[] | undefined, CompanyAction[] | undefined];
}
const MEMO_SIZE = 4096;
const memos = new WeakMap<Table, { now: Map<string, OrderMemo>; old: Map<string, OrderMemo> }>();

/** The memo of `u`'s orders in `s`: the last MEMO_SIZE to MEMO_SIZE×2 positions met are kept. */
function orderMemo(s: CompanyState, u: Combatant): OrderMemo {
  const key = positionKey(s, u.id);
  let gens = memos.get(s.table);
  if (!gens) memos.set(s.table, (gens = { now: new Map(), old: new Map() }));
  let m = gens.now.get(key);
  if (m) return m;
  m = gens.old.get(key) ?? {};
  if (gens.now.size >= MEMO_SIZE) {
    gens.old = gens.now;
    gens.now = new Map();
  }
  gens.now.set(key, m);
  return m;
}

const timer = (t: Timer | null) => (t ? `${t.left}/${t.at}` : '-');

/**
 * Everything in `s` a candidate may read, as a string, with `unit` first: the memo's key. Not in it: the RNG
 * and ply (no candidate reads them), the table (never mutated after set-up: the memo hangs on it) and the
 * sides' names. A test changes each field of a state and of a combatant in turn and checks the key changes,
 * so a field added to the state and left out of the key fails it.
 */
export function positionKey(s: CompanyState, unit: string): string {
  let k = `${unit}|${s.scenario}|${s.turn}/${s.turnLimit}|${s.phase}|${s.domination}/${s.toAct}|${s.active}|${s.order}|${s.activationsThisTurn}/${s.activationNo}|${s.vaeSoli}|`;
  k += `${s.pending ? JSON.stringify(s.pending) : '-'}|${s.result ? JSON.stringify(s.result) : '-'}`;
  for (const side of COMPANY_SIDES) {
    const x = s.sides[side];
    k += `|${x.cmd}/${x.cmdBase}/${x.kills}/${x.killsTurn}`;
  }
  for (const p of s.pairs) k += `|${p.a}:${p.b}:${p.passes}:${p.fresh}`;
  for (const o of s.objectives) k += `|${o.id}:${o.x}:${o.y}:${o.value}`;
  for (const c of s.units) {
    // Flags as 0/1: a shorter key is hashed faster.
    k += `|${c.id}:${c.owner}:${c.profile}:${c.x}:${c.y}:${c.pv}:${+c.alive}${+c.activated}${+c.esquiveUsed}${+c.misAuSol}`;
    k += `:${c.reload}:${timer(c.sonne)}:${timer(c.ralenti)}:${timer(c.immobilise)}:${c.tenace ?? ''}`;
    if (c.controle) k += `:${c.controle.by}/${c.controle.left}/${c.controle.at}`;
    for (const q of c.consume) k += `,${q.type}/${q.x}/${q.y}/${q.durable}`;
  }
  return k;
}

function memoAttracted(m: OrderMemo, s: CompanyState, u: Combatant): CompanyAction[] | null {
  if (m.attracted === undefined) m.attracted = attracted(s, u);
  return m.attracted;
}

function memoActions(m: OrderMemo, s: CompanyState, u: Combatant): CompanyAction[] {
  m.actions ??= orderActions(s, u);
  return m.actions.slice();
}

function memoMoves(m: OrderMemo, s: CompanyState, u: Combatant, hasActions: boolean): CompanyAction[] {
  const moves = (m.moves ??= [undefined, undefined]);
  const i = hasActions ? 1 : 0;
  moves[i] ??= orderMoves(s, u, hasActions);
  return moves[i].slice();
}

/**
 * The active combatant's orders for the script, from one memo lookup: `inPlace()` is null if it is attracted
 * (its choice is forced), else its orders in place (`orderActions`); `all()` is `orderCandidates`.
 */
export function activeOrders(s: CompanyState): {
  inPlace: () => CompanyAction[] | null;
  all: () => CompanyAction[];
} {
  const u = unitById(s, s.active!)!;
  const m = orderMemo(s, u);
  return {
    inPlace: () => (memoAttracted(m, s, u) ? null : memoActions(m, s, u)),
    all: () => orderCandidates(s, u, m),
  };
}

/** HD-01: the forced Charge, Assaut or Course of an attracted combatant, or null if it is not attracted. */
export function attracted(s: CompanyState, u: Combatant): CompanyAction[] | null {
  const attractions = attractionsOn(s, u);
  if (attractions.length) {
    const forced: CompanyAction[] = [];
    for (const at of attractions) {
      for (const t of at.targets) forced.push({ type: 'charge', target: t }, { type: 'assaut', target: t });
      if (at.closest) forced.push({ type: 'course', to: at.closest });
    }
    const ok = legalOnly(s, forced);
    if (ok.length) return ok;
  }
  return null;
}

/** The orders a combatant carries out where it stands: Attendre, Relever, Mêlée, Focalisation, Tir, Charge, Assaut. */
export function orderActions(s: CompanyState, u: Combatant): CompanyAction[] {
  const orders = ordersFor(s, u);
  const out: CompanyAction[] = [];
  const add = (a: CompanyAction) => {
    if (!check(s, a)) out.push(a);
  };
  if (orders.includes('attendre')) add({ type: 'attendre' });
  if (orders.includes('relever')) add({ type: 'relever' });
  const contact = adversariesInContact(s, u);
  if (orders.includes('melee')) for (const o of contact) add({ type: 'melee', target: o.id });
  if (orders.includes('focalisation')) {
    add({ type: 'focalisation' });
    if (prof(u).abilities.guerisseur)
      for (const t of s.units)
        if (t.alive && !isEnemy(u, t) && (t.id === u.id || touching(u, t)) && t.pv < prof(t).pv)
          add({ type: 'focalisation', pouvoir: 'guerison', target: t.id });
    if (prof(u).abilities.envoutement)
      for (const t of s.units)
        if (t.alive && isEnemy(u, t)) add({ type: 'focalisation', pouvoir: 'envoutement', target: t.id });
  }
  if (orders.includes('tir') && prof(u).ranged && u.reload === 0)
    for (const t of shootTargets(s, u, u)) add({ type: 'tir', target: t.id });
  for (const kind of ['charge', 'assaut'] as const) {
    if (!orders.includes(kind)) continue;
    const reach = (kind === 'charge' ? 2 : 1) * dptOf(u) + 2;
    for (const o of s.units) {
      if (!o.alive || !isEnemy(u, o) || edgeBetween(u, o) > reach) continue;
      const a: CompanyAction = { type: kind, target: o.id };
      const e = check(s, a);
      if (!e) out.push(a);
      else if (e.code === 'ERR_COMMANDEMENT' && !u.controle)
        add({ type: kind, target: o.id, opportunite: true });
    }
  }
  return out;
}

/**
 * The moves a combatant's orders allow (Fuite, Marche, Course), each toward a goal as far as its path goes;
 * with no other order open (`orderActions` found none), a Marche in place so that it may still act.
 */
export function orderMoves(s: CompanyState, u: Combatant, hasActions: boolean): CompanyAction[] {
  const orders = ordersFor(s, u);
  const contact = adversariesInContact(s, u);
  const out: CompanyAction[] = [];
  const add = (a: CompanyAction) => {
    if (!check(s, a)) out.push(a);
  };
  if (orders.includes('fuite') && contact.length) {
    const c = contact[0]!;
    const d = hypot(u.x - c.x, u.y - c.y) || 1;
    for (const turn of [0, 0.8, -0.8]) {
      const ang = atan2(u.y - c.y, u.x - c.x) + turn;
      const goal = { x: u.x + cos(ang) * dptOf(u), y: u.y + sin(ang) * dptOf(u) };
      const a = farthest(s, (to) => ({ type: 'fuite', to }), u, goal);
      if (a) out.push(a);
      if (d < 0) break;
    }
  }
  for (const kind of ['marche', 'course'] as const) {
    if (!orders.includes(kind)) continue;
    const reach = (kind === 'course' ? 2 : 1) * dptOf(u);
    // Marche toward the first two goals only (the enemy, an objective): a Course covers the rest.
    for (const g of goals(s, u, reach).slice(0, kind === 'marche' ? 2 : 5)) {
      const d = hypot(g.x - u.x, g.y - u.y);
      if (d < 0.3) continue;
      const k = Math.min(1, reach / d);
      const goal = { x: u.x + (g.x - u.x) * k, y: u.y + (g.y - u.y) * k };
      let a = farthest(s, (to) => ({ type: kind, to }), u, goal);
      if (!a && !u.controle) a = farthest(s, (to) => ({ type: kind, to, opportunite: true }), u, goal);
      if (a) out.push(a);
    }
  }
  if (out.length === 0 && !hasActions && orders.includes('marche'))
    add({ type: 'marche', to: { x: u.x, y: u.y } });
  return out;
}

export function companyCandidates(s: CompanyState): CompanyAction[] {
  if (s.result) return [];
  const side = decider(s);
  switch (s.phase) {
    case 'entretien':
      return COMPANY_SIDES.map((x) => ({ type: 'premier', side: x }));
    case 'actions.choix': {
      const out = legalOnly(
        s,
        waiting(s, side).map((u): CompanyAction => ({ type: 'activer', unit: u.id })),
      );
      const first = out[0];
      if (first?.type === 'activer') {
        const vae: CompanyAction = { type: 'activer', unit: first.unit, vaeSoli: true };
        if (!check(s, vae)) out.push(vae);
      }
      if (!check(s, { type: 'ceder' })) out.push({ type: 'ceder' });
      return out;
    }
    case 'actions.activation.ordre':
      return orderCandidates(s, unitById(s, s.active!)!);
    case 'actions.activation.reaction.esquive':
      return [{ type: 'esquive' }, { type: 'pasEsquive' }];
    case 'actions.activation.reaction.tirDefensif':
      return [{ type: 'tirDefensif' }, { type: 'pasDeTir' }];
    case 'actions.activation.reaction.rechargement':
      return [{ type: 'combattre' }, { type: 'garderRecharge' }];
    case 'actions.activation.attaqueLibre':
      return freeAttackers(s, unitById(s, s.active!)!).map((o) => ({ type: 'attaqueLibre', unit: o.id }));
    default:
      return [];
  }
}

/** The legal set: the discrete actions, and the move regions of the active combatant (Marche, Course, Fuite). */
export function companyLegal(s: CompanyState): LegalSet<CompanyAction> {
  const decision = decisionOf(s) ?? { side: 'blue', phase: s.phase, turn: s.turn };
  if (s.result) return { decision, actions: [], regions: [] };
  const continuous = new Set(['marche', 'course', 'fuite']);
  const active = s.phase === 'actions.activation.ordre' ? unitById(s, s.active!)! : null;
  const attracted = active !== null && attractionsOn(s, active).length > 0;
  // HD-01: an attracted combatant's forced Course has one destination, so it is listed, not a region
  const actions = companyCandidates(s).filter((a) => !continuous.has(a.type) || attracted);
  const regions: LegalRegion<CompanyAction>[] = [];
  if (active) {
    const u = active;
    const orders = ordersFor(s, u);
    const from = { x: u.x, y: u.y };
    for (const [kind, k] of [
      ['marche', 1],
      ['course', 2],
      ['fuite', 1],
    ] as const)
      if (orders.includes(kind) && !attracted && dptOf(u) > 0 && (kind === 'fuite') === engaged(s, u))
        regions.push({
          kind: 'move',
          unit: u.id,
          template: { type: kind, to: from },
          from,
          maxDistance: k * dptOf(u),
        });
  }
  return { decision, actions, regions };
}

function strength(s: CompanyState, side: CompanySide): number {
  let now = 0;
  let start = 0;
  for (const u of s.units) {
    if (u.owner !== side) continue;
    const p = prof(u);
    start += p.points;
    if (u.alive)
      now += p.points * (0.3 + (0.7 * u.pv) / p.pv) * (u.controle && u.controle.by !== side ? 0.6 : 1);
  }
  return start > 0 ? now / start : 0;
}

/**
 * A heuristic value for `side` in [−1, 1]: strength kept against the enemy's, and the score as it would stand
 * if the game ended now (kill points, objectives held). `tuned` is the search's evaluation, else greedy's
 * frozen yardstick.
 */
function value(s: CompanyState, side: string, tuned: boolean): number {
  const me = side as CompanySide;
  const foe = other(me);
  if (s.result) return s.result.winner === me ? 1 : s.result.winner === null ? 0 : -1;
  let obj = 0;
  let total = 1;
  for (const o of s.objectives) {
    total += o.value;
    const h = objectiveHolder(s, o);
    if (h === me) obj += o.value;
    else if (h === foe) obj -= o.value;
  }
  const kills = s.sides[me].kills - s.sides[foe].kills;
  const strong = strength(s, me) - strength(s, foe);
  let v: number;
  if (tuned) {
    // C11: the score adds kill points and the points of the objectives held at the end, one for one, and
    // strength kept does not score: it weighs ×1 in the first turn down to ×0.4 in the last.
    const left = Math.max(0, s.turnLimit - s.turn) / s.turnLimit;
    v = (0.4 + 0.6 * left) * strong + kills / 200 + obj / 200;
  } else v = strong + kills / 200 + (0.5 * obj) / total;
  return Math.max(-0.99, Math.min(0.99, v));
}

/**
 * The search's evaluation (contract `evaluate`). C11: the points are the enemy's kills and the objectives held
 * at the end. Strength kept weighs less as the last turn nears (×1 in the first turn, ×0.4 in the last), and
 * an objective point held weighs what a kill point weighs (both / 200).
 */
export function companyEvaluate(s: CompanyState, side: string): number {
  return value(s, side, true);
}

/**
 * Greedy's evaluation (contract `yardstick`), frozen as it was before the search's was tuned: strength weighs
 * the same in every turn, and objectives held half their share of the objectives' points. Tournaments measure
 * the search against a greedy that does not move with it.
 */
export function companyYardstick(s: CompanyState, side: string): number {
  return value(s, side, false);
}

/**
 * Progressive widening (contract `variants`): the active combatant's Marche, Course or Fuite turned a little
 * and made a little shorter or longer. Other actions have no variants; the search keeps those `check` accepts.
 */
export function companyVariants(s: CompanyState, a: CompanyAction, rng: Rng): CompanyAction[] {
  if (a.type !== 'marche' && a.type !== 'course' && a.type !== 'fuite') return [];
  const u = s.active ? unitById(s, s.active) : undefined;
  if (!u) return [];
  return vectorVariants(a.to.x - u.x, a.to.y - u.y, rng).map((v) => ({
    ...a,
    to: { x: u.x + v.x, y: u.y + v.y },
  }));
}
