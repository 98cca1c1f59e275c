/**
 * Resolution of `company` steps that roll dice or change a combatant: passes d'armes with riposte (C2),
 * shots (C3), wounds and death (C7, HD-07), the states and their application (HD-17…22), and the seed's
 * combat abilities (HD-04, 05, 08, 09, 12, 13, 14, 23, 24). Dice come from `ctx.rng` only; one event per
 * resolved step names its rule and its dice when `ctx.ev` is given.
 */

import type { DiceRoll, GameEvent } from '../../engine/contract';
import { rollDice } from '../../engine/dice';
import { cos, sin } from '../../engine/dmath';
import { pointInPolygon, segmentMoveCost, type Vec2 } from '../../engine/geometry';
import type { Message } from '../../engine/result';
import type { Rng } from '../../engine/rng';
import type { StepContext } from '../../engine/ruleset-kit';
import { CHARISME_RANGE, CONTACT, ESQUIVE_MOVE, ZOC } from './data';
import {
  adversariesInContact,
  cbtOf,
  controllerOf,
  defOf,
  edge,
  edgeBetween,
  engaged,
  entryParam,
  hasZoc,
  IMPRATICABLE,
  isBlesse,
  isEnemy,
  moveCost,
  other,
  pairOf,
  prof,
  sight,
  syncPairs,
  tirOf,
} from './state';
import type { Combatant, CompanyState, Weapon, WeaponEffect } from './types';

/** The step context every `exec` works with (src/engine/ruleset-kit.ts). */
export type Ctx = StepContext<CompanyState>;

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

export const nameOf = (u: Combatant): Message => prof(u).name;
const n = (u: Combatant) => `${prof(u).name.en} (${u.id})`;
const nf = (u: Combatant) => `${prof(u).name.fr} (${u.id})`;

// --- dice pools -------------------------------------------------------------------------------------------

export interface Modifier {
  rule: string;
  label: Message;
  value: number;
}

export interface PoolRoll {
  dice: number[];
  /** [index, old value] of each re-rolled die, in order (the core re-rolls, then Maître d'arme). */
  rerolled: [number, number][];
  hits: number;
  /** C2: each point of CBT beyond 10 is 1 automatic damage ignoring Protection. */
  auto: number;
  forced: number;
}

/** C2: up to 5 dice; each point above 5 re-rolls one missed die (at most 5); beyond 10, automatic damage. */
export const poolShape = (value: number) => ({
  dice: Math.max(0, Math.min(5, value)),
  rerolls: Math.max(0, Math.min(5, value - 5)),
  auto: Math.max(0, value - 10),
});

/**
 * Rolls a pool of `value` against `def`; then, HD-12, the opposing Maître d'arme X forces `forced` dice
 * that show a hit to be re-rolled once (even dice already re-rolled).
 */
export function rollPool(rng: Rng, value: number, def: number, maitre: number): PoolRoll {
  const shape = poolShape(value);
  const dice = rollDice(rng, shape.dice, 6);
  const rerolled: [number, number][] = [];
  const hit = (d: number) => d >= def;
  let left = shape.rerolls;
  for (let i = 0; i < dice.length && left > 0; i++)
    if (!hit(dice[i]!)) {
      rerolled.push([i, dice[i]!]);
      dice[i] = rng.die(6);
      left--;
    }
  // HD-12: the master picks the hits to re-roll; it takes dice already re-rolled first (the seed's exception),
  // then the others in order.
  let forced = 0;
  const again = new Set(rerolled.map(([i]) => i));
  const order = [...again, ...dice.keys()].filter((i, k, all) => all.indexOf(i) === k);
  for (const i of order) {
    if (forced >= maitre) break;
    if (hit(dice[i]!)) {
      rerolled.push([i, dice[i]!]);
      dice[i] = rng.die(6);
      forced++;
    }
  }
  return { dice, rerolled, hits: dice.filter(hit).length, auto: shape.auto, forced };
}

const diceRoll = (label: string, roll: PoolRoll, target: number, mods: Modifier[]): DiceRoll => ({
  label,
  sides: 6,
  dice: roll.dice,
  target,
  ...(roll.rerolled.length ? { rerolled: roll.rerolled } : {}),
  ...(mods.length ? { modifiers: mods.map((m) => ({ label: m.label, value: m.value })) } : {}),
});

// --- modifiers --------------------------------------------------------------------------------------------

const mod = (rule: string, en: string, fr: string, value: number): Modifier => ({
  rule,
  label: { en, fr },
  value,
});

export interface PasseOpts {
  /** HD-08: the attack is a Fuite's free attack against a Fuyant combatant. */
  fuite?: boolean;
}

/** The modified CBT of `a` in a passe against `d`, with the lines that built it; null = « – ». */
export function passeCbt(
  s: CompanyState,
  a: Combatant,
  d: Combatant,
  opts: PasseOpts = {},
): { value: number; mods: Modifier[] } | null {
  const base = cbtOf(a);
  if (base === null) return null;
  const mods: Modifier[] = [];
  const p = prof(a);
  const w = p.melee;
  // HD-04: the best Charisme of an ally within 4 toises (not its own; a Contrôlé source has no aura).
  let charisme = 0;
  for (const o of s.units)
    if (
      o.alive &&
      o.id !== a.id &&
      !isEnemy(a, o) &&
      !o.controle &&
      (prof(o).abilities.charisme ?? 0) > charisme
    )
      if (edgeBetween(a, o) <= CHARISME_RANGE) charisme = prof(o).abilities.charisme!;
  if (charisme) mods.push(mod('HD-04', 'Charisme', 'Charisme', charisme));
  // HD-05: Ennemi juré, both ways.
  const ej = p.abilities.ennemiJure;
  if (ej && prof(d).keywords.includes(ej.keyword))
    mods.push(mod('HD-05', 'Ennemi juré', 'Ennemi juré', ej.x));
  const dj = prof(d).abilities.ennemiJure;
  if (dj && p.keywords.includes(dj.keyword))
    mods.push(mod('HD-05', 'sworn enemy faced', 'face à un Ennemi juré', Math.ceil(dj.x / 2)));
  // HD-14: one Terreur malus at most.
  if (adversariesInContact(s, a).some((o) => prof(o).abilities.terreur))
    mods.push(mod('HD-14', 'Terreur', 'Terreur', -1));
  // HD-13: contacted while en attente.
  if (p.abilities.tenace && a.tenace === d.id) mods.push(mod('HD-13', 'Tenace', 'Tenace', 1));
  const pair = pairOf(s, a.id, d.id);
  if (w.premierChoc && pair?.fresh) mods.push(mod('HD-24', 'Premier choc', 'Premier choc', w.premierChoc));
  if (w.encombrante && pair && pair.passes >= 1)
    mods.push(mod('HD-23', 'Encombrante', 'Encombrante', -w.encombrante));
  if (opts.fuite && prof(d).abilities.fuyant) mods.push(mod('HD-08', 'Fuyant', 'Fuyant', -2));
  if (isBlesse(a))
    mods.push(mod(p.abilities.fanatique ? 'HD-07' : 'C7', 'Blessé (in the stat)', 'Blessé (inclus)', 0));
  if (a.sonne) mods.push(mod('HD-22', 'Sonné (in the stat)', 'Sonné (inclus)', 0));
  if (a.misAuSol) mods.push(mod('HD-20', 'Mis au sol (in the stat)', 'Mis au sol (inclus)', 0));
  return { value: base + mods.reduce((t, m) => t + m.value, 0), mods };
}

/** Protection of `d` against an attack: PR, cover +1 (shots), then HD-09 Garde du corps +1, not above 3. */
export function protectionOf(s: CompanyState, d: Combatant, cover: boolean): number {
  let pr = prof(d).pr + (cover ? 1 : 0);
  const guarded = s.units.some(
    (o) =>
      o.alive &&
      o.id !== d.id &&
      !isEnemy(d, o) &&
      prof(o).abilities.gardeDuCorps &&
      edgeBetween(d, o) <= CONTACT,
  );
  if (guarded && pr < 3) pr = Math.min(3, pr + 1);
  return pr;
}

const damageFrom = (w: Weapon, hits: number, pr: number, auto: number): number =>
  Math.max(0, (w.damage[Math.min(5, hits)] ?? 0) - pr) + auto;

// --- wounds, death, states ---------------------------------------------------------------------------------

export function kill(ctx: Ctx, u: Combatant, rule: string): void {
  const s = ctx.s;
  u.alive = false;
  u.pv = 0;
  const p = prof(u);
  const foe = other(u.owner);
  s.sides[foe].kills += p.points;
  s.sides[foe].killsTurn += p.points;
  const own = s.sides[u.owner];
  own.cmdBase = Math.max(0, own.cmdBase - p.cmd);
  own.cmd = Math.max(0, own.cmd - p.cmd);
  u.controle = null;
  syncPairs(s);
  emit(ctx, rule, 'mort', `${n(u)} is killed.`, `${nf(u)} est tué.`, { units: [u.id] });
}

/** Takes `dmg` PV; HD-07 says when a Fanatique turns Blessé; 0 PV kills. */
export function wound(ctx: Ctx, u: Combatant, dmg: number, rule: string): void {
  if (dmg <= 0 || !u.alive) return;
  const was = isBlesse(u);
  u.pv = Math.max(0, u.pv - dmg);
  if (u.pv === 0) {
    kill(ctx, u, rule);
    return;
  }
  if (!was && isBlesse(u))
    emit(
      ctx,
      prof(u).abilities.fanatique ? 'HD-07' : 'C7',
      'blesse',
      `${n(u)} is Blessé${prof(u).abilities.fanatique ? ' (Fanatique: −1 DPT, −1 TIR, +1 CBT, +1 DEF max 5, +1 FOI)' : ' (−1 CBT, −1 DEF)'}.`,
      `${nf(u)} est Blessé${prof(u).abilities.fanatique ? ' (Fanatique : −1 DPT, −1 TIR, +1 CBT, +1 DEF max 5, +1 FOI)' : ' (−1 CBT, −1 DEF)'}.`,
      { units: [u.id] },
    );
}

const STATE_RULE: Record<WeaponEffect['state'], string> = {
  sonne: 'HD-22',
  ralenti: 'HD-21',
  immobilise: 'HD-19',
  misAuSol: 'HD-20',
  consume: 'HD-17',
};

/** Applies a state (HD-17…22). Same timed state twice: the larger count (ASSUMPTION); Consumé merges by type. */
export function applyState(ctx: Ctx, u: Combatant, e: WeaponEffect): void {
  if (!u.alive) return;
  const at = ctx.s.activationNo;
  switch (e.state) {
    case 'sonne':
    case 'ralenti':
    case 'immobilise': {
      const x = e.x ?? 1;
      const cur = u[e.state];
      u[e.state] = { left: Math.max(x, cur?.left ?? 0), at };
      break;
    }
    case 'misAuSol':
      u.misAuSol = true;
      break;
    case 'consume': {
      const c = e.consume!;
      const same = u.consume.find((k) => k.type === c.type);
      if (same) {
        same.x = Math.max(same.x, c.x);
        same.y = Math.max(same.y, c.y);
        same.durable = same.durable || c.durable;
      } else u.consume.push({ ...c });
      break;
    }
  }
  syncPairs(ctx.s);
  emit(
    ctx,
    STATE_RULE[e.state],
    'etat',
    `${n(u)}: ${e.state}${e.x ? ` ${e.x}` : ''}.`,
    `${nf(u)} : ${e.state}${e.x ? ` ${e.x}` : ''}.`,
    {
      units: [u.id],
    },
  );
}

function weaponEffects(ctx: Ctx, w: Weapon, hits: number, target: Combatant): void {
  for (const e of w.effects ?? []) if (hits >= e.minHits && target.alive) applyState(ctx, target, e);
}

// --- the passe d'armes ---------------------------------------------------------------------------------------

export interface PasseResult {
  attacker: PoolRoll;
  defender: PoolRoll | null;
  dealt: number;
  taken: number;
}

/**
 * C2: one passe d'armes between `a` (attacking) and `d`. Both roll their modified CBT and results apply at
 * once; `sansRiposte` (or a defender with CBT « – » or Immobilisé) makes it one-sided. HD-20: a Mis au sol
 * defender fights with its maluses and stands if it survives.
 */
export function passe(
  ctx: Ctx,
  a: Combatant,
  d: Combatant,
  rule: string,
  sansRiposte: boolean,
  opts: PasseOpts = {},
): PasseResult | null {
  const s = ctx.s;
  const ca = passeCbt(s, a, d, opts);
  if (ca === null || !a.alive || !d.alive) return null;
  const riposte = !sansRiposte && d.immobilise === null;
  const cd = riposte ? passeCbt(s, d, a) : null;
  const defA = defOf(d);
  const defD = defOf(a);
  const rollA = rollPool(ctx.rng, ca.value, defA, prof(d).abilities.maitreDArme ?? 0);
  const rollD = cd ? rollPool(ctx.rng, cd.value, defD, prof(a).abilities.maitreDArme ?? 0) : null;
  const dealt = damageFrom(prof(a).melee, rollA.hits, protectionOf(s, d, false), rollA.auto);
  const taken = rollD ? damageFrom(prof(d).melee, rollD.hits, protectionOf(s, a, false), rollD.auto) : 0;
  const pair = pairOf(s, a.id, d.id);
  if (pair) {
    pair.passes++;
    pair.fresh = false;
  }
  if (ctx.ev) {
    const dice = [diceRoll(`${a.id} CBT ${ca.value}`, rollA, defA, ca.mods)];
    if (rollD && cd) dice.push(diceRoll(`${d.id} CBT ${cd.value} (riposte)`, rollD, defD, cd.mods));
    const rules = [rule, ...ca.mods.map((m) => m.rule), ...(cd?.mods.map((m) => m.rule) ?? [])];
    if (rollA.forced || rollD?.forced) rules.push('HD-12');
    emit(
      ctx,
      [...new Set(rules)].join(','),
      'passe',
      `${n(a)} → ${n(d)}: ${rollA.hits} hit(s), ${dealt} damage${rollD ? `; riposte ${rollD.hits} hit(s), ${taken} damage` : ' (no riposte)'}.`,
      `${nf(a)} → ${nf(d)} : ${rollA.hits} touche(s), ${dealt} dégât(s)${rollD ? ` ; riposte ${rollD.hits} touche(s), ${taken} dégât(s)` : ' (sans riposte)'}.`,
      { dice, units: [a.id, d.id] },
    );
  }
  const downBefore = d.misAuSol;
  wound(ctx, d, dealt, rule);
  wound(ctx, a, taken, rule);
  if (downBefore && d.alive) {
    d.misAuSol = false;
    syncPairs(s);
    emit(ctx, 'HD-20', 'releve', `${n(d)} stands up.`, `${nf(d)} se relève.`, { units: [d.id] });
  }
  weaponEffects(ctx, prof(a).melee, rollA.hits, d);
  if (rollD) weaponEffects(ctx, prof(d).melee, rollD.hits, a);
  return { attacker: rollA, defender: rollD, dealt, taken };
}

/** C3: a shot of `a` at `t` (TIR dice, hit on ≥ DEF, cover +1 PR); unloads a Rechargement weapon (HD-25). */
export function shoot(ctx: Ctx, a: Combatant, t: Combatant, rule: string, bonus: number): void {
  const s = ctx.s;
  const w = prof(a).ranged!;
  const los = sight(s, a, a, t);
  const value = tirOf(a) + bonus;
  const def = defOf(t);
  const roll = rollPool(ctx.rng, value, def, 0);
  const pr = protectionOf(s, t, los.cover);
  const dmg = damageFrom(w, roll.hits, pr, roll.auto);
  if (w.rechargement) a.reload = w.rechargement;
  const mods = bonus ? [mod('HD-16', 'Tireur entraîné', 'Tireur entraîné', bonus)] : [];
  emit(
    ctx,
    bonus ? `${rule},HD-16` : rule,
    'tir',
    `${n(a)} shoots ${n(t)}: ${roll.hits} hit(s), ${dmg} damage${los.cover ? ' (cover +1 PR)' : ''}.`,
    `${nf(a)} tire sur ${nf(t)} : ${roll.hits} touche(s), ${dmg} dégât(s)${los.cover ? ' (couvert +1 PR)' : ''}.`,
    { dice: [diceRoll(`${a.id} TIR ${value}`, roll, def, mods)], units: [a.id, t.id] },
  );
  wound(ctx, t, dmg, rule);
  weaponEffects(ctx, w, roll.hits, t);
}

// --- Esquive ---------------------------------------------------------------------------------------------------

const DODGE_STEPS = [3, 2.25, 1.5, 0.75];
const DODGE_DIRS = 16;

/**
 * HD-06: the legal dodge position farthest from the dodged adversary, searched over 16 directions and four
 * distances up to 3 toises: a straight move on the table, no Impraticable terrain, no base crossed, no enemy
 * contacted and no enemy zone of control entered (leaving the dodged adversary's is allowed). null if none.
 */
export function dodgeSpot(s: CompanyState, d: Combatant, from: Combatant): Vec2 | null {
  const r = prof(d).radius;
  let best: Vec2 | null = null;
  let bestGap = -Infinity;
  for (const step of DODGE_STEPS)
    for (let k = 0; k < DODGE_DIRS; k++) {
      const ang = (2 * Math.PI * k) / DODGE_DIRS;
      const p = { x: d.x + step * cos(ang), y: d.y + step * sin(ang) };
      if (p.x < r || p.y < r || p.x > s.table.width - r || p.y > s.table.height - r) continue;
      if (segmentMoveCost(s.table, d, p, moveCost) > ESQUIVE_MOVE + 1e-9) continue;
      if (s.table.terrain.some((t) => IMPRATICABLE.has(t.kind) && pointInPolygon(p, t.poly))) continue;
      let ok = true;
      for (const o of s.units) {
        if (!o.alive || o.id === d.id) continue;
        const ro = prof(o).radius;
        const t = entryParam(d, p, o, r + ro - 1e-6);
        if (t !== null && !(t === 0 && o.id === from.id)) {
          ok = false;
          break;
        }
        if (!isEnemy(d, o)) continue;
        if (edge(p, r, o) <= CONTACT) {
          ok = false;
          break;
        }
        if (o.id === from.id || !hasZoc(o) || edgeBetween(d, o) <= ZOC) continue;
        if (entryParam(d, p, o, r + ro + ZOC) !== null) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const gap = edge(p, r, from);
      if (gap > bestGap + 1e-9) {
        bestGap = gap;
        best = p;
      }
    }
  return best;
}

/** HD-06: may `d`, just contacted by `a`, try an Esquive? (checked before rolling: a refused try is not spent) */
export function canEsquive(s: CompanyState, d: Combatant, a: Combatant): boolean {
  const x = prof(d).abilities.esquive;
  if (!x || !d.alive || d.esquiveUsed || d.misAuSol || d.immobilise) return false;
  if (engaged(s, d, a.id)) return false;
  return dodgeSpot(s, d, a) !== null;
}

/** HD-15: en attente, libre (engaged by nobody else), not Sonné (ASSUMPTION), with a loaded ranged weapon. */
export function canTirDefensif(s: CompanyState, d: Combatant, a: Combatant): boolean {
  const w = prof(d).ranged;
  if (!prof(d).abilities.tirDefensif || !w || !d.alive || !a.alive) return false;
  if (d.activated || d.reload > 0 || d.sonne || d.misAuSol || d.immobilise) return false;
  return !engaged(s, d, a.id);
}

/** HD-25: an engaged reloader with Focalisations already made chooses how to take the passe. */
export function hasReloadChoice(d: Combatant): boolean {
  const x = prof(d).ranged?.rechargement ?? 0;
  return d.alive && x > 0 && d.reload > 0 && d.reload < x && d.immobilise === null;
}

export const controllerName = (u: Combatant) => controllerOf(u);
