/**
 * Property and fuzz tests over whole random `company` games: COMPANY_GAMES games (default 1,000, split
 * between the shipped scenarios) end without an exception, keep the invariants after every ply, and replay
 * from their records to identical hashes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomBot } from '../ai/bots';
import { playMatch } from '../ai/match';
import { hashState } from '../src/engine/hash';
import { replay } from '../src/engine/record';
import { companyRuleset } from '../src/rulesets/company';
import { edgeBetween, prof } from '../src/rulesets/company/state';
import type { CompanyAction, CompanyState } from '../src/rulesets/company/types';
import { scenarios } from '../src/rulesets/registry';
import { randomGameStates } from './helpers/random-game';

const GAMES = Number(process.env.COMPANY_GAMES ?? 1000);

function invariants(s: CompanyState): string | null {
  const live = s.units.filter((u) => u.alive);
  for (const u of s.units) {
    if (u.pv < 0 || u.pv > prof(u).pv) return `${u.id} has ${u.pv} PV`;
    if (u.alive !== u.pv > 0) return `${u.id} alive=${u.alive} with ${u.pv} PV`;
    const x = prof(u).ranged?.rechargement ?? 0;
    if (u.reload < 0 || u.reload > x) return `${u.id} reload ${u.reload} outside 0…${x}`;
    if (u.controle && u.controle.by === u.owner) return `${u.id} controlled by its owner`;
    for (const t of [u.sonne, u.ralenti, u.immobilise])
      if (t && t.left <= 0) return `${u.id} has a spent timer`;
  }
  for (let i = 0; i < live.length; i++) {
    const a = live[i]!;
    const r = prof(a).radius;
    if (a.x < r - 1e-6 || a.y < r - 1e-6 || a.x > s.table.width - r + 1e-6 || a.y > s.table.height - r + 1e-6)
      return `${a.id} is off the table`;
    for (let j = i + 1; j < live.length; j++)
      if (edgeBetween(a, live[j]!) < -1e-4) return `${a.id} and ${live[j]!.id} overlap`;
  }
  for (const side of ['blue', 'red'] as const) {
    if (s.sides[side].cmd < 0 || s.sides[side].cmd > s.sides[side].cmdBase)
      return `${side} Commandement out of range`;
  }
  // (a decision with no candidate makes the random bot throw, so playMatch itself checks that one)
  if (s.ply % 16 === 0 && companyRuleset.observe(s, 'blue').rng.s0 !== 0) return 'observe leaks the RNG';
  return null;
}

describe(`company: ${GAMES} random games`, () => {
  const list = scenarios.company!;
  it('end without an exception, keep the invariants every ply, and replay to identical hashes', {
    timeout: 900_000,
  }, () => {
    let plies = 0;
    const winners = new Set<string>();
    for (let g = 0; g < GAMES; g++) {
      const sc = list[g % list.length]!;
      const result = playMatch(
        companyRuleset,
        sc.id,
        sc.data,
        `rg${g}`,
        { blue: randomBot(`b${g}`), red: randomBot(`r${g}`) },
        {
          onPly: (state) => {
            const bad = invariants(state as CompanyState);
            if (bad) throw new Error(`game ${g} (${sc.id}) ply ${state.ply}: ${bad}`);
          },
        },
      );
      expect(result.outcome.status).toBe('finished');
      if (result.outcome.status === 'finished') winners.add(String(result.outcome.winner));
      plies += result.plies;
      const again = replay<CompanyState>(companyRuleset, sc.data, result.record);
      if (!again.ok) throw new Error(`game ${g}: ${again.error.message.en}`);
      expect(again.value.finalHash).toBe(result.finalHash);
      expect(hashState(JSON.parse(JSON.stringify(result.state)))).toBe(result.finalHash);
    }
    expect(plies / GAMES).toBeGreaterThan(40);
    if (GAMES >= 20) expect(winners.size).toBeGreaterThan(1);
  });

  it('the same seed and actions give the same game; another seed diverges', () => {
    const sc = list[0]!;
    const bots = (k: string) => ({ blue: randomBot(`b${k}`), red: randomBot(`r${k}`) });
    const a = playMatch(companyRuleset, sc.id, sc.data, 'same', bots('x'));
    const b = playMatch(companyRuleset, sc.id, sc.data, 'same', bots('x'));
    const c = playMatch(companyRuleset, sc.id, sc.data, 'other', bots('x'));
    expect(b.record.hashes).toEqual(a.record.hashes);
    expect(c.record.hashes).not.toEqual(a.record.hashes);
  });
});

describe('company: fuzzed actions', () => {
  const sc = scenarios.company![1]!;
  const states = randomGameStates<CompanyState>(
    companyRuleset,
    sc,
    { seed: 'fuzz', bots: ['fb', 'fr'] },
    (s) => s.ply % 2 === 0,
  );
  const anyId = fc.oneof(
    fc.constantFrom('vargas', 'sara', 'lemure-1', 'bourreau', 'arquebusier', 'nobody'),
    fc.string(),
  );
  const num = fc.oneof(fc.double(), fc.integer({ min: -50, max: 50 }));
  const action = fc.oneof(
    fc.record({
      type: fc.constantFrom('activer', 'assaut', 'charge', 'melee', 'tir', 'attaqueLibre', 'focalisation'),
      unit: anyId,
      target: anyId,
      pouvoir: fc.constantFrom('guerison', 'envoutement', 'x'),
      vaeSoli: fc.boolean(),
      opportunite: fc.boolean(),
    }),
    fc.record({
      type: fc.constantFrom('marche', 'course', 'fuite', 'tir'),
      target: anyId,
      to: fc.record({ x: num, y: num }),
    }),
    fc.record({ type: fc.string() }),
    fc.constantFrom(
      { type: 'ceder' },
      { type: 'relever' },
      { type: 'attendre' },
      { type: 'esquive' },
      { type: 'pasDeTir' },
      { type: 'garderRecharge' },
      { type: 'premier', side: 'green' },
    ),
  );
  it('never throw: an action is applied or refused with a coded, bilingual error, and the input is untouched', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: states.length - 1 }), action, (i, a) => {
        const s = states[i]!;
        const before = hashState(s);
        const r = companyRuleset.apply(s, a as CompanyAction);
        expect(hashState(s)).toBe(before);
        if (!r.ok) {
          expect(r.error.code).toMatch(/^ERR_/);
          expect(r.error.message.en.length).toBeGreaterThan(0);
          expect(r.error.message.fr.length).toBeGreaterThan(0);
        } else expect(r.value.state.ply).toBe(s.ply + 1);
      }),
      { numRuns: 3000 },
    );
  });
});
