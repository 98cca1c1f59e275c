/**
 * The ruleset contract (DESIGN.md, "The engine contract"). A ruleset is a plain object that the engine,
 * the AI and the app all use the same way. States, actions and events are plain data: structured-clone
 * and JSON safe, so they cross a Worker and a saved file unchanged.
 */
import type { GameError, Message, Result } from './result';
import type { Rng, RngState } from './rng';

/** A side's id, as the ruleset declares them (`blue`, `red`). */
export type Side = string;

/** Every game state carries its RNG and its ply count. */
export interface BaseState {
  rng: RngState;
  ply: number;
}

/** Every action is tagged by `type`; the rest is the ruleset's own vocabulary. */
export interface BaseAction {
  type: string;
}

/** One group of dice rolled while resolving a step. */
export interface DiceRoll {
  /** What the dice were for, in the game's words: "to hit", "save", "morale". */
  label: string;
  /** Kind of die: 6 for a d6, 8 for a d8, 20 for a d20. */
  sides: number;
  dice: number[];
  /** The number each die had to reach (or stay under), after modifiers, when there is one. */
  target?: number;
  /** Dice that were re-rolled, as [index, old value] pairs; `dice` holds the final values. */
  rerolled?: [number, number][];
  /** Modifiers applied, one line each, so the log and the teaching mode can show them. */
  modifiers?: { label: Message; value: number }[];
}

/** Every resolved step emits an event naming its rule (a catalogue id such as `NE-U70`) and its dice. */
export interface GameEvent {
  kind: string;
  /** The catalogue id of the rule applied (`NE-U37`, `C4`), or several. */
  rule: string;
  side?: Side;
  text: Message;
  dice?: DiceRoll[];
  /** Ids of the units the step concerns, so a view can highlight them. */
  units?: string[];
}

/** Whose decision it is, in which phase, for which unit. */
export interface DecisionPoint {
  side: Side;
  /** The statechart's state value, flattened (`mouvement.activation`). */
  phase: string;
  /** The turn number, from 1. */
  turn: number;
  unit?: string;
  prompt?: Message;
  /**
   * The choice stays hidden from the other side until it is revealed (epic's Ordres). A searcher must not
   * play it as a pure best reply a watcher could read off: ai/mcts.ts picks it from a mixed strategy.
   */
  secret?: boolean;
}

/** A continuous action described by where it may go: the view draws it, `validate` decides a point. */
export interface LegalRegion<A extends BaseAction = BaseAction> {
  kind: 'move';
  unit: string;
  /** The action to send, with `to` filled in by the point the player picks. */
  template: A;
  from: { x: number; y: number };
  /** The farthest the unit may go along a straight line, in the table's unit. */
  maxDistance: number;
}

export interface LegalSet<A extends BaseAction> {
  decision: DecisionPoint;
  /** Discrete actions, each fully formed. */
  actions: A[];
  /** Continuous actions (moves), described as regions. */
  regions: LegalRegion<A>[];
}

export type Outcome =
  | { status: 'running' }
  | {
      status: 'finished';
      /** null for a draw. */
      winner: Side | null;
      points: Record<Side, number>;
      reason: Message;
    };

/** The exact distribution of an attack's outcomes, before it is rolled. */
export interface OddsReport {
  /** Lines of modifiers, as a dialog shows them. */
  lines: { label: Message; value: string }[];
  /** Probability of each number of casualties (index = casualties). Sums to 1. */
  casualties: number[];
  expected: number;
  /** Probability that every targeted base is destroyed. */
  destroyAll: number;
}

/** Where a rule comes from: the catalogue id, the French source sentence and an English gloss. */
export interface Explanation {
  rule: string;
  title: Message;
  source: string;
  gloss: string;
}

export interface StepResult<S, E = GameEvent> {
  state: S;
  events: E[];
}

export interface Ruleset<S extends BaseState, A extends BaseAction, Sc = unknown, Att = unknown> {
  id: string;
  name: Message;
  sides: readonly Side[];
  /** The table's unit of measure. */
  unit: 'cm' | 'inch' | 'toise' | 'cube';
  /** An untrusted scenario file → a validated scenario, or a coded error naming the field. */
  parseScenario(json: unknown): Result<Sc>;
  setup(scenario: Sc, seed: string): Result<S>;
  /** The decision point now, or null once the game is over. */
  decision(state: S): DecisionPoint | null;
  legal(state: S): LegalSet<A>;
  /** A finite set of actions for bots and the AI: the discrete ones and samples of the continuous ones. */
  candidates(state: S): A[];
  /** Why an action is illegal now, or ok. */
  validate(state: S, action: A): Result<true>;
  /** Never mutates `state`. Dice come only from `state.rng`. */
  apply(state: S, action: A): Result<StepResult<S>>;
  /**
   * The fast path: mutate a state the caller owns. Same rules code as `apply` (which is clone + this).
   * Events are pushed into `events` when it is given; the AI passes none.
   */
  applyInPlace(state: S, action: A, events?: GameEvent[]): GameError | null;
  /**
   * Optional, for the search's hot path: apply an action this ruleset itself produced for this very state
   * (from `candidates` or `script`), skipping the legality check that produced it. Never for an action
   * from elsewhere (a player, a file, a kept tree): those go through `applyInPlace`.
   */
  applyTrusted?(state: S, action: A): void;
  clone(state: S): S;
  /** What `side` may see: the other side's secret orders and the RNG's future are hidden. */
  observe(state: S, side: Side): S;
  /**
   * A full state consistent with an observation of `side`: hidden information (the other side's secret
   * orders) sampled from a belief, and a fresh RNG, both drawn from `rng` (the searcher's own). The AI
   * plays on these, so it never reads what it could not see (information-set MCTS).
   */
  determinize(observation: S, side: Side, rng: Rng): S;
  outcome(state: S): Outcome;
  odds(state: S, attack: Att): Result<OddsReport>;
  /**
   * The attack `action` makes, for `odds`, or null when it makes none (a move, an order…): the app's odds
   * dialog and the AI's report price any ruleset's attacks through it without knowing its actions.
   */
  attackOf?(state: S, action: A): Att | null;
  explain(event: GameEvent): Explanation;
  /**
   * One cheap, sensible action for the side to play (advance, shoot, charge when close…), drawn with the
   * caller's RNG: the `scripted` bot plays it and MCTS rollouts use it. Optional: bots fall back to random.
   * `candidates`, when the caller already has them for this state, saves the script recomputing them.
   */
  script?(state: S, rng: Rng, candidates?: readonly A[]): A;
  /**
   * Plies of rollout (the script where there is one) the search plays below a new node before `evaluate`
   * (optional; 12 when absent). A ruleset whose turn takes many plies needs more to see what a decision leads
   * to: epic's Ordres are given some 40 plies before the moves they allow.
   */
  readonly rolloutPlies?: number;
  /**
   * The round a state is in (optional), e.g. epic's turn. When given, an iteration of the search stops (its
   * descent and its rollout) at the first state past the round after the root's, or after `rolloutPlies`, or at
   * the game's end: the options weighed are valued at the same point of the game, not after the same number of
   * plies. Valued after a fixed number of plies, an option that ends a phase sooner (a pass) is seen further on
   * than one that takes plies (a move).
   */
  rolloutRound?(state: S): number;
  /**
   * Paired dice (optional; off when absent): the search plays the n-th iteration through each of the root's
   * options on the same dice (common random numbers), so two options are compared on the same draws as far as
   * they spend them alike. Worth it where the root's action itself rolls (company's passes d'armes: the
   * difference of two options' values varies about half as much, docs/ai.md "Paired dice in company"); epic's
   * Ordres roll nothing until many plies later, and pairing narrows nothing there.
   */
  readonly pairedDice?: boolean;
  /**
   * Progressive widening (optional): variants of a continuous action (the same move a little shorter, or
   * turned a little), drawn with the caller's RNG. The search asks for them at a node whose visits have
   * doubled, around its most visited option, and keeps those `validate` accepts. A finite `candidates`
   * list thus grows where the search spends its time.
   */
  variants?(state: S, action: A, rng: Rng): A[];
  /** A heuristic value of the state for `side`, in [-1, 1]: MCTS leaves use it (greedy too, without a yardstick). */
  evaluate(state: S, side: Side): number;
  /**
   * The evaluation the greedy bot plays on (optional; `evaluate` when absent), in [-1, 1]. Greedy is the
   * tournaments' yardstick: were it to share `evaluate`, tuning the evaluation would change the opponent it is
   * measured against. A frozen copy keeps the figures of two versions comparable.
   */
  yardstick?(state: S, side: Side): number;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds rulesets of different state types.
export type AnyRuleset = Ruleset<any, any, any, any>;
