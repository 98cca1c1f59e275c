/**
 * le-grand-gargant: 1,000 random games (EPIC_GAMES to change) end without an exception, keep the invariants every ply and
 * replay from their records to identical hashes. One file per scenario, so vitest runs them in parallel.
 */
import { describe, expect, it } from 'vitest';
import { playRandomGames } from './helpers/epic';

const GAMES = Number(process.env.EPIC_GAMES ?? 1000);

describe(`epic le-grand-gargant: ${GAMES} random games`, () => {
  it('end without an exception, keep the invariants every ply, and replay to identical hashes', {
    timeout: 600_000,
  }, () => {
    const { plies, winners } = playRandomGames('le-grand-gargant', GAMES);
    expect(plies / GAMES).toBeGreaterThan(30);
    expect(winners.size).toBeGreaterThan(1);
  });
});
