/**
 * What `epic` declares for the app's panels beyond the board (board.ts `epicBoardAdapter`): the interception
 * threat of a move before it is sent (C5, NE-U44), a flyer's reach and click (NE-U100), and the shots its
 * events resolved (C4), each on positions built through the real scenario gate.
 */
import { describe, expect, it } from 'vitest';
import { giveOrders, type PositionSpec, play, position } from '../../../test/helpers/epic';
import type { Overlay } from '../../engine/board-model';
import type { GameEvent } from '../../engine/contract';
import { Rng, seedRng } from '../../engine/rng';
import { scenarios } from '../registry';
import {
  epicCard,
  epicDescribe,
  epicGroupMoves,
  epicMoveThreat,
  epicOverlays,
  epicPointAction,
  epicShots,
} from './board';
import { epicRuleset } from './index';
import { prof } from './state';
import type { EpicAction, EpicState, Order } from './types';

const reaches = (os: Overlay[]) =>
  os.filter((o): o is Extract<Overlay, { kind: 'reach' }> => o.kind === 'reach');

/** Blue's captain activated, red's warboss 20 cm off its path with a face-down counter. */
function threatPosition(redOrder: Order): EpicState {
  const spec: PositionSpec = {
    dets: [
      { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 50 }] },
      { id: 'R', side: 'red', bases: [{ id: 'boss', profile: 'warboss', x: 40, y: 70 }] },
      { id: 'R2', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 130, y: 10 }] },
    ],
  };
  let s = giveOrders(position(spec), { B: 'avance', R: redOrder, R2: 'avance' }, 'red');
  s = play(s, { type: 'pass' }).state;
  return play(s, { type: 'activate', det: 'B' }).state;
}

describe('epic interception threat before a move (C5, NE-U44)', () => {
  const move: EpicAction = { type: 'move', base: 'cap', to: { x: 30, y: 50 } };

  it('NE-U44: lists the bases whose face-down counter could fire on the path, as blue sees it', () => {
    const s = threatPosition('tirAppuye');
    const obs = epicRuleset.observe(s, 'blue');
    expect(obs.dets.find((d) => d.id === 'R')?.order).toBeNull(); // blue does not know red's order
    expect(epicMoveThreat(obs, 'blue', move)).toEqual({
      path: [
        { x: 20, y: 50 },
        { x: 30, y: 50 },
      ],
      by: ['boss'],
    });
    // The rules agree once the move is made: the same detachment threatens it.
    expect(play(s, move).state.pending?.threats).toEqual(['R']);
  });

  it('NE-U44: reveals nothing: the answer is the same whatever the hidden order is', () => {
    for (const order of ['charge', 'avance', 'retraite'] as const) {
      const obs = epicRuleset.observe(threatPosition(order), 'blue');
      expect(epicMoveThreat(obs, 'blue', move)?.by).toEqual(['boss']);
    }
  });

  it('C5: a move out of every reach, an illegal move or no move has no threat; the state is untouched', () => {
    const s = threatPosition('tirAppuye');
    const obs = epicRuleset.observe(s, 'blue');
    const before = JSON.stringify(obs);
    expect(
      epicMoveThreat(obs, 'blue', { type: 'move', base: 'cap', to: { x: 10, y: 30 } } as EpicAction),
    ).toBeNull();
    expect(
      epicMoveThreat(obs, 'blue', { type: 'move', base: 'cap', to: { x: 140, y: 50 } } as EpicAction),
    ).toBeNull();
    expect(epicMoveThreat(obs, 'blue', { type: 'done' })).toBeNull();
    expect(JSON.stringify(obs)).toBe(before);
  });
});

describe('epic interception threat agrees with the rules (C5, NE-U44)', () => {
  it('NE-U44: for every candidate move along random games, the threat shown is the one the rules then pause for', () => {
    let compared = 0;
    let threatened = 0;
    for (const entry of scenarios.epic!) {
      const parsed = epicRuleset.parseScenario(entry.data);
      if (!parsed.ok) throw new Error(parsed.error.code);
      const set = epicRuleset.setup(parsed.value, `threat-${entry.id}`);
      if (!set.ok) throw new Error(set.error.code);
      let s = set.value;
      const rng = new Rng(seedRng(`threat-${entry.id}`));
      for (let i = 0; i < 1500 && epicRuleset.decision(s); i++) {
        const cands = epicRuleset.candidates(s);
        if (s.phase === 'mouvement.activation') {
          const side = epicRuleset.decision(s)!.side;
          const obs = epicRuleset.observe(s, side);
          for (const a of cands.filter((c) =>
            ['move', 'moveDet', 'charge', 'disembark', 'fly'].includes(c.type),
          )) {
            const after = epicRuleset.apply(s, a);
            if (!after.ok) throw new Error(after.error.code);
            const p = after.value.state.pending;
            const dets = new Set([...(p?.threats ?? []), ...(p?.zones ?? [])]);
            const expected = s.bases
              .filter((b) => dets.has(b.det) && b.alive && b.carriedBy === null && b.side !== side)
              .map((b) => b.id);
            expect(epicMoveThreat(obs, side, a)?.by ?? []).toEqual(expected);
            compared++;
            if (expected.length > 0) threatened++;
          }
        }
        const r = epicRuleset.apply(s, cands[rng.int(cands.length)]!);
        if (!r.ok) throw new Error(r.error.code);
        s = r.value.state;
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect(threatened).toBeGreaterThan(0);
  });
});

describe('epic flyers on the board (NE-U100)', () => {
  function flyerPosition(order: Order): EpicState {
    const spec: PositionSpec = {
      dets: [
        { id: 'F', side: 'red', bases: [{ id: 'fb', profile: 'fighta-bommer', x: 75, y: 50 }] },
        { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 90 }] },
      ],
    };
    const s = giveOrders(position(spec), { F: order, B: 'avance' }, 'red');
    return play(s, { type: 'activate', det: 'F' }).state;
  }

  it('NE-U100, NE-U94: a flyer has no move region, but its reach is drawn: without an order, exactly half its move', () => {
    const s = flyerPosition('avance');
    expect(s.dets.find((d) => d.id === 'F')?.order).toBeNull(); // aircraft start in the air, with no order
    expect(epicRuleset.legal(s).regions).toEqual([]);
    const move = prof(s.bases.find((b) => b.id === 'fb')!).move;
    const [reach] = reaches(epicOverlays(s, 'fb'));
    expect(reach).toMatchObject({ unit: 'fb', from: { x: 75, y: 50 }, radius: move / 2, inner: move / 2 });
    // At altitude terrain does not count: every ray reaches the full half move (the table is wide enough).
    for (const p of reach!.outline!) expect(Math.hypot(p.x - 75, p.y - 50)).toBeCloseTo(move / 2, 5);
    // With nothing selected the active flyers' flight is drawn all the same; a ground base of the other
    // side has no such reach.
    expect(reaches(epicOverlays(s))).toEqual([reach]);
    expect(reaches(epicOverlays(s, 'cap'))).toEqual([]);
  });

  it('NE-U100, NE-U94: a click on the table flies the detachment there, checked by the rules', () => {
    const s = flyerPosition('avance');
    const a = epicPointAction(s, 'fb', { x: 105, y: 50 });
    expect(a).toMatchObject({ type: 'fly', det: 'F', dx: 30, dy: 0 });
    const flown = play(s, a as EpicAction).state;
    expect(flown.bases.find((b) => b.id === 'fb')).toMatchObject({ x: 105, y: 50 });
    // Any other length is refused by the rules, in their own words.
    const long = epicRuleset.validate(s, epicPointAction(s, 'fb', { x: 120, y: 50 }) as EpicAction);
    expect(long.ok ? '' : long.error.message.en).toMatch(/exactly 30 cm/);
    // A ground base gets no such action.
    expect(epicPointAction(s, 'cap', { x: 20, y: 90 })).toBeNull();
  });

  it('NE-U100: the card and the words say it flies, at which altitude', () => {
    const s = flyerPosition('avance');
    expect(epicCard(s, 'fb')?.rules.map((r) => r.id)).toEqual(expect.arrayContaining(['NE-U90', 'NE-U43']));
    expect(epicCard(s, 'fb')?.states).toContainEqual({ fr: 'altitude haute', en: 'high altitude' });
    const a = epicPointAction(s, 'fb', { x: 105, y: 50 })!;
    expect(epicDescribe(s, a)?.en).toBe('Fly F — high altitude — 30 cm');
  });
});

describe('epic shots for the animation (C4)', () => {
  it('C4: each fire event is a shot from firer to target; it hit exactly when the rules counted a hit', () => {
    const sc = scenarios.epic![0]!;
    const parsed = epicRuleset.parseScenario(sc.data);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const fired: GameEvent[] = [];
    for (let g = 0; g < 6 && fired.length < 30; g++) {
      const set = epicRuleset.setup(parsed.value, `shots-${g}`);
      if (!set.ok) throw new Error(set.error.code);
      let s = set.value;
      const rng = new Rng(seedRng(`shots-${g}`));
      for (let i = 0; i < 3000 && epicRuleset.decision(s); i++) {
        const cands = epicRuleset.candidates(s);
        const shoot = cands.filter((c) => c.type === 'shoot');
        const r = epicRuleset.apply(s, shoot.length > 0 ? shoot[0]! : cands[rng.int(cands.length)]!);
        if (!r.ok) throw new Error(r.error.code);
        fired.push(...r.value.events.filter((e) => e.kind === 'fire'));
        s = r.value.state;
      }
    }
    expect(fired.length).toBeGreaterThan(5);
    const shots = epicShots(fired);
    expect(shots).toHaveLength(fired.length);
    const counted = fired.map((e) => Number(/: (\d+) hit\(s\)/.exec(e.text.en)![1]) > 0);
    expect(shots.map((x) => x.hit)).toEqual(counted);
    expect(counted).toContain(true);
    expect(counted).toContain(false);
    expect(shots.map((x) => [x.from, x.to])).toEqual(fired.map((e) => e.units!.slice(0, 2)));
  });
});

describe('epic detachment move for players (C2: moveDet, the move the AI uses)', () => {
  const activated = (): EpicState => {
    const spec: PositionSpec = {
      dets: [
        {
          id: 'B',
          side: 'blue',
          bases: [
            { id: 'b1', profile: 'boyz', x: 20, y: 50 },
            { id: 'b2', profile: 'boyz', x: 23, y: 50 },
          ],
        },
        { id: 'C', side: 'blue', bases: [{ id: 'cap', profile: 'boyz', x: 20, y: 20 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boss', profile: 'warboss', x: 130, y: 90 }] },
      ],
    };
    let s = giveOrders(position(spec), { B: 'avance', C: 'avance', R: 'avance' }, 'red');
    s = play(s, { type: 'pass' }).state;
    return play(s, { type: 'activate', det: 'B' }).state;
  };

  it('offers the active detachment as one move, measured from its centre; the rules move every base', () => {
    const s = activated();
    const moves = epicGroupMoves(epicRuleset.observe(s, 'blue'));
    expect(moves.map((g) => [g.key, g.from])).toEqual([['det:B', { x: 21.5, y: 50 }]]);
    const action = moves[0]!.action({ x: 26.5, y: 50 });
    expect(action).toEqual({ type: 'moveDet', det: 'B', dx: 5, dy: 0 });
    const after = play(s, action as EpicAction).state;
    expect(after.bases.filter((b) => b.det === 'B').map((b) => [b.x, b.y])).toEqual([
      [25, 50],
      [28, 50],
    ]);
    // Too far is refused by the rules, in words.
    const far = epicRuleset.validate(s, moves[0]!.action({ x: 80, y: 50 }) as EpicAction);
    expect(far.ok).toBe(false);
  });

  it('is not offered outside an activation, nor for a single base', () => {
    const s = activated();
    expect(epicGroupMoves(epicRuleset.observe(play(s, { type: 'done' }).state, 'blue'))).toEqual([]);
    let one = play(s, { type: 'done' }).state;
    one = play(one, { type: 'activate', det: 'C' }).state;
    expect(one.active).toBe('C');
    expect(epicGroupMoves(epicRuleset.observe(one, 'blue'))).toEqual([]);
  });
});
