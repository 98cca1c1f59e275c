/**
 * A game in play, with no DOM: the ruleset, the scenario, the record (docs/game-record.md) and the state it
 * replays to. Every action goes through the ruleset's `apply` and is pushed on the record with its hash;
 * a game is rebuilt from a record only through `parseRecord` + `replay`, which verify every ply.
 * Everything the player reads is a `Message` in both languages.
 */
import type { GameFacts } from '../../statecharts/app';
import type {
  AnyRuleset,
  BaseAction,
  BaseState,
  DecisionPoint,
  GameEvent,
  LegalSet,
  Outcome,
} from '../engine/contract';
import { type GameRecord, newRecord, parseRecord, recordPly, replay } from '../engine/record';
import { err, type Message, type Result } from '../engine/result';
import { findScenario, rulesets, type ScenarioEntry } from '../rulesets/registry';

export interface Game {
  ruleset: AnyRuleset;
  scenario: ScenarioEntry;
  record: GameRecord;
  state: BaseState;
  /** The events of each ply (index = ply − 1). */
  events: GameEvent[][];
  /** The side that decided each ply (index = ply − 1). */
  sides: string[];
}

export function createGame(rulesetId: string, scenarioId: string, seed: string): Result<Game> {
  const ruleset = rulesets[rulesetId];
  if (!ruleset)
    return err(
      'ERR_RULESET',
      `Unknown rule system "${rulesetId}".`,
      `Système de règles inconnu « ${rulesetId} ».`,
    );
  const scenario = findScenario(rulesetId, scenarioId);
  if (!scenario)
    return err('ERR_SCENARIO', `Unknown scenario "${scenarioId}".`, `Scénario inconnu « ${scenarioId} ».`);
  const parsed = ruleset.parseScenario(scenario.data);
  if (!parsed.ok) return parsed;
  const init = ruleset.setup(parsed.value, seed);
  if (!init.ok) return init;
  const record = newRecord(rulesetId, scenarioId, seed, init.value);
  return { ok: true, value: { ruleset, scenario, record, state: init.value, events: [], sides: [] } };
}

export const decisionOf = (g: Game): DecisionPoint | null => g.ruleset.decision(g.state);
export const outcomeOf = (g: Game): Outcome => g.ruleset.outcome(g.state);
export const legalOf = (g: Game): LegalSet<BaseAction> => g.ruleset.legal(g.state);

/** Plays one action: refused (with the ruleset's reason) when illegal, otherwise recorded with its hash. */
export function playAction(g: Game, action: BaseAction): Result<GameEvent[]> {
  const decision = decisionOf(g);
  if (!decision) return err('ERR_GAME_OVER', 'The game is over.', 'La partie est terminée.');
  const step = g.ruleset.apply(g.state, action);
  if (!step.ok) return step;
  g.state = step.value.state;
  recordPly(g.record, action, g.state);
  g.events.push(step.value.events);
  g.sides.push(decision.side);
  return { ok: true, value: step.value.events };
}

/** Why an action would be refused now, or null. */
export function whyIllegal(g: Game, action: BaseAction): Message | null {
  const v = g.ruleset.validate(g.state, action);
  return v.ok ? null : v.error.message;
}

/** Rebuilds a game from an untrusted record: shape first, then every ply replayed and its hash checked. */
export function gameFromRecord(input: unknown): Result<Game> {
  const parsed = parseRecord(input);
  if (!parsed.ok) return parsed;
  const record = parsed.value;
  const ruleset = rulesets[record.ruleset];
  if (!ruleset)
    return err(
      'ERR_RECORD_RULESET',
      `Game file: unknown rule system "${record.ruleset}" (field "ruleset").`,
      `Fichier de partie : système de règles inconnu « ${record.ruleset} » (champ « ruleset »).`,
    );
  const scenario = findScenario(record.ruleset, record.scenario);
  if (!scenario)
    return err(
      'ERR_RECORD_SCENARIO',
      `Game file: unknown scenario "${record.scenario}" (field "scenario").`,
      `Fichier de partie : scénario inconnu « ${record.scenario} » (champ « scenario »).`,
    );
  const played = replay<BaseState>(ruleset, scenario.data, record);
  if (!played.ok) return played;
  // Who decided each ply: the record does not store it, the replayed states do.
  const sides: string[] = [];
  const again = gameFromSetup(ruleset, scenario, record.seed);
  if (!again.ok) return again;
  let state = again.value;
  for (const action of record.actions) {
    sides.push(ruleset.decision(state)?.side ?? '');
    const step = ruleset.apply(state, action);
    if (!step.ok) return step;
    state = step.value.state;
  }
  return {
    ok: true,
    value: {
      ruleset,
      scenario,
      record: { ...record, actions: [...record.actions], hashes: [...record.hashes] },
      state: played.value.state,
      events: played.value.events,
      sides,
    },
  };
}

function gameFromSetup(ruleset: AnyRuleset, scenario: ScenarioEntry, seed: string): Result<BaseState> {
  const parsed = ruleset.parseScenario(scenario.data);
  if (!parsed.ok) return parsed;
  return ruleset.setup(parsed.value, seed);
}

/**
 * The game as it was `plies` actions ago, replayed from the record (so verified). Used for takebacks:
 * the caller picks how far back.
 */
export function truncated(g: Game, plies: number): Result<Game> {
  const keep = Math.max(0, plies);
  return gameFromRecord({
    ...g.record,
    actions: g.record.actions.slice(0, keep),
    hashes: g.record.hashes.slice(0, keep),
    annotations: g.record.annotations.filter((a) => a.ply <= keep),
  });
}

/** How many plies to keep to take back the last action of one of `humans` (and the AI's answers to it). */
export function takebackPoint(g: Game, humans: readonly string[]): number | null {
  for (let i = g.sides.length - 1; i >= 0; i--) if (humans.includes(g.sides[i]!)) return i;
  return null;
}

/** The sides see different tables (secret orders): switching the screen between players needs a hand-over. */
export function hasHiddenInfo(g: Game): boolean {
  const views = g.ruleset.sides.map((side) => JSON.stringify(g.ruleset.observe(g.state, side)));
  return views.some((v) => v !== views[0]);
}

export function factsOf(g: Game): GameFacts {
  const decision = decisionOf(g);
  const over = outcomeOf(g).status === 'finished' || decision === null;
  return { toAct: over ? null : (decision?.side ?? null), over, hidden: !over && hasHiddenInfo(g) };
}

/** Does a candidate action fill the template of a move region (same fields but `to`)? */
export function fillsTemplate(action: BaseAction, template: BaseAction): boolean {
  if (action.type !== template.type || !('to' in action)) return false;
  for (const [k, v] of Object.entries(template)) {
    if (k === 'to') continue;
    if (JSON.stringify((action as unknown as Record<string, unknown>)[k]) !== JSON.stringify(v)) return false;
  }
  return true;
}

export function withDestination(template: BaseAction, to: { x: number; y: number }): BaseAction {
  return { ...template, to: { x: round2(to.x), y: round2(to.y) } } as BaseAction;
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;
