/**
 * The memo of the active combatant's orders (candidates.ts): remembered answers must be the answers. The key,
 * `positionKey`, must change with every field a candidate may read, and a state changed in place must get
 * fresh candidates.
 */
import { describe, expect, it } from 'vitest';
import { firstRandomGameState } from '../../../test/helpers/random-game';
import { scenarios } from '../registry';
import { companyCandidates, positionKey } from './candidates';
import { companyRuleset } from './index';
import type { CompanyState } from './types';

/** A state in mid-game, at an order of an activation: the first after ply 40 of a random game. */
function midGame(): CompanyState {
  const sc = scenarios.company!.find((x) => x.id === 'le-pont-de-cendres')!;
  const found = firstRandomGameState<CompanyState>(
    companyRuleset,
    sc,
    { seed: 'memo', bots: ['b', 'r'] },
    'order after ply 40',
    (s) => s.ply > 40 && s.phase === 'actions.activation.ordre',
  );
  return structuredClone(found);
}

/** Values to put in place of a null field, by name (anything else that is null has no known change). */
const FOR_NULL: Record<string, unknown> = {
  sonne: { left: 1, at: 1 },
  ralenti: { left: 1, at: 1 },
  immobilise: { left: 1, at: 1 },
  controle: { by: 'red', left: 1, at: 1 },
  tenace: 'x',
  active: 'x',
  order: 'x',
  pending: { kind: 'melee', attacker: 'a', target: 'b', stage: 'passe', sansRiposte: false },
  result: { winner: null, points: { blue: 0, red: 0 }, reason: { en: '', fr: '' } },
};

/**
 * Every way to change one field of `o` in place (recursing into objects and arrays), each with its path.
 * A field whose value has no known change is reported as `unknown`, so a new kind of field fails the test.
 */
function changes(o: Record<string, unknown>, path: string, unknown: string[]): [string, () => void][] {
  const out: [string, () => void][] = [];
  for (const [k, v] of Object.entries(o)) {
    const at = `${path}.${k}`;
    if (typeof v === 'number') out.push([at, () => (o[k] = v + 1)]);
    else if (typeof v === 'boolean') out.push([at, () => (o[k] = !v)]);
    else if (typeof v === 'string') out.push([at, () => (o[k] = `${v}x`)]);
    else if (v === null) {
      if (k in FOR_NULL) out.push([at, () => (o[k] = structuredClone(FOR_NULL[k]))]);
      else unknown.push(at);
    } else if (Array.isArray(v)) {
      if (k === 'consume') out.push([at, () => v.push({ type: 'x', x: 1, y: 1, durable: false })]);
      else if (v.length === 0) unknown.push(at);
      v.forEach((item, i) => {
        out.push(...changes(item as Record<string, unknown>, `${at}[${i}]`, unknown));
      });
    } else if (typeof v === 'object') out.push(...changes(v as Record<string, unknown>, at, unknown));
    else unknown.push(at);
  }
  return out;
}

describe('company: the memo of the active combatant’s orders', () => {
  it('positionKey changes with every field of the state and of each combatant but rng, ply, table and names', () => {
    const base = midGame();
    // A pair in contact and a Consumé, so those fields are walked too.
    base.pairs = [{ a: base.units[0]!.id, b: base.units[1]!.id, passes: 0, fresh: true }];
    const unit = base.active!;
    const before = positionKey(base, unit);
    const skip = /^s\.(rng|ply|table)(\.|$)|^s\.sides\.\w+\.name\./;
    const unknown: string[] = [];
    const probe = structuredClone(base);
    const all = changes(probe as unknown as Record<string, unknown>, 's', unknown).map(([p]) => p);
    expect(unknown.filter((p) => !skip.test(p))).toEqual([]);
    const walked = all.filter((p) => !skip.test(p));
    // Each of the units' fields was walked (the state is not trivially small).
    expect(walked.filter((p) => p.startsWith('s.units[')).length).toBeGreaterThan(base.units.length * 12);
    const same: string[] = [];
    for (const path of walked) {
      const s = structuredClone(base);
      const change = changes(s as unknown as Record<string, unknown>, 's', []).find(([p]) => p === path)!;
      change[1]();
      if (positionKey(s, unit) === before) same.push(path);
    }
    expect(same).toEqual([]);
    // And the fields left out do not change it.
    const s = structuredClone(base);
    s.ply += 1;
    s.rng = { c: 1, s0: 2, s1: 3, s2: 4 };
    expect(positionKey(s, unit)).toBe(before);
  });

  it('a state changed in place gets the candidates of its new position, not the remembered ones', () => {
    const s = midGame();
    const first = companyCandidates(s);
    const u = s.units.find((x) => x.id === s.active)!;
    const moves = first.filter((a) => a.type === 'marche' || a.type === 'course');
    expect(moves.length).toBeGreaterThan(0);
    // Put the active combatant where its first move goes, in place (same object, same ply).
    const to = (moves[0] as { to: { x: number; y: number } }).to;
    u.x = to.x;
    u.y = to.y;
    const after = companyCandidates(s);
    // A fresh copy has a table of its own, so nothing remembered reaches it.
    const fresh = structuredClone(s);
    expect(after).toEqual(companyCandidates(fresh));
    expect(after).not.toEqual(first);
    // Asked again, the memo answers the same, in a new array the caller may keep.
    const again = companyCandidates(s);
    expect(again).toEqual(after);
    expect(again).not.toBe(after);
  });
});
