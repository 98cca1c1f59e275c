/**
 * The rules of seed 004 (HD-00…HD-25 of shared/rules/004_hell_dorado.md), each test named after the entry
 * it checks. Positions are built through the real scenario gate; dice are fixed only through the seeded RNG
 * (`play(…, dice)`, test/helpers/dice.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  activate,
  diceOf,
  dist,
  kinds,
  patch,
  play,
  position,
  refusal,
  unit,
} from '../../../test/helpers/company';
import { rngForDice } from '../../../test/helpers/dice';
import { Rng } from '../../engine/rng';
import { passeCbt, protectionOf, rollPool } from './combat';
import { PROFILES, parseAbilityCell, SEED_ROSTER } from './data';
import { companyRuleset } from './index';
import { attractionsOn } from './rules';
import { cbtOf, defOf, dptOf, foiOf, hasZoc, tirOf } from './state';
import type { CompanyAction, CompanyState } from './types';

const cands = (s: CompanyState) => companyRuleset.candidates(s);
const passeEvent = (events: ReturnType<typeof play>['events']) => events.find((e) => e.kind === 'passe')!;

// --- HD-00 ----------------------------------------------------------------------------------------------
describe('HD-00 — roster fixture', () => {
  it('HD-00 T1: "ENNEMI JURÉ 2<br>(DÉMONS ET DAMNÉS)" yields Ennemi juré 2 with its keyword', () => {
    expect(parseAbilityCell('ENNEMI JURÉ 2<br>(DÉMONS ET DAMNÉS)<br>FANATIQUE')).toEqual([
      { name: 'Ennemi juré', x: 2, keyword: 'Démons et Damnés', warning: null },
      { name: 'Fanatique', x: null, keyword: null, warning: null },
    ]);
  });
  it('HD-00 T2: "CHARISME" with no number gives X = 1 with a warning', () => {
    const [c] = parseAbilityCell('CHARISME');
    expect(c!.x).toBe(1);
    expect(c!.warning).toMatch(/X = 1/);
  });
  it("HD-00 T3: the Bretcheur's cell normalises INSAISSABLE and MAITRE D'ARMES; the profiles carry every value", () => {
    const cell = parseAbilityCell(SEED_ROSTER.abilities[4]!);
    expect(cell.map((a) => [a.name, a.x])).toEqual([
      ['Charisme', 1],
      ['Insaisissable', null],
      ["Maître d'arme", 1],
      ['Tir défensif', null],
    ]);
    const b = PROFILES.bretcheur!.abilities;
    expect(b).toEqual({ charisme: 1, insaisissable: true, maitreDArme: 1, tirDefensif: true });
    expect(PROFILES.arquebusier!.abilities.tireurEntraine).toBe(1);
    expect(PROFILES.missionnaire!.abilities.ennemiJure).toEqual({ x: 2, keyword: 'Démons et Damnés' });
    expect(SEED_ROSTER.names).toHaveLength(7);
    for (const id of ['vargas', 'aidan', 'anna', 'sara', 'bretcheur', 'missionnaire', 'arquebusier'])
      expect(PROFILES[id]).toBeDefined();
  });
});

// --- Attraction -----------------------------------------------------------------------------------------
const saraAnd = (enemyX: number, more: Parameters<typeof position>[0]['units'] = []) =>
  position({
    units: [
      { id: 'sara', side: 'blue', profile: 'sara', x: 10, y: 12 },
      { id: 'dam', side: 'red', profile: 'damne', x: enemyX, y: 12 },
      ...more,
    ],
  });

describe('HD-01…03 — Attraction X', () => {
  it('HD-01 T1: an enemy 2.5 toises from Sara must end its activation in contact with her', () => {
    let s = saraAnd(10 + 1.2 + 2.5);
    s = activate(s, 'dam');
    expect(attractionsOn(s, unit(s, 'dam')).map((a) => a.attractor)).toEqual(['sara']);
    const options = cands(s);
    expect(options.length).toBeGreaterThan(0);
    for (const a of options)
      expect(a.type === 'charge' || a.type === 'assaut' ? a.target : a.type).toBe('sara');
    expect(refusal(s, { type: 'marche', to: { x: 20, y: 12 } })).toBe('ERR_ATTRACTION');
    expect(refusal(s, { type: 'focalisation' })).toBe('ERR_ATTRACTION');
    let { state } = play(s, { type: 'assaut', target: 'sara' });
    expect(dist(unit(state, 'dam'), unit(state, 'sara'))).toBeCloseTo(1.2, 5);
    expect(state.phase).toBe('actions.activation.reaction.esquive');
    state = play(state, { type: 'pasEsquive' }, [1, 1, 1, 1, 1, 1, 1]).state;
    expect(state.phase).toBe('actions.choix');
  });
  it('HD-01 T2/T3: an engaged enemy, or an engaged Sara, means no attraction', () => {
    const lem = { id: 'lem', side: 'blue' as const, profile: 'lemure', x: 0, y: 0 };
    // the enemy is engaged with Vargas
    let s = saraAnd(13.7, [{ id: 'vargas', side: 'blue', profile: 'vargas', x: 13.7, y: 13.2 }]);
    expect(attractionsOn(s, unit(s, 'dam'))).toEqual([]);
    // Sara is engaged with a lémure
    s = saraAnd(13.7, [{ ...lem, side: 'red', x: 10, y: 10.9 }]);
    expect(attractionsOn(s, unit(s, 'dam'))).toEqual([]);
  });
  it('HD-01 with HD-19: a combatant Mis au sol inside an attraction zone may still stand up (its only order)', () => {
    let s = patch(saraAnd(10 + 1.2 + 2.5), 'dam', { misAuSol: true });
    s = activate(s, 'dam');
    expect(refusal(s, { type: 'relever' })).toBeNull();
    expect(cands(s).map((a) => a.type)).toEqual(['relever']);
  });
  it('HD-01 with HD-19: an Immobilisé combatant inside an attraction zone may still wait (its only order)', () => {
    let s = patch(saraAnd(10 + 1.2 + 2.5), 'dam', { immobilise: { left: 1, at: 0 } });
    s = activate(s, 'dam');
    expect(refusal(s, { type: 'attendre' })).toBeNull();
    expect(cands(s).length).toBeGreaterThan(0);
  });
  it('HD-01 T4: exactly 3 toises edge to edge attracts; 3.5 does not', () => {
    expect(attractionsOn(saraAnd(10 + 1.2 + 3), unit(saraAnd(10 + 1.2 + 3), 'dam'))).toHaveLength(1);
    expect(attractionsOn(saraAnd(10 + 1.2 + 3.5), unit(saraAnd(10 + 1.2 + 3.5), 'dam'))).toHaveLength(0);
  });
  it('HD-02 T1: an ally screening Sara: the enemy must engage the defender whose zone it enters first', () => {
    // Sara against the table's edge, Vargas and Anna in front: every spot in contact with her lies in one of
    // their zones, and the Damné's cheapest way in enters Vargas's zone first.
    let s = position({
      units: [
        { id: 'sara', side: 'blue', profile: 'sara', x: 0.7, y: 12 },
        { id: 'vargas', side: 'blue', profile: 'vargas', x: 2.4, y: 10.3 },
        { id: 'anna', side: 'blue', profile: 'anna', x: 2.4, y: 13.8 },
        { id: 'dam', side: 'red', profile: 'damne', x: 4.6, y: 12 },
      ],
    });
    s = activate(s, 'dam');
    const [att] = attractionsOn(s, unit(s, 'dam'));
    expect(att!.attractor).toBe('sara');
    expect(att!.targets).toEqual(['vargas']);
    const options = cands(s);
    expect(options.length).toBeGreaterThan(0);
    for (const a of options) expect((a as { target?: string }).target).toBe('vargas');
    expect(refusal(s, { type: 'charge', target: 'sara' })).toBe('ERR_ATTRACTION');
    const { state } = play(s, { type: 'charge', target: 'vargas' });
    expect(dist(unit(state, 'dam'), unit(state, 'vargas'))).toBeCloseTo(1.2, 5);
  });
  it('HD-02 T2: a river between them (Impraticable, no way round): the enemy moves freely', () => {
    const s = position({
      units: [
        { id: 'sara', side: 'blue', profile: 'sara', x: 10, y: 12 },
        { id: 'dam', side: 'red', profile: 'damne', x: 13.5, y: 12 },
      ],
      terrain: [
        {
          id: 'riviere',
          kind: 'water',
          height: 0,
          poly: [
            { x: 11.3, y: 0 },
            { x: 12.2, y: 0 },
            { x: 12.2, y: 24 },
            { x: 11.3, y: 24 },
          ],
        },
      ],
    });
    expect(attractionsOn(s, unit(s, 'dam'))).toEqual([]);
  });
  it('HD-03 T1: in a zone of control and an attraction zone, it goes to Sara and pays no Commandement', () => {
    let s = saraAnd(13.7, [
      { id: 'anna', side: 'blue', profile: 'anna', x: 13.7, y: 14.1 },
      { id: 'tent', side: 'red', profile: 'tentatrice', x: 27, y: 22 }, // red's Commandement
    ]);
    expect(dist(unit(s, 'dam'), unit(s, 'anna')) - 1.2).toBeLessThan(1); // in Anna's zone
    s = activate(s, 'dam');
    const cmd = s.sides.red.cmd;
    expect(cmd).toBeGreaterThan(0);
    const paid = play(s, { type: 'assaut', target: 'sara' }, [1, 1, 1, 1, 1, 1]);
    expect(paid.state.sides.red.cmd).toBe(cmd);
    expect(dist(unit(paid.state, 'dam'), unit(paid.state, 'sara'))).toBeCloseTo(1.2, 5);
    // with no Commandement left it may still go: leaving Anna's zone costs nothing here
    s = { ...s, sides: { ...s.sides, red: { ...s.sides.red, cmd: 0 } } };
    expect(refusal(s, { type: 'assaut', target: 'sara' })).toBeNull();
    const { state } = play(s, { type: 'assaut', target: 'sara' }, [1, 1, 1, 1, 1, 1]);
    expect(state.sides.red.cmd).toBe(0);
  });
  it('HD-03 T2/T3: two attractors: the player chooses; a lémure is never attracted', () => {
    const s = position({
      units: [
        { id: 'sara', side: 'blue', profile: 'sara', x: 10, y: 12 },
        { id: 'sara2', side: 'blue', profile: 'sara', x: 16, y: 12 },
        { id: 'dam', side: 'red', profile: 'damne', x: 13, y: 12 },
        { id: 'lem', side: 'red', profile: 'lemure', x: 13, y: 9 },
      ],
    });
    expect(
      attractionsOn(s, unit(s, 'dam'))
        .map((a) => a.attractor)
        .sort(),
    ).toEqual(['sara', 'sara2']);
    expect(attractionsOn(s, unit(s, 'lem'))).toEqual([]);
  });
});

// --- Charisme, Ennemi juré, Terreur, Tenace, Premier choc, Encombrante ----------------------------------
describe('HD-04, HD-05, HD-13, HD-14, HD-23, HD-24 — CBT modifiers in a passe d’armes', () => {
  const duel = (blue: string, red: string, more: Parameters<typeof position>[0]['units'] = []) =>
    position({
      units: [
        { id: 'b', side: 'blue', profile: blue, x: 10, y: 12 },
        { id: 'r', side: 'red', profile: red, x: red === 'bourreau' ? 11.4 : 11.2, y: 12 },
        ...more,
      ],
    });
  it('HD-04 T1–T3: an ally 3 toises from Vargas rolls 4 d6; only the best Charisme counts; none at 5 toises', () => {
    let s = duel('aidan', 'damne', [{ id: 'vargas', side: 'blue', profile: 'vargas', x: 10, y: 8.8 }]);
    expect(passeCbt(s, unit(s, 'b'), unit(s, 'r'))!.value).toBe(4);
    s = patch(s, 'b', {});
    const { events } = play(activate(s, 'b'), { type: 'melee', target: 'r' });
    expect(passeEvent(events).dice![0]!.dice).toHaveLength(4);
    s = duel('aidan', 'damne', [
      { id: 'vargas', side: 'blue', profile: 'vargas', x: 10, y: 8.8 },
      { id: 'bret', side: 'blue', profile: 'bretcheur', x: 8, y: 12 },
    ]);
    expect(passeCbt(s, unit(s, 'b'), unit(s, 'r'))!.value).toBe(4);
    s = duel('aidan', 'damne', [{ id: 'vargas', side: 'blue', profile: 'vargas', x: 10, y: 5.8 }]);
    expect(passeCbt(s, unit(s, 'b'), unit(s, 'r'))!.value).toBe(3);
  });
  it('HD-04 T4: CBT 7 rolls 5 d6 and has 2 re-rolls', () => {
    const r = rollPool(new Rng(rngForDice([1, 1, 6, 6, 6, 5, 5])), 7, 4, 0);
    expect(r.dice).toEqual([5, 5, 6, 6, 6]);
    expect(r.rerolled).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(r.hits).toBe(5);
  });
  it('HD-05 T1/T3: the Missionnaire rolls 5 d6 against a Damné, which rolls 4; no modifier otherwise', () => {
    const s = duel('missionnaire', 'damne');
    expect(passeCbt(s, unit(s, 'b'), unit(s, 'r'))!.value).toBe(5);
    expect(passeCbt(s, unit(s, 'r'), unit(s, 'b'))!.value).toBe(4);
    const t = duel('aidan', 'damne');
    expect(passeCbt(t, unit(t, 'r'), unit(t, 'b'))!.value).toBe(3);
  });
  it('HD-13 T1/T2: Vargas charged while en attente gets +1 CBT; already activated, +0', () => {
    let s = position({
      units: [
        { id: 'vargas', side: 'blue', profile: 'vargas', x: 10, y: 12 },
        { id: 'dam', side: 'red', profile: 'lemure', x: 14, y: 12 },
      ],
    });
    s = activate(s, 'dam');
    const { events } = play(s, { type: 'charge', target: 'vargas' });
    const p = passeEvent(events);
    // house profile: Vargas has CBT 4; + Tenace 1 + Premier choc 1 of his rapier = 6 (5 dice, 1 re-roll)
    expect(p.dice![1]!.label).toBe('vargas CBT 6 (riposte)');
    expect(p.rule).toContain('HD-13');
    s = patch(s, 'vargas', { activated: true });
    const second = play(s, { type: 'charge', target: 'vargas' });
    expect(passeEvent(second.events).dice![1]!.label).toBe('vargas CBT 5 (riposte)');
  });
  it('HD-14 T1/T2: an enemy in contact with Anna rolls one die less', () => {
    const s = duel('anna', 'bourreau');
    expect(passeCbt(s, unit(s, 'r'), unit(s, 'b'))!.value).toBe(3);
  });
  it('HD-24 T1/T2 and HD-23 T1: Premier choc on the first passe only; Encombrante from the second', () => {
    let s = position({
      units: [
        { id: 'miss', side: 'blue', profile: 'missionnaire', x: 10, y: 12 },
        { id: 'dam', side: 'red', profile: 'damne', x: 14, y: 12 },
      ],
    });
    s = activate(s, 'dam');
    let r = play(s, { type: 'charge', target: 'miss' }, [1, 1, 1, 1, 1]);
    // Damné: CBT 3 + Ennemi juré faced 1 + Premier choc 1 = 5; Missionnaire: 3 + 2 = 5, no Encombrante yet.
    expect(passeEvent(r.events).dice!.map((d) => d.dice.length)).toEqual([5, 5]);
    // fresh PV for both, so the second passe shows only HD-23/HD-24 (the first one's dice are not all fixed)
    s = patch(patch(r.state, 'dam', { pv: 5, misAuSol: false }), 'miss', { pv: 6, misAuSol: false });
    s = activate(s, 'miss');
    r = play(s, { type: 'melee', target: 'dam' });
    // second passe: Missionnaire 3 + 2 − 1 (Encombrante) = 4; Damné 3 + 1 = 4 (no more Premier choc)
    expect(passeEvent(r.events).dice!.map((d) => d.dice.length)).toEqual([4, 4]);
  });
  it('HD-23 T2: contact broken and re-made: the count starts again', () => {
    let s = position({
      units: [
        { id: 'miss', side: 'blue', profile: 'missionnaire', x: 10, y: 12 },
        { id: 'dam', side: 'red', profile: 'damne', x: 11.2, y: 12 },
      ],
    });
    s = companyRuleset.clone(s);
    s.pairs[0]!.passes = 3;
    s.pairs[0]!.fresh = false;
    expect(passeCbt(s, unit(s, 'miss'), unit(s, 'dam'))!.value).toBe(4);
    const moved = patch(s, 'dam', { x: 16 });
    const back = patch(moved, 'dam', { x: 11.2 });
    // the pair is rebuilt by the rules when contact changes
    const again = companyRuleset.clone(back);
    again.pairs = [];
    expect(passeCbt(again, unit(again, 'miss'), unit(again, 'dam'))!.value).toBe(5);
  });
});

// --- Esquive ------------------------------------------------------------------------------------------------
describe('HD-06 — Esquive X', () => {
  const charged = (
    patchSara: Partial<ReturnType<typeof unit>> = {},
    more: Parameters<typeof position>[0]['units'] = [],
  ) => {
    let s = position({
      units: [
        { id: 'sara', side: 'blue', profile: 'sara', x: 10, y: 12 },
        { id: 'dam', side: 'red', profile: 'damne', x: 17, y: 12 },
        ...more,
      ],
    });
    s = patch(s, 'sara', patchSara);
    s = activate(s, 'dam');
    return play(s, { type: 'charge', target: 'sara' }).state;
  };
  it('HD-06 T1: charged, d6 = 2: Sara moves up to 3 toises away and the charger stays at the contact point', () => {
    const s = charged();
    expect(s.phase).toBe('actions.activation.reaction.esquive');
    expect(companyRuleset.decision(s)!.side).toBe('blue');
    const at = { ...unit(s, 'dam') };
    const before = { ...unit(s, 'sara') };
    const { state, events } = play(s, { type: 'esquive' }, [2]);
    expect(kinds(events)).toContain('HD-06:esquive');
    expect(dist(unit(state, 'sara'), before)).toBeLessThanOrEqual(3 + 1e-9);
    expect(unit(state, 'dam').x).toBe(at.x);
    expect(events.some((e) => e.kind === 'passe')).toBe(false);
    expect(unit(state, 'sara').esquiveUsed).toBe(true);
  });
  it('HD-06 T2: d6 = 3 fails, the passe follows, and a second contact this phase allows no new try', () => {
    const s = charged();
    const { state, events } = play(s, { type: 'esquive' }, [3]);
    expect(events.some((e) => e.kind === 'passe')).toBe(true);
    expect(unit(state, 'sara').esquiveUsed).toBe(true);
    expect(state.phase).toBe('actions.choix');
  });
  it('HD-06 T3: every spot within 3 toises is in an enemy zone: no Esquive', () => {
    const ring = [2.7, 4.6]
      .flatMap((radius, j) =>
        Array.from({ length: 7 }, (_, k) => ({
          id: `l${j}${k}`,
          side: 'red' as const,
          profile: 'lemure',
          x: 10 + radius * Math.cos(((k + 1 + j / 2) * Math.PI) / 4),
          y: 12 + radius * Math.sin(((k + 1 + j / 2) * Math.PI) / 4),
        })),
      )
      .filter((l) => !(l.x > 12 && Math.abs(l.y - 12) < 1.5));
    const s = charged({}, ring);
    expect(s.phase).not.toBe('actions.activation.reaction.esquive');
  });
  it('HD-06 T4: Mis au sol, no Esquive roll', () => {
    const s = charged({ misAuSol: true });
    expect(s.phase).not.toBe('actions.activation.reaction.esquive');
  });
});

// --- Fanatique, Blessé ---------------------------------------------------------------------------------------
describe('HD-07 — Fanatique', () => {
  it('HD-07 T1–T3: Blessé at 3 PV: CBT 4, DEF 5, DPT 3, TIR 0, FOI 3; at 4 PV unchanged', () => {
    let s = position({
      units: [
        { id: 'm', side: 'blue', profile: 'missionnaire', x: 5, y: 5 },
        { id: 'x', side: 'red', profile: 'damne', x: 25, y: 20 },
      ],
    });
    s = patch(s, 'm', { pv: 4 });
    let m = unit(s, 'm');
    expect([cbtOf(m), defOf(m), dptOf(m), tirOf(m), foiOf(m)]).toEqual([3, 4, 4, 0, 2]);
    s = patch(s, 'm', { pv: 3 });
    m = unit(s, 'm');
    expect([cbtOf(m), defOf(m), dptOf(m), tirOf(m), foiOf(m)]).toEqual([4, 5, 3, 0, 3]);
    // a profile without Fanatique takes the normal Blessé modifiers (C7 ASSUMPTION)
    s = patch(s, 'x', { pv: 2 });
    expect([cbtOf(unit(s, 'x')), defOf(unit(s, 'x'))]).toEqual([2, 2]);
  });
});

// --- Fuyant, Fuite -------------------------------------------------------------------------------------------
describe('HD-08 — Fuyant', () => {
  it('HD-08 T1: Sara flees a CBT 4 adversary: its free attack rolls 2 d6, she rolls none; [5, 1] = 1 damage', () => {
    let s = position({
      units: [
        { id: 'sara', side: 'blue', profile: 'sara', x: 10, y: 12 },
        { id: 'bour', side: 'red', profile: 'bourreau', x: 11.4, y: 12 },
      ],
    });
    s = activate(s, 'sara');
    const { state, events } = play(s, { type: 'fuite', to: { x: 6, y: 12 } }, [5, 1]);
    const p = passeEvent(events);
    expect(p.rule).toContain('HD-08');
    expect(p.dice).toHaveLength(1);
    expect(p.dice![0]!.dice).toEqual([5, 1]);
    expect(unit(state, 'sara').pv).toBe(4);
    expect(unit(state, 'sara').x).toBe(6);
  });
});

// --- Garde du corps ------------------------------------------------------------------------------------------
describe('HD-09 — Garde du corps', () => {
  it('HD-09 T1–T3: +1 Protection in contact, after cover, never above 3', () => {
    const s = position({
      units: [
        { id: 'anna', side: 'blue', profile: 'anna', x: 10, y: 12 },
        { id: 'vargas', side: 'blue', profile: 'vargas', x: 11.2, y: 12 },
        { id: 'x', side: 'red', profile: 'damne', x: 25, y: 20 },
      ],
    });
    expect(protectionOf(s, unit(s, 'vargas'), true)).toBe(3); // PR 1 + cover 1 + 1
    expect(protectionOf(s, unit(s, 'vargas'), false)).toBe(2);
    expect(protectionOf(s, unit(s, 'anna'), false)).toBe(0); // not to itself
    const far = patch(s, 'vargas', { x: 14 });
    expect(protectionOf(far, unit(far, 'vargas'), false)).toBe(1);
  });
});

// --- Guérisseur ----------------------------------------------------------------------------------------------
describe('HD-10 — Guérisseur X', () => {
  const healer = (vx: number, pv: number) =>
    activate(
      patch(
        position({
          units: [
            { id: 'anna', side: 'blue', profile: 'anna', x: 10, y: 12 },
            { id: 'vargas', side: 'blue', profile: 'vargas', x: vx, y: 12 },
            { id: 'x', side: 'red', profile: 'damne', x: 25, y: 20 },
          ],
        }),
        'vargas',
        { pv },
      ),
      'anna',
    );
  it('HD-10 T1: Anna Focalises next to an ally at 2 PV: 5 PV', () => {
    const { state } = play(healer(11.2, 2), { type: 'focalisation', pouvoir: 'guerison', target: 'vargas' });
    expect(unit(state, 'vargas').pv).toBe(5);
  });
  it('HD-10 T2: not in contact: refused', () => {
    expect(refusal(healer(12.2, 2), { type: 'focalisation', pouvoir: 'guerison', target: 'vargas' })).toBe(
      'ERR_TARGET',
    );
  });
  it('HD-10 T4: capped at starting PV', () => {
    const { state } = play(healer(11.2, 6), { type: 'focalisation', pouvoir: 'guerison', target: 'vargas' });
    expect(unit(state, 'vargas').pv).toBe(7);
  });
});

// --- Insaisissable -------------------------------------------------------------------------------------------
describe('HD-11 — Insaisissable', () => {
  const zone = (who: string) =>
    activate(
      position({
        units: [
          { id: 'me', side: 'blue', profile: who, x: 10, y: 12 },
          { id: 'l1', side: 'red', profile: 'lemure', x: 12.5, y: 13.5 },
          { id: 'l2', side: 'red', profile: 'lemure', x: 14.5, y: 10.8 },
        ],
      }),
      'me',
    );
  it('HD-11 T1: the Bretcheur walks through two enemy zones with no stop and no cost', () => {
    const s = zone('bretcheur');
    const { state } = play(s, { type: 'marche', to: { x: 13.9, y: 12.2 } });
    expect(state.sides.blue.cmd).toBe(s.sides.blue.cmd);
    expect(refusal(zone('aidan'), { type: 'marche', to: { x: 13.9, y: 12.2 } })).toBe('ERR_ZOC');
  });
  it('HD-11 T2: leaving contact pays nothing and suffers no opportunity attack', () => {
    let s = position({
      units: [
        { id: 'me', side: 'blue', profile: 'bretcheur', x: 10, y: 12 },
        { id: 'l1', side: 'red', profile: 'lemure', x: 11.6, y: 12 },
      ],
    });
    s = activate(s, 'me');
    const { state, events } = play(s, { type: 'marche', to: { x: 7, y: 12 }, opportunite: true });
    expect(events.some((e) => e.kind === 'passe')).toBe(false);
    expect(state.sides.blue.cmd).toBe(s.sides.blue.cmd);
  });
});

// --- Maître d'arme -------------------------------------------------------------------------------------------
describe("HD-12 — Maître d'arme X", () => {
  it('HD-12 T1: [6, 4, 2] against DEF 4, the 6 is forced again and shows 3: 1 hit', () => {
    const r = rollPool(new Rng(rngForDice([6, 4, 2, 3])), 3, 4, 1);
    expect(r.dice).toEqual([3, 4, 2]);
    expect(r.hits).toBe(1);
  });
  it('HD-12 T2: an already re-rolled die may be forced again: CBT 6 [6, 5, 4, 2, 1], a miss re-rolled → 4, then that 4 → 2: 3 hits', () => {
    const r = rollPool(new Rng(rngForDice([6, 5, 4, 2, 1, 4, 2])), 6, 4, 1);
    expect(r.rerolled).toEqual([
      [3, 2],
      [3, 4],
    ]);
    expect(r.dice).toEqual([6, 5, 4, 2, 1]);
    expect(r.hits).toBe(3);
    expect(r.forced).toBe(1);
  });
  it('HD-12: in a passe against the Bretcheur, his adversary’s hits are re-rolled (event names HD-12)', () => {
    let s = position({
      units: [
        { id: 'bret', side: 'blue', profile: 'bretcheur', x: 10, y: 12 },
        { id: 'dam', side: 'red', profile: 'damne', x: 11.2, y: 12 },
      ],
    });
    s = activate(s, 'dam');
    const { events } = play(s, { type: 'melee', target: 'bret' }, [6, 4, 2, 3]);
    const p = passeEvent(events);
    expect(p.rule).toContain('HD-12');
    expect(p.dice![0]!.dice).toEqual([3, 4, 2]);
  });
});

// --- Tir défensif, Tireur entraîné, Rechargement ---------------------------------------------------------------
describe('HD-15 — Tir défensif', () => {
  const chargedAidan = (
    fields: Partial<ReturnType<typeof unit>> = {},
    more: Parameters<typeof position>[0]['units'] = [],
  ) => {
    let s = position({
      units: [
        { id: 'aidan', side: 'blue', profile: 'aidan', x: 10, y: 12 },
        { id: 'lem', side: 'red', profile: 'lemure', x: 16, y: 12 },
        ...more,
      ],
    });
    s = patch(s, 'aidan', fields);
    s = activate(s, 'lem');
    return play(s, { type: 'charge', target: 'aidan' }).state;
  };
  it('HD-15 T1: Aidan en attente, loaded, shoots the charging lémure [5, 4, 1]: 2 damage, it dies, no passe', () => {
    const s = chargedAidan();
    expect(s.phase).toBe('actions.activation.reaction.tirDefensif');
    const { state, events } = play(s, { type: 'tirDefensif' }, [5, 4, 1]);
    expect(kinds(events)).toContain('HD-15:tir');
    expect(unit(state, 'lem').alive).toBe(false);
    expect(events.some((e) => e.kind === 'passe')).toBe(false);
    expect(unit(state, 'aidan').reload).toBe(1);
  });
  it('HD-15 T2/T3: reloading, or engaged with another enemy: no defensive fire', () => {
    expect(chargedAidan({ reload: 1 }).phase).not.toBe('actions.activation.reaction.tirDefensif');
    const s = chargedAidan({}, [{ id: 'dam', side: 'red', profile: 'damne', x: 10, y: 10.8 }]);
    expect(s.phase).not.toBe('actions.activation.reaction.tirDefensif');
  });
});

describe('HD-16 — Tireur entraîné X', () => {
  it('HD-16 T1: the Arquebusier shooting without moving rolls 4 d6; moving first, 3', () => {
    let s = position({
      units: [
        { id: 'arq', side: 'blue', profile: 'arquebusier', x: 5, y: 12 },
        { id: 'dam', side: 'red', profile: 'bourreau', x: 15, y: 12 },
      ],
    });
    s = activate(s, 'arq');
    const still = play(s, { type: 'tir', target: 'dam' }, [1, 1, 1, 1]);
    expect(diceOf(still.events)).toHaveLength(4);
    const moving = play(s, { type: 'tir', target: 'dam', to: { x: 6, y: 12 } }, [1, 1, 1]);
    expect(diceOf(moving.events)).toHaveLength(3);
  });
});

describe('HD-25 — Rechargement X', () => {
  const arq = () =>
    position({
      units: [
        { id: 'arq', side: 'blue', profile: 'arquebusier', x: 5, y: 12 },
        { id: 'bour', side: 'red', profile: 'bourreau', x: 25, y: 12 },
        { id: 'dam', side: 'red', profile: 'tentatrice', x: 9, y: 12 },
      ],
    });
  const nextTurnFor = (s: CompanyState, id: string) => activate(patch(s, id, { activated: false }), id);
  it('HD-25 T3/T1: loaded at the start; after a shot, two consecutive Focalisations reload', () => {
    let s = arq();
    expect(unit(s, 'arq').reload).toBe(0);
    s = play(activate(s, 'arq'), { type: 'tir', target: 'dam' }, [1, 1, 1, 1]).state;
    expect(unit(s, 'arq').reload).toBe(2);
    s = play(nextTurnFor(s, 'arq'), { type: 'focalisation' }).state;
    expect(unit(s, 'arq').reload).toBe(1);
    expect(refusal(nextTurnFor(s, 'arq'), { type: 'tir', target: 'dam' })).toBe('ERR_RECHARGEMENT');
    s = play(nextTurnFor(s, 'arq'), { type: 'focalisation' }).state;
    expect(unit(s, 'arq').reload).toBe(0);
  });
  it('HD-25 T2: Focalisation, Marche, Focalisation: still 1 to go', () => {
    let s = patch(arq(), 'arq', { reload: 2 });
    s = play(activate(s, 'arq'), { type: 'focalisation' }).state;
    s = play(nextTurnFor(s, 'arq'), { type: 'marche', to: { x: 5, y: 14 } }).state;
    expect(unit(s, 'arq').reload).toBe(2);
    s = play(nextTurnFor(s, 'arq'), { type: 'focalisation' }).state;
    expect(unit(s, 'arq').reload).toBe(1);
  });
  const chargedReloader = () => {
    let s = patch(arq(), 'arq', { reload: 1, activated: true });
    s = activate(s, 'dam');
    s = play(s, { type: 'charge', target: 'arq' }).state;
    expect(s.phase).toBe('actions.activation.reaction.rechargement');
    return s;
  };
  it('HD-25 T4: charged with 1 Focalisation done, (a) fights normally: both roll, then 2 Focalisations needed', () => {
    const { state, events } = play(chargedReloader(), { type: 'combattre' });
    const p = passeEvent(events);
    expect(p.dice).toHaveLength(2);
    expect(p.dice![1]!.dice).toHaveLength(2);
    expect(unit(state, 'arq').reload).toBe(2);
  });
  it('HD-25 T5: (b) keeps its Focalisation and suffers an attaque sans riposte: [4, 4, 1] … 1 more Focalisation loads', () => {
    // the Tentatrice charging rolls CBT 3
    const { state, events } = play(chargedReloader(), { type: 'garderRecharge' }, [4, 4, 1]);
    const p = passeEvent(events);
    expect(p.dice).toHaveLength(1);
    expect(unit(state, 'arq').pv).toBe(5 - Math.max(0, 2 - 1)); // 2 hits, PR 1
    expect(unit(state, 'arq').reload).toBe(1);
    const again = play(nextTurnFor(state, 'arq'), { type: 'focalisation' }).state;
    expect(unit(again, 'arq').reload).toBe(0);
  });
});

// --- States -----------------------------------------------------------------------------------------------
const pass = (s: CompanyState): CompanyState => {
  // every remaining activation waits, until the next phase d'entretien or the end
  let st = s;
  const turn = st.turn;
  while (st.turn === turn && !st.result) {
    const d = companyRuleset.decision(st)!;
    let a: CompanyAction;
    if (st.phase === 'entretien') a = { type: 'premier', side: d.side as 'blue' };
    else if (st.phase === 'actions.choix') a = cands(st).find((x) => x.type === 'activer')!;
    else a = cands(st).find((x) => x.type === 'attendre' || x.type === 'relever') ?? cands(st)[0]!;
    st = play(st, a).state;
  }
  return st;
};

describe('HD-17 — Consumé', () => {
  const lone = () =>
    position({
      units: [
        { id: 'v', side: 'blue', profile: 'vargas', x: 5, y: 5 },
        { id: 'x', side: 'red', profile: 'bourreau', x: 25, y: 20 },
      ],
    });
  it('HD-17 T1: feu 1/3 applied in turn 1 costs 1 PV at the start of turns 2, 3 and 4, then ends', () => {
    let s = patch(lone(), 'v', { consume: [{ type: 'feu', x: 1, y: 3, durable: false }] });
    s = pass(s);
    expect([s.turn, unit(s, 'v').pv]).toEqual([2, 6]);
    s = pass(s);
    s = pass(s);
    expect([s.turn, unit(s, 'v').pv, unit(s, 'v').consume]).toEqual([4, 4, []]);
    s = pass(s);
    expect(unit(s, 'v').pv).toBe(4);
  });
  it('HD-17 T2: feu 2/1 + feu 1/3 merge into feu 2/3', async () => {
    const { applyState } = await import('./combat');
    const s = lone();
    const ctx = { s: companyRuleset.clone(s), rng: new Rng(s.rng), ev: null };
    applyState(ctx, unit(ctx.s, 'v'), {
      state: 'consume',
      minHits: 1,
      consume: { type: 'feu', x: 2, y: 1, durable: false },
    });
    applyState(ctx, unit(ctx.s, 'v'), {
      state: 'consume',
      minHits: 1,
      consume: { type: 'feu', x: 1, y: 3, durable: false },
    });
    expect(unit(ctx.s, 'v').consume).toEqual([{ type: 'feu', x: 2, y: 3, durable: false }]);
  });
  it('HD-17 T3: a Focalisation ends feu at once; durable poison still costs 1 PV at turns 2 and 3', () => {
    let s = patch(lone(), 'v', {
      consume: [
        { type: 'feu', x: 1, y: 3, durable: false },
        { type: 'poison', x: 1, y: 2, durable: true },
      ],
    });
    s = play(activate(s, 'v'), { type: 'focalisation' }).state;
    expect(unit(s, 'v').consume.map((c) => c.type)).toEqual(['poison']);
    s = pass(s);
    s = pass(s);
    expect([s.turn, unit(s, 'v').pv, unit(s, 'v').consume]).toEqual([3, 5, []]);
  });
});

describe('HD-18 — Contrôlé X', () => {
  const bewitched = () => {
    let s = position({
      units: [
        { id: 'tent', side: 'red', profile: 'tentatrice', x: 12, y: 12 },
        { id: 'vargas', side: 'blue', profile: 'vargas', x: 8, y: 12 },
        { id: 'anna', side: 'blue', profile: 'anna', x: 8, y: 8 },
        { id: 'aidan', side: 'blue', profile: 'aidan', x: 3, y: 3 },
        { id: 'dam', side: 'red', profile: 'damne', x: 8, y: 13.2 },
      ],
    });
    s = activate(s, 'tent');
    return play(s, { type: 'focalisation', pouvoir: 'envoutement', target: 'vargas' }, [4]).state;
  };
  it('HD-18 T1: the controller activates it once, then it returns to its owner', () => {
    let s = bewitched();
    expect(unit(s, 'vargas').controle).toEqual({ by: 'red', left: 1, at: 1 });
    expect(s.toAct).toBe('blue');
    s = { ...s, toAct: 'red' };
    expect(refusal(s, { type: 'activer', unit: 'vargas' })).toBeNull();
    s = play(s, { type: 'activer', unit: 'vargas' }).state;
    expect(companyRuleset.decision(s)!.side).toBe('red');
    s = play(s, { type: 'charge', target: 'anna' }).state;
    expect(unit(s, 'vargas').controle).toBeNull();
  });
  it('HD-18 T2: no Focalisation, no aura (its Charisme helps nobody)', () => {
    let s = bewitched();
    // with the Tentatrice away, the only Charisme near the Damné is Vargas's, now red's: an aura, so off
    const away = patch(s, 'tent', { x: 25 });
    expect(passeCbt(away, unit(away, 'dam'), unit(away, 'aidan'))!.value).toBe(3);
    expect(passeCbt(s, unit(s, 'dam'), unit(s, 'aidan'))!.value).toBe(4); // the Tentatrice's own
    s = play({ ...s, toAct: 'red' }, { type: 'activer', unit: 'vargas' }).state;
    expect(refusal(s, { type: 'focalisation' })).toBe('ERR_ORDRE');
  });
  it('HD-18 T3: leaving a zone of control costs the controlling player 1 Commandement', () => {
    let s = bewitched();
    // Vargas stands in contact with the Damné, now an ally; Anna (blue) is 4 toises away: move him out of Aidan's reach
    s = patch(s, 'aidan', { x: 8, y: 10.5 });
    s = play({ ...s, toAct: 'red' }, { type: 'activer', unit: 'vargas' }).state;
    const cmd = s.sides.red.cmd;
    s = play(s, { type: 'marche', to: { x: 11, y: 11 } }).state;
    expect(s.sides.red.cmd).toBe(cmd - 1);
    expect(s.sides.blue.cmd).toBe(6);
  });
  it('HD-18 T4: it counts as a waiting combatant of its controller (infériorité numérique)', () => {
    const s = bewitched();
    // blue: anna, aidan (2 waiting); red: vargas (controlled), dam (2 waiting); one activation made
    expect(refusal(s, { type: 'ceder' })).toBe('ERR_CEDER');
    const fewer = patch(s, 'aidan', { activated: true });
    expect(refusal(fewer, { type: 'ceder' })).toBeNull();
  });
  it('HD-18 T5: a red combatant in contact with it may not attack it', () => {
    let s = bewitched();
    s = play({ ...s, toAct: 'red' }, { type: 'activer', unit: 'dam' }).state;
    expect(refusal(s, { type: 'melee', target: 'vargas' })).toBe('ERR_TARGET');
  });
});

describe('HD-19 — Immobilisé X', () => {
  const held = (n: number) =>
    patch(
      position({
        units: [
          { id: 'v', side: 'blue', profile: 'vargas', x: 10, y: 12 },
          { id: 'd1', side: 'red', profile: 'damne', x: 11.2, y: 12 },
          ...(n > 1 ? [{ id: 'd2', side: 'red' as const, profile: 'damne', x: 8.8, y: 12 }] : []),
        ],
      }),
      'v',
      { immobilise: { left: 2, at: 0 } },
    );
  it('HD-19 T1: DEF 4 → 1, all dice hit and it rolls nothing; it clears after its 2nd activation', () => {
    let s = held(1);
    expect(defOf(unit(s, 'v'))).toBe(1);
    s = activate(s, 'd1');
    const r = play(s, { type: 'melee', target: 'v' }, [1, 1, 3]);
    expect(passeEvent(r.events).dice).toHaveLength(1);
    expect(unit(r.state, 'v').pv).toBe(7 - (3 - 1)); // 3 dice all hit, PR 1
    s = activate(held(1), 'v');
    expect(cands(s)).toEqual([{ type: 'attendre' }]);
    s = play(s, { type: 'attendre' }, [1, 1, 1]).state;
    expect(unit(s, 'v').immobilise).toEqual({ left: 1, at: 0 });
    s = play(activate(patch(s, 'v', { activated: false }), 'v'), { type: 'attendre' }, [1, 1, 1]).state;
    expect(unit(s, 'v').immobilise).toBeNull();
  });
  it('HD-19 T2: two enemies in contact: their player picks which one attacks without riposte', () => {
    let s = activate(held(2), 'v');
    s = play(s, { type: 'attendre' }).state;
    expect(s.phase).toBe('actions.activation.attaqueLibre');
    expect(companyRuleset.decision(s)!.side).toBe('red');
    const { events } = play(s, { type: 'attaqueLibre', unit: 'd2' }, [1, 1, 1]);
    expect(passeEvent(events).units).toEqual(['d2', 'v']);
  });
  it('HD-19 T3: it has no zone of control: an enemy leaves contact freely', () => {
    let s = held(1);
    expect(hasZoc(unit(s, 'v'))).toBe(false);
    s = activate(s, 'd1');
    const cmd = s.sides.red.cmd;
    const { state, events } = play(s, { type: 'marche', to: { x: 14, y: 12 } });
    expect(state.sides.red.cmd).toBe(cmd);
    expect(events.some((e) => e.kind === 'passe')).toBe(false);
  });
});

describe('HD-20 — Mis au sol', () => {
  const down = (contact: boolean) =>
    patch(
      position({
        units: [
          { id: 'v', side: 'blue', profile: 'aidan', x: 10, y: 12 },
          { id: 'd', side: 'red', profile: 'tentatrice', x: contact ? 11.2 : 16, y: 12 },
        ],
      }),
      'v',
      { misAuSol: true },
    );
  it('HD-20 T1: alone, it stands up and its activation ends', () => {
    let s = activate(down(false), 'v');
    expect(cands(s)).toEqual([{ type: 'relever' }]);
    s = play(s, { type: 'relever' }).state;
    expect(unit(s, 'v').misAuSol).toBe(false);
    expect(s.phase).toBe('actions.choix');
  });
  it('HD-20 T2: attacked in contact while down (CBT 3, DEF 4) it rolls 1 d6 and [2, 3, 6] all hit (DEF 2); it stands if it survives', () => {
    let s = down(true);
    s = activate(s, 'd');
    // the Damné in contact: CBT 3 (no Premier choc: the contact is not new)
    const { state, events } = play(s, { type: 'melee', target: 'v' }, [2, 3, 6, 1]);
    const p = passeEvent(events);
    expect(p.dice!.map((d) => d.dice)).toEqual([[2, 3, 6], [1]]);
    expect(p.dice![0]!.target).toBe(2);
    expect(unit(state, 'v').pv).toBe(6 - (3 - 1));
    expect(unit(state, 'v').misAuSol).toBe(false);
  });
  it('HD-20 T3: standing up in contact, a passe is fought at once with the maluses', () => {
    const s = activate(down(true), 'v');
    const { state, events } = play(s, { type: 'relever' }, [1, 1, 1, 1, 1, 1]);
    const p = passeEvent(events);
    expect(p.rule).toContain('HD-20');
    expect(p.dice![0]!.dice).toHaveLength(1); // CBT 3 − 2
    expect(unit(state, 'v').misAuSol).toBe(false);
  });
});

describe('HD-21 — Ralenti X', () => {
  const slow = () =>
    patch(
      position({
        units: [
          { id: 'a', side: 'blue', profile: 'vargas', x: 5, y: 5 },
          { id: 'b', side: 'blue', profile: 'anna', x: 5, y: 8 },
          { id: 'x', side: 'red', profile: 'damne', x: 25, y: 20 },
        ],
      }),
      'a',
      { ralenti: { left: 1, at: 0 } },
    );
  it('HD-21 T1/T3: activated last in its company, even with Vae soli', () => {
    const s = play(slow(), { type: 'premier', side: 'blue' }).state;
    expect(refusal(s, { type: 'activer', unit: 'a' })).toBe('ERR_RALENTI');
    expect(refusal(s, { type: 'activer', unit: 'a', vaeSoli: true })).toBe('ERR_RALENTI');
    expect(refusal(s, { type: 'activer', unit: 'b' })).toBeNull();
  });
  it('HD-21 T2: Ralenti 1: −2 Déplacement in its activation, then the state ends', () => {
    let s = patch(slow(), 'b', { activated: true });
    expect(dptOf(unit(s, 'a'))).toBe(2);
    s = activate(s, 'a');
    expect(refusal(s, { type: 'marche', to: { x: 5, y: 2.9 } })).toBe('ERR_TOO_FAR');
    s = play(s, { type: 'marche', to: { x: 5, y: 3.1 } }).state;
    expect(unit(s, 'a').ralenti).toBeNull();
  });
});

describe('HD-22 — Sonné X', () => {
  it('HD-22 T1–T3: no Tir, no zone of control, −1 CBT −1 DEF; it clears after its activation', () => {
    let s = position({
      units: [
        { id: 'arq', side: 'blue', profile: 'aidan', x: 5, y: 12 },
        { id: 'dam', side: 'red', profile: 'damne', x: 10, y: 12 },
      ],
    });
    s = patch(s, 'arq', { sonne: { left: 1, at: 0 } });
    const u = unit(s, 'arq');
    expect([cbtOf(u), defOf(u), hasZoc(u)]).toEqual([2, 3, false]);
    s = activate(s, 'arq');
    expect(refusal(s, { type: 'tir', target: 'dam' })).toBe('ERR_ORDRE');
    s = play(s, { type: 'attendre' }).state;
    expect(unit(s, 'arq').sonne).toBeNull();
  });
});

describe('odds', () => {
  it('C2: the odds of a passe are exact (sum to 1) and match the dice kit', () => {
    const s = position({
      units: [
        { id: 'b', side: 'blue', profile: 'vargas', x: 10, y: 12 },
        { id: 'r', side: 'red', profile: 'lemure', x: 11.1, y: 12 },
      ],
    });
    const o = companyRuleset.odds(s, { attacker: 'b', target: 'r', kind: 'melee' });
    expect(o.ok).toBe(true);
    if (!o.ok) return;
    expect(o.value.casualties[0]! + o.value.casualties[1]!).toBeCloseTo(1, 12);
    // Vargas CBT 4 = 4 dice ≥ 3 (no Premier choc: the contact is not new), PV 2: dies unless ≤ 1 hit
    const p = 4 / 6;
    const le1 = (1 - p) ** 4 + 4 * p * (1 - p) ** 3;
    expect(o.value.casualties[1]).toBeCloseTo(1 - le1, 12);
  });
});
