/**
 * Resolution of `epic` steps that roll dice: shooting and interception fire (C4, C5), saves, PdV loss with
 * Régénération (C12, NE-U50, NE-U51), QG sacrifice (NE-U62), Elite re-rolls (NE-U37), assaults (C6),
 * morale and rout moves (C7), emergency exits (C9), Gretchins (NE-U39) and the Bizarboy (NE-U03…U29).
 * Every function draws from `ctx.rng` only and pushes one event per resolved step when `ctx.ev` is given.
 */
import type { DiceRoll, GameEvent } from '../../engine/contract';
import { rollD6Pool, rollDice, rollSave } from '../../engine/dice';
import { arcOf, inFrontHalf } from '../../engine/geometry';
import type { Message } from '../../engine/result';
import type { Rng } from '../../engine/rng';
import { BZZZT_ROWS, PROFILES, tableRow, WAAAGH_ROWS, WEAPONS } from './data';
import {
  baseDisc,
  canSee,
  canStandAt,
  contacts,
  coverMalus,
  detById,
  detOf,
  hasZoc,
  inZocOf,
  onTable,
  other,
  prof,
} from './state';
import type { EpicBase, EpicDetachment, EpicSide, EpicState, WeaponProfile } from './types';

export interface Ctx {
  s: EpicState;
  rng: Rng;
  /** Events are built only when this is given (the AI's fast path passes null). */
  ev: GameEvent[] | null;
}

export function emit(
  ctx: Ctx,
  rule: string,
  kind: string,
  en: string,
  fr: string,
  extra?: Partial<GameEvent>,
): void {
  if (ctx.ev) ctx.ev.push({ kind, rule, text: { en, fr }, ...extra });
}

const names = (b: EpicBase): Message => PROFILES[b.profile]!.name;
const nameEn = (b: EpicBase) => `${names(b).en} ${b.id}`;
const nameFr = (b: EpicBase) => `${names(b).fr} ${b.id}`;

// --- losses ----------------------------------------------------------------------------------------------

/** A snapshot of each detachment's bases and PdV before an action, to judge who is Affected (C7). */
export type LossBook = Map<string, { bases: number; pdv: number; hadLosses: boolean }>;

export function openBook(s: EpicState): LossBook {
  const book: LossBook = new Map();
  for (const d of s.dets) {
    let bases = 0;
    let pdv = 0;
    for (const b of s.bases)
      if (b.alive && b.det === d.id) {
        bases++;
        pdv += b.pdv;
      }
    book.set(d.id, { bases, pdv, hadLosses: d.lostPdv > 0 });
  }
  return book;
}

/** Removes a base: emergency exits for what it carried (C9), Gretchins left alone (NE-U39). */
export function kill(ctx: Ctx, b: EpicBase, rule: string): void {
  if (!b.alive) return;
  const det = detOf(ctx.s, b);
  det.lostPdv += b.pdv;
  b.pdv = 0;
  b.alive = false;
  emit(ctx, rule, 'destroyed', `${nameEn(b)} is destroyed.`, `${nameFr(b)} est détruit.`, {
    units: [b.id],
    side: b.side,
  });
  if (prof(b).abilities.transport) emergencyExit(ctx, b);
  gretchinsCheck(ctx, det);
}

/** NE-U39: when every non-Gretchin base of a linked detachment is dead, its Gretchins are removed at once. */
function gretchinsCheck(ctx: Ctx, det: EpicDetachment): void {
  const alive = ctx.s.bases.filter((b) => b.alive && b.det === det.id);
  if (alive.length === 0 || alive.some((b) => !prof(b).abilities.gretchin)) return;
  for (const g of alive) {
    if (!g.alive) continue; // already removed by the check its fellow Gretchin's death ran
    emit(
      ctx,
      'NE-U39',
      'gretchins',
      `${nameEn(g)} flees: no Ork left in its detachment.`,
      `${nameFr(g)} s'enfuit : plus aucun Ork dans son détachement.`,
      { units: [g.id] },
    );
    kill(ctx, g, 'NE-U39');
  }
}

/** C9: each base carried by a destroyed transport survives on 4+, placed inside the transport's former ZOC. */
function emergencyExit(ctx: Ctx, t: EpicBase): void {
  for (const b of ctx.s.bases) {
    if (!b.alive || b.carriedBy !== t.id) continue;
    const die = ctx.rng.die(6);
    const dice: DiceRoll[] = [{ label: 'emergency exit', sides: 6, dice: [die], target: 4 }];
    b.carriedBy = null;
    const spot = die >= 4 ? freeSpotNear(ctx.s, b, t.x, t.y, 3.75 + prof(t).radius) : null;
    if (spot) {
      b.x = spot.x;
      b.y = spot.y;
      emit(
        ctx,
        'C9',
        'emergencyExit',
        `${nameEn(b)} escapes the wreck (${die}).`,
        `${nameFr(b)} s'extrait de l'épave (${die}).`,
        { dice, units: [b.id] },
      );
    } else {
      b.x = t.x;
      b.y = t.y;
      emit(
        ctx,
        'C9',
        'emergencyExit',
        `${nameEn(b)} does not get out (${die}).`,
        `${nameFr(b)} ne s'en sort pas (${die}).`,
        { dice, units: [b.id] },
      );
      kill(ctx, b, 'C9');
    }
  }
}

/** A free spot for base `b` within `radius` of (x, y): on the table, standable, overlapping nothing. */
export function freeSpotNear(
  s: EpicState,
  b: EpicBase,
  x: number,
  y: number,
  radius: number,
): { x: number; y: number } | null {
  const r = prof(b).radius;
  for (let ring = 1; ring <= 3; ring++) {
    const d = (radius * ring) / 3;
    for (let k = 0; k < 12; k++) {
      const a = (k * Math.PI) / 6;
      const px = x + Math.cos(a) * d;
      const py = y + Math.sin(a) * d;
      if (px < r || py < r || px > s.table.width - r || py > s.table.height - r) continue;
      if (!canStandAt(s, b, px, py)) continue;
      if (s.bases.some((o) => o !== b && onTable(o) && Math.hypot(o.x - px, o.y - py) < r + prof(o).radius))
        continue;
      return { x: px, y: py };
    }
  }
  return null;
}

/** C12: the Médiko (classes 1–2) or Mékano (classes 3+) within 6 cm that gives `b` Régénération (5+). */
function regenSource(s: EpicState, b: EpicBase): EpicBase | null {
  const big = prof(b).cls >= 3;
  for (const o of s.bases) {
    if (o === b || o.side !== b.side || !onTable(o)) continue;
    const a = prof(o).abilities;
    if ((big ? a.mekano : a.mediko) && Math.hypot(o.x - b.x, o.y - b.y) <= 6) return o;
  }
  return null;
}

/**
 * `b` would lose `n` PdV. Régénération (C12) rolls a D6 per PdV (5+, −1 in an assault); all 1s make
 * Dingboyz near a Médiko (NE-U50) or an explosion near a Mékano (NE-U51).
 */
export function losePdv(ctx: Ctx, b: EpicBase, n: number, assault: boolean, rule: string): void {
  if (!b.alive || n <= 0) return;
  const src = b.carriedBy === null ? regenSource(ctx.s, b) : null;
  let lost = n;
  if (src) {
    const dice = rollDice(ctx.rng, n, 6);
    const target = assault ? 6 : 5;
    lost = dice.filter((d) => d < target).length;
    const roll: DiceRoll[] = [{ label: 'regeneration', sides: 6, dice, target }];
    emit(
      ctx,
      'C12',
      'regeneration',
      `${nameEn(b)} regenerates ${n - lost} of ${n} PdV near ${nameEn(src)}.`,
      `${nameFr(b)} régénère ${n - lost} PdV sur ${n} près de ${nameFr(src)}.`,
      { dice: roll, units: [b.id, src.id] },
    );
    if (dice.every((d) => d === 1)) {
      if (prof(src).abilities.mediko) makeDingboyz(ctx, b, src);
      else mekanoExplosion(ctx, b);
      return;
    }
  }
  if (lost <= 0) return;
  const det = detOf(ctx.s, b);
  if (lost >= b.pdv) {
    kill(ctx, b, rule);
    return;
  }
  b.pdv -= lost;
  det.lostPdv += lost;
  emit(
    ctx,
    'NE-U56',
    'wounded',
    `${nameEn(b)} loses ${lost} PdV (${b.pdv} left).`,
    `${nameFr(b)} perd ${lost} PdV (il en reste ${b.pdv}).`,
    { units: [b.id] },
  );
}

/** NE-U50: the base does not lose those PdV; it becomes Dingboyz at full PdV, linked to the Médiko. */
function makeDingboyz(ctx: Ctx, b: EpicBase, mediko: EpicBase): void {
  b.profile = 'dingboyz';
  b.pdv = PROFILES.dingboyz!.pdv;
  b.det = mediko.det;
  emit(
    ctx,
    'NE-U50',
    'dingboyz',
    `${b.id} rolled only 1s: it becomes Dingboyz linked to ${nameEn(mediko)}.`,
    `${b.id} n'a fait que des 1 : il devient Dingboyz, lié à ${nameFr(mediko)}.`,
    { units: [b.id, mediko.id] },
  );
}

/** NE-U51: a 6 cm template on the base; every base under it is hit on 5+ at PA 0; the base is removed. */
function mekanoExplosion(ctx: Ctx, b: EpicBase): void {
  emit(
    ctx,
    'NE-U51',
    'explosion',
    `${nameEn(b)} rolled only 1s: it explodes!`,
    `${nameFr(b)} n'a fait que des 1 : il explose !`,
    { units: [b.id] },
  );
  const x = b.x;
  const y = b.y;
  kill(ctx, b, 'NE-U51');
  for (const o of ctx.s.bases) {
    if (!onTable(o) || Math.hypot(o.x - x, o.y - y) > 3) continue;
    const hit = ctx.rng.die(6);
    if (hit >= 5)
      saveOrLose(ctx, o, 0, false, 'NE-U51', [{ label: 'to hit', sides: 6, dice: [hit], target: 5 }]);
  }
}

const isElite = (b: EpicBase): boolean => (prof(b).abilities.elite ?? 0) > 0;

/**
 * One hit on `b` at armour penetration `pa`: D6 + PA ≥ save (C4), an Elite base re-rolls a failed save
 * from its army's pool (NE-U37, ASSUMPTION: always), then PdV loss.
 */
export function saveOrLose(
  ctx: Ctx,
  b: EpicBase,
  pa: number,
  assault: boolean,
  rule: string,
  pre: DiceRoll[] = [],
): boolean {
  if (!b.alive) return false;
  const save = prof(b).save;
  let r = rollSave(ctx.rng, { save, modifier: pa });
  const dice: DiceRoll[] = [...pre, { label: 'save', sides: 6, dice: [r.die], target: save - pa }];
  const pool = ctx.s.sides[b.side];
  if (!r.success && isElite(b) && pool.elitePool > 0 && save - pa <= 6) {
    pool.elitePool--;
    const old = r.die;
    r = rollSave(ctx.rng, { save, modifier: pa });
    dice[dice.length - 1] = {
      label: 'save',
      sides: 6,
      dice: [r.die],
      target: save - pa,
      rerolled: [[0, old]],
    };
    emit(
      ctx,
      'NE-U37',
      'eliteReroll',
      `Elite re-roll of ${nameEn(b)}'s save (${pool.elitePool} left).`,
      `Relance Elite de la sauvegarde de ${nameFr(b)} (il en reste ${pool.elitePool}).`,
      { units: [b.id], side: b.side },
    );
  }
  if (r.success) {
    emit(ctx, 'C4', 'saved', `${nameEn(b)} saves (${r.die}).`, `${nameFr(b)} sauvegarde (${r.die}).`, {
      dice,
      units: [b.id],
    });
    return false;
  }
  emit(ctx, 'C4', 'unsaved', `${nameEn(b)} fails its save.`, `${nameFr(b)} rate sa sauvegarde.`, {
    dice,
    units: [b.id],
  });
  losePdv(ctx, b, 1, assault, rule);
  return true;
}

// --- shooting ----------------------------------------------------------------------------------------------

export interface FireOptions {
  /** C5: interception fire: −1 to hit unless exempt, re-roll 1s. */
  interception: boolean;
  /** C5: contre-charge: the targets are charging the firers: no −1. */
  counterCharge: boolean;
  /** C1: Sans ordre holding: Snap Fire −1. */
  snap: boolean;
  /** NE-U37: Elite re-rolls the shooter is willing to spend on missed dice (one per base). */
  elite: number;
  /** Where each target base stands mid-move (interception); absent = where it is. */
  at?: Map<string, { x: number; y: number }>;
  rule: string;
}

/** The weapons of a base that can reach `t` (range centre to centre, LOS, arc: C4). */
export function weaponsInReach(
  s: EpicState,
  a: EpicBase,
  t: EpicBase,
  at?: { x: number; y: number },
): WeaponProfile[] {
  const tx = at ? at.x : t.x;
  const ty = at ? at.y : t.y;
  const d = Math.hypot(tx - a.x, ty - a.y);
  const out: WeaponProfile[] = [];
  for (const id of prof(a).weapons) {
    const w = WEAPONS[id]!;
    if (d <= w.range) out.push(w);
  }
  if (out.length === 0) return out;
  // C4: classes 3+ fire in their front 180°.
  if (prof(a).cls >= 3 && !inFrontHalf(a.facing, a, { x: tx, y: ty })) return [];
  if (!canSee(s, a, t, at)) return [];
  return out;
}

/** C4: the to-hit modifiers against a target base, one line each. */
export function toHitModifiers(
  ctx: Ctx | { s: EpicState },
  a: EpicBase,
  t: EpicBase,
  o: Pick<FireOptions, 'interception' | 'counterCharge' | 'snap'>,
  at?: { x: number; y: number },
) {
  const s = ctx.s;
  const lines: { label: Message; value: number }[] = [];
  if (o.interception && !o.counterCharge) {
    const pos = at ?? t;
    const inZoc = hasZoc(s, a) && inZocOf(pos.x, pos.y, prof(t).radius, a);
    if (!inZoc)
      lines.push({ label: { en: 'interception fire (C5)', fr: "tir d'interception (C5)" }, value: -1 });
  }
  if (o.snap)
    lines.push({ label: { en: 'snap fire, no order (C1)', fr: 'tir réflexe, sans ordre (C1)' }, value: -1 });
  const cover = at ? coverMalus(s, { ...t, x: at.x, y: at.y }) : coverMalus(s, t);
  if (cover > 0)
    lines.push({
      label:
        cover === 2
          ? { en: 'heavy cover (C4)', fr: 'couvert lourd (C4)' }
          : { en: 'light cover (C4)', fr: 'couvert léger (C4)' },
      value: -cover,
    });
  if (!at && contacts(s, t).length > 0)
    lines.push({
      label: { en: 'target engaged in an assault (C4)', fr: 'cible engagée dans un assaut (C4)' },
      value: -1,
    });
  return lines;
}

/** C4: extra −1 PA for flank or rear shots at a vehicle (class 3+). */
export const arcPa = (a: EpicBase, t: EpicBase): number =>
  prof(t).cls >= 3 && arcOf(t.facing, t, a) !== 'front' ? -1 : 0;

/**
 * Resolves the fire of `firers` at detachment `target`. Each firing base sends every die of each weapon in
 * reach at the nearest base of the target it can reach (ASSUMPTION: allocation to the nearest). To-hit with
 * the weapon's value worsened by the modifiers; Tir Appuyé and interception re-roll 1s; saves; PdV.
 * Returns the number of hits.
 */
export function resolveFire(
  ctx: Ctx,
  firers: EpicBase[],
  target: string,
  o: FireOptions,
  reRollOnes: (b: EpicBase) => boolean,
): number {
  const s = ctx.s;
  const qgDeaths: EpicBase[] = [];
  type Hit = { t: EpicBase; pa: number; dice: DiceRoll };
  const hits: Hit[] = [];
  let eliteLeft = Math.min(o.elite, s.sides[firers[0]?.side ?? 'blue'].elitePool);
  for (const a of firers) {
    // Allocation: the nearest reachable base of the target detachment.
    let best: EpicBase | null = null;
    let bestD = Infinity;
    let bestW: WeaponProfile[] = [];
    for (const t of s.bases) {
      // A base disembarking under interception fire is still aboard but stands where `at` says (C5).
      if (t.det !== target || !t.alive || (t.carriedBy !== null && !o.at?.has(t.id))) continue;
      const at = o.at?.get(t.id);
      const d = Math.hypot((at?.x ?? t.x) - a.x, (at?.y ?? t.y) - a.y);
      if (d >= bestD) continue;
      const ws = weaponsInReach(s, a, t, at);
      if (ws.length === 0) continue;
      best = t;
      bestD = d;
      bestW = ws;
    }
    if (!best) continue;
    const at = o.at?.get(best.id);
    const mods = toHitModifiers(ctx, a, best, o, at);
    const malus = mods.reduce((m, l) => m - l.value, 0);
    const ones = o.interception || reRollOnes(a);
    let eliteUsed = false;
    for (const w of bestW) {
      const target = w.toHit + malus;
      const roll = rollD6Pool(ctx.rng, { dice: w.attacks, target, reroll: ones ? 'ones' : 'none' });
      let successes = roll.successes;
      const rerolled = [...roll.rerolled];
      const extra = [...roll.extra];
      /** Whether die i hits: a natural value ≥ target, or under 7+…9+ a 6 then the second die (C4). */
      const hit = (i: number): boolean =>
        target <= 6
          ? roll.rolls[i]! >= target
          : roll.rolls[i] === 6 && (extra.find(([j]) => j === i)?.[1] ?? 0) >= target - 3;
      // NE-U37: one missed die per Elite base, from the pool, never a die already re-rolled.
      if (!eliteUsed && eliteLeft > 0 && isElite(a) && successes < w.attacks && target <= 9) {
        const idx = roll.rolls.findIndex((_, i) => !rerolled.some(([j]) => j === i) && !hit(i));
        if (idx >= 0) {
          eliteUsed = true;
          eliteLeft--;
          s.sides[a.side].elitePool--;
          const again = rollD6Pool(ctx.rng, { dice: 1, target });
          rerolled.push([idx, roll.rolls[idx]!]);
          roll.rolls[idx] = again.rolls[0]!;
          for (let k = extra.length - 1; k >= 0; k--) if (extra[k]![0] === idx) extra.splice(k, 1);
          for (const [, second] of again.extra) extra.push([idx, second]);
          if (again.successes > 0) successes++;
          emit(
            ctx,
            'NE-U37',
            'eliteReroll',
            `Elite re-roll for ${nameEn(a)} (${s.sides[a.side].elitePool} left in the pool).`,
            `Relance Elite pour ${nameFr(a)} (il en reste ${s.sides[a.side].elitePool}).`,
            { units: [a.id], side: a.side },
          );
        }
      }
      const dice: DiceRoll = {
        label: 'to hit',
        sides: 6,
        dice: roll.rolls,
        target,
        rerolled,
        modifiers: mods,
      };
      const rolls: DiceRoll[] = [dice];
      // Under 7+…9+ every 6 rolls a second die needing target − 3: show those dice too (C4).
      if (extra.length > 0)
        rolls.push({
          label: 'to hit, second die after a 6',
          sides: 6,
          dice: extra.map(([, d]) => d),
          target: target - 3,
        });
      emit(
        ctx,
        o.rule,
        'fire',
        `${nameEn(a)} fires ${w.name.en} at ${nameEn(best)}: ${successes} hit(s) on ${target}+.`,
        `${nameFr(a)} tire (${w.name.fr}) sur ${nameFr(best)} : ${successes} touche(s) à ${target}+.`,
        { dice: rolls, units: [a.id, best.id], side: a.side },
      );
      for (let k = 0; k < successes; k++) hits.push({ t: best, pa: w.pa + arcPa(a, best), dice });
    }
  }
  for (const h of hits) {
    const wasAlive = h.t.alive;
    saveOrLose(ctx, h.t, h.pa, false, o.rule);
    if (wasAlive && !h.t.alive && prof(h.t).abilities.qg) qgDeaths.push(h.t);
  }
  // NE-U62: after all saves and casualties, a QG that died may be saved by sacrificing a same-class base within 6 cm.
  for (const q of qgDeaths) {
    const victim = s.bases.find(
      (v) =>
        v.alive &&
        v.side === q.side &&
        v !== q &&
        onTable(v) &&
        prof(v).cls === prof(q).cls &&
        Math.hypot(v.x - q.x, v.y - q.y) <= 6,
    );
    if (!victim) continue;
    q.alive = true;
    q.pdv = 1;
    detOf(s, q).lostPdv -= 1;
    emit(
      ctx,
      'NE-U62',
      'qgSacrifice',
      `${nameEn(victim)} gives its life for ${nameEn(q)}.`,
      `${nameFr(victim)} se sacrifie pour ${nameFr(q)}.`,
      { units: [victim.id, q.id], side: q.side },
    );
    kill(ctx, victim, 'NE-U62');
  }
  return hits.length;
}

// --- morale ------------------------------------------------------------------------------------------------

/** C7: after an action, every detachment that lost at least half its bases or PdV tests morale. */
export function closeBook(ctx: Ctx, book: LossBook): Set<string> {
  const tested = new Set<string>();
  for (const d of ctx.s.dets) {
    const before = book.get(d.id);
    if (!before || before.bases === 0) continue;
    let bases = 0;
    let pdv = 0;
    for (const b of ctx.s.bases)
      if (b.alive && b.det === d.id) {
        bases++;
        pdv += b.pdv;
      }
    if (bases === 0) continue;
    const affected = before.bases - bases >= before.bases / 2 || before.pdv - pdv >= before.pdv / 2;
    if (affected) {
      tested.add(d.id);
      moraleTest(ctx, d, before.hadLosses);
    }
  }
  return tested;
}

/**
 * C7: 2D6 (+1 with no losses yet, + Waaagh!) ≥ morale value passes; a failure routs the detachment, with
 * its immediate move unless `rally` (a failed rally keeps it on Retraite where it stands).
 */
export function moraleTest(ctx: Ctx, d: EpicDetachment, hadLosses: boolean, rally = false): boolean {
  if (d.morale === null) return true; // NE-U71-style Sans moral: never tests.
  if (d.routed) return false;
  const dice = rollDice(ctx.rng, 2, 6);
  const bonus = (hadLosses ? 0 : 1) + (d.waaagh?.morale ?? 0);
  const total = dice[0]! + dice[1]! + bonus;
  const pass = total >= d.morale;
  const roll: DiceRoll = { label: 'morale', sides: 6, dice, target: d.morale - bonus };
  emit(
    ctx,
    'C7',
    'morale',
    `${d.name.en} tests morale: ${total} against ${d.morale}: ${pass ? 'passed' : 'failed, it routs'}.`,
    `${d.name.fr} teste son moral : ${total} contre ${d.morale} : ${pass ? 'réussi' : 'raté, il bat en retraite'}.`,
    { dice: [roll], side: d.side },
  );
  if (!pass && !rally) rout(ctx, d);
  return pass;
}

/**
 * C7: a failed test turns the order into Retraite and makes an immediate move of up to 25 cm away from the
 * enemy (ASSUMPTION: straight away from the nearest enemy base, as far as it can stand); a base left in an
 * enemy ZOC is destroyed.
 */
export function rout(ctx: Ctx, d: EpicDetachment): void {
  const s = ctx.s;
  d.routed = true;
  d.order = 'retraite';
  d.revealed = true;
  for (const b of s.bases) {
    if (b.det !== d.id || !onTable(b)) continue;
    const foe = nearestEnemy(s, b);
    if (foe) {
      const len = Math.hypot(b.x - foe.x, b.y - foe.y) || 1;
      const ux = (b.x - foe.x) / len;
      const uy = (b.y - foe.y) / len;
      const r = prof(b).radius;
      for (let dist = 25; dist >= 0; dist -= 5) {
        const x = Math.min(s.table.width - r, Math.max(r, b.x + ux * dist));
        const y = Math.min(s.table.height - r, Math.max(r, b.y + uy * dist));
        if (!canStandAt(s, b, x, y)) continue;
        if (s.bases.some((o) => o !== b && onTable(o) && Math.hypot(o.x - x, o.y - y) < r + prof(o).radius))
          continue;
        b.x = x;
        b.y = y;
        b.facing = Math.atan2(uy, ux);
        break;
      }
      carryAlong(s, b);
    }
    const trapped = s.bases.some(
      (z) => z.side !== b.side && onTable(z) && hasZoc(s, z) && inZocOf(b.x, b.y, prof(b).radius, z),
    );
    if (trapped) {
      emit(
        ctx,
        'C7',
        'trapped',
        `${nameEn(b)} cannot get out of an enemy zone of control.`,
        `${nameFr(b)} ne peut sortir d'une zone de contrôle ennemie.`,
        { units: [b.id] },
      );
      kill(ctx, b, 'C7');
    }
  }
}

export function nearestEnemy(s: EpicState, b: { x: number; y: number; side: EpicSide }): EpicBase | null {
  let best: EpicBase | null = null;
  let bestD = Infinity;
  for (const o of s.bases) {
    if (o.side === b.side || !onTable(o)) continue;
    const d = Math.hypot(o.x - b.x, o.y - b.y);
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return best;
}

/** Bases carried by a transport ride along with it. */
export function carryAlong(s: EpicState, t: EpicBase): void {
  if (!prof(t).abilities.transport) return;
  for (const c of s.bases)
    if (c.alive && c.carriedBy === t.id) {
      c.x = t.x;
      c.y = t.y;
    }
}

// --- assault -----------------------------------------------------------------------------------------------

/** C6: every base linked by base contact to `start`, both sides. */
export function assaultGroup(s: EpicState, start: EpicBase): EpicBase[] {
  const seen = new Set([start.id]);
  const out = [start];
  for (let i = 0; i < out.length; i++)
    for (const o of contacts(s, out[i]!))
      if (!seen.has(o.id)) {
        seen.add(o.id);
        out.push(o);
      }
  return out;
}

/** C6 FA: profile + Waaagh! bonus (NE-U23) − 2 on Retraite (C7). */
function fa(s: EpicState, b: EpicBase): number {
  const d = detOf(s, b);
  return prof(b).fa + (d.waaagh?.fa ?? 0) - (d.order === 'retraite' && (d.revealed || d.routed) ? 2 : 0);
}

/**
 * C6: resolves one whole assault. Each pair in contact rolls 2D6 + FA (+1D6 per earlier duel against the
 * same base: outnumbering); the loser loses 1 PdV with no save; effects are simultaneous. The side that lost
 * fewer PdV wins (a tie goes to `activator`); losers that were Affected test morale, the others regroup
 * 10 cm away (ASSUMPTION: straight away from the nearest winner).
 */
export function resolveAssault(ctx: Ctx, start: EpicBase, activator: EpicSide): EpicBase[] {
  const s = ctx.s;
  const group = assaultGroup(s, start);
  const book = openBook(s);
  const losses: EpicBase[] = [];
  const seen = new Set<string>();
  for (const a of group) {
    if (a.side !== 'blue') continue;
    const opp = contacts(s, a).sort((x, y) => (x.id < y.id ? -1 : 1));
    for (const b of opp) {
      const key = `${a.id}|${b.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const bOpp = contacts(s, b).sort((x, y) => (x.id < y.id ? -1 : 1));
      const aExtra = bOpp.findIndex((x) => x.id === a.id); // a's side outnumbers b
      const bExtra = opp.findIndex((x) => x.id === b.id);
      const aDice = duelDice(ctx, a, 2 + Math.max(0, aExtra));
      const bDice = duelDice(ctx, b, 2 + Math.max(0, bExtra));
      const aTot = sum(aDice.dice) + fa(s, a);
      const bTot = sum(bDice.dice) + fa(s, b);
      // NE-U37: an Elite base losing the duel re-rolls its lowest die from the pool (ASSUMPTION: always).
      const [fa2, fb2] = [eliteDuel(ctx, a, aDice, aTot < bTot), eliteDuel(ctx, b, bDice, bTot < aTot)];
      const aT = sum(fa2.dice) + fa(s, a);
      const bT = sum(fb2.dice) + fa(s, b);
      const loser = aT > bT ? b : bT > aT ? a : null;
      if (loser) losses.push(loser);
      emit(
        ctx,
        'C6',
        'duel',
        `Duel ${nameEn(a)} ${aT} against ${nameEn(b)} ${bT}: ${loser ? `${nameEn(loser)} loses` : 'a tie'}.`,
        `Duel ${nameFr(a)} ${aT} contre ${nameFr(b)} ${bT} : ${loser ? `${nameFr(loser)} perd` : 'égalité'}.`,
        { dice: [fa2, fb2], units: [a.id, b.id] },
      );
    }
  }
  const lost: Record<EpicSide, number> = { blue: 0, red: 0 };
  for (const l of losses) lost[l.side]++;
  for (const l of losses) losePdv(ctx, l, 1, true, 'C6');
  const winner: EpicSide = lost.blue < lost.red ? 'blue' : lost.red < lost.blue ? 'red' : activator;
  const loser = other(winner);
  emit(
    ctx,
    'C6',
    'assaultResult',
    `Assault won by ${s.sides[winner].name.en} (PdV lost: ${lost[winner]} against ${lost[loser]}).`,
    `Assaut remporté par ${s.sides[winner].name.fr} (PdV perdus : ${lost[winner]} contre ${lost[loser]}).`,
    { side: winner },
  );
  // Losers: Affected ones test (C7); the others regroup 10 cm away.
  const loserDets = new Set(group.filter((b) => b.side === loser).map((b) => b.det));
  const tested = closeBook(ctx, book);
  for (const id of loserDets) {
    const d = detById(s, id)!;
    if (d.routed || tested.has(id)) continue;
    for (const b of s.bases) if (b.det === id && onTable(b) && contacts(s, b).length > 0) regroup(ctx, b, 10);
  }
  return group;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function duelDice(ctx: Ctx, b: EpicBase, n: number): DiceRoll {
  return {
    label: `assault ${b.id}`,
    sides: 6,
    dice: rollDice(ctx.rng, n, 6),
    modifiers: [{ label: { en: 'FA', fr: 'FA' }, value: fa(ctx.s, b) }],
  };
}

function eliteDuel(ctx: Ctx, b: EpicBase, roll: DiceRoll, losing: boolean): DiceRoll {
  const pool = ctx.s.sides[b.side];
  if (!losing || !isElite(b) || pool.elitePool <= 0) return roll;
  pool.elitePool--;
  const i = roll.dice.indexOf(Math.min(...roll.dice));
  const dice = [...roll.dice];
  const old = dice[i]!;
  dice[i] = ctx.rng.die(6);
  emit(
    ctx,
    'NE-U37',
    'eliteReroll',
    `Elite re-roll of one assault die for ${nameEn(b)}.`,
    `Relance Elite d'un dé d'assaut pour ${nameFr(b)}.`,
    { units: [b.id], side: b.side },
  );
  return { ...roll, dice, rerolled: [[i, old]] };
}

/** C6: a losing base moves up to `dist` cm straight away from the nearest enemy, where it can stand. */
function regroup(ctx: Ctx, b: EpicBase, dist: number): void {
  const s = ctx.s;
  const foe = nearestEnemy(s, b);
  if (!foe) return;
  const len = Math.hypot(b.x - foe.x, b.y - foe.y) || 1;
  const r = prof(b).radius;
  for (let d = dist; d > 0; d -= 2.5) {
    const x = Math.min(s.table.width - r, Math.max(r, b.x + ((b.x - foe.x) / len) * d));
    const y = Math.min(s.table.height - r, Math.max(r, b.y + ((b.y - foe.y) / len) * d));
    if (!canStandAt(s, b, x, y)) continue;
    if (s.bases.some((o) => o !== b && onTable(o) && Math.hypot(o.x - x, o.y - y) < r + prof(o).radius + 0.1))
      continue;
    b.x = x;
    b.y = y;
    carryAlong(s, b);
    emit(ctx, 'C6', 'regroup', `${nameEn(b)} falls back ${d} cm.`, `${nameFr(b)} recule de ${d} cm.`, {
      units: [b.id],
    });
    return;
  }
}

/** C6 disengaging: each enemy base in contact gets one hit with no save: 6+ (FA < 7), 5+ (7–12), 4+ (13+). */
export function disengage(ctx: Ctx, b: EpicBase): void {
  for (const o of contacts(ctx.s, b)) {
    const f = fa(ctx.s, o);
    const target = f >= 13 ? 4 : f >= 7 ? 5 : 6;
    const die = ctx.rng.die(6);
    emit(
      ctx,
      'C6',
      'disengage',
      `${nameEn(o)} strikes ${nameEn(b)} as it disengages: ${die} against ${target}+.`,
      `${nameFr(o)} frappe ${nameFr(b)} qui se désengage : ${die} contre ${target}+.`,
      { dice: [{ label: 'disengage', sides: 6, dice: [die], target }], units: [o.id, b.id] },
    );
    if (die >= target) losePdv(ctx, b, 1, true, 'C6');
  }
}

// --- the Bizarboy ---------------------------------------------------------------------------------------

/**
 * NE-U03…U07: energy from allied Ork bases within 25 cm (the Bizarboy itself excluded): class 1 gives 1,
 * classes 2–4 give ½ (Gretchins 0), rounded down at the total. Each Bizarboy counts every source in full.
 */
export function energyOf(s: EpicState, bb: EpicBase): number {
  const pos = bb.carriedBy ? (s.bases.find((t) => t.id === bb.carriedBy) ?? bb) : bb;
  let e = 0;
  for (const o of s.bases) {
    if (!o.alive || o === bb || o.side !== bb.side) continue;
    const p = prof(o);
    if (p.race !== 'ork' || p.abilities.gretchin) continue;
    if (Math.hypot(o.x - pos.x, o.y - pos.y) > 25) continue;
    e += p.cls === 1 ? 1 : p.cls <= 4 ? 0.5 : 0;
  }
  return Math.floor(e);
}

/**
 * NE-U08: above 20 energy, a D6 of 1 makes the Bizarboy explode: it is destroyed and every base within
 * 2D6 cm saves at the Bzzzt! row's PA. Returns false when the power is lost.
 */
export function overload(ctx: Ctx, bb: EpicBase, energy: number): boolean {
  if (energy <= 20) return true;
  const die = ctx.rng.die(6);
  emit(
    ctx,
    'NE-U08',
    'overload',
    `${nameEn(bb)} channels ${energy} energy: overload roll ${die}.`,
    `${nameFr(bb)} canalise ${energy} points d'énergie : jet de surcharge ${die}.`,
    { dice: [{ label: 'overload', sides: 6, dice: [die], target: 2 }], units: [bb.id] },
  );
  if (die !== 1) return true;
  const radiusDice = rollDice(ctx.rng, 2, 6);
  const radius = radiusDice[0]! + radiusDice[1]!;
  const pa = tableRow(BZZZT_ROWS, energy)!.pa;
  const x = bb.x;
  const y = bb.y;
  emit(
    ctx,
    'NE-U08',
    'explosion',
    `${nameEn(bb)} explodes! Every base within ${radius} cm is hit at PA ${pa}.`,
    `${nameFr(bb)} explose ! Tout socle à ${radius} cm ou moins est touché, PA ${pa}.`,
    { dice: [{ label: 'radius', sides: 6, dice: radiusDice }], units: [bb.id] },
  );
  kill(ctx, bb, 'NE-U08');
  for (const o of ctx.s.bases)
    if (onTable(o) && Math.hypot(o.x - x, o.y - y) <= radius) saveOrLose(ctx, o, pa, false, 'NE-U08');
  return false;
}

/** NE-U09…U15: Bzzzt!, a ranged psychic attack from the energy row; armour saves (ASSUMPTION: physical). */
export function bzzzt(ctx: Ctx, bb: EpicBase, target: string): void {
  const s = ctx.s;
  const energy = energyOf(s, bb);
  const row = tableRow(BZZZT_ROWS, energy)!;
  emit(
    ctx,
    row.id,
    'bzzzt',
    `${nameEn(bb)} calls Bzzzt! with ${energy} energy: ${row.attacks} dice, ${row.range} cm, ${row.toHit}+, PA ${row.pa}.`,
    `${nameFr(bb)} lance Bzzzt ! avec ${energy} points d'énergie : ${row.attacks} dés, ${row.range} cm, ${row.toHit}+, PA ${row.pa}.`,
    { units: [bb.id], side: bb.side },
  );
  if (!overload(ctx, bb, energy)) return;
  let best: EpicBase | null = null;
  let bestD = Infinity;
  for (const t of s.bases) {
    if (t.det !== target || !onTable(t)) continue;
    const d = Math.hypot(t.x - bb.x, t.y - bb.y);
    if (d <= row.range && d < bestD && canSee(s, bb, t)) {
      best = t;
      bestD = d;
    }
  }
  if (!best) return;
  const d = detOf(s, bb);
  const mods = toHitModifiers(ctx, bb, best, { interception: false, counterCharge: false, snap: false });
  const toHit = row.toHit - mods.reduce((m, l) => m + l.value, 0);
  const roll = rollD6Pool(ctx.rng, {
    dice: row.attacks,
    target: toHit,
    reroll: d.order === 'tirAppuye' && bb.moved === 0 ? 'ones' : 'none',
  });
  emit(
    ctx,
    row.id,
    'fire',
    `Bzzzt! strikes ${nameEn(best)}: ${roll.successes} hit(s).`,
    `Bzzzt ! frappe ${nameFr(best)} : ${roll.successes} touche(s).`,
    {
      dice: [
        {
          label: 'to hit',
          sides: 6,
          dice: roll.rolls,
          target: toHit,
          rerolled: roll.rerolled,
          modifiers: mods,
        },
      ],
      units: [bb.id, best.id],
    },
  );
  for (let k = 0; k < roll.successes; k++) saveOrLose(ctx, best, row.pa, false, row.id);
}

/** NE-U23…U29: Waaagh!: friendly detachments with a base within 20 cm get the row's morale and FA bonus. */
export function waaagh(ctx: Ctx, bb: EpicBase): void {
  const s = ctx.s;
  const energy = energyOf(s, bb);
  const row = tableRow(WAAAGH_ROWS, energy)!;
  if (!overload(ctx, bb, energy)) return;
  const pos = bb.carriedBy ? (s.bases.find((t) => t.id === bb.carriedBy) ?? bb) : bb;
  const dets = new Set<string>();
  for (const o of s.bases)
    if (o.alive && o.side === bb.side && Math.hypot(o.x - pos.x, o.y - pos.y) <= 20) dets.add(o.det);
  for (const id of dets) {
    const d = detById(s, id)!;
    d.waaagh = {
      morale: Math.max(d.waaagh?.morale ?? 0, row.morale),
      fa: Math.max(d.waaagh?.fa ?? 0, row.fa),
    };
  }
  emit(
    ctx,
    row.id,
    'waaagh',
    `${nameEn(bb)} calls Waaagh! (${energy} energy): morale +${row.morale}, FA +${row.fa} for ${dets.size} detachment(s).`,
    `${nameFr(bb)} lance Waaagh ! (${energy} points) : moral +${row.morale}, FA +${row.fa} pour ${dets.size} détachement(s).`,
    { units: [bb.id], side: bb.side },
  );
}

export { baseDisc };
