/**
 * Every registered ruleset and scenario, played by the scripted and greedy bots (which reach positions
 * random play rarely does): games end, every decision offers at least one candidate, and each bot only
 * ever plays legal actions.
 */
import { describe, expect, it } from 'vitest';
import { greedyBot, randomBot, scriptedBot } from '../ai/bots';
import { playMatch } from '../ai/match';
import { rulesets, scenarios } from '../src/rulesets/registry';

const GAMES = Number(process.env.BOT_GAMES ?? 24);

describe.each(Object.entries(rulesets))('%s with scripted and greedy bots', (id, ruleset) => {
  for (const sc of scenarios[id] ?? []) {
    it(`${sc.id}: ${GAMES} games end, with a candidate at every decision`, { timeout: 300_000 }, () => {
      const [a, b] = ruleset.sides as [string, string];
      const pairs = [
        (k: string) => ({ [a]: scriptedBot(`s${k}`), [b]: randomBot(`r${k}`) }),
        (k: string) => ({ [a]: randomBot(`r${k}`), [b]: scriptedBot(`s${k}`) }),
        (k: string) => ({ [a]: scriptedBot(`a${k}`), [b]: scriptedBot(`b${k}`) }),
        (k: string) => ({ [a]: greedyBot(`g${k}`, 1), [b]: scriptedBot(`s${k}`) }),
      ];
      for (let g = 0; g < GAMES; g++) {
        const result = playMatch(ruleset, sc.id, sc.data, `bots${g}`, pairs[g % pairs.length]!(String(g)), {
          onPly: (state) => {
            if (ruleset.decision(state)) expect(ruleset.candidates(state).length).toBeGreaterThan(0);
          },
        });
        expect(result.outcome.status).toBe('finished');
      }
    });
  }
});
