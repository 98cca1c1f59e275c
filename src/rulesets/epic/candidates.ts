/**
 * `epic` knowledge for bots and the AI: a finite set of tactical candidates at each decision (the
 * continuous moves sampled toward objectives, enemies and cover), the legal set the view draws, and a
 * heuristic evaluation. Every candidate passes `check`, the one legality source.
 */
import type { LegalRegion, LegalSet } from '../../engine/contract';
import { hypot } from '../../engine/dmath';
import { maxReachAlong, type Vec2 } from '../../engine/geometry';
import type { Rng } from '../../engine/rng';
import { vectorVariants } from '../../engine/ruleset-kit';
import { POWERS } from './data';
import {
  check,
  combatActions,
  decider,
  decisionOf,
  drBases,
  flyOptions,
  holderAfterCount,
  objectiveCount,
  physicalPowersOf,
  robotCharges,
  robotDestinations,
  robotRegime,
} from './rules';
import {
  baseById,
  coherencyGroups,
  costFor,
  detById,
  inContact,
  isBlocked,
  load,
  onTable,
  other,
  prof,
  remaining,
} from './state';
import { type EpicAction, type EpicBase, type EpicSide, type EpicState, ORDERS } from './types';

const centroid = (bs: EpicBase[]): Vec2 => ({
  x: bs.reduce((a, b) => a + b.x, 0) / bs.length,
  y: bs.reduce((a, b) => a + b.y, 0) / bs.length,
});

/** Points a detachment might head for: objectives, the nearest enemy, cover, and away from the enemy. */
function goals(s: EpicState, side: EpicSide, from: Vec2): Vec2[] {
  const out: Vec2[] = [];
  const objs = [...s.objectives].sort(
    (a, b) => hypot(a.x - from.x, a.y - from.y) - hypot(b.x - from.x, b.y - from.y),
  );
  for (const o of objs.slice(0, 2)) out.push({ x: o.x, y: o.y });
  let foe: EpicBase | null = null;
  let fd = Infinity;
  for (const b of s.bases)
    if (b.side !== side && onTable(b)) {
      const d = hypot(b.x - from.x, b.y - from.y);
      if (d < fd) {
        fd = d;
        foe = b;
      }
    }
  if (foe) {
    out.push({ x: foe.x, y: foe.y });
    out.push({ x: 2 * from.x - foe.x, y: 2 * from.y - foe.y });
  }
  let cover: Vec2 | null = null;
  let cd = Infinity;
  for (const t of s.table.terrain) {
    if (t.kind !== 'forest' && t.kind !== 'cover' && t.kind !== 'building') continue;
    const c = centroid(t.poly.map((p) => ({ ...p }) as EpicBase));
    const d = hypot(c.x - from.x, c.y - from.y);
    if (d < cd) {
      cd = d;
      cover = c;
    }
  }
  if (cover) out.push(cover);
  return out;
}

function formationMoves(s: EpicState, det: string): EpicAction[] {
  const bases = s.bases.filter((b) => b.det === det && onTable(b));
  // C3: a blocked base is in contact, so inContact covers isBlocked.
  if (bases.length === 0 || bases.some((b) => inContact(s, b))) return [];
  const c = centroid(bases);
  const out: EpicAction[] = [];
  for (const g of goals(s, bases[0]!.side, c)) {
    const len = hypot(g.x - c.x, g.y - c.y);
    if (len < 0.5) continue;
    const dir = { x: (g.x - c.x) / len, y: (g.y - c.y) / len };
    let reach = len;
    for (const b of bases)
      reach = Math.min(reach, maxReachAlong(s.table, b, dir, remaining(s, b), costFor(b)));
    for (const f of [1, 0.6, 0.3]) {
      const d = reach * f - 0.01;
      if (d < 0.5) break;
      const a: EpicAction = { type: 'moveDet', det, dx: dir.x * d, dy: dir.y * d };
      if (!check(s, a)) {
        out.push(a);
        break;
      }
    }
  }
  return out;
}

/** NE-U16: one On y va! idea: the first friendly detachment in reach hops toward the nearest enemy, short of contact. */
function onYVaCandidate(s: EpicState, bb: EpicBase): EpicAction | null {
  for (const d of s.dets) {
    if (d.side !== bb.side || d.id === bb.det) continue;
    const bs = s.bases.filter((b) => b.det === d.id && onTable(b));
    if (bs.length === 0 || !bs.some((b) => hypot(b.x - bb.x, b.y - bb.y) <= 15)) continue;
    const c = centroid(bs);
    let foe: EpicBase | null = null;
    let fd = Infinity;
    for (const o of s.bases)
      if (o.side !== bb.side && onTable(o)) {
        const dd = hypot(o.x - c.x, o.y - c.y);
        if (dd < fd) {
          fd = dd;
          foe = o;
        }
      }
    if (!foe) return null;
    for (const len of [30, 20, 10]) {
      const k = Math.min(len, Math.max(0, fd - 8)) / (fd || 1);
      if (k <= 0) break;
      const a: EpicAction = {
        type: 'onYVa',
        base: bb.id,
        dets: [{ det: d.id, dx: (foe.x - c.x) * k, dy: (foe.y - c.y) * k }],
      };
      if (!check(s, a)) return a;
    }
  }
  return null;
}

function activationCandidates(s: EpicState): EpicAction[] {
  const det = s.active!;
  const out: EpicAction[] = [];
  const bases = s.bases.filter((b) => b.det === det && b.alive);
  // NE-U68/U69: restricted robots: their forced charges, else their forced moves (the only moves they may make).
  if (robotRegime(s, detById(s, det)!)) {
    for (const b of bases) {
      const charges = robotCharges(s, b);
      out.push(...charges.slice(0, 2));
      if (charges.length === 0)
        for (const to of robotDestinations(s, b)) out.push({ type: 'move', base: b.id, to });
    }
    if (!check(s, { type: 'done' })) out.push({ type: 'done' });
    return out;
  }
  for (const b of bases) {
    if (prof(b).abilities.bizarboy && !check(s, { type: 'waaagh', base: b.id })) {
      out.push({ type: 'waaagh', base: b.id });
      const hop = onYVaCandidate(s, b);
      if (hop) out.push(hop);
    }
  }
  if (detById(s, det)!.order === 'charge') {
    for (const b of bases) {
      if (!onTable(b) || inContact(s, b)) continue;
      const reach = remaining(s, b) + 4;
      const foes = s.bases
        .filter((o) => o.side !== b.side && onTable(o) && hypot(o.x - b.x, o.y - b.y) <= reach)
        .sort((x, y) => hypot(x.x - b.x, x.y - b.y) - hypot(y.x - b.x, y.y - b.y))
        .slice(0, 3);
      for (const o of foes) {
        const a: EpicAction = { type: 'charge', base: b.id, target: o.id };
        if (!check(s, a)) out.push(a);
      }
      // NE-U70: a Rouleau base may crush one of the two nearest lower-class bases in reach.
      if (prof(b).abilities.rouleau) {
        let n = 0;
        for (const o of foes) {
          if (n >= 2 || prof(o).cls >= prof(b).cls) continue;
          const a: EpicAction = { type: 'crush', base: b.id, target: o.id };
          if (!check(s, a)) {
            out.push(a);
            n++;
          }
        }
      }
    }
  }
  // NE-U90/U101: a flyer detachment is judged on its bases on the table: a Valkyrie's passengers are not flyers.
  const aboard = bases.filter(onTable);
  const flyers = aboard.length > 0 && aboard.every((b) => prof(b).abilities.volant);
  if (flyers) {
    // NE-U100: a few flights; NE-U43: an interceptor on Charge may create its zone instead.
    const all = flyOptions(s, det);
    const fl = all.filter((a) => !(a.type === 'fly' && a.bombs));
    out.push(...fl.filter((_, i) => i % 3 === 0).slice(0, 4));
    // NE-U105: a couple of bombing runs (flights that pass over an enemy ground base).
    out.push(...all.filter((a) => a.type === 'fly' && a.bombs).slice(0, 2));
    const d = detById(s, det)!;
    if (d.order === 'charge')
      for (const a of fl) {
        if (a.type !== 'fly') continue;
        const len = hypot(a.dx, a.dy) || 1;
        const half = Math.min(...aboard.map((b) => prof(b).move)) / 2;
        const z: EpicAction = { type: 'zone', det, dx: (a.dx / len) * half, dy: (a.dy / len) * half };
        if (!check(s, z)) {
          out.push(z);
          break;
        }
      }
  } else out.push(...formationMoves(s, det));
  for (const b of bases) {
    if (b.carriedBy) {
      const t = baseById(s, b.carriedBy)!;
      for (const g of goals(s, b.side, t).slice(0, 3)) {
        const len = hypot(g.x - t.x, g.y - t.y) || 1;
        const gap = Math.max(0.1, Math.min(remaining(s, b) - 5.2, len - 8));
        const r = prof(t).radius + prof(b).radius + gap;
        const a: EpicAction = {
          type: 'disembark',
          base: b.id,
          to: { x: t.x + ((g.x - t.x) / len) * r, y: t.y + ((g.y - t.y) / len) * r },
        };
        if (!check(s, a)) {
          out.push(a);
          break;
        }
      }
    } else if (prof(b).cls <= 2 || prof(b).abilities.artillerieLegere) {
      for (const t of bases)
        if (
          prof(t).abilities.transport &&
          (prof(b).abilities.artillerieLegere || load(s, t.id) < (prof(t).abilities.transport ?? 0))
        ) {
          const a: EpicAction = { type: 'embark', base: b.id, transport: t.id };
          if (!check(s, a)) out.push(a);
        }
    }
  }
  // A split detachment: bring stray bases back toward the largest group (C2).
  const groups = coherencyGroups(s, det);
  if (groups.length > 1) {
    groups.sort((a, b) => b.length - a.length);
    const c = centroid(groups[0]!);
    for (const g of groups.slice(1))
      for (const b of g) {
        const len = hypot(c.x - b.x, c.y - b.y) || 1;
        const d = Math.min(remaining(s, b), len - 3);
        if (d < 0.5) continue;
        const a: EpicAction = {
          type: 'move',
          base: b.id,
          to: { x: b.x + ((c.x - b.x) / len) * d, y: b.y + ((c.y - b.y) / len) * d },
        };
        if (!check(s, a)) out.push(a);
      }
  }
  if (!check(s, { type: 'done' })) out.push({ type: 'done' });
  return out;
}

/** NE-U44: intercept the flight at the first point in the zone, or let it go; NE-U47 at the end of the phase. */
function airCandidates(s: EpicState): EpicAction[] {
  const out: EpicAction[] = [];
  if (s.phase === 'mouvement.finInterception') {
    const side = decider(s);
    for (const d of s.dets)
      if (d.side === side && d.zone && !d.zoneUsed)
        for (const t of s.dets) {
          const a: EpicAction = { type: 'intercepter', det: d.id, target: t.id };
          if (!check(s, a)) out.push(a);
        }
  } else {
    const p = s.pending!;
    for (const det of p.zones ?? [])
      for (let k = 0; k <= 10; k++) {
        const at = Math.max(p.progress, k / 10);
        const a: EpicAction = { type: 'intercepter', det, at };
        if (!check(s, a)) {
          out.push(a);
          break;
        }
      }
  }
  out.push({ type: 'laisser' });
  return out;
}

function interceptCandidates(s: EpicState): EpicAction[] {
  const p = s.pending!;
  const out: EpicAction[] = [];
  for (const det of p.threats) {
    const d = detById(s, det)!;
    if (d.order !== 'tirAppuye') continue;
    for (const at of [1, 0.75, 0.5, 0.25]) {
      if (at < p.progress) continue;
      const a: EpicAction = { type: 'intercept', det, at };
      if (!check(s, a)) {
        out.push(a);
        break;
      }
    }
    // NE-U60: its psykers may add a physical power each (the first one their profile lists).
    const powers: { base: string; power: string }[] = [];
    for (const b of s.bases)
      if (b.det === det && b.alive) {
        const id = (prof(b).abilities.psyker ?? []).find((x) => POWERS[x]?.kind === 'physique');
        if (id && physicalPowersOf(s, b).length > 0) powers.push({ base: b.id, power: id });
      }
    if (powers.length > 0)
      for (const at of [1, 0.75, 0.5, 0.25]) {
        if (at < p.progress) continue;
        const a: EpicAction = { type: 'intercept', det, at, powers };
        if (!check(s, a)) {
          out.push(a);
          break;
        }
      }
  }
  // NE-U36: close defences may fire on the move whatever their base's order: all of them, at the first point in reach.
  for (const f of drBases(s)) {
    const n = (prof(f).abilities.dr ?? 0) - f.drUsed;
    for (const at of [p.progress, 0.25, 0.5, 0.75, 1]) {
      if (at < p.progress) continue;
      const a: EpicAction = { type: 'dr', base: f.id, n, at };
      if (!check(s, a)) {
        out.push(a);
        break;
      }
    }
  }
  out.push({ type: 'noIntercept' });
  return out;
}

export function epicCandidates(s: EpicState): EpicAction[] {
  if (s.result) return [];
  const side = decider(s);
  switch (s.phase) {
    case 'infiltration.choix': // NE-U41: each infiltrating detachment of the side
      return s.dets
        .filter((d) => d.side === side)
        .map((d): EpicAction => ({ type: 'activate', det: d.id }))
        .filter((a) => !check(s, a));
    case 'infiltration.deplacement': // NE-U41: formation moves toward objectives, the enemy or cover; or decline
      return [...formationMoves(s, s.active!), { type: 'done' }];
    case 'ordres': {
      const d = decisionOf(s)!.unit!;
      return ORDERS.map((order): EpicAction => ({ type: 'order', det: d, order })).filter(
        (a) => !check(s, a),
      );
    }
    case 'initiative':
      return [
        { type: 'initiative', first: side },
        { type: 'initiative', first: other(side) },
      ];
    case 'mouvement.choix': {
      const out: EpicAction[] = s.dets
        .filter((d) => d.side === side)
        .map((d): EpicAction => ({ type: 'activate', det: d.id }))
        .filter((a) => !check(s, a));
      out.push({ type: 'pass' });
      return out;
    }
    case 'mouvement.activation':
      return activationCandidates(s);
    case 'mouvement.interception':
      return interceptCandidates(s);
    case 'mouvement.interceptionAerienne':
    case 'mouvement.finInterception':
      return airCandidates(s);
    case 'combat': {
      const out = combatActions(s, side);
      const pool = s.sides[side].elitePool;
      if (pool > 0)
        for (const a of [...out])
          if (a.type === 'shoot') {
            const n = s.bases.filter(
              (b) => b.det === a.det && b.alive && (prof(b).abilities.elite ?? 0) > 0,
            ).length;
            if (n > 0) out.push({ ...a, elite: Math.min(pool, n) });
          }
      return out;
    }
    default:
      return [];
  }
}

/** The legal set: discrete actions, plus the move regions of the active detachment's bases. */
export function epicLegal(s: EpicState): LegalSet<EpicAction> {
  const decision = decisionOf(s) ?? { side: 'blue', phase: s.phase, turn: s.turn };
  if (s.result) return { decision, actions: [], regions: [] };
  const actions = epicCandidates(s).filter(
    (a) => a.type !== 'moveDet' && a.type !== 'move' && a.type !== 'disembark',
  );
  // NE-U57: a Personnage may abandon an empty transport of its detachment; shown to players, never a bot's idea.
  if (s.phase === 'mouvement.activation')
    for (const b of s.bases)
      if (b.det === s.active && b.alive && prof(b).abilities.personnage)
        for (const t of s.bases)
          if (t.det === s.active && prof(t).abilities.transport) {
            const a: EpicAction = { type: 'abandon', base: b.id, transport: t.id };
            if (!check(s, a)) actions.push(a);
          }
  const regions: LegalRegion<EpicAction>[] = [];
  if (s.phase === 'mouvement.activation' || s.phase === 'infiltration.deplacement')
    for (const b of s.bases) {
      if (
        b.det !== s.active ||
        !b.alive ||
        prof(b).abilities.volant ||
        isBlocked(s, b) ||
        remaining(s, b) <= 0 ||
        (b.carriedBy !== null && s.phase === 'infiltration.deplacement') // NE-U41: no disembarking before turn 1
      )
        continue;
      const from = b.carriedBy ? baseById(s, b.carriedBy)! : b;
      const template: EpicAction = b.carriedBy
        ? { type: 'disembark', base: b.id, to: { x: from.x, y: from.y } }
        : { type: 'move', base: b.id, to: { x: b.x, y: b.y } };
      regions.push({
        kind: 'move',
        unit: b.id,
        template,
        from: { x: from.x, y: from.y },
        maxDistance: remaining(s, b) - (b.carriedBy ? 5 : 0),
      });
    }
  return { decision, actions, regions };
}

/** Points-weighted share of each side's starting strength still standing. */
function strength(s: EpicState, side: EpicSide): number {
  let now = 0;
  let start = 0;
  for (const b of s.bases) {
    if (b.side !== side) continue;
    const p = prof(b);
    start += p.points;
    if (b.alive) now += (p.points * b.pdv) / p.pdv;
  }
  return start > 0 ? now / start : 0;
}

/**
 * A heuristic value for `side` in [−1, 1]: strength kept against the enemy's, victory points (objectives
 * and Destruction Points), and a small pull toward the objectives. A finished game is ±1 or 0. `tuned` is the
 * search's evaluation, else greedy's frozen yardstick.
 */
function value(s: EpicState, side: string, tuned: boolean): number {
  const me = side as EpicSide;
  const foe = other(me);
  if (s.result) return s.result.winner === me ? 1 : s.result.winner === null ? 0 : -1;
  let vp = 0;
  let total = 1;
  // C14: an objective counts half as it is held and half as the Phase Finale would leave it were it now:
  // the search sees an objective being taken (or lost) before its rollout reaches the end of the turn.
  const sign = (h: EpicSide | null) => (h === me ? 1 : h === foe ? -1 : 0);
  for (const o of s.objectives) {
    total += o.value;
    vp += (o.value * (sign(o.holder) + sign(holderAfterCount(o, objectiveCount(s, o))))) / 2;
  }
  for (const d of s.dets) total += d.points / 10;
  // C14: the score adds Destruction Points and objective points one for one (a Broken 120-point detachment
  // gives its opponent more than a 100-point objective). The yardstick keeps the first version's tenth, which
  // let the search trade a detachment for an objective (docs/rulesets/epic.md, "Destruction Points count in full").
  vp += (s.sides[me].dp - s.sides[foe].dp) / (tuned ? 1 : 10);
  let pull = 0;
  if (s.objectives.length > 0) {
    const diag = hypot(s.table.width, s.table.height);
    for (const sd of [me, foe]) {
      let sum = 0;
      let n = 0;
      for (const b of s.bases) {
        if (b.side !== sd || !onTable(b)) continue;
        let best = Infinity;
        for (const o of s.objectives) best = Math.min(best, hypot(o.x - b.x, o.y - b.y));
        sum += best / diag;
        n++;
      }
      pull += (sd === me ? -1 : 1) * (n ? sum / n : 1);
    }
  }
  // C14: only victory points decide the game; strength kept counts less as the last turn nears.
  const left = Math.max(0, s.turnLimit - s.turn) / s.turnLimit;
  const v =
    1.2 * (0.4 + 0.6 * left) * (strength(s, me) - strength(s, foe)) + (0.8 * vp) / total + 0.15 * pull;
  return Math.max(-0.99, Math.min(0.99, v));
}

/**
 * The search's evaluation (contract `evaluate`): strength kept (weighing less as the last turn nears), victory
 * points as C14 scores them (objectives held or about to be, and Destruction Points, one for one), and a small
 * pull toward the objectives.
 */
export function epicEvaluate(s: EpicState, side: string): number {
  return value(s, side, true);
}

/**
 * Greedy's evaluation (contract `yardstick`), frozen as it was before the search's was tuned: Destruction Points
 * weigh a tenth of their score. Tournaments measure the search against a greedy that does not move with it.
 */
export function epicYardstick(s: EpicState, side: string): number {
  return value(s, side, false);
}

/**
 * Progressive widening (contract `variants`): a detachment's or a base's move turned a little and made a
 * little shorter or longer. Other actions have no variants. The search keeps only those `check` accepts.
 */
export function epicVariants(s: EpicState, a: EpicAction, rng: Rng): EpicAction[] {
  if (a.type === 'moveDet')
    return vectorVariants(a.dx, a.dy, rng).map((v) => ({ type: 'moveDet', det: a.det, dx: v.x, dy: v.y }));
  if (a.type === 'move') {
    const b = baseById(s, a.base);
    if (!b) return [];
    return vectorVariants(a.to.x - b.x, a.to.y - b.y, rng).map((v) => ({
      type: 'move',
      base: a.base,
      to: { x: b.x + v.x, y: b.y + v.y },
    }));
  }
  return [];
}
