/** The `epic` ruleset (seed 002, NetEpic Orks) behind the engine contract. */

import type { OddsReport, Ruleset } from '../../engine/contract';
import {
  convolve,
  type Distribution,
  distFromSuccessChance,
  saveChance,
  singleSuccessChance,
} from '../../engine/dice';
import { hypot } from '../../engine/dmath';
import { err, ok, type Result } from '../../engine/result';
import { type Rng, seedRng } from '../../engine/rng';
import { applyByCopy, inPlaceStep, outcomeOf, trustedStep, validateWith } from '../../engine/ruleset-kit';
import { epicCandidates, epicEvaluate, epicLegal, epicVariants, epicYardstick } from './candidates';
import { arcPa, toHitModifiers, weaponsInReach } from './combat';
import { explainEpic } from './explain';
import { check, decisionOf, exec, setupEpic } from './rules';
import { type EpicScenario, parseEpicScenario } from './scenario';
import { chooseOrder, epicScript } from './script';
import { detById, isBlocked, onTable, prof } from './state';
import {
  EPIC_SIDES,
  type EpicAction,
  type EpicAttack,
  type EpicBase,
  type EpicState,
  ORDERS,
  type Order,
} from './types';

/** A deep copy of a state: plain data, so a JSON-shaped manual copy is exact. */
export function cloneEpic(s: EpicState): EpicState {
  return {
    ...s,
    rng: { ...s.rng },
    table: s.table, // never mutated after set-up
    objectives: s.objectives.map((o) => ({ ...o })),
    bases: s.bases.map((b) => ({
      ...b,
      crushStop: b.crushStop ? { ...b.crushStop } : null,
      locs: b.locs ? { ...b.locs } : null,
    })),
    dets: s.dets.map((d) => ({ ...d, waaagh: d.waaagh ? { ...d.waaagh } : null })),
    sides: {
      blue: { ...s.sides.blue, ordersSeen: { ...s.sides.blue.ordersSeen } },
      red: { ...s.sides.red, ordersSeen: { ...s.sides.red.ordersSeen } },
    },
    pending: s.pending
      ? {
          ...s.pending,
          legs: s.pending.legs.map((l) => ({ base: l.base, from: { ...l.from }, to: { ...l.to } })),
          threats: [...s.pending.threats],
          ...(s.pending.alts ? { alts: [...s.pending.alts] as [number, number] } : {}),
          ...(s.pending.zones ? { zones: [...s.pending.zones] } : {}),
        }
      : null,
    powersUsed: [...s.powersUsed],
    assaultsDone: [...s.assaultsDone],
    moraleRerolls: [...s.moraleRerolls],
    offTable: s.offTable.map((f) => ({ ...f })),
    oaUse: s.oaUse.map((u) => ({ ...u })),
    structures: s.structures.map((x) => ({ ...x })),
    result: s.result ? { ...s.result, points: { ...s.result.points } } : null,
  };
}

export const applyEpicInPlace = inPlaceStep<EpicState, EpicAction>(check, exec);
export const applyEpicTrusted = trustedStep<EpicState, EpicAction>(exec);

/** What `side` may see: the other side's unrevealed orders are blanked, and the RNG's future is hidden. */
export function observeEpic(s: EpicState, side: string): EpicState {
  const o = cloneEpic(s);
  o.rng = { c: 0, s0: 0, s1: 0, s2: 0 };
  for (const d of o.dets)
    if (d.side !== side && !d.revealed && d.given && d.order !== null) {
      d.order = null;
      d.concealed = true;
    }
  return o;
}

/**
 * The belief over a face-down counter (ASSUMPTION, a fixed prior): Charge 30%, Avance 35%, Tir Appuyé 30%,
 * Retraite 5%. A detachment already activated has revealed its order, so only unactivated ones are sampled.
 */
const ORDER_PRIOR: [Order, number][] = [
  ['charge', 0.3],
  ['avance', 0.35],
  ['tirAppuye', 0.3],
  ['retraite', 0.05],
];

/**
 * The belief about a face-down counter: half the time the order its situation suggests (the scripted
 * player's choice: charge what is close, shoot what is in reach, else advance), half the time the prior.
 */
export const SITUATION_WEIGHT = 0.5;

/**
 * How much that belief weighs against the counters the side has shown so far (its `ordersSeen`), in counters
 * (ASSUMPTION): with n counters seen, a face-down one is drawn from the seen orders' frequencies with
 * probability n / (n + PRIOR_STRENGTH), else from the belief above. A player who gives Retraite one time in
 * four, or never charges, is believed to after a turn or two. Before any counter is shown it is the belief above.
 */
export const PRIOR_STRENGTH = 4;

function drawFrom<K extends string>(weights: [K, number][], total: number, rng: Rng): K {
  let u = rng.next() * total;
  for (const [k, w] of weights) {
    if (u < w) return k;
    u -= w;
  }
  return weights[weights.length - 1]![0];
}

/**
 * The belief with the situation's and the prior's weight `strength` in counters; `epicBelief(Infinity)` ignores
 * the orders seen (the belief before they were counted: bench/epic-belief.ts compares the two).
 */
export function epicBelief(strength: number): (obs: EpicState, side: string, rng: Rng) => EpicState {
  return (obs, _side, rng) => {
    const s = cloneEpic(obs);
    s.rng = seedRng(`det:${rng.next()}`);
    for (const d of s.dets) {
      if (!d.concealed) continue;
      delete d.concealed;
      const seen = s.sides[d.side].ordersSeen;
      const n = ORDERS.reduce((sum, o) => sum + seen[o], 0);
      if (n > 0 && Number.isFinite(strength) && rng.next() * (n + strength) < n) {
        d.order = drawFrom(
          ORDERS.map((o): [Order, number] => [o, seen[o]]),
          n,
          rng,
        );
        continue;
      }
      d.order = rng.next() < SITUATION_WEIGHT ? chooseOrder(s, d.id, rng) : drawFrom(ORDER_PRIOR, 1, rng);
    }
    return s;
  };
}

export const determinizeEpic = epicBelief(PRIOR_STRENGTH);

/** The attack an action makes, as `odds` takes it (the contract's `attackOf`): a detachment's shooting. */
export const epicAttack = (_s: EpicState, a: EpicAction): EpicAttack | null =>
  a.type === 'shoot' ? { det: a.det, target: a.target } : null;

/**
 * The exact distribution of casualties if detachment `det` shot `target` now (C4): each die's chance to
 * hit, then to fail its save, and a base dies when its unsaved hits reach its PdV. Elite re-rolls, QG
 * sacrifice and Régénération are not counted (the lines say so).
 */
export function oddsEpic(s: EpicState, attack: EpicAttack): Result<OddsReport> {
  const d = detById(s, attack.det);
  const t = detById(s, attack.target);
  if (!d || !t) return err('ERR_DET', 'Unknown detachment.', 'Détachement inconnu.');
  const perTarget = new Map<string, number[]>();
  const lines: OddsReport['lines'] = [];
  for (const a of s.bases) {
    if (a.det !== d.id || !onTable(a) || a.charged || isBlocked(s, a)) continue;
    let best: EpicBase | null = null;
    let bestD = Infinity;
    for (const x of s.bases) {
      if (x.det !== t.id || !onTable(x)) continue;
      const dd = hypot(x.x - a.x, x.y - a.y);
      if (dd < bestD && weaponsInReach(s, a, x).length > 0) {
        best = x;
        bestD = dd;
      }
    }
    if (!best) continue;
    const mods = toHitModifiers({ s }, a, best, {
      interception: false,
      counterCharge: false,
      snap: d.order === null,
    });
    const malus = mods.reduce((m, l) => m - l.value, 0);
    const reroll = d.order === 'tirAppuye' && a.moved === 0 ? 'ones' : 'none';
    for (const w of weaponsInReach(s, a, best)) {
      const target = w.toHit + malus;
      const pHit = singleSuccessChance(target, reroll);
      const pUnsaved = 1 - saveChance(prof(best).save, w.pa + arcPa(a, best));
      const list = perTarget.get(best.id) ?? [];
      for (let k = 0; k < w.attacks; k++) list.push(pHit * pUnsaved);
      perTarget.set(best.id, list);
      lines.push({
        label: { en: `${a.id} ${w.name.en} → ${best.id}`, fr: `${a.id} ${w.name.fr} → ${best.id}` },
        value: `${w.attacks} × ${target}+${reroll === 'ones' ? ' (re-roll 1s)' : ''}, save ${prof(best).save}+ PA ${w.pa + arcPa(a, best)}`,
      });
      for (const m of mods) lines.push({ label: m.label, value: String(m.value) });
    }
  }
  lines.push({ label: { en: 'not counted', fr: 'non compté' }, value: 'Elite, QG, régénération' });
  let casualties: Distribution = { min: 0, p: [1] };
  for (const [id, ps] of perTarget) {
    let unsaved: Distribution = { min: 0, p: [1] };
    for (const p of ps) unsaved = convolve(unsaved, distFromSuccessChance(1, p));
    const pdv = s.bases.find((b) => b.id === id)!.pdv;
    let pDead = 0;
    for (let k = pdv; k < unsaved.p.length; k++) pDead += unsaved.p[k]!;
    casualties = convolve(casualties, distFromSuccessChance(1, pDead));
  }
  const expected = casualties.p.reduce((a, p, k) => a + p * k, 0);
  const all = perTarget.size > 0 ? casualties.p[casualties.p.length - 1]! : 0;
  const targets = s.bases.filter((b) => b.det === t.id && onTable(b)).length;
  return ok({ lines, casualties: casualties.p, expected, destroyAll: perTarget.size === targets ? all : 0 });
}

export const epicRuleset: Ruleset<EpicState, EpicAction, EpicScenario, EpicAttack> = {
  id: 'epic',
  name: {
    en: 'Epic — detachments, Ordres, Interception, Assaut (NetEpic Orks)',
    fr: 'Epic — détachements, Ordres, Interception, Assaut (NetEpic Orks)',
  },
  sides: EPIC_SIDES,
  unit: 'cm',
  parseScenario: parseEpicScenario,
  setup: setupEpic,
  decision: decisionOf,
  legal: epicLegal,
  candidates: epicCandidates,
  validate: validateWith(check),
  apply: applyByCopy(cloneEpic, applyEpicInPlace),
  applyInPlace: applyEpicInPlace,
  applyTrusted: applyEpicTrusted,
  clone: cloneEpic,
  observe: observeEpic,
  determinize: determinizeEpic,
  outcome: (s) => outcomeOf(s.result),
  odds: oddsEpic,
  attackOf: epicAttack,
  explain: explainEpic,
  script: epicScript,
  // A turn is some 45 plies (11 Ordres, the initiative, activations, interceptions, combats). The search plays
  // each iteration to the end of the turn after the root's: 40 plies from wherever it stood valued a pass (which
  // ends a phase sooner) further on than a move (docs/rulesets/epic.md, "Rollouts to a point of the game").
  // 120 plies only bounds a rollout that would not end.
  rolloutPlies: 120,
  rolloutRound: (s: EpicState) => s.turn,
  variants: epicVariants,
  evaluate: epicEvaluate,
  yardstick: epicYardstick,
};
