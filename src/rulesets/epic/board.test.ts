/** The `epic` board model and overlays, on the real scenario and on small positions built through the gate. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { giveOrders, type PositionSpec, play, position } from '../../../test/helpers/epic';
import type { Overlay, UnitView } from '../../engine/board-model';
import { EPIC_SIDE_COLOURS, epicBoard, epicOverlays } from './board';
import { epicRuleset } from './index';
import type { EpicState } from './types';

const scenarioPath = join(__dirname, '../../../maps/epic/plaine-de-grik.json');

function grik(seed = '1'): EpicState {
  const sc = epicRuleset.parseScenario(JSON.parse(readFileSync(scenarioPath, 'utf8')));
  if (!sc.ok) throw new Error(sc.error.message.en);
  const s = epicRuleset.setup(sc.value, seed);
  if (!s.ok) throw new Error(s.error.message.en);
  return s.value;
}

const unit = (units: UnitView[], id: string): UnitView => {
  const u = units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
};
const ofKind = <K extends Overlay['kind']>(os: Overlay[], kind: K) =>
  os.filter((o): o is Extract<Overlay, { kind: K }> => o.kind === kind);
const markerIds = (u: UnitView) => u.markers.map((m) => m.id);

describe('epicBoard on La plaine de Grik', () => {
  const s = grik();
  const model = epicBoard(s);

  it('describes the table, its terrain and objectives', () => {
    expect(model).toMatchObject({ kind: 'table', unit: 'cm', width: 150, height: 100 });
    expect(model.terrain.map((t) => [t.id, t.kind])).toEqual(s.table.terrain.map((t) => [t.id, t.kind]));
    expect(model.terrain.find((t) => t.id === 'chapelle')).toMatchObject({ kind: 'building', height: 6 });
    expect(model.objectives).toHaveLength(3);
    expect(model.objectives[0]).toMatchObject({ id: 'obj-bois', x: 60, y: 36, holder: null });
    expect(model.objectives[0]!.label).toEqual({ fr: 'Objectif 100 PV', en: 'Objective 100 VP' });
  });

  it('has both sides with their colours and names', () => {
    expect(model.sides).toEqual([
      { id: 'blue', colour: EPIC_SIDE_COLOURS.blue, name: { en: 'Orks', fr: 'Orks' } },
      { id: 'red', colour: EPIC_SIDE_COLOURS.red, name: { en: 'Space Marines', fr: 'Space Marines' } },
    ]);
    expect(EPIC_SIDE_COLOURS.blue).not.toBe(EPIC_SIDE_COLOURS.red);
  });

  it('draws every base on the table; carried bases only as a count on their transport', () => {
    const carried = s.bases.filter((b) => b.carriedBy !== null).map((b) => b.id);
    expect(carried).toEqual(['o-bb1', 'o-bb2', 'o-bb3', 'o-bb4']);
    expect(model.units).toHaveLength(s.bases.length - carried.length);
    for (const id of carried) expect(model.units.some((u) => u.id === id)).toBe(false);
    for (const id of ['o-trukk1', 'o-trukk2']) {
      const m = unit(model.units, id).markers.find((x) => x.id === 'carried');
      expect(m).toMatchObject({ glyph: '2', label: { en: '2 base(s) aboard' } });
    }
    expect(model.units.filter((u) => u.side === 'blue').length).toBeGreaterThan(0);
    expect(model.units.filter((u) => u.side === 'red').length).toBeGreaterThan(0);
  });

  it('gives each unit its profile: radius, PdV, name, facing; all selectable, none dead', () => {
    expect(unit(model.units, 'o-ba1')).toMatchObject({
      side: 'blue',
      x: 24,
      y: 32,
      r: 1,
      hp: 1,
      hpMax: 1,
      label: { en: 'Boyz' },
      selectable: true,
      dead: false,
    });
    const lr = unit(model.units, 'm-lr1');
    expect(lr.side).toBe('red');
    expect(lr.r).toBeGreaterThan(1);
    expect(lr.hpMax).toBeGreaterThanOrEqual(1);
    for (const u of model.units) {
      expect(u.dead).toBe(false);
      expect(u.selectable).toBe(true);
      expect(Number.isFinite(u.facing)).toBe(true);
    }
  });

  it('is plain data and a pure function of the state', () => {
    const before = JSON.stringify(s);
    const again = epicBoard(s);
    const overlays = epicOverlays(s, 'o-ba1');
    expect(JSON.stringify(s)).toBe(before);
    expect(again).toEqual(model);
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
    expect(JSON.parse(JSON.stringify(overlays))).toEqual(overlays);
  });

  it('shows no order counter before the Orders phase is played', () => {
    for (const u of model.units) expect(markerIds(u)).not.toContain('order');
  });
});

describe('order counters (C1): face down they show "?" to whoever may not see them', () => {
  const s = giveOrders(grik(), { 'o-boyz-a': 'charge', 'm-tac': 'tirAppuye' });

  it('hides every face-down counter by default', () => {
    const m = epicBoard(s);
    for (const id of ['o-ba1', 'm-tac1']) {
      expect(unit(m.units, id).markers.find((x) => x.id === 'order')).toMatchObject({
        glyph: '?',
        label: { en: 'Hidden order' },
      });
    }
  });

  it("shows the viewer's own face-down counters by name, and only those", () => {
    const m = epicBoard(s, { viewer: 'blue' });
    expect(unit(m.units, 'o-ba1').markers.find((x) => x.id === 'order')).toMatchObject({
      glyph: 'C',
      label: { fr: 'Charge (face cachée)', en: 'Charge (face down)' },
    });
    expect(unit(m.units, 'm-tac1').markers.find((x) => x.id === 'order')!.glyph).toBe('?');
  });

  it("keeps an observation's concealed counters as '?'", () => {
    const m = epicBoard(epicRuleset.observe(s, 'blue'), { viewer: 'blue' });
    expect(unit(m.units, 'm-tac1').markers.find((x) => x.id === 'order')!.glyph).toBe('?');
  });

  it('names a revealed counter', () => {
    const act = play(s, { type: 'activate', det: 'o-boyz-a' }).state;
    const m = epicBoard(act);
    expect(unit(m.units, 'o-ba1').markers.find((x) => x.id === 'order')).toMatchObject({
      glyph: 'C',
      label: { fr: 'Charge', en: 'Charge' },
    });
  });
});

describe('epicOverlays on La plaine de Grik', () => {
  const ordered = giveOrders(grik(), {});
  const active = play(ordered, { type: 'activate', det: 'o-boyz-a' }).state;

  it('draws the reach of a base of the active detachment from its legal region', () => {
    const region = epicRuleset.legal(active).regions.find((r) => r.unit === 'o-ba1')!;
    expect(region).toBeDefined();
    const reach = ofKind(epicOverlays(active, 'o-ba1'), 'reach');
    expect(reach).toHaveLength(1);
    const r = reach[0]!;
    expect(r).toMatchObject({ unit: 'o-ba1', from: region.from, radius: region.maxDistance });
    expect(r.radius).toBe(10); // Avance: the boyz' 10 cm
    expect(r.outline!.length).toBeGreaterThanOrEqual(32);
    for (const p of r.outline!) {
      expect(Math.hypot(p.x - r.from.x, p.y - r.from.y)).toBeLessThanOrEqual(r.radius + 1e-9);
      expect(p.x).toBeGreaterThanOrEqual(1 - 1e-9);
      expect(p.y).toBeGreaterThanOrEqual(1 - 1e-9);
    }
  });

  it('draws no reach for a base that may not move now', () => {
    expect(ofKind(epicOverlays(active, 'm-tac1'), 'reach')).toEqual([]);
    expect(ofKind(epicOverlays(ordered, 'o-ba1'), 'reach')).toEqual([]);
  });

  it("draws the zones of control of the selection's enemies, or of the side to decide's enemies", () => {
    const redOnTable = active.bases.filter((b) => b.side === 'red' && b.alive && b.carriedBy === null);
    const zones = ofKind(epicOverlays(active, 'o-ba1'), 'zone');
    expect(zones).toHaveLength(redOnTable.length);
    for (const z of zones) expect(z).toMatchObject({ side: 'red', r: 3.75 });
    const fromRed = ofKind(epicOverlays(active, 'm-tac1'), 'zone');
    expect(fromRed.every((z) => z.side === 'blue')).toBe(true);
    expect(ofKind(epicOverlays(active), 'zone').every((z) => z.side === 'red')).toBe(true);
  });

  it('draws no line when no enemy is within weapon range', () => {
    expect(ofKind(epicOverlays(active, 'o-ba1'), 'line')).toEqual([]);
  });

  it('ignores an unknown selection', () => {
    const os = epicOverlays(active, 'nobody');
    expect(ofKind(os, 'reach')).toEqual([]);
    expect(ofKind(os, 'line')).toEqual([]);
  });
});

describe('epicOverlays: lines of fire (C4)', () => {
  // A warboss (kombi-weapons, 25 cm) with one marine in the open and one behind the chapel; one out of range.
  const spec: PositionSpec = {
    dets: [
      { id: 'B', side: 'blue', bases: [{ id: 'boss', profile: 'warboss', x: 20, y: 50 }] },
      {
        id: 'R',
        side: 'red',
        bases: [
          { id: 'open', profile: 'tactical', x: 40, y: 50 },
          { id: 'hidden', profile: 'tactical', x: 38, y: 64 },
          { id: 'far', profile: 'tactical', x: 60, y: 50 },
        ],
      },
    ],
    terrain: [
      {
        id: 'wall',
        kind: 'building',
        height: 6,
        poly: [
          { x: 28, y: 56 },
          { x: 34, y: 56 },
          { x: 34, y: 64 },
          { x: 28, y: 64 },
        ],
      },
    ],
  };

  it('draws a clear line to a target a weapon can reach, a blocked one behind a building, none out of range', () => {
    const s = position(spec);
    const lines = ofKind(epicOverlays(s, 'boss'), 'line');
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.to.x === 40 && l.to.y === 50)).toMatchObject({
      from: { x: 20, y: 50 },
      clear: true,
    });
    expect(lines.find((l) => l.to.x === 38 && l.to.y === 64)).toMatchObject({ clear: false });
  });
});

describe('epicOverlays and markers: engagement, rout, a move that can be intercepted', () => {
  it('marks bases in base contact as engaged, and routed detachments as routed', () => {
    const s = position({
      dets: [
        { id: 'B', side: 'blue', bases: [{ id: 'a', profile: 'boyz', x: 20, y: 50 }] },
        { id: 'R', side: 'red', bases: [{ id: 'b', profile: 'tactical', x: 22, y: 50 }] },
      ],
    });
    const routed = structuredClone(s);
    routed.dets.find((d) => d.id === 'R')!.routed = true;
    const m = epicBoard(routed);
    expect(markerIds(unit(m.units, 'a'))).toContain('engaged');
    expect(markerIds(unit(m.units, 'b'))).toEqual(expect.arrayContaining(['engaged', 'routed']));
    expect(markerIds(unit(m.units, 'a'))).not.toContain('routed');
    // Engaged bases have no zone of control (C3).
    expect(ofKind(epicOverlays(s, 'a'), 'zone')).toEqual([]);
  });

  it('shows a dead base as dead, not selectable, without markers', () => {
    const s = structuredClone(
      position({
        dets: [
          { id: 'B', side: 'blue', bases: [{ id: 'a', profile: 'boyz', x: 20, y: 50 }] },
          { id: 'R', side: 'red', bases: [{ id: 'b', profile: 'tactical', x: 60, y: 50 }] },
        ],
      }),
    );
    s.bases.find((b) => b.id === 'a')!.alive = false;
    expect(unit(epicBoard(s).units, 'a')).toMatchObject({
      dead: true,
      selectable: false,
      hp: 0,
      markers: [],
    });
  });

  it('draws the pending move and the bases that could intercept it (C5)', () => {
    const spec: PositionSpec = {
      dets: [
        { id: 'B', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 20, y: 50 }] },
        { id: 'R', side: 'red', bases: [{ id: 'boss', profile: 'warboss', x: 40, y: 70 }] },
        { id: 'R2', side: 'red', bases: [{ id: 'boyz', profile: 'boyz', x: 30, y: 30 }] },
      ],
    };
    let s = giveOrders(position(spec), { B: 'avance', R: 'tirAppuye' }, 'red');
    s = play(s, { type: 'pass' }).state;
    s = play(s, { type: 'activate', det: 'B' }).state;
    s = play(s, { type: 'move', base: 'cap', to: { x: 30, y: 50 } }).state;
    expect(s.pending).not.toBeNull();
    const threats = ofKind(epicOverlays(s), 'threat');
    expect(threats).toEqual([
      {
        kind: 'threat',
        path: [
          { x: 20, y: 50 },
          { x: 30, y: 50 },
        ],
        by: ['boss'],
      },
    ]);
    // Nothing pending, nothing drawn.
    const done = play(s, { type: 'noIntercept' }).state;
    expect(ofKind(epicOverlays(done), 'threat')).toEqual([]);
  });
});
