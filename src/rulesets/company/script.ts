/**
 * Scripted `company` behaviour: from the ruleset's own candidates, the sensible one — fight what is in
 * contact, charge or assault what is in reach, shoot, reload or heal with Focalisation when it matters,
 * close in on the nearest enemy otherwise; always dodge and fire defensively. The `scripted` bot plays it
 * and the MCTS uses it for rollouts. Every action it returns is one of `companyCandidates` (so it passes
 * `check`).
 */

import { hypot } from '../../engine/dmath';
import type { Rng } from '../../engine/rng';
import { activeOrders, companyCandidates } from './candidates';
import { decider, objectiveHolder } from './rules';
import { controllerOf, isEnemy, prof, unitById } from './state';
import type { CompanyAction, CompanyState } from './types';

/** Lower is preferred, by kind of action. */
const PRIORITY: Record<string, number> = {
  esquive: 0,
  tirDefensif: 0,
  combattre: 0,
  attaqueLibre: 0,
  melee: 1,
  charge: 2,
  assaut: 3,
  tir: 4,
  focalisation: 5,
  relever: 5,
  course: 6,
  marche: 6,
  activer: 7,
  premier: 7,
  fuite: 8,
  garderRecharge: 8,
  pasEsquive: 9,
  pasDeTir: 9,
  ceder: 9,
  attendre: 10,
};

/**
 * How good the destination of a move is (smaller is better): near an objective the side does not hold, or
 * near the nearest enemy — whichever is closer.
 */
function closeness(s: CompanyState, a: CompanyAction): number {
  if (a.type !== 'marche' && a.type !== 'course') return 0;
  const me = unitById(s, s.active ?? '');
  if (!me) return 0;
  const side = controllerOf(me);
  let best = Infinity;
  for (const o of s.units)
    if (o.alive && isEnemy(me, o)) best = Math.min(best, hypot(o.x - a.to.x, o.y - a.to.y) - prof(o).radius);
  for (const o of s.objectives)
    if (objectiveHolder(s, o) !== side) best = Math.min(best, 0.8 * hypot(o.x - a.to.x, o.y - a.to.y));
  return best;
}

/** The script's preference for `a` (smaller is better). */
function scoreOf(s: CompanyState, a: CompanyAction, side: string): number {
  let key = (PRIORITY[a.type] ?? 6) * 1000;
  if (a.type === 'premier') key += a.side === side ? 0 : 1;
  if (a.type === 'activer') {
    // Activate the own combatant nearest an enemy first.
    const u = unitById(s, a.unit);
    let d = 999;
    if (u)
      for (const o of s.units)
        if (o.alive && controllerOf(o) !== side) d = Math.min(d, hypot(o.x - u.x, o.y - u.y));
    key += Math.min(999, d) + (a.vaeSoli ? 500 : 0);
  }
  if (a.type === 'focalisation' && !a.pouvoir) key += 1500; // a plain Focalisation (reload) only when nothing better
  if (a.type === 'marche' || a.type === 'course')
    key += Math.min(999, closeness(s, a)) + ('opportunite' in a && a.opportunite ? 200 : 0);
  return key;
}

/**
 * A move's score is at least this (Marche and Course: 6,000 plus a closeness that a legal move keeps above
 * about −1; Fuite 8,000): an order in place scoring below it wins without the moves being searched.
 */
const MOVES_FLOOR = 5900;

function pick(s: CompanyState, rng: Rng, options: readonly CompanyAction[], side: string, below = Infinity) {
  let best: CompanyAction[] = [];
  let bestKey = Infinity;
  for (const a of options) {
    const key = scoreOf(s, a, side);
    if (key < bestKey) {
      bestKey = key;
      best = [a];
    } else if (key === bestKey) best.push(a);
  }
  if (bestKey >= below) return null;
  return best.length === 1 ? best[0]! : best[rng.int(best.length)]!;
}

export function companyScript(s: CompanyState, rng: Rng, given?: readonly CompanyAction[]): CompanyAction {
  const side = decider(s);
  // Rollouts call the script without candidates. Choosing an order, the moves are the dear part (a path
  // search each): look at the orders in place first, and search moves only if none of those wins anyway.
  // The choice is the same as over the whole candidate list (test: company script shortcut).
  let options = given;
  if (!given && s.phase === 'actions.activation.ordre' && !s.result) {
    const orders = activeOrders(s);
    const actions = orders.inPlace();
    if (actions) {
      const now = pick(s, rng, actions, side, MOVES_FLOOR);
      if (now) return now;
    }
    options = orders.all();
  }
  options ??= companyCandidates(s);
  if (options.length === 0) throw new Error(`no candidate in phase ${s.phase}`);
  return pick(s, rng, options, side)!;
}
