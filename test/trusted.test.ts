/**
 * `applyTrusted` (the search's hot path, contract.ts) skips the legality check, so it must do exactly what
 * `applyInPlace` does for every action the ruleset itself produces: each candidate and the scripted action,
 * on positions of scripted and random games, give the same state, dice included.
 */
import { describe, expect, it } from 'vitest';
import { randomBot, scriptedBot } from '../ai/bots';
import { playMatch } from '../ai/match';
import type { BaseAction, BaseState } from '../src/engine/contract';
import { hashState } from '../src/engine/hash';
import { Rng, seedRng } from '../src/engine/rng';
import { rulesets, scenarios } from '../src/rulesets/registry';

describe.each(Object.entries(rulesets))('%s: applyTrusted', (id, ruleset) => {
  it('exists, so the search skips a second check', () => {
    expect(typeof ruleset.applyTrusted).toBe('function');
  });
  for (const sc of scenarios[id] ?? [])
    it(`${sc.id}: equals applyInPlace on every candidate and scripted action`, { timeout: 120_000 }, () => {
      const [a, b] = ruleset.sides as [string, string];
      const rng = new Rng(seedRng(`trusted:${sc.id}`));
      let compared = 0;
      for (let g = 0; g < 2; g++)
        playMatch(
          ruleset,
          sc.id,
          sc.data,
          `trusted${g}`,
          g === 0
            ? { [a]: scriptedBot(`s${g}`), [b]: randomBot(`r${g}`) }
            : { [a]: randomBot(`r${g}`), [b]: scriptedBot(`s${g}`) },
          {
            onPly: (state) => {
              if (!ruleset.decision(state) || state.ply % 3 !== 0) return;
              const options: BaseAction[] = ruleset.candidates(state);
              const picks =
                options.length <= 4 ? options : [0, 1, 2, 3].map(() => options[rng.int(options.length)]!);
              if (ruleset.script) picks.push(ruleset.script(state, new Rng(seedRng(`script:${state.ply}`))));
              for (const action of picks) {
                const checked: BaseState = ruleset.clone(state);
                const trusted: BaseState = ruleset.clone(state);
                expect(ruleset.applyInPlace(checked, action)).toBeNull();
                ruleset.applyTrusted!(trusted, action);
                expect(hashState(trusted)).toBe(hashState(checked));
                compared++;
              }
            },
          },
        );
      expect(compared).toBeGreaterThan(50);
    });
});
