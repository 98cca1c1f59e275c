import { describe, expect, it } from 'vitest';
import { findScenario } from '../registry';
import { companyBoard, companyCard, companyDescribe, companyOverlays } from './board';
import { companyRuleset } from './index';
import type { CompanyState } from './types';

function start(): CompanyState {
  const sc = companyRuleset.parseScenario(findScenario('company', 'le-pont-de-cendres')!.data);
  if (!sc.ok) throw new Error(sc.error.code);
  const s = companyRuleset.setup(sc.value, 'board-1');
  if (!s.ok) throw new Error(s.error.code);
  return s.value;
}

/** Plays candidates until a combatant is activated and may move (a move region exists). */
function toMoveRegion(s: CompanyState): CompanyState {
  let state = s;
  for (let i = 0; i < 20 && companyRuleset.legal(state).regions.length === 0; i++) {
    const a = companyRuleset.candidates(state).find((c) => c.type === 'premier' || c.type === 'activer')!;
    const r = companyRuleset.apply(state, a);
    if (!r.ok) throw new Error(r.error.code);
    state = r.value.state;
  }
  return state;
}

describe('company board adapter', () => {
  it('draws every combatant in toises with its side, HP and states as markers', () => {
    const s = start();
    const m = companyBoard(companyRuleset.observe(s, 'blue'));
    expect(m.unit).toBe('toise');
    expect(m.units).toHaveLength(s.units.length);
    expect(new Set(m.units.map((u) => u.side))).toEqual(new Set(['blue', 'red']));
    s.units[0]!.sonne = { left: 2, at: 0 };
    s.units[0]!.misAuSol = true;
    const marked = companyBoard(s).units[0]!;
    expect(marked.markers.map((x) => x.id)).toEqual(expect.arrayContaining(['sonne', 'misAuSol']));
  });

  it('C6: zones of control of the opposing side; reach from the legal region, every outline point legal', () => {
    const s = toMoveRegion(start());
    // The overlay draws the widest region (Course covers Marche).
    const region = [...companyRuleset.legal(s).regions].sort((a, b) => b.maxDistance - a.maxDistance)[0]!;
    const overlays = companyOverlays(s, region.unit);
    const reach = overlays.find((o) => o.kind === 'reach');
    expect(reach).toBeDefined();
    if (reach?.kind === 'reach') {
      expect(reach.outline!.length).toBeGreaterThan(10);
      for (const p of reach.outline!) {
        const a = { ...region.template, to: p };
        // Points found by bisection are legal or at the origin.
        const ok =
          companyRuleset.validate(s, a).ok || Math.hypot(p.x - region.from.x, p.y - region.from.y) < 1e-9;
        expect(ok).toBe(true);
      }
    }
    const zones = overlays.filter((o) => o.kind === 'zone');
    expect(zones.length).toBeGreaterThan(0);
    const sel = s.units.find((u) => u.id === region.unit)!;
    for (const z of zones) if (z.kind === 'zone') expect(z.side).not.toBe(sel.owner);
  });

  it('gives a unit card whose abilities name catalogue rules that explain() knows', () => {
    const s = start();
    for (const u of s.units) {
      const card = companyCard(s, u.id)!;
      expect(card.title.fr.length).toBeGreaterThan(0);
      expect(card.weapons.length).toBeGreaterThan(0);
      for (const r of card.rules)
        expect(companyRuleset.explain({ kind: 'card', rule: r.id, text: r.label }).title.fr).not.toBe(
          'Règle inconnue',
        );
    }
  });

  it('describes actions with names, not ids', () => {
    const s = start();
    const vargas = s.units.find((u) => u.id === 'vargas')!;
    expect(companyDescribe(s, { type: 'activer', unit: vargas.id } as never)?.fr).toBe(
      'Activer Francisco Vargas',
    );
  });
});
