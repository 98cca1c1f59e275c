/**
 * Progressive widening's variants (contract `variants`): for every ruleset and scenario, variants of the
 * continuous moves the candidates propose are new actions of the same kind, many of them legal, and the
 * discrete actions have none.
 */
import { describe, expect, it } from 'vitest';
import { randomBot, scriptedBot } from '../ai/bots';
import { playMatch } from '../ai/match';
import { keyOf } from '../ai/mcts';
import type { BaseAction } from '../src/engine/contract';
import { Rng, seedRng } from '../src/engine/rng';
import { rulesets, scenarios } from '../src/rulesets/registry';

const CONTINUOUS = new Set(['moveDet', 'move', 'marche', 'course', 'fuite']);

describe.each(Object.entries(rulesets))('%s: variants', (id, ruleset) => {
  for (const sc of scenarios[id] ?? [])
    it(`${sc.id}: moves get legal variants of their own kind; other actions none`, {
      timeout: 120_000,
    }, () => {
      const [a, b] = ruleset.sides as [string, string];
      const rng = new Rng(seedRng(`variants:${sc.id}`));
      let moves = 0;
      let legal = 0;
      let total = 0;
      playMatch(
        ruleset,
        sc.id,
        sc.data,
        'variants',
        { [a]: scriptedBot('s'), [b]: randomBot('r') },
        {
          onPly: (state) => {
            if (!ruleset.decision(state)) return;
            for (const action of ruleset.candidates(state) as BaseAction[]) {
              const vs: BaseAction[] = ruleset.variants!(state, action, rng);
              if (!CONTINUOUS.has(action.type)) {
                expect(vs).toEqual([]);
                continue;
              }
              moves++;
              for (const v of vs) {
                expect(v.type).toBe(action.type);
                expect(keyOf(v)).not.toBe(keyOf(action));
                total++;
                if (ruleset.validate(state, v).ok) legal++;
              }
            }
          },
        },
      );
      expect(moves).toBeGreaterThan(10);
      expect(total).toBe(moves * 3);
      expect(legal / total).toBeGreaterThan(0.2);
    });
});
