/**
 * Issue #3, fire (epicB): NE-U06 (a Gargant's D6 of energy), NE-U53…U55 (OA and off-table artillery), the
 * die-based scatter (C8), NE-U59…U61 (psykers), NE-U105 (bombs) and NE-W04 (Démolition). Each test names its
 * catalogue id (shared/rules/002_netepic_orks.md) first and follows its Given/When/Then case; dice are fixed
 * through the real seeded RNG (`play(…, dice)` / `rngForDice`), never stubbed.
 */
import { describe, expect, it } from 'vitest';
import { rngForDice } from '../../../test/helpers/dice';
import {
  base,
  byRule,
  type DetSpec,
  giveOrders,
  kinds,
  one,
  one1,
  type PositionSpec,
  play,
  pos,
  refusal,
  reserves,
  scenarioJson,
  toCombat,
} from '../../../test/helpers/epic';
import { rollScatterDice } from '../../engine/dice';
import { Rng } from '../../engine/rng';
import { scenarios } from '../registry';
import { energyOf } from './combat';
import { epicRuleset } from './index';
import { combatActions } from './rules';
import { coherencyGroups } from './state';
import type { EpicAction, EpicState, Order } from './types';

// --- helpers ---------------------------------------------------------------------------------------------

const combat = (dets: DetSpec[], orders: Record<string, Order> = {}, extra: Partial<PositionSpec> = {}) =>
  toCombat(giveOrders(pos(dets, extra), orders, 'red'));

// --- NE-U06 -----------------------------------------------------------------------------------------------

describe('NE-U06 Gargant energy', () => {
  it('NE-U06 T1: one Gargant in range and a D6 of [4] gives +4: with the Warboss (1), Waaagh! counts 5 energy (row NE-U24)', () => {
    const s = giveOrders(
      pos([
        one1('qg', 'blue', 'warboss', 20, 40),
        one1('bz', 'blue', 'bizarboy', 30, 50),
        one1('garg', 'blue', 'gargant', 45, 50),
      ]),
      {},
    );
    // Before any die, the legality checks count a Gargant at its least (1).
    expect(energyOf(s, base(s, 'bz-1'))).toBe(1 + 1); // the Warboss (class-1 Ork) and the Gargant's minimum
    const act = play(s, { type: 'activate', det: 'bz' }).state;
    const { events } = play(act, { type: 'waaagh', base: 'bz-1' }, [4]);
    const g = one(events, 'NE-U06', 'gargantEnergy');
    expect(g.dice![0]!.dice).toEqual([4]);
    expect(one(events, 'NE-U24', 'waaagh').text.en).toContain('(5 energy)'); // Warboss 1 + Gargant 4
    // A fresh D6 each time energy is counted (ASSUMPTION): another count rolls again.
    const again = play(act, { type: 'waaagh', base: 'bz-1' }, [6]);
    expect(one(again.events, 'NE-U25', 'waaagh').text.en).toContain('(7 energy)');
  });
});

// --- scatter (C8) ---------------------------------------------------------------------------------------

describe('C8 die-based scatter', () => {
  it('C8: the scatter die, a direction die and the distance dice all come from the seeded RNG', () => {
    const hit = rollScatterDice(new Rng(rngForDice([2])), { distanceDice: 2 });
    expect(hit).toMatchObject({ hit: true, distance: 0, scatterDie: 2 });
    const arrow = rollScatterDice(new Rng(rngForDice([3, 2, 4, 5])), { distanceDice: 2 });
    expect(arrow).toMatchObject({ hit: false, scatterDie: 3, direction: 2, distance: 9, dice: [4, 5] });
    expect(arrow.angle).toBeCloseTo(Math.PI / 3);
  });
});

// --- OA (NE-U53…U55) --------------------------------------------------------------------------------------

/** Red: a Captain, three Whirlwind batteries, an OA at (90, 50); blue: a weaponless target at (60, 50). */
const battery = (extra: DetSpec[] = []): DetSpec[] => [
  one1('qg', 'red', 'captain', 132, 30),
  one1('ww1', 'red', 'whirlwind', 130, 40, Math.PI),
  one1('ww2', 'red', 'whirlwind', 130, 50, Math.PI),
  one1('ww3', 'red', 'whirlwind', 130, 20, Math.PI),
  one1('obs', 'red', 'observateur', 90, 50, Math.PI),
  one1('cible', 'blue', 'bizarboy', 60, 50),
  ...extra,
];
/** A red rifle squad with a blue target in reach, so that red keeps a Combat-phase action. */
const busy = (): DetSpec[] => [
  one1('tac', 'red', 'tactical', 100, 58, Math.PI),
  one1('near', 'blue', 'bizarboy', 85, 60),
];
const TA = { ww1: 'tirAppuye', ww2: 'tirAppuye', ww3: 'tirAppuye' } as Record<string, Order>;
const direct = (det: string, oa = 'obs-1', target = 'cible'): EpicAction => ({
  type: 'shoot',
  det,
  target,
  indirect: true,
  oa,
});
const basilisk = {
  offTable: [
    {
      id: 'basilisk',
      side: 'red',
      name: { en: 'Basilisks', fr: 'Basilisks' },
      points: 150,
      weapon: 'basilisk',
    },
    {
      id: 'basilisk2',
      side: 'red',
      name: { en: 'Basilisks 2', fr: 'Basilisks 2' },
      points: 150,
      weapon: 'basilisk',
    },
  ],
};
/** A position with the scenario's off-table formations (through the real scenario gate). */
function withOffTable(dets: DetSpec[], orders: Record<string, Order>): EpicState {
  const json = scenarioJson({ dets: [...dets, ...reserves()] }) as Record<string, unknown>;
  Object.assign(json, basilisk);
  const sc = epicRuleset.parseScenario(json);
  if (!sc.ok) throw new Error(sc.error.message.en);
  const s = epicRuleset.setup(sc.value, 't');
  if (!s.ok) throw new Error(s.error.message.en);
  return toCombat(giveOrders(s.value, orders, 'red'));
}

describe('NE-U53 OA: directing artillery', () => {
  it('NE-U53 T1: an OA that fired its own weapon this turn cannot direct (ERR_OA_FIRED)', () => {
    const st = combat(battery([one1('near', 'blue', 'bizarboy', 85, 60)]), TA);
    expect(refusal(st, direct('ww1'))).toBeNull();
    const fired = play(st, { type: 'shoot', det: 'obs', target: 'near' }).state;
    expect(fired.toAct).toBe('red'); // blue has nothing to do
    expect(refusal(fired, direct('ww1'))).toBe('ERR_OA_FIRED');
  });

  it('NE-U53 T2 / NE-W02 T2: a directed barrage scatters 1D6: arrow, direction [1] (+x), [4] → 4 cm; on "Hit" it does not move; observed −1 (5+)', () => {
    const st = combat(battery([one1('other', 'blue', 'bizarboy', 64, 52)]), TA);
    const { events } = play(st, direct('ww2'), [3, 1, 4, 6]);
    const sc = one(events, 'NE-U53', 'scatter');
    expect(sc.dice!.map((d) => d.dice)).toEqual([[3], [1], [4]]); // one distance die, not two
    expect(sc.text.en).toContain('scatters 4 cm, to (64.0, 50.0)');
    const fire = byRule(events, 'C8', 'fire');
    expect(fire.map((e) => e.units)).toEqual([['ww2-1', 'other-1']]); // the target 4 cm away is no longer under it
    expect(fire[0]!.dice![0]!.target).toBe(5); // Whirlwind 4+, observed −1 (NE-W02 T2)
    const onTarget = play(st, direct('ww2'), [2, 5]);
    expect(one(onTarget.events, 'NE-U53', 'scatter').text.en).toContain('Hit');
    const f2 = byRule(onTarget.events, 'C8', 'fire');
    expect(f2.map((e) => e.units)).toEqual([['ww2-1', 'cible-1']]);
    expect(f2[0]!.dice![0]).toMatchObject({ dice: [5], target: 5 });
    expect(base(onTarget.state, 'cible-1').alive).toBe(false); // a save of 6+ at PA −1 cannot pass
  });

  it('NE-U53 T3: after 2 directed shots and 1 off-table call a further request is refused; after 3 shots no off-table call', () => {
    const st = withOffTable(battery(busy()), TA);
    let s = play(st, direct('ww1'), [1, 1]).state; // Hit, to-hit [1]: a miss
    s = play(s, direct('ww2'), [1, 1]).state;
    expect(s.toAct).toBe('red');
    s = play(s, { type: 'offTable', oa: 'obs-1', formation: 'basilisk', target: 'cible-1' }, [2]).state;
    expect(refusal(s, direct('ww3'))).toBe('ERR_OA_LIMIT');
    let t = play(st, direct('ww1'), [1, 1]).state;
    t = play(t, direct('ww2'), [1, 1]).state;
    t = play(t, direct('ww3'), [1, 1]).state;
    expect(refusal(t, { type: 'offTable', oa: 'obs-1', formation: 'basilisk', target: 'cible-1' })).toBe(
      'ERR_OA_LIMIT',
    );
  });

  it('NE-U53 T4: an OA engaged in an assault cannot direct (ERR_OA_ENGAGED)', () => {
    const st = combat(battery([one1('foe', 'blue', 'bizarboy', 88, 50)]), TA);
    expect(refusal(st, direct('ww1'))).toBe('ERR_OA_ENGAGED');
  });

  it('NE-U53: an OA that directed does not shoot itself; a direct shot cannot be "directed" (ERR_OA)', () => {
    const st = combat(battery([one1('near', 'blue', 'bizarboy', 85, 60)]), TA);
    expect(refusal(st, { type: 'shoot', det: 'ww1', target: 'cible', oa: 'obs-1' })).toBe('ERR_OA');
    const s = play(st, direct('ww1'), [1, 1]).state;
    expect(refusal(s, { type: 'shoot', det: 'obs', target: 'near' })).toBe('ERR_OUT_OF_REACH');
  });
});

describe('NE-U54 off-table artillery', () => {
  it('NE-U54 T1: roll [2]: nothing fires, the Formation stays, no Destruction Points, the OA’s call is spent', () => {
    const st = withOffTable(battery(), TA);
    const call: EpicAction = { type: 'offTable', oa: 'obs-1', formation: 'basilisk', target: 'cible-1' };
    const { state, events } = play(st, call, [2]);
    expect(kinds(events)).toEqual(['NE-U54:offTableCall']);
    expect(state.offTable.find((f) => f.id === 'basilisk')!.used).toBe(false);
    expect(state.sides.blue.dp).toBe(0);
    expect(refusal(state, call)).toBe('ERR_OA_LIMIT');
  });

  it('NE-U54 T2: roll [3], scatter arrow, direction [1], 2D6 [2,5] → 7 cm; the Formation is used up and its Destruction Points go to the opponent', () => {
    const st = withOffTable(battery(), TA);
    const call: EpicAction = { type: 'offTable', oa: 'obs-1', formation: 'basilisk', target: 'cible-1' };
    const { state, events } = play(st, call, [3, 4, 1, 2, 5]);
    const scatters = byRule(events, 'NE-U54', 'scatter');
    expect(scatters).toHaveLength(2); // Basilisk: 2 templates, each on its own
    expect(scatters[0]!.text.en).toContain('scatters 7 cm, to (67.0, 50.0)');
    expect(scatters[0]!.dice!.map((d) => d.dice)).toEqual([[4], [1], [2, 5]]);
    expect(state.offTable.find((f) => f.id === 'basilisk')!.used).toBe(true);
    expect(state.sides.blue.dp).toBe(150);
    expect(refusal(epicRuleset.clone(state), { ...call, oa: 'obs-1' })).toBe('ERR_OA_LIMIT');
  });

  it('NE-U54 T3: two calls on one target from two OAs make separate scatter rolls; nothing is merged', () => {
    const st = withOffTable(battery([one1('obs2', 'red', 'observateur', 90, 40, Math.PI), ...busy()]), TA);
    const a = play(
      st,
      { type: 'offTable', oa: 'obs-1', formation: 'basilisk', target: 'cible-1' },
      [3, 6, 2, 3, 3],
    );
    expect(a.state.toAct).toBe('red');
    const b = play(
      a.state,
      { type: 'offTable', oa: 'obs2-1', formation: 'basilisk2', target: 'cible-1' },
      [3, 5, 4, 1, 1],
    );
    const first = byRule(a.events, 'NE-U54', 'scatter');
    const second = byRule(b.events, 'NE-U54', 'scatter');
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    expect(first[0]!.dice!.map((d) => d.dice)).toEqual([[6], [2], [3, 3]]);
    expect(second[0]!.dice!.map((d) => d.dice)).toEqual([[5], [4], [1, 1]]);
    expect(b.state.sides.blue.dp).toBe(300);
    // Each OA's call is spent for the turn.
    expect(
      refusal(b.state, { type: 'offTable', oa: 'obs2-1', formation: 'basilisk', target: 'cible-1' }),
    ).toBe('ERR_OA_LIMIT');
  });

  it('NE-U54: the scenario format declares off-table Formations, refused with a named field when wrong', () => {
    const json = scenarioJson({ dets: battery() }) as Record<string, unknown>;
    json.offTable = [{ id: 'x', side: 'red', name: { en: 'X', fr: 'X' }, points: 10, weapon: 'bolter' }];
    const bad = epicRuleset.parseScenario(json);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.field).toBe('offTable.0.weapon');
    json.offTable = [{ id: 'obs', side: 'red', name: { en: 'X', fr: 'X' }, points: 10, weapon: 'basilisk' }];
    const dup = epicRuleset.parseScenario(json);
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.error.field).toMatch(/^detachments\.\d+\.id$/);
    const sample = scenarios.epic!.find((x) => x.id === 'gue-de-krag')!;
    const sc = epicRuleset.parseScenario(sample.data);
    expect(sc.ok).toBe(true);
    if (sc.ok) expect(sc.value.offTable?.length).toBe(1);
  });
});

describe('NE-U55 OA with an assigned transport', () => {
  const spot = (gap: number) =>
    pos([
      {
        id: 'obs',
        side: 'red',
        bases: [
          { id: 'oa', profile: 'observateur', x: 100, y: 50 },
          { id: 'rh', profile: 'rhino', x: 100 + gap, y: 50 },
        ],
      },
    ]);
  it('NE-U55 T1: an OA and its transport 20 cm apart are in coherency (25 cm); at 26 cm they are not', () => {
    expect(coherencyGroups(spot(20), 'obs')).toHaveLength(1);
    expect(coherencyGroups(spot(26), 'obs')).toHaveLength(2);
  });
});

// --- psykers (NE-U59…U61) ----------------------------------------------------------------------------------

const psy = (extra: DetSpec[] = []): DetSpec[] => [
  one1('qg', 'red', 'captain', 112, 40),
  one1('lib', 'red', 'librarian', 100, 50, Math.PI),
  ...extra,
];

describe('NE-U59 psykers', () => {
  it('NE-U59 T1: a psyker in an assault (blocked, it cannot shoot) may still use a power', () => {
    const st = combat(psy([one1('foe', 'blue', 'boyz', 98, 50), one1('gk', 'blue', 'grey-knight', 70, 50)]), {
      lib: 'avance',
    });
    expect(refusal(st, { type: 'shoot', det: 'lib', target: 'gk' })).toBe('ERR_OUT_OF_REACH');
    expect(refusal(st, { type: 'power', base: 'lib-1', power: 'eclair', target: 'gk' })).toBeNull();
  });

  it('NE-U59 T2: a Combat-phase power on a Charge order is refused (ERR_NO_FIRE)', () => {
    const st = combat(
      psy([one1('gk', 'blue', 'grey-knight', 80, 50), one1('tac', 'red', 'tactical', 100, 58)]),
      {
        lib: 'charge',
      },
    );
    expect(st.toAct).toBe('red');
    expect(refusal(st, { type: 'power', base: 'lib-1', power: 'eclair', target: 'gk' })).toBe('ERR_NO_FIRE');
  });

  it('NE-U59 T3: a Movement-phase power (On y va!) on a Charge order is allowed', () => {
    const s = giveOrders(
      pos([
        one1('qg', 'blue', 'warboss', 20, 40),
        {
          id: 'bz',
          side: 'blue',
          bases: [
            { id: 'bb', profile: 'bizarboy', x: 30, y: 50 },
            { id: 'b1', profile: 'boyz', x: 33, y: 50 },
          ],
        },
        one1('mob', 'blue', 'boyz', 30, 60),
      ]),
      { bz: 'charge' },
    );
    const act = play(s, { type: 'activate', det: 'bz' }).state;
    expect(refusal(act, { type: 'onYVa', base: 'bb', dets: [{ det: 'mob', dx: 10, dy: 0 }] })).toBeNull();
  });

  it('NE-U59: one power a turn, and the psyker’s detachment may still fire its weapons after it', () => {
    const st = combat(psy([one1('gk', 'blue', 'grey-knight', 86, 50)]), { lib: 'avance' });
    const { state } = play(st, { type: 'power', base: 'lib-1', power: 'eclair', target: 'gk' }, [1, 1]);
    const s = epicRuleset.clone(state);
    s.toAct = 'red'; // the alternation gave blue its turn; ask red's next action directly
    expect(refusal(s, { type: 'power', base: 'lib-1', power: 'fouet', target: 'gk' })).toBe('ERR_POWER_USED');
    expect(refusal(s, { type: 'shoot', det: 'lib', target: 'gk' })).toBeNull();
  });
});

describe('NE-U60 physical powers', () => {
  it('NE-U60 T1: the psychic save 4+ gives no protection: hit [5], the armour save is rolled instead ([3] fails at PA −1)', () => {
    const st = combat(psy([one1('gk', 'blue', 'grey-knight', 70, 50)]), { lib: 'avance' });
    const { state, events } = play(
      st,
      { type: 'power', base: 'lib-1', power: 'eclair', target: 'gk' },
      [5, 1, 3],
    );
    const fire = one(events, 'NE-U60', 'fire');
    expect(fire.dice![0]!.dice).toEqual([5, 1]);
    const saves = events.flatMap((e) => e.dice ?? []).filter((d) => d.label.includes('save'));
    expect(saves.map((d) => d.label)).toEqual(['save']); // no 'psychic save'
    expect(saves[0]).toMatchObject({ dice: [3], target: 5 });
    expect(base(state, 'gk-1').alive).toBe(false);
  });

  it('NE-U60 T2: on Tir Appuyé without moving, a to-hit [1] is re-rolled', () => {
    const st = combat(psy([one1('gk', 'blue', 'grey-knight', 70, 50)]), { lib: 'tirAppuye' });
    const { events } = play(st, { type: 'power', base: 'lib-1', power: 'eclair', target: 'gk' }, [1, 2, 6]);
    expect(one(events, 'NE-U60', 'fire').dice![0]).toMatchObject({ dice: [6, 2], rerolled: [[0, 1]] });
  });
});

describe('NE-U61 ethereal powers', () => {
  it('NE-U61 T1: against a titan (class 5) the hit strikes the head without a location roll; only a psychic save (its fields: 4+) counts', () => {
    const st = combat(psy([one1('garg', 'blue', 'gargant', 75, 50)]), { lib: 'tirAppuye' });
    const { events } = play(st, { type: 'power', base: 'lib-1', power: 'fouet', target: 'garg' }, [1, 2]);
    // Not a shot: the [1] is not re-rolled on Tir Appuyé.
    expect(one(events, 'NE-U61', 'fire').dice![0]).toMatchObject({ dice: [1] });
    const hit = play(st, { type: 'power', base: 'lib-1', power: 'fouet', target: 'garg' }, [4, 2]);
    one(hit.events, 'NE-U61', 'head');
    expect(hit.events.flatMap((e) => e.dice ?? []).map((d) => d.label)).toEqual(['to hit', 'psychic save']);
    expect(base(hit.state, 'garg-1').pdv).toBe(5);
  });

  it('NE-U61 T2: a target with armour 3+ and no psychic save gets no save at all', () => {
    const st = combat(psy([one1('term', 'blue', 'terminator', 75, 50)]), { lib: 'avance' });
    const { state, events } = play(st, { type: 'power', base: 'lib-1', power: 'fouet', target: 'term' }, [4]);
    expect(events.flatMap((e) => e.dice ?? []).map((d) => d.label)).toEqual(['to hit']);
    expect(base(state, 'term-1').alive).toBe(false);
  });
});

describe('NE-U61 ethereal powers and Régénération', () => {
  it('NE-U61: PdV lost to an ethereal power are never regenerated (a Médiko 3 cm away rolls nothing); a physical hit is', () => {
    const mob = (): DetSpec => ({
      id: 'mob',
      side: 'blue',
      bases: [
        { id: 'bz1', profile: 'boyz', x: 75, y: 50 },
        { id: 'med', profile: 'mediko', x: 75, y: 53 },
      ],
    });
    const st = combat(psy([mob()]), { lib: 'avance' });
    const eth = play(st, { type: 'power', base: 'lib-1', power: 'fouet', target: 'mob' }, [4]);
    expect(eth.events.some((e) => e.rule === 'C12')).toBe(false);
    expect(base(eth.state, 'bz1').alive).toBe(false);
    const phys = play(st, { type: 'power', base: 'lib-1', power: 'eclair', target: 'mob' }, [6, 1, 1]);
    expect(byRule(phys.events, 'C12', 'regeneration')).toHaveLength(1);
  });
});

// --- bombs (NE-U105) ---------------------------------------------------------------------------------------

const bombers = (extra: DetSpec[]): DetSpec[] => [
  {
    id: 'air',
    side: 'blue',
    bases: [
      { id: 'fb1', profile: 'fighta-bommer', x: 10, y: 50, altitude: 'haute' },
      { id: 'fb2', profile: 'fighta-bommer', x: 14, y: 50, altitude: 'haute' },
    ],
  },
  ...extra,
];
function flying(extra: DetSpec[]): EpicState {
  const s = giveOrders(pos(bombers(extra)), {}, 'blue');
  return play(s, { type: 'activate', det: 'air' }).state;
}

describe('NE-U105 bombs', () => {
  it('NE-U105 T1 / NE-U102 T2: two bombers dropping on the same spot make two separate resolutions, each at once during the move', () => {
    const s = flying([one1('tg', 'red', 'tactical', 30, 51)]);
    const fly: EpicAction = {
      type: 'fly',
      det: 'air',
      dx: 30,
      dy: 0,
      alt: 2,
      bombs: [
        { base: 'fb1', x: 30, y: 50 },
        { base: 'fb2', x: 30, y: 50 },
      ],
    };
    const { events } = play(s, fly, [1, 1]);
    expect(kinds(events)).toEqual([
      'NE-U105:bomb',
      'NE-U105:fire',
      'NE-U105:bomb',
      'NE-U105:fire',
      'NE-U100:move',
    ]);
    expect(byRule(events, 'NE-U105', 'fire').map((e) => e.dice![0]!.target)).toEqual([4, 4]);
  });

  it('NE-U105 T2: a bomb off the line of movement is refused (ERR_BOMB_LINE); an enemy flyer under the template is not affected', () => {
    const s = flying([
      one1('tg', 'red', 'tactical', 30, 52),
      {
        id: 'tb',
        side: 'red',
        bases: [{ id: 'tb1', profile: 'thunderbolt', x: 30, y: 50, altitude: 'haute' }],
      },
    ]);
    const fly = (y: number): EpicAction => ({
      type: 'fly',
      det: 'air',
      dx: 30,
      dy: 0,
      alt: 2,
      bombs: [{ base: 'fb1', x: 30, y }],
    });
    expect(refusal(s, fly(51))).toBe('ERR_BOMB_LINE');
    const { events } = play(s, fly(50), [6]);
    const fires = byRule(events, 'NE-U105', 'fire');
    expect(fires.map((e) => e.units)).toEqual([['fb1', 'tg-1']]);
  });
});

// --- Démolition (NE-W04) -----------------------------------------------------------------------------------

const house = (sp: number) => ({
  id: 'maison',
  kind: 'building' as const,
  height: 6,
  sp,
  save: 4,
  poly: [
    { x: 40, y: 40 },
    { x: 48, y: 40 },
    { x: 48, y: 48 },
    { x: 40, y: 48 },
  ],
});

describe('NE-W04 Démolition', () => {
  it('NE-W04 T1: building save 4+, Démolition (−2), to-hit [6] (3+ at a structure), save [5] fails (needs 6+): 1 SP lost', () => {
    const st = combat([one1('sap', 'blue', 'sapeurs', 30, 44)], {}, { terrain: [house(2)] });
    const { state, events } = play(st, { type: 'demolish', det: 'sap', building: 'maison' }, [6, 5]);
    expect(one(events, 'NE-W04', 'fire').dice![0]).toMatchObject({ dice: [6], target: 3 });
    expect(one(events, 'NE-W04', 'buildingDamaged').dice![0]).toMatchObject({ dice: [5], target: 6 });
    expect(state.structures).toEqual([{ id: 'maison', sp: 1, save: 4 }]);
  });

  it('NE-W04: at 0 Structure Points the building is a ruin: rubble, light cover (ASSUMPTION); a save [6] holds', () => {
    const st = combat([one1('sap', 'blue', 'sapeurs', 30, 44)], {}, { terrain: [house(1)] });
    const held = play(st, { type: 'demolish', det: 'sap', building: 'maison' }, [6, 6]);
    expect(held.state.structures[0]!.sp).toBe(1);
    const { state, events } = play(st, { type: 'demolish', det: 'sap', building: 'maison' }, [6, 5]);
    one(events, 'NE-W04', 'ruined');
    expect(state.structures).toEqual([]);
    expect(state.table.terrain.find((t) => t.id === 'maison')!.kind).toBe('cover');
    expect(st.table.terrain.find((t) => t.id === 'maison')!.kind).toBe('building'); // apply copies
  });

  it('NE-W04: Structure Points and a save belong to buildings and go together (scenario errors name the field)', () => {
    const forest = { ...house(2), kind: 'forest' as const };
    const a = epicRuleset.parseScenario(scenarioJson({ dets: reserves(), terrain: [forest] }));
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.error.field).toBe('terrain.0.sp');
    const { save: _, ...noSave } = house(2);
    const b = epicRuleset.parseScenario(scenarioJson({ dets: reserves(), terrain: [noSave] }));
    expect(b.ok).toBe(false);
    if (!b.ok) expect(b.error.field).toBe('terrain.0.save');
  });
});

// --- candidates: random play and the AI are offered every new action ----------------------------------------

describe('candidates offer the new actions', () => {
  it('NE-U53/U54/U59/W04/U105: directed barrages, off-table calls, powers, Démolition and bombing runs are candidates', () => {
    const st = withOffTable(battery(), TA);
    const red = combatActions(st, 'red');
    expect(red).toContainEqual({ type: 'shoot', det: 'ww1', target: 'cible', indirect: true, oa: 'obs-1' });
    expect(red).toContainEqual({ type: 'offTable', oa: 'obs-1', formation: 'basilisk', target: 'cible-1' });
    const ps = combat(psy([one1('gk', 'blue', 'grey-knight', 70, 50)]), { lib: 'avance' });
    expect(epicRuleset.candidates(ps)).toContainEqual({
      type: 'power',
      base: 'lib-1',
      power: 'eclair',
      target: 'gk',
    });
    const sap = combat([one1('sap', 'blue', 'sapeurs', 30, 44)], {}, { terrain: [house(2)] });
    expect(epicRuleset.candidates(sap)).toContainEqual({ type: 'demolish', det: 'sap', building: 'maison' });
    const fly = flying([one1('tg', 'red', 'tactical', 40, 50)]);
    const runs = epicRuleset.candidates(fly).filter((a) => a.type === 'fly' && a.bombs);
    expect(runs.length).toBeGreaterThan(0);
    for (const a of runs) expect(refusal(fly, a)).toBeNull();
  });
});
