/**
 * C10 location sheets of class-5+ bases (titans, Gargants): the D6 location roll on the front or rear chart
 * after each failed save, Dégâts (X) adding X to it (NE-W03), ethereal powers striking the head with no roll
 * (NE-U61), progressive damage (damaged, then destroyed) and its effects, repairs on 4+ in the Phase Finale.
 * Dice are fixed only through the seeded RNG (test/helpers/dice.ts); the charts are in data.ts (ASSUMPTIONS,
 * docs/rulesets/epic.md).
 */
import { describe, expect, it } from 'vitest';
import { randomBot } from '../../../ai/bots';
import { playMatch } from '../../../ai/match';
import { rngForDice } from '../../../test/helpers/dice';
import {
  base,
  byRule,
  type DetSpec,
  epicInvariants,
  giveOrders,
  one1,
  play,
  position,
  refusal,
  reserves,
  scenarioJson,
  toCombat,
} from '../../../test/helpers/epic';
import type { GameEvent } from '../../engine/contract';
import { hashState } from '../../engine/hash';
import { replay } from '../../engine/record';
import { Rng } from '../../engine/rng';
import { epicCard } from './board';
import { type Ctx, repairLocations, saveOrLose, toHitModifiers, weaponsInReach } from './combat';
import { EPIC_RULES, explainEpic } from './explain';
import { epicRuleset } from './index';
import { allowance } from './state';
import type { EpicAction, EpicState, Order } from './types';

// --- helpers ---------------------------------------------------------------------------------------------

/** A blue Gargant at (75, 50) facing +x, a red Tactical in front of it (100, 50) and one behind it (50, 50). */
const gargantPos = (extra: DetSpec[] = []): EpicState =>
  position({
    dets: [
      one1('garg', 'blue', 'gargant', 75, 50, 0),
      one1('front', 'red', 'tactical', 100, 50, Math.PI),
      one1('rear', 'red', 'tactical', 50, 50, 0),
      ...extra,
      ...reserves(),
    ],
  });
const ctxFor = (s: EpicState, dice: number[]): Ctx & { ev: GameEvent[] } => ({
  s: epicRuleset.clone(s),
  rng: new Rng(rngForDice(dice)),
  ev: [],
});
/** One failed save ([1] on 3+) on the Gargant fired at from `from`, with Dégâts (`degats`), then `loc` as the location die. */
function failedSave(s: EpicState, from: string, loc: number, degats = 0) {
  const ctx = ctxFor(s, [1, loc]);
  const g = base(ctx.s, 'garg-1');
  expect(saveOrLose(ctx, g, 0, false, 'C4', [], 1 + degats, base(ctx.s, from))).toBe(true);
  return { s: ctx.s, ev: ctx.ev, g };
}
const combatWith = (s: EpicState, orders: Record<string, Order>) => toCombat(giveOrders(s, orders, 'red'));

// --- the location roll ---------------------------------------------------------------------------------------

describe('C10 location roll', () => {
  it('C10: a failed save costs the PdV and rolls a D6 on the front chart (a firer in front): [1] → legs damaged', () => {
    const { ev, g } = failedSave(gargantPos(), 'front-1', 1);
    expect(g.pdv).toBe(5);
    const loc = byRule(ev, 'C10', 'location');
    expect(loc).toHaveLength(1);
    expect(loc[0]!.dice).toEqual([{ label: 'location', sides: 6, dice: [1] }]);
    expect(loc[0]!.text.en).toContain('front chart');
    expect(g.locs).toEqual({ jambes: 1 });
    expect(byRule(ev, 'C10', 'locationDamaged')).toHaveLength(1);
  });

  it('C10: a firer in the rear 90° arc uses the rear chart: [4] → body / reactor (front chart: a weapon)', () => {
    const rear = failedSave(gargantPos(), 'rear-1', 4);
    expect(byRule(rear.ev, 'C10', 'location')[0]!.text.en).toContain('rear chart');
    expect(rear.g.locs).toEqual({ corps: 1 });
    const front = failedSave(gargantPos(), 'front-1', 4);
    expect(front.g.locs).toEqual({ 'arme:gargant-gun': 1 });
  });

  it('C10: a base without a location sheet (class < 5) rolls no location die', () => {
    const ctx = ctxFor(gargantPos(), [1, 1]);
    const t = base(ctx.s, 'front-1');
    expect(t.locs).toBeNull();
    saveOrLose(ctx, t, 0, false, 'C4', [], 1, base(ctx.s, 'garg-1'));
    expect(ctx.ev.flatMap((e) => e.dice ?? []).map((d) => d.label)).toEqual(['save']);
  });

  it('C10: a saved hit rolls no location die and damages nothing', () => {
    const ctx = ctxFor(gargantPos(), [5, 1]);
    const g = base(ctx.s, 'garg-1');
    expect(saveOrLose(ctx, g, 0, false, 'C4', [], 1, base(ctx.s, 'front-1'))).toBe(false);
    expect(ctx.ev.flatMap((e) => e.dice ?? []).map((d) => d.label)).toEqual(['save']);
    expect(g.locs).toEqual({});
  });
});

describe('NE-W03 Dégâts on a location sheet', () => {
  it('NE-W03 T2', () => {
    // Given a titan damage roll [3] with Dégâts (1), Then 4 (front chart: 4 = a weapon; the PdV loss is 1 + 1).
    const { ev, g } = failedSave(gargantPos(), 'front-1', 3, 1);
    const loc = byRule(ev, 'NE-W03', 'location');
    expect(loc).toHaveLength(1);
    expect(loc[0]!.dice![0]).toMatchObject({ label: 'location', dice: [3], modifiers: [{ value: 1 }] });
    expect(loc[0]!.text.en).toContain('3 + 1 (Dégâts) = 4');
    expect(g.locs).toEqual({ 'arme:gargant-gun': 1 });
    expect(g.pdv).toBe(4);
  });

  it('NE-W03: the location roll plus Dégâts is capped at 6: [6] with Dégâts (1) → 6 (head)', () => {
    const { ev, g } = failedSave(gargantPos(), 'front-1', 6, 1);
    expect(byRule(ev, 'NE-W03', 'location')[0]!.text.en).toContain('6 + 1 (Dégâts) = 6');
    expect(g.locs).toEqual({ tete: 1 });
  });

  it('NE-W03: on the rear chart a [2] with Dégâts (1) reads 3 (a weapon) where the plain [2] is the legs', () => {
    const { g } = failedSave(gargantPos(), 'rear-1', 2, 1);
    expect(g.locs).toEqual({ 'arme:gargant-gun': 1 });
    const plain = failedSave(gargantPos(), 'rear-1', 2, 0);
    expect(plain.g.locs).toEqual({ jambes: 1 });
  });
});

describe('NE-U61 ethereal powers on a location sheet', () => {
  it('NE-U61 T1: against a titan the location is the head without rolling: hit [4], psychic save [2] fails, head damaged, no location die', () => {
    const st = combatWith(
      position({
        dets: [
          one1('qg', 'red', 'captain', 112, 40),
          one1('lib', 'red', 'librarian', 100, 50, Math.PI),
          one1('garg', 'blue', 'gargant', 75, 50),
          ...reserves(),
        ],
      }),
      { lib: 'avance' },
    );
    const { state, events } = play(
      st,
      { type: 'power', base: 'lib-1', power: 'fouet', target: 'garg' },
      [4, 2],
    );
    expect(byRule(events, 'NE-U61', 'head')).toHaveLength(1);
    expect(events.flatMap((e) => e.dice ?? []).map((d) => d.label)).toEqual(['to hit', 'psychic save']);
    expect(events.some((e) => e.kind === 'location')).toBe(false);
    expect(base(state, 'garg-1').locs).toEqual({ tete: 1 });
    expect(base(state, 'garg-1').pdv).toBe(5);
  });
});

// --- progressive damage and its effects ------------------------------------------------------------------------

describe('C10 progressive damage', () => {
  it('C10: a second hit on the same location turns "damaged" into "destroyed": legs [1] then [2] → no move', () => {
    const s0 = giveOrders(gargantPos(), { garg: 'avance' }, 'blue');
    const first = failedSave(s0, 'front-1', 1);
    expect(first.g.locs).toEqual({ jambes: 1 });
    expect(allowance(first.s, first.g)).toBe(5); // Gargant move 10, halved
    const second = failedSave(first.s, 'front-1', 2);
    expect(second.g.locs).toEqual({ jambes: 2 });
    expect(byRule(second.ev, 'C10', 'locationDestroyed')).toHaveLength(1);
    expect(allowance(second.s, second.g)).toBe(0);
    expect(second.g.alive).toBe(true);
    // The legality check refuses the move with its own coded reason.
    const st = epicRuleset.clone(second.s);
    const act = play(st, { type: 'activate', det: 'garg' }).state;
    expect(refusal(act, { type: 'move', base: 'garg-1', to: { x: 78, y: 50 } })).toBe('ERR_NO_MOVE');
  });

  it('C10: a destroyed weapon no longer fires; the next weapon hit goes to the first weapon still working', () => {
    const s0 = gargantPos();
    const a = failedSave(s0, 'front-1', 3); // gargant-gun damaged
    const b = failedSave(a.s, 'front-1', 4); // the first still working: the gatling, damaged
    expect(b.g.locs).toEqual({ 'arme:gargant-gun': 1, 'arme:gatling': 1 });
    const c = failedSave(b.s, 'front-1', 3); // none working: the first damaged one is destroyed
    expect(c.g.locs).toEqual({ 'arme:gargant-gun': 2, 'arme:gatling': 1 });
    const t = base(c.s, 'front-1');
    expect(weaponsInReach(s0, base(s0, 'garg-1'), base(s0, 'front-1')).map((w) => w.id)).toContain(
      'gargant-gun',
    );
    expect(weaponsInReach(c.s, c.g, t)).toEqual([]);
    // The gatling repairs on [4]; the destroyed Gaze kannon stays lost.
    const ctx = ctxFor(c.s, [4]);
    repairLocations(ctx);
    const g = base(ctx.s, 'garg-1');
    expect(g.locs).toEqual({ 'arme:gargant-gun': 2 });
    expect(weaponsInReach(ctx.s, g, base(ctx.s, 'front-1')).map((w) => w.id)).toEqual(['gatling']);
  });

  it('C10: a shoot action of a Gargant whose weapons are all out is refused (ERR_OUT_OF_REACH)', () => {
    let s = gargantPos();
    for (const loc of [3, 4, 3, 4]) s = failedSave(s, 'front-1', loc).s;
    expect(base(s, 'garg-1').locs).toEqual({ 'arme:gargant-gun': 2, 'arme:gatling': 2 });
    const st = combatWith(s, { garg: 'tirAppuye' });
    const g = st.bases.find((b) => b.id === 'garg-1')!;
    expect(g.locs).toEqual({ 'arme:gargant-gun': 2, 'arme:gatling': 2 });
    const fresh = combatWith(gargantPos(), { garg: 'tirAppuye' });
    const shoot: EpicAction = { type: 'shoot', det: 'garg', target: 'front' };
    // blue acts second in the combat phase here; ask blue's action directly
    const mine = { ...st, toAct: 'blue' as const };
    expect(refusal({ ...fresh, toAct: 'blue' }, shoot)).toBeNull();
    expect(refusal(mine, shoot)).toBe('ERR_OUT_OF_REACH');
  });

  it('C10: head damaged gives −1 to hit on its shots; a destroyed head destroys the Gargant', () => {
    const a = failedSave(gargantPos(), 'front-1', 6);
    const mods = toHitModifiers(a, a.g, base(a.s, 'front-1'), {
      interception: false,
      counterCharge: false,
      snap: false,
    });
    expect(mods.map((m) => m.value)).toContain(-1);
    expect(mods.some((m) => m.label.en === 'head damaged (C10)')).toBe(true);
    const b = failedSave(a.s, 'front-1', 6);
    expect(b.g.alive).toBe(false);
    expect(b.g.pdv).toBe(0);
    expect(byRule(b.ev, 'C10', 'destroyed')).toHaveLength(1);
  });

  it('C10: a destroyed body / reactor destroys the Gargant; damaged, it only costs the PdV', () => {
    const a = failedSave(gargantPos(), 'front-1', 5);
    expect(a.g.locs).toEqual({ corps: 1 });
    expect(a.g.alive).toBe(true);
    const b = failedSave(a.s, 'front-1', 5);
    expect(b.g.alive).toBe(false);
  });
});

// --- repairs -----------------------------------------------------------------------------------------------------

describe('C10 repairs in the Phase Finale', () => {
  it('C10: a damaged location is repaired on [4] and stays damaged on [3] (one D6 per damaged location)', () => {
    const { s } = failedSave(gargantPos(), 'front-1', 1);
    const ok = ctxFor(s, [4]);
    repairLocations(ok);
    expect(base(ok.s, 'garg-1').locs).toEqual({});
    expect(byRule(ok.ev, 'C10', 'repaired')[0]!.dice).toEqual([
      { label: 'repair', sides: 6, dice: [4], target: 4 },
    ]);
    const no = ctxFor(s, [3]);
    repairLocations(no);
    expect(base(no.s, 'garg-1').locs).toEqual({ jambes: 1 });
    expect(byRule(no.ev, 'C10', 'notRepaired')).toHaveLength(1);
  });

  it('C10: the Phase Finale rolls the repairs first: a turn ending with the die [4] repairs the legs', () => {
    // Nothing in reach of anything: passing the Movement phase runs the Combat phase and the Phase Finale at once.
    const alone = position({ dets: [one1('garg', 'blue', 'gargant', 75, 50, 0), ...reserves()] });
    const { s } = failedSave(alone, 'res-r', 1);
    expect(base(s, 'garg-1').locs).toEqual({ jambes: 1 });
    let st = giveOrders(s, { garg: 'avance' }, 'red');
    let events: GameEvent[] = [];
    while (st.turn === 1) {
      const r = play(st, { type: 'pass' }, [4]);
      st = r.state;
      events = r.events;
    }
    expect(byRule(events, 'C10', 'repaired')).toHaveLength(1);
    expect(base(st, 'garg-1').locs).toEqual({});
  });

  it('C10: location damage is public: both sides observe it, and the state stays plain JSON', () => {
    const { s } = failedSave(gargantPos(), 'front-1', 1);
    for (const side of ['blue', 'red'] as const)
      expect(base(epicRuleset.observe(s, side), 'garg-1').locs).toEqual({ jambes: 1 });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    const c = epicRuleset.clone(s);
    base(c, 'garg-1').locs!.jambes = 2;
    expect(base(s, 'garg-1').locs).toEqual({ jambes: 1 }); // the clone is deep
  });
});

describe('C10 explained', () => {
  it('C10: the location events are explained by their own rule (core rule, with its ASSUMPTIONS)', () => {
    const { ev } = failedSave(gargantPos(), 'front-1', 1);
    const loc = byRule(ev, 'C10', 'location')[0]!;
    expect(explainEpic(loc)).toBe(EPIC_RULES.C10);
    expect(EPIC_RULES.C10!.source.startsWith('(règle de base, NetEpic v3) ')).toBe(true);
    expect(EPIC_RULES.C10!.gloss).toContain('ASSUMPTIONS');
  });
});

describe('C10 in random games', () => {
  it('C10: 100 random games of a Gargant under Land Raider fire (front and rear) keep the invariants, replay to the same hash, and do roll locations', {
    timeout: 120_000,
  }, () => {
    const raiders = (id: string, y: number): DetSpec => ({
      id,
      side: 'red',
      bases: [
        { id: `${id}-1`, profile: 'land-raider', x: 110, y, facing: Math.PI },
        { id: `${id}-2`, profile: 'land-raider', x: 110, y: y + 5, facing: Math.PI },
      ],
    });
    const data = scenarioJson({
      dets: [
        one1('qg', 'blue', 'warboss', 10, 90),
        one1('garg', 'blue', 'gargant', 70, 50, 0),
        one1('qgr', 'red', 'captain', 140, 90, Math.PI),
        raiders('lr1', 30),
        raiders('lr2', 60),
        { ...raiders('lr3', 45), bases: raiders('lr3', 45).bases.map((b) => ({ ...b, x: 30, facing: 0 })) },
      ],
      turnLimit: 4,
    });
    const seen = new Map<string, number>();
    for (let g = 0; g < 100; g++) {
      const result = playMatch(
        epicRuleset,
        'test',
        data,
        `loc${g}`,
        {
          blue: randomBot(`b${g}`),
          red: randomBot(`r${g}`),
        },
        {
          onPly: (state, events) => {
            const bad = epicInvariants(state as EpicState);
            if (bad) throw new Error(`game ${g} ply ${state.ply}: ${bad}`);
            for (const e of events)
              if (e.rule === 'C10' || e.kind === 'location') seen.set(e.kind, (seen.get(e.kind) ?? 0) + 1);
            for (const b of (state as EpicState).bases)
              for (const v of Object.values(b.locs ?? {}))
                if (v !== 1 && v !== 2) throw new Error(`bad locs ${v}`);
          },
        },
      );
      expect(result.outcome.status).toBe('finished');
      const again = replay<EpicState>(epicRuleset, data, result.record);
      expect(again.ok && again.value.finalHash).toBe(result.finalHash);
      expect(hashState(JSON.parse(JSON.stringify(result.state)))).toBe(result.finalHash);
    }
    expect(seen.get('location') ?? 0).toBeGreaterThan(50);
    expect(seen.get('locationDamaged') ?? 0).toBeGreaterThan(0);
    expect(seen.get('locationDestroyed') ?? 0).toBeGreaterThan(0);
    expect(seen.get('destroyed') ?? 0).toBeGreaterThan(0); // a head or body destroyed (rule C10)
    expect((seen.get('repaired') ?? 0) + (seen.get('notRepaired') ?? 0)).toBeGreaterThan(0);
  });
});

describe('C10 location damage on the unit card', () => {
  it('lists each damaged or destroyed location in words, for both sides', () => {
    const s = gargantPos();
    const g = s.bases.find((b) => b.id === 'garg-1')!;
    g.locs = { jambes: 1, tete: 2, 'arme:gargant-gun': 1 };
    for (const side of ['blue', 'red'] as const) {
      const states = epicCard(epicRuleset.observe(s, side), 'garg-1')!.states.map((x) => x.en);
      expect(states).toEqual(
        expect.arrayContaining(['Legs: damaged (C10)', 'Head / bridge: destroyed (C10)']),
      );
      expect(states.some((x) => /: damaged \(C10\)$/.test(x) && !x.startsWith('Legs'))).toBe(true);
    }
    g.locs = {};
    expect(epicCard(s, 'garg-1')!.states.some((x) => x.en.includes('C10'))).toBe(false);
  });
});
