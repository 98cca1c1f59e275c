import { describe, expect, it } from 'vitest';
import { MAX_SHOTS, shotFrames, shotsDuration } from './effects';

const shot = (hit: boolean, melee = false) => ({
  from: { x: 0, y: 0 },
  to: { x: 10, y: 0 },
  hit,
  ...(melee ? { melee } : {}),
});

describe('shot frames', () => {
  it('a tracer flies from the firer to the target, then its hit marker swells and fades', () => {
    expect(shotFrames([shot(true)], 0)[0]).toMatchObject({ head: 0, marker: null });
    const mid = shotFrames([shot(true)], 0.1)[0]!;
    expect(mid.head).toBeGreaterThan(0);
    expect(mid.head).toBeLessThan(1);
    const landed = shotFrames([shot(true)], 0.4)[0]!;
    expect(landed.head).toBeNull();
    expect(landed.marker).toMatchObject({ hit: true, melee: false });
    expect(shotFrames([shot(false)], 1)[0]!.marker).toMatchObject({ hit: false, alpha: 0 });
  });

  it('several shots are staggered: the second has not started when the first flies', () => {
    const [a, b] = shotFrames([shot(true), shot(false)], 0.1);
    expect(a!.head).toBeGreaterThan(0);
    expect(b).toMatchObject({ head: null, marker: null });
    const [, b2] = shotFrames([shot(true), shot(false)], 0.99);
    expect(b2!.marker?.hit).toBe(false);
  });

  it('a blow in contact has no tracer: its clash shows almost at once', () => {
    const f = shotFrames([shot(true, true)], 0.1)[0]!;
    expect(f.marker).toMatchObject({ melee: true, hit: true });
  });

  it('animates at most MAX_SHOTS; the duration follows the speed and is 0 when instant', () => {
    expect(
      shotFrames(
        Array.from({ length: 40 }, () => shot(true)),
        0.5,
      ),
    ).toHaveLength(MAX_SHOTS);
    expect(shotsDuration(1, 300)).toBe(525);
    expect(shotsDuration(3, 600)).toBeGreaterThan(shotsDuration(3, 300));
    expect(shotsDuration(2, 0)).toBe(0);
    expect(shotsDuration(0, 300)).toBe(0);
  });
});
