import { describe, expect, it } from 'vitest';
import { makeBot } from '../../ai/bots';
import type { BaseAction, BaseState, GameEvent } from '../engine/contract';
import { rulesets, scenarios } from '../rulesets/registry';
import { findLesson } from '../teach/catalog';
import { stepPosition } from '../teach/runner';
import { actionText, choicesOf, explainEvent, isAttack, oddsOfAction, sameAction } from './teach-view';

const company = rulesets.company!;
const epic = rulesets.epic!;

function lessonState(ruleset: string, lesson: string, step: number): BaseState {
  const l = findLesson(ruleset, lesson);
  if (!l.ok) throw new Error(l.error.code);
  const p = stepPosition(l.value, step);
  if (!p.ok) throw new Error(p.error.code);
  return p.value.state;
}

/** Plays random epic moves until a shot is open. */
function epicWithShot(): { state: BaseState; shot: BaseAction } {
  const sc = epic.parseScenario(scenarios.epic![0]!.data);
  if (!sc.ok) throw new Error('scenario');
  const init = epic.setup(sc.value, 'odds-1');
  if (!init.ok) throw new Error('setup');
  let state = init.value;
  const bot = makeBot('greedy', 'x');
  for (let i = 0; i < 3000 && epic.decision(state); i++) {
    const shot = (epic.candidates(state) as BaseAction[]).find((a) => a.type === 'shoot');
    if (shot) return { state, shot };
    const r = epic.apply(state, bot.choose(epic, state));
    if (!r.ok) throw new Error(r.error.code);
    state = r.value.state;
  }
  throw new Error('no shot found');
}

describe('attack actions and their odds', () => {
  it('knows which actions are attacks', () => {
    expect(isAttack('epic', { type: 'shoot' })).toBe(true);
    expect(isAttack('epic', { type: 'move' })).toBe(false);
    for (const type of ['melee', 'tir', 'charge', 'assaut']) expect(isAttack('company', { type })).toBe(true);
    expect(isAttack('company', { type: 'marche' })).toBe(false);
    expect(oddsOfAction(company, lessonState('company', 'company-etats', 0), { type: 'relever' })).toBeNull();
  });

  it('company: an Assaut not yet in contact gets the odds of the passe once in contact, summing to 100', () => {
    const state = lessonState('company', 'company-passe', 0);
    const r = oddsOfAction(company, state, { type: 'assaut', target: 'dam' } as BaseAction);
    expect(r?.ok).toBe(true);
    if (!r?.ok) return;
    expect(r.value.note).toBeDefined();
    expect(r.value.view.bars.reduce((a, b) => a + b.percent, 0)).toBe(100);
    expect(r.value.view.expectedDamage).not.toBeNull();
    // The state given is untouched.
    expect(lessonState('company', 'company-passe', 0)).toEqual(state);
  });

  it('epic: a shot maps to { det, target } and its bars sum to 100', () => {
    const { state, shot } = epicWithShot();
    const r = oddsOfAction(epic, state, shot);
    expect(r?.ok).toBe(true);
    if (!r?.ok) return;
    expect(r.value.attack).toEqual({
      det: (shot as BaseAction & { det: string }).det,
      target: (shot as BaseAction & { target: string }).target,
    });
    expect(r.value.view.bars.reduce((a, b) => a + b.percent, 0)).toBe(100);
    // The dialog's bars are the engine's exact distribution, bar for bar.
    const exact = epic.odds(state, r.value.attack);
    expect(exact.ok).toBe(true);
    if (!exact.ok) return;
    expect(r.value.view.bars.map((b) => b.probability)).toEqual(exact.value.casualties);
    expect(r.value.view.expected).toBe(exact.value.expected);
  });
});

describe('explanations and choices', () => {
  it('explains each rule an event cites, with dice and one line per modifier', () => {
    const event: GameEvent = {
      kind: 'passe',
      rule: 'C2,HD-24',
      text: { fr: 'passe', en: 'passe' },
      dice: [
        {
          label: 'CBT',
          sides: 6,
          dice: [4, 6],
          target: 3,
          modifiers: [{ label: { fr: 'Premier choc', en: 'Premier choc' }, value: 1 }],
        },
      ],
    };
    const x = explainEvent(company, event, 'fr');
    expect(x.rules.map((r) => r.rule)).toEqual(['C2', 'HD-24']);
    expect(x.rules[0]!.source.length).toBeGreaterThan(10);
    expect(x.dice[0]!.text).toBe('CBT 2d6 [4, 6] ≥ 3+');
    expect(x.dice[0]!.modifiers).toEqual(['Premier choc +1']);
  });

  it('lists the legal actions and sampled moves, in words', () => {
    const state = lessonState('company', 'company-passe', 0);
    const c = choicesOf(company, state);
    expect(c.actions.some((a) => sameAction(a, { type: 'assaut', target: 'dam' } as BaseAction))).toBe(true);
    expect(c.moves.length).toBeGreaterThan(0);
    const words = actionText('company', company.observe(state, 'blue'), c.moves[0]!, 'fr');
    expect(words).toMatch(/→ \(/);
    expect(actionText('epic', null, { type: 'order', det: 'x', order: null } as BaseAction, 'en')).toContain(
      'hidden order',
    );
  });
});
