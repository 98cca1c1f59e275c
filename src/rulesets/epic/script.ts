/**
 * Scripted `epic` behaviour: one cheap, sensible action at each decision — advance toward objectives and
 * cover, shoot what is in reach, charge when close, intercept with a hidden Tir Appuyé. The `scripted` bot
 * plays it, and the MCTS uses it for its rollouts (DESIGN.md: scripted behaviours play short rollouts).
 * Every action it returns passes `check`; when its first idea is illegal it falls back to a safe one.
 */

import { hypot } from '../../engine/dmath';
import { maxReachAlong } from '../../engine/geometry';
import type { Rng } from '../../engine/rng';
import { epicCandidates } from './candidates';
import { WEAPONS } from './data';
import { check, combatActions, decider, decisionOf, objectiveCount } from './rules';
import { costFor, detById, inContact, onTable, other, prof, remaining } from './state';
import type { EpicAction, EpicBase, EpicSide, EpicState, Order } from './types';

function nearestEnemy(s: EpicState, side: EpicSide, x: number, y: number): { b: EpicBase; d: number } | null {
  let best: EpicBase | null = null;
  let bd = Infinity;
  for (const o of s.bases) {
    if (o.side === side || !onTable(o)) continue;
    const d = hypot(o.x - x, o.y - y);
    if (d < bd) {
      bd = d;
      best = o;
    }
  }
  return best ? { b: best, d: bd } : null;
}

const detBases = (s: EpicState, det: string) => s.bases.filter((b) => b.det === det && onTable(b));

function centre(bs: EpicBase[]): { x: number; y: number } {
  let x = 0;
  let y = 0;
  for (const b of bs) {
    x += b.x;
    y += b.y;
  }
  return { x: x / bs.length, y: y / bs.length };
}

function longestRange(bs: EpicBase[]): number {
  let r = 0;
  for (const b of bs) for (const w of prof(b).weapons) r = Math.max(r, WEAPONS[w]!.range);
  return r;
}

/** An order from the situation: shoot what is in reach, charge what is close, else advance. */
export function chooseOrder(s: EpicState, det: string, rng: Rng): Order {
  const bs = detBases(s, det);
  const all = s.bases.filter((b) => b.det === det && b.alive);
  if (all.length === 0) return 'avance';
  const c = bs.length > 0 ? centre(bs) : centre(all);
  const foe = nearestEnemy(s, all[0]!.side, c.x, c.y);
  if (!foe) return 'avance';
  const move = Math.max(...all.map((b) => prof(b).move));
  const fa = Math.max(...all.map((b) => prof(b).fa));
  const range = longestRange(all);
  const u = rng.next();
  if (foe.d <= 2 * move + 2 && fa >= prof(foe.b).fa && u < 0.8) return 'charge';
  if (range > 0 && foe.d <= range && u < 0.85) return 'tirAppuye';
  return u < 0.9 ? 'avance' : 'charge';
}

/** A formation move of the active detachment toward `goal`, as far as it can legally go. */
/** Actions the script already checked on the state it made them for: epicScript need not check them again. */
const verified = new WeakSet<EpicAction>();
const checked = (a: EpicAction): EpicAction => {
  verified.add(a);
  return a;
};

function moveToward(
  s: EpicState,
  det: string,
  goal: { x: number; y: number },
  stopShort: number,
): EpicAction | null {
  const bs = detBases(s, det);
  if (bs.length === 0 || bs.some((b) => inContact(s, b))) return null;
  const c = centre(bs);
  const len = hypot(goal.x - c.x, goal.y - c.y);
  if (len - stopShort < 0.5) return null;
  const dir = { x: (goal.x - c.x) / len, y: (goal.y - c.y) / len };
  let reach = len - stopShort;
  for (const b of bs) reach = Math.min(reach, maxReachAlong(s.table, b, dir, remaining(s, b), costFor(b)));
  for (const f of [1, 0.5]) {
    const d = reach * f - 0.01;
    if (d < 0.5) return null;
    const a: EpicAction = { type: 'moveDet', det, dx: dir.x * d, dy: dir.y * d };
    if (!check(s, a)) return checked(a);
  }
  return null;
}

/** How near an objective a detachment's centre must end for its bases to count there (C14: within 10 cm). */
const OBJECTIVE_REACH = 8;

/** Whether a detachment centred at `c` stands on an objective its side holds (C14). */
function holdsObjective(s: EpicState, side: EpicSide, c: { x: number; y: number }): boolean {
  for (const o of s.objectives)
    if (o.holder === side && hypot(o.x - c.x, o.y - c.y) <= OBJECTIVE_REACH) return true;
  return false;
}

function activation(s: EpicState): EpicAction {
  const det = detById(s, s.active!)!;
  const bs = detBases(s, det.id);
  if (det.order === 'charge')
    for (const b of bs) {
      if (b.moved > 0 || inContact(s, b)) continue;
      const foe = nearestEnemy(s, b.side, b.x, b.y);
      if (foe) {
        const a: EpicAction = { type: 'charge', base: b.id, target: foe.b.id };
        if (!check(s, a)) return checked(a);
      }
    }
  if (bs.length > 0 && bs.every((b) => b.moved === 0)) {
    const c = centre(bs);
    const foe = nearestEnemy(s, det.side, c.x, c.y);
    const range = longestRange(bs);
    let goal: { x: number; y: number } | null = null;
    let stop = 0;
    if (det.order === 'retraite' && foe) {
      goal = { x: 2 * c.x - foe.b.x, y: 2 * c.y - foe.b.y };
    } else if (det.order === 'charge' && foe) {
      goal = foe.b;
      stop = 9;
    } else {
      // Avance / no order: an objective not ours, else the enemy at weapon range when it is nearer. An
      // objective in reach of this move comes first (objectives are counted at each turn's end, C14), one
      // with no enemy at it before one the enemy contests; otherwise the nearest. In the last turn, where the
      // count decides the game, a detachment on an objective of its side with none to take in reach stays.
      let reach = Infinity;
      for (const b of bs) reach = Math.min(reach, remaining(s, b));
      let bestD = Infinity;
      let bestRank = Infinity;
      for (const o of s.objectives) {
        if (o.holder === det.side) continue;
        const d = hypot(o.x - c.x, o.y - c.y);
        const inReach = d - OBJECTIVE_REACH <= reach;
        const rank = inReach ? (objectiveCount(s, o)[other(det.side)] > 0 ? 1 : 0) : 2;
        if (rank < bestRank || (rank === bestRank && d < bestD)) {
          bestRank = rank;
          bestD = d;
          goal = o;
          stop = 4;
        }
      }
      const objectiveFirst = bestRank < 2;
      if (!objectiveFirst && s.turn >= s.turnLimit && holdsObjective(s, det.side, c)) return { type: 'done' };
      if (foe && (!goal || (!objectiveFirst && foe.d < bestD))) {
        goal = foe.b;
        stop = Math.max(9, range * 0.8);
      }
    }
    if (goal) {
      const a = moveToward(s, det.id, goal, stop);
      if (a) return a;
    }
  }
  return { type: 'done' };
}

/** One scripted action for the side to play; `rng` is the caller's (the bot's or the searcher's). */
export function epicScript(s: EpicState, rng: Rng, given?: readonly EpicAction[]): EpicAction {
  const a = scripted(s, rng, given);
  if (verified.has(a) || !check(s, a)) return a;
  // The script does not know every case (flyers must fly, new reactions…): fall back on a candidate,
  // preferring anything to ending the activation or passing.
  const options = given ?? epicCandidates(s);
  const active = options.filter((o) => o.type !== 'done' && o.type !== 'pass');
  const pool = active.length > 0 ? active : options;
  return pool[rng.int(pool.length)]!;
}

function scripted(s: EpicState, rng: Rng, given?: readonly EpicAction[]): EpicAction {
  const side = decider(s);
  switch (s.phase) {
    case 'ordres': {
      const det = decisionOf(s)!.unit!;
      return { type: 'order', det, order: chooseOrder(s, det, rng) };
    }
    case 'initiative':
      return { type: 'initiative', first: rng.next() < 0.5 ? side : other(side) };
    case 'mouvement.choix': {
      let best: string | null = null;
      let bestD = Infinity;
      for (const d of s.dets) {
        if (d.side !== side || d.activated || d.order === 'tirAppuye') continue;
        if (check(s, { type: 'activate', det: d.id })) continue;
        const bs = detBases(s, d.id);
        if (bs.length === 0 && !s.bases.some((b) => b.det === d.id && b.alive)) continue;
        const c = bs.length ? centre(bs) : { x: 0, y: 0 };
        const foe = nearestEnemy(s, side, c.x, c.y);
        const dist = (foe?.d ?? 999) - (d.order === 'charge' ? 100 : 0);
        if (dist < bestD) {
          bestD = dist;
          best = d.id;
        }
      }
      return best ? { type: 'activate', det: best } : { type: 'pass' };
    }
    case 'mouvement.activation':
      return activation(s);
    case 'mouvement.interception': {
      for (const det of s.pending!.threats)
        for (const at of [1, 0.5])
          if (!check(s, { type: 'intercept', det, at })) return checked({ type: 'intercept', det, at });
      return { type: 'noIntercept' };
    }
    case 'combat': {
      const options = combatActions(s, side);
      const assault = options.find((a) => a.type === 'assault');
      if (assault) return assault;
      const bz = options.find((a) => a.type === 'bzzzt');
      if (bz) return bz;
      return options[rng.int(options.length)]!;
    }
    default: {
      // Phases the script has no idea for (aircraft interceptions…): a candidate, at random.
      const options = given ?? epicCandidates(s);
      return options[rng.int(options.length)]!;
    }
  }
}
