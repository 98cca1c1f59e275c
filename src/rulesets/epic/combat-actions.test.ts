/**
 * `sideHasCombatAction` (rules.ts) answers whether a side has a Combat-phase action without building
 * `combatActions`' list: the same tests written a second time, for speed (it runs after every Combat-phase action).
 * This keeps the two from drifting apart: at every position of games on every epic scenario, for both sides, the
 * answer must be `combatActions(s, side, true).length > 0`. A new kind of Combat-phase action added to one and not
 * the other fails here.
 */
import { describe, expect, it } from 'vitest';
import { randomBot, scriptedBot } from '../../../ai/bots';
import { playMatch } from '../../../ai/match';
import { scenarios } from '../registry';
import { epicRuleset } from './index';
import { combatActions, sideHasCombatAction } from './rules';
import type { EpicState } from './types';

describe('epic: sideHasCombatAction agrees with combatActions', () => {
  for (const sc of scenarios.epic ?? []) {
    it(`${sc.id}: at every position of 6 games, for both sides`, { timeout: 300_000 }, () => {
      let checked = 0;
      let yes = 0;
      for (let g = 0; g < 6; g++) {
        const bots =
          g % 2 === 0
            ? { blue: scriptedBot(`s${g}`), red: randomBot(`r${g}`) }
            : { blue: randomBot(`r${g}`), red: scriptedBot(`s${g}`) };
        playMatch(epicRuleset, sc.id, sc.data, `combat-actions${g}`, bots, {
          onPly: (state) => {
            const s = state as EpicState;
            for (const side of ['blue', 'red'] as const) {
              const expected = combatActions(s, side, true).length > 0;
              if (sideHasCombatAction(s, side) !== expected)
                throw new Error(
                  `${sc.id} game ${g} ply ${s.ply} (${s.phase}), ${side}: expected ${expected}`,
                );
              checked++;
              if (expected) yes++;
            }
          },
        });
      }
      // Both answers occur often enough for the comparison to mean something.
      expect(checked).toBeGreaterThan(500);
      expect(yes).toBeGreaterThan(50);
      expect(checked - yes).toBeGreaterThan(50);
    });
  }
});
