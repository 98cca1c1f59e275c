/** The bench's peer game must keep working as the search changes (a smoke test, no speed asserted). */
import { describe, expect, it } from 'vitest';

describe('peer bench', () => {
  it('runs both searches on the shared game and reports rates', { timeout: 60_000 }, async () => {
    process.env.BENCH_ROUNDS = '1';
    const { peerBench } = await import('./peer');
    const r = await peerBench();
    expect(r.ours).toBeGreaterThan(0);
    expect(r.boardgameio).toBeGreaterThan(0);
    expect(r.ratio).toBeCloseTo(r.ours / r.boardgameio, 0);
  });
});
