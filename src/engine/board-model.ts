/**
 * What a ruleset hands the board view to be drawn: plain data, in the table's own units and with the
 * engine's conventions (geometry.ts: the table spans [0, width] × [0, height], y points north, angles in
 * radians from +x towards +y). No rules and no renderer here: the view draws this and nothing else
 * (STYLE.md, chessground: "settings in, intents out"). Every text a player reads is a `Message`.
 */
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
 * - `reach`: where `unit` may move: a disc of `radius` around `from`, or the exact `outline` when given.
 * - `line`: a line of sight; `clear` draws it green (it can fire), otherwise red.
 * - `zone`: a zone of control of a unit of `side`, a disc of radius `r`.
 * - `threat`: a move in progress that `by` (unit ids) could fire on, along `path`.
 */
export type Overlay =
  | { kind: 'reach'; unit: string; from: Vec2; radius: number; outline?: Vec2[] }
  | { kind: 'line'; from: Vec2; to: Vec2; clear: boolean }
  | { kind: 'zone'; x: number; y: number; r: number; side: string }
  | { kind: 'threat'; path: Vec2[]; by: string[] };

export type OverlayKind = Overlay['kind'];
