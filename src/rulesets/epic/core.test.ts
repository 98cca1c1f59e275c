/**
 * The core rules of the `epic` ruleset (C1…C14 of shared/rules/002_netepic_orks.md §3), one block per rule,
 * each test named after the rule it checks. Positions are built through the real scenario gate; dice are
 * fixed only through the seeded RNG (`play(…, dice)`).
 */
import { describe, expect, it } from 'vitest';
import {
  base,
  det,
  diceOf,
  giveOrders,
  kinds,
  type PositionSpec,
  play,
  position,
  refusal,
} from '../../../test/helpers/epic';
import type { GameEvent } from '../../engine/contract';
import { epicRuleset } from './index';
import type { EpicState } from './types';

// --- small readers --------------------------------------------------------------------------------------

/** The refusal code of an action, or null when it is legal. */
const eventsOf = (events: GameEvent[], kind: string): GameEvent[] =>
  events.filter((e) => `${e.rule}:${e.kind}` === kind);
const only = (events: GameEvent[], kind: string): GameEvent => {
  const found = eventsOf(events, kind);
  expect(found, `exactly one ${kind} in ${kinds(events).join(', ')}`).toHaveLength(1);
  return found[0]!;
};
const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

/** Every side passes its remaining activations (the Combat phase follows, or the Phase Finale if nobody can act). */
function passMovement(s: EpicState): EpicState {
  let st = s;
  while (st.phase === 'mouvement.choix') st = play(st, { type: 'pass' }).state;
  return st;
}

/** Orders (all Avance unless given), blue first, then everyone passes: into the Combat phase or beyond. */
function toCombat(spec: PositionSpec, orders: Parameters<typeof giveOrders>[1] = {}): EpicState {
  return passMovement(giveOrders(position(spec), orders, 'blue'));
}

// Two lone commanders far apart: nothing is in range of anything.
const FAR_RED = {
  id: 'RB',
  side: 'red' as const,
  bases: [{ id: 'boss', profile: 'warboss', x: 140, y: 90 }],
};

// --- C1 -------------------------------------------------------------------------------------------------

describe('C1 — turn sequence and orders', () => {
  it('C1: orders are hidden from the other side until revealed; the owner sees its own', () => {
    let s = position({
      dets: [
        { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 50 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boss', profile: 'warboss', x: 130, y: 50 }] },
      ],
    });
    s = play(s, { type: 'order', det: 'B', order: 'tirAppuye' }).state;
    s = play(s, { type: 'order', det: 'R', order: 'charge' }).state;
    expect(s.phase).toBe('initiative');
    const byRed = epicRuleset.observe(s, 'red');
    const byBlue = epicRuleset.observe(s, 'blue');
    expect(det(byRed, 'B').order).toBeNull();
    expect(det(byRed, 'R').order).toBe('charge');
    expect(det(byBlue, 'B').order).toBe('tirAppuye');
    expect(det(byBlue, 'R').order).toBeNull();
    // The RNG's future is hidden too, and the true state is untouched.
    expect(byRed.rng).toEqual({ c: 0, s0: 0, s1: 0, s2: 0 });
    expect(det(s, 'B').order).toBe('tirAppuye');

    // Blue's only detachment is on Tir Appuyé: red activates, which reveals its counter to blue.
    const m = play(s, { type: 'initiative', first: 'blue' }).state;
    expect(m.toAct).toBe('red');
    const a = play(m, { type: 'activate', det: 'R' });
    expect(kinds(a.events)).toEqual(['C1:activate']);
    expect(det(epicRuleset.observe(a.state, 'blue'), 'R').order).toBe('charge');
    expect(det(epicRuleset.observe(a.state, 'red'), 'B').order).toBeNull();
  });

  it('C1: each side rolls a D6 for initiative; the higher roller chooses who activates first', () => {
    let s = position({
      dets: [
        { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 50 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boss', profile: 'warboss', x: 130, y: 50 }] },
      ],
    });
    s = play(s, { type: 'order', det: 'B', order: 'avance' }).state;
    expect(s.phase).toBe('ordres');
    // The last order closes the Orders phase and rolls the initiative: blue 2, red 5.
    const r = play(s, { type: 'order', det: 'R', order: 'avance' }, [2, 5]);
    expect(only(r.events, 'C1:initiativeRoll').dice![0]!.dice).toEqual([2, 5]);
    expect(r.state.phase).toBe('initiative');
    expect(r.state.initiativeChooser).toBe('red');
    expect(epicRuleset.decision(r.state)).toMatchObject({ side: 'red', phase: 'initiative' });
    // Red chooses to let blue activate first.
    const c = play(r.state, { type: 'initiative', first: 'blue' }).state;
    expect(c.phase).toBe('mouvement.choix');
    expect(c.first).toBe('blue');
    expect(c.toAct).toBe('blue');
    expect(c.sides.blue.hadInitiative).toBe(true);
    expect(c.sides.red.hadInitiative).toBe(false);

    // A tie on turn 1 is re-rolled: 3–3, then 6–1.
    const t = play(s, { type: 'order', det: 'R', order: 'avance' }, [3, 3, 6, 1]);
    expect(eventsOf(t.events, 'C1:initiativeRoll').map((e) => e.dice![0]!.dice)).toEqual([
      [3, 3],
      [6, 1],
    ]);
    expect(t.state.initiativeChooser).toBe('blue');
  });

  it('C1: the players alternate one activation each; a detachment activates once; then Combat and the next turn', () => {
    let s = giveOrders(
      position({
        dets: [
          { id: 'B1', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
          { id: 'B2', side: 'blue', bases: [{ id: 'tac', profile: 'tactical', x: 20, y: 50 }] },
          { id: 'R1', side: 'red', bases: [{ id: 'boss', profile: 'warboss', x: 140, y: 50 }] },
          { id: 'R2', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 130, y: 50 }] },
        ],
      }),
      {},
      'blue',
    );
    expect(epicRuleset.decision(s)).toMatchObject({ side: 'blue', phase: 'mouvement.choix' });
    expect(refusal(s, { type: 'activate', det: 'R1' })).toBe('ERR_DET');
    s = play(s, { type: 'activate', det: 'B1' }).state;
    expect(s.phase).toBe('mouvement.activation');
    expect(epicRuleset.decision(s)).toMatchObject({ side: 'blue', unit: 'B1' });
    s = play(s, { type: 'done' }).state;
    // After blue's activation, red acts.
    expect(s.phase).toBe('mouvement.choix');
    expect(epicRuleset.decision(s)).toMatchObject({ side: 'red', phase: 'mouvement.choix' });
    expect(refusal(s, { type: 'activate', det: 'B2' })).toBe('ERR_DET');
    s = play(s, { type: 'activate', det: 'R1' }).state;
    s = play(s, { type: 'done' }).state;
    expect(s.toAct).toBe('blue');
    expect(refusal(s, { type: 'activate', det: 'B1' })).toBe('ERR_ACTIVATED');
    s = play(s, { type: 'activate', det: 'B2' }).state;
    s = play(s, { type: 'done' }).state;
    expect(s.toAct).toBe('red');
    // Red passes; blue has nothing left: Combat (nobody in range) and the Phase Finale follow at once.
    const end = play(s, { type: 'pass' });
    expect(kinds(end.events)).toEqual(['C1:pass', 'C1:turn']);
    expect(end.state.turn).toBe(2);
    expect(end.state.phase).toBe('ordres');

    // Turn 2: a tied initiative roll goes to the side that did not have the initiative (red).
    let t2 = end.state;
    for (const id of ['B1', 'B2', 'R1']) t2 = play(t2, { type: 'order', det: id, order: 'avance' }).state;
    const tie = play(t2, { type: 'order', det: 'R2', order: 'avance' }, [4, 4]);
    expect(eventsOf(tie.events, 'C1:initiativeRoll')).toHaveLength(1);
    expect(tie.state.initiativeChooser).toBe('red');
  });

  it('C1: a detachment on Tir Appuyé cannot be activated (ERR_TIR_APPUYE)', () => {
    const s = giveOrders(
      position({
        dets: [
          { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
          { id: 'T', side: 'blue', bases: [{ id: 'tac', profile: 'tactical', x: 20, y: 50 }] },
          FAR_RED,
        ],
      }),
      { T: 'tirAppuye' },
    );
    expect(refusal(s, { type: 'activate', det: 'T' })).toBe('ERR_TIR_APPUYE');
    expect(refusal(s, { type: 'activate', det: 'B' })).toBeNull();
  });

  it('C1: Charge doubles the move allowance: 20 cm is legal on Charge, ERR_TOO_FAR on Avance for a 10 cm mover', () => {
    const spec: PositionSpec = {
      dets: [{ id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 20 }] }, FAR_RED],
    };
    const activate = (order: 'charge' | 'avance') => {
      const s = giveOrders(position(spec), { B: order });
      return play(s, { type: 'activate', det: 'B' }).state;
    };
    const onCharge = activate('charge');
    const moved = play(onCharge, { type: 'move', base: 'cap', to: { x: 40, y: 20 } });
    expect(kinds(moved.events)).toEqual(['C1:move']);
    expect(base(moved.state, 'cap')).toMatchObject({ x: 40, y: 20, moved: 20 });
    // Twice the move is the whole allowance: nothing is left.
    expect(refusal(moved.state, { type: 'move', base: 'cap', to: { x: 41, y: 20 } })).toBe('ERR_TOO_FAR');

    const onAvance = activate('avance');
    expect(refusal(onAvance, { type: 'move', base: 'cap', to: { x: 40, y: 20 } })).toBe('ERR_TOO_FAR');
    expect(refusal(onAvance, { type: 'move', base: 'cap', to: { x: 30, y: 20 } })).toBeNull();
  });

  it('C1: on Retraite a base must end farther from the nearest enemy than it started (ASSUMPTION)', () => {
    let s = giveOrders(
      position({
        dets: [
          { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 60, y: 50 }] },
          { id: 'R', side: 'red', bases: [{ id: 'boss', profile: 'warboss', x: 100, y: 50 }] },
        ],
      }),
      { B: 'retraite' },
    );
    s = play(s, { type: 'activate', det: 'B' }).state;
    expect(refusal(s, { type: 'move', base: 'cap', to: { x: 70, y: 50 } })).toBe('ERR_RETRAITE');
    // Sideways but ending closer to the warboss is refused too; away is legal, up to twice the move.
    expect(refusal(s, { type: 'move', base: 'cap', to: { x: 65, y: 45 } })).toBe('ERR_RETRAITE');
    const r = play(s, { type: 'move', base: 'cap', to: { x: 42, y: 50 } });
    expect(base(r.state, 'cap')).toMatchObject({ x: 42, y: 50, moved: 18 });
  });

  it('C1: a detachment on Charge does not shoot in the Combat phase (ERR_NO_FIRE)', () => {
    const s = toCombat(
      {
        dets: [
          { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 50 }] },
          { id: 'C', side: 'blue', bases: [{ id: 'tac', profile: 'tactical', x: 20, y: 60 }] },
          // No QG on red: Sans ordre, so no hidden counter.
          { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 40, y: 55 }] },
        ],
      },
      { Q: 'avance', C: 'charge' },
    );
    expect(s.phase).toBe('combat');
    expect(s.toAct).toBe('blue');
    expect(refusal(s, { type: 'shoot', det: 'C', target: 'R' })).toBe('ERR_NO_FIRE');
    expect(refusal(s, { type: 'shoot', det: 'Q', target: 'R' })).toBeNull();
  });

  it('C1: a Sans ordre detachment that holds shoots at −1 (Snap Fire); one that regrouped does not shoot', () => {
    // No QG at all: every detachment is Sans ordre, and the initiative is rolled at set-up.
    let s = position({
      dets: [
        { id: 'S1', side: 'blue', bases: [{ id: 'tac1', profile: 'tactical', x: 20, y: 50 }] },
        { id: 'S2', side: 'blue', bases: [{ id: 'tac2', profile: 'tactical', x: 20, y: 60 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 40, y: 55 }] },
      ],
    });
    expect(s.phase).toBe('initiative');
    expect(s.dets.map((d) => d.order)).toEqual([null, null, null]);
    s = play(s, { type: 'initiative', first: 'blue' }).state;
    // S2 regroups (activates, no move); S1 holds.
    s = play(play(s, { type: 'activate', det: 'S2' }).state, { type: 'done' }).state;
    s = passMovement(s);
    expect(s.phase).toBe('combat');
    expect(refusal(s, { type: 'shoot', det: 'S2', target: 'R' })).toBe('ERR_NO_FIRE');
    // Bolter 5+, −1: a 6 needed. The hit is saved by the boyz' 6.
    const r = play(s, { type: 'shoot', det: 'S1', target: 'R' }, [6, 6]);
    const fire = only(r.events, 'C4:fire').dice![0]!;
    expect(fire).toMatchObject({ dice: [6], target: 6 });
    expect(fire.modifiers!.map((m) => [m.label.en, m.value])).toEqual([['snap fire, no order (C1)', -1]]);
    expect(kinds(r.events)).toEqual(['C4:shoot', 'C4:fire', 'C4:saved']);
    expect(base(r.state, 'boyz').alive).toBe(true);
  });
});

// --- C2 -------------------------------------------------------------------------------------------------

describe('C2 — coherency and command radius', () => {
  it('C2: a detachment with no base within 25 cm of a friendly QG base gets no order and is never asked for one', () => {
    let s = position({
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 50 }] },
        { id: 'N', side: 'blue', bases: [{ id: 'near', profile: 'tactical', x: 45, y: 50 }] },
        { id: 'F', side: 'blue', bases: [{ id: 'far', profile: 'tactical', x: 46, y: 60 }] },
        FAR_RED,
      ],
    });
    expect(det(s, 'F')).toMatchObject({ order: null, given: true });
    const asked: string[] = [];
    while (s.phase === 'ordres') {
      const d = epicRuleset.decision(s)!;
      asked.push(d.unit!);
      expect(refusal(s, { type: 'order', det: 'F', order: 'avance' })).toMatch(/^ERR_(ORDER_GIVEN|DET)$/);
      s = play(s, { type: 'order', det: d.unit!, order: 'avance' }).state;
    }
    expect(asked).toEqual(['Q', 'N', 'RB']);
    expect(det(s, 'F').order).toBeNull();
    expect(det(s, 'N').order).toBe('avance');
    // The next Orders phase says so in the log.
    let next = play(s, { type: 'initiative', first: 'blue' }).state;
    let events: GameEvent[] = [];
    while (next.phase === 'mouvement.choix') ({ state: next, events } = play(next, { type: 'pass' }));
    expect(next.turn).toBe(2);
    expect(only(events, 'C2:noOrder')).toMatchObject({ side: 'blue' });
    expect(only(events, 'C2:noOrder').text.en).toContain('F is out of command range');
  });

  it('C2: a detachment left split is flagged; still split at the end of its next activation, its smaller groups die', () => {
    const spec: PositionSpec = {
      dets: [
        {
          id: 'B',
          side: 'blue',
          bases: [
            { id: 'cap', profile: 'captain', x: 20, y: 50 },
            { id: 't1', profile: 'tactical', x: 25, y: 50 },
            { id: 't2', profile: 'tactical', x: 30, y: 50 },
          ],
        },
        FAR_RED,
      ],
    };
    let s = giveOrders(position(spec), {});
    s = play(s, { type: 'activate', det: 'B' }).state;
    s = play(s, { type: 'move', base: 't2', to: { x: 40, y: 50 } }).state;
    const first = play(s, { type: 'done' });
    expect(only(first.events, 'C2:coherency').text.en).toContain('out of coherency');
    expect(det(first.state, 'B').split).toBe(true);
    expect(first.state.bases.every((b) => b.alive)).toBe(true);

    // Turn 2: still split at the end of the activation: t2, the smaller group, is destroyed.
    s = passMovement(first.state);
    expect(s.turn).toBe(2);
    s = giveOrders(s, {});
    const second = play(play(s, { type: 'activate', det: 'B' }).state, { type: 'done' });
    expect(only(second.events, 'C2:coherency').text.en).toContain('still split');
    expect(only(second.events, 'C2:destroyed').units).toEqual(['t2']);
    expect(base(second.state, 't2').alive).toBe(false);
    expect(base(second.state, 'cap').alive && base(second.state, 't1').alive).toBe(true);
    expect(det(second.state, 'B').split).toBe(false);

    // Turn 3: a new split is only a warning again.
    s = giveOrders(passMovement(second.state), {});
    s = play(play(s, { type: 'activate', det: 'B' }).state, {
      type: 'move',
      base: 't1',
      to: { x: 35, y: 50 },
    }).state;
    const third = play(s, { type: 'done' });
    expect(only(third.events, 'C2:coherency').text.en).toContain('out of coherency');
    expect(eventsOf(third.events, 'C2:destroyed')).toHaveLength(0);
    expect(base(third.state, 't1').alive).toBe(true);
  });

  it('C2: a split detachment that rejoins at its next activation loses nothing and is no longer flagged', () => {
    const spec: PositionSpec = {
      dets: [
        {
          id: 'B',
          side: 'blue',
          bases: [
            { id: 'cap', profile: 'captain', x: 20, y: 50 },
            { id: 't1', profile: 'tactical', x: 25, y: 50 },
          ],
        },
        FAR_RED,
      ],
    };
    let s = giveOrders(position(spec), {});
    s = play(s, { type: 'activate', det: 'B' }).state;
    s = play(play(s, { type: 'move', base: 't1', to: { x: 35, y: 50 } }).state, { type: 'done' }).state;
    expect(det(s, 'B').split).toBe(true);
    s = giveOrders(passMovement(s), {});
    s = play(play(s, { type: 'activate', det: 'B' }).state, {
      type: 'move',
      base: 't1',
      to: { x: 25, y: 50 },
    }).state;
    const r = play(s, { type: 'done' });
    expect(eventsOf(r.events, 'C2:coherency')).toHaveLength(0);
    expect(det(r.state, 'B').split).toBe(false);
    expect(r.state.bases.every((b) => b.alive)).toBe(true);
  });
});

// --- C3 -------------------------------------------------------------------------------------------------

describe('C3 — blocking, zones of control, terrain', () => {
  /** Blue activates `detId` (its order given) in a position with red Sans ordre (no hidden counter to intercept). */
  const activated = (spec: PositionSpec, detId: string, order: 'avance' | 'charge' = 'avance'): EpicState =>
    play(giveOrders(position(spec), { [detId]: order }), { type: 'activate', det: detId }).state;

  it('C3: a move into the ZOC of an enemy base of equal class is refused (ERR_ZOC); a higher class may cross it', () => {
    const spec: PositionSpec = {
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 40, y: 40 }] },
        { id: 'L', side: 'blue', bases: [{ id: 'lr', profile: 'land-raider', x: 30, y: 50 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 50, y: 50 }] },
      ],
    };
    // The captain (class 1) may not enter the boyz' (class 1) 3.75 cm ZOC, nor pass through it.
    const q = activated(spec, 'Q');
    expect(refusal(q, { type: 'move', base: 'cap', to: { x: 47, y: 47 } })).toBe('ERR_ZOC');
    expect(refusal(q, { type: 'move', base: 'cap', to: { x: 47, y: 38 } })).toBeNull();
    // The Land Raider (class 3) ends inside the boyz' ZOC: 5 cm centre to centre, not in contact.
    const l = activated(spec, 'L');
    const r = play(l, { type: 'move', base: 'lr', to: { x: 45, y: 50 } });
    expect(kinds(r.events)).toEqual(['C1:move']);
    expect(base(r.state, 'lr')).toMatchObject({ x: 45, y: 50, moved: 15 });
  });

  it('C3: a move passing through an enemy base is refused (ERR_PATH_BASE)', () => {
    const s = activated(
      {
        dets: [
          { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 40, y: 50 }] },
          { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 50, y: 50 }] },
        ],
      },
      'Q',
      'charge',
    );
    expect(refusal(s, { type: 'move', base: 'cap', to: { x: 60, y: 50 } })).toBe('ERR_PATH_BASE');
    expect(refusal(s, { type: 'move', base: 'cap', to: { x: 40, y: 30 } })).toBeNull();
  });

  it('C3: difficult terrain doubles the cost: a forest for a vehicle, not for infantry', () => {
    const spec: PositionSpec = {
      terrain: [
        {
          id: 'wood',
          kind: 'forest',
          height: 2,
          poly: [
            { x: 40, y: 0 },
            { x: 50, y: 0 },
            { x: 50, y: 100 },
            { x: 40, y: 100 },
          ],
        },
      ],
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 35, y: 20 }] },
        { id: 'L', side: 'blue', bases: [{ id: 'lr', profile: 'land-raider', x: 35, y: 40 }] },
        FAR_RED,
      ],
    };
    // Land Raider, move 20: 5 cm of open ground + 7 cm of forest at ×2 = 19 cm.
    const l = activated(spec, 'L');
    const r = play(l, { type: 'move', base: 'lr', to: { x: 47, y: 40 } });
    expect(base(r.state, 'lr')).toMatchObject({ x: 47, moved: 19 });
    // 17 cm in a straight line, but 5 + 10 × 2 + 2 = 27 cm of allowance.
    expect(refusal(l, { type: 'move', base: 'lr', to: { x: 52, y: 40 } })).toBe('ERR_TOO_FAR');
    // Infantry pays the forest at ×1.
    const q = activated(spec, 'Q');
    const c = play(q, { type: 'move', base: 'cap', to: { x: 45, y: 20 } });
    expect(base(c.state, 'cap')).toMatchObject({ x: 45, moved: 10 });
  });

  it('C3: a base engaged by an enemy of equal class is blocked (ERR_BLOCKED); one engaged by a lower class is not', () => {
    const spec: PositionSpec = {
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 50, y: 50 }] },
        { id: 'L', side: 'blue', bases: [{ id: 'lr', profile: 'land-raider', x: 50, y: 30 }] },
        {
          id: 'R',
          side: 'red',
          bases: [
            { id: 'b1', profile: 'boyz', x: 52, y: 50 },
            { id: 'b2', profile: 'boyz', x: 52.75, y: 30 },
          ],
        },
      ],
    };
    const q = activated(spec, 'Q');
    expect(refusal(q, { type: 'move', base: 'cap', to: { x: 45, y: 50 } })).toBe('ERR_BLOCKED');
    const l = activated(spec, 'L');
    expect(refusal(l, { type: 'move', base: 'lr', to: { x: 40, y: 30 } })).toBeNull();
  });
});

// --- C4 -------------------------------------------------------------------------------------------------

const square = (id: string, kind: 'forest' | 'building', x: number, y: number, half = 5) => ({
  id,
  kind,
  height: 3,
  poly: [
    { x: x - half, y: y - half },
    { x: x + half, y: y - half },
    { x: x + half, y: y + half },
    { x: x - half, y: y + half },
  ],
});

describe('C4 — shooting', () => {
  it('C4: light cover (forest) gives −1 to hit, heavy cover (building) −2, shown in the dice target', () => {
    const s = toCombat({
      terrain: [square('wood', 'forest', 40, 50), square('house', 'building', 40, 75)],
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
        { id: 'T', side: 'blue', bases: [{ id: 'tac', profile: 'tactical', x: 20, y: 60 }] },
        { id: 'F', side: 'red', bases: [{ id: 'inWood', profile: 'boyz', x: 40, y: 50 }] },
        { id: 'H', side: 'red', bases: [{ id: 'inHouse', profile: 'boyz', x: 40, y: 75 }] },
      ],
    });
    expect(s.toAct).toBe('blue');
    // Bolter 5+, light cover −1: a 5 misses.
    const wood = play(s, { type: 'shoot', det: 'T', target: 'F' }, [5]);
    const w = only(wood.events, 'C4:fire').dice![0]!;
    expect(w).toMatchObject({ dice: [5], target: 6 });
    expect(w.modifiers!.map((m) => [m.label.en, m.value])).toEqual([['light cover (C4)', -1]]);
    expect(kinds(wood.events)).toEqual(['C4:shoot', 'C4:fire']);
    // Heavy cover −2: 7+, a natural 6 then 4+ on a second D6; the boyz' 6+ save fails on a 2.
    const house = play(s, { type: 'shoot', det: 'T', target: 'H' }, [6, 4, 2]);
    const h = only(house.events, 'C4:fire').dice![0]!;
    expect(h).toMatchObject({ dice: [6], target: 7 });
    expect(h.modifiers!.map((m) => [m.label.en, m.value])).toEqual([['heavy cover (C4)', -2]]);
    // Every die rolled is in the log: the second die after the 6, against 4+.
    expect(only(house.events, 'C4:fire').dice![1]).toMatchObject({ dice: [4], target: 4 });
    expect(kinds(house.events)).toEqual(['C4:shoot', 'C4:fire', 'C4:unsaved', 'C4:destroyed']);
    expect(base(house.state, 'inHouse').alive).toBe(false);
    // A 6 then a 3 misses at 7+.
    expect(kinds(play(s, { type: 'shoot', det: 'T', target: 'H' }, [6, 3]).events)).toEqual([
      'C4:shoot',
      'C4:fire',
    ]);
  });

  it('C4: a save is D6 + PA ≥ save: a 4+ save against PA −1 needs a 5', () => {
    const s = toCombat({
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
        { id: 'D', side: 'blue', bases: [{ id: 'dev', profile: 'devastator', x: 20, y: 50 }] },
        {
          id: 'C',
          side: 'red',
          bases: [
            { id: 'c1', profile: 'command', x: 50, y: 50 },
            { id: 'c2', profile: 'command', x: 54, y: 50 },
            { id: 'c3', profile: 'command', x: 58, y: 50 },
          ],
        },
      ],
    });
    // Heavy weapons: 2 dice at 5+, PA −1, both at the nearest base c1. Saves: 5 (saved), 4 (failed).
    const r = play(s, { type: 'shoot', det: 'D', target: 'C' }, [5, 5, 5, 4]);
    // Then nobody can shoot: the Phase Finale and turn 2 follow.
    expect(kinds(r.events).slice(0, 5)).toEqual([
      'C4:shoot',
      'C4:fire',
      'C4:saved',
      'C4:unsaved',
      'C4:destroyed',
    ]);
    expect(eventsOf(r.events, 'C4:saved')[0]!.dice!.at(-1)).toMatchObject({
      label: 'save',
      dice: [5],
      target: 5,
    });
    expect(eventsOf(r.events, 'C4:unsaved')[0]!.dice!.at(-1)).toMatchObject({
      label: 'save',
      dice: [4],
      target: 5,
    });
    expect(only(r.events, 'C4:destroyed').units).toEqual(['c1']);
    expect(r.state.bases.filter((b) => b.det === 'C').map((b) => b.alive)).toEqual([false, true, true]);
  });

  it('C4: Tir Appuyé re-rolls to-hit 1s of a base that has not moved; Avance does not', () => {
    const spec: PositionSpec = {
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
        { id: 'T', side: 'blue', bases: [{ id: 'tac', profile: 'tactical', x: 20, y: 50 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 40, y: 50 }] },
      ],
    };
    const ta = toCombat(spec, { T: 'tirAppuye' });
    expect(base(ta, 'tac').moved).toBe(0);
    const r = play(ta, { type: 'shoot', det: 'T', target: 'R' }, [1, 5, 6]);
    expect(only(r.events, 'C4:fire').dice![0]).toMatchObject({ dice: [5], target: 5, rerolled: [[0, 1]] });
    expect(kinds(r.events)).toEqual(['C4:shoot', 'C4:fire', 'C4:saved']);

    const av = toCombat(spec, { T: 'avance' });
    const a = play(av, { type: 'shoot', det: 'T', target: 'R' }, [1]);
    expect(only(a.events, 'C4:fire').dice![0]).toMatchObject({ dice: [1], target: 5, rerolled: [] });
    expect(kinds(a.events)).toEqual(['C4:shoot', 'C4:fire']);
  });

  it('C4: a vehicle shot in its flank or rear gets an extra −1 PA; from the front it does not', () => {
    const at = (facing: number) =>
      toCombat({
        dets: [
          { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
          { id: 'T', side: 'blue', bases: [{ id: 'tac', profile: 'tactical', x: 20, y: 50 }] },
          {
            id: 'L',
            side: 'red',
            morale: null,
            bases: [{ id: 'lr', profile: 'land-raider', x: 40, y: 50, facing }],
          },
        ],
      });
    // The tactical base stands at −x of the Land Raider. Bolter PA 0 against a 3+ save; the save die is 3.
    const rear = play(at(0), { type: 'shoot', det: 'T', target: 'L' }, [5, 3]);
    expect(only(rear.events, 'C4:unsaved').dice!.at(-1)).toMatchObject({ dice: [3], target: 4 });
    expect(base(rear.state, 'lr')).toMatchObject({ alive: true, pdv: 1 });
    const flank = play(at(Math.PI / 2), { type: 'shoot', det: 'T', target: 'L' }, [5, 3]);
    expect(only(flank.events, 'C4:unsaved').dice!.at(-1)).toMatchObject({ dice: [3], target: 4 });
    const front = play(at(Math.PI), { type: 'shoot', det: 'T', target: 'L' }, [5, 3]);
    expect(only(front.events, 'C4:saved').dice!.at(-1)).toMatchObject({ dice: [3], target: 3 });
    expect(base(front.state, 'lr').pdv).toBe(2);
  });

  it('C4: a class-3 firer fires only in its front 180°', () => {
    const at = (facing: number) =>
      toCombat({
        dets: [
          { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 40, y: 60 }] },
          { id: 'L', side: 'blue', bases: [{ id: 'lr', profile: 'land-raider', x: 50, y: 50, facing }] },
          { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 20, y: 50 }] },
        ],
      });
    // Facing +x, the boyz (at −x, 30 cm, in lascannon range) are behind it.
    const away = at(0);
    expect(away.phase).toBe('combat');
    expect(away.toAct).toBe('blue');
    expect(refusal(away, { type: 'shoot', det: 'L', target: 'R' })).toBe('ERR_OUT_OF_REACH');
    expect(refusal(at(Math.PI), { type: 'shoot', det: 'L', target: 'R' })).toBeNull();
    // Turned 90° (boyz on the boundary of its front half) it still fires.
    expect(refusal(at(Math.PI / 2), { type: 'shoot', det: 'L', target: 'R' })).toBeNull();
  });
});

// --- C5 -------------------------------------------------------------------------------------------------

describe('C5 — interception and counter-charge fire', () => {
  // The captain walks 10 cm past a warboss 25 cm away (kombi-weapons: 25 cm, 2 dice at 5+). The boyz, out of
  // the warboss' command radius, are Sans ordre: no hidden counter.
  const spec: PositionSpec = {
    dets: [
      { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 50 }] },
      { id: 'R', side: 'red', bases: [{ id: 'boss', profile: 'warboss', x: 40, y: 70 }] },
      { id: 'R2', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 30, y: 30 }] },
    ],
  };
  /** Red (first) passes; blue activates its captain and declares the move. */
  const declare = (order: 'avance' | 'tirAppuye') => {
    let s = giveOrders(position(spec), { B: 'avance', R: order }, 'red');
    expect(det(s, 'R2').order).toBeNull();
    s = play(s, { type: 'pass' }).state;
    s = play(s, { type: 'activate', det: 'B' }).state;
    return play(s, { type: 'move', base: 'cap', to: { x: 30, y: 50 } });
  };

  it('C5: a move within reach of a hidden counter pauses for red even when it is not Tir Appuyé; noIntercept completes it', () => {
    const r = declare('avance');
    expect(kinds(r.events)).toEqual(['NE-U44:threat']);
    expect(r.state.phase).toBe('mouvement.interception');
    expect(epicRuleset.decision(r.state)).toMatchObject({ side: 'red', phase: 'mouvement.interception' });
    expect(r.state.pending!.threats).toEqual(['R']);
    // The pause reveals nothing: blue still cannot see the counter.
    expect(det(r.state, 'R').revealed).toBe(false);
    expect(det(epicRuleset.observe(r.state, 'blue'), 'R').order).toBeNull();
    expect(base(r.state, 'cap')).toMatchObject({ x: 20, y: 50 });
    // An Avance counter cannot fire.
    expect(refusal(r.state, { type: 'intercept', det: 'R', at: 0.5 })).toBe('ERR_NOT_TIR_APPUYE');
    const done = play(r.state, { type: 'noIntercept' });
    expect(kinds(done.events)).toEqual(['C5:noIntercept', 'C1:move']);
    expect(done.state.phase).toBe('mouvement.activation');
    expect(base(done.state, 'cap')).toMatchObject({ x: 30, y: 50 });
    expect(det(done.state, 'R').revealed).toBe(false);
  });

  it('C5: Tir Appuyé intercepts at a chosen point with −1 to hit and 1s re-rolled; it cannot shoot again in Combat', () => {
    const r = declare('tirAppuye');
    expect(refusal(r.state, { type: 'intercept', det: 'R', at: 1.5 })).toBe('ERR_AT');
    // Paused half-way, at (25, 50). Dice: 1 and 6, the 1 re-rolled into a 3; 6+ needed. Save 4+: a 4.
    const i = play(r.state, { type: 'intercept', det: 'R', at: 0.5 }, [1, 6, 3, 4]);
    expect(kinds(i.events)).toEqual(['C5:intercept', 'C5:fire', 'C4:saved', 'C1:move']);
    const fire = only(i.events, 'C5:fire');
    expect(fire.units).toEqual(['boss', 'cap']);
    expect(fire.dice![0]).toMatchObject({ dice: [3, 6], target: 6, rerolled: [[0, 1]] });
    expect(fire.dice![0]!.modifiers!.map((m) => [m.label.en, m.value])).toEqual([
      ['interception fire (C5)', -1],
    ]);
    expect(det(i.state, 'R')).toMatchObject({ revealed: true, intercepted: true });
    expect(i.state.phase).toBe('mouvement.activation');
    expect(base(i.state, 'cap')).toMatchObject({ x: 30, y: 50, alive: true });

    // Combat: red started the turn and the boyz may snap-fire, so red acts; the warboss spent its fire.
    const c = play(i.state, { type: 'done' }).state;
    expect(c.phase).toBe('combat');
    expect(c.toAct).toBe('red');
    expect(refusal(c, { type: 'shoot', det: 'R', target: 'B' })).toBe('ERR_NO_FIRE');
    expect(refusal(c, { type: 'shoot', det: 'R2', target: 'B' })).toBeNull();
  });

  it('C5: fire at bases charging the firers is counter-charge fire, with no −1; the charge then ends in contact', () => {
    let s = giveOrders(
      position({
        dets: [
          { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 50 }] },
          { id: 'R', side: 'red', bases: [{ id: 'boss', profile: 'warboss', x: 35, y: 50 }] },
        ],
      }),
      { B: 'charge', R: 'tirAppuye' },
    );
    s = play(s, { type: 'activate', det: 'B' }).state;
    const c = play(s, { type: 'charge', base: 'cap', target: 'boss' });
    expect(c.state.phase).toBe('mouvement.interception');
    // Paused at (26.5, 50), outside the warboss' ZOC: 5+ as printed. A 5 hits, a 2 misses; the save is a 4.
    const i = play(c.state, { type: 'intercept', det: 'R', at: 0.5 }, [5, 2, 4]);
    expect(kinds(i.events)).toEqual(['C5:intercept', 'C5:fire', 'C4:saved', 'C6:charge']);
    expect(only(i.events, 'C5:intercept').text.en).toContain('counter-charge');
    expect(only(i.events, 'C5:fire').dice![0]).toMatchObject({ dice: [5, 2], target: 5, modifiers: [] });
    expect(base(i.state, 'cap')).toMatchObject({ x: 33, y: 50, charged: true, alive: true });
  });
});

// --- C6 -------------------------------------------------------------------------------------------------

describe('C6 — assault', () => {
  it('C6: a charge ends in base contact with its target; only a Charge order may charge', () => {
    const spec: PositionSpec = {
      dets: [
        { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 50 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 35, y: 50 }] },
      ],
    };
    const onAvance = play(giveOrders(position(spec), { B: 'avance' }), { type: 'activate', det: 'B' }).state;
    expect(refusal(onAvance, { type: 'charge', base: 'cap', target: 'boyz' })).toBe('ERR_NOT_CHARGE');
    const s = play(giveOrders(position(spec), { B: 'charge' }), { type: 'activate', det: 'B' }).state;
    const r = play(s, { type: 'charge', base: 'cap', target: 'boyz' });
    expect(kinds(r.events)).toEqual(['C6:charge']);
    expect(only(r.events, 'C6:charge').units).toEqual(['cap', 'boyz']);
    const cap = base(r.state, 'cap');
    expect(cap).toMatchObject({ x: 33, y: 50, charged: true, moved: 13 });
    expect(dist(cap, base(r.state, 'boyz'))).toBeCloseTo(2, 9); // radii 1 + 1: edge to edge 0
  });

  /** Everyone passes into the Combat phase; blue (first) resolves the assault around `at`. */
  const assault = (spec: PositionSpec, at: string, dice: number[]) => {
    const s = toCombat(spec);
    expect(s.phase).toBe('combat');
    expect(s.toAct).toBe('blue');
    return play(s, { type: 'assault', base: at }, dice);
  };

  it('C6: a duel is 2D6 + FA on each side; the loser loses 1 PdV with no save', () => {
    const r = assault(
      {
        dets: [
          { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 50, y: 50 }] },
          { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 52, y: 50 }] },
          FAR_RED,
        ],
      },
      'cap',
      [3, 2, 4, 1],
    );
    // Captain 3 + 2 + FA 6 = 11 against boyz 4 + 1 + FA 3 = 8.
    const duel = only(r.events, 'C6:duel');
    expect(duel.units).toEqual(['cap', 'boyz']);
    expect(duel.dice!.map((d) => d.dice)).toEqual([
      [3, 2],
      [4, 1],
    ]);
    expect(duel.text.en).toContain('11 against');
    expect(diceOf(r.events)).toEqual([3, 2, 4, 1]); // no save rolled
    // Nothing is left to do: the Phase Finale follows (the boyz' detachment is Broken).
    expect(kinds(r.events)).toEqual(['C6:duel', 'C6:destroyed', 'C6:assaultResult', 'C14:broken', 'C1:turn']);
    expect(only(r.events, 'C6:assaultResult').side).toBe('blue');
    expect(base(r.state, 'boyz').alive).toBe(false);
    expect(base(r.state, 'cap').alive).toBe(true);
  });

  it('C6: a base fighting two enemies faces +1D6 on the second duel (outnumbering)', () => {
    const r = assault(
      {
        dets: [
          { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 50, y: 50 }] },
          {
            id: 'R',
            side: 'red',
            morale: null,
            bases: [
              { id: 'r1', profile: 'boyz', x: 52, y: 50 },
              { id: 'r2', profile: 'boyz', x: 48, y: 50 },
            ],
          },
          FAR_RED,
        ],
      },
      'cap',
      // Captain 6 6 against r1 1 1; captain 6 6 against r2 1 + two more dice (at most 16 against 18).
      [6, 6, 1, 1, 6, 6, 1],
    );
    const duels = eventsOf(r.events, 'C6:duel');
    expect(duels.map((d) => d.units)).toEqual([
      ['cap', 'r1'],
      ['cap', 'r2'],
    ]);
    expect(duels.map((d) => d.dice!.map((x) => x.dice.length))).toEqual([
      [2, 2],
      [2, 3],
    ]);
    expect(duels[1]!.dice![1]!.dice[0]).toBe(1);
    expect(base(r.state, 'r1').alive || base(r.state, 'r2').alive).toBe(false);
    expect(base(r.state, 'cap').alive).toBe(true);
  });

  it('C6: the side that lost fewer PdV wins; an Affected loser tests morale and, passing, stays in the fight', () => {
    // No QG: all Sans ordre. The Land Raider (2 PdV, FA 4) loses its duel to the boyz (FA 3).
    let s = position({
      dets: [
        { id: 'L', side: 'blue', bases: [{ id: 'lr', profile: 'land-raider', x: 50, y: 50 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 52.75, y: 50 }] },
      ],
    });
    s = passMovement(play(s, { type: 'initiative', first: 'blue' }).state);
    expect(s.phase).toBe('combat');
    // 1 + 1 + 4 = 6 against 6 + 6 + 3 = 15; the Land Raider lost half its PdV: morale 3 + 3 + 1 ≥ 5 passes.
    const r = play(s, { type: 'assault', base: 'lr' }, [1, 1, 6, 6, 3, 3]);
    expect(kinds(r.events)).toEqual(['C6:duel', 'NE-U56:wounded', 'C6:assaultResult', 'C7:morale']);
    expect(only(r.events, 'C6:assaultResult').side).toBe('red');
    expect(base(r.state, 'lr')).toMatchObject({ alive: true, pdv: 1, x: 50, y: 50 });
    expect(base(r.state, 'boyz')).toMatchObject({ alive: true, x: 52.75, y: 50 });
    expect(det(r.state, 'L').routed).toBe(false);
  });

  it('C6: a loser that was not Affected falls back 10 cm away, without a morale test', () => {
    let s = position({
      dets: [
        {
          id: 'L',
          side: 'blue',
          bases: [
            { id: 'lr', profile: 'land-raider', x: 50, y: 50 },
            { id: 'lr2', profile: 'land-raider', x: 50, y: 60 },
          ],
        },
        { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 52.75, y: 50 }] },
      ],
    });
    s = passMovement(play(s, { type: 'initiative', first: 'blue' }).state);
    // One PdV lost of four: not Affected, so the losing base regroups straight away from the boyz.
    const r = play(s, { type: 'assault', base: 'lr' }, [1, 1, 6, 6]);
    expect(kinds(r.events)).toEqual(['C6:duel', 'NE-U56:wounded', 'C6:assaultResult', 'C6:regroup']);
    expect(base(r.state, 'lr')).toMatchObject({ alive: true, pdv: 1, x: 40, y: 50 });
  });

  it('C6: disengaging from a lower-class enemy costs a no-save hit on 6+ (its FA is below 7)', () => {
    const spec: PositionSpec = {
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 50, y: 30 }] },
        { id: 'L', side: 'blue', bases: [{ id: 'lr', profile: 'land-raider', x: 50, y: 50 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 52.75, y: 50 }] },
      ],
    };
    const s = play(giveOrders(position(spec), {}), { type: 'activate', det: 'L' }).state;
    const hit = play(s, { type: 'move', base: 'lr', to: { x: 35, y: 50 } }, [6]);
    expect(kinds(hit.events)).toEqual(['C6:disengage', 'NE-U56:wounded', 'C1:move']);
    expect(only(hit.events, 'C6:disengage').dice![0]).toMatchObject({ dice: [6], target: 6 });
    expect(base(hit.state, 'lr')).toMatchObject({ pdv: 1, x: 35, y: 50 });
    const miss = play(s, { type: 'move', base: 'lr', to: { x: 35, y: 50 } }, [5]);
    expect(kinds(miss.events)).toEqual(['C6:disengage', 'C1:move']);
    expect(base(miss.state, 'lr')).toMatchObject({ pdv: 2, x: 35, y: 50 });
  });
});

// --- C7 -------------------------------------------------------------------------------------------------

describe('C7 — morale and rout', () => {
  // Two tactical squads in the captain's command face three boyz (morale 10) and, for red's turn, a lone boy.
  const spec: PositionSpec = {
    dets: [
      { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
      { id: 'T1', side: 'blue', bases: [{ id: 'tac1', profile: 'tactical', x: 20, y: 50 }] },
      { id: 'T2', side: 'blue', bases: [{ id: 'tac2', profile: 'tactical', x: 20, y: 56 }] },
      {
        id: 'R1',
        side: 'red',
        morale: 10,
        bases: [
          { id: 'b1', profile: 'boyz', x: 40, y: 50 },
          { id: 'b2', profile: 'boyz', x: 41, y: 54 },
        ],
      },
      { id: 'R2', side: 'red', bases: [{ id: 'lone', profile: 'boyz', x: 30, y: 35 }] },
    ],
  };

  it('C7: half its bases lost to one shooting: 2D6 + 1 (no earlier losses) ≥ morale; a failure routs it', () => {
    const s = toCombat(spec);
    // Hit (5), failed 6+ save (2): b1 dies, 1 of 2 bases. Morale 4 + 4 + 1 = 9 < 10.
    const r = play(s, { type: 'shoot', det: 'T1', target: 'R1' }, [5, 2, 4, 4]);
    expect(kinds(r.events)).toEqual(['C4:shoot', 'C4:fire', 'C4:unsaved', 'C4:destroyed', 'C7:morale']);
    expect(only(r.events, 'C7:morale').dice![0]).toMatchObject({ label: 'morale', dice: [4, 4], target: 9 });
    const d = det(r.state, 'R1');
    expect(d).toMatchObject({ routed: true, order: 'retraite', revealed: true });
    // The survivor ran 25 cm straight away from the nearest enemy base (tac2).
    const before = base(s, 'b2');
    const after = base(r.state, 'b2');
    expect(dist(after, before)).toBeCloseTo(25, 6);
    expect(dist(after, base(r.state, 'tac2'))).toBeCloseTo(dist(before, base(s, 'tac2')) + 25, 6);
    // Red acts next; a routed detachment does not shoot.
    expect(r.state.toAct).toBe('red');
    expect(refusal(r.state, { type: 'shoot', det: 'R1', target: 'T1' })).toBe('ERR_NO_FIRE');
    expect(refusal(r.state, { type: 'shoot', det: 'R2', target: 'T1' })).toBeNull();
  });

  it('C7: 2D6 + 1 reaching the morale value passes: no rout', () => {
    const s = toCombat(spec);
    const r = play(s, { type: 'shoot', det: 'T1', target: 'R1' }, [5, 2, 5, 4]);
    expect(only(r.events, 'C7:morale').text.en).toContain('10 against 10: passed');
    expect(det(r.state, 'R1')).toMatchObject({ routed: false, order: null });
    expect(base(r.state, 'b2')).toMatchObject({ x: 41, y: 54 });
  });

  it('C7: a detachment with earlier losses gets no +1; one losing less than half does not test', () => {
    const three: PositionSpec = {
      dets: spec.dets.map((d) =>
        d.id === 'R1' ? { ...d, bases: [...d.bases, { id: 'b3', profile: 'boyz', x: 42, y: 58 }] } : d,
      ),
    };
    let s = toCombat(three);
    // 1 base of 3: no test.
    let r = play(s, { type: 'shoot', det: 'T1', target: 'R1' }, [5, 1]);
    expect(kinds(r.events)).toEqual(['C4:shoot', 'C4:fire', 'C4:unsaved', 'C4:destroyed']);
    expect(det(r.state, 'R1').lostPdv).toBe(1);
    // Red's lone boy snap-fires and misses; then T2 kills b2: 1 of 2, with earlier losses: 2D6 alone ≥ 10.
    s = play(r.state, { type: 'shoot', det: 'R2', target: 'T1' }, [1]).state;
    expect(s.toAct).toBe('blue');
    r = play(s, { type: 'shoot', det: 'T2', target: 'R1' }, [5, 1, 5, 4]);
    expect(only(r.events, 'C4:destroyed').units).toEqual(['b2']);
    expect(only(r.events, 'C7:morale').dice![0]).toMatchObject({ dice: [5, 4], target: 10 });
    expect(det(r.state, 'R1').routed).toBe(true);
  });
});

// --- C9 -------------------------------------------------------------------------------------------------

describe('C9 — emergency exit', () => {
  it("C9: a destroyed transport's passengers survive on 4+, placed near the wreck, and die on 1–3", () => {
    const s = toCombat({
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
        { id: 'T', side: 'blue', bases: [{ id: 'tac', profile: 'tactical', x: 20, y: 50 }] },
        {
          id: 'K',
          side: 'red',
          morale: null,
          bases: [
            { id: 'tk', profile: 'trukk', x: 40, y: 50, facing: Math.PI },
            { id: 'p1', profile: 'boyz', x: 40, y: 50, carriedBy: 'tk' },
            { id: 'p2', profile: 'boyz', x: 40, y: 50, carriedBy: 'tk' },
          ],
        },
      ],
    });
    // Hit (5), failed 5+ save (1): the Trukk is destroyed; p1 rolls 4, p2 rolls 3.
    const r = play(s, { type: 'shoot', det: 'T', target: 'K' }, [5, 1, 4, 3]);
    expect(kinds(r.events).slice(0, 7)).toEqual([
      'C4:shoot',
      'C4:fire',
      'C4:unsaved',
      'C4:destroyed',
      'C9:emergencyExit',
      'C9:emergencyExit',
      'C9:destroyed',
    ]);
    const exits = eventsOf(r.events, 'C9:emergencyExit');
    expect(exits.map((e) => [e.units, e.dice![0]!.dice, e.dice![0]!.target])).toEqual([
      [['p1'], [4], 4],
      [['p2'], [3], 4],
    ]);
    const p1 = base(r.state, 'p1');
    expect(p1).toMatchObject({ alive: true, carriedBy: null });
    expect(dist(p1, { x: 40, y: 50 })).toBeLessThanOrEqual(3.75 + 1.5 + 1e-9); // inside the wreck's former ZOC
    expect(dist(p1, { x: 40, y: 50 })).toBeGreaterThan(0);
    expect(base(r.state, 'p2')).toMatchObject({ alive: false });
    expect(base(r.state, 'tk').alive).toBe(false);
  });
});

// --- C12 ------------------------------------------------------------------------------------------------

describe('C12 — Régénération (Médiko, Mékano)', () => {
  const shootAt = (red: PositionSpec['dets'][number], dice: number[]) => {
    const s = toCombat({
      dets: [
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
        { id: 'T', side: 'blue', bases: [{ id: 'tac', profile: 'tactical', x: 20, y: 50 }] },
        red,
      ],
    });
    return play(s, { type: 'shoot', det: 'T', target: red.id }, dice);
  };
  const boyzAndMediko = {
    id: 'M',
    side: 'red' as const,
    morale: null,
    bases: [
      { id: 'bz', profile: 'boyz', x: 40, y: 50 },
      { id: 'med', profile: 'mediko', x: 44, y: 50 },
    ],
  };

  it('C12: infantry within 6 cm of a friendly Médiko ignores a lost PdV on 5+', () => {
    // Hit (5), failed save (1), Régénération 5: kept.
    const r = shootAt(boyzAndMediko, [5, 1, 5]);
    expect(kinds(r.events).slice(0, 4)).toEqual(['C4:shoot', 'C4:fire', 'C4:unsaved', 'C12:regeneration']);
    const regen = only(r.events, 'C12:regeneration');
    expect(regen.units).toEqual(['bz', 'med']);
    expect(regen.dice![0]).toMatchObject({ label: 'regeneration', dice: [5], target: 5 });
    expect(base(r.state, 'bz')).toMatchObject({ alive: true, pdv: 1 });
    expect(det(r.state, 'M').lostPdv).toBe(0);
    // A 4 does not keep it.
    const lost = shootAt(boyzAndMediko, [5, 1, 4]);
    expect(kinds(lost.events).slice(3, 5)).toEqual(['C12:regeneration', 'C4:destroyed']);
    expect(base(lost.state, 'bz').alive).toBe(false);
  });

  it('C12: a vehicle within 6 cm of a Mékano ignores a lost PdV on 5+; a Médiko does not serve vehicles', () => {
    const trukkWith = (helper: string) => ({
      id: 'V',
      side: 'red' as const,
      morale: null,
      bases: [
        { id: 'tk', profile: 'trukk', x: 40, y: 50, facing: Math.PI },
        { id: 'helper', profile: helper, x: 44, y: 50 },
      ],
    });
    const kept = shootAt(trukkWith('mekano'), [5, 1, 5]);
    expect(only(kept.events, 'C12:regeneration').dice![0]).toMatchObject({ dice: [5], target: 5 });
    expect(base(kept.state, 'tk').alive).toBe(true);
    const noMekano = shootAt(trukkWith('mediko'), [5, 1]);
    expect(eventsOf(noMekano.events, 'C12:regeneration')).toHaveLength(0);
    expect(base(noMekano.state, 'tk').alive).toBe(false);
  });
});

// --- C14 ------------------------------------------------------------------------------------------------

describe('C14 — objectives, Destruction Points, victory', () => {
  it('C14: at the Phase Finale a lead of 2 captures an objective (infantry 1, vehicles 3, within 10 cm)', () => {
    let s = position({
      objectives: [
        { id: 'O1', x: 22, y: 35, value: 3 },
        { id: 'O2', x: 32, y: 55, value: 2 },
        { id: 'O3', x: 105, y: 60, value: 4 },
        { id: 'O4', x: 75, y: 95, value: 1 },
      ],
      dets: [
        // O1: two infantry bases, 2 against 0.
        {
          id: 'B',
          side: 'blue',
          bases: [
            { id: 'cap', profile: 'captain', x: 20, y: 30 },
            { id: 't1', profile: 'tactical', x: 24, y: 30 },
          ],
        },
        // O2: one infantry base, 1 against 0: no capture.
        { id: 'C', side: 'blue', bases: [{ id: 't2', profile: 'tactical', x: 30, y: 50 }] },
        // O3: a Trukk (3) against one infantry base (1): red by 2.
        { id: 'D', side: 'blue', bases: [{ id: 't3', profile: 'tactical', x: 100, y: 65 }] },
        {
          id: 'W',
          side: 'red',
          bases: [
            { id: 'boss', profile: 'warboss', x: 120, y: 40 },
            { id: 'tk', profile: 'trukk', x: 110, y: 55 },
          ],
        },
      ],
    });
    // Everyone on Charge (no shooting); t3, Sans ordre, regroups: nobody can shoot.
    s = giveOrders(s, { B: 'charge', C: 'charge', W: 'charge' });
    expect(det(s, 'D').order).toBeNull();
    s = play(play(s, { type: 'activate', det: 'D' }).state, { type: 'done' }).state;
    s = play(s, { type: 'pass' }).state; // red
    const r = play(s, { type: 'pass' }); // blue: nothing left, the Combat phase is empty, the Phase Finale runs
    expect(
      eventsOf(r.events, 'C14:objective').map((e) => [/^Objective (\S+)/.exec(e.text.en)?.[1], e.side]),
    ).toEqual([
      ['O1', 'blue'],
      ['O3', 'red'],
    ]);
    expect(r.state.objectives.map((o) => [o.id, o.holder])).toEqual([
      ['O1', 'blue'],
      ['O2', null],
      ['O3', 'red'],
      ['O4', null],
    ]);
    expect(r.state.turn).toBe(2);
    expect(r.state.phase).toBe('ordres');
  });

  it('C14: a detachment that lost half its starting PdV is Broken, its points go to the opponent; at the turn limit the higher total wins', () => {
    // No QG: all Sans ordre (holding: Snap Fire). One turn only.
    let s = position({
      turnLimit: 1,
      objectives: [{ id: 'O', x: 120, y: 80, value: 10 }],
      dets: [
        { id: 'T', side: 'blue', bases: [{ id: 'tac', profile: 'tactical', x: 20, y: 50 }] },
        {
          id: 'R',
          side: 'red',
          morale: null,
          bases: [
            { id: 'b1', profile: 'boyz', x: 40, y: 50 },
            { id: 'b2', profile: 'boyz', x: 44, y: 50 },
          ],
        },
        // Out of reach of everything, near the objective: 2 against 0.
        {
          id: 'H',
          side: 'red',
          bases: [
            { id: 'h1', profile: 'boyz', x: 120, y: 78 },
            { id: 'h2', profile: 'boyz', x: 120, y: 82 },
          ],
        },
      ],
    });
    s = passMovement(play(s, { type: 'initiative', first: 'blue' }).state);
    expect(s.phase).toBe('combat');
    s = play(s, { type: 'shoot', det: 'T', target: 'R' }, [6, 1]).state; // b1 dies: R lost 1 of its 2 PdV
    expect(s.toAct).toBe('red');
    const r = play(s, { type: 'shoot', det: 'R', target: 'T' }, [5]); // 6+ needed: a miss
    expect(kinds(r.events).slice(2)).toEqual(['C14:objective', 'C14:broken', 'C14:gameOver']);
    expect(only(r.events, 'C14:broken').side).toBe('red');
    expect(det(r.state, 'R').broken).toBe(true);
    expect(r.state.sides.blue.dp).toBe(20);
    expect(r.state.phase).toBe('terminee');
    expect(epicRuleset.outcome(r.state)).toMatchObject({
      status: 'finished',
      winner: 'blue',
      points: { blue: 20, red: 10 },
    });
  });
});
