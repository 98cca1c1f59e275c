/**
 * What a ruleset hands the board view to be drawn: plain data, in the table's own units and with the
 * engine's conventions (geometry.ts: the table spans [0, width] × [0, height], y points north, angles in
 * radians from +x towards +y). No rules and no renderer here: the view draws this and nothing else
 * (STYLE.md, chessground: "settings in, intents out"). Every text a player reads is a `Message`.
 */
import type { DiceRoll } from './contract';
import type { TerrainKind, Vec2 } from './geometry';
import type { Message } from './result';

/** A piece of terrain as drawn: a polygon raised to `height` (table units), coloured by its kind. */
export interface TerrainView {
  id: string;
  kind: TerrainKind;
  height: number;
  poly: Vec2[];
}

/** An objective marker; `holder` is the side id holding it, or null. */
export interface ObjectiveView {
  id: string;
  x: number;
  y: number;
  label: Message;
  holder: string | null;
}

/** A small status counter shown beside a unit (an order, routed, engaged, passengers). */
export interface MarkerView {
  id: string;
  /** The full wording, shown when the unit is selected or hovered. */
  label: Message;
  /** 0xRRGGBB. */
  colour: number;
  /** One or two characters drawn inside the pip ('?', 'C', '3'); the pip is plain when absent. */
  glyph?: string;
}

/** A unit (a base, a model, a stand) as drawn. */
export interface UnitView {
  id: string;
  /** A side id of `BoardModel.sides`. */
  side: string;
  x: number;
  y: number;
  /** Elevation above the table (a level in a cube grid); 0 when absent. */
  z?: number;
  /** Base radius, in table units. */
  r: number;
  /** Radians, from +x towards +y. */
  facing: number;
  label: Message;
  hp: number;
  hpMax: number;
  markers: MarkerView[];
  /** A click on it sends a 'select' intent (otherwise the click is a 'point' on the table). */
  selectable: boolean;
  /** Drawn as a faint casualty mark, never selectable. */
  dead: boolean;
}

export interface SideView {
  id: string;
  /** 0xRRGGBB. */
  colour: number;
  name: Message;
}

/** Everything the board draws apart from overlays. */
export interface BoardModel {
  /** A continuous table, or a table divided into unit cells (drawn with grid lines). */
  kind: 'table' | 'grid';
  unit: 'cm' | 'inch' | 'toise' | 'cube';
  width: number;
  height: number;
  terrain: TerrainView[];
  objectives: ObjectiveView[];
  units: UnitView[];
  sides: SideView[];
}

/**
 * Transient drawings over the board, each computed by the ruleset (the view never decides them):
 * - `reach`: where `unit` may move: a disc of `radius` around `from`, or the exact `outline` when given;
 *   a ring when `inner` is given (a move of at least `inner`, as a flyer's).
 * - `line`: a line of sight; `clear` draws it green (it can fire), otherwise red.
 * - `zone`: a zone of control of a unit of `side`, a disc of radius `r`.
 * - `threat`: a move in progress that `by` (unit ids) could fire on, along `path`.
 */
export type Overlay =
  | { kind: 'reach'; unit: string; from: Vec2; radius: number; outline?: Vec2[]; inner?: number }
  | { kind: 'line'; from: Vec2; to: Vec2; clear: boolean }
  | { kind: 'zone'; x: number; y: number; r: number; side: string }
  | { kind: 'threat'; path: Vec2[]; by: string[] };

export type OverlayKind = Overlay['kind'];

// ── what a ruleset declares for the app (src/rulesets/registry.ts `boards`): the app knows no ruleset ──────

/** The unit card the app shows beside the board: profile, weapons, and the rules behind its abilities. */
export interface UnitCard {
  title: Message;
  subtitle?: Message;
  stats: { label: Message; value: string }[];
  weapons: { name: Message; text: Message }[];
  /** Abilities, each with the catalogue id `explain({ rule })` gives the text of. */
  rules: { id: string; label: Message }[];
  /** States and counters in words. */
  states: Message[];
}

/** A proposed move's interception threat: the path it would take and the enemy units that could fire on it. */
export interface MoveThreat {
  path: Vec2[];
  by: string[];
}

/** A shot or a blow an event resolved, for the view to animate: who at whom, and whether it hit. */
export interface ShotView {
  from: string;
  to: string;
  hit: boolean;
  /** A blow in contact (no tracer, a clash at the target). */
  melee?: boolean;
}

/** A move to a point for several units at once (`BoardAdapter.groupMoves`). */
export interface GroupMove {
  /** Stable while the decision lasts (the move form keeps the player's choice). */
  key: string;
  /** The unit the form names and measures from (one of the group). */
  unit: string;
  label: Message;
  /** Where the group stands now: the point a destination is measured from. */
  from: Vec2;
  /** The action that moves the group so that `from` lands on `point`. */
  action(point: Vec2): { type: string };
}

/** An attack action as the ruleset's `odds` takes it (`BoardAdapter.attackOf`). */
export interface AttackView {
  attack: unknown;
  attacker: string;
  target: string;
  /** The state to reckon the odds on, when not the observation given. */
  on?: unknown;
  note?: Message;
}

/**
 * The words a ruleset gives the panels: each phase of its turn chart (the flattened state value, as
 * `DecisionPoint.phase` carries it) and each kind of action (`action.type`), in French and English.
 */
export interface RulesetWords {
  phases: Record<string, Message>;
  actions: Record<string, Message>;
}

/**
 * What a ruleset declares for the app. Every function takes an observation (`observe(state, viewer)`), never
 * the raw state, and returns plain data; none of them changes the state.
 */
export interface BoardAdapter {
  // biome-ignore lint/suspicious/noExplicitAny: each adapter takes its own ruleset's state.
  board(observation: any, opts: { viewer?: any }): BoardModel;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  overlays(observation: any, selectedUnit?: string): Overlay[];
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  card?(observation: any, unit: string): UnitCard | null;
  /** An action in words (names, not ids); null when the adapter has no words for it. */
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  describe?(observation: any, action: { type: string }): Message | null;
  /** Names of phases and kinds of action. */
  words: RulesetWords;
  /** The turn chart's leaves and the kinds of action each allows (statecharts/<id>.ts), to check the words. */
  chart: { phases: readonly string[]; allows: Record<string, readonly string[]> };
  /**
   * Before a move is committed: the enemy units that could fire on it along its path (interception), as the
   * side `viewer` may know it; null when the action is no move or nothing threatens it.
   */
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  moveThreat?(observation: any, viewer: string, action: { type: string }): MoveThreat | null;
  /**
   * A click on the table at `point` with `unit` selected, as an action for the units that move without a
   * legal region (a detachment flying as one): null when the click means nothing for that unit.
   */
  /** The shots and blows a step's events resolved, in order (the view animates them); none when absent. */
  shotsOf?(events: readonly { kind: string; units?: string[]; dice?: DiceRoll[] }[]): ShotView[];
  /** The kinds of action that are attacks (the app shows their odds before they are sent). */
  attackKinds?: readonly string[];
  /**
   * The attack an action makes, as the ruleset's `odds` takes it, with the attacker and target ids and the
   * state to reckon it on when not the one given (a charge reckoned once in contact, said in `note`); null
   * when the action is no attack or cannot be reckoned.
   */
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  attackOf?(observation: any, action: { type: string }): AttackView | null;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  pointAction?(observation: any, unit: string, point: Vec2): { type: string } | null;
  /**
   * Moves to a point that are not a unit's move region, offered in the move form beside the regions: a whole
   * detachment moving as one, say. The rules decide each point when it is sent.
   */
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  groupMoves?(observation: any): GroupMove[];
}
