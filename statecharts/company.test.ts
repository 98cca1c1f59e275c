import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition } from 'xstate';
import { COMPANY_ORDERS, companyPhases, companyTurnMachine } from './company';
import { flattenValue, nextPhase } from './phases';

describe('company turn chart', () => {
  it('C4/C9: names the phases of the turn: entretien first, then the activations and their reactions', () => {
    expect(companyPhases.phases).toEqual([
      'entretien',
      'actions.choix',
      'actions.activation.ordre',
      'actions.activation.reaction.esquive',
      'actions.activation.reaction.tirDefensif',
      'actions.activation.reaction.rechargement',
      'actions.activation.attaqueLibre',
      'terminee',
    ]);
    expect(companyPhases.initial).toBe('entretien');
  });

  it('C4/C8: each phase allows only its own kinds of action; Focalisation is an order of the activation', () => {
    expect(companyPhases.allows.entretien).toEqual(['premier']);
    expect(companyPhases.allows['actions.choix']).toEqual(['activer', 'ceder']);
    expect(companyPhases.allows['actions.activation.ordre']).toEqual([...COMPANY_ORDERS]);
    expect(companyPhases.allows['actions.activation.ordre']).toContain('focalisation');
    expect(companyPhases.allows['actions.activation.reaction.esquive']).toEqual(['esquive', 'pasEsquive']);
    expect(companyPhases.allows['actions.activation.reaction.rechargement']).toEqual([
      'combattre',
      'garderRecharge',
    ]);
    expect(companyPhases.allows.terminee).toEqual([]);
  });

  it('HD-06/HD-15/HD-25: a reaction can follow another inside the activation, and every activation ends in choix', () => {
    let p = nextPhase(companyPhases, 'actions.activation.ordre', 'ESQUIVE');
    expect(p).toBe('actions.activation.reaction.esquive');
    p = nextPhase(companyPhases, p, 'TIR_DEFENSIF');
    p = nextPhase(companyPhases, p, 'RECHARGEMENT');
    expect(p).toBe('actions.activation.reaction.rechargement');
    expect(nextPhase(companyPhases, p, 'ACTIVATION_FINIE')).toBe('actions.choix');
    expect(nextPhase(companyPhases, 'actions.choix', 'PHASE_FINIE')).toBe('entretien');
  });

  it('the derived table agrees with XState over random event sequences (pure transition and a live actor)', () => {
    const events = companyPhases.events;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { minLength: 1, maxLength: 60 }), (seq) => {
        let [snapshot] = initialTransition(companyTurnMachine);
        const actor = createActor(companyTurnMachine).start();
        let fast = companyPhases.initial;
        for (const type of seq) {
          const expected = companyPhases.next[fast]?.[type];
          [snapshot] = transition(companyTurnMachine, snapshot, { type } as never);
          if (actor.getSnapshot().status === 'active') actor.send({ type } as never);
          const slow = flattenValue(snapshot.value);
          expect(flattenValue(actor.getSnapshot().value)).toBe(slow);
          if (expected === undefined) expect(slow).toBe(fast);
          else {
            expect(slow).toBe(expected);
            expect(nextPhase(companyPhases, fast, type)).toBe(expected);
            fast = expected;
          }
        }
        actor.stop();
      }),
      { numRuns: 500 },
    );
  });

  it('the fast path refuses a transition the chart does not have', () => {
    expect(() => nextPhase(companyPhases, 'entretien', 'ESQUIVE')).toThrow(/no transition/);
    expect(() => nextPhase(companyPhases, 'terminee', 'PREMIER_CHOISI')).toThrow();
  });
});
