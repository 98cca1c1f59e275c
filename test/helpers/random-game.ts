/** Positions for tests, taken from a real game between two random bots: what the rules reach, not a hand-made state. */
import { randomBot } from '../../ai/bots';
import { playMatch } from '../../ai/match';
import type { AnyRuleset, BaseState } from '../../src/engine/contract';

export interface RandomGame {
  /** The game's dice seed. */
  seed: string;
  /** The random bots' seeds, blue's then red's. */
  bots: [string, string];
}

/**
 * The states of one random game on `scenario`, each passed to `keep` as it is reached (after each ply); the
 * ones kept, in order, at most `max` (then `keep` is no longer asked). The states are the game's own, one per
 * ply: clone one before changing it.
 */
export function randomGameStates<S extends BaseState>(
  ruleset: AnyRuleset,
  scenario: { id: string; data: unknown },
  game: RandomGame,
  keep: (state: S) => boolean,
  max = Number.POSITIVE_INFINITY,
): S[] {
  const out: S[] = [];
  playMatch(
    ruleset,
    scenario.id,
    scenario.data,
    game.seed,
    { blue: randomBot(game.bots[0]), red: randomBot(game.bots[1]) },
    {
      onPly: (state) => {
        if (out.length < max && keep(state as S)) out.push(state as S);
      },
    },
  );
  return out;
}

/** The first state of a random game that `keep` accepts; throws, naming `what`, if the game has none. */
export function firstRandomGameState<S extends BaseState>(
  ruleset: AnyRuleset,
  scenario: { id: string; data: unknown },
  game: RandomGame,
  what: string,
  keep: (state: S) => boolean,
): S {
  const [found] = randomGameStates(ruleset, scenario, game, keep, 1);
  if (!found) throw new Error(`the random game (seed ${game.seed}) reached no ${what}`);
  return found;
}
