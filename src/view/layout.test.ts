import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UnitView } from '../engine/board-model';
import { type Camera, fitCamera, toScreen } from './iso';
import {
  hitsUnit,
  LABEL_ZOOM,
  labelVisible,
  pickUnit,
  prismFaces,
  shadeColour,
  signedArea2,
  tokenSize,
} from './layout';

const u = (id: string, x: number, y: number, extra: Partial<UnitView> = {}): UnitView => ({
  id,
  side: 'blue',
  x,
  y,
  r: 1,
  facing: 0,
  label: { fr: id, en: id },
  hp: 1,
  hpMax: 1,
  markers: [],
  selectable: true,
  dead: false,
  ...extra,
});

const cam: Camera = fitCamera(150, 100, 1280, 720, { margin: 20 });

describe('tokenSize', () => {
  it('grows with the zoom within readable bounds', () => {
    expect(tokenSize(1, 0.1).h).toBe(12);
    expect(tokenSize(1, 1000).h).toBe(36);
    expect(tokenSize(1, 8).h).toBeGreaterThan(tokenSize(1, 5).h);
    expect(tokenSize(1.75, 5).h).toBeGreaterThan(tokenSize(1, 5).h);
    const t = tokenSize(1, 6);
    expect(t.w).toBeLessThan(t.h);
  });

  it('labels show when zoomed in or emphasised', () => {
    expect(labelVisible(LABEL_ZOOM - 1, false)).toBe(false);
    expect(labelVisible(LABEL_ZOOM - 1, true)).toBe(true);
    expect(labelVisible(LABEL_ZOOM, false)).toBe(true);
  });
});

describe('pickUnit', () => {
  const units = [u('a', 20, 50), u('b', 60, 50), u('dead', 100, 50, { dead: true })];

  it('finds the unit under its base centre and under its token', () => {
    for (const x of units.slice(0, 2)) {
      const c = toScreen(x.x, x.y, 0, cam);
      expect(pickUnit(units, c.x, c.y, cam)?.id).toBe(x.id);
      const t = tokenSize(x.r, cam.zoom);
      expect(pickUnit(units, c.x, c.y - t.h + 1, cam)?.id).toBe(x.id);
    }
  });

  it('finds nothing on empty table nor on a dead unit', () => {
    const c = toScreen(40, 80, 0, cam);
    expect(pickUnit(units, c.x, c.y, cam)).toBeNull();
    const d = toScreen(100, 50, 0, cam);
    expect(pickUnit(units, d.x, d.y, cam)).toBeNull();
  });

  it('prefers the unit nearer the viewer when they overlap on screen', () => {
    // (30, 30) stands right in front of (31, 31): same screen column, its token covers the other's base.
    const near = u('near', 30, 30);
    const far = u('far', 30.6, 30.6);
    const c = toScreen(30.3, 30.3, 0, cam);
    expect(pickUnit([far, near], c.x, c.y, cam)?.id).toBe('near');
    expect(pickUnit([near, far], c.x, c.y, cam)?.id).toBe('near');
  });

  it('a point of a ground base (in world units) always hits that base', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (a, k) => {
          const x = u('x', 75, 50, { r: 1.75 });
          const p = toScreen(75 + k * 1.75 * Math.cos(a), 50 + k * 1.75 * Math.sin(a), 0, cam);
          return hitsUnit(x, p.x, p.y, cam);
        },
      ),
    );
  });
});

describe('prismFaces', () => {
  const square = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 10 },
    { x: 0, y: 10 },
  ];

  it('a flat piece is its top alone', () => {
    const f = prismFaces(square, 0, 0);
    expect(f).toHaveLength(1);
    expect(f[0]!.points).toHaveLength(8);
  });

  it('a raised square shows its south and west walls, then its top, whatever the winding', () => {
    for (const poly of [square, [...square].reverse()]) {
      expect(Math.sign(signedArea2(poly))).toBe(poly === square ? 1 : -1);
      const f = prismFaces(poly, 0, 5);
      expect(f).toHaveLength(3);
      expect(f[2]!.shade).toBe(1); // the top last
      // Walls reach from the ground (iso y of z=0) to the top (5 higher).
      const ys = f[0]!.points.filter((_, i) => i % 2 === 1);
      expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThanOrEqual(5 - 1e-9);
      // The west wall is lit more than the south wall.
      const shades = f.slice(0, 2).map((w) => w.shade);
      expect(new Set(shades).size).toBe(2);
    }
  });

  it('shadeColour darkens and lightens per channel', () => {
    expect(shadeColour(0x808080, 0.5)).toBe(0x404040);
    expect(shadeColour(0x808080, 1)).toBe(0x808080);
    expect(shadeColour(0x000000, 2)).toBe(0xffffff);
    expect(shadeColour(0x204060, 1)).toBe(0x204060);
  });
});

describe('no rules inside the view (STYLE.md)', () => {
  const dir = __dirname;
  const files = readdirSync(dir).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'demo.ts',
  );
  it('finds the view files', () => {
    expect(files).toEqual(expect.arrayContaining(['board.ts', 'iso.ts', 'layout.ts']));
  });
  for (const f of files)
    it(`${f} imports no ruleset and applies nothing`, () => {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text).not.toMatch(/from '[^']*rulesets/);
      expect(text).not.toMatch(/\b(apply|applyInPlace|validate)\s*\(/);
      expect(text).not.toMatch(/Math\.random\s*\(/);
    });
});
