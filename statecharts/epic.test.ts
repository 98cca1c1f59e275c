import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import { epicPhases, epicTurnMachine } from './epic';
import { flattenValue, nextPhase } from './phases';

describe('epic turn chart', () => {
  it('C1: names the phases of the turn in order', () => {
    expect(epicPhases.phases).toEqual([
      'infiltration.choix',
      'infiltration.deplacement',
      'ordres',
      'initiative',
      'mouvement.choix',
      'mouvement.activation',
      'mouvement.interceptionAerienne',
      'mouvement.interception',
      'mouvement.finInterception',
      'combat',
      'fin',
      'terminee',
    ]);
    expect(epicPhases.initial).toBe('infiltration.choix');
    expect(epicPhases.next['infiltration.choix']!.INFILTRATION_FINIE).toBe('ordres');
    expect(epicPhases.next['infiltration.deplacement']!.ACTIVATION_FINIE).toBe('infiltration.choix');
  });

  it('C1/C5: each phase allows only its own kinds of action', () => {
    expect(epicPhases.allows.ordres).toEqual(['order']);
    expect(epicPhases.allows['infiltration.choix']).toEqual(['activate']); // NE-U41
    expect(epicPhases.allows['infiltration.deplacement']).toEqual(['move', 'moveDet', 'done']);
    expect(epicPhases.allows['mouvement.interception']).toEqual(['intercept', 'dr', 'noIntercept']);
    expect(epicPhases.allows.combat).toContain('shoot');
    expect(epicPhases.allows.combat).not.toContain('move');
    expect(epicPhases.allows.fin).toEqual([]);
  });

  it('the derived table agrees with XState over random event sequences (pure transition and a live actor)', () => {
    const events = epicPhases.events;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { minLength: 1, maxLength: 60 }), (seq) => {
        let [snapshot] = initialTransition(epicTurnMachine);
        const actor = createActor(epicTurnMachine).start();
        let fast = epicPhases.initial;
        for (const type of seq) {
          const expected = epicPhases.next[fast]?.[type];
          [snapshot] = transition(epicTurnMachine, snapshot, { type } as never);
          if (actor.getSnapshot().status === 'active') actor.send({ type } as never);
          const slow = flattenValue(snapshot.value);
          expect(flattenValue(actor.getSnapshot().value)).toBe(slow);
          if (expected === undefined) expect(slow).toBe(fast);
          else {
            expect(slow).toBe(expected);
            expect(nextPhase(epicPhases, fast, type)).toBe(expected);
            fast = expected;
          }
        }
        actor.stop();
      }),
      { numRuns: 500 },
    );
  });

  it('the fast path refuses a transition the chart does not have', () => {
    expect(() => nextPhase(epicPhases, 'ordres', 'COMBAT_FINI')).toThrow(/no transition/);
    expect(() => nextPhase(epicPhases, 'terminee', 'TOUR_SUIVANT')).toThrow();
  });
});
