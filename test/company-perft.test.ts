/**
 * The "perft" oracle (STYLE.md): legal-action counts at the first 40 decision points of each `company`
 * scenario, along a fixed line of play (a seeded random bot). Any change to the rules or the candidates moves
 * these numbers: update them only on purpose, saying why. Format: phase:candidates/discrete+regions.
 */
import { describe, expect, it } from 'vitest';
import { randomBot } from '../ai/bots';
import { companyRuleset } from '../src/rulesets/company';
import type { CompanyAction, CompanyState } from '../src/rulesets/company/types';
import { scenarios } from '../src/rulesets/registry';

const EXPECTED: Record<string, string[]> = {
  'le-pont-de-cendres': [
    'entretien:2/2+0',
    'actions.choix:9/9+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:8/8+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:8/8+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:7/7+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:7/7+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:6/6+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:6/6+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:6/6+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:5/5+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:5/5+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:4/4+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:4/4+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:2/2+0',
    'actions.choix:3/3+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:1/1+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:1/1+0',
    'actions.activation.ordre:10/3+2',
    'entretien:2/2+0',
    'actions.choix:8/8+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:9/9+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:8/8+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:8/8+0',
  ],
  'la-chapelle-en-ruines': [
    'entretien:2/2+0',
    'actions.choix:9/9+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:8/8+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:8/8+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:7/7+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:7/7+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:6/6+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:6/6+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:6/6+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:5/5+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:5/5+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:4/4+0',
    'actions.activation.ordre:7/2+2',
    'actions.choix:4/4+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:2/2+0',
    'actions.choix:3/3+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:1/1+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:1/1+0',
    'actions.activation.ordre:9/2+2',
    'entretien:2/2+0',
    'actions.choix:8/8+0',
    'actions.activation.ordre:6/2+2',
    'actions.choix:9/9+0',
    'actions.activation.ordre:9/2+2',
    'actions.choix:8/8+0',
    'actions.activation.ordre:7/2+2',
    'actions.choix:8/8+0',
  ],
};

function counts(data: unknown): string[] {
  const sc = companyRuleset.parseScenario(data);
  if (!sc.ok) throw new Error(sc.error.message.en);
  const init = companyRuleset.setup(sc.value, 'perft');
  if (!init.ok) throw new Error(init.error.message.en);
  let s: CompanyState = init.value;
  const bot = randomBot('perft');
  const out: string[] = [];
  for (let i = 0; i < 40 && companyRuleset.decision(s); i++) {
    const l = companyRuleset.legal(s);
    out.push(`${s.phase}:${companyRuleset.candidates(s).length}/${l.actions.length}+${l.regions.length}`);
    const step = companyRuleset.apply(s, bot.choose(companyRuleset, s) as CompanyAction);
    if (!step.ok) throw new Error(step.error.message.en);
    s = step.value.state;
  }
  return out;
}

describe('company legal-action counts (perft)', () => {
  it('covers every shipped scenario', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(scenarios.company!.map((s) => s.id).sort());
  });
  for (const sc of scenarios.company!)
    it(`${sc.id}: the first 40 decision points`, () => {
      expect(counts(sc.data)).toEqual(EXPECTED[sc.id]);
    });
});
