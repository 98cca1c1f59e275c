/** Plays a whole game between bots, headless: used by `npm run match`, the tests and the bench. */
import type { AnyRuleset, BaseState, GameEvent, Outcome, Side } from '../src/engine/contract';
import { hashState } from '../src/engine/hash';
import { type GameRecord, newRecord, recordPly } from '../src/engine/record';
import type { Bot } from './bots';

export interface MatchResult {
  record: GameRecord;
  outcome: Outcome;
  plies: number;
  finalHash: string;
  state: BaseState;
}

export interface MatchOptions {
  maxPlies?: number;
  onPly?: (state: BaseState, events: GameEvent[]) => void;
}

export function playMatch(
  ruleset: AnyRuleset,
  scenarioId: string,
  scenarioData: unknown,
  seed: string,
  bots: Record<Side, Bot>,
  options: MatchOptions = {},
): MatchResult {
  const sc = ruleset.parseScenario(scenarioData);
  if (!sc.ok) throw new Error(`scenario ${scenarioId}: ${sc.error.message.en}`);
  const init = ruleset.setup(sc.value, seed);
  if (!init.ok) throw new Error(`setup: ${init.error.message.en}`);
  let state: BaseState = init.value;
  const record = newRecord(ruleset.id, scenarioId, seed, state);
  const maxPlies = options.maxPlies ?? 20_000;
  for (let d = ruleset.decision(state); d; d = ruleset.decision(state)) {
    if (record.actions.length >= maxPlies) throw new Error(`game did not end within ${maxPlies} plies`);
    const bot = bots[d.side];
    if (!bot) throw new Error(`no bot for side ${d.side}`);
    const action = bot.choose(ruleset, state);
    const step = ruleset.apply(state, action);
    if (!step.ok)
      throw new Error(
        `bot ${bot.name} chose an illegal action at ply ${state.ply}: ${step.error.message.en}`,
      );
    state = step.value.state;
    recordPly(record, action, state);
    for (const b of Object.values(bots)) b.notify?.(action);
    options.onPly?.(state, step.value.events);
  }
  return {
    record,
    outcome: ruleset.outcome(state),
    plies: record.actions.length,
    finalHash: hashState(state),
    state,
  };
}
