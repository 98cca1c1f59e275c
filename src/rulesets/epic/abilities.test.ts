/**
 * Seed 002's unit abilities as the sample forces use them: the Bizarboy (energy, overload, Bzzzt!,
 * Waaagh!), Elite, Gretchins, Médiko, Mékano, PdV, QG, Réacteurs Dorsaux and transports. Each test names
 * its catalogue id (shared/rules/002_netepic_orks.md) and follows its Given/When/Then case; dice are fixed
 * through the real seeded RNG (`play(…, dice)`), never stubbed.
 */
import { describe, expect, it } from 'vitest';
import {
  base,
  byRule,
  type DetSpec,
  det,
  diceOf,
  giveOrders,
  kinds,
  one,
  type PositionSpec,
  play,
  position,
  refusal,
  scenarioJson,
  toCombat,
} from '../../../test/helpers/epic';
import type { GameEvent } from '../../engine/contract';
import { energyOf } from './combat';
import { epicRuleset } from './index';
import { remaining } from './state';
import type { EpicAction, EpicSide, EpicState } from './types';

// --- helpers ---------------------------------------------------------------------------------------------

type Pt = { x: number; y: number };

/** The code an illegal action is refused with, or null when it is legal. */

/** Both sides pass their activations: the Combat phase starts. */

/** Lattice points `step` cm apart around `c`, nearest first, at most `max` cm away, clear of `avoid`. */
function lattice(c: Pt, n: number, { avoid = [] as Pt[], min = 0, max = 24, step = 3 } = {}): Pt[] {
  const pts: Pt[] = [];
  for (let i = -9; i <= 9; i++)
    for (let j = -9; j <= 9; j++) {
      const p = { x: c.x + i * step, y: c.y + j * step };
      const d = Math.hypot(i * step, j * step);
      if (d <= min || d > max) continue;
      if ([c, ...avoid].some((a) => Math.hypot(a.x - p.x, a.y - p.y) < 2.5)) continue;
      pts.push(p);
    }
  pts.sort((a, b) => Math.hypot(a.x - c.x, a.y - c.y) - Math.hypot(b.x - c.x, b.y - c.y));
  if (pts.length < n) throw new Error(`lattice: only ${pts.length} points`);
  return pts.slice(0, n);
}

const boyz = (prefix: string, pts: Pt[]) =>
  pts.map((p, i) => ({ id: `${prefix}${i + 1}`, profile: 'boyz', ...p }));
/** A far-away detachment so that no side is wiped out by a test's casualties. */
const reserve = (side: EpicSide, x: number, y: number): DetSpec => ({
  id: `reserve-${side}`,
  side,
  bases: [{ id: `r-${side}`, profile: 'tactical', x, y }],
});

// --- the Bizarboy ----------------------------------------------------------------------------------------

const BB = { x: 30, y: 50 };
const WARBOSS = { x: 30, y: 53 };

/**
 * A Bizarboy at BB with `energy` points around him: the Warboss (a QG, in command, 1 point) and
 * `energy − 1` Boyz in his own detachment. The red detachments are given by the test.
 */
function bizarboyArmy(energy: number, red: DetSpec[], width = 150): PositionSpec {
  return {
    width,
    dets: [
      { id: 'hq', side: 'blue', bases: [{ id: 'boss', profile: 'warboss', ...WARBOSS }] },
      {
        id: 'bz',
        side: 'blue',
        bases: [
          { id: 'bb', profile: 'bizarboy', ...BB },
          ...boyz('b', lattice(BB, energy - 1, { avoid: [WARBOSS] })),
        ],
      },
      ...red,
    ],
  };
}

/** A red detachment of one base at `d` cm to the right of the Bizarboy. */
const redAt = (id: string, profile: string, d: number): DetSpec => ({
  id,
  side: 'red',
  bases: [{ id: `${id}1`, profile, x: BB.x + d, y: BB.y }],
});

describe('Bizarboy energy (NE-U03…U07)', () => {
  it('NE-U03 T1: 6 Boyz and 2 Battlewagons within 25 cm give 6 + 1 = 7; enemies and bases beyond 25 cm give nothing', () => {
    const s = position({
      dets: [
        {
          id: 'bz',
          side: 'blue',
          bases: [
            { id: 'bb', profile: 'bizarboy', ...BB },
            ...boyz('b', lattice(BB, 6)),
            { id: 'w1', profile: 'battlewagon', x: 30, y: 65 },
            { id: 'w2', profile: 'battlewagon', x: 36, y: 65 },
            { id: 'too-far', profile: 'boyz', x: 56, y: 50 }, // 26 cm
          ],
        },
        { id: 'enemy-orks', side: 'red', bases: [{ id: 'e1', profile: 'boyz', x: 30, y: 40 }] },
      ],
    });
    expect(energyOf(s, base(s, 'bb'))).toBe(7);
  });

  it('NE-U03 T2: Gretchins and non-Ork allies give 0; the Bizarboy itself is excluded, so alone he has no energy (ERR_NO_ENERGY)', () => {
    const s = position({
      dets: [
        { id: 'bz', side: 'blue', bases: [{ id: 'bb', profile: 'bizarboy', ...BB }] },
        {
          id: 'grots',
          side: 'blue',
          bases: [
            { id: 'g1', profile: 'gretchins', x: 35, y: 50 },
            { id: 'g2', profile: 'gretchins', x: 35, y: 53 },
            { id: 'g3', profile: 'gretchins', x: 35, y: 47 },
            { id: 'gboss', profile: 'boyz', x: 60, y: 50 }, // their linked Ork, 30 cm away
          ],
        },
        { id: 'allies', side: 'blue', bases: [{ id: 'm1', profile: 'tactical', x: 25, y: 50 }] },
        reserve('red', 140, 90),
      ],
    });
    expect(energyOf(s, base(s, 'bb'))).toBe(0);
    let st = giveOrders(s, {});
    st = play(st, { type: 'activate', det: 'bz' }).state;
    expect(refusal(st, { type: 'waaagh', base: 'bb' })).toBe('ERR_NO_ENERGY');
  });

  it('NE-U03 T3: one power per turn: after Waaagh! in the Movement phase, Bzzzt! in the Combat phase is refused (ERR_POWER_USED)', () => {
    let s = giveOrders(position(bizarboyArmy(5, [redAt('near', 'tactical', 20)])), {
      hq: 'avance',
      bz: 'avance',
    });
    s = play(s, { type: 'activate', det: 'bz' }).state;
    s = play(s, { type: 'waaagh', base: 'bb' }).state;
    expect(s.powersUsed).toEqual(['bb']);
    expect(refusal(s, { type: 'waaagh', base: 'bb' })).toBe('ERR_POWER_USED');
    s = toCombat(play(s, { type: 'done' }).state);
    expect(s.toAct).toBe('blue');
    expect(refusal(s, { type: 'bzzzt', base: 'bb', target: 'near' })).toBe('ERR_POWER_USED');
    // The detachment's ordinary fire is still open.
    expect(refusal(s, { type: 'shoot', det: 'bz', target: 'near' })).toBeNull();
  });

  it('NE-U04 T1: 5 Ork infantry bases in range give +5', () => {
    const s = position({
      dets: [
        {
          id: 'bz',
          side: 'blue',
          bases: [{ id: 'bb', profile: 'bizarboy', ...BB }, ...boyz('b', lattice(BB, 5))],
        },
        reserve('red', 140, 90),
      ],
    });
    expect(energyOf(s, base(s, 'bb'))).toBe(5);
  });

  it('NE-U05 T1: 3 class-3 vehicles give 1.5, rounded down at the total to 1; with 1 Boyz the total 2.5 gives 2', () => {
    const trukks = [
      { id: 't1', profile: 'trukk', x: 40, y: 50 },
      { id: 't2', profile: 'trukk', x: 40, y: 55 },
      { id: 't3', profile: 'trukk', x: 40, y: 45 },
    ];
    const s = position({
      dets: [
        { id: 'bz', side: 'blue', bases: [{ id: 'bb', profile: 'bizarboy', ...BB }, ...trukks] },
        reserve('red', 140, 90),
      ],
    });
    expect(energyOf(s, base(s, 'bb'))).toBe(1);
    const withBoyz = position({
      dets: [
        {
          id: 'bz',
          side: 'blue',
          bases: [
            { id: 'bb', profile: 'bizarboy', ...BB },
            ...trukks,
            { id: 'b1', profile: 'boyz', x: 25, y: 50 },
          ],
        },
        reserve('red', 140, 90),
      ],
    });
    // Rounding each ½ down would give 1; the total 2.5 is rounded once.
    expect(energyOf(withBoyz, base(withBoyz, 'bb'))).toBe(2);
  });

  it('NE-U07 T1: two Bizarboyz 30 cm apart both within 25 cm of 8 Boyz each count 8; a Bizarboy in range is itself a class-1 source', () => {
    const mob = lattice({ x: 45, y: 50 }, 8, { max: 6 });
    const apart = position({
      dets: [
        {
          id: 'bz',
          side: 'blue',
          bases: [
            { id: 'bb1', profile: 'bizarboy', x: 30, y: 50 },
            { id: 'bb2', profile: 'bizarboy', x: 60, y: 50 },
            ...boyz('b', mob),
          ],
        },
        reserve('red', 140, 90),
      ],
    });
    expect(energyOf(apart, base(apart, 'bb1'))).toBe(8);
    expect(energyOf(apart, base(apart, 'bb2'))).toBe(8);
    const close = position({
      dets: [
        {
          id: 'bz',
          side: 'blue',
          bases: [
            { id: 'bb1', profile: 'bizarboy', x: 36, y: 50 },
            { id: 'bb2', profile: 'bizarboy', x: 54, y: 50 },
            ...boyz('b', mob),
          ],
        },
        reserve('red', 140, 90),
      ],
    });
    expect(energyOf(close, base(close, 'bb1'))).toBe(9);
    expect(energyOf(close, base(close, 'bb2'))).toBe(9);
  });
});

// --- overload ----------------------------------------------------------------------------------------------

describe('NE-U08 overload', () => {
  /** 21 energy: a Boyz 3 cm away, one 9 cm away and 19 more Boyz 10–24 cm away; an enemy 5 cm away. */
  const NEAR = { x: 20, y: 53 };
  const NINE = { x: 29, y: 50 };
  const ENEMY = { x: 20, y: 45 };
  const centre = { x: 20, y: 50 };
  const overloadSpec = (energy: number): PositionSpec => ({
    dets: [
      {
        id: 'bz',
        side: 'blue',
        bases: [
          { id: 'bb', profile: 'bizarboy', ...centre },
          { id: 'near', profile: 'boyz', ...NEAR },
          { id: 'nine', profile: 'boyz', ...NINE },
          ...boyz('g', lattice(centre, energy - 2, { min: 9.5, avoid: [NEAR, NINE, ENEMY] })),
        ],
      },
      { id: 'foe', side: 'red', bases: [{ id: 'enemy', profile: 'tactical', ...ENEMY }] },
      reserve('red', 140, 90),
    ],
  });
  const activated = (energy: number): EpicState => {
    const s = giveOrders(position(overloadSpec(energy)), {});
    expect(energyOf(s, base(s, 'bb'))).toBe(energy);
    return play(s, { type: 'activate', det: 'bz' }).state;
  };

  it('NE-U08 T1: energy 21, overload [1], 2D6 [3,4] = 7 cm: the Bizarboy is destroyed, bases within 7 cm of either side fail saves at PA −4, a base 9 cm away is not hit, no power', () => {
    const { state, events } = play(activated(21), { type: 'waaagh', base: 'bb' }, [1, 3, 4, 6, 6]);
    expect(diceOf(events)).toEqual([1, 3, 4, 6, 6]);
    expect(one(events, 'NE-U08', 'explosion').dice![0]!.dice).toEqual([3, 4]);
    expect(base(state, 'bb').alive).toBe(false);
    // Friendly Boyz (save 6+) at 3 cm and the enemy (save 5+) at 5 cm: PA −4 makes both saves impossible.
    const saves = events
      .filter((e) => e.kind === 'unsaved')
      .map((e) => [e.units![0], e.dice!.at(-1)!.target]);
    expect(saves).toEqual([
      ['near', 10],
      ['enemy', 9],
    ]);
    expect(base(state, 'near').alive).toBe(false);
    expect(base(state, 'enemy').alive).toBe(false);
    expect(base(state, 'nine').alive).toBe(true);
    expect(byRule(events, 'NE-U28', 'waaagh')).toHaveLength(0);
    expect(det(state, 'bz').waaagh).toBeNull();
  });

  it('NE-U08 T3: energy 21 and overload [2]: the power proceeds (Waaagh! row NE-U28)', () => {
    const { state, events } = play(activated(21), { type: 'waaagh', base: 'bb' }, [2]);
    expect(diceOf(events)).toEqual([2]);
    expect(kinds(events)).toEqual(['NE-U08:overload', 'NE-U28:waaagh']);
    expect(base(state, 'bb').alive).toBe(true);
    expect(det(state, 'bz').waaagh).toEqual({ morale: 2, fa: 1 });
  });

  it('NE-U08 T4: energy 20 rolls no overload die', () => {
    const { state, events } = play(activated(20), { type: 'waaagh', base: 'bb' });
    expect(diceOf(events)).toEqual([]);
    expect(kinds(events)).toEqual(['NE-U27:waaagh']);
    expect(det(state, 'bz').waaagh).toEqual({ morale: 1, fa: 1 });
  });
});

// --- Bzzzt! ------------------------------------------------------------------------------------------------

describe('Bzzzt! (NE-U09…U15)', () => {
  /** The Combat phase with blue to act: the Bizarboy's detachment on `order`. */
  const combat = (energy: number, red: DetSpec[], order: 'avance' | 'charge' = 'avance', width = 150) => {
    const s = position(bizarboyArmy(energy, [...red, reserve('red', width - 10, 95)], width));
    expect(energyOf(s, base(s, 'bb'))).toBe(energy);
    const st = toCombat(giveOrders(s, { hq: 'avance', bz: order }));
    expect(st.toAct).toBe('blue');
    return st;
  };
  const fireDice = (events: GameEvent[], rule: string) => one(events, rule, 'fire').dice![0]!;
  const saveTargets = (events: GameEvent[]) =>
    events.filter((e) => e.kind === 'saved' || e.kind === 'unsaved').map((e) => e.dice!.at(-1)!.target);

  it('NE-U09 T1: energy 12 on Avance: 3 dice at 4+, PA −2, 75 cm (row NE-U12)', () => {
    const s = combat(12, [redAt('lr', 'land-raider', 70), redAt('beyond', 'land-raider', 80)]);
    expect(refusal(s, { type: 'bzzzt', base: 'bb', target: 'beyond' })).toBe('ERR_OUT_OF_REACH');
    const { events } = play(s, { type: 'bzzzt', base: 'bb', target: 'lr' }, [4, 4, 1, 6]);
    expect(kinds(events).slice(0, 2)).toEqual(['NE-U12:bzzzt', 'NE-U12:fire']);
    const hit = fireDice(events, 'NE-U12');
    expect(hit.dice).toEqual([4, 4, 1]);
    expect(hit.target).toBe(4);
    expect(hit.rerolled).toEqual([]); // Avance: no re-rolled 1s
    expect(saveTargets(events)[0]).toBe(3 + 2); // Land Raider 3+ at PA −2
  });

  it('NE-U09 T2: energy 12 on a Charge order: Bzzzt! is refused (ERR_NO_FIRE)', () => {
    const s = combat(12, [redAt('near', 'tactical', 20)], 'charge');
    expect(refusal(s, { type: 'bzzzt', base: 'bb', target: 'near' })).toBe('ERR_NO_FIRE');
  });

  it('NE-U10: energy 3: a target 30 cm away is out of range; at 20 cm the die [6] hits once at PA 0', () => {
    const s = combat(3, [redAt('far', 'tactical', 30), redAt('near', 'tactical', 20)]);
    expect(refusal(s, { type: 'bzzzt', base: 'bb', target: 'far' })).toBe('ERR_OUT_OF_REACH');
    const { state, events } = play(s, { type: 'bzzzt', base: 'bb', target: 'near' }, [6, 4]);
    expect(diceOf(events)).toEqual([6, 4]);
    expect(fireDice(events, 'NE-U10')).toMatchObject({ dice: [6], target: 6 });
    expect(saveTargets(events)).toEqual([5]); // tactical 5+ at PA 0: the 4 fails
    expect(base(state, 'near1').alive).toBe(false);
  });

  it('NE-U11: energy 10, target at 40 cm, dice [5,4]: 1 hit at PA −1', () => {
    const s = combat(10, [redAt('t', 'tactical', 40)]);
    const { state, events } = play(s, { type: 'bzzzt', base: 'bb', target: 't' }, [5, 4, 5]);
    expect(fireDice(events, 'NE-U11')).toMatchObject({ dice: [5, 4], target: 5 });
    expect(saveTargets(events)).toEqual([6]); // a save die of 5 at PA −1 fails 5+
    expect(base(state, 't1').alive).toBe(false);
  });

  it('NE-U12: energy 11, target at 60 cm, dice [4,4,3]: 2 hits at PA −2', () => {
    const s = combat(11, [redAt('lr', 'land-raider', 60)]);
    const { state, events } = play(s, { type: 'bzzzt', base: 'bb', target: 'lr' }, [4, 4, 3, 4, 5]);
    expect(fireDice(events, 'NE-U12')).toMatchObject({ dice: [4, 4, 3], target: 4 });
    // Land Raider 3+ at PA −2 needs 5: the 4 fails (1 PdV lost), the 5 saves.
    expect(saveTargets(events)).toEqual([5, 5]);
    expect(kinds(events)).toContain('C4:saved');
    expect(base(state, 'lr1')).toMatchObject({ alive: true, pdv: 1 });
  });

  it('NE-U13: energy 20 (no overload roll), target at 90 cm, dice [3,2,6]: 2 hits at PA −3', () => {
    const s = combat(20, [redAt('lr', 'land-raider', 90)]);
    const { state, events } = play(s, { type: 'bzzzt', base: 'bb', target: 'lr' }, [3, 2, 6, 6, 5]);
    expect(events.some((e) => e.rule === 'NE-U08')).toBe(false);
    expect(fireDice(events, 'NE-U13')).toMatchObject({ dice: [3, 2, 6], target: 3 });
    expect(saveTargets(events)).toEqual([6, 6]); // 3+ at PA −3: the 6 saves, the 5 fails
    expect(base(state, 'lr1')).toMatchObject({ alive: true, pdv: 1 });
  });

  it('NE-U14: energy 21, overload [4], target at 110 cm, dice [3,3,1,2]: 2 hits at PA −4', () => {
    const s = combat(21, [redAt('lr', 'land-raider', 110)]);
    const { state, events } = play(s, { type: 'bzzzt', base: 'bb', target: 'lr' }, [4, 3, 3, 1, 2, 6, 6]);
    expect(diceOf(events)).toEqual([4, 3, 3, 1, 2, 6, 6]);
    expect(one(events, 'NE-U08', 'overload').dice![0]!.dice).toEqual([4]);
    expect(fireDice(events, 'NE-U14')).toMatchObject({ dice: [3, 3, 1, 2], target: 3 });
    expect(saveTargets(events)).toEqual([7, 7]); // 3+ at PA −4: no save possible; PdV 2 → dead
    expect(base(state, 'lr1').alive).toBe(false);
    expect(base(state, 'bb').alive).toBe(true);
  });

  it('NE-U15: energy 30, overload [3], target at 150 cm, dice [2,1,2,2]: 3 hits at PA −5', () => {
    const s = combat(30, [redAt('lr', 'land-raider', 150)], 'avance', 200);
    const { state, events } = play(s, { type: 'bzzzt', base: 'bb', target: 'lr' }, [3, 2, 1, 2, 2, 6, 6]);
    expect(fireDice(events, 'NE-U15')).toMatchObject({ dice: [2, 1, 2, 2], target: 2 });
    // Three hits; the Land Raider (PdV 2) needs 8 to save and dies on the second; the third rolls nothing.
    expect(saveTargets(events)).toEqual([8, 8]);
    expect(diceOf(events)).toEqual([3, 2, 1, 2, 2, 6, 6]);
    expect(base(state, 'lr1').alive).toBe(false);
  });
});

// --- Waaagh! -----------------------------------------------------------------------------------------------

describe('Waaagh! (NE-U23…U29)', () => {
  /** `energy` Boyz around the Bizarboy (all Sans ordre), split in two detachments of at most 20. */
  const waaaghAt = (energy: number, dice?: number[]) => {
    const pts = lattice(BB, energy);
    const dets: DetSpec[] = [
      {
        id: 'bz',
        side: 'blue',
        bases: [{ id: 'bb', profile: 'bizarboy', ...BB }, ...boyz('b', pts.slice(0, 20))],
      },
    ];
    if (energy > 20) dets.push({ id: 'mob', side: 'blue', bases: boyz('m', pts.slice(20)) });
    let s = giveOrders(position({ dets: [...dets, reserve('red', 140, 90)] }), {});
    expect(energyOf(s, base(s, 'bb'))).toBe(energy);
    s = play(s, { type: 'activate', det: 'bz' }).state;
    return play(s, { type: 'waaagh', base: 'bb' }, dice);
  };

  it.each([
    { rule: 'NE-U24', energy: 2, dice: [], morale: 1, fa: 0 },
    { rule: 'NE-U25', energy: 9, dice: [], morale: 1, fa: 0 },
    { rule: 'NE-U26', energy: 15, dice: [], morale: 1, fa: 0 },
    { rule: 'NE-U27', energy: 16, dice: [], morale: 1, fa: 1 },
    { rule: 'NE-U28', energy: 25, dice: [5], morale: 2, fa: 1 },
    { rule: 'NE-U29', energy: 40, dice: [3], morale: 2, fa: 2 },
  ])(
    '$rule: energy $energy (overload dice $dice) gives morale +$morale, FA +$fa',
    ({ rule, energy, dice, morale, fa }) => {
      const { state, events } = waaaghAt(energy, dice.length > 0 ? dice : undefined);
      expect(diceOf(events)).toEqual(dice);
      one(events, rule, 'waaagh');
      expect(det(state, 'bz').waaagh).toEqual({ morale, fa });
      if (energy > 20) expect(det(state, 'mob').waaagh).toEqual({ morale, fa });
    },
  );

  it('NE-U23: the bonus goes to friendly detachments with a base within 20 cm (19 cm yes, 21 cm no, enemies no)', () => {
    const s0 = position({
      dets: [
        {
          id: 'bz',
          side: 'blue',
          bases: [{ id: 'bb', profile: 'bizarboy', ...BB }, ...boyz('b', lattice(BB, 14))],
        },
        {
          id: 'mob',
          side: 'blue',
          bases: [
            { id: 'm1', profile: 'boyz', x: 49, y: 50 }, // 19 cm
            { id: 'm2', profile: 'boyz', x: 53, y: 50 },
          ],
        },
        { id: 'far', side: 'blue', bases: [{ id: 'f1', profile: 'boyz', x: 30, y: 71 }] }, // 21 cm
        { id: 'foe', side: 'red', bases: [{ id: 'e1', profile: 'boyz', x: 30, y: 35 }] }, // 15 cm
      ],
    });
    let s = giveOrders(s0, {});
    expect(energyOf(s, base(s, 'bb'))).toBe(17);
    s = play(s, { type: 'activate', det: 'bz' }).state;
    const { state, events } = play(s, { type: 'waaagh', base: 'bb' });
    one(events, 'NE-U27', 'waaagh');
    expect(det(state, 'bz').waaagh).toEqual({ morale: 1, fa: 1 });
    expect(det(state, 'mob').waaagh).toEqual({ morale: 1, fa: 1 });
    expect(det(state, 'far').waaagh).toBeNull();
    expect(det(state, 'foe').waaagh).toBeNull();
  });

  describe('NE-U23 T1: energy 17, a Boyz detachment (morale 6, already lost a base) with a base at 19 cm', () => {
    /**
     * Two red Devastator detachments 30 cm away shoot the Boyz in turn (blue has nothing in reach): the first
     * kills 1 of 3 (not Affected), the second 1 of 2, so the detachment, which has had losses, tests morale.
     */
    const turn = (calls: boolean): { state: EpicState; events: GameEvent[]; before: EpicState } => {
      const s0 = position({
        dets: [
          {
            id: 'bz',
            side: 'blue',
            bases: [{ id: 'bb', profile: 'bizarboy', ...BB }, ...boyz('b', lattice(BB, 14))],
          },
          {
            id: 'mob',
            side: 'blue',
            morale: 6,
            bases: [
              { id: 'm1', profile: 'boyz', x: 49, y: 50 }, // 19 cm
              { id: 'm2', profile: 'boyz', x: 53, y: 50 },
              { id: 'm3', profile: 'boyz', x: 53, y: 53 },
            ],
          },
          { id: 'devA', side: 'red', bases: [{ id: 'dA', profile: 'devastator', x: 83, y: 50 }] },
          { id: 'devB', side: 'red', bases: [{ id: 'dB', profile: 'devastator', x: 83, y: 56 }] },
        ],
      });
      let s = giveOrders(s0, {}, 'red');
      expect(energyOf(s, base(s, 'bb'))).toBe(17);
      s = play(s, { type: 'pass' }).state; // red
      if (calls) {
        s = play(s, { type: 'activate', det: 'bz' }).state;
        s = play(s, { type: 'waaagh', base: 'bb' }).state;
        expect(det(s, 'mob').waaagh).toEqual({ morale: 1, fa: 1 });
        s = play(s, { type: 'done' }).state;
      }
      s = toCombat(s);
      expect(s.toAct).toBe('red');
      // Snap fire (no order): 6+ to hit; Boyz 6+ save at PA −1 cannot pass.
      s = play(s, { type: 'shoot', det: 'devA', target: 'mob' }, [6, 1, 6]).state;
      expect(base(s, 'm2').alive).toBe(false);
      expect(det(s, 'mob').routed).toBe(false);
      expect(s.toAct).toBe('red');
      return { ...play(s, { type: 'shoot', det: 'devB', target: 'mob' }, [6, 1, 6, 2, 3]), before: s };
    };

    it('NE-U23 T1: with the aura the roll [2,3] = 5 + 1 = 6 passes; the bonus ends with the turn', () => {
      const { state, events } = turn(true);
      expect(base(state, 'm3').alive).toBe(false);
      const morale = one(events, 'C7', 'morale').dice![0]!;
      expect(morale.dice).toEqual([2, 3]);
      expect(morale.target).toBe(6 - 1); // the bonus is added to the roll: 5 is enough
      expect(det(state, 'mob').routed).toBe(false);
      // The Combat phase ended: the next turn has begun and the aura is gone.
      expect(state.turn).toBe(2);
      expect(det(state, 'mob').waaagh).toBeNull();
    });

    it('NE-U23 T1: without the aura the same roll [2,3] = 5 fails and the Boyz rout', () => {
      const { state, events, before } = turn(false);
      expect(det(before, 'mob').waaagh).toBeNull();
      // The first morale event is the test; the second is the Phase Finale's rally of the routed Boyz.
      const test = byRule(events, 'C7', 'morale')[0]!;
      expect(test.dice![0]).toMatchObject({ dice: [2, 3], target: 6 });
      expect(test.text.en).toContain('failed, it routs');
      expect(state.turn).toBe(2);
    });
  });

  it('NE-U23: the FA bonus is added in assault duels: [3,3] + 3 + 1 beats [3,3] + 3, a tie without the aura', () => {
    const duel = (calls: boolean) => {
      let s = giveOrders(
        position({
          dets: [
            {
              id: 'bz',
              side: 'blue',
              bases: [{ id: 'bb', profile: 'bizarboy', ...BB }, ...boyz('b', lattice(BB, 15))],
            },
            { id: 'mob', side: 'blue', bases: [{ id: 'm1', profile: 'boyz', x: 45, y: 50 }] },
            { id: 'foe', side: 'red', bases: [{ id: 'e1', profile: 'tactical', x: 47, y: 50 }] }, // in contact
            reserve('red', 140, 90),
          ],
        }),
        {},
      );
      expect(energyOf(s, base(s, 'bb'))).toBe(16);
      if (calls) {
        s = play(s, { type: 'activate', det: 'bz' }).state;
        s = play(s, { type: 'waaagh', base: 'bb' }).state;
        s = play(s, { type: 'done' }).state;
      }
      s = toCombat(s);
      expect(s.toAct).toBe('blue');
      return play(s, { type: 'assault', base: 'e1' }, [3, 3, 3, 3]);
    };
    const boosted = duel(true);
    const d = one(boosted.events, 'C6', 'duel').dice!;
    expect(d[0]!.modifiers![0]!.value).toBe(4);
    expect(d[1]!.modifiers![0]!.value).toBe(3);
    expect(base(boosted.state, 'e1').alive).toBe(false);
    const plain = duel(false);
    expect(one(plain.events, 'C6', 'duel').text.en).toContain('a tie');
    expect(base(plain.state, 'e1').alive).toBe(true);
  });
});

// --- Elite -------------------------------------------------------------------------------------------------

describe('NE-U37 Elite', () => {
  /** Blue: a Captain, two Terminator detachments; red: one Boyz base 20 cm from both firing Terminators. */
  const eliteSpec = (): PositionSpec => ({
    dets: [
      { id: 'hq', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 30, y: 40 }] },
      {
        id: 'term1',
        side: 'blue',
        bases: [
          { id: 't1', profile: 'terminator', x: 30, y: 50 },
          { id: 't2', profile: 'terminator', x: 30, y: 53 },
        ],
      },
      {
        id: 'term2',
        side: 'blue',
        bases: [
          { id: 't3', profile: 'terminator', x: 20, y: 60 },
          { id: 't4', profile: 'terminator', x: 20, y: 63 },
          { id: 't5', profile: 'terminator', x: 20, y: 66 },
        ],
      },
      { id: 'mob', side: 'red', bases: [{ id: 'm1', profile: 'boyz', x: 50, y: 51.5 }] },
      reserve('red', 140, 90),
    ],
  });
  const combat = () => toCombat(giveOrders(position(eliteSpec()), {}));

  it('NE-U37 T1: two Elite (2) detachments make a pool of 4, whatever their number of bases', () => {
    const s = position(eliteSpec());
    expect(s.sides.blue.elitePool).toBe(4);
    expect(s.sides.red.elitePool).toBe(0);
  });

  it('NE-U37 T2/T5: shoot with elite 2: each Elite base re-rolls one missed die from the pool; a re-rolled die stands', () => {
    const s = combat();
    expect(refusal(s, { type: 'shoot', det: 'term1', target: 'mob', elite: 5 })).toBe('ERR_ELITE');
    // t1 [5,2]: the 2 is re-rolled to 6; t2 [3,6]: the 3 is re-rolled to 2, which stands; then one save [1].
    const { state, events } = play(
      s,
      { type: 'shoot', det: 'term1', target: 'mob', elite: 2 },
      [5, 2, 6, 3, 6, 2, 1],
    );
    const fire = byRule(events, 'C4', 'fire').map((e) => ({
      dice: e.dice![0]!.dice,
      rerolled: e.dice![0]!.rerolled,
    }));
    expect(fire).toEqual([
      { dice: [5, 6], rerolled: [[1, 2]] },
      { dice: [2, 6], rerolled: [[0, 3]] },
    ]);
    expect(byRule(events, 'NE-U37', 'eliteReroll')).toHaveLength(2);
    expect(state.sides.blue.elitePool).toBe(2);
    expect(diceOf(events)).toEqual([5, 6, 2, 6, 1]); // final values: no die was re-rolled twice
    expect(base(state, 'm1').alive).toBe(false);
  });

  it('NE-U37 T4: one Elite base whose dice roll [2,3] re-rolls only one of them; a base with no miss spends nothing', () => {
    const { state, events } = play(
      combat(),
      { type: 'shoot', det: 'term1', target: 'mob', elite: 2 },
      [2, 3, 4, 6, 6, 1],
    );
    const [t1, t2] = byRule(events, 'C4', 'fire').map((e) => e.dice![0]!);
    expect(t1).toMatchObject({ dice: [4, 3], rerolled: [[0, 2]] });
    expect(t2).toMatchObject({ dice: [6, 6], rerolled: [] });
    expect(state.sides.blue.elitePool).toBe(3);
  });

  it('NE-U37: without elite re-rolls declared, misses stand and the pool is kept', () => {
    const { state, events } = play(combat(), { type: 'shoot', det: 'term1', target: 'mob' }, [5, 2, 3, 6, 1]);
    expect(byRule(events, 'NE-U37', 'eliteReroll')).toHaveLength(0);
    expect(state.sides.blue.elitePool).toBe(4);
  });

  describe('an Elite base re-rolls a failed save from the pool', () => {
    const shot = (dice: number[]) => {
      const s = toCombat(
        giveOrders(
          position({
            dets: [
              { id: 'term', side: 'blue', bases: [{ id: 't1', profile: 'terminator', x: 50, y: 50 }] },
              reserve('blue', 10, 90),
              { id: 'mob', side: 'red', bases: [{ id: 'm1', profile: 'boyz', x: 70, y: 50 }] },
            ],
          }),
          {},
          'red',
        ),
      );
      expect(s.sides.blue.elitePool).toBe(2);
      return play(s, { type: 'shoot', det: 'mob', target: 'term' }, dice);
    };

    it('NE-U37: a failed save [2] against 3+ is re-rolled to [5] and saves; the pool drops to 1', () => {
      const { state, events } = shot([6, 2, 5]);
      one(events, 'NE-U37', 'eliteReroll');
      expect(one(events, 'C4', 'saved').dice!.at(-1)).toMatchObject({
        dice: [5],
        target: 3,
        rerolled: [[0, 2]],
      });
      expect(base(state, 't1').alive).toBe(true);
      expect(state.sides.blue.elitePool).toBe(1);
    });

    it('NE-U37 T5: a re-rolled save [1] stands: the Terminator dies', () => {
      const { state, events } = shot([6, 2, 1]);
      expect(one(events, 'C4', 'unsaved').dice!.at(-1)).toMatchObject({ dice: [1], rerolled: [[0, 2]] });
      expect(base(state, 't1').alive).toBe(false);
      expect(state.sides.blue.elitePool).toBe(1);
    });
  });
});

// --- Gretchins ---------------------------------------------------------------------------------------------

describe('NE-U39 Gretchins', () => {
  it('NE-U39 T1: killing the last Ork of a linked detachment removes its Gretchins at once', () => {
    const s = toCombat(
      giveOrders(
        position({
          dets: [
            {
              id: 'grot',
              side: 'blue',
              bases: [
                { id: 'ork', profile: 'boyz', x: 50, y: 50 },
                { id: 'g1', profile: 'gretchins', x: 47, y: 50 },
                { id: 'g2', profile: 'gretchins', x: 47, y: 53 },
              ],
            },
            reserve('blue', 10, 90),
            { id: 'gun', side: 'red', bases: [{ id: 'tac', profile: 'tactical', x: 70, y: 50 }] },
          ],
        }),
        {},
        'red',
      ),
    );
    const { state, events } = play(s, { type: 'shoot', det: 'gun', target: 'grot' }, [6, 1]);
    // The shot's dice (the Combat phase then ends and the next turn's initiative is rolled, rule C1).
    expect(diceOf(events.filter((e) => e.rule !== 'C1'))).toEqual([6, 1]);
    expect(base(state, 'ork').alive).toBe(false);
    expect(base(state, 'g1').alive).toBe(false);
    expect(base(state, 'g2').alive).toBe(false);
    expect(byRule(events, 'NE-U39', 'gretchins').map((e) => e.units![0])).toEqual(['g1', 'g2']);
    expect(byRule(events, 'NE-U39', 'destroyed')).toHaveLength(2);
  });

  it.each([
    ['T2: Gretchins alone', [{ id: 'g1', profile: 'gretchins', x: 50, y: 50 }]],
    [
      'T3: Gretchins with a class-3 Ork vehicle only',
      [
        { id: 'g1', profile: 'gretchins', x: 50, y: 50 },
        { id: 'tr', profile: 'trukk', x: 55, y: 50 },
      ],
    ],
  ])('NE-U39 %s: the scenario is refused (ERR_SCENARIO on the detachment)', (_name, bases) => {
    const r = epicRuleset.parseScenario(
      scenarioJson({
        dets: [reserve('blue', 10, 90), { id: 'grot', side: 'blue', bases }, reserve('red', 140, 90)],
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('ERR_SCENARIO');
    expect(r.error.field).toBe('detachments.1');
    expect(r.error.message.en).toContain('"grot"');
  });
});

// --- Médiko and Mékano -----------------------------------------------------------------------------------

describe('NE-U50 Médiko', () => {
  /** A red Tactical (snap fire, 6+) shoots a Boyz base with the Médiko `gap` cm from it. */
  const shot = (gap: number, dice: number[]) => {
    const s = toCombat(
      giveOrders(
        position({
          dets: [
            { id: 'mob', side: 'blue', bases: [{ id: 'b1', profile: 'boyz', x: 50, y: 50 }] },
            { id: 'doc', side: 'blue', bases: [{ id: 'med', profile: 'mediko', x: 50, y: 50 + gap }] },
            { id: 'gun', side: 'red', bases: [{ id: 'tac', profile: 'tactical', x: 70, y: 50 }] },
          ],
        }),
        {},
        'red',
      ),
    );
    return play(s, { type: 'shoot', det: 'gun', target: 'mob' }, dice);
  };

  it('NE-U50 T1: a failed save and a regeneration die [1] turn the base into Dingboyz linked to the Médiko', () => {
    const { state, events } = shot(4, [6, 1, 1]);
    expect(one(events, 'C12', 'regeneration').dice![0]).toMatchObject({ dice: [1], target: 5 });
    one(events, 'NE-U50', 'dingboyz');
    expect(base(state, 'b1')).toMatchObject({ profile: 'dingboyz', det: 'doc', alive: true, pdv: 1 });
  });

  it('NE-U50 T3: a regeneration die [5] keeps the PdV', () => {
    const { state, events } = shot(4, [6, 1, 5]);
    expect(one(events, 'C12', 'regeneration').dice![0]!.dice).toEqual([5]);
    expect(base(state, 'b1')).toMatchObject({ profile: 'boyz', det: 'mob', alive: true, pdv: 1 });
  });

  it('NE-U50 T4: 7 cm from the Médiko no regeneration roll is made', () => {
    const { state, events } = shot(7, [6, 1]);
    expect(diceOf(events)).toEqual([6, 1]);
    expect(byRule(events, 'C12', 'regeneration')).toHaveLength(0);
    expect(base(state, 'b1').alive).toBe(false);
  });
});

describe('NE-U51 Mékano', () => {
  it('NE-U51 T1: a vehicle 5 cm from the Mékano rolling regeneration [1] explodes; 3 bases under the 6 cm template are hit on 5+ at PA 0', () => {
    const s = toCombat(
      giveOrders(
        position({
          dets: [
            { id: 'truk', side: 'blue', bases: [{ id: 'tr', profile: 'trukk', x: 50, y: 50 }] },
            { id: 'mek', side: 'blue', bases: [{ id: 'mk', profile: 'mekano', x: 55, y: 50 }] },
            {
              id: 'mob',
              side: 'blue',
              bases: [
                { id: 'c1', profile: 'boyz', x: 50, y: 52.6 },
                { id: 'c2', profile: 'boyz', x: 50, y: 47.4 },
              ],
            },
            { id: 'near', side: 'red', bases: [{ id: 'c3', profile: 'tactical', x: 47.4, y: 50 }] },
            { id: 'gun', side: 'red', bases: [{ id: 'tac', profile: 'tactical', x: 70, y: 50 }] },
          ],
        }),
        {},
        'red',
      ),
    );
    // Hit [6], Trukk save [1], regeneration [1]; template to-hit c1 [2], c2 [1], c3 [5]; c3's save [4].
    const { state, events } = play(s, { type: 'shoot', det: 'gun', target: 'truk' }, [6, 1, 1, 2, 1, 5, 4]);
    expect(diceOf(events)).toEqual([6, 1, 1, 5, 4]); // the template's misses roll nothing more
    one(events, 'NE-U51', 'explosion');
    expect(base(state, 'tr').alive).toBe(false);
    expect(base(state, 'c1').alive).toBe(true);
    expect(base(state, 'c2').alive).toBe(true);
    expect(base(state, 'mk').alive).toBe(true); // 5 cm away: not under the template
    expect(base(state, 'c3').alive).toBe(false);
    const hit = events.find((e) => e.kind === 'unsaved' && e.units![0] === 'c3')!;
    expect(hit.dice).toEqual([
      { label: 'to hit', sides: 6, dice: [5], target: 5 },
      { label: 'save', sides: 6, dice: [4], target: 5 }, // Tactical 5+ at PA 0
    ]);
  });
});

// --- PdV and QG -------------------------------------------------------------------------------------------

describe('NE-U56 PdV', () => {
  it.each(['land-raider', 'battlewagon'])(
    'NE-U56: a PdV 2 %s survives one failed save with 1 PdV and dies on the second',
    (profile) => {
      const start = () =>
        toCombat(
          giveOrders(
            position({
              dets: [
                { id: 'tank', side: 'blue', bases: [{ id: 'v', profile, x: 50, y: 50 }] },
                reserve('blue', 10, 90),
                { id: 'dev', side: 'red', bases: [{ id: 'd', profile: 'devastator', x: 80, y: 50 }] },
              ],
            }),
            {},
            'red',
          ),
        );
      // Snap-fire Heavy weapons: 2 dice at 6+, PA −1 (front arc).
      const once = play(start(), { type: 'shoot', det: 'dev', target: 'tank' }, [6, 1, 1]);
      one(once.events, 'NE-U56', 'wounded');
      expect(base(once.state, 'v')).toMatchObject({ alive: true, pdv: 1 });
      const twice = play(start(), { type: 'shoot', det: 'dev', target: 'tank' }, [6, 6, 1, 1]);
      expect(kinds(twice.events)).toContain('NE-U56:wounded');
      expect(base(twice.state, 'v')).toMatchObject({ alive: false, pdv: 0 });
    },
  );
});

describe('NE-U62 QG', () => {
  /** Red Tacticals (snap fire, 6+) shoot the blue Warboss's detachment; red acts first. */
  const combat = (blue: DetSpec[], red: DetSpec[]) =>
    toCombat(giveOrders(position({ dets: [...blue, ...red] }), {}, 'red'));

  it('NE-U62 T1: a QG killed by shooting is saved by removing a same-class base within 6 cm, not one the shooting killed', () => {
    const s = combat(
      [
        {
          id: 'hq',
          side: 'blue',
          bases: [
            { id: 'boss', profile: 'warboss', x: 50, y: 50 },
            { id: 'a', profile: 'boyz', x: 50, y: 53 },
            { id: 'b', profile: 'boyz', x: 50, y: 46 },
          ],
        },
      ],
      [
        {
          id: 'guns',
          side: 'red',
          bases: [
            { id: 's1', profile: 'tactical', x: 70, y: 49 }, // nearest: the Warboss
            { id: 's2', profile: 'tactical', x: 70, y: 56 }, // nearest: a
          ],
        },
      ],
    );
    // Hits [6,6]; the Warboss's save [3] fails (5+), a's save [1] fails.
    const { state, events } = play(s, { type: 'shoot', det: 'guns', target: 'hq' }, [6, 6, 3, 1]);
    expect(events.filter((e) => e.kind === 'unsaved').map((e) => e.units![0])).toEqual(['boss', 'a']);
    expect(one(events, 'NE-U62', 'qgSacrifice').units).toEqual(['b', 'boss']);
    expect(base(state, 'boss')).toMatchObject({ alive: true, pdv: 1 });
    expect(base(state, 'a').alive).toBe(false);
    expect(base(state, 'b').alive).toBe(false);
  });

  it('NE-U62 T2: with no same-class base within 6 cm (a Boyz at 7 cm, a Trukk at 4 cm) the QG dies', () => {
    const s = combat(
      [
        { id: 'hq', side: 'blue', bases: [{ id: 'boss', profile: 'warboss', x: 50, y: 50 }] },
        { id: 'mob', side: 'blue', bases: [{ id: 'b7', profile: 'boyz', x: 50, y: 57 }] },
        { id: 'truk', side: 'blue', bases: [{ id: 'tr', profile: 'trukk', x: 46, y: 50 }] },
      ],
      [{ id: 'gun', side: 'red', bases: [{ id: 's1', profile: 'tactical', x: 70, y: 50 }] }],
    );
    const { state, events } = play(s, { type: 'shoot', det: 'gun', target: 'hq' }, [6, 3]);
    expect(byRule(events, 'NE-U62', 'qgSacrifice')).toHaveLength(0);
    expect(base(state, 'boss').alive).toBe(false);
    expect(base(state, 'b7').alive).toBe(true);
    expect(base(state, 'tr').alive).toBe(true);
  });

  it('NE-U62 T3: a QG killed in an assault is not saved by a sacrifice', () => {
    let s = giveOrders(
      position({
        dets: [
          {
            id: 'hq',
            side: 'blue',
            bases: [
              { id: 'boss', profile: 'warboss', x: 50, y: 50 },
              { id: 'a', profile: 'boyz', x: 50, y: 54 },
            ],
          },
          { id: 'cmd', side: 'red', bases: [{ id: 'cap', profile: 'captain', x: 52, y: 50 }] }, // in contact
        ],
      }),
      {},
    );
    s = toCombat(s);
    // Warboss [1,1] + 5 = 7 against Captain [6,6] + 6 = 18.
    const { state, events } = play(s, { type: 'assault', base: 'boss' }, [1, 1, 6, 6]);
    expect(one(events, 'C6', 'duel').text.en).toContain('Warboss boss loses');
    expect(byRule(events, 'NE-U62', 'qgSacrifice')).toHaveLength(0);
    expect(base(state, 'boss').alive).toBe(false);
    expect(base(state, 'a').alive).toBe(true);
  });
});

// --- Réacteurs Dorsaux -------------------------------------------------------------------------------------

describe('NE-U63 Réacteurs Dorsaux', () => {
  /**
   * Blue: a Captain (orders) and one mover at (30,50); red: an Ork Boyz base at `enemyX`; on the way to
   * (45,50), a building and a strip of difficult ground (3 cm, double cost for walkers).
   */
  const start = (profile: string, order: 'avance' | 'charge', enemyX = 38) => {
    let s = giveOrders(
      position({
        terrain: [
          {
            id: 'house',
            kind: 'building',
            height: 3,
            poly: [
              { x: 33, y: 45 },
              { x: 35, y: 45 },
              { x: 35, y: 55 },
              { x: 33, y: 55 },
            ],
          },
          {
            id: 'mud',
            kind: 'difficult',
            height: 0,
            poly: [
              { x: 40, y: 40 },
              { x: 43, y: 40 },
              { x: 43, y: 60 },
              { x: 40, y: 60 },
            ],
          },
        ],
        dets: [
          { id: 'hq', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 10, y: 50 }] },
          { id: 'jump', side: 'blue', bases: [{ id: 'j', profile, x: 30, y: 50 }] },
          { id: 'foe', side: 'red', bases: [{ id: 'e', profile: 'boyz', x: enemyX, y: 50 }] },
        ],
      }),
      { hq: 'avance', jump: order },
    );
    s = play(s, { type: 'activate', det: 'jump' }).state;
    expect(s.phase).toBe('mouvement.activation');
    return s;
  };

  it('NE-U63 T1: a jump-pack base moves over a building, an enemy base and its ZOC, ending outside the ZOC', () => {
    const s = start('assault', 'avance');
    const { state } = play(s, { type: 'move', base: 'j', to: { x: 45, y: 50 } });
    expect(base(state, 'j')).toMatchObject({ x: 45, y: 50 });
    // 15 cm for 15 cm of ground: the difficult strip costs no extra.
    expect(remaining(state, base(state, 'j'))).toBeCloseTo(0, 6);
    // The same move without jump packs (a Tactical on Charge: 20 cm) crosses the enemy base: refused.
    expect(refusal(start('tactical', 'charge'), { type: 'move', base: 'j', to: { x: 45, y: 50 } })).toBe(
      'ERR_PATH_BASE',
    );
  });

  it('NE-U63 T1: ending inside the enemy ZOC without charging is refused (ERR_ZOC)', () => {
    expect(refusal(start('assault', 'avance'), { type: 'move', base: 'j', to: { x: 42, y: 50 } })).toBe(
      'ERR_ZOC',
    );
  });

  it('NE-U63 T1: it may end in contact with that enemy by charging', () => {
    const { state, events } = play(start('assault', 'charge'), { type: 'charge', base: 'j', target: 'e' });
    one(events, 'C6', 'charge');
    expect(base(state, 'j')).toMatchObject({ x: 36, y: 50, charged: true });
  });

  it('NE-U63 T2: engaged by an equal-class enemy it is blocked and cannot jump away (ERR_BLOCKED)', () => {
    expect(refusal(start('assault', 'avance', 32), { type: 'move', base: 'j', to: { x: 20, y: 50 } })).toBe(
      'ERR_BLOCKED',
    );
  });
});

// --- transports ------------------------------------------------------------------------------------------

describe('transports (NE-U81…U84)', () => {
  /** A Trukk at (50,50) in detachment `mob` with the given Boyz (some carried); red far away; all Sans ordre. */
  const mob = (bases: DetSpec['bases'], extra: DetSpec[] = []): EpicState => {
    let s = giveOrders(
      position({
        dets: [
          { id: 'mob', side: 'blue', bases: [{ id: 'tr', profile: 'trukk', x: 50, y: 50 }, ...bases] },
          ...extra,
          reserve('red', 140, 90),
        ],
      }),
      {},
    );
    s = play(s, { type: 'activate', det: 'mob' }).state;
    return s;
  };
  const aboard = (id: string) => ({ id, profile: 'boyz', x: 50, y: 50, carriedBy: 'tr' });

  it('NE-U81 T1: a Trukk (Transport 2) with 2 bases aboard refuses a third (ERR_FULL)', () => {
    const s = mob([aboard('p1'), aboard('p2'), { id: 'p3', profile: 'boyz', x: 53, y: 50 }]);
    expect(refusal(s, { type: 'embark', base: 'p3', transport: 'tr' })).toBe('ERR_FULL');
    const r = epicRuleset.parseScenario(
      scenarioJson({
        dets: [
          {
            id: 'mob',
            side: 'blue',
            bases: [{ id: 'tr', profile: 'trukk', x: 50, y: 50 }, aboard('p1'), aboard('p2'), aboard('p3')],
          },
          reserve('red', 140, 90),
        ],
      }),
    );
    expect(r.ok ? null : r.error.code).toBe('ERR_SCENARIO');
  });

  it('NE-U82 T1: a 10 cm base 4 cm (edge to edge) from the transport embarks for 5 + 4 cm; the Trukk pays 5 cm', () => {
    const s = mob([{ id: 'p1', profile: 'boyz', x: 56.5, y: 50 }]);
    const { state, events } = play(s, { type: 'embark', base: 'p1', transport: 'tr' });
    one(events, 'NE-U82', 'embark');
    expect(base(state, 'p1')).toMatchObject({ carriedBy: 'tr', x: 50, y: 50 });
    expect(base(state, 'p1').moved).toBeCloseTo(9, 9);
    expect(remaining(state, base(state, 'tr'))).toBe(20);
  });

  it('C2: a formation move of an active detachment with no base on the table is refused, not played (ERR_NO_BASE)', () => {
    // Found by a tournament: the search offered a kept move variant where the detachment had lost its bases.
    const s = mob([{ id: 'p1', profile: 'boyz', x: 53, y: 50 }]);
    const move: EpicAction = { type: 'moveDet', det: 'mob', dx: 5, dy: 0 };
    expect(refusal(s, move)).toBeNull();
    const gone = epicRuleset.clone(s);
    for (const b of gone.bases) if (b.det === 'mob') b.alive = false;
    expect(refusal(gone, move)).toBe('ERR_NO_BASE');
    expect(epicRuleset.apply(gone, move).ok).toBe(false);
  });

  it('NE-U82 T3: a 10 cm base 7 cm (edge to edge) from the transport cannot embark (ERR_TOO_FAR)', () => {
    const s = mob([{ id: 'p1', profile: 'boyz', x: 59.5, y: 50 }]);
    expect(refusal(s, { type: 'embark', base: 'p1', transport: 'tr' })).toBe('ERR_TOO_FAR');
  });

  it('NE-U82 T2: the transport pays 5 cm once for any number of embarking bases, and 5 cm once for any number disembarking', () => {
    let s = mob([
      { id: 'p1', profile: 'boyz', x: 53, y: 50 },
      { id: 'p2', profile: 'boyz', x: 47, y: 50 },
    ]);
    s = play(s, { type: 'embark', base: 'p1', transport: 'tr' }).state;
    s = play(s, { type: 'embark', base: 'p2', transport: 'tr' }).state;
    expect(remaining(s, base(s, 'tr'))).toBe(20);
    let d = mob([aboard('p1'), aboard('p2')]);
    d = play(d, { type: 'disembark', base: 'p1', to: { x: 53, y: 50 } }).state;
    d = play(d, { type: 'disembark', base: 'p2', to: { x: 47, y: 50 } }).state;
    expect(remaining(d, base(d, 'tr'))).toBe(20);
  });

  it('NE-U82 T4: a disembarked base has 5 cm less, then moves from the transport edge', () => {
    let s = mob([aboard('p1'), aboard('p2')]);
    s = play(s, { type: 'disembark', base: 'p1', to: { x: 52.5, y: 50 } }).state; // touching: 5 + 0 cm
    expect(base(s, 'p1')).toMatchObject({ carriedBy: null, x: 52.5, y: 50 });
    expect(remaining(s, base(s, 'p1'))).toBe(5);
    expect(refusal(s, { type: 'move', base: 'p1', to: { x: 57.6, y: 50 } })).toBe('ERR_TOO_FAR');
    expect(refusal(s, { type: 'move', base: 'p1', to: { x: 57.5, y: 50 } })).toBeNull();
    s = play(s, { type: 'disembark', base: 'p2', to: { x: 47, y: 50 } }).state; // 0.5 cm from the edge
    expect(remaining(s, base(s, 'p2'))).toBeCloseTo(4.5, 9);
  });

  it('NE-U82 T5: embarking and disembarking the same turn costs 5 + 5 cm to the base and to the Trukk', () => {
    let s = mob([{ id: 'p1', profile: 'boyz', x: 52.5, y: 50 }]); // touching the Trukk
    s = play(s, { type: 'embark', base: 'p1', transport: 'tr' }).state;
    s = play(s, { type: 'disembark', base: 'p1', to: { x: 52.5, y: 50 } }).state;
    expect(remaining(s, base(s, 'p1'))).toBe(0);
    expect(remaining(s, base(s, 'tr'))).toBe(15);
  });

  it('NE-U83 T3: Boyz on Tir Appuyé next to their Trukk cannot embark: the detachment cannot even activate (ERR_TIR_APPUYE)', () => {
    const s = giveOrders(
      position({
        dets: [
          { id: 'hq', side: 'blue', bases: [{ id: 'boss', profile: 'warboss', x: 30, y: 50 }] },
          {
            id: 'mob',
            side: 'blue',
            bases: [
              { id: 'tr', profile: 'trukk', x: 50, y: 50 },
              { id: 'p1', profile: 'boyz', x: 53, y: 50 },
            ],
          },
          reserve('red', 140, 90),
        ],
      }),
      { hq: 'avance', mob: 'tirAppuye' },
    );
    expect(s.phase).toBe('mouvement.choix');
    expect(refusal(s, { type: 'activate', det: 'mob' })).toBe('ERR_TIR_APPUYE');
    expect(epicRuleset.candidates(s).some((a) => a.type === 'activate' && a.det === 'mob')).toBe(false);
  });

  it('NE-U84 T1: the Trukk and its passengers are one activation: it moves, they disembark, and done ends it for all', () => {
    let s = mob(
      [aboard('p1'), aboard('p2')],
      [{ id: 'other', side: 'blue', bases: [{ id: 'o1', profile: 'boyz', x: 10, y: 10 }] }],
    );
    s = play(s, { type: 'move', base: 'tr', to: { x: 65, y: 50 } }).state;
    expect(base(s, 'p1')).toMatchObject({ x: 65, y: 50, carriedBy: 'tr' });
    s = play(s, { type: 'disembark', base: 'p1', to: { x: 65, y: 53 } }).state;
    s = play(s, { type: 'disembark', base: 'p2', to: { x: 65, y: 47 } }).state;
    // NE-U84 (ASSUMPTION, see cases.test.ts): it drove before the unload, so the unload ends its move.
    expect(remaining(s, base(s, 'tr'))).toBe(0);
    // The troops complete their move in the same activation.
    s = play(s, { type: 'move', base: 'p1', to: { x: 68, y: 53 } }).state;
    expect(s.active).toBe('mob');
    const { state, events } = play(s, { type: 'done' });
    expect(kinds(events)).not.toContain('C1:activate');
    expect(det(state, 'mob').activated).toBe(true);
    expect(state.active).toBeNull();
    // Red passes; blue may activate another detachment, not this one again.
    const back = play(state, { type: 'pass' }).state;
    expect(back.toAct).toBe('blue');
    expect(refusal(back, { type: 'activate', det: 'mob' })).toBe('ERR_ACTIVATED');
    expect(refusal(back, { type: 'move', base: 'p1', to: { x: 69, y: 53 } })).toBe('ERR_PHASE');
  });
});
