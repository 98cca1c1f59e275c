import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Camera,
  clampZoom,
  depthKey,
  fitCamera,
  groundEllipse,
  HEIGHT_SCALE,
  onTable,
  panCamera,
  project,
  projectDirection,
  tableBounds,
  toScreen,
  toWorld,
  ZOOM_LIMITS,
  zoomAbout,
} from './iso';

const ID: Camera = { x: 0, y: 0, zoom: 1 };
const CAM: Camera = { x: 400, y: 500, zoom: 4 };

const coord = fc.double({ min: -500, max: 500, noNaN: true, noDefaultInfinity: true });
const pixel = fc.double({ min: -2000, max: 4000, noNaN: true, noDefaultInfinity: true });
const camera = fc.record({
  x: pixel,
  y: pixel,
  zoom: fc.double({ min: 0.1, max: 100, noNaN: true, noDefaultInfinity: true }),
});
const close = (a: number, b: number, tol = 1e-6) =>
  Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));

describe('toScreen: the 2:1 diamond', () => {
  const cases: [string, [number, number, number], Camera, [number, number]][] = [
    ['origin at the camera', [0, 0, 0], CAM, [400, 500]],
    ['east goes right and up by half', [1, 0, 0], ID, [1, -0.5]],
    ['north goes left and up by half', [0, 1, 0], ID, [-1, -0.5]],
    ['north-east goes straight up', [1, 1, 0], ID, [0, -1]],
    ['height goes straight up', [0, 0, 1], ID, [0, -HEIGHT_SCALE]],
    ['zoom scales about the camera', [10, 0, 0], CAM, [440, 480]],
    ['table corner (150, 100)', [150, 100, 0], ID, [50, -125]],
    ['a point raised on a zoomed camera', [2, 1, 3], { x: 10, y: 20, zoom: 2 }, [12, 20 - 2 * (1.5 + 3)]],
  ];
  for (const [name, [x, y, z], cam, [sx, sy]] of cases)
    it(name, () => {
      const p = toScreen(x, y, z, cam);
      expect(p.x).toBeCloseTo(sx, 9);
      expect(p.y).toBeCloseTo(sy, 9);
    });

  it('a diamond: the table (0,0)–(150,100) has its corners bottom, right, top and left', () => {
    const [sw, se, ne, nw] = [project(0, 0), project(150, 0), project(150, 100), project(0, 100)];
    expect(sw.y).toBeGreaterThan(se.y);
    expect(sw.y).toBeGreaterThan(nw.y);
    expect(ne.y).toBeLessThan(se.y);
    expect(ne.y).toBeLessThan(nw.y);
    expect(se.x).toBeGreaterThan(sw.x);
    expect(nw.x).toBeLessThan(sw.x);
    // 2:1: a unit step along x is twice as wide as it is tall.
    expect(Math.abs(se.x - sw.x) / Math.abs(se.y - sw.y)).toBeCloseTo(2, 12);
  });
});

describe('toWorld', () => {
  const cases: [string, [number, number], Camera, [number, number]][] = [
    ['the camera point is the origin', [400, 500], CAM, [0, 0]],
    ['straight up one pixel at zoom 1 is (1, 1)', [0, -1], ID, [1, 1]],
    ['right one pixel at zoom 1 is (½, −½)', [1, 0], ID, [0.5, -0.5]],
    ['the table corner back', [50, -125], ID, [150, 100]],
  ];
  for (const [name, [sx, sy], cam, [x, y]] of cases)
    it(name, () => {
      const w = toWorld(sx, sy, cam);
      expect(w.x).toBeCloseTo(x, 9);
      expect(w.y).toBeCloseTo(y, 9);
    });

  it('round-trips toScreen on the z = 0 plane', () => {
    fc.assert(
      fc.property(coord, coord, camera, (x, y, cam) => {
        const s = toScreen(x, y, 0, cam);
        const w = toWorld(s.x, s.y, cam);
        return close(w.x, x, 1e-7) && close(w.y, y, 1e-7);
      }),
    );
  });

  it('round-trips on any elevation plane', () => {
    fc.assert(
      fc.property(coord, coord, fc.double({ min: -20, max: 50, noNaN: true }), camera, (x, y, z, cam) => {
        const s = toScreen(x, y, z, cam);
        const w = toWorld(s.x, s.y, cam, z);
        return close(w.x, x, 1e-7) && close(w.y, y, 1e-7);
      }),
    );
  });

  it('and toScreen(toWorld(s)) = s', () => {
    fc.assert(
      fc.property(pixel, pixel, camera, (sx, sy, cam) => {
        const w = toWorld(sx, sy, cam);
        const s = toScreen(w.x, w.y, 0, cam);
        return close(s.x, sx, 1e-7) && close(s.y, sy, 1e-7);
      }),
    );
  });
});

describe('camera helpers', () => {
  it('pan moves every point by the same pixels', () => {
    fc.assert(
      fc.property(coord, coord, camera, pixel, pixel, (x, y, cam, dx, dy) => {
        const a = toScreen(x, y, 0, cam);
        const b = toScreen(x, y, 0, panCamera(cam, dx, dy));
        return close(b.x - a.x, dx, 1e-7) && close(b.y - a.y, dy, 1e-7);
      }),
    );
  });

  it('zoom about a point keeps the world point under it fixed', () => {
    fc.assert(
      fc.property(
        camera,
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        pixel,
        pixel,
        (cam, factor, sx, sy) => {
          const before = toWorld(sx, sy, cam);
          const next = zoomAbout(cam, factor, sx, sy);
          const after = toWorld(sx, sy, next);
          return close(after.x, before.x, 1e-6) && close(after.y, before.y, 1e-6);
        },
      ),
    );
  });

  it('zoom is clamped to the limits, still about the point', () => {
    const cam: Camera = { x: 100, y: 100, zoom: 2 };
    const limits = { min: 1, max: 4 };
    const z = zoomAbout(cam, 10, 300, 200, limits);
    expect(z.zoom).toBe(4);
    const w0 = toWorld(300, 200, cam);
    const w1 = toWorld(300, 200, z);
    expect(w1.x).toBeCloseTo(w0.x, 9);
    expect(w1.y).toBeCloseTo(w0.y, 9);
    expect(zoomAbout(cam, 0.01, 0, 0, limits).zoom).toBe(1);
    expect(clampZoom(1e9)).toBe(ZOOM_LIMITS.max);
    expect(clampZoom(0)).toBe(ZOOM_LIMITS.min);
  });

  it('zooming in then out by the inverse factor returns the camera', () => {
    fc.assert(
      fc.property(camera, fc.double({ min: 0.5, max: 2, noNaN: true }), pixel, pixel, (cam, f, sx, sy) => {
        const back = zoomAbout(zoomAbout(cam, f, sx, sy), 1 / f, sx, sy);
        return close(back.x, cam.x, 1e-6) && close(back.y, cam.y, 1e-6) && close(back.zoom, cam.zoom, 1e-9);
      }),
    );
  });
});

describe('fitCamera', () => {
  const cases: [string, number, number, number, number][] = [
    ['epic table in a wide viewport', 150, 100, 1280, 720],
    ['epic table in a tall viewport', 150, 100, 400, 900],
    ['a square grid', 12, 12, 800, 600],
    ['a long table', 180, 60, 1000, 500],
  ];
  for (const [name, w, h, vw, vh] of cases)
    it(`${name}: every corner inside, the table centred and touching two sides`, () => {
      const margin = 10;
      const cam = fitCamera(w, h, vw, vh, { margin, zMax: 8, zMin: -3 });
      const pts = [
        [0, 0],
        [w, 0],
        [w, h],
        [0, h],
      ].flatMap(([x, y]) => [toScreen(x!, y!, 8, cam), toScreen(x!, y!, -3, cam)]);
      const xs = pts.map((p) => p.x);
      const ys = pts.map((p) => p.y);
      const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      expect(minX).toBeGreaterThanOrEqual(margin - 1e-6);
      expect(maxX).toBeLessThanOrEqual(vw - margin + 1e-6);
      expect(minY).toBeGreaterThanOrEqual(margin - 1e-6);
      expect(maxY).toBeLessThanOrEqual(vh - margin + 1e-6);
      expect((minX + maxX) / 2).toBeCloseTo(vw / 2, 6);
      expect((minY + maxY) / 2).toBeCloseTo(vh / 2, 6);
      const fillsWidth = close(maxX - minX, vw - 2 * margin, 1e-9);
      const fillsHeight = close(maxY - minY, vh - 2 * margin, 1e-9);
      expect(fillsWidth || fillsHeight).toBe(true);
    });

  it('drops the margin when the viewport is smaller than it', () => {
    const cam = fitCamera(150, 100, 10, 10, { margin: 20 });
    expect(cam.zoom).toBeGreaterThan(0);
    expect(Number.isFinite(cam.x) && Number.isFinite(cam.y)).toBe(true);
  });

  it('tableBounds spans the diamond', () => {
    expect(tableBounds(150, 100)).toEqual({ minX: -100, maxX: 150, minY: -125, maxY: -0 });
    expect(tableBounds(150, 100, -2, 6).minY).toBe(-131);
    expect(tableBounds(150, 100, -2, 6).maxY).toBe(2);
  });
});

describe('depth, ellipses, directions', () => {
  const cases: [string, [number, number, number], [number, number, number]][] = [
    ['south is in front of north', [50, 10, 0], [50, 60, 0]],
    ['west is in front of east', [10, 50, 0], [60, 50, 0]],
    ['higher is in front at the same spot', [20, 20, 5], [20, 20, 0]],
  ];
  for (const [name, a, b] of cases)
    it(name, () => {
      expect(depthKey(...a)).toBeGreaterThan(depthKey(...b));
    });

  it('the nearer of two points is lower on the screen', () => {
    fc.assert(
      fc.property(coord, coord, coord, coord, (x1, y1, x2, y2) => {
        fc.pre(Math.abs(x1 + y1 - (x2 + y2)) > 1e-6);
        const nearer = depthKey(x1, y1) > depthKey(x2, y2);
        return nearer === project(x1, y1).y > project(x2, y2).y;
      }),
    );
  });

  it('a ground circle projects inside its ellipse, touching it', () => {
    const r = 3;
    const { rx, ry } = groundEllipse(r);
    let maxE = 0;
    for (let i = 0; i < 360; i++) {
      const a = (i * Math.PI) / 180;
      const p = project(r * Math.cos(a), r * Math.sin(a));
      maxE = Math.max(maxE, (p.x / rx) ** 2 + (p.y / ry) ** 2);
      expect((p.x / rx) ** 2 + (p.y / ry) ** 2).toBeLessThanOrEqual(1 + 1e-9);
    }
    expect(maxE).toBeCloseTo(1, 9);
  });

  it('projectDirection is the projection of the unit vector', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (a) => {
        const d = projectDirection(a);
        const p = project(Math.cos(a), Math.sin(a));
        return close(d.x, p.x, 1e-12) && close(d.y, p.y, 1e-12);
      }),
    );
  });

  it('onTable includes edges, excludes outside', () => {
    expect(onTable({ x: 0, y: 0 }, 150, 100)).toBe(true);
    expect(onTable({ x: 150, y: 100 }, 150, 100)).toBe(true);
    expect(onTable({ x: -0.1, y: 50 }, 150, 100)).toBe(false);
    expect(onTable({ x: 50, y: 100.1 }, 150, 100)).toBe(false);
  });
});
