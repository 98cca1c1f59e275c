/**
 * Resolution of `epic` steps that roll dice: shooting and interception fire (C4, C5), saves, PdV loss with
 * Régénération (C12, NE-U50, NE-U51), QG sacrifice (NE-U62), Elite re-rolls (NE-U37), assaults (C6),
 * morale and rout moves (C7), emergency exits (C9), Gretchins (NE-U39) and the Bizarboy (NE-U03…U29).
 * Every function draws from `ctx.rng` only and pushes one event per resolved step when `ctx.ev` is given.
 */

import type { DiceRoll, GameEvent } from '../../engine/contract';
import { rollD6Pool, rollDice, rollSave, rollScatterDice } from '../../engine/dice';
import { atan2, cos, hypot, sin } from '../../engine/dmath';
import { arcOf, inFrontHalf } from '../../engine/geometry';
import type { Message } from '../../engine/result';
import type { StepContext } from '../../engine/ruleset-kit';
import {
  BZZZT_ROWS,
  LOCATION_CHARTS,
  LOCATION_NAMES,
  ONYVA_ROWS,
  PROFILES,
  tableRow,
  WAAAGH_ROWS,
  WEAPONS,
} from './data';
import {
  auraFrom,
  baseDisc,
  canSee,
  canStandAt,
  contacts,
  coverMalus,
  detById,
  detOf,
  hasZoc,
  inContact,
  inOpenTop,
  inZocOf,
  locDamage,
  onTable,
  other,
  overTerrainNeedingSkim,
  prof,
  weapon,
} from './state';
import type {
  EpicBase,
  EpicDetachment,
  EpicSide,
  EpicState,
  LocationKind,
  OffTableFormation,
  PowerProfile,
  UnitProfile,
  WeaponProfile,
} from './types';

/** The step context of src/engine/ruleset-kit.ts, plus the wrecks of one shooting (NE-U86). */
export interface Ctx extends StepContext<EpicState> {
  /** NE-U86: transports destroyed during one shooting, whose emergency exits wait for the random allocation. */
  wrecks?: { t: EpicBase; pdv: number }[] | null;
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
  const pdv = b.pdv;
  det.lostPdv += b.pdv;
  b.pdv = 0;
  b.alive = false;
  emit(ctx, rule, 'destroyed', `${nameEn(b)} is destroyed.`, `${nameFr(b)} est détruit.`, {
    units: [b.id],
    side: b.side,
  });
  if (prof(b).abilities.transport) {
    if (ctx.wrecks) ctx.wrecks.push({ t: b, pdv });
    else emergencyExit(ctx, b);
  }
  if (prof(b).abilities.dernierSursaut && FIGHT_RULE.test(rule) && b.carriedBy === null)
    dernierSursaut(ctx, b);
  gretchinsCheck(ctx, det);
}

/** Deaths "en tir ou en assaut": shooting, interception, assault, Bzzzt!, DR (NE-U38). */
const FIGHT_RULE = /^(C4|C5|C6|C8|NE-U1[0-5]|NE-U36|NE-U38|NE-W0[1-8])$/;

/**
 * NE-U38: a base with this ability destroyed by shooting or in an assault rolls a D6; on 5+ it fights one
 * duel (2D6 + FA, C6) against the nearest enemy base within 6 cm (edge to edge) before it is removed
 * (ASSUMPTION: one duel, placed in contact); the loser of the duel loses 1 PdV.
 */
function dernierSursaut(ctx: Ctx, b: EpicBase): void {
  const s = ctx.s;
  const die = ctx.rng.die(6);
  let foe: EpicBase | null = null;
  let best = Infinity;
  if (die >= 5)
    for (const o of s.bases) {
      if (o.side === b.side || !onTable(o)) continue;
      const gap = hypot(o.x - b.x, o.y - b.y) - prof(o).radius - prof(b).radius;
      if (gap <= 6 + 1e-9 && gap < best) {
        best = gap;
        foe = o;
      }
    }
  emit(
    ctx,
    'NE-U38',
    'deathThroes',
    `${nameEn(b)}'s last effort: ${die}${die < 5 ? ', nothing' : foe ? `, it assaults ${nameEn(foe)}` : ', no enemy within 6 cm'}.`,
    `Dernier sursaut de ${nameFr(b)} : ${die}${die < 5 ? ', rien' : foe ? `, il donne l'assaut à ${nameFr(foe)}` : ', aucun ennemi à 6 cm'}.`,
    { dice: [{ label: 'last effort', sides: 6, dice: [die], target: 5 }], units: [b.id] },
  );
  if (!foe) return;
  const aDice = rollDice(ctx.rng, 2, 6);
  const fDice = rollDice(ctx.rng, 2, 6);
  const aT = sum(aDice) + fa(s, b);
  const fT = sum(fDice) + fa(s, foe);
  emit(
    ctx,
    'NE-U38',
    'duel',
    `Duel ${nameEn(b)} ${aT} against ${nameEn(foe)} ${fT}.`,
    `Duel ${nameFr(b)} ${aT} contre ${nameFr(foe)} ${fT}.`,
    {
      dice: [
        { label: `assault ${b.id}`, sides: 6, dice: aDice },
        { label: `assault ${foe.id}`, sides: 6, dice: fDice },
      ],
      units: [b.id, foe.id],
    },
  );
  if (aT > fT) losePdv(ctx, foe, 1, true, 'NE-U38');
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
  // NE-U78/U79: 3+ from an open-topped transport, 4+ otherwise (C9).
  const need = prof(t).abilities.toitOuvert ? 3 : 4;
  for (const b of ctx.s.bases) {
    if (!b.alive || b.carriedBy !== t.id) continue;
    if (t.alt > 0 && !prof(b).abilities.reacteursDorsaux) {
      // NE-U101: shot down in the air, only jump packs may try to get out.
      b.carriedBy = null;
      b.x = t.x;
      b.y = t.y;
      emit(
        ctx,
        'NE-U101',
        'emergencyExit',
        `${nameEn(b)} goes down with ${nameEn(t)}.`,
        `${nameFr(b)} s'écrase avec ${nameFr(t)}.`,
        {
          units: [b.id],
        },
      );
      kill(ctx, b, 'NE-U101');
      continue;
    }
    const die = ctx.rng.die(6);
    const dice: DiceRoll[] = [{ label: 'emergency exit', sides: 6, dice: [die], target: need }];
    b.carriedBy = null;
    const spot = die >= need ? freeSpotNear(ctx.s, b, t.x, t.y, t.alt > 0 ? 6 : 3.75 + prof(t).radius) : null; // NE-U101: within 6 cm
    if (spot) {
      b.x = spot.x;
      b.y = spot.y;
      emit(
        ctx,
        need === 3 ? 'C9 NE-U78' : 'C9',
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

/** A D6 read as one of `n` items (n ≤ 6: 1–2 → #1, 3–4 → #2, 5–6 → #3 for three; ASSUMPTION: floor((d − 1)·n / 6)). */
const pickOf = (die: number, n: number): number => Math.floor(((die - 1) * n) / 6);

/**
 * NE-U86: when one shooting destroys several transports of a detachment whose loads differ, which of the
 * detachment's transports were destroyed is rolled at random (a D6 per transport, re-rolling one already
 * picked); the others survive with the PdV they had before their fatal hit (ASSUMPTION). Then the chosen
 * ones' passengers make their emergency exits.
 */
function settleWrecks(ctx: Ctx, wrecks: { t: EpicBase; pdv: number }[], before: Map<string, string[]>): void {
  const s = ctx.s;
  const byDet = new Map<string, { t: EpicBase; pdv: number }[]>();
  for (const w of wrecks) byDet.set(w.t.det, [...(byDet.get(w.t.det) ?? []), w]);
  for (const [det, ws] of byDet) {
    const pool = (before.get(det) ?? []).map((id) => s.bases.find((b) => b.id === id)!);
    const loads = pool.map((t) =>
      s.bases
        .filter((b) => b.alive && b.carriedBy === t.id)
        .map((b) => b.profile)
        .sort()
        .join(),
    );
    if (ws.length < 2 || pool.length > 6 || new Set(loads).size < 2) {
      for (const w of ws) emergencyExit(ctx, w.t);
      continue;
    }
    const chosen: number[] = [];
    const dice: number[] = [];
    while (chosen.length < ws.length && dice.length < 60) {
      const d = ctx.rng.die(6);
      dice.push(d);
      const k = pickOf(d, pool.length);
      if (!chosen.includes(k)) chosen.push(k);
    }
    for (let k = 0; chosen.length < ws.length; k++) if (!chosen.includes(k)) chosen.push(k);
    const picked = chosen.map((k) => pool[k]!);
    emit(
      ctx,
      'NE-U86',
      'randomWrecks',
      `Which transports were destroyed is rolled: ${picked.map((t) => t.id).join(', ')}.`,
      `Les transports détruits sont tirés au sort : ${picked.map((t) => t.id).join(', ')}.`,
      { dice: [{ label: 'transport', sides: 6, dice }], units: picked.map((t) => t.id) },
    );
    for (const w of ws)
      if (!picked.includes(w.t)) {
        w.t.alive = true;
        w.t.pdv = w.pdv;
        detOf(s, w.t).lostPdv -= w.pdv;
      }
    for (const t of picked) {
      if (t.alive) kill(ctx, t, 'NE-U86');
      else emergencyExit(ctx, t);
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
      const px = x + cos(a) * d;
      const py = y + sin(a) * d;
      if (px < r || py < r || px > s.table.width - r || py > s.table.height - r) continue;
      if (!canStandAt(s, b, px, py)) continue;
      if (s.bases.some((o) => o !== b && onTable(o) && hypot(o.x - px, o.y - py) < r + prof(o).radius))
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
    if ((big ? a.mekano : a.mediko) && hypot(o.x - b.x, o.y - b.y) <= 6) return o;
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
    if (!onTable(o) || hypot(o.x - x, o.y - y) > 3) continue;
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
  dmg = 1,
  from: { x: number; y: number } | null = null,
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
  emit(
    ctx,
    dmg > 1 ? 'NE-W03' : 'C4',
    'unsaved',
    `${nameEn(b)} fails its save${dmg > 1 ? ` and loses ${dmg} PdV (Dégâts)` : ''}.`,
    `${nameFr(b)} rate sa sauvegarde${dmg > 1 ? ` et perd ${dmg} PdV (Dégâts)` : ''}.`,
    { dice, units: [b.id] },
  );
  losePdv(ctx, b, dmg, assault, rule);
  // C10: a base with a location sheet also rolls where the hit lands (Dégâts (X) adds X, NE-W03).
  locationHit(ctx, b, from, dmg - 1);
  return true;
}

/**
 * C10: a failed save on a base with a location sheet (class 5+): a D6 on the front chart, or the rear one when
 * the firer `from` stands in its rear 90° arc (ASSUMPTION: front when no firer is known); Dégâts (X) adds X
 * to that die, at most 6 (NE-W03). NE-U61: an ethereal power (`head`) strikes the head with no die. Then the
 * next progressive result there: intact → damaged → destroyed (locationDamage).
 */
export function locationHit(
  ctx: Ctx,
  b: EpicBase,
  from: { x: number; y: number } | null,
  degats: number,
  head = false,
): void {
  if (!b.alive || b.locs === null) return;
  let kind: LocationKind = 'tete';
  if (head)
    emit(
      ctx,
      'NE-U61',
      'head',
      `${nameEn(b)} is struck on its head / bridge (no location roll).`,
      `${nameFr(b)} est frappé à la tête / passerelle (sans jet de localisation).`,
      { units: [b.id] },
    );
  else {
    const chart = from && arcOf(b.facing, b, from) === 'rear' ? 'rear' : 'front';
    const die = ctx.rng.die(6);
    const total = Math.min(6, die + Math.max(0, degats));
    kind = LOCATION_CHARTS[chart][total - 1]!;
    const where = LOCATION_NAMES[kind];
    const roll: DiceRoll = { label: 'location', sides: 6, dice: [die] };
    if (degats > 0)
      roll.modifiers = [{ label: { en: `Dégâts (${degats})`, fr: `Dégâts (${degats})` }, value: degats }];
    emit(
      ctx,
      degats > 0 ? 'NE-W03' : 'C10',
      'location',
      `Location roll on ${nameEn(b)}'s ${chart} chart: ${die}${degats > 0 ? ` + ${degats} (Dégâts) = ${total}` : ''}: ${where.en}.`,
      `Jet de localisation sur ${nameFr(b)} (tableau ${chart === 'rear' ? 'arrière' : 'avant'}) : ${die}${degats > 0 ? ` + ${degats} (Dégâts) = ${total}` : ''} : ${where.fr}.`,
      { dice: [roll], units: [b.id] },
    );
  }
  locationDamage(ctx, b, kind);
}

/** C10: the weapon a weapon hit strikes: the first of the profile still working, else the first damaged one (ASSUMPTION: the attacker's pick). */
function weaponKey(b: EpicBase): string | null {
  const keys = prof(b).weapons.map((id) => `arme:${id}`);
  return keys.find((k) => locDamage(b, k) === 0) ?? keys.find((k) => locDamage(b, k) === 1) ?? null;
}

/**
 * C10: applies the next progressive result at location `kind` of `b`: intact → damaged → destroyed. Effects
 * (ASSUMPTIONS, docs/rulesets/epic.md): legs damaged halve the move, destroyed stop it; a damaged weapon
 * cannot fire until repaired, a destroyed one is lost; head damaged: −1 to hit on its shots; body / reactor
 * damaged: no further effect; a destroyed head or body destroys the base. A hit on a destroyed location (or on
 * a weapon when every weapon is destroyed) has no further effect.
 */
export function locationDamage(ctx: Ctx, b: EpicBase, kind: LocationKind): void {
  if (!b.alive || b.locs === null) return;
  const key = kind === 'arme' ? weaponKey(b) : kind;
  const was = key === null ? 2 : locDamage(b, key);
  const wName = key?.startsWith('arme:') ? WEAPONS[key.slice(5)]!.name : LOCATION_NAMES[kind];
  if (key === null || was >= 2) {
    emit(
      ctx,
      'C10',
      'locationNone',
      `${nameEn(b)}: the ${wName.en} ${key === null ? 'are all' : 'is already'} destroyed; no further damage.`,
      `${nameFr(b)} : ${key === null ? 'toutes les armes sont déjà détruites' : `${wName.fr} déjà détruit(e)`} ; pas d'autre dégât.`,
      { units: [b.id] },
    );
    return;
  }
  b.locs[key] = was + 1;
  const destroyed = was + 1 === 2;
  emit(
    ctx,
    'C10',
    destroyed ? 'locationDestroyed' : 'locationDamaged',
    `${nameEn(b)}: ${wName.en} ${destroyed ? 'destroyed' : 'damaged'}.`,
    `${nameFr(b)} : ${wName.fr} ${destroyed ? 'détruit(e)' : 'endommagé(e)'}.`,
    { units: [b.id] },
  );
  if (destroyed && (kind === 'tete' || kind === 'corps')) kill(ctx, b, 'C10');
}

/** C10 Phase Finale: each damaged location of a location sheet is repaired on a D6 of 4+. */
export function repairLocations(ctx: Ctx): void {
  for (const b of ctx.s.bases) {
    if (!b.alive || b.locs === null) continue;
    for (const key of Object.keys(b.locs).sort()) {
      if (b.locs[key] !== 1) continue;
      const die = ctx.rng.die(6);
      const ok = die >= 4;
      if (ok) delete b.locs[key];
      const where = key.startsWith('arme:')
        ? WEAPONS[key.slice(5)]!.name
        : LOCATION_NAMES[key as LocationKind];
      emit(
        ctx,
        'C10',
        ok ? 'repaired' : 'notRepaired',
        `${nameEn(b)} ${ok ? 'repairs' : 'fails to repair'} its ${where.en} (${die}, 4+).`,
        `${nameFr(b)} ${ok ? 'répare' : 'ne répare pas'} : ${where.fr} (${die}, 4+).`,
        { dice: [{ label: 'repair', sides: 6, dice: [die], target: 4 }], units: [b.id], side: b.side },
      );
    }
  }
}

/** NE-U42: the tags an attack or power may carry that Immunisé bases ignore. */
export const IMMUNE_TAGS = ['poison', 'maladie', 'pheromones', 'odeurs'] as const;

/** NE-U42: whether an attack or power carrying `tags` has no effect on `b`. */
export const immuneTo = (b: EpicBase, tags: readonly string[]): boolean =>
  !!prof(b).abilities.immunise && tags.some((t) => (IMMUNE_TAGS as readonly string[]).includes(t));

/** NE-U72 / NE-U34: the psychic save a base has against ethereal attacks, or null (none). */
export function psychicSave(b: EpicBase): number | null {
  const own = prof(b).abilities.sauvegardePsychique ?? null;
  const fields = b.champs > 0 ? 4 : null; // NE-U34: active fields give a 4+ psychic save
  if (own === null) return fields;
  return fields === null ? own : Math.min(own, fields);
}

/**
 * One ethereal psychic hit (NE-U61, C11): only a psychic save (NE-U72) protects, no armour save; PdV lost
 * this way cannot be regenerated. Returns whether the base lost a PdV.
 */
export function etherealHit(ctx: Ctx, b: EpicBase, rule: string): boolean {
  if (!b.alive) return false;
  const ps = psychicSave(b);
  if (ps !== null) {
    const die = ctx.rng.die(6);
    const ok = die >= ps;
    emit(
      ctx,
      'NE-U72',
      ok ? 'saved' : 'unsaved',
      `${nameEn(b)} makes its psychic save ${ps}+: ${die}.`,
      `${nameFr(b)} fait sa sauvegarde psychique ${ps}+ : ${die}.`,
      { dice: [{ label: 'psychic save', sides: 6, dice: [die], target: ps }], units: [b.id] },
    );
    if (ok) return false;
  }
  if (b.pdv <= 1) kill(ctx, b, rule);
  else {
    b.pdv--;
    detOf(ctx.s, b).lostPdv++;
  }
  locationHit(ctx, b, null, 0, true); // NE-U61: a location sheet is struck on the head, no die
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
  /** C8 / NE-W02: indirect fire of Artillerie weapons: no line of sight, −2 to hit. */
  indirect?: boolean;
  /** NE-U53: the indirect fire is directed by an OA: observed (−1 instead of −2), scatter 1D6 cm instead of 2D6. */
  observed?: boolean;
  /** NE-U78: non-template fire aimed at the bases carried in open-topped transports, not at the hulls. */
  aboard?: boolean;
  /** NE-U95: the moving bases' altitude at `at` (interception of a flight), and whether it is landing. */
  atAlt?: number;
  landing?: boolean;
  /** NE-U60: a physical power that a firing psyker also fires (interception fire), by base id. */
  powers?: Map<string, WeaponProfile>;
  rule: string;
}

/** NE-U60: a physical power fired as a shot: a ranged weapon with the power's range, dice, to-hit and PA. */
export const powerWeapon = (power: PowerProfile): WeaponProfile => ({
  id: `power:${power.id}`,
  name: power.name,
  range: power.range,
  attacks: power.attacks,
  toHit: power.toHit,
  pa: power.pa,
});
const isPowerShot = (w: WeaponProfile): boolean => w.id.startsWith('power:');

/** NE-U36: the base's unused close defences as one weapon: 15 cm, 360°, 6+ (7+ on interception), PA 0. */
export const drWeapon = (n: number): WeaponProfile => ({
  id: 'dr',
  name: { en: 'Close defences', fr: 'Défenses rapprochées' },
  range: 15,
  attacks: n,
  toHit: 6,
  pa: 0,
  abilities: { tourelle: true },
});

/** C4 / NE-W01 / NE-W08 / NE-U36: weapons that fire all round whatever the base's class. */
const allRound = (w: WeaponProfile): boolean => !!(w.abilities?.tourelle || w.abilities?.aa);

/**
 * The longest reach of a profile's weapons, its close defences (NE-U36, 15 cm) counted: beyond it `weaponsInReach`
 * has nothing to return (a speed-up only; ranges only ever shrink the list). Profiles are static data.
 */
const reachOf = new Map<UnitProfile, number>();
export function longestReach(p: UnitProfile): number {
  let r = reachOf.get(p);
  if (r === undefined) {
    r = (p.abilities.dr ?? 0) > 0 ? 15 : -Infinity;
    for (const id of p.weapons) r = Math.max(r, weapon(id)!.range);
    reachOf.set(p, r);
  }
  return r;
}

/**
 * The weapons of a base that can reach `t` (range centre to centre, LOS, arc: C4). Unused close defences
 * (NE-U36) join as one weapon against classes 1–2. Indirect fire (C8) takes only Artillerie weapons and
 * needs no line of sight.
 */
export function weaponsInReach(
  s: EpicState,
  a: EpicBase,
  t: EpicBase,
  at?: { x: number; y: number },
  indirect = false,
  tAlt = t.alt,
  assumeTa = false,
  extra: WeaponProfile[] = [],
): WeaponProfile[] {
  const tx = at ? at.x : t.x;
  const ty = at ? at.y : t.y;
  let d = hypot(tx - a.x, ty - a.y);
  // NE-U98: +25 cm between a base at High altitude and one that is not.
  if ((tAlt === 2) !== (a.alt === 2)) d += 25;
  let out: WeaponProfile[] = [];
  const p = prof(a);
  if (tAlt > 0 && indirect) return out; // C8: no indirect fire at aircraft
  if (d > longestReach(p) && extra.length === 0) return out; // out of range of every weapon (C4)
  for (const id of p.weapons) {
    const w = weapon(id)!;
    if (indirect && !w.abilities?.artillerie) continue;
    if (w.abilities?.bombe) continue; // NE-U105: bombs are dropped during a flight, never fired
    if (a.locs !== null && locDamage(a, `arme:${id}`) > 0) continue; // C10: a damaged or destroyed weapon does not fire
    if (d <= w.range) out.push(w);
  }
  if (!indirect) for (const w of extra) if (d <= w.range) out.push(w); // NE-U60: a physical power as a shot
  const dr = (p.abilities.dr ?? 0) - a.drUsed;
  if (!indirect && dr > 0 && d <= 15 && prof(t).cls < 3 && tAlt === 0) out.push(drWeapon(dr));
  if (out.length === 0) return out;
  if (p.abilities.volant && a.alt > 0) {
    // NE-U102: a flyer fires in its front 180°.
    if (!inFrontHalf(a.facing, a, { x: tx, y: ty })) return [];
  } else if (p.abilities.volant) {
    out = out.filter(allRound); // NE-U104: landed, only its 360° weapons
  } else if (p.cls >= 3 && !inFrontHalf(a.facing, a, { x: tx, y: ty })) {
    // C4: classes 3+ fire in their front 180°, except Tourelle, AA and DR (360°).
    out = out.filter(allRound);
  }
  if (tAlt > 0) {
    // NE-U106: at an aircraft, AA weapons; others only on Tir Appuyé with a 360° arc, or a Titan's on Tir Appuyé
    // (a Praetorian's fixed-arc weapons never).
    const ta = assumeTa || detOf(s, a).order === 'tirAppuye';
    const titan = p.cls >= 5 && !p.abilities.praetorien;
    out = out.filter(
      (w) => w.abilities?.aa || (ta && (allRound(w) || (p.cls <= 2 && !p.abilities.volant) || titan)),
    );
  }
  if (out.length === 0) return out;
  if (!indirect && !canSee(s, a, t, at, tAlt)) return [];
  return out;
}

/** C4: the to-hit modifiers against a target base, one line each, for weapon `w` when given. */
export function toHitModifiers(
  ctx: Ctx | { s: EpicState },
  a: EpicBase,
  t: EpicBase,
  o: Pick<
    FireOptions,
    'interception' | 'counterCharge' | 'snap' | 'indirect' | 'observed' | 'atAlt' | 'landing'
  >,
  at?: { x: number; y: number },
  w?: WeaponProfile,
) {
  const s = ctx.s;
  const lines: { label: Message; value: number }[] = [];
  const wa = w?.abilities ?? {};
  const tAlt = at && o.atAlt !== undefined ? o.atAlt : t.alt;
  const dr = w?.id === 'dr';
  if (o.interception && !o.counterCharge) {
    const pos = at ?? t;
    const inZoc = hasZoc(s, a) && inZocOf(pos.x, pos.y, prof(t).radius, a);
    // NE-W01 AA and NE-U73 never take the −1; DR use their own 7+ (6+ with the −1, NE-U36).
    const exempt =
      !dr && (wa.aa || prof(a).abilities.sansMalusInterception || detOf(s, a).abilities.includes('NE-U73'));
    if (!inZoc && !exempt)
      lines.push({ label: { en: 'interception fire (C5)', fr: "tir d'interception (C5)" }, value: -1 });
  }
  if (dr) return lines; // NE-U36: fixed values (ASSUMPTION: no other modifier)
  if (locDamage(a, 'tete') > 0)
    lines.push({ label: { en: 'head damaged (C10)', fr: 'tête endommagée (C10)' }, value: -1 });
  if (o.snap)
    lines.push({ label: { en: 'snap fire, no order (C1)', fr: 'tir réflexe, sans ordre (C1)' }, value: -1 });
  if (o.indirect)
    lines.push(
      o.observed
        ? {
            label: {
              en: 'indirect fire, observed by an OA (C8, NE-U53)',
              fr: 'tir indirect observé par un OA (C8, NE-U53)',
            },
            value: -1,
          }
        : { label: { en: 'indirect fire, unobserved (C8)', fr: 'tir indirect non observé (C8)' }, value: -2 },
    );
  // NE-U106: Cible Difficile: −1 at an aircraft in the air, except for AA weapons.
  if (tAlt > 0 && !wa.aa)
    lines.push({ label: { en: 'hard target (NE-U106)', fr: 'cible difficile (NE-U106)' }, value: -1 });
  // NE-U90: a flyer landing evades: −1, even against AA.
  if (o.landing)
    lines.push({
      label: { en: 'landing evasion (NE-U90)', fr: "manœuvre d'atterrissage (NE-U90)" },
      value: -1,
    });
  // NE-W01: AA hits at −2 unless the target is a flyer or class 5+, or an Antigrav / Réacteurs Dorsaux base
  // fired at while it moves over terrain that needs that ability (interception fire, judged where it stands
  // at the pause point; ASSUMPTION). Attaque Surprise (C15) is not modelled.
  const skimming = o.interception && at !== undefined && overTerrainNeedingSkim(s, t, at.x, at.y);
  if (wa.aa && prof(t).cls < 5 && !prof(t).abilities.volant && !skimming)
    lines.push({
      label: { en: 'AA against a ground target (NE-W01)', fr: 'AA contre une cible au sol (NE-W01)' },
      value: -2,
    });
  // NE-U78/U79: a base carried in an open-topped transport is hit at −1, like light cover (ASSUMPTION:
  // Ignore and Réduit les Couverts lift it, as L238 says for templates).
  if (t.carriedBy !== null && !at && !wa.ignoreCouverts && !wa.reduitCouverts)
    lines.push({
      label: {
        en: 'carried in an open-topped transport (NE-U78)',
        fr: 'transporté dans un Toit Ouvert (NE-U78)',
      },
      value: -1,
    });
  let cover = tAlt > 0 ? 0 : at ? coverMalus(s, { ...t, x: at.x, y: at.y }) : coverMalus(s, t);
  if (wa.ignoreCouverts) cover = 0; // NE-W05
  if (wa.reduitCouverts) cover = Math.max(0, cover - 1); // NE-W07
  if (cover > 0)
    lines.push({
      label:
        cover === 2
          ? { en: 'heavy cover (C4)', fr: 'couvert lourd (C4)' }
          : { en: 'light cover (C4)', fr: 'couvert léger (C4)' },
      value: -cover,
    });
  if (!at && inContact(s, t))
    lines.push({
      label: { en: 'target engaged in an assault (C4)', fr: 'cible engagée dans un assaut (C4)' },
      value: -1,
    });
  return lines;
}

/**
 * C4: extra −1 PA for flank or rear shots at a vehicle (class 3+); Blindage renforcé removes it (NE-U30), its
 * flank-only form keeps it from the rear 90° (NE-U31).
 */
export function arcPa(a: EpicBase, t: EpicBase): number {
  if (prof(t).cls < 3) return 0;
  const arc = arcOf(t.facing, t, a);
  if (arc === 'front') return 0;
  const armour = prof(t).abilities.blindage;
  if (armour === 'all') return 0;
  if (armour === 'flancs' && arc !== 'rear') return 0;
  return -1;
}

/** One hit to resolve; `a` is the firer (C10: its arc picks the location chart), null for a self-hit. */
type Hit = { t: EpicBase; pa: number; dmg: number; w: WeaponProfile; a: EpicBase | null };

/**
 * NE-U36: `n` close defences of `f` fire on the moving base `t` standing at `at`: 7+ to hit (the interception
 * malus included), or 6+ as counter-charge fire; PA 0; no re-roll (ASSUMPTION). Each is spent for the turn.
 */
export function drFire(
  ctx: Ctx,
  f: EpicBase,
  t: EpicBase,
  n: number,
  at: { x: number; y: number },
  counterCharge: boolean,
): void {
  f.drUsed += n;
  const o: FireOptions = { interception: true, counterCharge, snap: false, elite: 0, rule: 'NE-U36' };
  const hitsN = rollAgainst(ctx, f, t, drWeapon(n), n, o, false, at, { left: 0, used: true });
  for (let k = 0; k < hitsN; k++) saveOrLose(ctx, t, 0, false, 'NE-U36');
}

/**
 * C8: a template's scatter, with dice only (src/engine/dice.ts `rollScatterDice`): the scatter die ("Hit" on
 * 1–2: no scatter), a D6 for the direction (ASSUMPTION: six directions 60° apart, face 1 towards +x), then
 * `distanceDice` D6 of cm; the centre stays on the table. Returns where the template lands.
 */
export function scatter(
  ctx: Ctx,
  c: { x: number; y: number },
  distanceDice: number,
  rule: string,
  unit: string,
): { x: number; y: number } {
  const s = ctx.s;
  const sc = rollScatterDice(ctx.rng, { distanceDice });
  const to = sc.hit
    ? { ...c }
    : {
        x: Math.min(s.table.width, Math.max(0, c.x + cos(sc.angle) * sc.distance)),
        y: Math.min(s.table.height, Math.max(0, c.y + sin(sc.angle) * sc.distance)),
      };
  const dice: DiceRoll[] = [{ label: 'scatter die', sides: 6, dice: [sc.scatterDie] }];
  if (!sc.hit)
    dice.push(
      { label: 'scatter direction', sides: 6, dice: [sc.direction] },
      { label: 'scatter distance', sides: 6, dice: sc.dice },
    );
  emit(
    ctx,
    rule,
    'scatter',
    sc.hit
      ? 'The scatter die shows Hit: the template lands on target.'
      : `The template scatters ${sc.distance} cm, to (${to.x.toFixed(1)}, ${to.y.toFixed(1)}).`,
    sc.hit
      ? 'Le dé de déviation indique Touché : le gabarit tombe sur la cible.'
      : `Le gabarit dévie de ${sc.distance} cm, en (${to.x.toFixed(1)}, ${to.y.toFixed(1)}).`,
    { dice, units: [unit] },
  );
  return to;
}

/** NE-U34: each hit on active power fields rolls a D6: a 1 passes, else it stops; PA −1 or worse destroys one. */
function fieldsStop(ctx: Ctx, t: EpicBase, pa: number): boolean {
  if (t.champs <= 0) return false;
  const die = ctx.rng.die(6);
  const stopped = die !== 1;
  const burst = stopped && pa <= -1;
  if (burst) t.champs--;
  emit(
    ctx,
    'NE-U34',
    'fields',
    `${nameEn(t)}'s power fields: ${die}: ${stopped ? (burst ? 'the shot is stopped and a field goes down' : 'the shot is stopped') : 'the shot gets through'} (${t.champs} left).`,
    `Champs Énergétiques de ${nameFr(t)} : ${die} : ${stopped ? (burst ? 'le tir est arrêté et détruit un champ' : 'le tir est arrêté') : 'le tir passe'} (il en reste ${t.champs}).`,
    { dice: [{ label: 'power field', sides: 6, dice: [die], target: 2 }], units: [t.id] },
  );
  return stopped;
}

/** C8: a template of diameter `size` at `c`: every base on the table whose centre it covers. */
function underTemplate(s: EpicState, c: { x: number; y: number }, size: number): EpicBase[] {
  return s.bases.filter((b) => onTable(b) && hypot(b.x - c.x, b.y - c.y) <= size / 2 + 1e-9);
}

/** Rolls one weapon's dice against one base; returns the number of hits, emitting the roll. */
function rollAgainst(
  ctx: Ctx,
  a: EpicBase,
  t: EpicBase,
  w: WeaponProfile,
  dice: number,
  o: FireOptions,
  ones: boolean,
  at: { x: number; y: number } | undefined,
  elite: { left: number; used: boolean },
): number {
  const s = ctx.s;
  const mods = toHitModifiers(ctx, a, t, o, at, w);
  const target = w.toHit - mods.reduce((m, l) => m + l.value, 0);
  const roll = rollD6Pool(ctx.rng, { dice, target, reroll: ones ? 'ones' : 'none' });
  let successes = roll.successes;
  const rerolled = [...roll.rerolled];
  const extra = [...roll.extra];
  /** Whether die i hits: a natural value ≥ target, or under 7+…9+ a 6 then the second die (C4). */
  const hit = (i: number): boolean =>
    target <= 6
      ? roll.rolls[i]! >= target
      : roll.rolls[i] === 6 && (extra.find(([j]) => j === i)?.[1] ?? 0) >= target - 3;
  // NE-U37: one missed die per Elite base, from the pool, never a die already re-rolled.
  if (!elite.used && elite.left > 0 && isElite(a) && successes < dice && target <= 9) {
    const idx = roll.rolls.findIndex((_, i) => !rerolled.some(([j]) => j === i) && !hit(i));
    if (idx >= 0) {
      elite.used = true;
      elite.left--;
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
  const rolls: DiceRoll[] = [
    { label: 'to hit', sides: 6, dice: roll.rolls, target, rerolled, modifiers: mods },
  ];
  // Under 7+…9+ every 6 rolls a second die needing target − 3: show those dice too (C4).
  if (extra.length > 0)
    rolls.push({
      label: 'to hit, second die after a 6',
      sides: 6,
      dice: extra.map(([, d]) => d),
      target: target - 3,
    });
  const rule = w.id === 'dr' ? 'NE-U36' : o.rule;
  emit(
    ctx,
    rule,
    'fire',
    `${nameEn(a)} fires ${w.name.en} at ${nameEn(t)}: ${successes} hit(s) on ${target}+.`,
    `${nameFr(a)} tire (${w.name.fr}) sur ${nameFr(t)} : ${successes} touche(s) à ${target}+.`,
    { dice: rolls, units: [a.id, t.id], side: a.side },
  );
  return successes;
}

/**
 * Resolves the fire of `firers` at detachment `target`. Each firing base sends every die of each weapon in
 * reach at the nearest base of the target it can reach (ASSUMPTION: allocation to the nearest). To-hit with
 * the weapon's value worsened by the modifiers; Tir Appuyé and interception re-roll 1s; templates (C8);
 * power fields (NE-U34); saves; PdV (Dégâts, NE-W03). Returns the number of hits.
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
  const hits: Hit[] = [];
  const self: Hit[] = [];
  const elite = { left: Math.min(o.elite, s.sides[firers[0]?.side ?? 'blue'].elitePool), used: false };
  // NE-U86: the transports of each detachment standing before the fire, for the random allocation.
  const before = new Map<string, string[]>();
  for (const b of s.bases)
    if (b.alive && prof(b).abilities.transport) before.set(b.det, [...(before.get(b.det) ?? []), b.id]);
  const outerWrecks = ctx.wrecks ?? null;
  ctx.wrecks = [];
  /** NE-U79: open-topped transports under a template, and what hit them. */
  const openHit: { t: EpicBase; a: EpicBase; w: WeaponProfile }[] = [];
  for (const a of firers) {
    // Allocation: the nearest reachable base of the target detachment.
    let best: EpicBase | null = null;
    let bestD = Infinity;
    let bestW: WeaponProfile[] = [];
    for (const t of s.bases) {
      // A base disembarking under interception fire is still aboard but stands where `at` says (C5);
      // NE-U78: aimed "aboard", only the passengers of open-topped transports are targets.
      if (t.det !== target || !t.alive) continue;
      if (o.aboard ? !inOpenTop(s, t) : t.carriedBy !== null && !o.at?.has(t.id)) continue;
      const at = o.at?.get(t.id);
      const d = hypot((at?.x ?? t.x) - a.x, (at?.y ?? t.y) - a.y);
      if (d >= bestD) continue;
      const power = o.powers?.get(a.id);
      const ws = weaponsInReach(
        s,
        a,
        t,
        at,
        !!o.indirect,
        at && o.atAlt !== undefined ? o.atAlt : t.alt,
        false,
        power ? [power] : [],
      );
      if (ws.length === 0) continue;
      best = t;
      bestD = d;
      bestW = ws;
    }
    if (!best) continue;
    const at = o.at?.get(best.id);
    const ones = (o.interception || reRollOnes(a)) && !o.indirect;
    elite.used = false;
    for (const w of bestW) {
      const wa = w.abilities ?? {};
      if (o.aboard && wa.gabarit) continue; // NE-U78: only non-template weapons aim at the passengers
      const dmg = 1 + (wa.degats ?? 0);
      const arc = arcPa(a, best);
      if (w.id === 'dr') a.drUsed += w.attacks; // NE-U36: a close defence fires once a turn
      let dice = w.attacks;
      if (wa.instable) {
        // NE-W06: the D6 of attack dice first; on a 1 the weapon does not fire and hits its own base.
        dice = ctx.rng.die(6);
        emit(
          ctx,
          'NE-W06',
          'unstable',
          `${nameEn(a)}'s ${w.name.en}: ${dice} attack dice${dice === 1 ? ': it backfires!' : '.'}`,
          `${w.name.fr} de ${nameFr(a)} : ${dice} dés d'attaque${dice === 1 ? ' : il explose au nez de son servant !' : '.'}`,
          { dice: [{ label: 'attack dice', sides: 6, dice: [dice] }], units: [a.id] },
        );
        if (dice === 1) {
          self.push({ t: a, pa: w.pa, dmg, w, a: null });
          continue;
        }
      }
      if (wa.gabarit) {
        // C8: one template per attack die, centred on the target base; indirect fire scatters 2D6 cm (1D6 cm
        // when an OA directs it, NE-U53).
        for (let k = 0; k < dice; k++) {
          let c = at ?? { x: best.x, y: best.y };
          if (o.indirect) c = scatter(ctx, c, o.observed ? 1 : 2, o.observed ? 'NE-U53' : 'C8', a.id);
          for (const u of underTemplate(s, c, wa.gabarit)) {
            const n = rollAgainst(ctx, a, u, w, 1, { ...o, rule: 'C8' }, ones, undefined, elite);
            for (let h = 0; h < n; h++) hits.push({ t: u, pa: w.pa + arcPa(a, u), dmg, w, a });
            if (prof(u).abilities.toitOuvert && !openHit.some((x) => x.t === u)) openHit.push({ t: u, a, w });
          }
        }
        continue;
      }
      // NE-U60: a physical power rolls as a shot (its own rule on the event; no Elite re-roll: not a base's weapon).
      const n = isPowerShot(w)
        ? rollAgainst(ctx, a, best, w, dice, { ...o, rule: 'NE-U60' }, ones, at, { left: 0, used: true })
        : rollAgainst(ctx, a, best, w, dice, o, ones && w.id !== 'dr', at, elite);
      for (let k = 0; k < n; k++) hits.push({ t: best, pa: w.pa + arc, dmg, w, a });
    }
  }
  for (const h of [...hits, ...self]) {
    const wasAlive = h.t.alive;
    if (!wasAlive) continue;
    if (fieldsStop(ctx, h.t, h.pa)) continue;
    saveOrLose(
      ctx,
      h.t,
      h.pa,
      false,
      h.w.id === 'dr' ? 'NE-U36' : isPowerShot(h.w) ? 'NE-U60' : o.rule,
      [],
      h.dmg,
      h.a,
    );
    if (wasAlive && !h.t.alive && prof(h.t).abilities.qg) qgDeaths.push(h.t);
  }
  // NE-U79: an open-topped transport that survives a template: up to two of its passengers (picked at
  // random when more are aboard, ASSUMPTION) are rolled against at −1 (not with Ignore/Réduit les Couverts).
  for (const { t, a, w } of openHit) {
    if (!t.alive) continue;
    const aboard = s.bases.filter((b) => b.alive && b.carriedBy === t.id && inOpenTop(s, b));
    const picked: EpicBase[] = [];
    if (aboard.length <= 2) picked.push(...aboard);
    else
      for (let k = 0; picked.length < 2 && k < 60; k++) {
        const b = aboard[pickOf(ctx.rng.die(6), Math.min(6, aboard.length))]!;
        if (!picked.includes(b)) picked.push(b);
      }
    for (const b of picked) {
      const n = rollAgainst(ctx, a, b, w, 1, { ...o, rule: 'NE-U79' }, false, undefined, {
        left: 0,
        used: true,
      });
      for (let k = 0; k < n; k++)
        saveOrLose(ctx, b, w.pa, false, 'NE-U79', [], 1 + (w.abilities?.degats ?? 0), a);
    }
  }
  const wrecks = ctx.wrecks;
  ctx.wrecks = outerWrecks;
  settleWrecks(ctx, wrecks, before);
  // NE-U62: after all saves and casualties, a QG that died may be saved by sacrificing a same-class base within 6 cm.
  for (const q of qgDeaths) {
    const victim = s.bases.find(
      (v) =>
        v.alive &&
        v.side === q.side &&
        v !== q &&
        onTable(v) &&
        prof(v).cls === prof(q).cls &&
        hypot(v.x - q.x, v.y - q.y) <= 6,
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
  if (d.morale === null) {
    // NE-U71: no morale value: never tests (not an automatic pass of a value: there is none to modify).
    emit(
      ctx,
      'NE-U71',
      'noMorale',
      `${d.name.en} has no morale value: no test.`,
      `${d.name.fr} n'a pas de valeur de moral : pas de test.`,
      { side: d.side },
    );
    return true;
  }
  if (d.routed) return false;
  const s = ctx.s;
  // NE-U35: +1 near a Charismatique base (ASSUMPTION: not cumulative between sources).
  const charis = auraFrom(s, d.id, d.side, 'charismatique', 12) ? 1 : 0;
  const bonus = (hadLosses ? 0 : 1) + (d.waaagh?.morale ?? 0) + charis;
  const roll2 = () => {
    const dice = rollDice(ctx.rng, 2, 6);
    return { dice, total: dice[0]! + dice[1]! + bonus };
  };
  let { dice, total } = roll2();
  let pass = total >= d.morale;
  const mods = charis
    ? [{ label: { en: 'Charismatique (NE-U35)', fr: 'Charismatique (NE-U35)' }, value: 1 }]
    : undefined;
  const roll: DiceRoll = {
    label: 'morale',
    sides: 6,
    dice,
    target: d.morale - bonus,
    ...(mods ? { modifiers: mods } : {}),
  };
  // NE-U33: once per turn per holder, one detachment within 12 cm re-rolls a failed test; the re-roll stands.
  const holder = pass
    ? undefined
    : s.bases.find(
        (h) =>
          h.alive &&
          h.side === d.side &&
          prof(h).abilities.relanceMoral &&
          !s.moraleRerolls.includes(h.id) &&
          s.bases.some((b) => b.alive && b.det === d.id && hypot(b.x - h.x, b.y - h.y) <= 12 + 1e-9),
      );
  const failText = holder ? ['failed', 'raté'] : ['failed, it routs', 'raté, il bat en retraite'];
  emit(
    ctx,
    'C7',
    'morale',
    `${d.name.en} tests morale: ${total} against ${d.morale}: ${pass ? 'passed' : failText[0]}.`,
    `${d.name.fr} teste son moral : ${total} contre ${d.morale} : ${pass ? 'réussi' : failText[1]}.`,
    { dice: [roll], side: d.side },
  );
  if (!pass) {
    if (holder) {
      s.moraleRerolls.push(holder.id);
      ({ dice, total } = roll2());
      pass = total >= d.morale;
      emit(
        ctx,
        'NE-U33',
        'moraleReroll',
        `${nameEn(holder)} rallies ${d.name.en}: re-roll ${total} against ${d.morale}: ${pass ? 'passed' : 'failed'}.`,
        `${nameFr(holder)} galvanise ${d.name.fr} : relance ${total} contre ${d.morale} : ${pass ? 'réussi' : 'raté'}.`,
        { dice: [{ label: 'morale re-roll', sides: 6, dice, target: d.morale - bonus }], side: d.side },
      );
    }
  }
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
      const len = hypot(b.x - foe.x, b.y - foe.y) || 1;
      const ux = (b.x - foe.x) / len;
      const uy = (b.y - foe.y) / len;
      const r = prof(b).radius;
      for (let dist = 25; dist >= 0; dist -= 5) {
        const x = Math.min(s.table.width - r, Math.max(r, b.x + ux * dist));
        const y = Math.min(s.table.height - r, Math.max(r, b.y + uy * dist));
        if (!canStandAt(s, b, x, y)) continue;
        if (s.bases.some((o) => o !== b && onTable(o) && hypot(o.x - x, o.y - y) < r + prof(o).radius))
          continue;
        b.x = x;
        b.y = y;
        b.facing = atan2(uy, ux);
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
    const d = hypot(o.x - b.x, o.y - b.y);
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

/** C6 FA: profile + NE-U52 aura + Waaagh! bonus (NE-U23) − 2 on Retraite (C7). */
function fa(s: EpicState, b: EpicBase): number {
  const d = detOf(s, b);
  // NE-U52: +1 FA for allied detachments with a base within 12 cm of a holder, classes below 5 only.
  const aura = prof(b).cls < 5 && auraFrom(s, d.id, d.side, 'bonusFa', 12) ? 1 : 0;
  return (
    prof(b).fa + aura + (d.waaagh?.fa ?? 0) - (d.order === 'retraite' && (d.revealed || d.routed) ? 2 : 0)
  );
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
    for (const b of s.bases) if (b.det === id && onTable(b) && inContact(s, b)) regroup(ctx, b, 10);
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
  const len = hypot(b.x - foe.x, b.y - foe.y) || 1;
  const r = prof(b).radius;
  for (let d = dist; d > 0; d -= 2.5) {
    const x = Math.min(s.table.width - r, Math.max(r, b.x + ((b.x - foe.x) / len) * d));
    const y = Math.min(s.table.height - r, Math.max(r, b.y + ((b.y - foe.y) / len) * d));
    if (!canStandAt(s, b, x, y)) continue;
    if (s.bases.some((o) => o !== b && onTable(o) && hypot(o.x - x, o.y - y) < r + prof(o).radius + 0.1))
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

/** NE-U06: the Gargants within 25 cm of a Bizarboy (allied, on the table or carried). */
export function gargantsNear(s: EpicState, bb: EpicBase): EpicBase[] {
  const pos = bb.carriedBy ? (s.bases.find((t) => t.id === bb.carriedBy) ?? bb) : bb;
  return s.bases.filter(
    (o) =>
      o.alive &&
      o !== bb &&
      o.side === bb.side &&
      !!prof(o).abilities.gargant &&
      hypot(o.x - pos.x, o.y - pos.y) <= 25,
  );
}

/**
 * NE-U03…U07: energy from allied Ork bases within 25 cm (the Bizarboy itself excluded): class 1 gives 1,
 * classes 2–4 give ½ (Gretchins 0), a Gargant D6 (NE-U06), rounded down at the total. Each Bizarboy counts
 * every source in full. `gargant` gives each Gargant's points: by default its least (1), which is what the
 * legality checks use before any die is rolled (ASSUMPTION); `countEnergy` rolls the real D6.
 */
export function energyOf(s: EpicState, bb: EpicBase, gargant: (g: EpicBase) => number = () => 1): number {
  const pos = bb.carriedBy ? (s.bases.find((t) => t.id === bb.carriedBy) ?? bb) : bb;
  let e = 0;
  for (const o of s.bases) {
    if (!o.alive || o === bb || o.side !== bb.side) continue;
    const p = prof(o);
    if (p.race !== 'ork' || p.abilities.gretchin || p.abilities.volant) continue; // NE-U03: 0 for these
    if (hypot(o.x - pos.x, o.y - pos.y) > 25) continue;
    if (p.abilities.gargant)
      e += gargant(o); // NE-U06
    else e += p.cls === 1 ? 1 : p.cls <= 4 ? 0.5 : 0;
  }
  return Math.floor(e);
}

/** NE-U06: counts the energy for a power now: a fresh D6 per Gargant in range (ASSUMPTION), shown as an event. */
export function countEnergy(ctx: Ctx, bb: EpicBase): number {
  const gs = gargantsNear(ctx.s, bb);
  if (gs.length === 0) return energyOf(ctx.s, bb);
  const rolls = new Map<string, number>();
  for (const g of gs) rolls.set(g.id, ctx.rng.die(6));
  const dice = gs.map((g) => rolls.get(g.id)!);
  emit(
    ctx,
    'NE-U06',
    'gargantEnergy',
    `${gs.length} Gargant(s) near ${nameEn(bb)} give D6 energy each: ${dice.join(', ')}.`,
    `${gs.length} Gargant(s) près de ${nameFr(bb)} donnent chacun D6 points d'énergie : ${dice.join(', ')}.`,
    { dice: [{ label: 'Gargant energy', sides: 6, dice }], units: [bb.id, ...gs.map((g) => g.id)] },
  );
  return energyOf(ctx.s, bb, (g) => rolls.get(g.id) ?? 1);
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
  for (const o of ctx.s.bases) {
    if (!onTable(o) || hypot(o.x - x, o.y - y) > radius) continue;
    // NE-U08 / C10: a base with shields loses one instead of saving (the overload PA is always −4 or −5).
    // ASSUMPTION: the only shields modelled are Champs Énergétiques (NE-U34): one field is lost, no field roll.
    if (o.alive && o.champs > 0) {
      o.champs--;
      emit(
        ctx,
        'NE-U08',
        'shield',
        `${nameEn(o)} loses a power field instead of saving (${o.champs} left).`,
        `${nameFr(o)} perd un champ énergétique au lieu de sauvegarder (il en reste ${o.champs}).`,
        { units: [o.id] },
      );
      continue;
    }
    saveOrLose(ctx, o, pa, false, 'NE-U08');
  }
  return false;
}

/** NE-U09…U15: Bzzzt!, a ranged psychic attack from the energy row; armour saves (ASSUMPTION: physical). */
export function bzzzt(ctx: Ctx, bb: EpicBase, target: string): void {
  const s = ctx.s;
  const energy = countEnergy(ctx, bb);
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
    const d = hypot(t.x - bb.x, t.y - bb.y);
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
  for (let k = 0; k < roll.successes; k++) saveOrLose(ctx, best, row.pa, false, row.id, [], 1, bb);
}

/** NE-U23…U29: Waaagh!: friendly detachments with a base within 20 cm get the row's morale and FA bonus. */
export function waaagh(ctx: Ctx, bb: EpicBase): void {
  const s = ctx.s;
  const energy = countEnergy(ctx, bb);
  const row = tableRow(WAAAGH_ROWS, energy)!;
  if (!overload(ctx, bb, energy)) return;
  const pos = bb.carriedBy ? (s.bases.find((t) => t.id === bb.carriedBy) ?? bb) : bb;
  const dets = new Set<string>();
  for (const o of s.bases)
    if (o.alive && o.side === bb.side && hypot(o.x - pos.x, o.y - pos.y) <= 20) dets.add(o.det);
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

/**
 * NE-U16…U22: On y va!: the chosen detachments' bases are placed up to 30 cm from where they stood (each
 * detachment by one vector: ASSUMPTION, it keeps its formation), with no line of sight and no interception
 * (it is not a move). Those that had already moved keep their revealed order; the others get a hidden Avance.
 */
export function onYVa(ctx: Ctx, bb: EpicBase, moves: { det: string; dx: number; dy: number }[]): void {
  const s = ctx.s;
  const energy = countEnergy(ctx, bb);
  const row = tableRow(ONYVA_ROWS, energy)!;
  emit(
    ctx,
    row.id,
    'onYVa',
    `${nameEn(bb)} calls On y va! with ${energy} energy: up to ${row.dets} detachment(s).`,
    `${nameFr(bb)} lance On y va ! avec ${energy} points d'énergie : jusqu'à ${row.dets} détachement(s).`,
    { units: [bb.id], side: bb.side },
  );
  if (!overload(ctx, bb, energy)) return;
  for (const m of moves) {
    const d = detById(s, m.det)!;
    for (const b of s.bases) {
      if (b.det !== d.id || !onTable(b)) continue;
      b.x += m.dx;
      b.y += m.dy;
      carryAlong(s, b);
    }
    if (!d.activated) {
      d.order = 'avance';
      d.revealed = false;
      d.given = true;
    }
    emit(
      ctx,
      'NE-U16',
      'teleport',
      `${d.name.en} is moved ${hypot(m.dx, m.dy).toFixed(1)} cm by the Bizarboy.`,
      `${d.name.fr} est déplacé de ${hypot(m.dx, m.dy).toFixed(1)} cm par le Bizarboy.`,
      { units: s.bases.filter((b) => b.det === d.id && onTable(b)).map((b) => b.id), side: d.side },
    );
  }
}

// --- OA and off-table artillery (NE-U53…U55) ---------------------------------------------------------------

const NO_ELITE = () => ({ left: 0, used: true });

/** A template at `c` hits every ground base under it (C8; NE-U105: never air targets), each rolled on its own. */
function templateAt(
  ctx: Ctx,
  a: EpicBase,
  w: WeaponProfile,
  c: { x: number; y: number },
  o: FireOptions,
  arcFrom: EpicBase,
): void {
  const hits: { t: EpicBase; pa: number }[] = [];
  for (const u of underTemplate(ctx.s, c, w.abilities?.gabarit ?? 6)) {
    if (u.alt > 0) continue; // C8 / NE-U105: templates from the ground or bombs never hit aircraft in the air
    const n = rollAgainst(ctx, a, u, w, 1, o, false, undefined, NO_ELITE());
    for (let k = 0; k < n; k++) hits.push({ t: u, pa: w.pa + arcPa(arcFrom, u) });
  }
  for (const h of hits) {
    if (!h.t.alive || fieldsStop(ctx, h.t, h.pa)) continue;
    saveOrLose(ctx, h.t, h.pa, false, o.rule, [], 1 + (w.abilities?.degats ?? 0), arcFrom);
  }
}

/**
 * NE-U54: an OA calls an off-table Formation on `target`: a D6, on 3+ it fires (each attack die a template
 * placed on the target, scattering 2D6 cm, resolved on its own, never combined; observed −1, C8; arcs judged
 * from the OA), the Formation is used up and its Destruction Points go to the opponent; on 1–2 nothing fires,
 * the Formation stays and gives nothing. Either way the OA's call is spent for the turn (the caller counts it).
 */
export function offTableFire(ctx: Ctx, oa: EpicBase, f: OffTableFormation, target: EpicBase): void {
  const s = ctx.s;
  const die = ctx.rng.die(6);
  const fires = die >= 3;
  emit(
    ctx,
    'NE-U54',
    'offTableCall',
    `${nameEn(oa)} calls ${f.name.en}: ${die}${fires ? ', it fires' : ', nothing fires (the Formation stays available)'}.`,
    `${nameFr(oa)} appelle ${f.name.fr} : ${die}${fires ? ', elle tire' : ', rien ne tire (la Formation reste disponible)'}.`,
    {
      dice: [{ label: 'off-table call', sides: 6, dice: [die], target: 3 }],
      units: [oa.id, target.id],
      side: oa.side,
    },
  );
  if (!fires) return;
  f.used = true;
  s.sides[other(f.side)].dp += f.points;
  emit(
    ctx,
    'NE-U54',
    'offTableUsed',
    `${f.name.en} is used up: ${f.points} Destruction Points to the opponent.`,
    `${f.name.fr} est épuisée : ${f.points} Points de Destruction pour l'adversaire.`,
    { side: f.side },
  );
  const w = WEAPONS[f.weapon]!;
  const o: FireOptions = {
    interception: false,
    counterCharge: false,
    snap: false,
    elite: 0,
    indirect: true,
    observed: true,
    rule: 'NE-U54',
  };
  for (let k = 0; k < w.attacks; k++) {
    const c = scatter(ctx, { x: target.x, y: target.y }, 2, 'NE-U54', oa.id);
    templateAt(ctx, oa, w, c, o, oa);
  }
}

// --- bombs (NE-U105) ---------------------------------------------------------------------------------------

/** NE-U105: one bomb template dropped by `bomber` at `c`, resolved at once; ground bases only. */
export function dropBomb(ctx: Ctx, bomber: EpicBase, w: WeaponProfile, c: { x: number; y: number }): void {
  emit(
    ctx,
    'NE-U105',
    'bomb',
    `${nameEn(bomber)} drops ${w.name.en} at (${c.x.toFixed(1)}, ${c.y.toFixed(1)}).`,
    `${nameFr(bomber)} largue ${w.name.fr} en (${c.x.toFixed(1)}, ${c.y.toFixed(1)}).`,
    { units: [bomber.id], side: bomber.side },
  );
  const o: FireOptions = {
    interception: false,
    counterCharge: false,
    snap: false,
    elite: 0,
    rule: 'NE-U105',
  };
  // ASSUMPTION: bombs fall from above: no flank or rear PA bonus (arcs judged from the target itself).
  templateAt(ctx, bomber, w, c, o, bomber.alt > 0 ? { ...bomber, x: c.x, y: c.y } : bomber);
}

// --- psykers (NE-U59…U61) ----------------------------------------------------------------------------------

/** NE-U59: the nearest base of `target` within the power's range and in sight of the psyker, or null. */
export function powerTarget(s: EpicState, b: EpicBase, power: PowerProfile, target: string): EpicBase | null {
  let best: EpicBase | null = null;
  let bestD = Infinity;
  for (const t of s.bases) {
    if (t.det !== target || !onTable(t)) continue;
    const d = hypot(t.x - b.x, t.y - b.y);
    if (d <= power.range && d < bestD && canSee(s, b, t)) {
      best = t;
      bestD = d;
    }
  }
  return best;
}

/**
 * NE-U60: a physical power is a ranged attack (to-hit with the usual modifiers, Tir Appuyé re-rolls 1s, power
 * fields, armour save at its PA; a psychic save does not help). NE-U61: an ethereal one rolls to hit with no
 * modifier and no re-roll (ASSUMPTION: no cover, C11); each hit allows only a psychic save, its PdV are never
 * regenerated, and against a class-5+ (location sheet) target it strikes the head or bridge without a roll.
 */
export function usePower(ctx: Ctx, b: EpicBase, power: PowerProfile, target: string): void {
  const s = ctx.s;
  const d = detOf(s, b);
  const t = powerTarget(s, b, power, target);
  const rule = power.kind === 'physique' ? 'NE-U60' : 'NE-U61';
  emit(
    ctx,
    'NE-U59',
    'power',
    `${nameEn(b)} uses ${power.name.en} (${power.kind === 'physique' ? 'physical' : 'ethereal'}).`,
    `${nameFr(b)} utilise ${power.name.fr} (pouvoir ${power.kind === 'physique' ? 'physique' : 'éthéré'}).`,
    { units: [b.id], side: b.side },
  );
  if (!t) return;
  if (power.kind === 'physique') {
    const w = powerWeapon(power);
    const o: FireOptions = {
      interception: false,
      counterCharge: false,
      snap: d.order === null,
      elite: 0,
      rule,
    };
    const ones = d.order === 'tirAppuye' && b.moved === 0;
    const n = rollAgainst(ctx, b, t, w, power.attacks, o, ones, undefined, NO_ELITE());
    const pa = power.pa + arcPa(b, t);
    for (let k = 0; k < n; k++) {
      if (!t.alive || fieldsStop(ctx, t, pa)) continue;
      saveOrLose(ctx, t, pa, false, rule, [], 1, b);
    }
    return;
  }
  const roll = rollD6Pool(ctx.rng, { dice: power.attacks, target: power.toHit });
  emit(
    ctx,
    rule,
    'fire',
    `${power.name.en} strikes ${nameEn(t)}: ${roll.successes} hit(s) on ${power.toHit}+.`,
    `${power.name.fr} frappe ${nameFr(t)} : ${roll.successes} touche(s) à ${power.toHit}+.`,
    { dice: [{ label: 'to hit', sides: 6, dice: roll.rolls, target: power.toHit }], units: [b.id, t.id] },
  );
  for (let k = 0; k < roll.successes; k++) {
    if (!t.alive) break;
    etherealHit(ctx, t, rule);
  }
}

// --- Démolition (NE-W04) -----------------------------------------------------------------------------------

/** Distance from a point to a terrain polygon (0 inside). */
export function distToPoly(p: { x: number; y: number }, poly: { x: number; y: number }[]): number {
  let inside = false;
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const c = poly[j]!;
    if (a.y > p.y !== c.y > p.y && p.x < ((c.x - a.x) * (p.y - a.y)) / (c.y - a.y) + a.x) inside = !inside;
    const dx = c.x - a.x;
    const dy = c.y - a.y;
    const len2 = dx * dx + dy * dy || 1;
    const k = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    best = Math.min(best, hypot(a.x + dx * k - p.x, a.y + dy * k - p.y));
  }
  return inside ? 0 : best;
}

/** NE-W04: the Démolition weapons of `a` that reach building `id` (range to its nearest point; ASSUMPTION: no sight check). */
export function demolitionWeapons(s: EpicState, a: EpicBase, id: string): WeaponProfile[] {
  const t = s.table.terrain.find((x) => x.id === id);
  if (!t) return [];
  const d = distToPoly(a, t.poly);
  return prof(a)
    .weapons.map((w) => WEAPONS[w]!)
    .filter((w) => w.abilities?.demolition !== undefined && d <= w.range);
}

/**
 * NE-W04 / C10: each firer's Démolition weapons shoot at a building: to-hit +2 (a structure, C10); each hit forces
 * the building's save with PA X (D6 + X ≥ save); a failure costs 1 Structure Point. At 0 the building is a ruin:
 * its terrain becomes rubble (light cover) and it has no Structure Points left (ASSUMPTION).
 */
export function demolish(ctx: Ctx, firers: EpicBase[], id: string): void {
  const s = ctx.s;
  for (const a of firers)
    for (const w of demolitionWeapons(s, a, id)) {
      const st = s.structures.find((x) => x.id === id);
      if (!st) return;
      const target = Math.max(2, w.toHit - 2);
      const roll = rollD6Pool(ctx.rng, { dice: w.attacks, target });
      emit(
        ctx,
        'NE-W04',
        'fire',
        `${nameEn(a)} fires ${w.name.en} at building ${id}: ${roll.successes} hit(s) on ${target}+ (structure +2, C10).`,
        `${nameFr(a)} tire (${w.name.fr}) sur le bâtiment ${id} : ${roll.successes} touche(s) à ${target}+ (structure +2, C10).`,
        {
          dice: [
            {
              label: 'to hit',
              sides: 6,
              dice: roll.rolls,
              target,
              modifiers: [{ label: { en: 'structure (C10)', fr: 'structure (C10)' }, value: 2 }],
            },
          ],
          units: [a.id],
          side: a.side,
        },
      );
      const x = w.abilities!.demolition!;
      for (let k = 0; k < roll.successes && st.sp > 0; k++) {
        const r = rollSave(ctx.rng, { save: st.save, modifier: x });
        if (!r.success) st.sp--;
        emit(
          ctx,
          'NE-W04',
          r.success ? 'buildingSaved' : 'buildingDamaged',
          `Building ${id} saves ${st.save}+ at PA ${x}: ${r.die}${r.success ? ', saved' : `, fails: 1 Structure Point lost (${st.sp} left)`}.`,
          `Le bâtiment ${id} sauvegarde à ${st.save}+ avec PA ${x} : ${r.die}${r.success ? ', réussi' : `, raté : 1 Point de Structure perdu (il en reste ${st.sp})`}.`,
          { dice: [{ label: 'building save', sides: 6, dice: [r.die], target: st.save - x }] },
        );
      }
      if (st.sp <= 0) {
        s.structures = s.structures.filter((x) => x.id !== id);
        // The table is shared between copies of a state (index.ts cloneEpic): replace it, never mutate it.
        s.table = {
          ...s.table,
          terrain: s.table.terrain.map((t) => (t.id === id ? { ...t, kind: 'cover' as const } : t)),
        };
        emit(
          ctx,
          'NE-W04',
          'ruined',
          `Building ${id} collapses: it is now rubble (light cover).`,
          `Le bâtiment ${id} s'effondre : ce ne sont plus que des décombres (couvert léger).`,
        );
        return;
      }
    }
}
