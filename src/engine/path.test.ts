import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dist, pointInPolygon, segmentIntersectsPolygon, type Vec2 } from './geometry';
import { type Disc, findPath, type PathWorld, pathCost, pointFree, segmentClear, walkPath } from './path';

const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
const world = (walls: Vec2[][] = [], discs: Disc[] = [], extra: Partial<PathWorld> = {}): PathWorld => ({
  bounds: { x0: 0, y0: 0, x1: 30, y1: 24 },
  walls,
  discs,
  ...extra,
});
const p = (x: number, y: number): Vec2 => ({ x, y });

/** An oracle independent of path.ts: no step crosses a wall (geometry.ts) or enters a disc (sampled). */
function crossesSomething(w: PathWorld, points: Vec2[], ignoreLast: readonly string[] = []): boolean {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    for (const wall of w.walls) {
      // a step may start or end on a corner pushed out by the margin: test it slightly shortened
      if (segmentIntersectsPolygon(a, b, wall)) return true;
    }
    for (let k = 0; k <= 200; k++) {
      const t = k / 200;
      const q = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      if (q.x < -1e-9 || q.y < -1e-9 || q.x > w.bounds.x1 + 1e-9 || q.y > w.bounds.y1 + 1e-9) return true;
      for (const d of w.discs) {
        if (i === points.length - 1 && d.id !== undefined && ignoreLast.includes(d.id)) continue;
        if (dist(q, d) < d.r - 1e-6) return true;
      }
    }
  }
  return false;
}

describe('findPath — visibility graph and A*', () => {
  it('goes straight when nothing is in the way, stopping at the goal radius', () => {
    const path = findPath(world(), p(2, 12), { x: 10, y: 12, r: 1.2 })!;
    expect(path.points).toEqual([p(2, 12), p(8.8, 12)]);
    expect(path.cost).toBeCloseTo(6.8, 12);
  });

  it('goes round a wall, never through it, and the detour is longer than the straight line', () => {
    const wall = rect(5, 8, 6, 16);
    const w = world([wall]);
    const path = findPath(w, p(2, 12), { x: 10, y: 12, r: 1 })!;
    expect(path).not.toBeNull();
    expect(path.points.length).toBeGreaterThan(2);
    expect(crossesSomething(w, path.points)).toBe(false);
    expect(path.cost).toBeGreaterThan(7);
    expect(path.cost).toBeCloseTo(pathCost(w, path.points), 9);
    // by the wall's two corners on one side: hypot(3, 4) + 1 + hypot(4, 4) − 1, plus the margins
    expect(path.cost).toBeLessThan(5 + 1 + Math.hypot(4, 4) - 1 + 0.2);
    expect(dist(path.points.at(-1)!, p(10, 12))).toBeCloseTo(1, 9);
  });

  it('finds no path through a wall across the whole table, and none beyond maxCost', () => {
    expect(findPath(world([rect(14, -1, 16, 25)]), p(2, 12), { x: 20, y: 12, r: 1 })).toBeNull();
    const w = world([rect(5, 8, 6, 16)]);
    expect(findPath(w, p(2, 12), { x: 10, y: 12, r: 1 }, 7.5)).toBeNull();
    expect(findPath(w, p(2, 12), { x: 10, y: 12, r: 1 }, 12)).not.toBeNull();
  });

  it('goes round a disc (a base in the way) and keeps out of it', () => {
    const w = world([], [{ x: 6, y: 12, r: 1.2, id: 'b' }]);
    const path = findPath(w, p(2, 12), { x: 10, y: 12, r: 1.2 })!;
    expect(path.points.length).toBeGreaterThan(2);
    expect(crossesSomething(w, path.points)).toBe(false);
    // at most 1/cos(π/8) longer than the best tangent path around the disc
    expect(path.cost).toBeLessThan(6.8 * 1.09 + 1);
  });

  it('a goal may let its last step enter a named disc (the target’s own zone)', () => {
    const zone: Disc = { x: 10, y: 12, r: 2.2, id: 'zone' };
    expect(findPath(world([], [zone]), p(2, 12), { x: 10, y: 12, r: 1.2 })).toBeNull();
    const path = findPath(world([], [zone]), p(2, 12), { x: 10, y: 12, r: 1.2, ignore: ['zone'] })!;
    expect(path.points).toEqual([p(2, 12), p(8.8, 12)]);
  });

  it('counts weighted terrain: it goes round a costly patch when that is cheaper', () => {
    const bog = rect(5, 10, 7, 14);
    const cost = (a: Vec2, b: Vec2) => {
      // double cost for the part inside the bog, sampled finely (a test stand-in for segmentMoveCost)
      let c = 0;
      const n = 400;
      for (let k = 0; k < n; k++) {
        const t = (k + 0.5) / n;
        const q = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
        c += (dist(a, b) / n) * (pointInPolygon(q, bog) ? 3 : 1);
      }
      return c;
    };
    const w = world([], [], { cost, waypoints: bog.map((q) => ({ x: q.x, y: q.y })) });
    const path = findPath(w, p(2, 12), { x: 10, y: 12, r: 0 })!;
    expect(path.cost).toBeLessThan(cost(p(2, 12), p(10, 12)));
    expect(path.points.length).toBeGreaterThan(2);
  });

  it('refuses a start inside a wall or a disc', () => {
    expect(findPath(world([rect(1, 1, 3, 3)]), p(2, 2), { x: 10, y: 12, r: 1 })).toBeNull();
    expect(pointFree(world([], [{ x: 2, y: 2, r: 1 }]), p(2, 2.5))).toBe(false);
  });

  it('walkPath stops where the budget runs out, on the path', () => {
    const w = world([rect(5, 8, 6, 16)]);
    const path = findPath(w, p(2, 12), { x: 10, y: 12, r: 1 })!;
    const walk = walkPath(w, path.points, 4);
    expect(walk.cost).toBeCloseTo(4, 6);
    expect(pathCost(w, walk.points)).toBeCloseTo(4, 6);
    const whole = walkPath(w, path.points, 100);
    expect(whole.points).toEqual(path.points);
  });

  it('property: a returned path never crosses a wall or enters a disc, and costs at least the straight gap', () => {
    const box = fc
      .tuple(fc.double({ min: 1, max: 26, noNaN: true }), fc.double({ min: 1, max: 20, noNaN: true }))
      .chain(([x, y]) =>
        fc
          .tuple(fc.double({ min: 0.3, max: 4, noNaN: true }), fc.double({ min: 0.3, max: 8, noNaN: true }))
          .map(([wd, ht]) => rect(x, y, x + wd, y + ht)),
      );
    const disc = fc
      .tuple(
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.double({ min: 0, max: 24, noNaN: true }),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
      )
      .map(([x, y, r]) => ({ x, y, r }));
    const pt = fc
      .tuple(fc.double({ min: 0.5, max: 29.5, noNaN: true }), fc.double({ min: 0.5, max: 23.5, noNaN: true }))
      .map(([x, y]) => p(x, y));
    let detours = 0;
    fc.assert(
      fc.property(
        fc.array(box, { maxLength: 5 }),
        fc.array(disc, { maxLength: 6 }),
        pt,
        pt,
        fc.double({ min: 0, max: 1.5, noNaN: true }),
        (walls, discs, from, to, r) => {
          const w = world(walls, discs);
          const path = findPath(w, from, { x: to.x, y: to.y, r });
          if (!path) return true;
          if (path.points.length > 2) detours++;
          expect(crossesSomething(w, path.points)).toBe(false);
          for (let i = 1; i < path.points.length; i++)
            expect(segmentClear(w, path.points[i - 1]!, path.points[i]!)).toBe(true);
          // only the last step comes into the goal's disc, and stops on its edge
          const before = path.points.slice(0, -1);
          if (dist(from, to) > r) expect(crossesSomething(world([], [{ ...to, r }]), before)).toBe(false);
          expect(path.cost).toBeGreaterThanOrEqual(dist(from, to) - r - 1e-6);
          expect(dist(path.points.at(-1)!, to)).toBeLessThanOrEqual(
            Math.max(r, 0) + 1e-6 + (dist(from, to) <= r ? dist(from, to) : 0),
          );
          return true;
        },
      ),
      { numRuns: 300, seed: 4 },
    );
    expect(detours).toBeGreaterThan(20); // the property is not vacuous
  });
});
