/**
 * The odds display model (docs/lessons.md): from `ruleset.odds(state, attack)`, a histogram in whole
 * percents that sums to exactly 100 (largest-remainder rounding), the chances worth a headline, the
 * expected result and one line per modifier; and "what can the enemy do to this unit": every enemy attack
 * possible now against it, with its odds, the most dangerous first.
 */
import type { AnyRuleset, BaseState, OddsReport } from '../engine/contract';
import { gameError, type Message, type Result } from '../engine/result';
import { shootTargets, touching } from '../rulesets/company/state';
import type { CompanyAttack, CompanyState } from '../rulesets/company/types';
import type { EpicAttack, EpicState } from '../rulesets/epic/types';

/**
 * Rounds shares to whole units summing to exactly `total`: each gets the floor of its exact share, then the
 * units left go to the largest remainders (ties: the earlier entry). Shares are normalised first; all zero
 * gives all zero.
 */
export function largestRemainder(shares: number[], total = 100): number[] {
  const clean = shares.map((x) => (Number.isFinite(x) && x > 0 ? x : 0));
  const sum = clean.reduce((a, b) => a + b, 0);
  if (sum === 0) return clean.map(() => 0);
  const exact = clean.map((x) => (x / sum) * total);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0 && k < order.length; k++, left--) out[order[k]!.i]!++;
  return out;
}

export interface HistogramBar {
  /** The number of casualties (epic: bases destroyed; company: 0 survives, 1 dies). */
  outcome: number;
  label: Message;
  /** The engine's exact probability. */
  probability: number;
  /** Whole percent; the bars sum to exactly 100. */
  percent: number;
}

export interface OddsView {
  bars: HistogramBar[];
  /** Chance of at least one casualty (a base destroyed, a combatant killed). */
  atLeastOne: number;
  /** Chance every target is destroyed. */
  destroyAll: number;
  /** Expected casualties. */
  expected: number;
  /** Expected damage (PV), when the ruleset reports it (company); else null. */
  expectedDamage: number | null;
  /** Headline figures in whole percents. */
  percent: { atLeastOne: number; destroyAll: number };
  /** One line per weapon and modifier, as the engine words them. */
  lines: OddsReport['lines'];
}

const pct = (p: number): number => Math.round(Math.max(0, Math.min(1, p)) * 100);

function outcomeLabel(ruleset: string, k: number, of: number): Message {
  if (ruleset === 'company') return k === 0 ? { en: 'survives', fr: 'survit' } : { en: 'killed', fr: 'tué' };
  if (k === 0) return { en: 'no casualty', fr: 'aucune perte' };
  return {
    en: `${k} base${k > 1 ? 's' : ''} destroyed${k === of ? ' (all)' : ''}`,
    fr: `${k} socle${k > 1 ? 's' : ''} détruit${k > 1 ? 's' : ''}${k === of ? ' (tous)' : ''}`,
  };
}

/** The display model of an odds report. `ruleset` picks the outcome words. */
export function oddsView(ruleset: string, report: OddsReport): OddsView {
  const percents = largestRemainder(report.casualties);
  const last = report.casualties.length - 1;
  const damageLine = report.lines.find((l) => l.label.en === 'expected damage');
  const damage = damageLine ? Number.parseFloat(damageLine.value) : Number.NaN;
  const atLeastOne = 1 - (report.casualties[0] ?? 1);
  return {
    bars: report.casualties.map((p, k) => ({
      outcome: k,
      label: outcomeLabel(ruleset, k, last),
      probability: p,
      percent: percents[k]!,
    })),
    atLeastOne,
    destroyAll: report.destroyAll,
    expected: report.expected,
    expectedDamage: Number.isFinite(damage) ? damage : null,
    percent: { atLeastOne: pct(atLeastOne), destroyAll: pct(report.destroyAll) },
    lines: report.lines,
  };
}

/** `ruleset.odds` then `oddsView`. */
export function attackOdds(ruleset: AnyRuleset, state: BaseState, attack: unknown): Result<OddsView> {
  const r = ruleset.odds(state, attack);
  return r.ok ? { ok: true, value: oddsView(ruleset.id, r.value) } : r;
}

// --- what can the enemy do to this unit -------------------------------------------------------------------

export interface Threat {
  /** The enemy that could attack (epic: a detachment; company: a combatant). */
  attacker: string;
  /** The attack as the ruleset's `odds` takes it. */
  attack: unknown;
  view: OddsView;
}

/**
 * epic: every enemy detachment with a base that can reach the unit's detachment now (range, sight, arc) and
 * that may still fire this turn (not on a revealed Charge, not routed, its counter not spent). A counter the
 * viewer cannot see is taken as Tir Appuyé, the worst case.
 */
function epicThreats(ruleset: AnyRuleset, s: EpicState, unit: string): Threat[] {
  const target =
    s.dets.find((d) => d.id === unit) ?? s.dets.find((d) => d.id === s.bases.find((b) => b.id === unit)?.det);
  if (!target) return [];
  const worst: EpicState = ruleset.clone(s);
  for (const d of worst.dets)
    if (d.concealed) {
      d.order = 'tirAppuye';
      delete d.concealed;
    }
  const out: Threat[] = [];
  for (const d of worst.dets) {
    if (
      d.side === target.side ||
      d.routed ||
      d.intercepted ||
      d.acted ||
      (d.order === 'charge' && d.revealed)
    )
      continue;
    const attack: EpicAttack = { det: d.id, target: target.id };
    const r = ruleset.odds(worst, attack);
    if (!r.ok || r.value.casualties.length < 2) continue;
    out.push({ attacker: d.id, attack, view: oddsView('epic', r.value) });
  }
  return out;
}

/** company: every enemy in contact (a passe) and every loaded enemy shooter that would pick it as target. */
function companyThreats(ruleset: AnyRuleset, s: CompanyState, unit: string): Threat[] {
  const t = s.units.find((u) => u.id === unit && u.alive);
  if (!t) return [];
  const out: Threat[] = [];
  for (const a of s.units) {
    if (!a.alive || (a.controle?.by ?? a.owner) === (t.controle?.by ?? t.owner)) continue;
    const attacks: CompanyAttack[] = [];
    if (touching(a, t)) attacks.push({ attacker: a.id, target: t.id, kind: 'melee' });
    if (a.reload === 0 && shootTargets(s, a, a).some((x) => x.id === t.id))
      attacks.push({ attacker: a.id, target: t.id, kind: 'tir' });
    for (const attack of attacks) {
      const r = ruleset.odds(s, attack);
      if (r.ok) out.push({ attacker: a.id, attack, view: oddsView('company', r.value) });
    }
  }
  return out;
}

/**
 * What the enemy can do to `unit` now (an epic base or detachment id, a company combatant id), the most
 * dangerous first (expected casualties, then the chance to destroy all). Pass the state the viewer may see.
 */
export function threatsTo(ruleset: AnyRuleset, state: BaseState, unit: string): Result<Threat[]> {
  let threats: Threat[];
  if (ruleset.id === 'epic') threats = epicThreats(ruleset, state as unknown as EpicState, unit);
  else if (ruleset.id === 'company')
    threats = companyThreats(ruleset, state as unknown as CompanyState, unit);
  else
    return {
      ok: false,
      error: gameError(
        'ERR_ODDS_RULESET',
        `Threat odds are not available for ${ruleset.id}.`,
        `Les risques ne sont pas disponibles pour ${ruleset.id}.`,
      ),
    };
  threats.sort(
    (a, b) =>
      b.view.expected - a.view.expected ||
      b.view.destroyAll - a.view.destroyAll ||
      a.attacker.localeCompare(b.attacker),
  );
  return { ok: true, value: threats };
}

/** The single most dangerous enemy attack on `unit`, or null when none can reach it. */
export function bestEnemyAttack(ruleset: AnyRuleset, state: BaseState, unit: string): Threat | null {
  const t = threatsTo(ruleset, state, unit);
  return t.ok ? (t.value[0] ?? null) : null;
}
