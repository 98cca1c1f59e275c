/** The `epic` ruleset's data: profiles, state, actions. All plain data (JSON and structured-clone safe). */
import type { BaseState, Side } from '../../engine/contract';
import type { Table, Vec2 } from '../../engine/geometry';
import type { Message } from '../../engine/result';

export const EPIC_SIDES = ['blue', 'red'] as const;
export type EpicSide = (typeof EPIC_SIDES)[number];

/** C1: the four order counters. `null` on a detachment is "Sans ordre". */
export const ORDERS = ['charge', 'avance', 'tirAppuye', 'retraite'] as const;
export type Order = (typeof ORDERS)[number];

export interface WeaponProfile {
  id: string;
  name: Message;
  /** cm, centre to centre (C4). */
  range: number;
  /** Attack dice per base. */
  attacks: number;
  /** To-hit value before modifiers; above 6 uses the extended rule (C4). */
  toHit: number;
  /** Armour penetration, 0 or negative (C4). */
  pa: number;
}

/** Unit abilities of seed 002 that the sample forces use, keyed by their catalogue entry. */
export interface Abilities {
  /** NE-U62 QG: may sacrifice a same-class base within 6 cm instead of dying to shooting. */
  qg?: boolean;
  /** NE-U37 Elite (X): adds X to the army's Elite re-roll pool. */
  elite?: number;
  /** NE-U63 Réacteurs Dorsaux (jump packs). */
  reacteursDorsaux?: boolean;
  /** NE-U03…U29 Bizarboy: energy count, overload, Bzzzt! and Waaagh!. */
  bizarboy?: boolean;
  /** NE-U50 Médiko: Médecin (5+) within 6 cm for classes 1–2; all 1s make Dingboyz. */
  mediko?: boolean;
  /** NE-U51 Mékano: Mécanicien (5+) within 6 cm for classes 3+; all 1s make the base explode. */
  mekano?: boolean;
  /** NE-U39 Gretchins: linked to an Ork detachment, removed when its last Ork dies. */
  gretchin?: boolean;
  /** NE-U81 Transport (X): carries X infantry bases. */
  transport?: number;
}

export interface UnitProfile {
  id: string;
  name: Message;
  /** `ork` bases feed a Bizarboy's energy (NE-U03). */
  race: 'ork' | 'imperial';
  /** C3 blocking class: 1 infantry, 2 cavalry and walkers, 3 vehicles, 4 super-heavies, 5+ titans. */
  cls: number;
  /** Movement in cm (C1: Charge and Retraite double it). */
  move: number;
  /** Armour save (D6 + PA ≥ save); 7 = no save. */
  save: number;
  /** Facteur d'Assaut (C6). */
  fa: number;
  /** NE-U56 PdV (X); 1 by default. */
  pdv: number;
  /** Base radius in cm. */
  radius: number;
  /** Points, for Destruction Points (C14) and the evaluation. */
  points: number;
  weapons: string[];
  abilities: Abilities;
}

export interface EpicBase {
  id: string;
  det: string;
  side: EpicSide;
  profile: string;
  x: number;
  y: number;
  /** Radians, from +x towards +y. */
  facing: number;
  pdv: number;
  alive: boolean;
  /** Movement used this turn, in cm of allowance. */
  moved: number;
  /** Engaged an assault by charging this turn: it does not shoot (C6). */
  charged: boolean;
  /** The transport base carrying it (NE-U81), or null. */
  carriedBy: string | null;
  /** NE-U82: a transport pays 5 cm once if any base embarked this turn, once more if any disembarked. */
  embarkPaid: boolean;
  disembarkPaid: boolean;
}

export interface EpicDetachment {
  id: string;
  side: EpicSide;
  name: Message;
  /** Destruction Points given to the opponent when Broken (C14: its points cost). */
  points: number;
  /** Morale value (C7: 2D6 ≥ value passes); null = Sans moral. */
  morale: number | null;
  /** The counter; null = Sans ordre. */
  order: Order | null;
  /** Its order was given this Orders phase (or it gets none: routed, out of command). */
  given: boolean;
  /** Only in an observation: a face-down counter whose order this side cannot see. */
  concealed?: boolean;
  /** The counter has been revealed (activation, interception, combat phase). */
  revealed: boolean;
  /** Activated this Movement phase. */
  activated: boolean;
  /** Took its Combat-phase action. */
  acted: boolean;
  /** Spent its Tir Appuyé counter on interception fire (C5). */
  intercepted: boolean;
  /** Retraite imposed by a failed morale test (C7). */
  routed: boolean;
  /** Failed its rally: no counter next Orders phase (C7). */
  noCounter: boolean;
  /** C2: split into groups at the end of its last move; must rejoin at the next. */
  split: boolean;
  startPdv: number;
  lostPdv: number;
  broken: boolean;
  /** NE-U23 Waaagh! bonuses this turn. */
  waaagh: { morale: number; fa: number } | null;
}

export interface Objective {
  id: string;
  x: number;
  y: number;
  value: number;
  holder: EpicSide | null;
}

/** One straight leg of a move in progress (one base, or every base of a formation move). */
export interface Leg {
  base: string;
  from: Vec2;
  to: Vec2;
}

/** A move that enemy hidden counters could fire on (C5, NE-U44): paused until they decide. */
export interface PendingMove {
  kind: 'move' | 'charge' | 'disembark';
  legs: Leg[];
  /** For a charge: the enemy base contacted. */
  target: string | null;
  /** How far along the legs the move has gone, 0..1 (interceptions pause it). */
  progress: number;
  /** Enemy detachments with hidden counters that could still fire on it. */
  threats: string[];
}

export interface SideState {
  /** NE-U37: the army-wide Elite re-roll pool. */
  elitePool: number;
  /** C14: Destruction Points earned from broken enemy formations. */
  dp: number;
  passed: boolean;
  /** Held the initiative last turn (C1 tie-break). */
  hadInitiative: boolean;
  name: Message;
}

export interface EpicState extends BaseState {
  scenario: string;
  turn: number;
  turnLimit: number;
  /** The statechart's state value, flattened (`mouvement.activation`). */
  phase: string;
  table: Table;
  objectives: Objective[];
  bases: EpicBase[];
  dets: EpicDetachment[];
  sides: Record<EpicSide, SideState>;
  /** Who won the initiative roll and chooses who activates first. */
  initiativeChooser: EpicSide | null;
  /** Who activates first this turn (and starts the Combat phase). */
  first: EpicSide;
  /** Whose turn it is to activate or act, in Movement and Combat. */
  toAct: EpicSide;
  /** The detachment being activated. */
  active: string | null;
  pending: PendingMove | null;
  /** Bizarboy bases that used a power this turn (NE-U03: one power per turn). */
  powersUsed: string[];
  /** Bases whose assault was resolved this Combat phase (C6: one resolution per assault). */
  assaultsDone: string[];
  result: { winner: EpicSide | null; points: Record<Side, number>; reason: Message } | null;
}

export type EpicAction =
  | { type: 'order'; det: string; order: Order }
  | { type: 'initiative'; first: EpicSide }
  | { type: 'activate'; det: string }
  | { type: 'pass' }
  | { type: 'move'; base: string; to: Vec2 }
  | { type: 'moveDet'; det: string; dx: number; dy: number }
  | { type: 'charge'; base: string; target: string }
  | { type: 'embark'; base: string; transport: string }
  | { type: 'disembark'; base: string; to: Vec2 }
  | { type: 'waaagh'; base: string }
  | { type: 'done' }
  | { type: 'intercept'; det: string; at: number }
  | { type: 'noIntercept' }
  | { type: 'shoot'; det: string; target: string; elite?: number }
  | { type: 'assault'; base: string }
  | { type: 'bzzzt'; base: string; target: string };

/** What `odds` is asked about: a detachment shooting another, as `shoot` would resolve it now. */
export interface EpicAttack {
  det: string;
  target: string;
}
