/**
 * One game between two bots, one ply at a time, with no DOM: the page drives it with timers.
 * It uses only the ruleset contract and ai/bots, as the headless match runner does.
 */
import { type Bot, type BotName, makeBot } from '../../ai/bots';
import type { AnyRuleset, BaseState, DecisionPoint, GameEvent, Outcome, Side } from '../engine/contract';
import { err, type Result } from '../engine/result';

/** A game stops here if the ruleset never ends it (as ai/match.ts does). */
export const MAX_PLIES = 20_000;

export interface Session {
  ruleset: AnyRuleset;
  seed: string;
  state: BaseState;
  bots: Record<Side, Bot>;
  plies: number;
}

/** Parses the scenario, sets the game up and makes one bot per side, each seeded from the game's seed. */
export function startSession(
  ruleset: AnyRuleset,
  scenarioData: unknown,
  seed: string,
  botNames: Record<Side, BotName>,
): Result<Session> {
  const scenario = ruleset.parseScenario(scenarioData);
  if (!scenario.ok) return scenario;
  const setup = ruleset.setup(scenario.value, seed);
  if (!setup.ok) return setup;
  const bots: Record<Side, Bot> = {};
  for (const side of ruleset.sides) bots[side] = makeBot(botNames[side] ?? 'random', `${seed}:${side}`);
  return { ok: true, value: { ruleset, seed, state: setup.value, bots, plies: 0 } };
}

export function decisionOf(session: Session): DecisionPoint | null {
  return session.ruleset.decision(session.state);
}

export function outcomeOf(session: Session): Outcome {
  return session.ruleset.outcome(session.state);
}

/** Plays one ply: the bot to act chooses, the ruleset applies. Returns the events, or a coded error. */
export function playPly(session: Session): Result<GameEvent[]> {
  const decision = decisionOf(session);
  if (!decision) return err('GAME_OVER', 'The game is over.', 'La partie est terminée.');
  if (session.plies >= MAX_PLIES) {
    return err(
      'TOO_LONG',
      `The game did not end within ${MAX_PLIES} actions.`,
      `La partie ne s’est pas terminée en ${MAX_PLIES} actions.`,
    );
  }
  const bot = session.bots[decision.side];
  if (!bot)
    return err(
      'NO_BOT',
      `No bot plays side ${decision.side}.`,
      `Aucun bot ne joue le camp ${decision.side}.`,
    );
  try {
    const action = bot.choose(session.ruleset, session.state);
    const step = session.ruleset.apply(session.state, action);
    if (!step.ok) return step;
    session.state = step.value.state;
    session.plies++;
    return { ok: true, value: step.value.events };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return err(
      'BOT_FAILED',
      `The ${bot.name} bot failed: ${detail}`,
      `Le bot ${bot.name} a échoué : ${detail}`,
    );
  }
}
