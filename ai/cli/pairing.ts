/**
 * Two tournament logs compared game for game: a game's index `g` fixes its dice seed and the side A plays, so the
 * same `g` in two logs is the same game played by two versions of a bot (the retired code's log and the current
 * one, or the two sides of an experiment). `npm run pair-logs` prints it.
 */
import { gameScore, type Log } from './tournament-log';

export interface SideScores {
  games: number;
  /** A's score in the first log and in the second: a win 1, a draw ½, a loss 0. */
  before: number;
  after: number;
}

export interface Pairing {
  games: number;
  before: number;
  after: number;
  /** Games the second log scored higher, and lower. */
  better: number;
  worse: number;
  /** Two-sided sign test on `better` against `worse` (games scored alike are left out). */
  p: number;
  bySide: Record<string, SideScores>;
}

/** The chance, under fair coin flips, of a split of `n` at least as uneven as `k` against `n - k` (two-sided). */
export function signTest(k: number, n: number): number {
  let tail = 0;
  let c = 1; // C(n, i)
  for (let i = 0; i <= Math.min(k, n - k); i++) {
    tail += c;
    c = (c * (n - i)) / (i + 1);
  }
  return Math.min(1, (2 * tail) / 2 ** n);
}

export interface PairOptions {
  /**
   * Pairs logs whose B differ too (e.g. `mcts:4000` against `mcts:1000` and `mcts-it:3000` against `mcts-it:800`):
   * the same dice seed and sides game for game, two different matches. Off by default, since a different opponent
   * usually means the logs measure different things.
   */
  otherB?: boolean;
  /** Only the games whose index (the log's `g`, from 0) lies in [from, to]. */
  range?: { from: number; to: number };
}

/**
 * Pairs the games both logs played. Refuses (returns a message) logs of different rulesets, scenarios, opponents
 * (unless `otherB`) or seeds, and a game A played on different sides.
 */
export function pairLogs(first: Log, second: Log, options: PairOptions = {}): Pairing | string {
  for (const key of ['ruleset', 'scenario', 'b', 'seed'] as const)
    if (first.settings[key] !== second.settings[key] && !(key === 'b' && options.otherB))
      return `the logs differ in ${key} ("${first.settings[key]}" and "${second.settings[key]}"): their games are not the same games${key === 'b' ? ' (--other-b pairs them on their dice and sides)' : ''}`;
  const { range } = options;
  const out: Pairing = { games: 0, before: 0, after: 0, better: 0, worse: 0, p: 1, bySide: {} };
  for (const [g, b] of second.games) {
    if (range && (g < range.from || g > range.to)) continue;
    const a = first.games.get(g);
    if (!a) continue;
    if (a.aSide !== b.aSide)
      return `game #${g + 1}: A played ${a.aSide} in the first log and ${b.aSide} in the second`;
    const x = gameScore(a);
    const y = gameScore(b);
    out.games++;
    out.before += x;
    out.after += y;
    if (y > x) out.better++;
    else if (y < x) out.worse++;
    const side = (out.bySide[b.aSide] ??= { games: 0, before: 0, after: 0 });
    side.games++;
    side.before += x;
    side.after += y;
  }
  out.p = signTest(Math.min(out.better, out.worse), out.better + out.worse);
  return out;
}
