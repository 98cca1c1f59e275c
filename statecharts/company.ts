/**
 * The `company` turn (seed 004, Hell Dorado; core/company.md §1): each turn opens with the phase
 * d'entretien (Commandement refilled, Consumé ticks, Domination settled: its holder says who activates
 * first), then the phase d'actions: the sides alternately activate one combatant at a time. An activation
 * is the order the combatant takes (Marche, Course, Assaut, Charge, Mêlée, Tir, Fuite, Focalisation — or
 * standing up, or nothing), its movement and its action; a contact opens the reactions of the contacted
 * combatant (Esquive, Tir défensif, the reloader's choice) before the passe d'armes; an Immobilisé
 * combatant's activation gives one adversary a free attack. When nobody is waiting, the next turn's phase
 * d'entretien begins, or the game ends. No guards: the rules emit distinct events, so the derived table
 * is exact.
 */
import { setup } from 'xstate';
import { buildPhaseTable } from './phases';

/** The kinds of order an activation may take (HD-18 names the seven « ordres »; C8 Focalisation). */
export const COMPANY_ORDERS = [
  'marche',
  'course',
  'assaut',
  'charge',
  'melee',
  'tir',
  'fuite',
  'focalisation',
  'relever',
  'attendre',
] as const;

export const companyTurnMachine = setup({
  types: {
    events: {} as
      | { type: 'PREMIER_CHOISI' }
      | { type: 'ACTIVER' }
      | { type: 'ESQUIVE' }
      | { type: 'TIR_DEFENSIF' }
      | { type: 'RECHARGEMENT' }
      | { type: 'ATTAQUE_LIBRE' }
      | { type: 'ACTIVATION_FINIE' }
      | { type: 'PHASE_FINIE' }
      | { type: 'PARTIE_FINIE' },
  },
}).createMachine({
  id: 'company',
  initial: 'entretien',
  on: { PARTIE_FINIE: '.terminee' },
  states: {
    /** C9: refill Commandement, Consumé ticks (HD-17), Domination: its holder chooses who starts. */
    entretien: { meta: { actions: ['premier'] }, on: { PREMIER_CHOISI: 'actions' } },
    actions: {
      initial: 'choix',
      on: { PHASE_FINIE: 'entretien' },
      states: {
        /** C4: the side due to act activates a waiting combatant (Vae soli costs 1 CMD) or cedes (infériorité numérique). */
        choix: { meta: { actions: ['activer', 'ceder'] }, on: { ACTIVER: 'activation' } },
        activation: {
          initial: 'ordre',
          on: {
            ACTIVATION_FINIE: 'choix',
            ESQUIVE: '.reaction.esquive',
            TIR_DEFENSIF: '.reaction.tirDefensif',
            RECHARGEMENT: '.reaction.rechargement',
            ATTAQUE_LIBRE: '.attaqueLibre',
          },
          states: {
            /** The activation's order, with its movement and its action (Focalisation among them). */
            ordre: { meta: { actions: [...COMPANY_ORDERS] } },
            /** The contacted combatant reacts before the passe d'armes. */
            reaction: {
              initial: 'esquive',
              states: {
                /** HD-06: dodge on contact (1d6 ≤ X). */
                esquive: { meta: { actions: ['esquive', 'pasEsquive'] } },
                /** HD-15: point-blank shot of a waiting, free, loaded combatant. */
                tirDefensif: { meta: { actions: ['tirDefensif', 'pasDeTir'] } },
                /** HD-25: an engaged reloader fights normally, or keeps its Focalisations and suffers. */
                rechargement: { meta: { actions: ['combattre', 'garderRecharge'] } },
              },
            },
            /** HD-19: the Immobilisé combatant's adversaries pick which of them attacks it for free. */
            attaqueLibre: { meta: { actions: ['attaqueLibre'] } },
          },
        },
      },
    },
    terminee: { type: 'final' },
  },
});

export type CompanyChartEvent = Parameters<typeof companyTurnMachine.transition>[1]['type'];

/** Derived once at load; the rules read this, never XState, on their hot path. */
export const companyPhases = buildPhaseTable(companyTurnMachine);
