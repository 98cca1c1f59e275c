/**
 * Issue #3: the blank rows of seed 002 (NE-PH01…13, NE-U64) refused as data, and the unit and weapon abilities
 * added after the foundation. Each test names its catalogue id (shared/rules/002_netepic_orks.md) first and
 * follows its Given/When/Then case; dice are fixed through the real seeded RNG (`play(…, dice)` or
 * `rngForDice`), never stubbed.
 */
import { describe, expect, it } from 'vitest';
import { rngForDice } from '../../../test/helpers/dice';
import {
  base,
  byRule,
  type DetSpec,
  det,
  giveOrders,
  kinds,
  one,
  one1,
  play,
  pos,
  qg,
  refusal,
  reserves,
  scenarioJson,
  toCombat,
} from '../../../test/helpers/epic';
import type { GameEvent } from '../../engine/contract';
import { Rng } from '../../engine/rng';
import { ABILITY_ROWS, abilityRefusal, findAbility } from './catalogue';
import {
  arcPa,
  type Ctx,
  etherealHit,
  immuneTo,
  kill,
  moraleTest,
  psychicSave,
  toHitModifiers,
  weaponsInReach,
} from './combat';
import { ABILITY_IDS, PROFILES, WEAPONS } from './data';
import { epicRuleset } from './index';
import { drBases, robotRestricted } from './rules';
import { isBlocked, remaining } from './state';
import type { EpicAction, EpicSide, EpicState } from './types';

// --- helpers ---------------------------------------------------------------------------------------------

const ctxFor = (s: EpicState, dice: number[]): Ctx & { ev: GameEvent[] } => ({
  s: epicRuleset.clone(s),
  rng: new Rng(rngForDice(dice)),
  ev: [],
});
const parse = (json: unknown) => epicRuleset.parseScenario(json);
const isBlockedOf = (s: EpicState, id: string) => isBlocked(s, base(s, id));

// --- NE-PH01…13, NE-U64: blank rows are data, refused, never guessed ----------------------------------------

describe('blank rows (NE-PH01…PH13, NE-U64)', () => {
  const blanks = ABILITY_ROWS.filter((r) => r.status === 'blank').map((r) => r.id);
  const spec = (abilities: string[]) => {
    const json = scenarioJson({ dets: [qg('blue', 20, 50), qg('red', 120, 50)] }) as {
      detachments: { abilities?: string[] }[];
    };
    json.detachments[0]!.abilities = abilities;
    return json;
  };

  it('NE-PH01…PH13 and NE-U64: the catalogue holds the 13 "-" rows plus NE-U64, all blank', () => {
    expect(blanks.sort()).toEqual(
      [...Array.from({ length: 13 }, (_, i) => `NE-PH${String(i + 1).padStart(2, '0')}`), 'NE-U64'].sort(),
    );
  });

  it.each(blanks)(
    '%s: a scenario naming it is refused with ERR_SCENARIO on the field, never guessed',
    (id) => {
      const r = parse(spec(['NE-U48', id]));
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('ERR_SCENARIO');
      expect(r.error.field).toBe('detachments.0.abilities.1');
      expect(r.error.message.en).toContain(id);
      expect(r.error.message.en).toContain('no rule text');
      expect(r.error.message.fr).toContain('aucun texte');
    },
  );

  it('NE-U64: a bare "-" (the row as printed) and "Régénération" (its guessed name) are refused too', () => {
    for (const name of ['-', 'Régénération']) {
      const r = parse(spec([name]));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.field).toBe('detachments.0.abilities.0');
    }
    expect(findAbility('-')).toBeUndefined();
  });

  it('NE-PH02…PH13: weapon rows are refused in a weapon profile table as well', () => {
    for (const id of blanks.filter((b) => b.startsWith('NE-PH') && b !== 'NE-PH01'))
      expect(abilityRefusal(id, 'weapon', false)?.en).toContain('no rule text');
    expect(abilityRefusal('NE-W05', 'weapon', false)).toBeNull();
    expect(abilityRefusal('Ignore les couverts', 'weapon', false)).toBeNull();
  });

  it('NE-00: the profile table names its abilities by catalogue rows, each implemented (no blank, no missing)', () => {
    const used = new Set<string>();
    for (const p of Object.values(PROFILES))
      for (const k of Object.keys(p.abilities)) used.add(ABILITY_IDS[k]!);
    for (const w of Object.values(WEAPONS))
      for (const k of Object.keys(w.abilities ?? {})) used.add(ABILITY_IDS[k]!);
    for (const id of used) {
      if (id === 'C8') continue;
      expect(findAbility(id)?.status, id).toBe('implemented');
    }
  });

  it('NE-00: a weapon ability granted to a detachment, or one not implemented, is refused by name', () => {
    for (const [name, text] of [
      ['NE-W01', 'weapon ability'],
      ['Psyker', 'cannot be granted'],
      ['Bizarboy', 'cannot be granted'],
      ['Tir nucléaire', 'unknown'],
    ] as const) {
      const r = parse(spec([name]));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message.en).toContain(text);
    }
    expect(parse(spec(['Ordres sans chef', 'ne-u49'])).ok).toBe(true);
    // Every named row of the catalogue is implemented now: the "not implemented" refusal has no row to name.
    expect(ABILITY_ROWS.filter((r) => r.status === 'missing').map((r) => r.id)).toEqual([]);
  });
});

// --- armour, movement --------------------------------------------------------------------------------------

describe('vehicle abilities', () => {
  it('NE-U30 T1: Blindage renforcé: no extra −1 PA from the flank or the rear', () => {
    const s = pos([
      one1('flak', 'blue', 'flakwagon', 50, 50),
      one1('wagon', 'blue', 'battlewagon', 50, 70),
      one1('rear', 'red', 'devastator', 30, 50),
      one1('rear2', 'red', 'devastator', 30, 70),
    ]);
    expect(arcPa(base(s, 'rear'), base(s, 'flak'))).toBe(0);
    expect(arcPa(base(s, 'rear2'), base(s, 'wagon'))).toBe(-1);
    // The Devastators shoot the Flakwagon (save 5+) in the rear with PA −1: 6+ without the extra −1.
    const st = toCombat(
      giveOrders(
        pos([
          qg('red', 30, 60),
          one1('flak', 'blue', 'flakwagon', 50, 50),
          one1('dev', 'red', 'devastator', 30, 50),
        ]),
        {},
        'red',
      ),
    );
    const { events } = play(st, { type: 'shoot', det: 'dev', target: 'flak' }, [5, 6, 6]);
    expect(byRule(events, 'C4', 'saved')[0]!.dice!.at(-1)).toMatchObject({ dice: [6], target: 6 });
  });

  it('NE-U31 T1 / NE-U31 T2: Blindage renforcé (flancs): a flank shot at PA 0 needs 4+ (saved on [4]); a rear shot needs 5+ ([4] fails)', () => {
    const make = (x: number, y: number) =>
      toCombat(
        giveOrders(
          pos([
            qg('red', x, y + 8),
            one1('kus', 'blue', 'kustom', 50, 50),
            one1('tac', 'red', 'tactical', x, y),
          ]),
          {},
          'red',
        ),
      );
    const flank = play(make(50, 70), { type: 'shoot', det: 'tac', target: 'kus' }, [5, 4]);
    expect(one(flank.events, 'C4', 'saved').dice!.at(-1)).toMatchObject({ dice: [4], target: 4 });
    const rear = play(make(30, 50), { type: 'shoot', det: 'tac', target: 'kus' }, [5, 4]);
    expect(one(rear.events, 'C4', 'unsaved').dice!.at(-1)).toMatchObject({ dice: [4], target: 5 });
    expect(base(rear.state, 'kus').alive).toBe(false);
  });

  it('NE-U32 T1: a Bulldozer moves its full 20 cm through a wood; a Battlewagon pays double and is refused', () => {
    const wood = {
      id: 'bois',
      kind: 'forest' as const,
      height: 4,
      poly: [
        { x: 25, y: 35 },
        { x: 70, y: 35 },
        { x: 70, y: 80 },
        { x: 25, y: 80 },
      ],
    };
    const s = giveOrders(
      pos(
        [
          qg('blue', 30, 65),
          one1('flak', 'blue', 'flakwagon', 30, 50),
          one1('wagon', 'blue', 'battlewagon', 30, 75),
          qg('red', 140, 50),
        ],
        {
          terrain: [wood],
        },
      ),
      {},
    );
    let st = play(s, { type: 'activate', det: 'flak' }).state;
    st = play(st, { type: 'move', base: 'flak-1', to: { x: 50, y: 50 } }).state;
    expect(base(st, 'flak').x).toBe(50);
    expect(remaining(st, base(st, 'flak'))).toBeCloseTo(0);
    st = play(st, { type: 'done' }).state;
    st = play(st, { type: 'pass' }).state; // red passes
    st = play(st, { type: 'activate', det: 'wagon' }).state;
    expect(refusal(st, { type: 'move', base: 'wagon-1', to: { x: 50, y: 75 } })).toBe('ERR_TOO_FAR');
    expect(refusal(st, { type: 'move', base: 'wagon-1', to: { x: 40, y: 75 } })).toBeNull();
  });
});

// --- morale ------------------------------------------------------------------------------------------------

describe('morale abilities', () => {
  const moraleSpec = (dy: number): DetSpec[] => [
    { id: 'a', side: 'red', morale: 7, bases: [{ id: 'a1', profile: 'tactical', x: 50, y: 50 }] },
    { id: 'b', side: 'red', morale: 7, bases: [{ id: 'b1', profile: 'tactical', x: 50, y: 50 + dy }] },
    {
      id: 'ch',
      side: 'red',
      bases: [
        { id: 'chap', profile: 'chaplain', x: 60, y: 56 },
        { id: 'ch2', profile: 'tactical', x: 62, y: 56 },
      ],
    },
    qg('blue', 10, 10),
  ];

  it('NE-U33 T1: once per turn one detachment within 12 cm re-rolls a failed test ([2,3] → [4,4] passes); the next may not', () => {
    const s = pos(moraleSpec(8));
    const ctx = ctxFor(s, [2, 3, 4, 4, 1, 2]);
    expect(moraleTest(ctx, det(ctx.s, 'a'), true)).toBe(true);
    expect(one(ctx.ev, 'NE-U33', 'moraleReroll').dice![0]).toMatchObject({ dice: [4, 4] });
    expect(moraleTest(ctx, det(ctx.s, 'b'), true)).toBe(false);
    expect(byRule(ctx.ev, 'NE-U33', 'moraleReroll')).toHaveLength(1);
    expect(det(ctx.s, 'b').routed).toBe(true);
  });

  it('NE-U33 T2: a detachment whose nearest base is 13 cm from the holder gets no re-roll', () => {
    const s = pos([
      { id: 'a', side: 'red', morale: 7, bases: [{ id: 'a1', profile: 'tactical', x: 47, y: 56 }] },
      {
        id: 'ch',
        side: 'red',
        bases: [
          { id: 'chap', profile: 'chaplain', x: 60, y: 56 },
          { id: 'ch2', profile: 'tactical', x: 62, y: 56 },
        ],
      },
      qg('blue', 10, 10),
    ]);
    const ctx = ctxFor(s, [2, 3, 6, 6]);
    expect(moraleTest(ctx, det(ctx.s, 'a'), true)).toBe(false);
    expect(byRule(ctx.ev, 'NE-U33', 'moraleReroll')).toHaveLength(0);
  });

  it('NE-U35 T1: Charismatique within 12 cm: [3,3] + 1 = 7 passes morale 7; at 13 cm it fails', () => {
    const make = (x: number) =>
      pos([
        { id: 'mob', side: 'blue', morale: 7, bases: [{ id: 'm1', profile: 'boyz', x, y: 50 }] },
        {
          id: 'nob',
          side: 'blue',
          bases: [
            { id: 'n1', profile: 'banner-nob', x: 50, y: 50 },
            { id: 'n2', profile: 'boyz', x: 50, y: 53 },
          ],
        },
        qg('red', 140, 10),
      ]);
    const near = ctxFor(make(60), [3, 3]);
    expect(moraleTest(near, det(near.s, 'mob'), true)).toBe(true);
    expect(one(near.ev, 'C7', 'morale').dice![0]!.modifiers).toEqual([
      { label: { en: 'Charismatique (NE-U35)', fr: 'Charismatique (NE-U35)' }, value: 1 },
    ]);
    const far = ctxFor(make(63), [3, 3]);
    expect(moraleTest(far, det(far.s, 'mob'), true)).toBe(false);
  });

  it('NE-U71 T1 / NE-U71 T2: a detachment with no morale value never tests, rolls no die, and a morale bonus changes nothing', () => {
    const s = pos([
      { id: 'bots', side: 'red', morale: null, bases: [{ id: 'c1', profile: 'conqueror', x: 50, y: 50 }] },
      qg('blue', 10, 10),
    ]);
    const ctx = ctxFor(s, [1, 1]);
    const d = det(ctx.s, 'bots');
    d.waaagh = { morale: 2, fa: 0 };
    const before = { ...ctx.rng.state() };
    expect(moraleTest(ctx, d, true)).toBe(true);
    expect(ctx.rng.state()).toEqual(before);
    expect(kinds(ctx.ev)).toEqual(['NE-U71:noMorale']);
    expect(d.routed).toBe(false);
  });

  it('NE-U89 T1: a command unit with no stated morale has 3; a stated formation value (6) wins; others must state one', () => {
    const json = scenarioJson({
      dets: [
        { id: 'vet', side: 'red', bases: [{ id: 'v1', profile: 'veteran', x: 120, y: 50 }] },
        { id: 'vet6', side: 'red', morale: 6, bases: [{ id: 'v2', profile: 'veteran', x: 120, y: 60 }] },
        qg('blue', 20, 50),
      ],
    }) as { detachments: { morale?: number | null }[] };
    delete json.detachments[0]!.morale;
    const sc = parse(json);
    expect(sc.ok).toBe(true);
    if (!sc.ok) return;
    const s = epicRuleset.setup(sc.value, 'x');
    if (!s.ok) throw new Error('setup');
    expect(det(s.value, 'vet').morale).toBe(3);
    expect(det(s.value, 'vet6').morale).toBe(6);
    delete json.detachments[2]!.morale;
    const bad = parse(json);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.field).toBe('detachments.2.morale');
  });

  it('NE-U89 T2: morale 3 with losses: [1,1] = 2 fails, [1,2] = 3 passes', () => {
    const s = pos([
      { id: 'vet', side: 'red', morale: 3, bases: [{ id: 'v1', profile: 'veteran', x: 120, y: 50 }] },
      qg('blue', 20, 50),
    ]);
    const fail = ctxFor(s, [1, 1]);
    expect(moraleTest(fail, det(fail.s, 'vet'), true)).toBe(false);
    const pass = ctxFor(s, [1, 2]);
    expect(moraleTest(pass, det(pass.s, 'vet'), true)).toBe(true);
  });
});

// --- DR -------------------------------------------------------------------------------------------------------

describe('NE-U36 DR (X)', () => {
  const drSpec = (mover: string, x: number): DetSpec[] => [
    qg('blue', 25, 50),
    one1('garg', 'blue', 'gargant', 50, 50),
    qg('red', 90, 62),
    one1('inf', 'red', mover, x, 50, Math.PI),
  ];

  it('NE-U36 T1: a close defence fires on a moving infantry base at 7+ (a 6 then 4+), PA 0, whatever the order; it is then spent', () => {
    const s = giveOrders(pos(drSpec('tactical', 72)), { garg: 'avance' }, 'red');
    let st = play(s, { type: 'activate', det: 'inf' }).state;
    st = play(st, { type: 'move', base: 'inf-1', to: { x: 62, y: 50 } }).state;
    expect(st.phase).toBe('mouvement.interception');
    expect(drBases(st).map((b) => b.id)).toEqual(['garg-1']);
    expect(refusal(st, { type: 'dr', base: 'garg-1', n: 3, at: 1 })).toBe('ERR_DR');
    const miss = play(st, { type: 'dr', base: 'garg-1', n: 1, at: 1 }, [6, 3]);
    expect(one(miss.events, 'NE-U36', 'fire').dice![0]).toMatchObject({ dice: [6], target: 7 });
    expect(base(miss.state, 'inf').alive).toBe(true);
    const hit = play(st, { type: 'dr', base: 'garg-1', n: 1, at: 1 }, [6, 4, 1]);
    expect(base(hit.state, 'inf').alive).toBe(false);
    expect(base(hit.state, 'garg').drUsed).toBe(1);
    expect(det(hit.state, 'garg').revealed).toBe(false); // no order is revealed by DR fire
  });

  it('NE-U36 T2: a class-3 mover cannot be targeted by DR', () => {
    const s = giveOrders(pos(drSpec('land-raider', 72)), { garg: 'avance' }, 'red');
    let st = play(s, { type: 'activate', det: 'inf' }).state;
    st = play(st, { type: 'move', base: 'inf-1', to: { x: 62, y: 50 } }).state;
    expect(drBases(st)).toEqual([]);
    expect(refusal(st, { type: 'dr', base: 'garg-1', n: 1, at: 1 })).toBe('ERR_DR');
  });

  it('NE-U36 T3: no DR may fire once the base engaged an assault', () => {
    const s = giveOrders(pos(drSpec('tactical', 72)), { garg: 'avance' }, 'red');
    let st = play(s, { type: 'activate', det: 'inf' }).state;
    st = play(st, { type: 'move', base: 'inf-1', to: { x: 62, y: 50 } }).state;
    const charged = epicRuleset.clone(st);
    base(charged, 'garg').charged = true;
    expect(drBases(charged)).toEqual([]);
  });

  it('NE-U36 T4: counter-charge fire at 6+ against a base charging the DR base: [6] hits', () => {
    const s = giveOrders(pos(drSpec('assault', 75)), { garg: 'avance', inf: 'charge' }, 'red');
    let st = play(s, { type: 'activate', det: 'inf' }).state;
    st = play(st, { type: 'charge', base: 'inf-1', target: 'garg-1' }).state;
    expect(st.phase).toBe('mouvement.interception');
    const r = play(st, { type: 'dr', base: 'garg-1', n: 1, at: 1 }, [6, 1]);
    expect(one(r.events, 'NE-U36', 'fire').dice![0]).toMatchObject({ dice: [6], target: 6 });
    expect(base(r.state, 'inf').alive).toBe(false);
  });

  it('NE-U36 T5: the DR left fire with the base in the Combat phase at 6+; none on a Charge order', () => {
    const s = pos([
      qg('blue', 25, 50),
      one1('garg', 'blue', 'gargant', 50, 50),
      one1('inf', 'red', 'tactical', 60, 50),
      qg('red', 120, 50),
    ]);
    const spent = epicRuleset.clone(s);
    base(spent, 'garg').drUsed = 1;
    const ws = weaponsInReach(spent, base(spent, 'garg'), base(spent, 'inf'));
    expect(ws.find((w) => w.id === 'dr')).toMatchObject({ attacks: 1, toHit: 6, pa: 0, range: 15 });
    const charge = toCombat(giveOrders(s, { garg: 'charge' }));
    expect(charge.toAct).toBe('red'); // the Gargant on Charge has no fire, DR included: blue has no action
    expect(epicRuleset.candidates(charge).some((a) => a.type === 'shoot' && a.det === 'garg')).toBe(false);
  });
});

// --- other unit abilities ---------------------------------------------------------------------------------

describe('unit abilities', () => {
  it('NE-U34 T1/T3: power fields: a PA −1 hit stopped on [3] destroys a field; [1] passes and is saved normally', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 25, 50),
          one1('garg', 'blue', 'gargant', 50, 50),
          qg('red', 110, 60),
          one1('dev', 'red', 'devastator', 100, 50),
        ]),
        {},
        'red',
      ),
    );
    // Heavy weapons [5,5]: two hits; field rolls [3] (stopped, PA −1: a field goes) then [1] (through); save 3+ at −1: [2] fails.
    const { state, events } = play(st, { type: 'shoot', det: 'dev', target: 'garg' }, [5, 5, 3, 1, 2]);
    const fields = byRule(events, 'NE-U34', 'fields');
    expect(fields.map((e) => e.dice![0]!.dice[0])).toEqual([3, 1]);
    expect(base(state, 'garg').champs).toBe(1);
    expect(base(state, 'garg').pdv).toBe(5);
  });

  it('NE-U34 T2 / NE-U34 T4: a PA 0 hit stopped destroys no field; with no field left there is no roll and no psychic save', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 25, 50),
          one1('garg', 'blue', 'gargant', 50, 50),
          qg('red', 80, 60),
          one1('tac', 'red', 'tactical', 70, 50),
        ]),
        {},
        'red',
      ),
    );
    const r = play(st, { type: 'shoot', det: 'tac', target: 'garg' }, [6, 5]);
    expect(base(r.state, 'garg').champs).toBe(2);
    expect(byRule(r.events, 'C4', 'saved').concat(byRule(r.events, 'C4', 'unsaved'))).toHaveLength(0);
    expect(psychicSave(base(r.state, 'garg'))).toBe(4);
    const bare = epicRuleset.clone(st);
    base(bare, 'garg').champs = 0;
    expect(psychicSave(base(bare, 'garg'))).toBeNull();
    const r2 = play(bare, { type: 'shoot', det: 'tac', target: 'garg' }, [6, 1]);
    expect(byRule(r2.events, 'NE-U34', 'fields')).toHaveLength(0);
    expect(one(r2.events, 'C4', 'unsaved').dice!.at(-1)).toMatchObject({ dice: [1], target: 3 });
  });

  it('NE-U38 T1: a destroyed base rolls [5] and duels the enemy 2 cm away before it is removed: 11 against 8 kills it', () => {
    const st = toCombat(
      giveOrders(
        pos([
          one1('mad', 'blue', 'madboyz', 50, 50),
          qg('red', 60, 62),
          one1('tac', 'red', 'tactical', 54, 50, Math.PI),
        ]),
        {},
        'red',
      ),
    );
    const { state, events } = play(st, { type: 'shoot', det: 'tac', target: 'mad' }, [6, 1, 5, 4, 3, 2, 3]);
    expect(one(events, 'NE-U38', 'deathThroes').dice![0]!.dice).toEqual([5]);
    expect(one(events, 'NE-U38', 'duel').text.en).toContain('11 against');
    expect(base(state, 'mad').alive).toBe(false);
    expect(base(state, 'tac').alive).toBe(false);
  });

  it('NE-U38 T2: on [4] the base is removed at once', () => {
    const st = toCombat(
      giveOrders(
        pos([
          one1('mad', 'blue', 'madboyz', 50, 50),
          qg('red', 60, 62),
          one1('tac', 'red', 'tactical', 54, 50, Math.PI),
        ]),
        {},
        'red',
      ),
    );
    const { state, events } = play(st, { type: 'shoot', det: 'tac', target: 'mad' }, [6, 1, 4]);
    expect(byRule(events, 'NE-U38', 'duel')).toHaveLength(0);
    expect(base(state, 'tac').alive).toBe(true);
  });

  it('NE-U40 T1 / NE-U40 T2: half-value bases: 3 alone (1.5) do not capture; 2 against 1 normal infantry (1 vs 1) leave it uncontrolled', () => {
    const obj = [{ id: 'o', x: 75, y: 50, value: 100 }];
    // Every side passes, nobody shoots: the Phase Finale of turn 1 counts the objective (C14).
    const play1 = (dets: DetSpec[]) => {
      let st = giveOrders(pos(dets, { objectives: obj, turnLimit: 2 }), {});
      while (st.turn === 1)
        st = play(
          st,
          st.phase === 'mouvement.choix' ? { type: 'pass' } : epicRuleset.candidates(st)[0]!,
        ).state;
      return st;
    };
    const three = play1([
      {
        id: 'bots',
        side: 'blue',
        bases: [0, 3, 6].map((d, i) => ({ id: `m${i}`, profile: 'microbs', x: 72 + d, y: 50 })),
      },
    ]);
    expect(three.objectives[0]!.holder).toBeNull();
    const contested = play1([
      {
        id: 'bots',
        side: 'blue',
        bases: [0, 3].map((d, i) => ({ id: `m${i}`, profile: 'microbs', x: 72 + d, y: 45 })),
      },
      { id: 'marine', side: 'red', bases: [{ id: 't1', profile: 'tactical', x: 75, y: 56 }] },
    ]);
    expect(contested.objectives[0]!.holder).toBeNull();
  });

  it('NE-U42 T1: a power tagged poison has no effect on an Immunisé base', () => {
    const s = pos([
      one1('mad', 'blue', 'madboyz', 50, 50),
      one1('boyz', 'blue', 'boyz', 50, 60),
      qg('red', 120, 50),
    ]);
    expect(immuneTo(base(s, 'mad'), ['poison'])).toBe(true);
    expect(immuneTo(base(s, 'mad'), ['feu'])).toBe(false);
    expect(immuneTo(base(s, 'boyz'), ['poison'])).toBe(false);
  });

  it('NE-U48 T1: 80 cm from any QG this detachment still gets a chosen order; a plain one is Sans ordre (C2)', () => {
    const s = pos([
      qg('blue', 10, 10),
      one1('mad', 'blue', 'madboyz', 90, 50),
      one1('boyz', 'blue', 'boyz', 90, 60),
      qg('red', 140, 10),
    ]);
    expect(det(s, 'mad').given).toBe(false);
    expect(det(s, 'boyz')).toMatchObject({ given: true, order: null });
    const granted = scenarioJson({
      dets: [qg('blue', 10, 10), one1('boyz', 'blue', 'boyz', 90, 60), qg('red', 140, 10), ...reserves()],
    }) as {
      detachments: { abilities?: string[] }[];
    };
    granted.detachments[1]!.abilities = ['Ordres sans chef'];
    const sc = parse(granted);
    if (!sc.ok) throw new Error(sc.error.message.en);
    const s2 = epicRuleset.setup(sc.value, 'x');
    if (!s2.ok) throw new Error('setup');
    expect(det(s2.value, 'boyz').given).toBe(false);
  });

  it('NE-U49 T1/T2: after a Charge order with no contact these bases fire; plain Charge troops may not', () => {
    const st = toCombat(
      giveOrders(
        pos([
          one1('boyz', 'blue', 'boyz', 50, 50),
          qg('red', 70, 60),
          one1('gk', 'red', 'grey-knight', 70, 50, Math.PI),
          one1('tac', 'red', 'tactical', 70, 40, Math.PI),
        ]),
        { gk: 'charge', tac: 'charge' },
        'red',
      ),
    );
    expect(refusal(st, { type: 'shoot', det: 'gk', target: 'boyz' })).toBeNull();
    expect(refusal(st, { type: 'shoot', det: 'tac', target: 'boyz' })).toBe('ERR_NO_FIRE');
  });

  it('NE-U52 T1: +1 FA near the banner (12 cm) wins a duel of [3,3] against [3,3]: 10 against 9', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 44, 50),
          {
            id: 'mob',
            side: 'blue',
            bases: [
              { id: 'b1', profile: 'boyz', x: 50, y: 50 },
              { id: 'nob', profile: 'banner-nob', x: 50, y: 55 },
            ],
          },
          qg('red', 62, 62),
          one1('tac', 'red', 'tactical', 52, 50, Math.PI),
        ]),
        {},
      ),
    );
    const { events } = play(st, { type: 'assault', base: 'b1' }, [3, 3, 3, 3]);
    expect(one(events, 'C6', 'duel').text.en).toMatch(/b1 10 against .* 9: .* loses/);
  });

  it('NE-U57: a Personnage is a tag for scenario cards: it changes nothing in play', () => {
    expect(PROFILES.chaplain!.abilities.personnage).toBe(true);
    expect(findAbility('Personnage')?.status).toBe('implemented');
  });

  it('NE-U58 T1/T2: a third attached character, or a class-1 character joining a class-3 detachment, is refused', () => {
    const three = scenarioJson({
      dets: [
        {
          id: 'mob',
          side: 'blue',
          bases: [
            { id: 'b1', profile: 'boyz', x: 20, y: 50 },
            { id: 'n1', profile: 'banner-nob', x: 20, y: 53 },
            { id: 'n2', profile: 'banner-nob', x: 20, y: 56 },
            { id: 'n3', profile: 'banner-nob', x: 20, y: 59 },
          ],
        },
        qg('red', 120, 50),
      ],
    });
    const r = parse(three);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.field).toBe('detachments.0.bases');
    const wagon = scenarioJson({
      dets: [
        {
          id: 'tr',
          side: 'blue',
          bases: [
            { id: 't1', profile: 'trukk', x: 20, y: 50 },
            { id: 'n1', profile: 'banner-nob', x: 20, y: 54 },
          ],
        },
        qg('red', 120, 50),
      ],
    });
    const r2 = parse(wagon);
    expect(r2.ok).toBe(false);
    if (!r2.ok) expect(r2.error.field).toBe('detachments.0.bases.1.profile');
  });

  it('NE-U58: an attached character takes no transport space (2 Boyz and the Nob in a Trukk (2))', () => {
    const s = pos([
      {
        id: 'mob',
        side: 'blue',
        bases: [
          { id: 't1', profile: 'trukk', x: 20, y: 50 },
          { id: 'b1', profile: 'boyz', x: 0, y: 0, carriedBy: 't1' },
          { id: 'b2', profile: 'boyz', x: 0, y: 0, carriedBy: 't1' },
          { id: 'n1', profile: 'banner-nob', x: 0, y: 0, carriedBy: 't1' },
        ],
      },
      qg('red', 120, 50),
    ]);
    expect(base(s, 'n1').carriedBy).toBe('t1');
  });

  it('NE-U65 T1 / NE-U65 T2: robots act freely with a non-robot friend within 12 cm, unless that friend is on Retraite', () => {
    const make = (y: number) =>
      pos([one1('bots', 'red', 'conqueror', 100, 50), qg('red', 100, y), qg('blue', 20, 50)]);
    expect(robotRestricted(make(60), det(make(60), 'bots'))).toBe(false);
    const far = make(70);
    expect(robotRestricted(far, det(far, 'bots'))).toBe(true);
    const ret = giveOrders(make(60), { 'qg-red': 'retraite' });
    expect(robotRestricted(ret, det(ret, 'bots'))).toBe(true);
  });

  const robots = () =>
    giveOrders(
      pos([
        one1('bots', 'red', 'conqueror', 100, 50, Math.PI),
        qg('red', 100, 75),
        one1('near', 'blue', 'boyz', 70, 50),
        one1('far', 'blue', 'boyz', 60, 55),
        qg('blue', 60, 40),
      ]),
      { bots: 'tirAppuye' },
    );

  it('NE-U66 T1: restricted robots on Tir Appuyé still intercept', () => {
    let st = play(robots(), { type: 'activate', det: 'near' }).state;
    st = play(st, { type: 'move', base: 'near-1', to: { x: 74, y: 50 } }).state;
    expect(st.phase).toBe('mouvement.interception');
    expect(robotRestricted(st, det(st, 'bots'))).toBe(true);
    expect(refusal(st, { type: 'intercept', det: 'bots', at: 1 })).toBeNull();
  });

  it('NE-U67 T1: restricted robots on Tir Appuyé that did not intercept must fire at the nearest enemy detachment they can damage', () => {
    const st = toCombat(robots());
    expect(st.toAct).toBe('red');
    expect(refusal(st, { type: 'shoot', det: 'bots', target: 'far' })).toBe('ERR_ROBOT_TARGET');
    expect(refusal(st, { type: 'shoot', det: 'bots', target: 'near' })).toBeNull();
    expect(epicRuleset.candidates(st).filter((a) => a.type === 'shoot' && a.det === 'bots')).toEqual([
      { type: 'shoot', det: 'bots', target: 'near' },
    ]);
  });

  it('NE-U72 T1: an ethereal hit is stopped by a psychic save 4+ on [4]; armour does not help a marine without one', () => {
    const s = pos([
      one1('gk', 'red', 'grey-knight', 100, 50),
      one1('tac', 'red', 'tactical', 100, 60),
      qg('blue', 20, 50),
    ]);
    const saved = ctxFor(s, [4]);
    expect(etherealHit(saved, base(saved.s, 'gk'), 'NE-U61')).toBe(false);
    const failed = ctxFor(s, [3]);
    expect(etherealHit(failed, base(failed.s, 'gk'), 'NE-U61')).toBe(true);
    const bare = ctxFor(s, []);
    expect(etherealHit(bare, base(bare.s, 'tac'), 'NE-U61')).toBe(true);
    expect(base(bare.s, 'tac').alive).toBe(false);
  });

  it('NE-U73 T1: no −1 on interception fire: a storm bolter keeps its 4+', () => {
    const s = pos([
      one1('vet', 'red', 'veteran', 100, 50),
      one1('tac', 'red', 'tactical', 100, 60),
      one1('boyz', 'blue', 'boyz', 80, 55),
      qg('blue', 20, 50),
    ]);
    const o = { interception: true, counterCharge: false, snap: false };
    expect(toHitModifiers({ s }, base(s, 'vet'), base(s, 'boyz'), o)).toEqual([]);
    expect(toHitModifiers({ s }, base(s, 'tac'), base(s, 'boyz'), o).map((l) => l.value)).toEqual([-1]);
  });

  it('NE-U74 T1: a detachment granted Pas de tir indirect cannot fire its Artillerie indirectly', () => {
    const json = scenarioJson({ dets: [...artillery(), ...reserves()] }) as {
      detachments: { id: string; abilities?: string[] }[];
    };
    json.detachments.find((d) => d.id === 'ww')!.abilities = ['NE-U74'];
    const sc = parse(json);
    if (!sc.ok) throw new Error(sc.error.message.en);
    const s = epicRuleset.setup(sc.value, 'x');
    if (!s.ok) throw new Error('setup');
    const st = toCombat(giveOrders(s.value, { ww: 'tirAppuye' }, 'red'));
    expect(refusal(st, { type: 'shoot', det: 'ww', target: 'mob', indirect: true })).toBe('ERR_INDIRECT');
    expect(PROFILES.hydra!.abilities.pasDeTirIndirect).toBe(true);
  });

  it('NE-U88 T1: a command unit on Avance ends its move on a revealed Tir Appuyé and fires without re-rolling its 1s', () => {
    let st = giveOrders(
      pos([
        qg('red', 110, 60),
        one1('vet', 'red', 'veteran', 110, 50, Math.PI),
        one1('boyz', 'blue', 'boyz', 78, 50),
        qg('blue', 60, 60),
      ]),
      { vet: 'avance' },
      'red',
    );
    st = play(st, { type: 'activate', det: 'vet' }).state;
    st = play(st, { type: 'move', base: 'vet-1', to: { x: 100, y: 50 } }).state;
    if (st.phase === 'mouvement.interception') st = play(st, { type: 'noIntercept' }).state;
    const done = play(st, { type: 'done' });
    expect(one(done.events, 'NE-U88', 'commandOrder')).toBeDefined();
    expect(det(done.state, 'vet')).toMatchObject({ order: 'tirAppuye', revealed: true, converted: true });
    st = toCombat(done.state);
    if (st.toAct !== 'red')
      st = play(
        st,
        epicRuleset.candidates(st).find((a) => a.type === 'shoot' || a.type === 'assault')!,
      ).state;
    const r = play(st, { type: 'shoot', det: 'vet', target: 'boyz' }, [1, 5, 3]);
    expect(one(r.events, 'C4', 'fire').dice![0]).toMatchObject({ dice: [1, 5], rerolled: [] });
  });

  it('NE-U88 T2: on Charge with no assault engaged it fires as Avance', () => {
    let st = giveOrders(
      pos([
        qg('red', 110, 60),
        one1('vet', 'red', 'veteran', 110, 50, Math.PI),
        one1('boyz', 'blue', 'boyz', 88, 50),
        qg('blue', 60, 60),
      ]),
      { vet: 'charge' },
      'red',
    );
    st = play(st, { type: 'activate', det: 'vet' }).state;
    st = play(st, { type: 'done' }).state;
    expect(det(st, 'vet')).toMatchObject({ order: 'avance', converted: true });
    st = toCombat(st);
    expect(epicRuleset.candidates(st)).toContainEqual({ type: 'shoot', det: 'vet', target: 'boyz' });
  });
});

// --- weapon abilities ------------------------------------------------------------------------------------

/** A Whirlwind behind a chapel from a Boyz mob: no line of sight. */
function artillery(): DetSpec[] {
  return [
    qg('red', 110, 70),
    one1('ww', 'red', 'whirlwind', 100, 50, Math.PI),
    {
      id: 'mob',
      side: 'blue',
      bases: [
        { id: 'b1', profile: 'boyz', x: 50, y: 50 },
        { id: 'b2', profile: 'boyz', x: 52, y: 50 },
      ],
    },
    qg('blue', 40, 60),
  ];
}
const chapel = {
  id: 'chapelle',
  kind: 'building' as const,
  height: 10,
  poly: [
    { x: 70, y: 40 },
    { x: 76, y: 40 },
    { x: 76, y: 60 },
    { x: 70, y: 60 },
  ],
};

describe('weapon abilities', () => {
  it('NE-W01 T1 / NE-W01 T2 / NE-W01 T3: an AA gun hits infantry at 6+ ([5] misses) and a class-5 target at 4+; cover still counts', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('red', 110, 60),
          one1('aa', 'red', 'hydra', 100, 50, Math.PI),
          one1('boyz', 'blue', 'boyz', 80, 50),
          qg('blue', 70, 70),
        ]),
        {},
        'red',
      ),
    );
    const r = play(st, { type: 'shoot', det: 'aa', target: 'boyz' }, [5, 5]);
    expect(one(r.events, 'C4', 'fire').dice![0]).toMatchObject({ dice: [5, 5], target: 6 });
    const s2 = pos(
      [
        one1('aa', 'red', 'hydra', 100, 50, Math.PI),
        one1('garg', 'blue', 'gargant', 60, 50),
        qg('blue', 40, 50),
      ],
      {
        terrain: [
          {
            id: 'bois',
            kind: 'forest',
            height: 4,
            poly: [
              { x: 55, y: 60 },
              { x: 65, y: 60 },
              { x: 65, y: 70 },
              { x: 55, y: 70 },
            ],
          },
        ],
      },
    );
    const hydra = WEAPONS.hydra!;
    const o = { interception: false, counterCharge: false, snap: false };
    expect(toHitModifiers({ s: s2 }, base(s2, 'aa'), base(s2, 'garg'), o, undefined, hydra)).toEqual([]);
    const inWood = toHitModifiers({ s: s2 }, base(s2, 'aa'), base(s2, 'garg'), o, { x: 60, y: 65 }, hydra);
    expect(inWood.map((l) => l.value)).toEqual([-1]);
  });

  it('NE-W01 T4: AA interception fire takes no −1', () => {
    const s = pos([
      one1('aa', 'red', 'hydra', 100, 50, Math.PI),
      one1('garg', 'blue', 'gargant', 60, 50),
      qg('blue', 40, 50),
    ]);
    const o = { interception: true, counterCharge: false, snap: false };
    expect(toHitModifiers({ s }, base(s, 'aa'), base(s, 'garg'), o, undefined, WEAPONS.hydra)).toEqual([]);
    expect(
      toHitModifiers({ s }, base(s, 'aa'), base(s, 'garg'), o, undefined, WEAPONS.bolter).map((l) => l.value),
    ).toEqual([-1]);
  });

  it('NE-W02 T1/C8: on Tir Appuyé an Artillerie weapon fires without sight at 6+; the template (hit on the scatter die) rolls for each base under it', () => {
    const st = toCombat(giveOrders(pos(artillery(), { terrain: [chapel] }), { ww: 'tirAppuye' }, 'red'));
    expect(refusal(st, { type: 'shoot', det: 'ww', target: 'mob' })).toBe('ERR_OUT_OF_REACH');
    expect(refusal(st, { type: 'shoot', det: 'ww', target: 'mob', indirect: true })).toBeNull();
    const { state, events } = play(
      st,
      { type: 'shoot', det: 'ww', target: 'mob', indirect: true },
      [1, 5, 6, 2],
    );
    expect(one(events, 'C8', 'scatter').text.en).toContain('on target');
    const fire = byRule(events, 'C8', 'fire');
    expect(fire.map((e) => e.dice![0]!.target)).toEqual([6, 6]);
    expect(fire.map((e) => e.dice![0]!.dice[0])).toEqual([5, 6]);
    expect(base(state, 'b2').alive).toBe(false);
    expect(base(state, 'b1').alive).toBe(true);
  });

  it('NE-W02 T3: indirect fire is refused on Avance', () => {
    const st = epicRuleset.clone(
      toCombat(giveOrders(pos(artillery(), { terrain: [chapel] }), { ww: 'tirAppuye' }, 'red')),
    );
    det(st, 'ww').order = 'avance';
    expect(refusal(st, { type: 'shoot', det: 'ww', target: 'mob', indirect: true })).toBe('ERR_INDIRECT');
  });

  it('NE-W03 T1: Dégâts (1): a failed save ([2] at PA −2) costs 2 PdV and destroys a Battlewagon (PdV 2)', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('red', 110, 60),
          one1('bane', 'red', 'baneblade', 100, 50, Math.PI),
          one1('wagon', 'blue', 'battlewagon', 60, 50),
          qg('blue', 45, 60),
        ]),
        {},
        'red',
      ),
    );
    const { state, events } = play(st, { type: 'shoot', det: 'bane', target: 'wagon' }, [4, 1, 2]);
    expect(one(events, 'NE-W03', 'unsaved').text.en).toContain('loses 2 PdV');
    expect(base(state, 'wagon').alive).toBe(false);
  });

  it('NE-W05 T1 / NE-W07 T1: Ignore les Couverts drops the wood malus; Réduit les Couverts turns heavy cover into −1', () => {
    const s = pos(
      [one1('kus', 'blue', 'kustom', 50, 50), one1('tac', 'red', 'tactical', 60, 50), qg('red', 120, 50)],
      {
        terrain: [
          {
            id: 'bois',
            kind: 'forest',
            height: 4,
            poly: [
              { x: 57, y: 45 },
              { x: 63, y: 45 },
              { x: 63, y: 55 },
              { x: 57, y: 55 },
            ],
          },
        ],
      },
    );
    const o = { interception: false, counterCharge: false, snap: false };
    const k = base(s, 'kus');
    const t = base(s, 'tac');
    expect(toHitModifiers({ s }, k, t, o, undefined, WEAPONS.skorcha)).toEqual([]);
    expect(toHitModifiers({ s }, k, t, o, undefined, WEAPONS.shoota).map((l) => l.value)).toEqual([-1]);
    const h = pos(
      [one1('garg', 'blue', 'gargant', 50, 50), one1('tac', 'red', 'tactical', 80, 50), qg('red', 120, 50)],
      { terrain: [chapel] },
    );
    const g = base(h, 'garg');
    const inside = { x: 73, y: 50 };
    expect(
      toHitModifiers({ s: h }, g, base(h, 'tac'), o, inside, WEAPONS.gatling).map((l) => l.value),
    ).toEqual([-1]);
    expect(
      toHitModifiers({ s: h }, g, base(h, 'tac'), o, inside, WEAPONS['gargant-gun']).map((l) => l.value),
    ).toEqual([-2]);
  });

  it('NE-W06 T1 / NE-W06 T2: Instable: a [1] for the attack dice backfires (its own save [3] at PA −1 fails); a [3] gives 3 dice', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 40, 60),
          one1('kus', 'blue', 'kustom', 50, 50),
          qg('red', 100, 60),
          one1('tac', 'red', 'tactical', 90, 50),
        ]),
        {},
      ),
    );
    const boom = play(st, { type: 'shoot', det: 'kus', target: 'tac' }, [1, 3]);
    expect(one(boom.events, 'NE-W06', 'unstable').dice![0]!.dice).toEqual([1]);
    expect(base(boom.state, 'kus').alive).toBe(false);
    expect(base(boom.state, 'tac').alive).toBe(true);
    const three = play(st, { type: 'shoot', det: 'kus', target: 'tac' }, [3, 2, 2, 2]);
    expect(one(three.events, 'C4', 'fire').dice![0]!.dice).toEqual([2, 2, 2]);
  });

  it('NE-W08 T1: a turret gun fires behind a class-3 vehicle; a fixed gun does not', () => {
    const s = pos([
      one1('flak', 'blue', 'flakwagon', 50, 50),
      one1('wagon', 'blue', 'battlewagon', 50, 60),
      one1('tac', 'red', 'tactical', 30, 55),
      qg('red', 120, 50),
    ]);
    expect(weaponsInReach(s, base(s, 'flak'), base(s, 'tac')).map((w) => w.id)).toEqual(['flak']);
    expect(weaponsInReach(s, base(s, 'wagon'), base(s, 'tac'))).toEqual([]);
  });
});

// --- transports ------------------------------------------------------------------------------------------

describe('transports in full', () => {
  const convoy = (profile: string, load: string[], order: DetSpec['bases'] = []): DetSpec => ({
    id: 'tr',
    side: 'blue',
    bases: [
      { id: 't1', profile, x: 50, y: 50 },
      ...load.map((p, i) => ({ id: `p${i + 1}`, profile: p, x: 0, y: 0, carriedBy: 't1' })),
      ...order,
    ],
  });

  it('NE-U75 T1 / NE-U75 T2: Boyz in an open-topped Trukk fire out in the Combat phase; in a closed Trukk they cannot', () => {
    const make = (profile: string) =>
      toCombat(
        giveOrders(
          pos([
            qg('blue', 40, 60),
            convoy(profile, ['boyz', 'boyz']),
            one1('tac', 'red', 'tactical', 70, 50),
            qg('red', 110, 60),
          ]),
          {},
        ),
      );
    const open = play(make('wartrukk'), { type: 'shoot', det: 'tr', target: 'tac' });
    expect(byRule(open.events, 'C4', 'fire').map((e) => e.units![0])).toEqual(['t1', 'p1', 'p2']);
    const closed = play(make('trukk'), { type: 'shoot', det: 'tr', target: 'tac' });
    expect(byRule(closed.events, 'C4', 'fire').map((e) => e.units![0])).toEqual(['t1']);
  });

  it('NE-U76 T1 / NE-U76 T3: passengers intercept a base charging their transport without the −1; the charger cannot engage them', () => {
    let st = giveOrders(
      pos([
        qg('blue', 40, 60),
        convoy('wartrukk', ['boyz', 'boyz']),
        one1('ass', 'red', 'assault', 70, 50, Math.PI),
        qg('red', 80, 62),
      ]),
      { tr: 'tirAppuye', ass: 'charge' },
      'red',
    );
    st = play(st, { type: 'activate', det: 'ass' }).state;
    st = play(st, { type: 'charge', base: 'ass-1', target: 't1' }).state;
    expect(st.phase).toBe('mouvement.interception');
    const r = play(st, { type: 'intercept', det: 'tr', at: 0.5 });
    const fire = byRule(r.events, 'C5', 'fire');
    expect(fire.map((e) => e.units![0])).toContain('p1');
    for (const e of fire) expect(e.dice![0]!.target).toBe(5); // big gun and shootas at 5+: no −1
  });

  it('NE-U77 T1: passengers on Tir Appuyé that did not move re-roll their 1s', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 40, 60),
          convoy('wartrukk', ['boyz']),
          one1('tac', 'red', 'tactical', 70, 50),
          qg('red', 110, 60),
        ]),
        { tr: 'tirAppuye' },
      ),
    );
    const { events } = play(st, { type: 'shoot', det: 'tr', target: 'tac' }, [2, 1, 5]);
    const p1 = byRule(events, 'C4', 'fire').find((e) => e.units![0] === 'p1')!;
    expect(p1.dice![0]).toMatchObject({ dice: [5], rerolled: [[0, 1]] });
  });

  it('NE-U78 T1: a carried base is hit at −1 like light cover: heavy weapons need 6+, [5,5] miss', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 40, 60),
          convoy('wartrukk', ['boyz', 'boyz']),
          one1('dev', 'red', 'devastator', 80, 50, Math.PI),
          qg('red', 90, 60),
        ]),
        {},
        'red',
      ),
    );
    expect(epicRuleset.candidates(st)).toContainEqual({
      type: 'shoot',
      det: 'dev',
      target: 'tr',
      aboard: true,
    });
    const { events } = play(st, { type: 'shoot', det: 'dev', target: 'tr', aboard: true }, [5, 5]);
    const fire = one(events, 'NE-U78', 'fire');
    expect(fire.units![1]).toBe('p1');
    expect(fire.dice![0]).toMatchObject({ dice: [5, 5], target: 6 });
  });

  it('NE-U78 T2: the open-topped Trukk destroyed with 2 Boyz aboard: exits [3,2]: the first escapes (3+), the second dies', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 40, 60),
          convoy('wartrukk', ['boyz', 'boyz']),
          one1('dev', 'red', 'devastator', 80, 50, Math.PI),
          qg('red', 90, 60),
        ]),
        {},
        'red',
      ),
    );
    const { state, events } = play(st, { type: 'shoot', det: 'dev', target: 'tr' }, [5, 1, 6, 3, 2]);
    const exits = events.filter((e) => e.kind === 'emergencyExit');
    expect(exits.map((e) => e.dice![0]!.target)).toEqual([3, 3]);
    expect(base(state, 'p1')).toMatchObject({ alive: true, carriedBy: null });
    expect(base(state, 'p2').alive).toBe(false);
  });

  it('NE-U79 T1: a template on an open-topped transport that survives: 2 of its 3 passengers (picked at random) are rolled against at −1', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 40, 60),
          convoy('fortress', ['boyz', 'boyz', 'boyz']),
          one1('ww', 'red', 'whirlwind', 80, 50, Math.PI),
          qg('red', 90, 60),
        ]),
        {},
        'red',
      ),
    );
    // Template to-hit on the fortress [4] (4+), save [5] at −1 (3+): saved. Passengers picked by [1] → p1 and
    // [5] → p3; p1 is hit on [5] (5+) and fails its save [1]; p3 is missed on [4].
    const { state, events } = play(st, { type: 'shoot', det: 'ww', target: 'tr' }, [4, 5, 1, 5, 5, 1, 4]);
    const onBoard = byRule(events, 'NE-U79', 'fire');
    expect(onBoard.map((e) => e.units![1])).toEqual(['p1', 'p3']);
    expect(onBoard.map((e) => e.dice![0]!.target)).toEqual([5, 5]);
    expect(onBoard.map((e) => e.dice![0]!.dice[0])).toEqual([5, 4]);
    expect(base(state, 'p1').alive).toBe(false);
    expect(base(state, 'p3').alive).toBe(true);
  });

  it('NE-U80 T1: a Médiko inside an open-topped transport gives no Régénération', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 40, 60),
          convoy('wartrukk', ['mediko'], [{ id: 'b1', profile: 'boyz', x: 53, y: 52 }]),
          one1('tac', 'red', 'tactical', 70, 52, Math.PI),
          qg('red', 85, 62),
        ]),
        {},
        'red',
      ),
    );
    const { state, events } = play(st, { type: 'shoot', det: 'tac', target: 'tr' }, [5, 1]);
    expect(base(state, 'b1').alive).toBe(false);
    expect(byRule(events, 'C12', 'regeneration')).toHaveLength(0);
  });

  it('NE-U85 T1 / NE-U85 T2: a Transport (6) is full with 2 walkers and 2 Boyz; one Personnage rides free, a second needs a slot', () => {
    const ok = (load: string[]) =>
      parse(scenarioJson({ dets: [convoy('fortress', load), qg('red', 120, 50)] })).ok;
    expect(ok(['deff-dread', 'deff-dread', 'boyz', 'boyz'])).toBe(true);
    expect(ok(['deff-dread', 'deff-dread', 'boyz', 'boyz', 'boyz'])).toBe(false);
    expect(ok(['warboss', 'boyz', 'boyz', 'boyz', 'boyz', 'boyz', 'boyz'])).toBe(true);
    expect(ok(['warboss', 'warboss', 'boyz', 'boyz', 'boyz', 'boyz', 'boyz', 'boyz'])).toBe(false);
    expect(ok(['deff-dread'])).toBe(true);
    expect(parse(scenarioJson({ dets: [convoy('trukk', ['deff-dread']), qg('red', 120, 50)] })).ok).toBe(
      false,
    );
  });

  it('NE-U86 T1: 3 Trukks with loads {2,2,1}, 2 destroyed by one shooting: [3] then [5] say #2 and #3 were lost; #1 survives', () => {
    const st = toCombat(
      giveOrders(
        pos([
          qg('blue', 35, 50),
          {
            id: 'tr',
            side: 'blue',
            bases: [
              { id: 't1', profile: 'trukk', x: 50, y: 40 },
              { id: 't2', profile: 'trukk', x: 50, y: 50 },
              { id: 't3', profile: 'trukk', x: 50, y: 60 },
              { id: 'a1', profile: 'boyz', x: 0, y: 0, carriedBy: 't1' },
              { id: 'a2', profile: 'boyz', x: 0, y: 0, carriedBy: 't1' },
              { id: 'b1', profile: 'boyz', x: 0, y: 0, carriedBy: 't2' },
              { id: 'b2', profile: 'boyz', x: 0, y: 0, carriedBy: 't2' },
              { id: 'c1', profile: 'boyz', x: 0, y: 0, carriedBy: 't3' },
            ],
          },
          {
            id: 'tacs',
            side: 'red',
            bases: [
              { id: 'x1', profile: 'tactical', x: 70, y: 40, facing: Math.PI },
              { id: 'x2', profile: 'tactical', x: 70, y: 60, facing: Math.PI },
            ],
          },
          qg('red', 80, 50),
        ]),
        {},
        'red',
      ),
    );
    const { state, events } = play(st, { type: 'shoot', det: 'tacs', target: 'tr' }, [5, 5, 1, 1, 3, 5]);
    expect(one(events, 'NE-U86', 'randomWrecks')).toMatchObject({ units: ['t2', 't3'] });
    expect(base(state, 't1')).toMatchObject({ alive: true, pdv: 1 });
    expect(base(state, 'a1').carriedBy).toBe('t1');
    expect(base(state, 't2').alive).toBe(false);
    expect(base(state, 't3').alive).toBe(false);
    expect(events.filter((e) => e.kind === 'emergencyExit').flatMap((e) => e.units)).toEqual([
      'b1',
      'b2',
      'c1',
    ]);
  });

  it('NE-U87 T1 / NE-U02 T1: a ground transport may tow one light artillery base on top of its load (a Battlewagon with 4 Boyz and a Lobba)', () => {
    const json = (extra: string[]) =>
      scenarioJson({
        dets: [convoy('battlewagon', ['boyz', 'boyz', 'boyz', 'boyz', ...extra]), qg('red', 120, 50)],
      });
    expect(parse(json(['lobba'])).ok).toBe(true);
    expect(parse(json(['lobba', 'lobba'])).ok).toBe(false);
  });

  it('NE-U02 T2: hitching costs 5 cm to both the gun and the tower', () => {
    let st = giveOrders(
      pos([
        qg('blue', 40, 60),
        convoy('trukk', [], [{ id: 'gun', profile: 'lobba', x: 52.75, y: 50 }]),
        one1('tac', 'red', 'tactical', 140, 50, Math.PI),
        qg('red', 140, 60),
      ]),
      {},
    );
    st = play(st, { type: 'activate', det: 'tr' }).state;
    const r = play(st, { type: 'embark', base: 'gun', transport: 't1' });
    expect(base(r.state, 'gun')).toMatchObject({ carriedBy: 't1', moved: 5 });
    expect(base(r.state, 't1').moved).toBe(5);
    expect(remaining(r.state, base(r.state, 't1'))).toBe(20);
  });

  it('NE-U02 T3: a towed gun unhitched (5 cm to both) on Avance fires in the Combat phase', () => {
    let st = giveOrders(
      pos([
        qg('blue', 40, 60),
        convoy('trukk', ['lobba']),
        one1('tac', 'red', 'tactical', 115, 50, Math.PI),
        qg('red', 125, 60),
      ]),
      {},
    );
    st = play(st, { type: 'activate', det: 'tr' }).state;
    st = play(st, { type: 'disembark', base: 'p1', to: { x: 52.75, y: 50 } }).state;
    expect(base(st, 't1').moved).toBe(5);
    expect(base(st, 'p1')).toMatchObject({ carriedBy: null, moved: 5 });
    st = toCombat(play(st, { type: 'done' }).state);
    const { events } = play(st, { type: 'shoot', det: 'tr', target: 'tac' });
    expect(byRule(events, 'C8', 'fire').map((e) => e.units![0])).toEqual(['p1']); // the Lobba's template
  });
});

// --- On y va! ---------------------------------------------------------------------------------------------

describe('NE-U16…U22 On y va!', () => {
  const BB = { x: 40, y: 50 };
  /** `n` Boyz within 25 cm of the Bizarboy (west of it), clear of the targets placed east of it. */
  const source = (n: number): DetSpec => {
    const pts: { x: number; y: number }[] = [];
    for (let i = 0; i <= 8; i++)
      for (let j = -8; j <= 8; j++) {
        const p = { x: BB.x - 3 - i * 2.5, y: BB.y + j * 2.5 };
        if (Math.hypot(p.x - BB.x, p.y - BB.y) <= 24) pts.push(p);
      }
    pts.sort((a, b) => Math.hypot(a.x - BB.x, a.y - BB.y) - Math.hypot(b.x - BB.x, b.y - BB.y));
    return {
      id: 'src',
      side: 'blue',
      bases: pts.slice(0, n).map((p, i) => ({ id: `s${i}`, profile: 'boyz', ...p })),
    };
  };
  const hop = (n: number, targets: DetSpec[], orders: Record<string, 'charge' | 'avance'> = {}) => {
    const s = giveOrders(
      pos([
        { id: 'bz', side: 'blue', bases: [{ id: 'bb', profile: 'bizarboy', ...BB }] },
        source(n),
        qg('blue', BB.x, BB.y + 25.5),
        ...targets,
        qg('red', 140, 50),
      ]),
      orders,
    );
    return s;
  };
  const activate = (s: EpicState) => play(s, { type: 'activate', det: 'bz' }).state;
  const go = (dets: { det: string; dx: number; dy?: number }[]): EpicAction => ({
    type: 'onYVa',
    base: 'bb',
    dets: dets.map((d) => ({ det: d.det, dx: d.dx, dy: d.dy ?? 0 })),
  });
  const m1 = one1('m1', 'blue', 'boyz', 50, 50);
  const m2 = one1('m2', 'blue', 'boyz', 50, 56);
  const dd = one1('dd', 'blue', 'deff-dread', 50, 44);

  it('NE-U16 T1 / NE-U17: energy 5: one class-1 detachment hops up to 30 cm and ends on a hidden Avance; 31 cm, a class-2 or a second one are refused', () => {
    const s = activate(hop(3, [m1, m2, dd]));
    expect(refusal(s, go([{ det: 'm1', dx: 31 }]))).toBe('ERR_TOO_FAR');
    expect(refusal(s, go([{ det: 'dd', dx: 20 }]))).toBe('ERR_ONYVA');
    expect(
      refusal(
        s,
        go([
          { det: 'm1', dx: 20 },
          { det: 'm2', dx: 20 },
        ]),
      ),
    ).toBe('ERR_ONYVA');
    const r = play(s, go([{ det: 'm1', dx: 30 }]));
    expect(kinds(r.events)).toEqual(['NE-U17:onYVa', 'NE-U16:teleport']);
    expect(base(r.state, 'm1')).toMatchObject({ x: 80, y: 50 });
    expect(det(r.state, 'm1')).toMatchObject({ order: 'avance', revealed: false });
    expect(r.state.phase).toBe('mouvement.activation'); // no interception: it is not a move
  });

  it('NE-U18: energy 6: one class-2 detachment may hop', () => {
    const s = activate(hop(4, [m1, m2, dd]));
    expect(refusal(s, go([{ det: 'dd', dx: 20 }]))).toBeNull();
  });

  it('NE-U19: energy 14: two class-1/2 detachments', () => {
    const s = activate(hop(12, [m1, m2, dd]));
    expect(
      refusal(
        s,
        go([
          { det: 'm1', dx: 20 },
          { det: 'dd', dx: 20 },
        ]),
      ),
    ).toBeNull();
    expect(
      refusal(
        s,
        go([
          { det: 'm1', dx: 20 },
          { det: 'dd', dx: 20 },
          { det: 'm2', dx: 20 },
        ]),
      ),
    ).toBe('ERR_ONYVA');
  });

  it('NE-U20 / NE-U16 T3: energy 16: a Trukk (class 3) hops with its Boyz, who do not count', () => {
    const trukk: DetSpec = {
      id: 'tr',
      side: 'blue',
      bases: [
        { id: 't1', profile: 'trukk', x: 50, y: 50 },
        { id: 'c1', profile: 'boyz', x: 0, y: 0, carriedBy: 't1' },
        { id: 'c2', profile: 'boyz', x: 0, y: 0, carriedBy: 't1' },
      ],
    };
    const s = activate(hop(13, [trukk, m2]));
    const r = play(
      s,
      go([
        { det: 'tr', dx: 25 },
        { det: 'm2', dx: 20 },
      ]),
    );
    expect(base(r.state, 't1').x).toBe(75);
    expect(base(r.state, 'c1')).toMatchObject({ x: 75, carriedBy: 't1' });
  });

  it('NE-U21: energy 21 (+ the Gargant’s D6 [1], NE-U06), overload [6]: a class-4 detachment hops; a class-5 Gargant is refused', () => {
    const fortress = one1('ft', 'blue', 'fortress', 52, 50);
    const garg = one1('gg', 'blue', 'gargant', 50, 60);
    const s = activate(hop(21, [fortress, garg]));
    expect(refusal(s, go([{ det: 'gg', dx: 20 }]))).toBe('ERR_ONYVA');
    const r = play(s, go([{ det: 'ft', dx: 20 }]), [1, 6]);
    expect(kinds(r.events)).toEqual([
      'NE-U06:gargantEnergy',
      'NE-U21:onYVa',
      'NE-U08:overload',
      'NE-U16:teleport',
    ]);
  });

  it('NE-U22: energy 26, overload [2]: a class-5 Gargant hops', () => {
    const garg = one1('gg', 'blue', 'gargant', 50, 60);
    const s = activate(hop(26, [garg]));
    const r = play(s, go([{ det: 'gg', dx: 20 }]), [2]);
    expect(base(r.state, 'gg').x).toBe(70);
  });

  it('NE-U16 T2: a hop that would end touching an enemy base is refused: no assault', () => {
    const s = activate(hop(3, [m1, one1('foe', 'red', 'tactical', 72, 50)]));
    expect(refusal(s, go([{ det: 'm1', dx: 20 }]))).toBe('ERR_ONYVA_ASSAULT');
  });

  it('NE-U16 T4: a detachment that already moved on Charge keeps its revealed Charge order', () => {
    let s = hop(3, [one1('m1', 'blue', 'boyz', 45, 57)], { m1: 'charge' }); // in command: 20 cm from the QG
    s = play(s, { type: 'activate', det: 'm1' }).state;
    s = play(s, { type: 'done' }).state;
    s = play(s, { type: 'pass' }).state; // red
    s = activate(s);
    const r = play(s, go([{ det: 'm1', dx: 10 }]));
    expect(det(r.state, 'm1')).toMatchObject({ order: 'charge', revealed: true });
  });

  it('NE-U16 T5: a base blocked in an assault cannot be teleported', () => {
    const s = activate(hop(3, [m1, one1('foe', 'red', 'tactical', 52, 50)]));
    expect(refusal(s, go([{ det: 'm1', dx: -5, dy: 10 }]))).toBe('ERR_BLOCKED');
  });
});

// --- Volants and Intercepteurs ----------------------------------------------------------------------------

describe('NE-U90…U106 Volants', () => {
  const air = (
    id: string,
    side: EpicSide,
    profile: string,
    x: number,
    y: number,
    altitude: 'sol' | 'basse' | 'haute',
    facing = 0,
    extra: DetSpec['bases'] = [],
  ): DetSpec => ({ id, side, bases: [{ id: `${id}-1`, profile, x, y, facing, altitude }, ...extra] });
  const o = { interception: false, counterCharge: false, snap: false };

  it('NE-U90 T4: a flyer without Transport cannot take Tir Appuyé; a Valkyrie may', () => {
    const s = pos([
      qg('blue', 20, 50),
      air('fb', 'blue', 'fighta-bommer', 30, 50, 'haute'),
      qg('red', 120, 50),
      air('vk', 'red', 'valkyrie', 120, 40, 'basse', Math.PI),
    ]);
    expect(refusal(s, { type: 'order', det: 'fb', order: 'tirAppuye' })).toBe('ERR_FLYER');
    const red = giveOrders(s, { fb: 'avance' }, 'blue');
    expect(det(red, 'vk').order).toBe('avance');
    const st = epicRuleset.clone(s);
    for (const d of st.dets) if (d.side === 'blue') d.given = true;
    expect(refusal(st, { type: 'order', det: 'vk', order: 'tirAppuye' })).toBeNull();
  });

  it('NE-U90 T1: a landing flyer evades at −1 even against AA (5+); a 360° gun on interception needs 7+', () => {
    const s = pos([
      qg('red', 120, 60),
      one1('aa', 'red', 'hydra', 110, 50, Math.PI),
      qg('blue', 20, 50),
      air('vk', 'blue', 'valkyrie', 80, 50, 'basse'),
    ]);
    const landing = { interception: true, counterCharge: false, snap: false, atAlt: 1, landing: true };
    const at = { x: 80, y: 50 };
    expect(
      toHitModifiers({ s }, base(s, 'aa'), base(s, 'vk'), landing, at, WEAPONS.hydra).map((l) => l.value),
    ).toEqual([-1]);
    expect(
      toHitModifiers({ s }, base(s, 'qg-red'), base(s, 'vk'), landing, at, WEAPONS['storm-bolter']).map(
        (l) => l.value,
      ),
    ).toEqual([-1, -1, -1]);
  });

  const flight = (order: 'avance' | 'charge' | 'retraite' | null) => {
    const orders: Record<string, 'avance' | 'charge' | 'retraite'> = order ? { fb: order } : {};
    const spec = [air('fb', 'blue', 'fighta-bommer', 20, 50, 'haute'), qg('red', 140, 90)];
    if (order) spec.push(qg('blue', 20, 60));
    return play(giveOrders(pos(spec), orders), { type: 'activate', det: 'fb' }).state;
  };

  it('NE-U92 T2 / NE-U100 T2: a flyer on Charge is not doubled: 25 or 70 cm refused, 30 to 60 cm accepted', () => {
    const s = flight('charge');
    expect(refusal(s, { type: 'fly', det: 'fb', dx: 25, dy: 0, alt: 2 })).toBe('ERR_TOO_FAR');
    expect(refusal(s, { type: 'fly', det: 'fb', dx: 70, dy: 0, alt: 2 })).toBe('ERR_TOO_FAR');
    expect(refusal(s, { type: 'fly', det: 'fb', dx: 30, dy: 0, alt: 2 })).toBeNull();
    expect(refusal(s, { type: 'fly', det: 'fb', dx: 36, dy: 48, alt: 1 })).toBeNull();
  });

  it('NE-U93 / NE-U91: on Retraite or Avance a flyer moves half to all of its move, never doubled', () => {
    for (const order of ['retraite', 'avance'] as const) {
      const s = flight(order);
      expect(refusal(s, { type: 'fly', det: 'fb', dx: 100, dy: 0, alt: 2 })).toBe('ERR_TOO_FAR');
      expect(refusal(s, { type: 'fly', det: 'fb', dx: 60, dy: 0, alt: 2 })).toBeNull();
    }
  });

  it('NE-U94 T3: without an order it flies exactly half its move (30 cm)', () => {
    const s = flight(null);
    expect(refusal(s, { type: 'fly', det: 'fb', dx: 40, dy: 0, alt: 2 })).toBe('ERR_TOO_FAR');
    expect(refusal(s, { type: 'fly', det: 'fb', dx: 30, dy: 0, alt: 2 })).toBeNull();
  });

  it('NE-U100 T1: one straight flight a turn: no walking, no second leg, and no ending its activation without flying', () => {
    const s = flight('avance');
    expect(refusal(s, { type: 'move', base: 'fb-1', to: { x: 40, y: 50 } })).toBe('ERR_FLYER');
    expect(refusal(s, { type: 'done' })).toBe('ERR_FLYER');
    const r = play(s, { type: 'fly', det: 'fb', dx: 40, dy: 0, alt: 2 });
    expect(base(r.state, 'fb-1')).toMatchObject({ x: 60, y: 50, alt: 2 });
    expect(refusal(r.state, { type: 'fly', det: 'fb', dx: 30, dy: 0, alt: 2 })).toBe('ERR_FLYER');
    expect(refusal(r.state, { type: 'done' })).toBeNull();
  });

  it('NE-U95 T1 / NE-U98 T1: a flight from High to Low is High until its midpoint, where a ground AA gun 53 cm away counts 78 cm (out of 75); just after, Low, in range', () => {
    let s = giveOrders(
      pos([
        qg('blue', 10, 60),
        air('fb', 'blue', 'fighta-bommer', 20, 50, 'haute'),
        qg('red', 110, 62),
        one1('aa', 'red', 'hydra', 100, 50, Math.PI),
      ]),
      { fb: 'avance', aa: 'tirAppuye' },
    );
    s = play(s, { type: 'activate', det: 'fb' }).state;
    s = play(s, { type: 'fly', det: 'fb', dx: 60, dy: 0, alt: 1 }).state;
    expect(s.phase).toBe('mouvement.interception');
    expect(s.pending!.alts).toEqual([2, 1]);
    expect(refusal(s, { type: 'intercept', det: 'aa', at: 0.45 })).toBe('ERR_OUT_OF_REACH');
    expect(refusal(s, { type: 'intercept', det: 'aa', at: 0.5 })).toBeNull();
  });

  it('NE-U96 T1: a flyer cannot land in a wood', () => {
    const wood = {
      id: 'bois',
      kind: 'forest' as const,
      height: 4,
      poly: [
        { x: 70, y: 40 },
        { x: 80, y: 40 },
        { x: 80, y: 60 },
        { x: 70, y: 60 },
      ],
    };
    let s = giveOrders(
      pos([qg('blue', 40, 60), air('vk', 'blue', 'valkyrie', 40, 50, 'basse'), qg('red', 140, 90)], {
        terrain: [wood],
      }),
      { vk: 'tirAppuye' },
    );
    s = play(s, { type: 'activate', det: 'vk' }).state;
    expect(refusal(s, { type: 'fly', det: 'vk', dx: 35, dy: 0, alt: 0 })).toBe('ERR_SPOT');
    expect(refusal(s, { type: 'fly', det: 'vk', dx: 35, dy: 0, alt: 1 })).toBe('ERR_ALTITUDE'); // Tir Appuyé lands
    expect(refusal(s, { type: 'fly', det: 'vk', dx: 25, dy: 0, alt: 0 })).toBeNull();
  });

  it('NE-U97 T1 / NE-U97 T2: from a flyer at Low altitude jump packs may get out, Boyz may not; nobody gets in', () => {
    let s = giveOrders(
      pos([
        qg('blue', 40, 62),
        air('vk', 'blue', 'valkyrie', 40, 50, 'basse', 0, [
          { id: 'jp', profile: 'assault', x: 0, y: 0, carriedBy: 'vk-1' },
          { id: 'bz', profile: 'boyz', x: 0, y: 0, carriedBy: 'vk-1' },
        ]),
        qg('red', 140, 90),
      ]),
      { vk: 'avance' },
    );
    s = play(s, { type: 'activate', det: 'vk' }).state;
    expect(refusal(s, { type: 'disembark', base: 'bz', to: { x: 44, y: 50 } })).toBe('ERR_ALTITUDE');
    expect(refusal(s, { type: 'disembark', base: 'jp', to: { x: 44, y: 50 } })).toBeNull();
    // T1: the jump packs, once out, may not get back in while it is in the air.
    s = play(s, { type: 'disembark', base: 'jp', to: { x: 44, y: 50 } }).state;
    expect(base(s, 'jp').carriedBy).toBeNull();
    expect(refusal(s, { type: 'embark', base: 'jp', transport: 'vk-1' })).toBe('ERR_ALTITUDE');
  });

  it('NE-U97/U98: only flyers assault a flyer in the air; NE-U97 T3: a High flyer charging a Low one ends Low', () => {
    let s = giveOrders(
      pos([
        qg('blue', 50, 62),
        air('fb', 'blue', 'fighta-bommer', 30, 50, 'haute'),
        one1('boyz', 'blue', 'boyz', 70, 60),
        qg('red', 120, 60),
        air('vk', 'red', 'valkyrie', 75, 50, 'basse', Math.PI),
      ]),
      { fb: 'charge', boyz: 'charge' },
    );
    s = play(s, { type: 'activate', det: 'boyz' }).state;
    expect(refusal(s, { type: 'charge', base: 'boyz-1', target: 'vk-1' })).toBe('ERR_ALTITUDE');
    s = play(s, { type: 'done' }).state;
    s = play(s, { type: 'pass' }).state;
    s = play(s, { type: 'activate', det: 'fb' }).state;
    let r = play(s, { type: 'charge', base: 'fb-1', target: 'vk-1' }).state;
    if (r.phase === 'mouvement.interception') r = play(r, { type: 'noIntercept' }).state;
    expect(base(r, 'fb-1').alt).toBe(1);
  });

  it('NE-U99 T1: a landed flyer in contact with infantry is never blocked', () => {
    const s = pos([
      qg('blue', 40, 62),
      air('vk', 'blue', 'valkyrie', 40, 50, 'sol'),
      one1('tac', 'red', 'tactical', 43.75, 50),
      qg('red', 120, 60),
    ]);
    const st = epicRuleset.clone(s);
    expect(st.bases.find((b) => b.id === 'vk-1')!.alt).toBe(0);
    expect(refusal(st, { type: 'order', det: 'vk', order: 'avance' })).toBeNull();
    expect(isBlockedOf(st, 'vk-1')).toBe(false);
  });

  it('NE-U101 T1: a transport shot down in the air: jump packs roll [4] and land within 6 cm; Boyz die without a roll', () => {
    const s = pos([
      qg('blue', 40, 62),
      air('vk', 'blue', 'valkyrie', 40, 50, 'basse', 0, [
        { id: 'jp', profile: 'assault', x: 0, y: 0, carriedBy: 'vk-1' },
        { id: 'bz', profile: 'boyz', x: 0, y: 0, carriedBy: 'vk-1' },
      ]),
      qg('red', 120, 60),
    ]);
    const ctx = ctxFor(s, [4]);
    kill(ctx, base(ctx.s, 'vk-1'), 'C5');
    expect(base(ctx.s, 'bz').alive).toBe(false);
    expect(byRule(ctx.ev, 'NE-U101', 'emergencyExit')).toHaveLength(1);
    const jp = base(ctx.s, 'jp');
    expect(jp).toMatchObject({ alive: true, carriedBy: null });
    expect(Math.hypot(jp.x - 40, jp.y - 50)).toBeLessThanOrEqual(6.01);
  });

  it('NE-U102 T1 / NE-U103 T1: a flyer fires only in its front 180°, and a tank shot from behind loses the extra PA', () => {
    const s = pos([
      air('fb', 'blue', 'fighta-bommer', 50, 50, 'haute'),
      one1('front', 'red', 'land-raider', 60, 50),
      one1('back', 'red', 'tactical', 30, 50),
      qg('red', 120, 60),
    ]);
    expect(weaponsInReach(s, base(s, 'fb'), base(s, 'back'))).toEqual([]);
    expect(weaponsInReach(s, base(s, 'fb'), base(s, 'front')).map((w) => w.id)).toEqual(['fighta-guns']);
    expect(arcPa(base(s, 'fb'), base(s, 'front'))).toBe(-1); // the Land Raider faces away (+x)
  });

  it('NE-U104 T1: landed, a flyer fires only its 360° weapons', () => {
    const s = pos([
      air('vk', 'blue', 'valkyrie', 50, 50, 'sol'),
      one1('tac', 'red', 'tactical', 70, 50),
      qg('red', 120, 60),
    ]);
    expect(weaponsInReach(s, base(s, 'vk'), base(s, 'tac'))).toEqual([]);
  });

  it('NE-U106 T1/T2 / NE-W01 T2: a 360° gun on Avance cannot target a flyer; on Tir Appuyé it needs 5+ (Cible Difficile); AA keeps its 4+', () => {
    const spec = [
      air('fb', 'blue', 'fighta-bommer', 60, 50, 'basse'),
      qg('red', 80, 60),
      one1('tac', 'red', 'tactical', 70, 40),
      one1('aa', 'red', 'hydra', 80, 40, Math.PI),
    ];
    const av = giveOrders(pos(spec), { tac: 'avance' });
    expect(weaponsInReach(av, base(av, 'tac'), base(av, 'fb'))).toEqual([]);
    const ta = giveOrders(pos(spec), { tac: 'tirAppuye' });
    expect(weaponsInReach(ta, base(ta, 'tac'), base(ta, 'fb')).map((w) => w.id)).toEqual(['bolter']);
    expect(
      toHitModifiers({ s: ta }, base(ta, 'tac'), base(ta, 'fb'), o, undefined, WEAPONS.bolter).map(
        (l) => l.value,
      ),
    ).toEqual([-1]);
    expect(toHitModifiers({ s: ta }, base(ta, 'aa'), base(ta, 'fb'), o, undefined, WEAPONS.hydra)).toEqual(
      [],
    );
  });
});

describe('NE-U43…U47 Intercepteur', () => {
  const setup = (extraRed: DetSpec[] = []) =>
    giveOrders(
      pos([
        qg('blue', 20, 60),
        {
          id: 'ic',
          side: 'blue',
          bases: [{ id: 'ic-1', profile: 'fighta-bommer', x: 20, y: 50, altitude: 'haute' }],
        },
        qg('red', 130, 60),
        {
          id: 'tb',
          side: 'red',
          bases: [{ id: 'tb-1', profile: 'thunderbolt', x: 120, y: 50, facing: Math.PI, altitude: 'haute' }],
        },
        ...extraRed,
      ]),
      { ic: 'charge', tb: 'avance' },
    );
  const zoneUp = () => {
    let s = play(setup(), { type: 'activate', det: 'ic' }).state;
    s = play(s, { type: 'zone', det: 'ic', dx: 30, dy: 0 }).state;
    return play(s, { type: 'done' }).state;
  };

  it('NE-U43 T1 / NE-U43 T2: on Charge an interceptor flies exactly half its move (30 cm) to High altitude and holds a zone; on Avance it cannot', () => {
    let s = play(setup(), { type: 'activate', det: 'ic' }).state;
    expect(refusal(s, { type: 'zone', det: 'ic', dx: 40, dy: 0 })).toBe('ERR_TOO_FAR');
    s = play(s, { type: 'zone', det: 'ic', dx: 30, dy: 0 }).state;
    expect(det(s, 'ic').zone).toBe(true);
    expect(base(s, 'ic-1')).toMatchObject({ x: 50, alt: 2 });
    const av = play(
      giveOrders(
        pos([
          qg('blue', 20, 60),
          {
            id: 'ic',
            side: 'blue',
            bases: [{ id: 'ic-1', profile: 'fighta-bommer', x: 20, y: 50, altitude: 'haute' }],
          },
          qg('red', 130, 60),
        ]),
        { ic: 'avance' },
      ),
      { type: 'activate', det: 'ic' },
    ).state;
    expect(refusal(av, { type: 'zone', det: 'ic', dx: 30, dy: 0 })).toBe('ERR_ZONE');
  });

  it('NE-U44 T1 / NE-U45 T1: an enemy flight through the zone is stopped, the assault is resolved at once (8 against 12), the zone is spent and the survivor flies on', () => {
    let s = zoneUp();
    s = play(s, { type: 'activate', det: 'tb' }).state;
    s = play(s, { type: 'fly', det: 'tb', dx: -60, dy: 0, alt: 2 }).state;
    expect(s.phase).toBe('mouvement.interceptionAerienne');
    expect(s.pending!.zones).toEqual(['ic']);
    expect(refusal(s, { type: 'intercepter', det: 'ic', at: 0.1 })).toBe('ERR_INTERCEPT'); // 85 cm from it
    const r = play(s, { type: 'intercepter', det: 'ic', at: 0.8 }, [2, 3, 4, 4]);
    expect(kinds(r.events).slice(0, 2)).toEqual(['NE-U45:airIntercept', 'C6:duel']);
    expect(one(r.events, 'C6', 'duel').text.en).toContain('8 against');
    expect(base(r.state, 'ic-1').alive).toBe(false);
    expect(det(r.state, 'ic')).toMatchObject({ zone: false, zoneUsed: true });
    expect(base(r.state, 'tb-1')).toMatchObject({ x: 60, alt: 2, alive: true });
    expect(r.state.phase).toBe('mouvement.activation');
  });

  it('NE-U46 T1: a flight crossing two zones may be intercepted by the second after surviving the first', () => {
    let s = giveOrders(
      pos([
        qg('blue', 20, 60),
        {
          id: 'ic',
          side: 'blue',
          bases: [{ id: 'ic-1', profile: 'fighta-bommer', x: 20, y: 50, altitude: 'haute' }],
        },
        {
          id: 'ic2',
          side: 'blue',
          bases: [{ id: 'ic2-1', profile: 'fighta-bommer', x: 20, y: 70, altitude: 'haute' }],
        },
        qg('red', 130, 60),
        {
          id: 'tb',
          side: 'red',
          bases: [{ id: 'tb-1', profile: 'thunderbolt', x: 120, y: 60, facing: Math.PI, altitude: 'haute' }],
        },
      ]),
      { ic: 'charge', ic2: 'charge', tb: 'avance' },
    );
    s = play(play(s, { type: 'activate', det: 'ic' }).state, {
      type: 'zone',
      det: 'ic',
      dx: 30,
      dy: 0,
    }).state;
    s = play(s, { type: 'done' }).state;
    s = play(play(s, { type: 'activate', det: 'qg-red' }).state, { type: 'done' }).state;
    s = play(play(s, { type: 'activate', det: 'ic2' }).state, {
      type: 'zone',
      det: 'ic2',
      dx: 30,
      dy: 0,
    }).state;
    s = play(s, { type: 'done' }).state;
    s = play(s, { type: 'activate', det: 'tb' }).state;
    s = play(s, { type: 'fly', det: 'tb', dx: -60, dy: 0, alt: 2 }).state;
    expect(s.phase).toBe('mouvement.interceptionAerienne');
    expect(s.pending!.zones).toEqual(['ic', 'ic2']);
    // Z1 loses its duel ([1,1] + 3 = 5 against [6,6] + 4 = 16): the flight goes on, and Z2 may still stop it.
    const r = play(s, { type: 'intercepter', det: 'ic', at: 0.8 }, [1, 1, 6, 6]);
    expect(base(r.state, 'ic-1').alive).toBe(false);
    expect(r.state.phase).toBe('mouvement.interceptionAerienne');
    expect(r.state.pending!.zones).toEqual(['ic2']);
    const r2 = play(r.state, { type: 'intercepter', det: 'ic2', at: 0.9 }, [6, 6, 1, 1]);
    expect(base(r2.state, 'tb-1').alive).toBe(false);
  });

  it('NE-U47 T1: an enemy flyer that ended inside an unused zone may be intercepted at the end of the Movement phase', () => {
    let s = zoneUp();
    s = play(s, { type: 'activate', det: 'tb' }).state;
    s = play(s, { type: 'fly', det: 'tb', dx: -55, dy: 0, alt: 2 }).state;
    expect(s.phase).toBe('mouvement.interceptionAerienne');
    s = play(s, { type: 'laisser' }).state;
    if (s.phase === 'mouvement.interception') s = play(s, { type: 'noIntercept' }).state;
    s = play(s, { type: 'done' }).state;
    while (s.phase === 'mouvement.choix') s = play(s, { type: 'pass' }).state;
    expect(s.phase).toBe('mouvement.finInterception');
    expect(epicRuleset.candidates(s)).toContainEqual({ type: 'intercepter', det: 'ic', target: 'tb' });
    const r = play(s, { type: 'intercepter', det: 'ic', target: 'tb' }, [6, 6, 1, 1]);
    expect(one(r.events, 'NE-U45', 'airIntercept')).toBeDefined();
    expect(base(r.state, 'tb-1').alive).toBe(false);
    expect(r.state.phase).not.toBe('mouvement.finInterception');
  });
});
