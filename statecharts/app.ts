/**
 * The app's own flow (DESIGN.md, "Phases are statecharts"): boot → home → setup → play → game over, the
 * bot-vs-bot watch mode, and a settings panel that opens over any screen. Play has its substates: the
 * human's turn, the AI thinking (in its Worker), the move being animated, the hand-over screen between two
 * players at one screen when a side holds secret orders, and an AI failure the player can retry or
 * play through.
 *
 * Two more screens open from home: the lessons, and the replay of a game (also opened from a game in
 * progress or over, and then closed back to it; a share link in the address opens it at boot).
 *
 * The chart holds no game: the app applies actions and reports the facts the flow depends on (whose
 * decision, over, hidden information) with its events. Host effects are placeholders the app fills with
 * `.provide()`: `createGame`, `think` and `animate` actors (each resolves with the new facts or nothing),
 * `stopThinking`. The view asks `snapshot.hasTag(…)`.
 */
import { assign, fromPromise, setup } from 'xstate';

export const APP_MODES = ['ai', 'hotseat', 'watch'] as const;
export type AppMode = (typeof APP_MODES)[number];

/** What the flow needs to know about the game, computed by the app after every action. */
export interface GameFacts {
  /** The side to decide now; null once the game is over. */
  toAct: string | null;
  over: boolean;
  /** The sides do not see the same table (secret orders): switching players needs a hand-over. */
  hidden: boolean;
}

export interface GameSeat {
  mode: AppMode;
  /** The sides played at this screen (hot-seat: every side; against the AI: one). */
  humans: string[];
  /** The side whose view is drawn. */
  viewer: string | null;
  facts: GameFacts;
}

export interface AppContext extends GameSeat {
  /** The AI failed: the player plays this one move for it. */
  override: boolean;
  /** Where closing the replay goes back to: the game it was opened from, or home. */
  returnTo: 'home' | 'play';
}

export type AppEvent =
  | { type: 'boot.none' }
  | ({ type: 'boot.resume' } & GameSeat)
  | { type: 'game.start'; mode: AppMode; humans: string[] }
  | ({ type: 'game.loaded' } & GameSeat)
  | { type: 'game.played'; facts: GameFacts }
  | { type: 'game.takeback'; facts: GameFacts }
  | { type: 'game.quit' }
  | { type: 'watch.start' }
  | { type: 'ai.stop' }
  | { type: 'ai.retry' }
  | { type: 'ai.takeOver' }
  | { type: 'anim.skip' }
  | { type: 'handover.ready' }
  | { type: 'settings.open' }
  | { type: 'settings.close' }
  | { type: 'lessons.open' }
  | { type: 'lessons.close' }
  | { type: 'replay.open' }
  | { type: 'replay.close' };

export const APP_EVENT_TYPES = [
  'boot.none',
  'boot.resume',
  'game.start',
  'game.loaded',
  'game.played',
  'game.takeback',
  'game.quit',
  'watch.start',
  'ai.stop',
  'ai.retry',
  'ai.takeOver',
  'anim.skip',
  'handover.ready',
  'settings.open',
  'settings.close',
  'lessons.open',
  'lessons.close',
  'replay.open',
  'replay.close',
] as const satisfies readonly AppEvent['type'][];

const NO_FACTS: GameFacts = { toAct: null, over: false, hidden: false };

/** Placeholders: the app provides the real ones (the property test provides instant ones). */
const pending = fromPromise<GameFacts | undefined, unknown>(() => new Promise(() => {}));

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    createGame: pending,
    think: pending,
    animate: pending,
  },
  guards: {
    over: ({ context }) => context.facts.over,
    needsHandover: ({ context }) =>
      context.mode === 'hotseat' && context.facts.hidden && context.facts.toAct !== context.viewer,
    aiToAct: ({ context }) =>
      !context.override && context.facts.toAct !== null && !context.humans.includes(context.facts.toAct),
    takebackAllowed: ({ context }) => context.mode === 'ai',
    backToGame: ({ context }) => context.returnTo === 'play',
  },
  actions: {
    stopThinking: () => {},
    seat: assign(({ event }) => {
      const e = event as GameSeat;
      return { mode: e.mode, humans: [...e.humans], viewer: e.viewer, facts: e.facts, override: false };
    }),
    factsFromEvent: assign({ facts: ({ event }) => (event as { facts: GameFacts }).facts }),
    /** Hot-seat: the screen belongs to the side to act once it is in front of it. */
    followViewer: assign({
      viewer: ({ context }) => (context.mode === 'hotseat' ? context.facts.toAct : context.viewer),
    }),
    fromHome: assign({ returnTo: 'home' as const }),
    fromGame: assign({ returnTo: 'play' as const }),
  },
}).createMachine({
  id: 'app',
  type: 'parallel',
  context: { mode: 'ai', humans: [], viewer: null, facts: NO_FACTS, override: false, returnTo: 'home' },
  states: {
    flow: {
      initial: 'boot',
      states: {
        boot: {
          tags: ['boot'],
          on: {
            'boot.none': 'home',
            'boot.resume': { target: 'play', actions: 'seat' },
            /** A share link in the address opens its replay at once. */
            'replay.open': { target: 'replay', actions: 'fromHome' },
          },
        },
        home: {
          tags: ['home'],
          on: {
            'game.start': {
              target: 'setup',
              actions: assign(({ event }) => ({
                mode: event.mode,
                humans: [...event.humans],
                viewer: event.humans[0] ?? null,
                facts: NO_FACTS,
                override: false,
              })),
            },
            'watch.start': {
              target: 'watch',
              actions: assign({ mode: 'watch', humans: [], viewer: null, facts: NO_FACTS, override: false }),
            },
            'game.loaded': { target: 'play', actions: 'seat' },
            'lessons.open': 'lessons',
            'replay.open': { target: 'replay', actions: 'fromHome' },
          },
        },
        lessons: {
          tags: ['lessons'],
          on: { 'lessons.close': 'home', 'game.quit': 'home' },
        },
        /** A game replayed: saved, finished, imported, shared, or the one in progress (then back to it). */
        replay: {
          tags: ['replay'],
          on: {
            'replay.close': [{ guard: 'backToGame', target: 'play' }, { target: 'home' }],
            'replay.open': { target: 'replay', reenter: true },
            'game.quit': 'home',
          },
        },
        setup: {
          tags: ['setup'],
          invoke: {
            id: 'createGame',
            src: 'createGame',
            onDone: {
              target: 'play',
              actions: assign({ facts: ({ event }) => event.output ?? NO_FACTS }),
            },
            onError: 'home',
          },
        },
        watch: {
          tags: ['watch'],
          on: {
            'game.quit': 'home',
            'watch.start': { target: 'watch', reenter: true },
          },
        },
        play: {
          tags: ['play'],
          initial: 'route',
          on: {
            'game.loaded': { target: 'play', reenter: true, actions: 'seat' },
            'game.quit': 'home',
          },
          states: {
            route: {
              always: [
                { guard: 'over', target: '#app.flow.over' },
                { guard: 'needsHandover', target: 'handover' },
                { guard: 'aiToAct', target: 'thinking' },
                { target: 'human' },
              ],
            },
            human: {
              tags: ['human'],
              entry: 'followViewer',
              on: {
                'game.played': {
                  target: 'animating',
                  actions: ['factsFromEvent', assign({ override: false })],
                },
                'game.takeback': { guard: 'takebackAllowed', target: 'route', actions: 'factsFromEvent' },
                'replay.open': { target: '#app.flow.replay', actions: 'fromGame' },
              },
            },
            thinking: {
              tags: ['thinking'],
              invoke: {
                id: 'think',
                src: 'think',
                onDone: {
                  target: 'animating',
                  actions: assign({ facts: ({ context, event }) => event.output ?? context.facts }),
                },
                onError: 'aiFailed',
              },
              on: { 'ai.stop': { actions: 'stopThinking' } },
            },
            aiFailed: {
              tags: ['aiFailed'],
              on: {
                'ai.retry': 'thinking',
                'ai.takeOver': { target: 'human', actions: assign({ override: true }) },
              },
            },
            animating: {
              tags: ['animating'],
              invoke: { id: 'animate', src: 'animate', onDone: 'route', onError: 'route' },
              on: { 'anim.skip': 'route' },
            },
            handover: {
              tags: ['handover', 'hidesBoard'],
              on: {
                'handover.ready': {
                  target: 'human',
                  actions: assign({ viewer: ({ context }) => context.facts.toAct }),
                },
              },
            },
          },
        },
        over: {
          tags: ['over'],
          on: {
            'game.loaded': { target: 'play', actions: 'seat' },
            'game.takeback': { guard: 'takebackAllowed', target: 'play', actions: 'factsFromEvent' },
            'game.quit': 'home',
            'replay.open': { target: 'replay', actions: 'fromGame' },
          },
        },
      },
    },
    settings: {
      initial: 'closed',
      states: {
        closed: { on: { 'settings.open': 'open' } },
        open: { tags: ['settings'], on: { 'settings.close': 'closed' } },
      },
    },
  },
});

export type AppMachine = typeof appMachine;
