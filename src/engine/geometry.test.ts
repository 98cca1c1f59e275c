import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arcOf,
  type Base,
  type Blocker,
  basesOverlap,
  circleIntersectsPolygon,
  closestPointOnSegment,
  dist,
  dist2,
  edgeDistance,
  inContact,
  inFrontHalf,
  insideTable,
  lineOfSight,
  maxReachAlong,
  moveToward,
  pathLength,
  pointAlong,
  pointInPolygon,
  segmentCircleIntersects,
  segmentIntersectsPolygon,
  segmentIntersectsSegment,
  segmentMoveCost,
  type Table,
  type Terrain,
  type TerrainKind,
  tableBoard,
  terrainAt,
  type Vec2,
  withinRange,
} from './geometry';

const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
const piece = (id: string, kind: TerrainKind, height: number, poly: Vec2[]): Terrain => ({
  id,
  kind,
  height,
  poly,
});
const table = (...terrain: Terrain[]): Table => ({ width: 100, height: 60, terrain });
const p = (x: number, y: number): Vec2 => ({ x, y });
const eye = (x: number, y: number, h: number) => ({ x, y, h });
const cost = (t: Terrain): number =>
  t.kind === 'impassable' ? Infinity : t.kind === 'difficult' || t.kind === 'forest' ? 2 : 1;
const deg = (d: number): number => (d * Math.PI) / 180;
/** A clockwise triangle, to check that winding does not matter. */
const triangle = [p(0, 0), p(0, 10), p(10, 0)];

describe('distances and bases', () => {
  it.each([
    [p(0, 0), p(3, 4), 5, 25],
    [p(1, 1), p(1, 1), 0, 0],
    [p(-2, 0), p(2, 0), 4, 16],
  ])('dist %o %o', (a, b, d, d2) => {
    expect(dist(a, b)).toBe(d);
    expect(dist2(a, b)).toBe(d2);
  });

  it.each<[Base, Base, number, boolean, boolean]>([
    [{ x: 0, y: 0, r: 1 }, { x: 10, y: 0, r: 1 }, 8, false, false],
    [{ x: 0, y: 0, r: 1 }, { x: 2, y: 0, r: 1 }, 0, false, true],
    [{ x: 0, y: 0, r: 2 }, { x: 3, y: 0, r: 2 }, -1, true, true],
    [{ x: 0, y: 0, r: 1 }, { x: 2.5, y: 0, r: 1 }, 0.5, false, true],
  ])('edgeDistance %o %o', (a, b, gap, overlap, contact) => {
    expect(edgeDistance(a, b)).toBeCloseTo(gap, 12);
    expect(basesOverlap(a, b)).toBe(overlap);
    expect(inContact(a, b, 0.5)).toBe(contact);
  });

  it('touching within eps is not an overlap', () => {
    expect(basesOverlap({ x: 0, y: 0, r: 1 }, { x: 2 - 1e-9, y: 0, r: 1 })).toBe(false);
    expect(basesOverlap({ x: 0, y: 0, r: 1 }, { x: 1.9, y: 0, r: 1 }, 0.2)).toBe(false);
  });

  it.each([
    [p(0, 0), p(6, 8), 10, true],
    [p(0, 0), p(6, 8), 9.99, false],
  ])('withinRange %o %o %d', (a, b, r, ok) => expect(withinRange(a, b, r)).toBe(ok));

  it('edgeDistance is symmetric', () => {
    const base = fc.record({
      x: fc.double({ min: -1e3, max: 1e3, noNaN: true }),
      y: fc.double({ min: -1e3, max: 1e3, noNaN: true }),
      r: fc.double({ min: 0, max: 10, noNaN: true }),
    });
    fc.assert(
      fc.property(base, base, (a, b) => edgeDistance(a, b) === edgeDistance(b, a)),
      {
        // Found by a CI run: subtracting the radii one at a time rounded differently in each order.
        examples: [
          [
            { x: 0, y: 0, r: 1.694065894508601e-21 },
            { x: -0.000027444424405054235, y: 0, r: 9.999999999986331 },
          ],
        ],
      },
    );
  });
});

describe('polygons and segments', () => {
  it.each([
    [p(5, 5), rect(0, 0, 10, 10), true],
    [p(11, 5), rect(0, 0, 10, 10), false],
    [p(2, 2), triangle, true],
    [p(6, 6), triangle, false],
    [p(5, 1), [p(0, 0), p(10, 0), p(10, 10), p(5, 2), p(0, 10)], true],
    [p(5, 5), [p(0, 0), p(10, 0), p(10, 10), p(5, 2), p(0, 10)], false],
  ])('pointInPolygon %o', (q, poly, inside) => expect(pointInPolygon(q, poly)).toBe(inside));

  it.each([
    [p(0, 0), p(10, 10), p(0, 10), p(10, 0), true],
    [p(0, 0), p(4, 4), p(0, 10), p(10, 0), false],
    [p(0, 0), p(5, 5), p(0, 10), p(10, 0), true],
    [p(0, 0), p(10, 0), p(5, 0), p(15, 0), true],
    [p(0, 0), p(10, 0), p(11, 0), p(15, 0), false],
    [p(0, 0), p(10, 0), p(0, 1), p(10, 1), false],
    [p(3, 3), p(3, 3), p(0, 0), p(6, 6), true],
    [p(3, 4), p(3, 4), p(0, 0), p(6, 6), false],
  ])('segmentIntersectsSegment %o-%o × %o-%o', (a, b, c, d, hit) => {
    expect(segmentIntersectsSegment(a, b, c, d)).toBe(hit);
    expect(segmentIntersectsSegment(c, d, a, b)).toBe(hit);
  });

  it.each([
    [p(-5, 5), p(15, 5), true],
    [p(2, 2), p(3, 3), true],
    [p(-5, -5), p(-1, 20), false],
    [p(-5, 5), p(0, 5), true],
  ])('segmentIntersectsPolygon %o %o', (a, b, hit) =>
    expect(segmentIntersectsPolygon(a, b, rect(0, 0, 10, 10))).toBe(hit),
  );

  it.each<[Base, boolean]>([
    [{ x: 5, y: 5, r: 1 }, true],
    [{ x: 12, y: 5, r: 2 }, true],
    [{ x: 12.5, y: 5, r: 2 }, false],
    [{ x: 11, y: 11, r: 1.5 }, true],
    [{ x: 11, y: 11, r: 1.4 }, false],
  ])('circleIntersectsPolygon %o', (c, hit) =>
    expect(circleIntersectsPolygon(c, rect(0, 0, 10, 10))).toBe(hit),
  );

  it.each<[Vec2, Vec2, Base, boolean]>([
    [p(0, 0), p(10, 0), { x: 5, y: 1, r: 1 }, true],
    [p(0, 0), p(10, 0), { x: 5, y: 1.1, r: 1 }, false],
    [p(0, 0), p(10, 0), { x: 12, y: 0, r: 1.5 }, false],
    [p(0, 0), p(10, 0), { x: 11, y: 0, r: 1.5 }, true],
  ])('segmentCircleIntersects %o %o %o', (a, b, c, hit) =>
    expect(segmentCircleIntersects(a, b, c)).toBe(hit),
  );

  it.each([
    [p(5, 3), p(0, 0), p(10, 0), { t: 0.5, x: 5, y: 0 }],
    [p(-4, 3), p(0, 0), p(10, 0), { t: 0, x: 0, y: 0 }],
    [p(14, -3), p(0, 0), p(10, 0), { t: 1, x: 10, y: 0 }],
    [p(9, 9), p(2, 2), p(2, 2), { t: 0, x: 2, y: 2 }],
  ])('closestPointOnSegment %o', (q, a, b, want) => expect(closestPointOnSegment(q, a, b)).toEqual(want));
});

describe('movement', () => {
  it.each([
    [p(0, 0), p(10, 20), 0.25, p(2.5, 5)],
    [p(4, 4), p(0, 0), 1, p(0, 0)],
  ])('pointAlong %o %o %d', (a, b, t, want) => expect(pointAlong(a, b, t)).toEqual(want));

  it.each([
    [p(0, 0), p(30, 40), 10, p(6, 8)],
    [p(0, 0), p(3, 4), 10, p(3, 4)],
    [p(1, 1), p(5, 1), 0, p(1, 1)],
  ])('moveToward %o %o %d', (a, b, max, want) => expect(moveToward(a, b, max)).toEqual(want));

  it('moveToward never goes further than maxDistance', () => {
    const pt = fc.record({
      x: fc.double({ min: -1e3, max: 1e3, noNaN: true }),
      y: fc.double({ min: -1e3, max: 1e3, noNaN: true }),
    });
    fc.assert(
      fc.property(pt, pt, fc.double({ min: 0, max: 2e3, noNaN: true }), (a, b, max) => {
        expect(dist(a, moveToward(a, b, max))).toBeLessThanOrEqual(max * (1 + 1e-12) + 1e-12);
      }),
    );
  });

  it.each([
    [[], 0],
    [[p(0, 0)], 0],
    [[p(0, 0), p(3, 4), p(3, 10)], 11],
  ])('pathLength %o', (pts, len) => expect(pathLength(pts)).toBe(len));

  it('terrainAt and insideTable', () => {
    const t = table(
      piece('wood', 'forest', 3, rect(0, 0, 10, 10)),
      piece('hill', 'open', 1, rect(5, 5, 20, 20)),
    );
    expect(terrainAt(t, p(7, 7)).map((x) => x.id)).toEqual(['wood', 'hill']);
    expect(terrainAt(t, p(2, 2)).map((x) => x.id)).toEqual(['wood']);
    expect(terrainAt(t, p(50, 50))).toEqual([]);
    expect(insideTable(t, { x: 1, y: 1, r: 1 })).toBe(true);
    expect(insideTable(t, { x: 0.5, y: 30, r: 1 })).toBe(false);
    expect(insideTable(t, { x: 99.5, y: 30, r: 0.5 })).toBe(true);
    expect(insideTable(t, { x: 50, y: 59.5, r: 1 })).toBe(false);
  });

  const mud = piece('mud', 'difficult', 0, rect(10, -5, 20, 5));
  const wall = piece('wall', 'impassable', 2, rect(25, -5, 26, 5));
  const road = piece('road', 'open', 0, rect(0, -1, 100, 1));
  const overlap = piece('bog', 'difficult', 0, rect(15, -5, 25, 5));
  it.each<[string, Terrain[], Vec2, Vec2, number]>([
    ['open ground', [], p(0, 0), p(30, 40), 50],
    ['10 of 30 units in mud ×2', [mud], p(0, 0), p(30, 0), 40],
    ['the same backwards', [mud], p(30, 0), p(0, 0), 40],
    ['starting inside the mud', [mud], p(15, 0), p(30, 0), 20],
    ['through a wall', [mud, wall], p(0, 0), p(30, 0), Infinity],
    ['stopping before the wall', [mud, wall], p(0, 0), p(24, 0), 34],
    ['the max of overlapping pieces', [road, mud], p(0, 0), p(30, 0), 40],
    ['two overlapping mud pieces count once', [mud, overlap], p(0, 0), p(30, 0), 45],
    ['diagonal across the mud square', [mud], p(10, -5), p(20, 5), 2 * Math.hypot(10, 10)],
    ['a zero-length move', [wall], p(25.5, 0), p(25.5, 0), 0],
  ])('segmentMoveCost: %s', (_, terrain, a, b, want) => {
    expect(segmentMoveCost(table(...terrain), a, b, cost)).toBeCloseTo(want, 9);
  });

  it('segmentMoveCost on an empty table is the length', () => {
    const pt = fc.record({
      x: fc.double({ min: 0, max: 100, noNaN: true }),
      y: fc.double({ min: 0, max: 60, noNaN: true }),
    });
    fc.assert(
      fc.property(pt, pt, (a, b) => Math.abs(segmentMoveCost(table(), a, b, cost) - dist(a, b)) < 1e-9),
    );
  });

  it.each<[string, Terrain[], Vec2, Vec2, number, number]>([
    ['open ground', [], p(0, 0), p(1, 0), 12, 12],
    ['a non-unit direction', [], p(0, 0), p(0, 5), 7, 7],
    ['stops in the mud', [mud], p(0, 0), p(1, 0), 14, 12],
    ['crosses the mud', [mud], p(0, 0), p(1, 0), 34, 24],
    ['starts in the mud', [mud], p(15, 0), p(1, 0), 6, 3],
    ['stops at the wall', [wall], p(0, 0), p(1, 0), 100, 25],
    ['backwards, away from the wall', [wall], p(0, 0), p(-1, 0), 100, 100],
    ['no budget', [mud], p(0, 0), p(1, 0), 0, 0],
  ])('maxReachAlong: %s', (_, terrain, from, dir, budget, want) => {
    expect(maxReachAlong(table(...terrain), from, dir, budget, cost)).toBeCloseTo(want, 9);
  });

  it('maxReachAlong spends exactly the budget', () => {
    const t = table(mud, piece('wood', 'forest', 3, [p(30, -10), p(40, 0), p(30, 10)]));
    for (const budget of [5, 15, 27, 33.5, 45]) {
      const reach = maxReachAlong(t, p(0, 0), p(1, 0), budget, cost);
      expect(segmentMoveCost(t, p(0, 0), p(reach, 0), cost)).toBeCloseTo(budget, 9);
    }
  });
});

describe('line of sight', () => {
  const building = piece('house', 'building', 5, rect(10, -5, 20, 5));
  const nearTarget = piece('tower', 'building', 5, rect(20, -5, 25, 5));
  const wood = piece('wood', 'forest', 4, rect(40, -5, 50, 5));
  const hedge = piece('hedge', 'cover', 1, rect(28, -2, 32, 2));
  const tank: Blocker = { id: 'tank', x: 15, y: 0, r: 2, h: 3 };
  type Case = [
    string,
    Terrain[],
    Blocker[],
    ReturnType<typeof eye>,
    ReturnType<typeof eye>,
    ReturnType<typeof lineOfSight>,
  ];
  it.each<Case>([
    ['open ground', [], [], eye(0, 0, 1), eye(30, 0, 1), { clear: true, cover: null }],
    [
      'a building between two ground points',
      [building],
      [],
      eye(0, 0, 1),
      eye(30, 0, 1),
      { clear: false, blockedBy: 'house', cover: null },
    ],
    [
      'the building off the line',
      [building],
      [],
      eye(0, 10, 1),
      eye(30, 10, 1),
      { clear: true, cover: null },
    ],
    // The line drops from 20 to 0 over 30: at x = 20 (far edge of the house) it is at 6.67 > 5.
    [
      'a flyer over a building near it',
      [building],
      [],
      eye(0, 0, 20),
      eye(30, 0, 0),
      { clear: true, cover: null },
    ],
    // The same flyer, but the tower's far edge is at x = 25 where the line is at 3.33 ≤ 5.
    [
      'a flyer over a building near the target',
      [nearTarget],
      [],
      eye(0, 0, 20),
      eye(30, 0, 0),
      { clear: false, blockedBy: 'tower', cover: null },
    ],
    [
      'the same, looking up',
      [nearTarget],
      [],
      eye(30, 0, 0),
      eye(0, 0, 20),
      { clear: false, blockedBy: 'tower', cover: null },
    ],
    [
      'a line exactly at the roof blocks',
      [building],
      [],
      eye(0, 0, 5),
      eye(30, 0, 5),
      { clear: false, blockedBy: 'house', cover: null },
    ],
    ['a line over the roof', [building], [], eye(0, 0, 5.01), eye(30, 0, 5.01), { clear: true, cover: null }],
    [
      'a target inside a forest has cover',
      [wood],
      [],
      eye(0, 0, 1),
      eye(45, 0, 1),
      { clear: true, cover: 'forest' },
    ],
    [
      'seeing out of the forest one stands in',
      [wood],
      [],
      eye(45, 0, 1),
      eye(0, 0, 1),
      { clear: true, cover: null },
    ],
    [
      'through a forest',
      [wood],
      [],
      eye(30, 0, 1),
      eye(60, 0, 1),
      { clear: false, blockedBy: 'wood', cover: null },
    ],
    [
      'low cover does not block but covers',
      [hedge],
      [],
      eye(0, 0, 1),
      eye(30, 0, 1),
      { clear: true, cover: 'cover' },
    ],
    [
      'a base blocks',
      [],
      [tank],
      eye(0, 0, 1),
      eye(30, 0, 1),
      { clear: false, blockedBy: 'tank', cover: null },
    ],
    ['a base seen over', [], [tank], eye(0, 0, 4), eye(30, 0, 4), { clear: true, cover: null }],
    ['a base beside the line', [], [tank], eye(0, 3, 1), eye(30, 3, 1), { clear: true, cover: null }],
    [
      'a base containing the observer',
      [],
      [tank],
      eye(15, 1, 1),
      eye(30, 0, 1),
      { clear: true, cover: null },
    ],
    [
      'the nearest blocker is named',
      [building, wood],
      [tank],
      eye(60, 0, 1),
      eye(0, 0, 1),
      { clear: false, blockedBy: 'wood', cover: null },
    ],
    [
      'a base in front of a building',
      [building, wood],
      [{ ...tank, x: 5 }],
      eye(0, 0, 1),
      eye(60, 0, 1),
      { clear: false, blockedBy: 'tank', cover: null },
    ],
  ])('%s', (_, terrain, blockers, from, to, want) => {
    expect(lineOfSight(table(...terrain), from, to, blockers)).toEqual(want);
  });

  it('options: ignored bases and blocking kinds', () => {
    const t = table(building, hedge);
    expect(
      lineOfSight(t, eye(0, 0, 1), eye(30, 0, 1), [tank], { ignore: ['tank'], blockingKinds: [] }),
    ).toEqual({ clear: true, cover: 'cover' });
    expect(lineOfSight(t, eye(0, 0, 1), eye(40, 0, 1), [], { blockingKinds: ['cover'] })).toEqual({
      clear: false,
      blockedBy: 'hedge',
      cover: null,
    });
  });

  it('tableBoard answers distance and sight', () => {
    const board = tableBoard(table(building), [tank]);
    expect(board.distance(eye(0, 0, 1), eye(3, 4, 0))).toBe(5);
    expect(board.lineOfSight(eye(0, 0, 1), eye(30, 0, 1))).toBe(false);
    expect(board.lineOfSight(eye(0, 10, 1), eye(30, 10, 1))).toBe(true);
  });

  it('is symmetric on the ground at equal heights without bases', () => {
    const coord = fc.integer({ min: 0, max: 20 });
    const pt = fc.record({ x: coord, y: coord });
    const poly = fc.array(pt, { minLength: 3, maxLength: 6 });
    const terrain = fc.array(
      fc.record({
        kind: fc.constantFrom<TerrainKind>('building', 'forest', 'cover', 'open'),
        height: fc.integer({ min: 0, max: 3 }),
        poly,
      }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(terrain, pt, pt, fc.integer({ min: 0, max: 4 }), (pieces, a, b, h) => {
        const t = table(...pieces.map((x, i) => piece(`t${i}`, x.kind, x.height, x.poly)));
        const there = lineOfSight(t, { ...a, h }, { ...b, h }, []).clear;
        expect(lineOfSight(t, { ...b, h }, { ...a, h }, []).clear).toBe(there);
      }),
      { numRuns: 500 },
    );
  });
});

describe('arcs', () => {
  it.each([
    [0, 0, 'front', true],
    [0, 44, 'front', true],
    [0, 45, 'front', true],
    [0, 46, 'left', true],
    [0, -46, 'right', true],
    [0, 90, 'left', true],
    [0, 91, 'left', false],
    [0, 135, 'left', false],
    [0, -135, 'right', false],
    [0, 136, 'rear', false],
    [0, 180, 'rear', false],
    [90, 180, 'left', true],
    [180, 0, 'rear', false],
    [-90, 0, 'left', true],
    [270, 315, 'front', true],
  ])('facing %d°, target at %d°: %s', (facing, at, arc, front) => {
    const from = p(10, 10);
    const to = p(10 + 5 * Math.cos(deg(at)), 10 + 5 * Math.sin(deg(at)));
    expect(arcOf(deg(facing), from, to)).toBe(arc);
    expect(inFrontHalf(deg(facing), from, to)).toBe(front);
  });
});
