/**
 * Issue #3, movement abilities of seed 002: NE-U01 Antigrav, NE-U41 Infiltration, NE-U68/U69 the forced moves of
 * restricted robots, NE-U70 Rouleau. Each test names its catalogue id and case (shared/rules/002_netepic_orks.md);
 * dice are fixed through the real seeded RNG (`play(…, dice)` or `rngForDice`), never stubbed.
 */
import { describe, expect, it } from 'vitest';
import { rngForDice } from '../../../test/helpers/dice';
import {
  base,
  byRule,
  type DetSpec,
  det,
  giveOrders,
  one1,
  type PositionSpec,
  play,
  pos,
  qg,
  refusal,
  reserves,
  scenarioJson,
} from '../../../test/helpers/epic';
import type { GameEvent } from '../../engine/contract';
import { Rng } from '../../engine/rng';
import type { Ctx } from './combat';
import { epicRuleset } from './index';
import { infiltrationRollOff } from './rules';
import { isBlocked } from './state';
import type { EpicAction, EpicSide, EpicState, Order } from './types';

// --- helpers ---------------------------------------------------------------------------------------------

/** Lets a move through every interception decision (nobody fires). */
function settle(st: EpicState, dice?: number[]): { state: EpicState; events: GameEvent[] } {
  let s = st;
  const events: GameEvent[] = [];
  while (s.phase === 'mouvement.interception') {
    const r = play(s, { type: 'noIntercept' }, dice);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}
/** Plays an action, then lets it through any interception; `dice` go to the step that resolves it. */
function act(st: EpicState, a: EpicAction, dice?: number[]): { state: EpicState; events: GameEvent[] } {
  const first = play(st, a, dice);
  if (first.state.phase !== 'mouvement.interception') return first;
  const rest = settle(first.state, dice);
  return { state: rest.state, events: [...first.events, ...rest.events] };
}
const orders = (s: EpicState, o: Record<string, Order>, first: EpicSide = 'blue') => giveOrders(s, o, first);
const rect = (
  id: string,
  kind: 'forest' | 'building' | 'impassable',
  x0: number,
  y0: number,
  x1: number,
  y1: number,
) => ({
  id,
  kind,
  height: 3,
  poly: [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ],
});
const ctxFor = (s: EpicState, dice: number[]): Ctx & { ev: GameEvent[] } => ({
  s: epicRuleset.clone(s),
  rng: new Rng(rngForDice(dice)),
  ev: [],
});

// --- NE-U01 Antigrav -------------------------------------------------------------------------------------

describe('NE-U01 Antigrav', () => {
  it('NE-U01 T1: an Antigrav class-3 tank engaged by a class-3 tank without Antigrav may move away; a plain tank could not', () => {
    // Red Land Speeder (Antigrav, class 3) and a red Rhino (class 3), each in contact with a blue Battlewagon.
    const s = orders(
      pos([
        one1('speeder', 'red', 'land-speeder', 100, 40),
        one1('wagon', 'blue', 'battlewagon', 96.75, 40),
        one1('rhino', 'red', 'rhino', 100, 60),
        one1('wagon2', 'blue', 'battlewagon', 96.75, 60),
        qg('red', 120, 50),
        qg('blue', 20, 50),
      ]),
      { speeder: 'avance', rhino: 'avance' },
      'red',
    );
    expect(isBlocked(s, base(s, 'speeder'))).toBe(false);
    expect(isBlocked(s, base(s, 'rhino'))).toBe(true);
    let st = play(s, { type: 'activate', det: 'rhino' }).state;
    expect(refusal(st, { type: 'move', base: 'rhino-1', to: { x: 110, y: 60 } })).toBe('ERR_BLOCKED');
    st = play(st, { type: 'done' }).state;
    st = play(st, { type: 'activate', det: 'wagon' }).state;
    st = play(st, { type: 'done' }).state;
    st = play(st, { type: 'activate', det: 'speeder' }).state;
    // It leaves the assault by moving: the C6 disengagement hit is rolled ([1]: a miss).
    const r = act(st, { type: 'move', base: 'speeder-1', to: { x: 115, y: 40 } }, [1]);
    expect(base(r.state, 'speeder-1')).toMatchObject({ x: 115, y: 40, alive: true });
    expect(byRule(r.events, 'C6', 'disengage')).toHaveLength(1);
  });

  it('NE-U01 T2: engaged by an enemy Antigrav class-3 base it is blocked; by an Antigrav class-2 base it is not', () => {
    const make = (profile: string) =>
      orders(
        pos([
          one1('speeder', 'red', 'land-speeder', 100, 40),
          one1('foe', 'blue', profile, 90, 40),
          qg('red', 120, 50),
          qg('blue', 75, 55),
        ]),
        { foe: 'charge', speeder: 'avance' },
      );
    const charge = (profile: string) => {
      let st = play(make(profile), { type: 'activate', det: 'foe' }).state;
      st = act(st, { type: 'charge', base: 'foe-1', target: 'speeder-1' }).state;
      return play(st, { type: 'done' }).state;
    };
    const byClass3 = charge('land-speeder');
    expect(base(byClass3, 'foe-1').charged).toBe(true);
    expect(isBlocked(byClass3, base(byClass3, 'speeder-1'))).toBe(true);
    const st3 = play(byClass3, { type: 'activate', det: 'speeder' }).state;
    expect(refusal(st3, { type: 'move', base: 'speeder-1', to: { x: 115, y: 40 } })).toBe('ERR_BLOCKED');

    const byClass2 = charge('deffkopta');
    expect(isBlocked(byClass2, base(byClass2, 'speeder-1'))).toBe(false);
    const st2 = play(byClass2, { type: 'activate', det: 'speeder' }).state;
    expect(refusal(st2, { type: 'move', base: 'speeder-1', to: { x: 115, y: 40 } })).toBeNull();
  });

  it('NE-U01 T3: engaged after it moved by an Antigrav class-3 base, it is blocked this turn only; in a later turn it moves normally', () => {
    let st = orders(
      pos([
        one1('speeder', 'red', 'land-speeder', 110, 40),
        one1('foe', 'blue', 'land-speeder', 80, 40),
        qg('red', 120, 60),
        qg('blue', 75, 55),
      ]),
      { foe: 'charge', speeder: 'avance' },
      'red',
    );
    st = play(st, { type: 'activate', det: 'speeder' }).state;
    st = act(st, { type: 'move', base: 'speeder-1', to: { x: 100, y: 40 } }).state;
    st = play(st, { type: 'done' }).state;
    st = play(st, { type: 'activate', det: 'foe' }).state;
    st = act(st, { type: 'charge', base: 'foe-1', target: 'speeder-1' }).state;
    // This turn: blocked, so it does not fire (C3).
    expect(isBlocked(st, base(st, 'speeder-1'))).toBe(true);
    // A later turn, the same contact with neither base having charged that turn (the state a turn starts
    // from: `charged` is cleared in the Phase Finale): it is not blocked and may move away.
    const later = orders(
      pos([
        one1('speeder', 'red', 'land-speeder', 100, 40),
        one1('foe', 'blue', 'land-speeder', 97, 40),
        qg('red', 120, 60),
        qg('blue', 75, 55),
      ]),
      { speeder: 'avance' },
      'red',
    );
    expect(isBlocked(later, base(later, 'speeder-1'))).toBe(false);
    const go = play(later, { type: 'activate', det: 'speeder' }).state;
    expect(refusal(go, { type: 'move', base: 'speeder-1', to: { x: 115, y: 40 } })).toBeNull();
  });

  it('NE-U01 T4: it crosses enemy ZOCs and a forest with no stop or penalty, crosses impassable ground, but may not end on it', () => {
    const terrain = [rect('wood', 'forest', 60, 36, 70, 50), rect('rock', 'impassable', 48, 36, 52, 50)];
    const s = orders(
      pos(
        [
          one1('speeder', 'red', 'land-speeder', 80, 40),
          one1('rhino', 'red', 'rhino', 80, 32),
          one1('inf', 'blue', 'boyz', 75, 44.5), // an infantry ZOC across the path
          one1('wagon', 'blue', 'battlewagon', 55, 35), // a class-3 ZOC across the path
          qg('red', 120, 50),
          qg('blue', 20, 80),
        ],
        { terrain },
      ),
      { speeder: 'avance', rhino: 'avance' },
      'red',
    );
    let st = play(s, { type: 'activate', det: 'speeder' }).state;
    // Ends on the impassable rock: refused.
    expect(refusal(st, { type: 'move', base: 'speeder-1', to: { x: 50, y: 40 } })).toBe('ERR_TERRAIN');
    // 34 cm through both ZOCs, the forest and over the rock: legal, and the forest costs nothing extra.
    const r = act(st, { type: 'move', base: 'speeder-1', to: { x: 46, y: 40 } });
    st = r.state;
    expect(base(st, 'speeder-1')).toMatchObject({ x: 46, y: 40 });
    expect(base(st, 'speeder-1').moved).toBeCloseTo(34, 6);
    expect(byRule(r.events, 'C1', 'move')).toHaveLength(1);
    // A plain class-3 vehicle may not do that: the Battlewagon's ZOC stops it (C3).
    st = play(st, { type: 'done' }).state;
    st = play(st, { type: 'activate', det: 'inf' }).state;
    st = play(st, { type: 'done' }).state;
    st = play(st, { type: 'activate', det: 'rhino' }).state;
    expect(refusal(st, { type: 'move', base: 'rhino-1', to: { x: 58, y: 32 } })).toBe('ERR_ZOC');
  });
});

// --- NE-U70 Rouleau --------------------------------------------------------------------------------------

describe('NE-U70 Rouleau', () => {
  /** The crush roll of an event list: its die and the target it needed. */
  const crushRoll = (events: GameEvent[]) => {
    const e = byRule(events, 'NE-U70', 'crush');
    expect(e).toHaveLength(1);
    const d = e[0]!.dice![0]!;
    return { die: d.dice[0], target: d.target };
  };
  /** Blue crushers on Charge against a red infantry detachment (Sans moral: no morale test disturbs the dice). */
  const field = (crushers: DetSpec, targets: DetSpec['bases'], terrain: PositionSpec['terrain'] = []) =>
    orders(
      pos(
        [
          crushers,
          { id: 'tac', side: 'red', morale: null, bases: targets },
          qg('blue', 35, 60),
          qg('red', 120, 50),
        ],
        { terrain },
      ),
      { [crushers.id]: 'charge' },
    );

  it('NE-U70 T1: a Battlewagon on Charge crushes a first infantry base on [4] (save [3] fails) and moves on; the next needs 5+: [4] misses, it stops and an assault is engaged', () => {
    let st = field(one1('wagon', 'blue', 'battlewagon', 40, 50), [
      { id: 'a', profile: 'tactical', x: 48, y: 50 },
      { id: 'b', profile: 'tactical', x: 54, y: 50 },
    ]);
    st = play(st, { type: 'activate', det: 'wagon' }).state;
    let r = act(st, { type: 'crush', base: 'wagon-1', target: 'a' }, [4, 3]);
    expect(crushRoll(r.events)).toEqual({ die: 4, target: 4 });
    expect(base(r.state, 'a').alive).toBe(false);
    expect(base(r.state, 'wagon-1').charged).toBe(false);
    expect(base(r.state, 'wagon-1').x).toBeCloseTo(48 - 2.75, 6);
    r = act(r.state, { type: 'crush', base: 'wagon-1', target: 'b' }, [4]);
    expect(crushRoll(r.events)).toEqual({ die: 4, target: 5 });
    st = r.state;
    const w = base(st, 'wagon-1');
    expect(base(st, 'b').alive).toBe(true);
    expect(w.charged).toBe(true);
    expect(w.x).toBeCloseTo(54 - 2.75, 6);
    expect(byRule(r.events, 'NE-U70', 'crushStopped')).toHaveLength(1);
    // The move has stopped: no further move, crush or charge this turn.
    expect(refusal(st, { type: 'move', base: 'wagon-1', to: { x: 51, y: 60 } })).toBe('ERR_TOO_FAR');
    expect(refusal(st, { type: 'crush', base: 'wagon-1', target: 'b' })).toBe('ERR_ENGAGED');
    // The assault is a normal one, resolved in the Combat phase.
    st = play(st, { type: 'done' }).state;
    while (st.phase === 'mouvement.choix') st = play(st, { type: 'pass' }).state;
    expect(epicRuleset.candidates(st)).toContainEqual({ type: 'assault', base: 'b' });
  });

  it('NE-U70 T2: a first target in light cover: the crush die [4] misses (5+ needed), the move stops and an assault is engaged', () => {
    let st = field(
      one1('wagon', 'blue', 'battlewagon', 40, 50),
      [{ id: 'a', profile: 'tactical', x: 48, y: 50 }],
      [rect('wood', 'forest', 46, 45, 56, 55)],
    );
    st = play(st, { type: 'activate', det: 'wagon' }).state;
    const r = act(st, { type: 'crush', base: 'wagon-1', target: 'a' }, [4]);
    const e = byRule(r.events, 'NE-U70', 'crush')[0]!;
    expect(e.dice![0]).toMatchObject({ dice: [4], target: 5 });
    expect(e.dice![0]!.modifiers).toEqual([
      { label: { en: 'light cover (C4)', fr: 'couvert léger (C4)' }, value: -1 },
    ]);
    expect(base(r.state, 'a').alive).toBe(true);
    expect(base(r.state, 'wagon-1').charged).toBe(true);
    expect(byRule(r.events, 'C4', 'saved').length + byRule(r.events, 'C4', 'unsaved').length).toBe(0);
  });

  it('NE-U70 T3: a class-2 crusher misses on a first die of [4] (5+ needed)', () => {
    let st = field(one1('dread', 'blue', 'deff-dread', 40, 50), [
      { id: 'a', profile: 'tactical', x: 46, y: 50 },
    ]);
    st = play(st, { type: 'activate', det: 'dread' }).state;
    const r = act(st, { type: 'crush', base: 'dread-1', target: 'a' }, [4]);
    expect(crushRoll(r.events)).toEqual({ die: 4, target: 5 });
    expect(base(r.state, 'a').alive).toBe(true);
    expect(base(r.state, 'dread-1').charged).toBe(true);
  });

  it('NE-U70 T4: a class-4 crusher hits on [4] at PA −1: a 4+ save die of [4] becomes 3 and fails; a class-3 crusher (PA 0) would have saved', () => {
    const run = (profile: string) => {
      let st = field(one1('crusher', 'blue', profile, 40, 50), [
        { id: 'v', profile: 'veteran', x: 50, y: 50 },
      ]);
      st = play(st, { type: 'activate', det: 'crusher' }).state;
      return act(st, { type: 'crush', base: 'crusher-1', target: 'v' }, [4, 4]);
    };
    const heavy = run('fortress');
    expect(crushRoll(heavy.events)).toEqual({ die: 4, target: 4 });
    expect(byRule(heavy.events, 'C4', 'unsaved')[0]!.dice!.at(-1)).toMatchObject({ dice: [4], target: 5 });
    expect(base(heavy.state, 'v').alive).toBe(false);
    const wagon = run('battlewagon');
    expect(byRule(wagon.events, 'C4', 'saved')[0]!.dice!.at(-1)).toMatchObject({ dice: [4], target: 4 });
    expect(base(wagon.state, 'v').alive).toBe(true);
  });

  it('NE-U70 T5: A crushes its target; B misses b and is stopped; A crushes b on [5] (save [1]): B is no longer engaged and crushes on at 5+', () => {
    let st = field(
      {
        id: 'wagons',
        side: 'blue',
        bases: [
          { id: 'A', profile: 'battlewagon', x: 40, y: 40 },
          { id: 'B', profile: 'battlewagon', x: 40, y: 46 },
        ],
      },
      [
        { id: 'a', profile: 'tactical', x: 54, y: 34 },
        { id: 'b', profile: 'tactical', x: 48, y: 46 },
        { id: 'c', profile: 'tactical', x: 56, y: 46 },
      ],
    );
    st = play(st, { type: 'activate', det: 'wagons' }).state;
    st = act(st, { type: 'crush', base: 'A', target: 'a' }, [4, 3]).state;
    expect(base(st, 'a').alive).toBe(false);
    let r = act(st, { type: 'crush', base: 'B', target: 'b' }, [2]);
    expect(crushRoll(r.events)).toEqual({ die: 2, target: 4 });
    st = r.state;
    expect(base(st, 'B').charged).toBe(true);
    expect(refusal(st, { type: 'crush', base: 'B', target: 'c' })).toBe('ERR_ENGAGED');
    r = act(st, { type: 'crush', base: 'A', target: 'b' }, [5, 1]);
    expect(crushRoll(r.events)).toEqual({ die: 5, target: 5 });
    st = r.state;
    expect(base(st, 'b').alive).toBe(false);
    expect(byRule(r.events, 'NE-U70', 'crushFreed')).toHaveLength(1);
    const B = base(st, 'B');
    expect(B.charged).toBe(false);
    expect(B.crushStop).toBeNull();
    expect(B.moved).toBeCloseTo(8 - 2.75, 6);
    expect(refusal(st, { type: 'crush', base: 'B', target: 'c' })).toBeNull();
    r = act(st, { type: 'crush', base: 'B', target: 'c' }, [4]);
    expect(crushRoll(r.events)).toEqual({ die: 4, target: 5 });
  });

  it('NE-U70 T6: a Battlewagon on Avance touching infantry may not crush it; on Charge, out of contact, it may', () => {
    const make = (order: Order, x: number) =>
      orders(
        pos([
          one1('wagon', 'blue', 'battlewagon', 40, 50),
          { id: 'tac', side: 'red', bases: [{ id: 'a', profile: 'tactical', x, y: 50 }] },
          qg('blue', 35, 60),
          qg('red', 120, 50),
        ]),
        { wagon: order },
      );
    const avance = play(make('avance', 42.75), { type: 'activate', det: 'wagon' }).state;
    expect(refusal(avance, { type: 'crush', base: 'wagon-1', target: 'a' })).toBe('ERR_NOT_CHARGE');
    const charge = play(make('charge', 48), { type: 'activate', det: 'wagon' }).state;
    expect(refusal(charge, { type: 'crush', base: 'wagon-1', target: 'a' })).toBeNull();
    expect(epicRuleset.candidates(charge)).toContainEqual({ type: 'crush', base: 'wagon-1', target: 'a' });
  });

  it('NE-U70: only lower classes are crushed, and at most 3 attempts per base and turn (ASSUMPTION)', () => {
    let st = field(one1('wagon', 'blue', 'battlewagon', 20, 50), [
      { id: 'a', profile: 'tactical', x: 26, y: 50 },
      { id: 'b', profile: 'tactical', x: 32, y: 50 },
      { id: 'c', profile: 'tactical', x: 38, y: 50 },
      { id: 'd', profile: 'tactical', x: 44, y: 50 },
    ]);
    st = play(st, { type: 'activate', det: 'wagon' }).state;
    st = act(st, { type: 'crush', base: 'wagon-1', target: 'a' }, [4, 1]).state;
    st = act(st, { type: 'crush', base: 'wagon-1', target: 'b' }, [5, 1]).state;
    const r = act(st, { type: 'crush', base: 'wagon-1', target: 'c' }, [6, 1]);
    expect(crushRoll(r.events)).toEqual({ die: 6, target: 6 });
    st = r.state;
    expect(['a', 'b', 'c'].map((id) => base(st, id).alive)).toEqual([false, false, false]);
    expect(refusal(st, { type: 'crush', base: 'wagon-1', target: 'd' })).toBe('ERR_CRUSH_LIMIT');
    const rhino = field(one1('wagon', 'blue', 'battlewagon', 40, 50), [
      { id: 'r', profile: 'rhino', x: 48, y: 50 },
    ]);
    const go = play(rhino, { type: 'activate', det: 'wagon' }).state;
    expect(refusal(go, { type: 'crush', base: 'wagon-1', target: 'r' })).toBe('ERR_CRUSH_CLASS');
  });
});

// --- NE-U41 Infiltration ---------------------------------------------------------------------------------

describe('NE-U41 Infiltration', () => {
  /** A position whose detachments in `granted` get Infiltration from the army list (scenario abilities). */
  const withGrants = (dets: DetSpec[], granted: string[]): EpicState => {
    const json = scenarioJson({ dets: [...dets, ...reserves()] }) as {
      detachments: { id: string; abilities?: string[] }[];
    };
    for (const d of json.detachments) if (granted.includes(d.id)) d.abilities = ['NE-U41'];
    const sc = epicRuleset.parseScenario(json);
    if (!sc.ok) throw new Error(sc.error.message.en);
    const s = epicRuleset.setup(sc.value, 't');
    if (!s.ok) throw new Error(s.error.message.en);
    return s.value;
  };

  it('NE-U41 T1: Kommandos (class 1, move 10 cm) infiltrate up to 20 cm before turn 1', () => {
    const s = pos([one1('kom', 'blue', 'kommandos', 20, 50), qg('blue', 10, 50), qg('red', 130, 50)]);
    expect(s.phase).toBe('infiltration.choix');
    expect(epicRuleset.decision(s)).toMatchObject({ side: 'blue', phase: 'infiltration.choix', turn: 1 });
    expect(epicRuleset.candidates(s)).toEqual([{ type: 'activate', det: 'kom' }]);
    let st = play(s, { type: 'activate', det: 'kom' }).state;
    expect(st.phase).toBe('infiltration.deplacement');
    expect(refusal(st, { type: 'move', base: 'kom-1', to: { x: 40.5, y: 50 } })).toBe('ERR_TOO_FAR');
    const r = play(st, { type: 'move', base: 'kom-1', to: { x: 40, y: 50 } });
    expect(byRule(r.events, 'NE-U41', 'move')).toHaveLength(1);
    st = play(r.state, { type: 'done' }).state;
    expect(base(st, 'kom-1')).toMatchObject({ x: 40, y: 50, moved: 0 });
    expect(st.phase).toBe('ordres');
    expect(st.turn).toBe(1);
  });

  it('NE-U41 T2: a class-3 infiltrator with a 20 cm move infiltrates 20 cm (one normal move, not doubled)', () => {
    const s = withGrants([one1('wagon', 'blue', 'battlewagon', 20, 50), qg('red', 130, 50)], ['wagon']);
    const st = play(s, { type: 'activate', det: 'wagon' }).state;
    expect(refusal(st, { type: 'move', base: 'wagon-1', to: { x: 40.5, y: 50 } })).toBe('ERR_TOO_FAR');
    expect(refusal(st, { type: 'move', base: 'wagon-1', to: { x: 40, y: 50 } })).toBeNull();
  });

  it('NE-U41: the move may not enter an enemy ZOC, even of a lower class (C3 alone would allow it); a detachment may decline', () => {
    const s = withGrants(
      [one1('wagon', 'blue', 'battlewagon', 20, 50), one1('tac', 'red', 'tactical', 36, 50)],
      ['wagon'],
    );
    const st = play(s, { type: 'activate', det: 'wagon' }).state;
    // The marine's ZOC (3.75 cm) reaches the Battlewagon (radius 1.75 cm) within 5.5 cm of its centre.
    expect(refusal(st, { type: 'move', base: 'wagon-1', to: { x: 31, y: 50 } })).toBe('ERR_ZOC');
    expect(refusal(st, { type: 'move', base: 'wagon-1', to: { x: 30, y: 50 } })).toBeNull();
    const done = play(st, { type: 'done' }).state;
    expect(base(done, 'wagon-1')).toMatchObject({ x: 20, y: 50 });
    expect(done.phase.startsWith('infiltration')).toBe(false);
  });

  it('NE-U41 T3: both sides infiltrate: rolls blue 5, red 2: blue, red, blue, red, then blue moves the rest', () => {
    const s = withGrants(
      [
        one1('k1', 'blue', 'kommandos', 20, 20),
        one1('k2', 'blue', 'kommandos', 20, 40),
        one1('k3', 'blue', 'kommandos', 20, 60),
        one1('r1', 'red', 'tactical', 130, 20),
        one1('r2', 'red', 'tactical', 130, 40),
      ],
      ['r1', 'r2'],
    );
    const ctx = ctxFor(s, [5, 2]);
    infiltrationRollOff(ctx);
    expect(ctx.ev[0]!.dice).toEqual([{ label: 'infiltration', sides: 6, dice: [5, 2] }]);
    let st = ctx.s;
    const order: string[] = [];
    while (st.phase.startsWith('infiltration')) {
      const side = epicRuleset.decision(st)!.side;
      order.push(side);
      const a = epicRuleset.candidates(st)[0]! as EpicAction;
      st = play(st, a).state;
      st = play(st, { type: 'done' }).state;
    }
    expect(order).toEqual(['blue', 'red', 'blue', 'red', 'blue']);
    // Turn 1 begins (no QG in these positions: every detachment is Sans ordre, so the initiative roll follows).
    expect(st.phase).toBe('initiative');
    expect(st.turn).toBe(1);
    // A tie is re-rolled (ASSUMPTION): 3–3, then 2–5: red starts.
    const tie = ctxFor(s, [3, 3, 2, 5]);
    infiltrationRollOff(tie);
    expect(tie.ev).toHaveLength(2);
    expect(tie.s.toAct).toBe('red');
  });
});

// --- NE-U68 / NE-U69 restricted robots' forced moves ------------------------------------------------------

describe('NE-U68 / NE-U69 robots', () => {
  it('NE-U68 T1: restricted robots on Avance (move 10 cm): a 6 cm move is rejected; the full 10 cm toward the nearest objective, or the nearest enemy, is accepted', () => {
    const make = (friend: boolean) =>
      orders(
        pos(
          [
            one1('bots', 'red', 'conqueror', 100, 50),
            qg('red', 120, 60),
            ...(friend ? [one1('tac', 'red', 'tactical', 100, 60)] : []),
            one1('boyz', 'blue', 'boyz', 60, 50),
            qg('blue', 50, 50),
          ],
          { objectives: [{ id: 'obj', x: 100, y: 30, value: 10 }] },
        ),
        { bots: 'avance' },
        'red',
      );
    const st = play(make(false), { type: 'activate', det: 'bots' }).state;
    expect(refusal(st, { type: 'move', base: 'bots-1', to: { x: 100, y: 44 } })).toBe('ERR_ROBOT_MOVE');
    expect(refusal(st, { type: 'move', base: 'bots-1', to: { x: 107, y: 57 } })).toBe('ERR_ROBOT_MOVE');
    expect(refusal(st, { type: 'moveDet', det: 'bots', dx: 0, dy: -10 })).toBe('ERR_ROBOT_MOVE');
    expect(refusal(st, { type: 'done' })).toBe('ERR_ROBOT_MOVE');
    expect(refusal(st, { type: 'move', base: 'bots-1', to: { x: 90, y: 50 } })).toBeNull();
    // The candidates offer exactly the two forced moves.
    const moves = epicRuleset.candidates(st).filter((a) => a.type === 'move');
    expect(moves.map((a) => (a.type === 'move' ? [a.to.x, a.to.y] : []))).toEqual([
      [90, 50],
      [100, 40],
    ]);
    let after = act(st, { type: 'move', base: 'bots-1', to: { x: 100, y: 40 } }).state;
    expect(base(after, 'bots-1')).toMatchObject({ x: 100, y: 40, moved: 10 });
    expect(refusal(after, { type: 'move', base: 'bots-1', to: { x: 100, y: 39 } })).toBe('ERR_TOO_FAR');
    after = play(after, { type: 'done' }).state;
    expect(det(after, 'bots').activated).toBe(true);
    // With a friendly non-robot base within 12 cm (NE-U65 T1) the same 6 cm move is free.
    const free = play(make(true), { type: 'activate', det: 'bots' }).state;
    expect(refusal(free, { type: 'move', base: 'bots-1', to: { x: 100, y: 44 } })).toBeNull();
  });

  it('NE-U68 ASSUMPTION: the forced move stops where the rules stop it (impassable rock); with none open, the robot may stay', () => {
    const make = (x: number) =>
      orders(
        pos(
          [
            one1('bots', 'red', 'conqueror', x, 50),
            qg('red', 120, 60),
            one1('boyz', 'blue', 'boyz', 60, 50),
            qg('blue', 50, 50),
          ],
          { terrain: [rect('rock', 'impassable', 90, 40, 98, 60)] },
        ),
        { bots: 'avance' },
        'red',
      );
    // 2 cm from the rock: the forced move goes to its edge (the last legal 0.25 cm step), not 10 cm.
    const near = play(make(100), { type: 'activate', det: 'bots' }).state;
    const [forced, ...others] = epicRuleset.candidates(near);
    expect(others).toEqual([]);
    expect(forced).toMatchObject({ type: 'move', base: 'bots-1', to: { y: 50 } });
    const x = forced!.type === 'move' ? forced!.to.x : 0;
    expect(x).toBeGreaterThanOrEqual(98);
    expect(x).toBeLessThan(98.25);
    expect(refusal(near, { type: 'done' })).toBe('ERR_ROBOT_MOVE');
    // Against the rock: no forced move is legal, so it may end its activation where it stands.
    const stuck = play(make(98.3), { type: 'activate', det: 'bots' }).state;
    expect(epicRuleset.candidates(stuck)).toEqual([{ type: 'done' }]);
    expect(refusal(stuck, { type: 'move', base: 'bots-1', to: { x: 98.3, y: 44 } })).toBe('ERR_ROBOT_MOVE');
    expect(refusal(stuck, { type: 'done' })).toBeNull();
  });

  describe('NE-U69 T1: on Charge, the nearest enemy detachment it can block or that has moved', () => {
    const make = (gargant: [number, number], boyz: [number, number], blueQg: [number, number]) =>
      orders(
        pos([
          one1('bots', 'red', 'conqueror', 100, 50),
          qg('red', 120, 60),
          one1('titan', 'blue', 'gargant', ...gargant),
          one1('boyz', 'blue', 'boyz', ...boyz),
          qg('blue', ...blueQg),
        ]),
        { bots: 'charge', titan: 'avance' },
        'blue',
      );
    /** Blue activates the titan (moving it 1 cm back, or not at all), then red activates the robots. */
    const robotsAfter = (s: EpicState, titanMoves: boolean): EpicState => {
      let st = play(s, { type: 'activate', det: 'titan' }).state;
      const t = base(st, 'titan-1');
      if (titanMoves) st = act(st, { type: 'move', base: 'titan-1', to: { x: t.x - 1, y: t.y } }).state;
      st = play(st, { type: 'done' }).state;
      return play(st, { type: 'activate', det: 'bots' }).state;
    };

    it('NE-U69 T1: the titan (class 5) nearest has not moved: the robots charge the infantry, not the titan', () => {
      let st = play(make([88, 50], [100, 65], [80, 70]), { type: 'activate', det: 'boyz' }).state;
      st = play(st, { type: 'done' }).state;
      st = play(st, { type: 'activate', det: 'bots' }).state;
      expect(refusal(st, { type: 'charge', base: 'bots-1', target: 'titan-1' })).toBe('ERR_ROBOT_CHARGE');
      expect(refusal(st, { type: 'move', base: 'bots-1', to: { x: 100, y: 60 } })).toBe('ERR_ROBOT_MOVE');
      expect(refusal(st, { type: 'done' })).toBe('ERR_ROBOT_MOVE');
      expect(refusal(st, { type: 'charge', base: 'bots-1', target: 'boyz-1' })).toBeNull();
      expect(epicRuleset.candidates(st)).toEqual([{ type: 'charge', base: 'bots-1', target: 'boyz-1' }]);
    });

    it('NE-U69 T1: the titan has already moved this turn: the robots must charge the titan', () => {
      const st = robotsAfter(make([88, 50], [100, 65], [80, 70]), true);
      expect(refusal(st, { type: 'charge', base: 'bots-1', target: 'boyz-1' })).toBe('ERR_ROBOT_CHARGE');
      expect(refusal(st, { type: 'charge', base: 'bots-1', target: 'titan-1' })).toBeNull();
    });

    it('NE-U69 T1: the titan has moved but is out of charge reach: the robots make their full move toward it', () => {
      const st = robotsAfter(make([70, 50], [100, 85], [60, 50]), true);
      expect(refusal(st, { type: 'move', base: 'bots-1', to: { x: 100, y: 70 } })).toBe('ERR_ROBOT_MOVE');
      expect(refusal(st, { type: 'move', base: 'bots-1', to: { x: 90, y: 50 } })).toBe('ERR_ROBOT_MOVE');
      expect(refusal(st, { type: 'move', base: 'bots-1', to: { x: 80, y: 50 } })).toBeNull();
      expect(epicRuleset.candidates(st)).toEqual([{ type: 'move', base: 'bots-1', to: { x: 80, y: 50 } }]);
    });
  });
});
