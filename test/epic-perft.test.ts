/**
 * The "perft" oracle (STYLE.md): legal-action counts at the first decision points of each scenario, along a
 * fixed line of play (a seeded random bot). Any change to the rules or the candidates moves these numbers:
 * update them only on purpose, saying why in the commit. Format: phase:candidates/discrete+regions.
 */
import { describe, expect, it } from 'vitest';
import { randomBot } from '../ai/bots';
import { epicRuleset } from '../src/rulesets/epic';
import type { EpicAction, EpicState } from '../src/rulesets/epic/types';
import { scenarios } from '../src/rulesets/registry';

const EXPECTED: Record<string, string[]> = {
  'plaine-de-grik': [
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'initiative:2/2+0',
    'mouvement.choix:5/5+0',
    'mouvement.choix:5/5+0',
    'mouvement.activation:2/1+4',
    'mouvement.activation:1/1+4',
    'mouvement.choix:4/4+0',
    'mouvement.activation:6/1+6',
    'mouvement.activation:1/1+6',
    'mouvement.choix:3/3+0',
    'mouvement.activation:6/1+4',
    'mouvement.activation:1/1+4',
    'mouvement.choix:2/2+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'initiative:2/2+0',
    'mouvement.choix:6/6+0',
    'mouvement.activation:1/1+6',
    'mouvement.choix:5/5+0',
    // Issue #3 moved these two on purpose: the Bizarboy's activation now offers On y va! (NE-U16).
    'mouvement.activation:8/3+1',
    'mouvement.activation:8/3+1',
  ],
  // Issue #3 (epicB) moved this line on purpose: the scenario gained an OA, a Librarian and sapper Boyz (two
  // more orders each turn), so the random line of play differs from the first Movement phase on.
  'gue-de-krag': [
    // Issue #3 (epicA) moved these on purpose: a Land Speeder detachment (NE-U01) joined the Space Marines,
    // and the Battlewagon may crush (NE-U70). Recounted when epicA and epicB merged: both sets of units are in.
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:3/3+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'initiative:2/2+0',
    'mouvement.choix:7/7+0',
    'mouvement.activation:6/1+1',
    'mouvement.activation:6/1+1',
    'mouvement.activation:1/1+1',
    'mouvement.choix:9/9+0',
    'mouvement.choix:6/6+0',
    'mouvement.activation:6/1+2',
    'mouvement.activation:1/1+2',
    'mouvement.choix:5/5+0',
    'combat:1/1+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:3/3+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'initiative:2/2+0',
    'mouvement.choix:7/7+0',
    'mouvement.activation:6/1+2',
  ],
  // Issue #3 (epicB) moved this line on purpose: a forward observer (NE-U53) joined the Imperial side (one more
  // order each turn, and the Whirlwinds' barrages may be directed).
  'le-grand-gargant': [
    // Issue #3 (epicA) moved the whole line on purpose: Kommandos infiltrate before turn 1 (NE-U41); the
    // Gargant, the fortress and its Deff dreads may crush (NE-U70); restricted robots make forced moves (NE-U68/U69).
    // Recounted when epicA and epicB merged: the OA (epicB) and the Kommandos (epicA) are both in.
    'infiltration.choix:1/1+0',
    'infiltration.deplacement:6/1+3',
    'infiltration.deplacement:1/1+3',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'initiative:2/2+0',
    'mouvement.choix:9/9+0',
    'mouvement.activation:6/1+3',
    'mouvement.activation:1/1+3',
    'mouvement.choix:10/10+0',
    'mouvement.choix:8/8+0',
    'mouvement.activation:6/1+1',
    'mouvement.activation:1/1+1',
    'mouvement.choix:7/7+0',
    'mouvement.activation:6/1+3',
    'mouvement.activation:1/1+3',
    'mouvement.choix:6/6+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'ordres:4/4+0',
    'initiative:2/2+0',
    'mouvement.choix:10/10+0',
    'mouvement.activation:6/1+2',
  ],
};

function counts(data: unknown): string[] {
  const sc = epicRuleset.parseScenario(data);
  if (!sc.ok) throw new Error(sc.error.message.en);
  const init = epicRuleset.setup(sc.value, 'perft');
  if (!init.ok) throw new Error(init.error.message.en);
  let s: EpicState = init.value;
  const bot = randomBot('perft');
  const out: string[] = [];
  for (let i = 0; i < 40 && epicRuleset.decision(s); i++) {
    const l = epicRuleset.legal(s);
    out.push(`${s.phase}:${epicRuleset.candidates(s).length}/${l.actions.length}+${l.regions.length}`);
    const step = epicRuleset.apply(s, bot.choose(epicRuleset, s) as EpicAction);
    if (!step.ok) throw new Error(step.error.message.en);
    s = step.value.state;
  }
  return out;
}

describe('epic legal-action counts (perft)', () => {
  it('covers every shipped scenario', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(scenarios.epic!.map((s) => s.id).sort());
  });
  for (const sc of scenarios.epic!)
    it(`${sc.id}: the first 40 decision points`, () => {
      expect(counts(sc.data)).toEqual(EXPECTED[sc.id]);
    });
});
