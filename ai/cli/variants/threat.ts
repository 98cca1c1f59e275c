/** The `threat` variant: the evaluation plus half the points each side has at risk next turn. */
import type { BaseState, Side } from '../../../src/engine/contract';
import { type Distribution, d6PoolDistribution } from '../../../src/engine/dice';
import { poolShape, protectionOf } from '../../../src/rulesets/company/combat';
import {
  cbtOf,
  prof as companyProf,
  defOf,
  dptOf,
  edgeBetween,
  isEnemy,
  tirOf,
} from '../../../src/rulesets/company/state';
import type { CompanySide, CompanyState, Weapon } from '../../../src/rulesets/company/types';
import { onTable, other, prof, weapon } from '../../../src/rulesets/epic/state';
import type { EpicBase, EpicSide, EpicState } from '../../../src/rulesets/epic/types';
import { epicPointsValue, type Variant, withTerm } from './kit';

/** C4: the chance one attack die of `w` hits, before modifiers (above 6: a 6, then 4+). */
function hitChance(toHit: number): number {
  if (toHit > 6) return 1 / 12;
  return (7 - Math.max(2, toHit)) / 6;
}

/** C4: the chance a base with armour `save` fails its save against PA `pa` (D6 + PA ≥ save passes; a 1 fails). */
function failChance(save: number, pa: number): number {
  if (save >= 7) return 1;
  const pass = Math.min(5 / 6, Math.max(0, (7 - (save - pa)) / 6));
  return 1 - pass;
}

/**
 * Epic: the PdV a detachment can expect to lose to enemy fire next turn, for each detachment not yet Broken,
 * against what it can still lose before it breaks (C7/C14: half its starting PdV). An enemy base threatens it
 * when one of its weapons reaches a base of it after a move (its move allowance plus the weapon's range; line
 * of sight, arcs and the one-target-a-turn limit are ignored: every base in reach counts whole). Returns the
 * Destruction Points at risk for each side: Σ points × min(1, expected loss / PdV left before Broken).
 */
export function epicRisk(s: EpicState): Record<EpicSide, number> {
  const risk: Record<EpicSide, number> = { blue: 0, red: 0 };
  for (const d of s.dets) {
    if (d.broken) continue;
    const mine: EpicBase[] = [];
    for (const b of s.bases) if (b.det === d.id && onTable(b)) mine.push(b);
    if (mine.length === 0) continue;
    const left = Math.ceil(d.startPdv / 2) - d.lostPdv;
    if (left <= 0) continue;
    const save = prof(mine[0]!).save;
    let expected = 0;
    for (const e of s.bases) {
      if (e.side === d.side || !onTable(e)) continue;
      const p = prof(e);
      let near = Infinity;
      for (const b of mine) near = Math.min(near, Math.hypot(b.x - e.x, b.y - e.y));
      for (const id of p.weapons) {
        const w = weapon(id);
        if (!w || w.abilities?.bombe || near > p.move + w.range) continue;
        const dice = w.abilities?.instable ? 3.5 : w.attacks;
        expected += dice * hitChance(w.toHit) * failChance(save, w.pa) * (1 + (w.abilities?.degats ?? 0));
      }
    }
    risk[d.side] += d.points * Math.min(1, expected / left);
  }
  return risk;
}

/**
 * The `threat` variant's term for `side`: half the Destruction Points the enemy has at risk minus half of this
 * side's, on the evaluation's scale (`epicPointsValue`).
 */
export function epicThreatTerm(s: EpicState, side: EpicSide): number {
  if (s.result) return 0;
  const risk = epicRisk(s);
  return epicPointsValue(s, 0.5 * (risk[other(side)] - risk[side]));
}

const pools = new Map<string, Distribution>();
/** C2: the hits of a pool of `value` against DEF `def` (five dice at most, misses re-rolled beyond 5), memoised. */
function poolHits(value: number, def: number): { hits: Distribution; auto: number } {
  const shape = poolShape(value);
  const key = `${shape.dice}/${shape.rerolls}/${def}`;
  let hits = pools.get(key);
  if (!hits) {
    hits = d6PoolDistribution({
      dice: shape.dice,
      target: Math.max(1, def),
      reroll: 'failures',
      maxRerolls: shape.rerolls,
    });
    pools.set(key, hits);
  }
  return { hits, auto: shape.auto };
}

/** C2/C3: the damage one attack of `w` at pool `value` can expect against DEF `def` and Protection `pr`. */
export function expectedDamage(w: Weapon, value: number, def: number, pr: number): number {
  const { hits, auto } = poolHits(value, def);
  let e = 0;
  hits.p.forEach((q, i) => {
    e += q * (Math.max(0, (w.damage[Math.min(5, hits.min + i)] ?? 0) - pr) + auto);
  });
  return e;
}

/**
 * Company: the kill points each side has at risk. A combatant is threatened by each enemy that could attack it
 * at its next activation: in melee if the enemy can charge it (edge to edge within 2 × its DPT, C1) and has a
 * CBT, by a shot if its loaded ranged weapon reaches it where it stands (C3). Each threat's expected damage
 * from one attack (`expectedDamage`; Charisme, Premier choc, reactions and cover ignored) adds up, against
 * the PV it has left: Σ points × min(1, expected damage / PV), by the side that would give the points (C11).
 */
export function companyRisk(s: CompanyState): Record<CompanySide, number> {
  const risk: Record<CompanySide, number> = { blue: 0, red: 0 };
  for (const u of s.units) {
    if (!u.alive) continue;
    const def = defOf(u);
    let expected = 0;
    for (const e of s.units) {
      if (!e.alive || !isEnemy(e, u)) continue;
      const d = edgeBetween(e, u);
      const p = companyProf(e);
      const cbt = cbtOf(e);
      if (cbt !== null && cbt > 0 && d <= 2 * dptOf(e) + 1e-9)
        expected += expectedDamage(p.melee, cbt, def, protectionOf(s, u, false));
      if (p.ranged?.range && e.reload === 0 && d <= p.ranged.range)
        expected += expectedDamage(
          p.ranged,
          tirOf(e) + (p.abilities.tireurEntraine ?? 0),
          def,
          protectionOf(s, u, false),
        );
    }
    risk[u.owner] += companyProf(u).points * Math.min(1, expected / Math.max(1, u.pv));
  }
  return risk;
}

/** The `threat` variant's term for company: half the kill points at risk, on the evaluation's scale (/ 200). */
export function companyThreatTerm(s: CompanyState, side: CompanySide): number {
  if (s.result) return 0;
  const risk = companyRisk(s);
  const foe: CompanySide = side === 'blue' ? 'red' : 'blue';
  return (0.5 * (risk[foe] - risk[side])) / 200;
}

export const threat: Variant = {
  about:
    "epic and company: the evaluation adds the threat to each detachment or combatant (the issue names threat among the leaf's terms): " +
    'half the points each side has at risk from the enemy next turn (`epicRisk`, `companyRisk`), against the ' +
    'epic games lost when a fast detachment ended far forward and was shot down (docs/rulesets/epic.md, ' +
    '"The three games not won on 3ee47f67bb3d3211")',
  wrap: (base) => {
    const term =
      base.id === 'epic'
        ? (s: BaseState, side: Side) => epicThreatTerm(s as EpicState, side as EpicSide)
        : base.id === 'company'
          ? (s: BaseState, side: Side) => companyThreatTerm(s as CompanyState, side as CompanySide)
          : null;
    if (!term) throw new Error(`the threat variant has no term for ${base.id}`);
    return withTerm(base, term);
  },
};
