/**
 * The company script's shortcut: choosing an order without candidates, it looks at the orders in place first
 * and searches moves only when none of those wins anyway. The choice must equal the choice over the whole
 * candidate list, dice of the caller's RNG included.
 */
import { describe, expect, it } from 'vitest';
import { randomBot, scriptedBot } from '../../../ai/bots';
import { playMatch } from '../../../ai/match';
import { Rng, seedRng } from '../../engine/rng';
import { scenarios } from '../registry';
import { companyCandidates } from './candidates';
import { companyRuleset } from './index';
import { companyScript } from './script';
import type { CompanyState } from './types';

describe('company script shortcut', () => {
  for (const sc of scenarios.company ?? [])
    it(`${sc.id}: the same order as over the whole candidate list, at every decision of four games`, () => {
      let orders = 0;
      let shortcuts = 0;
      for (let g = 0; g < 4; g++)
        playMatch(
          companyRuleset,
          sc.id,
          sc.data,
          `shortcut${g}`,
          g % 2
            ? { blue: scriptedBot(`s${g}`), red: randomBot(`r${g}`) }
            : { blue: randomBot(`r${g}`), red: scriptedBot(`s${g}`) },
          {
            onPly: (state) => {
              const s = state as CompanyState;
              if (!companyRuleset.decision(s)) return;
              const a = new Rng(seedRng(`d${s.ply}`));
              const b = new Rng(seedRng(`d${s.ply}`));
              const fast = companyScript(s, a);
              const full = companyScript(s, b, companyCandidates(s));
              expect(fast).toEqual(full);
              expect(a.draws).toBe(b.draws);
              if (s.phase === 'actions.activation.ordre') {
                orders++;
                if (fast.type !== 'marche' && fast.type !== 'course' && fast.type !== 'fuite') shortcuts++;
              }
            },
          },
        );
      expect(orders).toBeGreaterThan(40);
      // The shortcut is taken often enough to matter: the script picked an order in place.
      expect(shortcuts).toBeGreaterThan(5);
    });
});
