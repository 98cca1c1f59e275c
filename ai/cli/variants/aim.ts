/** The `aim` variant (epic): the script aims the Weirdboy's Bzzzt! where greedy would, not at the first listed. */
import type { AnyRuleset, BaseAction, BaseState } from '../../../src/engine/contract';
import { type Rng, seedRng } from '../../../src/engine/rng';
import type { EpicAction } from '../../../src/rulesets/epic/types';
import type { Variant } from './kit';

type Script = (s: BaseState, rng: Rng, given?: readonly BaseAction[]) => BaseAction;

/** `base` with its `script` (the scripted player, and the search's rollouts and hint) replaced. */
export function withScript(base: AnyRuleset, script: Script): AnyRuleset {
  const r = Object.create(base) as AnyRuleset;
  Object.defineProperty(r, 'script', { value: script, enumerable: true });
  return r;
}

/**
 * Epic's script, except where it calls a Bzzzt!: its combat step takes the first Bzzzt! its candidates list, the
 * first enemy detachment in reach in the state's order (the Space Marines' Land Raiders come last). Here the same
 * Weirdboy's Bzzzt! goes to the target whose result the ruleset's yardstick likes best for the side that calls
 * it, over `samples` dice draws from the caller's RNG each, as the greedy bot chooses (ai/bots.ts); ties keep the
 * earlier target. The lookahead goes through `applyInPlace`, so every target is checked.
 */
export function aimedBzzzt(base: AnyRuleset, samples = 2): Script {
  const script = base.script;
  if (!script) throw new Error(`${base.id} has no script to aim`);
  const judge = (base.yardstick ?? base.evaluate).bind(base);
  return (s, rng, given) => {
    const a = script.call(base, s, rng, given) as EpicAction;
    if (a.type !== 'bzzzt') return a;
    const options = (given ?? base.candidates(s)).filter(
      (o): o is EpicAction & { type: 'bzzzt' } =>
        (o as EpicAction).type === 'bzzzt' && (o as EpicAction & { type: 'bzzzt' }).base === a.base,
    );
    if (options.length < 2) return a;
    const side = base.decision(s)!.side;
    let best: BaseAction = a;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const o of options) {
      let total = 0;
      for (let k = 0; k < samples; k++) {
        const copy = base.clone(s);
        copy.rng = seedRng(`${rng.next()}`);
        total += base.applyInPlace(copy, o) ? -2 : judge(copy, side);
      }
      if (total > bestValue) {
        bestValue = total;
        best = o;
      }
    }
    return best;
  };
}

export const aim: Variant = {
  about:
    "epic: the script (the search's rollouts and its hint) aims the Weirdboy's Bzzzt! at the target greedy's " +
    'one-ply lookahead likes best, not at the first listed: greedy broke the Land Raiders that way in three games ' +
    'lost to it, and the rollouts never threatened them so (docs/rulesets/epic.md, "The Weirdboy\'s Bzzzt! in ' +
    'the games lost to greedy")',
  wrap: (base) => {
    if (base.id !== 'epic') throw new Error(`the aim variant has no script for ${base.id}`);
    return withScript(base, aimedBzzzt(base));
  },
};
