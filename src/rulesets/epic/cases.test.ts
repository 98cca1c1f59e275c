/**
 * One test per acceptance case of shared/rules/002_netepic_orks.md that the other epic tests did not cite by its
 * exact label (`NE-xx Tn`), the audit that every case of the spec is cited in a test title, and the tests of the
 * last gaps closed in issue #3 (NE-U60 interception powers, NE-U84 unloading, NE-W01 T5, NE-U63 ZOCs, a
 * Valkyrie's flights). Positions go through the real scenario gate; dice are fixed only through the seeded RNG
 * (test/helpers/dice.ts, through `play(…, dice)` or `rngForDice`), never stubbed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rngForDice } from '../../../test/helpers/dice';
import { type DetSpec, giveOrders, type PositionSpec, play, position } from '../../../test/helpers/epic';
import type { GameEvent } from '../../engine/contract';
import { Rng } from '../../engine/rng';
import type { Ctx } from './combat';
import { epicRuleset } from './index';
import { remaining } from './state';
import type { EpicAction, EpicBase, EpicDetachment, EpicSide, EpicState, Order } from './types';

// --- helpers ---------------------------------------------------------------------------------------------

/** A base by id, or the single base of a one-base detachment by the detachment's id. */
const base = (s: EpicState, id: string): EpicBase =>
  s.bases.find((b) => b.id === id) ?? s.bases.find((b) => b.det === id)!;
const det = (s: EpicState, id: string): EpicDetachment => s.dets.find((d) => d.id === id)!;
const refusal = (s: EpicState, a: EpicAction): string | null => {
  const r = epicRuleset.validate(s, a);
  return r.ok ? null : r.error.code;
};
const byRule = (events: GameEvent[], rule: string, kind?: string) =>
  events.filter((e) => e.rule === rule && (kind === undefined || e.kind === kind));
/** A QG detachment: a Warboss (blue) or a Captain (red), for the command radius (C2). */
const qg = (side: EpicSide, x: number, y: number): DetSpec => ({
  id: `qg-${side}`,
  side,
  bases: [{ id: `qg-${side}-1`, profile: side === 'blue' ? 'warboss' : 'captain', x, y }],
});
/** Far-away bases so that no side is wiped out by a test's casualties. */
const reserves = (): DetSpec[] => [
  { id: 'res-blue', side: 'blue', bases: [{ id: 'res-b', profile: 'tactical', x: 3, y: 97 }] },
  { id: 'res-red', side: 'red', bases: [{ id: 'res-r', profile: 'tactical', x: 147, y: 97 }] },
];
const one1 = (id: string, side: EpicSide, profile: string, x: number, y: number, facing = 0): DetSpec => ({
  id,
  side,
  bases: [{ id: `${id}-1`, profile, x, y, facing }],
});
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
const pos = (dets: DetSpec[], extra: Partial<PositionSpec> = {}) =>
  position({ dets: [...dets, ...reserves()], ...extra });
const orders = (s: EpicState, o: Record<string, Order>, first: EpicSide = 'blue') => giveOrders(s, o, first);
const ctxFor = (s: EpicState, dice: number[]): Ctx & { ev: GameEvent[] } => ({
  s: epicRuleset.clone(s),
  rng: new Rng(rngForDice(dice)),
  ev: [],
});
function toCombat(s: EpicState): EpicState {
  let st = s;
  while (st.phase === 'mouvement.choix') st = play(st, { type: 'pass' }).state;
  expect(st.phase).toBe('combat');
  return st;
}

// --- the audit ---------------------------------------------------------------------------------------------

describe('NE catalogue audit', () => {
  it('every NE-xx Tn case of the spec is cited by its exact label in an epic test title', () => {
    const root = resolve(__dirname, '../../..');
    const spec = readFileSync(resolve(root, '../shared/rules/002_netepic_orks.md'), 'utf8');
    const cases: string[] = [];
    let entry = '';
    for (const line of spec.split('\n')) {
      if (/^#{2,4} /.test(line)) entry = /^#{3,4} (NE-[UW]\d+)\b/.exec(line)?.[1] ?? '';
      if (entry) for (const m of line.matchAll(/\bT(\d+)\b:/g)) cases.push(`${entry} T${m[1]}`);
    }
    expect(cases.length).toBeGreaterThan(180);
    expect(cases).toContain('NE-U106 T2');
    const files = [
      ...readdirSync(resolve(root, 'src/rulesets/epic'))
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `src/rulesets/epic/${f}`),
      ...readdirSync(resolve(root, 'test'))
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `test/${f}`),
      ...readdirSync(resolve(root, 'statecharts'))
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `statecharts/${f}`),
    ];
    // The titles of it(…) / test(…) calls (it.each too): a label in a comment or an assertion does not count.
    const titles: string[] = [];
    for (const f of files) {
      const src = readFileSync(resolve(root, f), 'utf8');
      for (const m of src.matchAll(
        /\b(?:it|test)(?:\.(?:each|skip|only|todo)(?:\([^)]*\))?)?\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*?)\1/g,
      ))
        titles.push(m[2]!);
    }
    const cited = titles.join('\n');
    // exact label: "NE-U10 T1" must not be satisfied by "NE-U106 T1"
    const missing = cases.filter((c) => !new RegExp(`${c.replace(' ', '\\b ')}\\b`).test(cited));
    expect(missing).toEqual([]);
  });
});

// --- gap: a flyer transport with passengers aboard still flies -------------------------------------------

describe('NE-U101 Volant transport: candidates', () => {
  it('NE-U101 candidates: a Valkyrie still carrying its marines is offered flights (`fly`), not only disembarking', () => {
    let s = orders(
      pos([
        qg('blue', 20, 60),
        air('vk', 'blue', 'valkyrie', 40, 50, 'basse', 0, [
          { id: 'vt1', profile: 'tactical', x: 0, y: 0, carriedBy: 'vk-1' },
          { id: 'vt2', profile: 'assault', x: 0, y: 0, carriedBy: 'vk-1' },
        ]),
        qg('red', 130, 60),
      ]),
      { vk: 'avance' },
    );
    s = play(s, { type: 'activate', det: 'vk' }).state;
    const cands = epicRuleset.candidates(s);
    const flights = cands.filter((a) => a.type === 'fly');
    expect(flights.length).toBeGreaterThan(0);
    for (const a of flights) expect(refusal(s, a)).toBeNull();
    // the passengers ride along
    const r = play(s, flights[0]!);
    const vk = base(r.state, 'vk-1');
    expect(vk.moved).toBeGreaterThan(0);
    expect(base(r.state, 'vt1').carriedBy).toBe('vk-1');
  });
});

// --- gap: NE-U63, the ZOCs of enemy Antigrav / Réacteurs Dorsaux bases hold a jump-pack base -------------

describe('NE-U63 Réacteurs Dorsaux: ZOCs that still apply', () => {
  // A blue jump-pack base at (40, 50) moves 20 cm to (60, 50); an enemy base stands 3 cm off that line at x 50
  // (its ZOC, 3.75 cm + 1 cm of base, covers the line), and ends well outside it.
  const jumpPast = (profile: string) =>
    play(
      orders(
        pos([
          qg('blue', 30, 60),
          one1('jp', 'blue', 'assault', 40, 50),
          qg('red', 130, 60),
          one1('foe', 'red', profile, 50, 53),
        ]),
        { jp: 'charge' },
      ),
      { type: 'activate', det: 'jp' },
    ).state;
  it('NE-U63 ZOC: a jump-pack base may not cross the ZOC of an enemy jump-pack base (ERR_ZOC); a plain infantry ZOC does not stop it', () => {
    const plain = jumpPast('tactical');
    expect(refusal(plain, { type: 'move', base: 'jp-1', to: { x: 60, y: 50 } })).toBeNull();
    const jp = jumpPast('assault');
    expect(refusal(jp, { type: 'move', base: 'jp-1', to: { x: 60, y: 50 } })).toBe('ERR_ZOC');
    // a move that stays out of that ZOC is still legal
    expect(refusal(jp, { type: 'move', base: 'jp-1', to: { x: 40, y: 40 } })).toBeNull();
  });
  it('NE-U63 ZOC: nor the ZOC of an enemy Antigrav base of its class or higher (a Land Speeder)', () => {
    const s = jumpPast('land-speeder');
    expect(refusal(s, { type: 'move', base: 'jp-1', to: { x: 60, y: 50 } })).toBe('ERR_ZOC');
    // charging that base is still allowed (its ZOC is the target's)
    expect(refusal(s, { type: 'charge', base: 'jp-1', target: 'foe-1' })).toBeNull();
  });
});

// --- gap: NE-W01 T5, AA against an Antigrav base moving over terrain that needs it -------------------------

describe('NE-W01 AA against Antigrav / Réacteurs Dorsaux', () => {
  const lava = {
    id: 'lave',
    kind: 'impassable' as const,
    height: 0,
    poly: [
      { x: 60, y: 45 },
      { x: 70, y: 45 },
      { x: 70, y: 55 },
      { x: 60, y: 55 },
    ],
  };
  /** A blue Flakwagon (AA, 4+) on hidden Tir Appuyé intercepts a red Land Speeder flying from x 80 to x 50. */
  const intercepted = (terrain: (typeof lava)[]) => {
    let s = orders(
      pos(
        [
          qg('blue', 40, 20),
          one1('flak', 'blue', 'flakwagon', 50, 30),
          qg('red', 100, 60),
          one1('ls', 'red', 'land-speeder', 80, 50, Math.PI),
        ],
        { terrain },
      ),
      { flak: 'tirAppuye', ls: 'avance' },
      'red',
    );
    s = play(s, { type: 'activate', det: 'ls' }).state;
    s = play(s, { type: 'move', base: 'ls-1', to: { x: 50, y: 50 } }).state;
    expect(s.phase).toBe('mouvement.interception');
    // paused halfway, at (65, 50): inside the lava when there is some
    const r = play(s, { type: 'intercept', det: 'flak', at: 0.5 }, [4, 4]);
    return byRule(r.events, 'C5', 'fire');
  };
  it('NE-W01 T5: an Antigrav tank intercepted over terrain that needs Antigrav is hit on 4+; over open ground on 6+', () => {
    const over = intercepted([lava]);
    expect(over).toHaveLength(1);
    expect(over[0]!.dice![0]).toMatchObject({ dice: [4, 4], target: 4 });
    const open = intercepted([]);
    expect(open).toHaveLength(1);
    expect(open[0]!.dice![0]!.target).toBe(6);
  });
});

// --- gap: NE-U60 / NE-U61, a physical power as interception fire ------------------------------------------

describe('NE-U60 physical powers as interception fire', () => {
  /** A red Librarian on hidden Tir Appuyé 40 cm from Boyz walking by: beyond its bolt pistols (15 cm), within
   * its Éclair psychique (50 cm, 2 dice, 4+, PA −1). */
  const paused = () => {
    let s = orders(
      pos([
        qg('blue', 50, 20),
        one1('boyz', 'blue', 'boyz', 60, 30),
        qg('red', 120, 40),
        one1('lib', 'red', 'librarian', 100, 40),
      ]),
      { boyz: 'avance', lib: 'tirAppuye', 'qg-red': 'avance' },
      'blue',
    );
    s = play(s, { type: 'activate', det: 'boyz' }).state;
    s = play(s, { type: 'move', base: 'boyz-1', to: { x: 60, y: 40 } }).state;
    return s;
  };
  it('NE-U60 interception: a psyker on Tir Appuyé fires its physical power at a move out of its guns’ range (4+ −1 = 5+, [5,2] one hit, the Boyz die)', () => {
    const s = paused();
    // the Librarian's power alone makes it a threat: the move pauses for it
    expect(s.phase).toBe('mouvement.interception');
    expect(s.pending!.threats).toContain('lib');
    expect(refusal(s, { type: 'intercept', det: 'lib', at: 0.5 })).toBe('ERR_OUT_OF_REACH');
    const a: EpicAction = {
      type: 'intercept',
      det: 'lib',
      at: 0.5,
      powers: [{ base: 'lib-1', power: 'eclair' }],
    };
    expect(refusal(s, a)).toBeNull();
    const r = play(s, a, [5, 2, 1, 1]);
    expect(byRule(r.events, 'NE-U60', 'power')).toHaveLength(1);
    const fire = byRule(r.events, 'NE-U60', 'fire');
    expect(fire).toHaveLength(1);
    expect(fire[0]!.dice![0]).toMatchObject({ dice: [5, 2], target: 5 });
    expect(base(r.state, 'boyz-1').alive).toBe(false);
    // it was the Librarian's power of the turn, and its counter is spent
    expect(r.state.powersUsed).toContain('lib-1');
    expect(det(r.state, 'lib').intercepted).toBe(true);
  });
  it('NE-U61 interception: an ethereal power is not a shot and cannot be fired as interception fire (ERR_POWER_ETHEREAL)', () => {
    const s = paused();
    expect(
      refusal(s, { type: 'intercept', det: 'lib', at: 0.5, powers: [{ base: 'lib-1', power: 'fouet' }] }),
    ).toBe('ERR_POWER_ETHEREAL');
    // a power the base does not have, or a base of another detachment, is refused too
    expect(
      refusal(s, { type: 'intercept', det: 'lib', at: 0.5, powers: [{ base: 'lib-1', power: 'bzzzt' }] }),
    ).toBe('ERR_POWER');
    expect(
      refusal(s, { type: 'intercept', det: 'lib', at: 0.5, powers: [{ base: 'qg-red-1', power: 'eclair' }] }),
    ).toBe('ERR_BASE');
  });
});

describe('NE-U60 candidates', () => {
  it('NE-U60 candidates: bots are offered the interception with the Librarian’s physical power', () => {
    let s = orders(
      pos([
        qg('blue', 50, 20),
        one1('boyz', 'blue', 'boyz', 60, 30),
        qg('red', 120, 40),
        one1('lib', 'red', 'librarian', 100, 40),
      ]),
      { boyz: 'avance', lib: 'tirAppuye', 'qg-red': 'avance' },
    );
    s = play(s, { type: 'activate', det: 'boyz' }).state;
    s = play(s, { type: 'move', base: 'boyz-1', to: { x: 60, y: 40 } }).state;
    const powered = epicRuleset
      .candidates(s)
      .filter((a) => a.type === 'intercept' && a.det === 'lib' && (a.powers?.length ?? 0) > 0);
    expect(powered).toHaveLength(1);
    expect(refusal(s, powered[0]!)).toBeNull();
  });
});

// --- gap: NE-U84 read with NE-U82 T2 -------------------------------------------------------------------------

describe('NE-U84 unloading ends the transport’s move once it has driven', () => {
  /** A blue Trukk (move 25, Transport 2) at (50, 50) with two Boyz aboard, activated. */
  const convoy = () =>
    play(
      orders(
        pos([
          qg('blue', 40, 60),
          {
            id: 'mob',
            side: 'blue',
            bases: [
              { id: 'tr', profile: 'trukk', x: 50, y: 50 },
              { id: 'p1', profile: 'boyz', x: 50, y: 50, carriedBy: 'tr' },
              { id: 'p2', profile: 'boyz', x: 50, y: 50, carriedBy: 'tr' },
            ],
          },
          qg('red', 130, 60),
        ]),
        {},
      ),
      { type: 'activate', det: 'mob' },
    ).state;
  const left = (s: EpicState, id: string) => remaining(s, base(s, id));
  it('NE-U84 unload-after-drive: the Trukk drives 10 cm, the Boyz get out: its move ends there; they keep theirs (10 − 5 cm)', () => {
    let s = convoy();
    s = play(s, { type: 'move', base: 'tr', to: { x: 60, y: 50 } }).state;
    expect(left(s, 'tr')).toBe(15);
    const r = play(s, { type: 'disembark', base: 'p1', to: { x: 60, y: 52.5 } });
    s = r.state;
    expect(byRule(r.events, 'NE-U84', 'unloadEndsMove')).toHaveLength(1);
    expect(refusal(s, { type: 'move', base: 'tr', to: { x: 61, y: 50 } })).toBe('ERR_TOO_FAR');
    // the troops complete their move: 10 − 5 = 5 cm
    expect(refusal(s, { type: 'move', base: 'p1', to: { x: 65, y: 52.5 } })).toBeNull();
    // a second base may still get out (the transport stays where it is)
    expect(refusal(s, { type: 'disembark', base: 'p2', to: { x: 60, y: 47.5 } })).toBeNull();
  });
  it('NE-U84 unload-before-drive: Boyz that get out before the Trukk moves cost it 5 cm; it still drives 20 cm (NE-U82 T2)', () => {
    let s = convoy();
    const r = play(s, { type: 'disembark', base: 'p1', to: { x: 50, y: 52.5 } });
    s = r.state;
    expect(byRule(r.events, 'NE-U84')).toHaveLength(0);
    expect(left(s, 'tr')).toBe(20);
    expect(refusal(s, { type: 'move', base: 'tr', to: { x: 70.1, y: 50 } })).toBe('ERR_TOO_FAR');
    s = play(s, { type: 'move', base: 'tr', to: { x: 70, y: 50 } }).state;
    expect(base(s, 'tr').x).toBe(70);
  });
});
