/** The `company` ruleset's data (seed 004, Hell Dorado): profiles, state, actions. All plain data. */
import type { BaseState, Side } from '../../engine/contract';
import type { Table, Vec2 } from '../../engine/geometry';
import type { Message } from '../../engine/result';

export const COMPANY_SIDES = ['blue', 'red'] as const;
export type CompanySide = (typeof COMPANY_SIDES)[number];

/** The states of seed 004 §États that carry a count of activations (HD-18…22). */
export const TIMED_STATES = ['sonne', 'ralenti', 'immobilise'] as const;
export type TimedState = (typeof TIMED_STATES)[number];

/** What a weapon's hits do beyond damage (house data: the seed gives no opposing profiles). */
export interface WeaponEffect {
  state: 'sonne' | 'ralenti' | 'immobilise' | 'misAuSol' | 'consume';
  /** The effect applies when the passe or the shot scores at least this many hits. */
  minHits: number;
  /** X of Sonné X, Ralenti X, Immobilisé X. */
  x?: number;
  /** Consumé (type • durable • x/y). */
  consume?: { type: string; x: number; y: number; durable: boolean };
}

export interface Weapon {
  id: string;
  name: Message;
  /** Ranged weapons only: range in toises, edge to edge (C3 ASSUMPTION). */
  range?: number;
  /** HD-25 Rechargement X. */
  rechargement?: number;
  /** HD-23 Encombrante X. */
  encombrante?: number;
  /** HD-24 Premier choc X. */
  premierChoc?: number;
  /** Damage by number of hits, index 0…5 (C2: the card's damage table). */
  damage: number[];
  effects?: WeaponEffect[];
}

/** Every ability of seed 004 the rosters use, with its value (HD-00: X = 1 where the seed prints none). */
export interface Abilities {
  attraction?: number;
  charisme?: number;
  ennemiJure?: { x: number; keyword: string };
  esquive?: number;
  fanatique?: boolean;
  fuyant?: boolean;
  gardeDuCorps?: boolean;
  guerisseur?: number;
  insaisissable?: boolean;
  maitreDArme?: number;
  tenace?: boolean;
  terreur?: boolean;
  tirDefensif?: boolean;
  tireurEntraine?: number;
  invulnerable?: boolean;
  /** House power of the opposing company: Focalisation, target within `range` toises becomes Contrôlé X on 1d6 ≥ `on`. */
  envoutement?: { x: number; range: number; on: number };
}

export interface Profile {
  id: string;
  name: Message;
  /** C10: keywords (the faction keyword Ennemi juré names). */
  keywords: string[];
  /** C10: lémures ignore Attraction (HD-03). */
  lemure: boolean;
  /** C1: base radius in toises. */
  radius: number;
  /** C1 ASSUMPTION: DPT = Déplacement, in toises (Marche = DPT, Course and Charge = 2 × DPT). */
  dpt: number;
  /** Combat dice; null = « – », always suffers attaques sans riposte (C2). */
  cbt: number | null;
  def: number;
  pr: number;
  tir: number;
  foi: number;
  pv: number;
  /** C7: Blessé at this many PV or fewer. */
  blesse: number;
  cmd: number;
  /** Kill points given to the opponent when it dies (C11 ASSUMPTION). */
  points: number;
  melee: Weapon;
  ranged: Weapon | null;
  abilities: Abilities;
}

/** A timed state: `left` activations to go; `at` = the activation number that applied it. */
export interface Timer {
  left: number;
  at: number;
}

/** HD-17 Consumé (type • durable • x/y): x PV lost in each of the next y phases d'entretien. */
export interface Consume {
  type: string;
  x: number;
  y: number;
  durable: boolean;
}

export interface Combatant {
  id: string;
  owner: CompanySide;
  profile: string;
  x: number;
  y: number;
  pv: number;
  alive: boolean;
  /** Activated this turn: no longer « en attente » (C4). */
  activated: boolean;
  /** HD-25: Focalisations still needed before the ranged weapon fires again; 0 = loaded. */
  reload: number;
  /** HD-06: an Esquive already attempted this phase d'actions. */
  esquiveUsed: boolean;
  sonne: Timer | null;
  ralenti: Timer | null;
  immobilise: Timer | null;
  misAuSol: boolean;
  /** HD-18 Contrôlé X: the controlling side and the activations left. */
  controle: { by: CompanySide; left: number; at: number } | null;
  consume: Consume[];
  /** HD-13: the combatant that contacted it while it was en attente, during that activation. */
  tenace: string | null;
}

/** Two combatants in base contact: passes fought since contact (HD-23), first-passe bonus pending (HD-24). */
export interface ContactPair {
  a: string;
  b: string;
  passes: number;
  fresh: boolean;
}

export interface Objective {
  id: string;
  x: number;
  y: number;
  value: number;
}

export interface SideState {
  name: Message;
  /** C4: current and base Commandement (core/company.md §2). */
  cmd: number;
  cmdBase: number;
  /** Kill points earned (C11). */
  kills: number;
  /** Kills this turn (Domination, core/company.md §1). */
  killsTurn: number;
}

/** A contact or an attack waiting for reactions before the passe d'armes. */
export interface Pending {
  kind: 'contact' | 'melee' | 'libre';
  attacker: string;
  target: string;
  stage: 'esquive' | 'tir' | 'recharge' | 'passe';
  /** HD-25 (b): the passe against the reloader is an attaque sans riposte. */
  sansRiposte: boolean;
}

export interface CompanyState extends BaseState {
  scenario: string;
  turn: number;
  turnLimit: number;
  /** The statechart's state value, flattened (`actions.activation.ordre`). */
  phase: string;
  table: Table;
  objectives: Objective[];
  units: Combatant[];
  pairs: ContactPair[];
  sides: Record<CompanySide, SideState>;
  /** Core §1: the Domination holder chooses who activates first. */
  domination: CompanySide;
  toAct: CompanySide;
  /** The combatant being activated. */
  active: string | null;
  /** The order it took (HD-25: any other than Focalisation breaks a reload). */
  order: string | null;
  /** Activations made this turn (core §1: no infériorité numérique before the first). */
  activationsThisTurn: number;
  /** Counts every activation of the game: timed states applied during one do not tick at its end. */
  activationNo: number;
  /** C4 ASSUMPTION Vae soli: the side keeps the hand after this activation. */
  vaeSoli: boolean;
  pending: Pending | null;
  result: { winner: CompanySide | null; points: Record<Side, number>; reason: Message } | null;
}

export type CompanyAction =
  | { type: 'premier'; side: CompanySide }
  | { type: 'activer'; unit: string; vaeSoli?: boolean }
  | { type: 'ceder' }
  | { type: 'marche'; to: Vec2; opportunite?: boolean }
  | { type: 'course'; to: Vec2; opportunite?: boolean }
  | { type: 'assaut'; target: string; opportunite?: boolean }
  | { type: 'charge'; target: string; opportunite?: boolean }
  | { type: 'melee'; target: string }
  | { type: 'tir'; target: string; to?: Vec2; opportunite?: boolean }
  | { type: 'fuite'; to: Vec2 }
  | { type: 'focalisation'; pouvoir?: 'guerison' | 'envoutement'; target?: string }
  | { type: 'relever' }
  | { type: 'attendre' }
  | { type: 'esquive' }
  | { type: 'pasEsquive' }
  | { type: 'tirDefensif' }
  | { type: 'pasDeTir' }
  | { type: 'combattre' }
  | { type: 'garderRecharge' }
  | { type: 'attaqueLibre'; unit: string };

/**
 * What `odds` is asked about: a passe d'armes (`melee`) or a shot (`tir`) as it would resolve now, or the
 * passe a Charge or an Assaut (`charge`, `assaut`) would open once its move has made contact.
 */
export interface CompanyAttack {
  attacker: string;
  target: string;
  kind: 'melee' | 'tir' | 'charge' | 'assaut';
  /** An attaque sans riposte (Fuite, opportunity, Immobilisé…). */
  sansRiposte?: boolean;
}
