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
  /** Weapon abilities (NE-W01…W08); absent = none. */
  abilities?: WeaponAbilities;
}

/** Weapon abilities of seed 002 (table "Armes"), keyed by their catalogue entry. */
export interface WeaponAbilities {
  /** NE-W01 AA: interception without malus, 360°, −2 unless the target is a class 5+ (or an aircraft). */
  aa?: boolean;
  /** NE-W02 Artillerie: may fire indirectly on Tir Appuyé (C8). */
  artillerie?: boolean;
  /** NE-W03 Dégâts (X): a failed save costs 1 + X PdV. */
  degats?: number;
  /** NE-W05 Ignore les Couverts: no cover to-hit malus. */
  ignoreCouverts?: boolean;
  /** NE-W06 Instable: the attack dice are a D6 rolled first; on a 1 the firer takes a hit from it. */
  instable?: boolean;
  /** NE-W07 Réduit les Couverts: the cover malus is reduced by 1. */
  reduitCouverts?: boolean;
  /** NE-W08 Tourelle: 360° arc whatever the class. */
  tourelle?: boolean;
  /** C8: a template of this diameter (cm) per attack die, centred on the target; every base under it is rolled against. */
  gabarit?: number;
  /** NE-W04 Démolition (X): a hit on a building forces its save at PA X; a failure costs 1 Structure Point. */
  demolition?: number;
  /** NE-U105: a bomb: `attacks` templates dropped on the flyer's line of movement during its flight, never fired. */
  bombe?: boolean;
}

/** NE-U59…U61: a psychic power a psyker's profile lists. Physical powers are ranged attacks; ethereal ones bypass armour. */
export interface PowerProfile {
  id: string;
  name: Message;
  /** NE-U60 physical / NE-U61 ethereal. */
  kind: 'physique' | 'ethere';
  /** NE-U59: when it is used (only Combat-phase generic powers are defined so far). */
  phase: 'combat';
  range: number;
  attacks: number;
  toHit: number;
  /** Physical powers only: armour penetration. */
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
  /** NE-U30 Blindage renforcé ('all': flank and rear) / NE-U31 ('flancs': flank only). */
  blindage?: 'all' | 'flancs';
  /** NE-U32 Bulldozer: no movement penalty in forests and difficult terrain. */
  bulldozer?: boolean;
  /** NE-U33 once per turn, one detachment within 12 cm re-rolls a failed morale test. */
  relanceMoral?: boolean;
  /** NE-U34 Champs Énergétiques: X power fields. */
  champs?: number;
  /** NE-U35 Charismatique: +1 to the morale tests of allied detachments within 12 cm. */
  charismatique?: boolean;
  /** NE-U36 DR (X): X close defences (15 cm, 360°, not against class 3+). */
  dr?: number;
  /** NE-U38 death throes: on 5+, an assault on an enemy within 6 cm before dying. */
  dernierSursaut?: boolean;
  /** NE-U40 counts half for objectives. */
  demiObjectif?: boolean;
  /** NE-U42 immune to poison, disease, pheromone and smell attacks. */
  immunise?: boolean;
  /** NE-U48 needs no command radius to receive orders. */
  ordresSansChef?: boolean;
  /** NE-U49 may shoot in the Combat phase after a Charge order (unless engaged or blocked). */
  tirApresCharge?: boolean;
  /** NE-U52 +1 FA to allied detachments (class < 5) within 12 cm. */
  bonusFa?: boolean;
  /** NE-U57 Personnage. */
  personnage?: boolean;
  /** NE-U58 Personnage Lié: joins a detachment (max 2), takes no transport space. */
  personnageLie?: boolean;
  /** NE-U65…U69 Robot: restricted away from friendly non-robot bases. */
  robot?: boolean;
  /** NE-U72 Sauvegarde Psychique (X+), only against ethereal powers. */
  sauvegardePsychique?: number;
  /** NE-U73 no −1 to hit on interception fire. */
  sansMalusInterception?: boolean;
  /** NE-U74 cannot fire indirectly. */
  pasDeTirIndirect?: boolean;
  /** NE-U88/U89 Unité de Commandement. */
  commandement?: boolean;
  /** NE-U75…U80 Toit Ouvert: carried bases fire out, are targetable, exit on 3+. */
  toitOuvert?: boolean;
  /** NE-U02: a light artillery base a transport with Attelage may tow (NE-U87). */
  artillerieLegere?: boolean;
  /** NE-U90…U106 Volant: an aircraft, at High, Low altitude or landed. */
  volant?: boolean;
  /** NE-U43…U47 Intercepteur: may create an interception zone on a Charge order. */
  intercepteur?: boolean;
  /** NE-U06: a Gargant: gives a Bizarboy D6 energy each time it counts. */
  gargant?: boolean;
  /** NE-U53…U55 OA (forward observer): directs artillery and calls off-table artillery. */
  oa?: boolean;
  /** NE-U59: a psyker and the ids of its powers (data.ts `POWERS`). */
  psyker?: string[];
  /** NE-U01 Antigrav (skimmer): blocked only by Antigrav / Réacteurs Dorsaux of its class or higher, this turn. */
  antigrav?: boolean;
  /** NE-U41 Infiltration: a pre-game move (class 1 double, else one move), never into an enemy ZOC. */
  infiltration?: boolean;
  /** NE-U70 Rouleau: on Charge, may crush bases of a lower class during its move. */
  rouleau?: boolean;
  /** NE-U106: a Praetorian (a class 5+ that is no Titan): its fixed-arc weapons never target aircraft. */
  praetorien?: boolean;
}

/** NE-U95: altitudes: 0 on the ground (landed), 1 Low (LOS height 20 cm), 2 High (40 cm). */
export const ALTITUDES = ['sol', 'basse', 'haute'] as const;
export type AltitudeName = (typeof ALTITUDES)[number];

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
  /** NE-U84: a transport that has driven (a move of its own) this turn: an unload now ends its move. */
  drove: boolean;
  /** NE-U34: active power fields (never repaired). */
  champs: number;
  /** NE-U95: altitude, 0 ground, 1 Low, 2 High (always 0 for non-flyers). */
  alt: number;
  /** NE-U90: the turn a flyer landed (it stays landed that turn), or 0. */
  landed: number;
  /** NE-U36: close defences already used this turn. */
  drUsed: number;
  /** NE-U70: crush attempts made this turn (the next needs 1 more on the die; at most 3). */
  crushes: number;
  /**
   * NE-U70: the enemy base that survived this base's crush and stopped it (engaged), with the movement it had
   * used before the stop; null when not stopped. NE-U70 clause 4 frees it if a friend destroys that base.
   */
  crushStop: { by: string; moved: number } | null;
  /**
   * C10: the location sheet of a class-5+ base (titans, Gargants): each hit location's progressive damage,
   * 1 = damaged (repaired on 4+ in the Phase Finale), 2 = destroyed; keys are `jambes`, `corps`, `tete` and
   * `arme:<weapon id>`; an absent key is intact. null for a base without a sheet. Public (both sides see it).
   */
  locs: Record<string, number> | null;
}

/** C10: the locations of a location sheet's D6 chart (a weapon hit picks the weapon). */
export type LocationKind = 'jambes' | 'arme' | 'corps' | 'tete';

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
  /** Detachment abilities the scenario's army list grants (catalogue ids, e.g. NE-U48). */
  abilities: string[];
  /** NE-U88: a command unit's order converted at the end of its move (Avance → revealed Tir Appuyé). */
  converted: boolean;
  /** NE-U43: its interception zone (25 cm around each base) is up; NE-U45: spent once it intercepted. */
  zone: boolean;
  zoneUsed: boolean;
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
  kind: 'move' | 'charge' | 'crush' | 'disembark' | 'fly';
  legs: Leg[];
  /** For a charge: the enemy base contacted. */
  target: string | null;
  /** How far along the legs the move has gone, 0..1 (interceptions pause it). */
  progress: number;
  /** Enemy detachments with hidden counters that could still fire on it. */
  threats: string[];
  /** NE-U95: a flight's altitude before and after its midpoint. */
  alts?: [number, number];
  /** NE-U44: enemy interceptor detachments whose zone the flight crosses at altitude. */
  zones?: string[];
}

export interface SideState {
  /** NE-U37: the army-wide Elite re-roll pool. */
  elitePool: number;
  /** C14: Destruction Points earned from broken enemy formations. */
  dp: number;
  passed: boolean;
  /** Held the initiative last turn (C1 tie-break). */
  hadInitiative: boolean;
  /**
   * How many of this side's chosen counters have been revealed so far in the game, per order (counted when a
   * face-down counter turns face up: activation, interception, the Combat phase; an imposed Retraite is not a
   * choice and is not counted). Public: the AI's belief about the side's face-down counters learns from it.
   */
  ordersSeen: Record<Order, number>;
  name: Message;
}

/** NE-U54: an off-table artillery Formation of the scenario: called once through an OA. */
export interface OffTableFormation {
  id: string;
  side: EpicSide;
  name: Message;
  /** Destruction Points the opponent gets when it fires (C14). */
  points: number;
  /** Its weapon (data.ts `WEAPONS`, an Artillerie template weapon). */
  weapon: string;
  used: boolean;
}

/** NE-U53: what an OA base directed this turn. */
export interface OaUse {
  base: string;
  /** Artillery shots directed. */
  art: number;
  /** Off-table calls made (0 or 1). */
  off: number;
}

/** NE-W04 / C10: a building's Structure Points and save (from the scenario's terrain). */
export interface Structure {
  id: string;
  sp: number;
  save: number;
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
  /** NE-U33: holders whose morale re-roll was used this turn. */
  moraleRerolls: string[];
  /** NE-U54: the scenario's off-table artillery formations. */
  offTable: OffTableFormation[];
  /** NE-U53: OAs that directed fire this turn. */
  oaUse: OaUse[];
  /** NE-W04: the buildings that have Structure Points, and what they have left. */
  structures: Structure[];
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
  /** NE-U70: a Rouleau base on Charge moves into contact with a lower-class enemy base and tries to crush it. */
  | { type: 'crush'; base: string; target: string }
  | { type: 'embark'; base: string; transport: string }
  | { type: 'disembark'; base: string; to: Vec2 }
  | { type: 'waaagh'; base: string }
  /** NE-U57: a Personnage abandons an empty transport of its detachment: the transport is destroyed. */
  | { type: 'abandon'; base: string; transport: string }
  | { type: 'onYVa'; base: string; dets: { det: string; dx: number; dy: number }[] }
  | { type: 'done' }
  | {
      type: 'intercept';
      det: string;
      at: number;
      /** NE-U60: psykers of the detachment that also fire a physical power of theirs as interception fire. */
      powers?: { base: string; power: string }[];
    }
  | { type: 'noIntercept' }
  | { type: 'dr'; base: string; n: number; at: number }
  | {
      type: 'fly';
      det: string;
      dx: number;
      dy: number;
      alt: number;
      /** NE-U105: bomb templates dropped on the way: which base drops one, and where (on its line of movement). */
      bombs?: { base: string; x: number; y: number }[];
    }
  | { type: 'zone'; det: string; dx: number; dy: number }
  | { type: 'intercepter'; det: string; at?: number; target?: string }
  | { type: 'laisser' }
  | {
      type: 'shoot';
      det: string;
      target: string;
      elite?: number;
      indirect?: boolean;
      aboard?: boolean;
      /** NE-U53: the OA base directing this indirect fire. */
      oa?: string;
    }
  /** NE-U54: an OA calls an off-table Formation on an enemy base (the template is centred on it). */
  | { type: 'offTable'; oa: string; formation: string; target: string }
  /** NE-U59…U61: a psyker uses a Combat-phase power on an enemy detachment. */
  | { type: 'power'; base: string; power: string; target: string }
  /** NE-W04: a detachment shoots its Démolition weapons at a building. */
  | { type: 'demolish'; det: string; building: string }
  | { type: 'assault'; base: string }
  | { type: 'bzzzt'; base: string; target: string };

/** What `odds` is asked about: a detachment shooting another, as `shoot` would resolve it now. */
export interface EpicAttack {
  det: string;
  target: string;
}
