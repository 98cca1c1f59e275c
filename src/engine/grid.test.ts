import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Cell,
  type CubeGrid,
  cellIndex,
  cellOf,
  chebyshev,
  gridBoard,
  inGrid,
  isSolid,
  isStandable,
  lineOfSightCells,
  moveCost,
  neighbours26,
  reachable,
} from './grid';

const c = (x: number, y: number, z = 0): Cell => ({ x, y, z });
/** A grid of w × d × h open cells with the listed cells solid. */
function grid(w: number, d: number, h: number, ...solid: Cell[]): CubeGrid {
  const g: CubeGrid = { w, d, h, solid: new Array(w * d * h).fill(0), capacity: 4 };
  for (const s of solid) g.solid[cellIndex(g, s)] = 1;
  return g;
}
/** The reachable map with cells spelled "x,y,z", for readable expectations. */
const spelled = (g: CubeGrid, m: Map<number, number>): Record<string, number> =>
  Object.fromEntries([...m].map(([i, cost]) => [Object.values(cellOf(g, i)).join(','), cost]));

describe('cells', () => {
  const g = grid(4, 3, 2, c(1, 0, 0));
  it.each([
    [c(0, 0, 0), 0],
    [c(3, 0, 0), 3],
    [c(0, 1, 0), 4],
    [c(1, 2, 1), 21],
    [c(3, 2, 1), 23],
  ])('cellIndex and cellOf %o', (cell, index) => {
    expect(cellIndex(g, cell)).toBe(index);
    expect(cellOf(g, index)).toEqual(cell);
  });

  it.each([
    [c(0, 0, 0), true, false, true],
    [c(1, 0, 0), true, true, false],
    [c(1, 0, 1), true, false, true],
    [c(0, 0, 1), true, false, false],
    [c(4, 0, 0), false, false, false],
    [c(0, -1, 0), false, false, false],
    [c(0, 0, 2), false, false, false],
  ])('%o: in grid %s, solid %s, standable %s', (cell, inside, solid, standable) => {
    expect(inGrid(g, cell)).toBe(inside);
    expect(isSolid(g, cell)).toBe(solid);
    expect(isStandable(g, cell)).toBe(standable);
  });

  it('neighbours26 lists the 26 cells at distance 1', () => {
    const n = neighbours26(c(5, 5, 5));
    expect(n).toHaveLength(26);
    expect(new Set(n.map((x) => `${x.x},${x.y},${x.z}`)).size).toBe(26);
    expect(n.every((x) => chebyshev(x, c(5, 5, 5)) === 1)).toBe(true);
  });

  it.each([
    [c(0, 0, 0), c(0, 0, 0), 0],
    [c(0, 0, 0), c(3, -1, 2), 3],
    [c(2, 2, 0), c(1, 1, 1), 1],
    [c(0, 5, 1), c(0, 0, 0), 5],
  ])('chebyshev %o %o', (a, b, d) => {
    expect(chebyshev(a, b)).toBe(d);
    expect(gridBoard(g).distance(a, b)).toBe(d);
  });

  it.each([
    [c(0, 0, 0), c(1, 0, 0), 1, 1],
    [c(0, 0, 0), c(1, 1, 0), 1, 1],
    [c(0, 0, 0), c(1, 1, 1), 2, 1],
    [c(0, 0, 1), c(0, 0, 0), 1, 1],
  ])('moveCost %o → %o', (a, b, cost, free) => {
    expect(moveCost(a, b)).toBe(cost);
    expect(moveCost(a, b, 0)).toBe(free);
  });
});

describe('reachable', () => {
  it.each([
    [0, 1],
    [1, 9],
    [2, 25],
    [10, 25],
  ])('flat 5×5 from the centre with budget %d: %d cells', (budget, count) => {
    const m = reachable(grid(5, 5, 1), c(2, 2), budget, new Set());
    expect(m.size).toBe(count);
    expect(m.get(cellIndex(grid(5, 5, 1), c(0, 0)))).toBe(budget >= 2 ? 2 : undefined);
  });

  it('goes around blocked cells', () => {
    const g = grid(3, 1, 1);
    expect(spelled(g, reachable(g, c(0, 0), 5, new Set([1])))).toEqual({ '0,0,0': 0 });
    const wide = grid(3, 2, 1);
    expect(spelled(wide, reachable(wide, c(0, 0), 5, new Set([cellIndex(wide, c(1, 0))])))).toEqual({
      '0,0,0': 0,
      '0,1,0': 1,
      '1,1,0': 1,
      '2,0,0': 2,
      '2,1,0': 2,
    });
  });

  it.each([
    [1, 3, { '0,0,0': 0, '1,0,1': 2, '2,0,0': 3 }],
    [1, 2, { '0,0,0': 0, '1,0,1': 2 }],
    [0, 2, { '0,0,0': 0, '1,0,1': 1, '2,0,0': 2 }],
  ])('climbs onto a block and drops off it (climbExtra %d, budget %d)', (extra, budget, want) => {
    const g = grid(3, 1, 2, c(1, 0, 0));
    expect(spelled(g, reachable(g, c(0, 0), budget, new Set(), extra))).toEqual(want);
  });

  const world = fc
    .record({
      w: fc.integer({ min: 1, max: 5 }),
      d: fc.integer({ min: 1, max: 5 }),
      h: fc.integer({ min: 1, max: 3 }),
    })
    .chain(({ w, d, h }) =>
      fc.record({
        g: fc
          .array(fc.integer({ min: 0, max: 3 }), { minLength: w * d * h, maxLength: w * d * h })
          .map((cells): CubeGrid => ({ w, d, h, solid: cells.map((v) => (v === 0 ? 1 : 0)), capacity: 4 })),
        from: fc.record({ x: fc.nat(w - 1), y: fc.nat(d - 1), z: fc.nat(h - 1) }),
        blocked: fc.uniqueArray(fc.nat(w * d * h - 1), { maxLength: 4 }),
      }),
    );

  it('costs stay within the budget and grow monotonically with it', () => {
    fc.assert(
      fc.property(world, fc.nat(6), fc.nat(6), fc.nat(1), ({ g, from, blocked }, b1, b2, extra) => {
        const [lo, hi] = b1 <= b2 ? [b1, b2] : [b2, b1];
        const small = reachable(g, from, lo, new Set(blocked), extra);
        const big = reachable(g, from, hi, new Set(blocked), extra);
        for (const cost of big.values()) expect(cost).toBeLessThanOrEqual(hi);
        for (const [cell, cost] of small) expect(big.get(cell)).toBe(cost);
        for (const [cell, cost] of big) if (cost <= lo) expect(small.get(cell)).toBe(cost);
      }),
    );
  });
});

describe('line of sight between cubes', () => {
  const key = (cells: Cell[]) => cells.map((x) => `${x.x},${x.y},${x.z}`);
  it.each<[string, Cell[], Cell, Cell, boolean, string[]]>([
    ['a straight row', [], c(0, 0), c(3, 0), true, ['0,0,0', '1,0,0', '2,0,0', '3,0,0']],
    ['a wall in the row', [c(2, 0)], c(0, 0), c(3, 0), false, ['0,0,0', '1,0,0', '2,0,0', '3,0,0']],
    ['the same cell', [], c(1, 1), c(1, 1), true, ['1,1,0']],
    [
      'a solid target cell does not block',
      [c(3, 0)],
      c(0, 0),
      c(3, 0),
      true,
      ['0,0,0', '1,0,0', '2,0,0', '3,0,0'],
    ],
    ['a knight step', [], c(0, 0), c(2, 1), true, ['0,0,0', '1,0,0', '1,1,0', '2,1,0']],
    [
      'a diagonal takes both cells at each corner',
      [],
      c(0, 0),
      c(2, 2),
      true,
      ['0,0,0', '1,0,0', '0,1,0', '1,1,0', '2,1,0', '1,2,0', '2,2,0'],
    ],
    [
      'a corner cell blocks a diagonal',
      [c(0, 1)],
      c(0, 0),
      c(1, 1),
      false,
      ['0,0,0', '1,0,0', '0,1,0', '1,1,0'],
    ],
    ['straight up through a floor', [c(0, 0, 1)], c(0, 0, 0), c(0, 0, 2), false, ['0,0,0', '0,0,1', '0,0,2']],
    [
      'a 3-D corner touches seven cells',
      [],
      c(0, 0, 0),
      c(1, 1, 1),
      true,
      ['0,0,0', '1,0,0', '0,1,0', '1,1,0', '0,0,1', '1,0,1', '0,1,1', '1,1,1'],
    ],
    ['over a low wall', [c(1, 0, 0)], c(0, 0, 1), c(2, 0, 1), true, ['0,0,1', '1,0,1', '2,0,1']],
    [
      'down from a roof into a wall',
      [c(1, 0, 0), c(2, 0, 0)],
      c(1, 0, 1),
      c(3, 0, 0),
      false,
      ['1,0,1', '2,0,1', '2,0,0', '3,0,0'],
    ],
  ])('%s', (_, solid, a, b, clear, cells) => {
    const g = grid(4, 4, 3, ...solid);
    const sight = lineOfSightCells(g, a, b);
    expect(sight.clear).toBe(clear);
    expect(key(sight.cells)).toEqual(cells);
    expect(gridBoard(g).lineOfSight(a, b)).toBe(clear);
  });

  it('is symmetric and agrees with gridBoard', () => {
    const dims = { w: 6, d: 5, h: 4 };
    const cell = fc.record({ x: fc.nat(dims.w - 1), y: fc.nat(dims.d - 1), z: fc.nat(dims.h - 1) });
    const solid = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 120, maxLength: 120 });
    fc.assert(
      fc.property(solid, cell, cell, (cells, a, b) => {
        const g: CubeGrid = { ...dims, solid: cells.map((v) => (v === 0 ? 1 : 0)), capacity: 4 };
        const there = lineOfSightCells(g, a, b);
        const back = lineOfSightCells(g, b, a);
        expect(back.clear).toBe(there.clear);
        expect(key(back.cells).sort()).toEqual(key(there.cells).sort());
        expect(gridBoard(g).lineOfSight(a, b)).toBe(there.clear);
      }),
      { numRuns: 500 },
    );
  });
});
