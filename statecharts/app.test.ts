import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, initialTransition, transition } from 'xstate';
import { type AppEvent, appMachine, type GameFacts, type GameSeat } from './app';
import { flattenValue } from './phases';

const SIDES = ['blue', 'red'];

const facts = fc.record({
  toAct: fc.constantFrom<string | null>('blue', 'red', null),
  over: fc.boolean(),
  hidden: fc.boolean(),
}) as fc.Arbitrary<GameFacts>;

const seat = fc.record({
  mode: fc.constantFrom('ai', 'hotseat', 'watch'),
  humans: fc.constantFrom(['blue'], ['red'], SIDES),
  viewer: fc.constantFrom<string | null>('blue', 'red', null),
  facts,
}) as fc.Arbitrary<GameSeat>;

/** Every event the app sends, and the actors' answers as the chart receives them. */
const event: fc.Arbitrary<AppEvent | { type: string; output?: unknown; error?: unknown }> = fc.oneof(
  fc.constantFrom(
    ...(
      [
        'boot.none',
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
      ] as const
    ).map((type) => ({ type })),
  ),
  seat.map((s) => ({ type: 'boot.resume' as const, ...s })),
  seat.map((s) => ({ type: 'game.loaded' as const, ...s })),
  fc.record({
    type: fc.constant('game.start' as const),
    mode: fc.constantFrom('ai' as const, 'hotseat' as const),
    humans: fc.constantFrom(['blue'], SIDES),
  }),
  facts.map((f) => ({ type: 'game.played' as const, facts: f })),
  facts.map((f) => ({ type: 'game.takeback' as const, facts: f })),
  facts.map((f) => ({ type: 'xstate.done.actor.createGame', output: f })),
  facts.map((f) => ({ type: 'xstate.done.actor.think', output: f })),
  fc.constant({ type: 'xstate.error.actor.think', error: new Error('worker died') }),
  fc.constant({ type: 'xstate.error.actor.createGame', error: new Error('bad scenario') }),
  fc.constant({ type: 'xstate.done.actor.animate', output: undefined }),
);

const ACTOR_TAG: Record<string, string> = { createGame: 'setup', think: 'thinking', animate: 'animating' };

const FLOW_LEAVES = [
  'boot',
  'home',
  'lessons',
  'replay',
  'setup',
  'watch',
  'over',
  'play.human',
  'play.thinking',
  'play.aiFailed',
  'play.animating',
  'play.handover',
];

describe('app flow chart', () => {
  it("keeps its invariants over random event sequences, actors' answers included", () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 50 }), (seq) => {
        let [snapshot] = initialTransition(appMachine);
        for (const e of seq) {
          // An actor answers only while its state runs it.
          const actor = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type)?.[2];
          if (actor && !snapshot.hasTag(ACTOR_TAG[actor]!)) continue;
          const before = snapshot;
          [snapshot] = transition(appMachine, snapshot, e as AppEvent);
          const flow = flattenValue((snapshot.value as { flow: unknown }).flow);
          expect(FLOW_LEAVES).toContain(flow);
          const c = snapshot.context;
          // The AI thinks only for a side no one plays at this screen, and never after the game ended.
          if (snapshot.hasTag('thinking')) {
            expect(c.facts.toAct).not.toBeNull();
            expect(c.humans).not.toContain(c.facts.toAct);
            expect(c.facts.over).toBe(false);
          }
          if (snapshot.hasTag('human')) expect(c.facts.over).toBe(false);
          // Secret orders: the board is shown to a hot-seat player only when it is theirs to see.
          if (snapshot.hasTag('human') && c.mode === 'hotseat' && c.facts.hidden)
            expect(c.viewer).toBe(c.facts.toAct);
          if (snapshot.hasTag('handover')) {
            expect(c.mode).toBe('hotseat');
            expect(c.facts.hidden).toBe(true);
          }
          if (snapshot.hasTag('over') && !before.hasTag('over')) expect(c.facts.over).toBe(true);
          // Settings open and close over any screen without moving the flow.
          if (e.type === 'settings.open' || e.type === 'settings.close') {
            expect(flattenValue((before.value as { flow: unknown }).flow)).toBe(flow);
            expect(snapshot.hasTag('settings')).toBe(e.type === 'settings.open');
          }
          // The replay opens from home, a game at the human's turn or over; it closes back where it came from.
          if (e.type === 'replay.open' && snapshot.hasTag('replay') && !before.hasTag('replay'))
            expect(snapshot.context.returnTo).toBe(
              before.hasTag('home') || before.hasTag('boot') ? 'home' : 'play',
            );
          if (e.type === 'replay.open' && (before.hasTag('thinking') || before.hasTag('setup')))
            expect(snapshot.hasTag('replay')).toBe(false);
          if (e.type === 'replay.close' && before.hasTag('replay'))
            expect(snapshot.hasTag('home')).toBe(before.context.returnTo === 'home');
          // A move is only taken in the human's turn.
          if (e.type === 'game.played' && !before.hasTag('human'))
            expect(snapshot.context.facts).toEqual(before.context.facts);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('plays a game against the AI with the real actors provided', async () => {
    let plies = 0;
    const next = (): GameFacts => {
      plies++;
      return { toAct: plies % 2 ? 'red' : 'blue', over: plies >= 4, hidden: false };
    };
    const actor = createActor(
      appMachine.provide({
        actors: {
          createGame: fromPromise<GameFacts | undefined>(async () => ({
            toAct: 'blue',
            over: false,
            hidden: false,
          })),
          think: fromPromise<GameFacts | undefined>(async () => next()),
          animate: fromPromise<GameFacts | undefined>(async () => undefined),
        },
      }),
    ).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'boot.none' });
    actor.send({ type: 'game.start', mode: 'ai', humans: ['blue'] });
    await settle();
    expect(actor.getSnapshot().hasTag('human')).toBe(true);
    actor.send({ type: 'game.played', facts: next() });
    await settle();
    await settle();
    expect(actor.getSnapshot().hasTag('human')).toBe(true);
    expect(plies).toBe(2);
    actor.send({ type: 'game.played', facts: next() });
    for (let i = 0; i < 5; i++) await settle();
    expect(actor.getSnapshot().hasTag('over')).toBe(true);
    actor.stop();
  });

  it('hot-seat with secret orders hands over before showing the board to the other player', () => {
    let [s] = initialTransition(appMachine);
    const step = (e: AppEvent | { type: string; output?: unknown }) => {
      [s] = transition(appMachine, s, e as AppEvent);
    };
    step({ type: 'boot.none' });
    step({ type: 'game.start', mode: 'hotseat', humans: SIDES });
    step({ type: 'xstate.done.actor.createGame', output: { toAct: 'blue', over: false, hidden: false } });
    expect(s.hasTag('human')).toBe(true);
    expect(s.context.viewer).toBe('blue');
    step({ type: 'game.played', facts: { toAct: 'red', over: false, hidden: true } });
    step({ type: 'xstate.done.actor.animate' });
    expect(s.hasTag('handover')).toBe(true);
    expect(s.hasTag('hidesBoard')).toBe(true);
    step({ type: 'handover.ready' });
    expect(s.hasTag('human')).toBe(true);
    expect(s.context.viewer).toBe('red');
  });

  it('an AI failure can be retried or played through by the player', () => {
    let [s] = initialTransition(appMachine);
    const step = (e: AppEvent | { type: string; output?: unknown; error?: unknown }) => {
      [s] = transition(appMachine, s, e as AppEvent);
    };
    step({ type: 'boot.none' });
    step({ type: 'game.start', mode: 'ai', humans: ['blue'] });
    step({ type: 'xstate.done.actor.createGame', output: { toAct: 'red', over: false, hidden: false } });
    expect(s.hasTag('thinking')).toBe(true);
    step({ type: 'xstate.error.actor.think', error: new Error('killed') });
    expect(s.hasTag('aiFailed')).toBe(true);
    step({ type: 'ai.retry' });
    expect(s.hasTag('thinking')).toBe(true);
    step({ type: 'xstate.error.actor.think', error: new Error('killed') });
    step({ type: 'ai.takeOver' });
    expect(s.hasTag('human')).toBe(true);
    step({ type: 'game.played', facts: { toAct: 'blue', over: false, hidden: false } });
    step({ type: 'xstate.done.actor.animate' });
    expect(s.hasTag('human')).toBe(true);
    expect(s.context.override).toBe(false);
  });

  it('the replay opened from a game closes back to it; from home, back home; lessons open from home', () => {
    let [s] = initialTransition(appMachine);
    const step = (e: AppEvent | { type: string; output?: unknown }) => {
      [s] = transition(appMachine, s, e as AppEvent);
    };
    step({ type: 'boot.none' });
    step({ type: 'lessons.open' });
    expect(s.hasTag('lessons')).toBe(true);
    step({ type: 'lessons.close' });
    expect(s.hasTag('home')).toBe(true);
    step({ type: 'game.start', mode: 'ai', humans: ['blue'] });
    step({ type: 'xstate.done.actor.createGame', output: { toAct: 'blue', over: false, hidden: false } });
    step({ type: 'replay.open' });
    expect(s.hasTag('replay')).toBe(true);
    step({ type: 'replay.close' });
    expect(s.hasTag('human')).toBe(true);
    step({ type: 'game.quit' });
    step({ type: 'replay.open' });
    step({ type: 'replay.close' });
    expect(s.hasTag('home')).toBe(true);
    // A share link at boot opens the replay before home.
    [s] = initialTransition(appMachine);
    step({ type: 'replay.open' });
    expect(s.hasTag('replay')).toBe(true);
  });
});
