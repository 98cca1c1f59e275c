/**
 * The shipped `company` scenarios have terrain that makes zones of control (C6), Attraction (HD-01…03) and
 * Esquive (HD-06) matter: on each map's own terrain, an attracted enemy must go round a piece of
 * Impraticable terrain, one combatant's zone shuts a passage, and a dodge is bent by the terrain.
 */
import { describe, expect, it } from 'vitest';
import { segmentMoveCost } from '../src/engine/geometry';
import { dodgeSpot } from '../src/rulesets/company/combat';
import { attractionsOn } from '../src/rulesets/company/rules';
import type { CompanyScenario } from '../src/rulesets/company/scenario';
import { moveCost } from '../src/rulesets/company/state';
import { scenarios } from '../src/rulesets/registry';
import { activate, position, refusal, type UnitSpec, unit } from './helpers/company';

const terrainOf = (id: string): CompanyScenario['terrain'] =>
  (scenarios.company!.find((s) => s.id === id)!.data as CompanyScenario).terrain;

/** Per map: where Sara and an attracted Damné stand either side of Impraticable terrain, a passage one
 * defender's zone shuts, and where Sara dodges with Impraticable terrain at her back. */
const CASES: Record<
  string,
  {
    attraction: [UnitSpec['x'], UnitSpec['y'], UnitSpec['x'], UnitSpec['y']];
    passage: { defender: [number, number]; from: [number, number]; to: [number, number] };
    esquive: { sara: [number, number]; charger: [number, number] };
  }
> = {
  // the well (puits) between them; along the chapel's west wall; Sara against the chapel
  'la-chapelle-en-ruines': {
    attraction: [6.2, 12, 8.8, 12],
    passage: { defender: [11, 12], from: [12.2, 16.5], to: [12.2, 8.5] },
    esquive: { sara: [12.4, 12], charger: [9.2, 12] },
  },
  // the northern arm of the river; the bridge; Sara with her back to the river
  'le-pont-de-cendres': {
    attraction: [13.3, 8, 16.7, 8],
    passage: { defender: [15, 12], from: [11, 10.3], to: [19, 10.3] },
    esquive: { sara: [13.4, 6], charger: [10.4, 6] },
  },
};

describe('company maps: terrain that matters', () => {
  it('covers every shipped scenario', () => {
    expect(Object.keys(CASES).sort()).toEqual(scenarios.company!.map((s) => s.id).sort());
  });
  for (const sc of scenarios.company!) {
    const c = CASES[sc.id]!;
    const terrain = terrainOf(sc.id);
    it(`${sc.id}: HD-02 an attracted Damné must go round the map's Impraticable terrain`, () => {
      const [sx, sy, dx, dy] = c.attraction;
      let s = position({
        units: [
          { id: 'sara', side: 'blue', profile: 'sara', x: sx, y: sy },
          { id: 'dam', side: 'red', profile: 'damne', x: dx, y: dy },
        ],
        terrain,
      });
      expect(segmentMoveCost(s.table, { x: sx, y: sy }, { x: dx, y: dy }, moveCost)).toBe(Infinity);
      s = activate(s, 'dam');
      const [att] = attractionsOn(s, unit(s, 'dam'));
      expect(att!.targets).toEqual(['sara']);
      expect(att!.routes[0]!.path.length).toBeGreaterThan(2);
      expect(refusal(s, { type: 'marche', to: { x: dx + 2, y: dy } })).toBe('ERR_ATTRACTION');
    });
    it(`${sc.id}: C6 one defender's zone of control shuts a passage`, () => {
      const { defender, from, to } = c.passage;
      const walk = { type: 'course' as const, to: { x: to[0], y: to[1] } };
      const make = (withDefender: boolean) =>
        activate(
          position({
            units: [
              { id: 'me', side: 'blue', profile: 'vargas', x: from[0], y: from[1] },
              {
                id: 'lem',
                side: 'red',
                profile: 'lemure',
                x: withDefender ? defender[0] : 29,
                y: withDefender ? defender[1] : 1,
              },
            ],
            terrain,
          }),
          'me',
        );
      expect(refusal(make(false), walk)).toBeNull();
      expect(refusal(make(true), walk)).toBe('ERR_ZOC');
    });
    it(`${sc.id}: HD-06 the dodge is bent by the map's terrain`, () => {
      const { sara, charger } = c.esquive;
      const on = (t: CompanyScenario['terrain']) =>
        position({
          units: [
            { id: 'sara', side: 'blue', profile: 'sara', x: sara[0], y: sara[1] },
            { id: 'dam', side: 'red', profile: 'damne', x: charger[0] + 1.8, y: charger[1] },
          ],
          terrain: t,
        });
      const bare = on([]);
      const real = on(terrain);
      const away = dodgeSpot(bare, unit(bare, 'sara'), unit(bare, 'dam'))!;
      const spot = dodgeSpot(real, unit(real, 'sara'), unit(real, 'dam'));
      // on a bare table she would dodge straight back; the map's Impraticable terrain forbids that spot
      expect(segmentMoveCost(real.table, unit(real, 'sara'), away, moveCost)).toBe(Infinity);
      if (spot)
        expect(segmentMoveCost(real.table, unit(real, 'sara'), spot, moveCost)).toBeLessThan(Infinity);
      expect(spot).not.toEqual(away);
    });
  }
});
