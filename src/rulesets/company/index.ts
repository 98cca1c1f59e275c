/** The `company` ruleset (seed 004, Hell Dorado) behind the engine contract. */

import type { OddsReport, Ruleset } from '../../engine/contract';
import { type Distribution, d6PoolDistribution, distFromSuccessChance, distShift } from '../../engine/dice';
import { err, ok, type Result } from '../../engine/result';
import { type Rng, seedRng } from '../../engine/rng';
import { applyByCopy, inPlaceStep, outcomeOf, trustedStep, validateWith } from '../../engine/ruleset-kit';
import {
  companyCandidates,
  companyEvaluate,
  companyLegal,
  companyVariants,
  companyYardstick,
} from './candidates';
import { passeCbt, poolShape, protectionOf } from './combat';
import { explainCompany } from './explain';
import { check, contactDestination, decisionOf, exec, setupCompany } from './rules';
import { type CompanyScenario, parseCompanyScenario } from './scenario';
import { companyScript } from './script';
import { defOf, isEnemy, prof, sight, syncPairs, tirOf, touching, unitById } from './state';
import { COMPANY_SIDES, type CompanyAction, type CompanyAttack, type CompanyState } from './types';

/** A deep copy of a state: plain data, so a manual copy is exact. */
export function cloneCompany(s: CompanyState): CompanyState {
  return {
    ...s,
    rng: { ...s.rng },
    table: s.table, // never mutated after set-up
    objectives: s.objectives, // never mutated after set-up
    units: s.units.map((u) => ({
      ...u,
      sonne: u.sonne && { ...u.sonne },
      ralenti: u.ralenti && { ...u.ralenti },
      immobilise: u.immobilise && { ...u.immobilise },
      controle: u.controle && { ...u.controle },
      consume: u.consume.map((c) => ({ ...c })),
    })),
    pairs: s.pairs.map((p) => ({ ...p })),
    sides: { blue: { ...s.sides.blue }, red: { ...s.sides.red } },
    pending: s.pending && { ...s.pending },
    result: s.result && { ...s.result, points: { ...s.result.points } },
  };
}

export const applyCompanyInPlace = inPlaceStep<CompanyState, CompanyAction>(check, exec);
export const applyCompanyTrusted = trustedStep<CompanyState, CompanyAction>(exec);

/** What `side` may see: everything on the table is open in Hell Dorado; only the RNG's future is hidden. */
export function observeCompany(s: CompanyState, _side: string): CompanyState {
  const o = cloneCompany(s);
  o.rng = { c: 0, s0: 0, s1: 0, s2: 0 };
  return o;
}

/** Nothing is hidden but the dice: a copy of the observation with a fresh RNG drawn from the searcher's. */
export function determinizeCompany(obs: CompanyState, _side: string, rng: Rng): CompanyState {
  const s = cloneCompany(obs);
  s.rng = seedRng(`det:${rng.next()}`);
  return s;
}

/** Hits after HD-12: of `h` hits, min(X, h) are re-rolled once and hit again with chance q. */
function afterMaitre(hits: Distribution, x: number, q: number): number[] {
  const out: number[] = new Array(hits.p.length + hits.min).fill(0);
  hits.p.forEach((w, i) => {
    const h = hits.min + i;
    const k = Math.min(x, h);
    const again = distShift(distFromSuccessChance(k, q), h - k);
    again.p.forEach((v, j) => {
      out[again.min + j] = (out[again.min + j] ?? 0) + w * v;
    });
  });
  return out;
}

/**
 * The exact distribution of one attack as it would resolve now (C2/C3, HD-12): the hits of the attacker's
 * pool against the target's DEF (re-rolls of misses above 5 dice, the target's Maître d'arme), the damage
 * read from the table minus Protection, and the chance it kills. `casualties` = [survives, dies].
 */
/** The attack an order makes, as `odds` takes it (the contract's `attackOf`); null for any other action. */
export function companyAttack(s: CompanyState, a: CompanyAction): CompanyAttack | null {
  const attacker = decisionOf(s)?.unit;
  if (!attacker) return null;
  if (a.type === 'melee' || a.type === 'tir' || a.type === 'charge' || a.type === 'assaut')
    return { attacker, target: a.target, kind: a.type };
  return null;
}

export function oddsCompany(state: CompanyState, attack: CompanyAttack): Result<OddsReport> {
  let s = state;
  let a = unitById(s, attack.attacker);
  let t = unitById(s, attack.target);
  if (!a || !t || !a.alive || !t.alive || !isEnemy(a, t))
    return err('ERR_TARGET', 'Unknown attacker or target.', 'Attaquant ou cible inconnu.');
  const lines: OddsReport['lines'] = [];
  const contactMove = attack.kind === 'charge' || attack.kind === 'assaut';
  if (contactMove) {
    // The passe that follows the contact move, on a copy where the attacker stands where the engine would
    // put it: the contact is new, so Premier choc (HD-24) counts, Encombrante (HD-23) does not, and the
    // Charisme and Terreur around the contact point apply (C2). Reactions (HD-06, HD-15) are not counted.
    if (touching(a, t)) return err('ERR_CONTACT', 'Already in contact.', 'Déjà au contact.');
    s = cloneCompany(state);
    a = unitById(s, attack.attacker)!;
    t = unitById(s, attack.target)!;
    const to = contactDestination(s, a, t, attack.kind as 'charge' | 'assaut');
    a.x = to.x;
    a.y = to.y;
    syncPairs(s);
    if (!t.activated) t.tenace = a.id;
    lines.push({
      label: { en: 'reactions', fr: 'réactions' },
      value: 'Esquive, Tir défensif not counted / non comptés',
    });
  }
  let value: number;
  let cover = false;
  let maitre = 0;
  const weapon = attack.kind === 'tir' ? prof(a).ranged : prof(a).melee;
  if (!weapon) return err('ERR_TIR', 'No ranged weapon.', 'Pas d’arme à distance.');
  if (attack.kind !== 'tir') {
    if (!touching(a, t)) return err('ERR_TARGET', 'Not in contact.', 'Pas au contact.');
    const c = passeCbt(s, a, t);
    if (!c) return err('ERR_CBT', 'It has no CBT.', 'Il n’a pas de CBT.');
    value = c.value;
    for (const m of c.mods)
      if (m.value) lines.push({ label: m.label, value: `${m.value > 0 ? '+' : ''}${m.value} CBT` });
    maitre = prof(t).abilities.maitreDArme ?? 0;
  } else {
    value = tirOf(a) + (prof(a).abilities.tireurEntraine ?? 0);
    cover = sight(s, a, a, t).cover;
  }
  const def = defOf(t);
  const pr = protectionOf(s, t, cover);
  const shape = poolShape(value);
  const q = Math.min(1, Math.max(0, (7 - def) / 6));
  const base = d6PoolDistribution({
    dice: shape.dice,
    target: Math.max(1, def),
    reroll: 'failures',
    maxRerolls: shape.rerolls,
  });
  const hits = maitre
    ? afterMaitre(base, maitre, q)
    : Array.from({ length: base.min }, () => 0).concat(base.p);
  lines.push({
    label: { en: 'dice', fr: 'dés' },
    value: `${shape.dice} d6 ≥ ${def}, ${shape.rerolls} re-roll(s)`,
  });
  if (maitre)
    lines.push({ label: { en: "Maître d'arme (target)", fr: "Maître d'arme (cible)" }, value: `${maitre}` });
  lines.push({ label: { en: 'Protection', fr: 'Protection' }, value: `${pr}${cover ? ' (cover +1)' : ''}` });
  let kill = 0;
  let expectedDamage = 0;
  hits.forEach((p, h) => {
    const dmg = Math.max(0, (weapon.damage[Math.min(5, h)] ?? 0) - pr) + shape.auto;
    expectedDamage += p * dmg;
    if (dmg >= t.pv) kill += p;
  });
  lines.push({ label: { en: 'expected damage', fr: 'dégâts moyens' }, value: expectedDamage.toFixed(3) });
  if (attack.kind !== 'tir' && !attack.sansRiposte)
    lines.push({ label: { en: 'riposte', fr: 'riposte' }, value: 'not counted / non comptée' });
  return ok({ lines, casualties: [1 - kill, kill], expected: kill, destroyAll: kill });
}

export const companyRuleset: Ruleset<CompanyState, CompanyAction, CompanyScenario, CompanyAttack> = {
  id: 'company',
  name: {
    en: 'Company — passes d’armes, zones of control, states, Focalisation (Hell Dorado)',
    fr: 'Compagnie — passes d’armes, zones de contrôle, états, Focalisation (Hell Dorado)',
  },
  sides: COMPANY_SIDES,
  unit: 'toise',
  parseScenario: parseCompanyScenario,
  setup: setupCompany,
  decision: decisionOf,
  legal: companyLegal,
  candidates: companyCandidates,
  validate: validateWith(check),
  apply: applyByCopy(cloneCompany, applyCompanyInPlace),
  applyInPlace: applyCompanyInPlace,
  applyTrusted: applyCompanyTrusted,
  clone: cloneCompany,
  observe: observeCompany,
  determinize: determinizeCompany,
  // A company activation rolls at once (a passe d'armes, a shot): two options are told apart on the same dice
  // (docs/ai.md, "Paired dice in company").
  pairedDice: true,
  outcome: (s) => outcomeOf(s.result),
  odds: oddsCompany,
  attackOf: companyAttack,
  explain: explainCompany,
  script: companyScript,
  variants: companyVariants,
  evaluate: companyEvaluate,
  yardstick: companyYardstick,
};
