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

export const VARIANTS: Record<string, Variant> = {
  margin: {
    about:
      "a finished game is worth ±0.9 plus a tenth of the score's margin, not ±1 or 0: once nearly every rollout " +
      'wins, the search still prefers the lines that keep more points (docs/rulesets/epic.md, "The three games ' +
      'not won on 3ee47f67bb3d3211")',
    wrap: (base) => withEvaluate(base, (s, side) => marginValue(base, s, side) ?? base.evaluate(s, side)),
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
