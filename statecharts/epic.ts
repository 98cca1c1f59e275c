/**
 * The `epic` turn (seed 002, core rules C1): Ordres → Initiative → Mouvement (activations, with
 * Interception fire inside the opponent's move) → Combat → Fin, then the next turn or the end; before turn 1,
 * the Infiltration moves (NE-U41).
 * The chart names the phases, the events that move between them and the kinds of action each phase allows
 * (`meta.actions`); the rules in src/rulesets/epic decide which event happens. No guards: the rules code
 * emits distinct events (TOUR_SUIVANT or PARTIE_FINIE), so the derived table is exact.
 */
import { setup } from 'xstate';
import { buildPhaseTable } from './phases';

export const epicTurnMachine = setup({
  types: {
    events: {} as
      | { type: 'INFILTRATION_FINIE' }
      | { type: 'ORDRES_DONNES' }
      | { type: 'INITIATIVE_CHOISIE' }
      | { type: 'ACTIVER' }
      | { type: 'MENACE' }
      | { type: 'ZONE' }
      | { type: 'FIN_DES_ACTIVATIONS' }
      | { type: 'INTERCEPTION_FINIE' }
      | { type: 'ACTIVATION_FINIE' }
      | { type: 'MOUVEMENT_FINI' }
      | { type: 'COMBAT_FINI' }
      | { type: 'TOUR_SUIVANT' }
      | { type: 'PARTIE_FINIE' },
  },
}).createMachine({
  id: 'epic',
  initial: 'infiltration',
  on: { PARTIE_FINIE: '.terminee' },
  states: {
    /**
     * NE-U41: after deployment and before turn 1, infiltrating detachments move one at a time, the sides
     * alternating from the D6 roll-off's winner; a detachment may decline (`done` without moving). Left at once
     * when no detachment has Infiltration.
     */
    infiltration: {
      initial: 'choix',
      on: { INFILTRATION_FINIE: 'ordres' },
      states: {
        /** The side to act picks one of its infiltrating detachments. */
        choix: { meta: { actions: ['activate'] }, on: { ACTIVER: 'deplacement' } },
        /** Its bases move (class 1 up to twice their move, class 2+ one move), never into an enemy ZOC. */
        deplacement: { meta: { actions: ['move', 'moveDet', 'done'] }, on: { ACTIVATION_FINIE: 'choix' } },
      },
    },
    /** C1: every detachment gets a secret order counter. */
    ordres: { meta: { actions: ['order'] }, on: { ORDRES_DONNES: 'initiative' } },
    /** C1: the higher initiative roller chooses who activates first. */
    initiative: { meta: { actions: ['initiative'] }, on: { INITIATIVE_CHOISIE: 'mouvement' } },
    mouvement: {
      initial: 'choix',
      on: { MOUVEMENT_FINI: 'combat' },
      states: {
        /** The side to act activates a detachment (revealing its order) or passes. */
        choix: {
          meta: { actions: ['activate', 'pass'] },
          on: { ACTIVER: 'activation', FIN_DES_ACTIVATIONS: 'finInterception' },
        },
        /**
         * The active detachment's bases move, charge, crush (NE-U70), embark, disembark; flyers fly (NE-U100) and
         * interceptors create their zone (NE-U43); Waaagh! and On y va! are called here; a Personnage may abandon
         * its transport (NE-U57).
         */
        activation: {
          meta: {
            actions: [
              'move',
              'moveDet',
              'charge',
              'crush',
              'embark',
              'disembark',
              'fly',
              'zone',
              'waaagh',
              'onYVa',
              'abandon',
              'done',
            ],
          },
          on: { MENACE: 'interception', ZONE: 'interceptionAerienne', ACTIVATION_FINIE: 'choix' },
        },
        /**
         * NE-U44…U46: an enemy flight crosses an Intercepteur zone at altitude: its owner may stop it there, and
         * the interceptors' assault is resolved at once; the survivors fly on, through further zones and then the
         * ground's interception fire.
         */
        interceptionAerienne: {
          meta: { actions: ['intercepter', 'laisser'] },
          on: { INTERCEPTION_FINIE: 'activation', MENACE: 'interception', ZONE: 'interceptionAerienne' },
        },
        /**
         * C5 / NE-U44: the moving base is within reach of hidden counters; their owner may fire. NE-U36: close
         * defences (DR) react here too, whatever their base's order.
         */
        interception: {
          meta: { actions: ['intercept', 'dr', 'noIntercept'] },
          on: { INTERCEPTION_FINIE: 'activation' },
        },
        /** NE-U47: once every activation is over, an unused zone may intercept one enemy air detachment in it. */
        finInterception: { meta: { actions: ['intercepter', 'laisser'] } },
      },
    },
    /**
     * C1: the players alternate single actions: one detachment shoots, or one assault is resolved; NE-U54 an OA
     * calls off-table artillery, NE-U59 a psyker uses a power, NE-W04 a detachment shoots at a building.
     */
    combat: {
      meta: { actions: ['shoot', 'assault', 'bzzzt', 'offTable', 'power', 'demolish'] },
      on: { COMBAT_FINI: 'fin' },
    },
    /** C1 Phase Finale: objectives, victory check, rally. Resolved at once, no decision. */
    fin: { on: { TOUR_SUIVANT: 'ordres' } },
    terminee: { type: 'final' },
  },
});

export type EpicChartEvent = Parameters<typeof epicTurnMachine.transition>[1]['type'];

/** Derived once at load; the rules read this, never XState, on their hot path. */
export const epicPhases = buildPhaseTable(epicTurnMachine);
