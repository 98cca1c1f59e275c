/**
 * Experiments, not play code. A tournament bot named `<bot>+<variant>` (e.g. `mcts-it:300+margin`) is the bot
 * of ai/bots.ts playing on its ruleset with one part replaced by the variant's. Played against the bot itself
 * (`--a mcts-it:300+margin --b mcts-it:300`), it measures a change head to head on main's code, without a scratch
 * clone: ai/bots.ts, the search and the rulesets are untouched, so the play code's digest stays. The log's
 * digest (`variantCode`) adds this file's, so a log never mixes two versions of a variant. Keep such logs in
 * bench/tournaments/experiments/: `npm run figures` counts the pairings of issue #5's goals only.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyRuleset, BaseState, Side } from '../../src/engine/contract';
import { type Distribution, d6PoolDistribution } from '../../src/engine/dice';
import { type Rng, seedRng } from '../../src/engine/rng';
import { poolShape, protectionOf } from '../../src/rulesets/company/combat';
import {
  cbtOf,
  prof as companyProf,
  defOf,
  dptOf,
  edgeBetween,
  isEnemy,
  tirOf,
} from '../../src/rulesets/company/state';
import type { CompanySide, CompanyState, Weapon } from '../../src/rulesets/company/types';
import {
  COMMAND_RADIUS,
  detAlive,
  detHas,
  onTable,
  other,
  prof,
  weapon,
} from '../../src/rulesets/epic/state';
import type { EpicBase, EpicSide, EpicState } from '../../src/rulesets/epic/types';
import { type Bot, isBotName, makeBot } from '../bots';
import type { SearchReport } from '../mcts';

export interface Variant {
  about: string;
  /** The ruleset the bot plays on: `base` with one part replaced. Never mutates `base`. */
  wrap(base: AnyRuleset): AnyRuleset;
}

/** `base` with its `evaluate` replaced; everything else is `base`'s own (its prototype). */
export function withEvaluate(base: AnyRuleset, evaluate: (s: BaseState, side: Side) => number): AnyRuleset {
  const r = Object.create(base) as AnyRuleset;
  Object.defineProperty(r, 'evaluate', { value: evaluate, enumerable: true });
  return r;
}

/**
 * `base` seen whole: `observe` keeps the other side's secrets and `determinize` only re-draws the dice, as the
 * search's `allSeeing` option does (ai/mcts.ts `sample`, the same draw from the searcher's RNG). So
 * `mcts-it:<n>+sees` is the `oracle:<ms>` yardstick on an iteration budget: deterministic, and set beside
 * `mcts-it:<n>` on the same seeds, it tells what seeing the orders is worth without the time budget's noise.
 */
export function seeingAll(base: AnyRuleset): AnyRuleset {
  const r = Object.create(base) as AnyRuleset;
  Object.defineProperty(r, 'observe', { value: (s: BaseState) => base.clone(s), enumerable: true });
  Object.defineProperty(r, 'determinize', {
    value: (observation: BaseState, _side: Side, rng: Rng) => {
      const s = base.clone(observation);
      s.rng = seedRng(`sample:${rng.next()}`);
      return s;
    },
    enumerable: true,
  });
  return r;
}

/**
 * `base` whose evaluation adds `term` while the game goes on (a finished game keeps its ±1 or 0), kept within
 * ±0.99 so that no position is worth as much as a finished game.
 */
export function withTerm(base: AnyRuleset, term: (s: BaseState, side: Side) => number): AnyRuleset {
  return withEvaluate(base, (s, side) => {
    const v = base.evaluate(s, side);
    if ((s as BaseState & { result?: unknown }).result) return v;
    return Math.max(-0.99, Math.min(0.99, v + term(s, side)));
  });
}

/**
 * A finished game's value for `side` with its score's margin: ±0.9 for a win or a loss and 0 for a draw, plus a
 * tenth of (my points − theirs) / (all points). Null while the game goes on.
 */
export function marginValue(r: AnyRuleset, s: BaseState, side: Side): number | null {
  const o = r.outcome(s);
  if (o.status !== 'finished') return null;
  let mine = 0;
  let theirs = 0;
  for (const [sd, p] of Object.entries(o.points)) {
    if (sd === side) mine += p;
    else theirs += p;
  }
  const result = o.winner === side ? 0.9 : o.winner === null ? 0 : -0.9;
  return result + (0.1 * (mine - theirs)) / Math.max(1, mine + theirs);
}

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
 * Epic: Destruction Points `points` (enemy's minus own) on the scale `value` (epic candidates.ts) gives victory
 * points: 0.8 × points / (1 + the objectives' values + a tenth of the detachments' points).
 */
function epicPointsValue(s: EpicState, points: number): number {
  let total = 1;
  for (const o of s.objectives) total += o.value;
  for (const d of s.dets) total += d.points / 10;
  return (0.8 * points) / total;
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

/**
 * Epic, C1/C2: the Destruction Points of each side's detachments that would get no Ordre if the Orders phase were
 * now: alive, not Broken, not already due a Retraite (routed, or no counter after a failed rally), without the
 * NE-U48 ability, and with no living base within the command radius (25 cm) of a living QG base of its side.
 * The same test as the rules' `inCommand` (rules.ts), restated here so the play code stays as it is.
 */
export function epicOutOfCommand(s: EpicState): Record<EpicSide, number> {
  const out: Record<EpicSide, number> = { blue: 0, red: 0 };
  const qgs = s.bases.filter((q) => q.alive && prof(q).abilities.qg);
  for (const d of s.dets) {
    if (d.broken || d.routed || d.noCounter || !detAlive(s, d.id)) continue;
    if (detHas(s, d, 'NE-U48', 'ordresSansChef')) continue;
    const near = s.bases.some(
      (b) =>
        b.alive &&
        b.det === d.id &&
        qgs.some((q) => q.side === d.side && Math.hypot(q.x - b.x, q.y - b.y) <= COMMAND_RADIUS),
    );
    if (!near) out[d.side] += d.points;
  }
  return out;
}

/**
 * The `command` variant's term for `side`: a quarter of the Destruction Points of the enemy's detachments out of
 * command minus a quarter of this side's, on the evaluation's scale (`epicPointsValue`). A detachment out of
 * command gets no Ordre next turn: no Retraite, no Charge; it holds (fire at −1) or regroups (a move, no fire;
 * NE-U94). That is the cost the games in docs/rulesets/epic.md ("The thirteen games not won against scripted")
 * paid, and one a rollout to the end of the next turn sees only in part.
 */
export function epicCommandTerm(s: EpicState, side: EpicSide): number {
  if (s.result) return 0;
  const out = epicOutOfCommand(s);
  return epicPointsValue(s, 0.25 * (out[other(side)] - out[side]));
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

export const VARIANTS: Record<string, Variant> = {
  margin: {
    about:
      "a finished game is worth ±0.9 plus a tenth of the score's margin, not ±1 or 0: once nearly every rollout " +
      'wins, the search still prefers the lines that keep more points (docs/rulesets/epic.md, "The three games ' +
      'not won on 3ee47f67bb3d3211")',
    wrap: (base) => withEvaluate(base, (s, side) => marginValue(base, s, side) ?? base.evaluate(s, side)),
  },
  threat: {
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
  },
  sees: {
    about:
      "the search sees the other side's secret orders (`seeingAll`): the honesty pairing's `oracle:<ms>` on an " +
      'iteration budget, so `--a mcts-it:300+sees --b greedy` beside `--a mcts-it:300 --b greedy` on the same seeds ' +
      'compares the two without the time budget\'s noise (docs/ai.md, "The honesty pairing on 3ee47f67bb3d3211")',
    wrap: seeingAll,
  },
  command: {
    about:
      'epic: the evaluation subtracts a quarter of the Destruction Points of the detachments that would get no ' +
      "Ordre next turn, out of command range (`epicOutOfCommand`), and adds the enemy's: the games lost to " +
      'scripted left a fast detachment out of command, with no Retraite (docs/rulesets/epic.md, "The thirteen ' +
      'games not won against scripted")',
    wrap: (base) => {
      if (base.id !== 'epic') throw new Error(`the command variant has no term for ${base.id}`);
      return withTerm(base, (s, side) => epicCommandTerm(s as EpicState, side as EpicSide));
    },
  },
};

const NAME = /^(.+)\+([a-z-]+)$/;

/** `mcts-it:300+margin` → its bot and variant, or null when `name` names no variant. */
export function parseVariantName(name: string): { bot: string; variant: string } | null {
  const m = NAME.exec(name);
  return m ? { bot: m[1]!, variant: m[2]! } : null;
}

/** A bot name a tournament takes: one of ai/bots.ts, or one of those with a known variant. */
export function isTournamentBot(name: string): boolean {
  const v = parseVariantName(name);
  return v ? isBotName(v.bot) && v.variant in VARIANTS : isBotName(name);
}

/** The bot `name` names (see `isTournamentBot`); a variant's plays on its wrapped ruleset. */
export function makeTournamentBot(name: string, seed: string): Bot & { last?: SearchReport } {
  const v = parseVariantName(name);
  if (!v) return makeBot(name, seed);
  const variant = VARIANTS[v.variant];
  if (!variant) throw new Error(`unknown variant "${v.variant}"`);
  const inner: Bot & { last?: SearchReport } = makeBot(v.bot, seed);
  const wrapped = new WeakMap<AnyRuleset, AnyRuleset>();
  const on = (r: AnyRuleset) => {
    let w = wrapped.get(r);
    if (!w) wrapped.set(r, (w = variant.wrap(r)));
    return w;
  };
  return {
    name,
    choose: (r, state) => inner.choose(on(r), state),
    ...(inner.notify ? { notify: (a) => inner.notify!(a) } : {}),
    get last() {
      return inner.last;
    },
    set last(report) {
      inner.last = report;
    },
  };
}

/** The digest a tournament log records: the play code's, and this file's when a bot names a variant. */
export function variantCode(playCode: string, names: readonly string[], root = process.cwd()): string {
  if (!names.some((n) => parseVariantName(n) !== null)) return playCode;
  const own = createHash('sha256')
    .update(readFileSync(join(root, 'ai/cli/variants.ts')))
    .digest('hex')
    .slice(0, 8);
  return `${playCode}+${own}`;
}
