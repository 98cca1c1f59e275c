/**
 * A 3-D grid of cubes (the `cubes` ruleset's battlefield): x and y across the table, z the level.
 * `solid` holds one 0/1 per cell at index x + w·(y + d·z). Movement steps to any of the 26 neighbours and
 * must end each step on a standable cell (ground level, or on top of a solid cube); there are no falls here.
 * ASSUMPTION (brief): a step costs 1 and climbing a level costs `climbExtra` (1) more; core/cubes.md §6 says
 * every step costs 1, which `climbExtra = 0` gives.
 */
import type { Board } from './geometry';

/** A cube of the grid: x, y across the table, z the level (0 = ground). */
export interface Cell {
  x: number;
  y: number;
  z: number;
}

/** The battlefield: w × d cubes across, h levels high. */
export interface CubeGrid {
  w: number;
  d: number;
  h: number;
  /** 1 for a solid cube, 0 for open air; index x + w·(y + d·z). */
  solid: number[];
  /** How much Size a cube holds per combat team; the ruleset enforces it. */
  capacity: number;
}

/** The flat index of a cell. */
export const cellIndex = (g: CubeGrid, c: Cell): number => c.x + g.w * (c.y + g.d * c.z);

/** The cell at a flat index. */
export function cellOf(g: CubeGrid, index: number): Cell {
  const x = index % g.w;
  const rest = (index - x) / g.w;
  const y = rest % g.d;
  return { x, y, z: (rest - y) / g.d };
}

/** True when the cell lies inside the grid. */
export const inGrid = (g: CubeGrid, c: Cell): boolean =>
  c.x >= 0 && c.y >= 0 && c.z >= 0 && c.x < g.w && c.y < g.d && c.z < g.h;

/** True when the cell is inside the grid and solid. */
export const isSolid = (g: CubeGrid, c: Cell): boolean => inGrid(g, c) && g.solid[cellIndex(g, c)] === 1;

/** True when a model may stand in the cell: inside, not solid, and on the ground or on a solid cube. */
export const isStandable = (g: CubeGrid, c: Cell): boolean =>
  inGrid(g, c) && !isSolid(g, c) && (c.z === 0 || g.solid[cellIndex(g, c) - g.w * g.d] === 1);

/** The 26 cells around c, unchecked against any grid. */
export function neighbours26(c: Cell): Cell[] {
  const out: Cell[] = [];
  for (let dz = -1; dz <= 1; dz++)
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++)
        if (dx !== 0 || dy !== 0 || dz !== 0) out.push({ x: c.x + dx, y: c.y + dy, z: c.z + dz });
  return out;
}

/** Distance in cubes: the largest difference along one axis. */
export const chebyshev = (a: Cell, b: Cell): number =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y), Math.abs(a.z - b.z));

/** Cost of one step to a neighbouring cell: 1, plus `climbExtra` when it climbs a level. */
export const moveCost = (from: Cell, to: Cell, climbExtra = 1): number =>
  to.z > from.z ? 1 + climbExtra : 1;

/** Cheapest cost (≤ budget) of each cell reached by steps onto standable, unblocked cells (integer costs). */
export function reachable(
  g: CubeGrid,
  from: Cell,
  budget: number,
  blockedCells: Set<number>,
  climbExtra = 1,
): Map<number, number> {
  const { w, d, h, solid } = g;
  const layer = w * d;
  const start = cellIndex(g, from);
  const best = new Map<number, number>([[start, 0]]);
  const buckets: number[][] = [[start]];
  for (let cost = 0; cost < buckets.length; cost++) {
    for (const idx of buckets[cost] ?? []) {
      if (best.get(idx) !== cost) continue;
      const x = idx % w;
      const y = ((idx - x) / w) % d;
      const z = (idx - x - w * y) / layer;
      for (let dz = -1; dz <= 1; dz++) {
        const nz = z + dz;
        if (nz < 0 || nz >= h) continue;
        const next = cost + (dz > 0 ? 1 + climbExtra : 1); // moveCost
        if (next > budget) continue;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = y + dy;
          if (ny < 0 || ny >= d) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            if (nx < 0 || nx >= w || (dx === 0 && dy === 0 && dz === 0)) continue;
            const n = nx + w * (ny + d * nz);
            if (solid[n] === 1 || (nz > 0 && solid[n - layer] !== 1) || blockedCells.has(n)) continue;
            const old = best.get(n);
            if (old !== undefined && old <= next) continue;
            best.set(n, next);
            (buckets[next] ??= []).push(n);
          }
        }
      }
    }
  }
  return best;
}

/**
 * Walk the supercover of the segment between the centres of a and b (both in the grid): every cell the
 * segment touches, edges and corners included, so the set is the same both ways. Collects the cells into
 * `cells` when given, else stops at the first solid cell strictly between. Returns whether none is solid.
 */
function supercover(g: CubeGrid, a: Cell, b: Cell, cells: Cell[] | null): boolean {
  const ax = Math.abs(b.x - a.x);
  const ay = Math.abs(b.y - a.y);
  const az = Math.abs(b.z - a.z);
  const sx = Math.sign(b.x - a.x);
  const sy = Math.sign(b.y - a.y);
  const sz = Math.sign(b.z - a.z);
  let x = a.x;
  let y = a.y;
  let z = a.z;
  let ix = 0;
  let iy = 0;
  let iz = 0;
  let clear = true;
  cells?.push({ x, y, z });
  while (ix < ax || iy < ay || iz < az) {
    // The k-th crossing of an axis spanning n cells is at t = (2k + 1) / 2n; ties are exact in floats.
    const tx = ix < ax ? (2 * ix + 1) / (2 * ax) : Infinity;
    const ty = iy < ay ? (2 * iy + 1) / (2 * ay) : Infinity;
    const tz = iz < az ? (2 * iz + 1) / (2 * az) : Infinity;
    const t = Math.min(tx, ty, tz);
    const mask = (tx === t ? 1 : 0) | (ty === t ? 2 : 0) | (tz === t ? 4 : 0);
    if (mask & 1) ix++;
    if (mask & 2) iy++;
    if (mask & 4) iz++;
    const last = ix === ax && iy === ay && iz === az;
    // Every subset of the axes crossed at once is a touched cell; the full set (s === mask) comes last.
    for (let s = 1; s <= mask; s++) {
      if ((s & mask) !== s) continue;
      const cx = s & 1 ? x + sx : x;
      const cy = s & 2 ? y + sy : y;
      const cz = s & 4 ? z + sz : z;
      if (!(last && s === mask) && g.solid[cx + g.w * (cy + g.d * cz)] === 1) {
        if (!cells) return false;
        clear = false;
      }
      cells?.push({ x: cx, y: cy, z: cz });
    }
    if (mask & 1) x += sx;
    if (mask & 2) y += sy;
    if (mask & 4) z += sz;
  }
  return clear;
}

/** Line of sight between cube centres: blocked when a cell of the supercover strictly between is solid. */
export function lineOfSightCells(g: CubeGrid, a: Cell, b: Cell): { clear: boolean; cells: Cell[] } {
  const cells: Cell[] = [];
  return { clear: supercover(g, a, b, cells), cells };
}

/** The cube grid as a `Board`: distance in cubes and centre-to-centre line of sight. */
export const gridBoard = (g: CubeGrid): Board<Cell> => ({
  distance: chebyshev,
  lineOfSight: (a, b) => supercover(g, a, b, null),
});
