/**
 * What every experiment variant (ai/cli/variants.ts) is made of: a ruleset with one part replaced. Each variant
 * lives in its own file of this folder, so a log's digest covers the variant it names and nothing else.
 */
import type { AnyRuleset, BaseState, Side } from '../../../src/engine/contract';
import type { EpicState } from '../../../src/rulesets/epic/types';
import type { Bot } from '../../bots';
import type { SearchReport } from '../../mcts';

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
 * Epic: Destruction Points `points` (enemy's minus own) on the scale `value` (epic candidates.ts) gives victory
 * points: 0.8 × points / (1 + the objectives' values + a tenth of the detachments' points).
 */
export function epicPointsValue(s: EpicState, points: number): number {
  let total = 1;
  for (const o of s.objectives) total += o.value;
  for (const d of s.dets) total += d.points / 10;
  return (0.8 * points) / total;
}

/**
 * The bot `inner` playing on its ruleset wrapped by `variant` (one wrapped copy per ruleset it is handed). Here
 * rather than in the registry, so that how a variant's bot is built is part of every variant's digest.
 */
export function variantBot(
  name: string,
  inner: Bot & { last?: SearchReport },
  variant: Variant,
): Bot & { last?: SearchReport } {
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
