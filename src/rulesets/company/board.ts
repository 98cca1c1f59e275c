/**
 * The `company` state as the board view draws it: a `BoardModel` (table in toises, terrain, objectives,
 * combatants with their states as markers), the overlays around a selected combatant (move reach from the
 * legal regions, lines of sight to enemies in range, zones of control), the unit card the app shows beside
 * the board, and actions described in words. Pure functions of the state; the view knows no rule.
 *
 * Hell Dorado hides nothing on the table (`observe` blanks only the dice), so there is no viewer option.
 */

import { companyPhases } from '../../../statecharts/company';
import type {
  AttackView,
  BoardAdapter,
  BoardModel,
  MarkerView,
  Overlay,
  RulesetWords,
  ShotView,
  UnitCard,
  UnitView,
} from '../../engine/board-model';
import type { BaseAction, GameEvent } from '../../engine/contract';
import { cos, sin } from '../../engine/dmath';
import type { Vec2 } from '../../engine/geometry';
import type { Message } from '../../engine/result';
import { companyLegal } from './candidates';
import { ZOC } from './data';
import { companyAttack } from './index';
import { check, objectiveHolder } from './rules';
import { edgeBetween, hasZoc, isBlesse, isEnemy, prof, shootTargets, sight, unitById } from './state';
import {
  type Abilities,
  COMPANY_SIDES,
  type Combatant,
  type CompanyAction,
  type CompanyState,
  type Weapon,
} from './types';

/** Side colours, 0xRRGGBB (the same as epic's, so the board test colours hold for both). */
export const COMPANY_SIDE_COLOURS = { blue: 0x2f6fdb, red: 0xd63a2f } as const;

const m = (fr: string, en: string): Message => ({ fr, en });

/** HD-17…22 and the other states a combatant can carry, as marker pips. */
export function companyMarkers(s: CompanyState, u: Combatant): MarkerView[] {
  if (!u.alive) return [];
  const out: MarkerView[] = [];
  if (u.activated)
    out.push({ id: 'activated', label: m('Activé', 'Activated'), colour: 0x868e96, glyph: '✓' });
  if (u.sonne)
    out.push({
      id: 'sonne',
      label: m(`Sonné ${u.sonne.left} (HD-22)`, `Sonné ${u.sonne.left} (stunned, HD-22)`),
      colour: 0xf59f00,
      glyph: 'S',
    });
  if (u.misAuSol)
    out.push({
      id: 'misAuSol',
      label: m('Mis au sol (HD-20)', 'Mis au sol (knocked down, HD-20)'),
      colour: 0x795548,
      glyph: 'M',
    });
  if (u.immobilise)
    out.push({
      id: 'immobilise',
      label: m(`Immobilisé ${u.immobilise.left} (HD-19)`, `Immobilisé ${u.immobilise.left} (held, HD-19)`),
      colour: 0x1c7ed6,
      glyph: 'I',
    });
  if (u.ralenti)
    out.push({
      id: 'ralenti',
      label: m(`Ralenti ${u.ralenti.left} (HD-21)`, `Ralenti ${u.ralenti.left} (slowed, HD-21)`),
      colour: 0x0ca678,
      glyph: 'R',
    });
  if (u.controle)
    out.push({
      id: 'controle',
      label: m(
        `Contrôlé ${u.controle.left} par ${s.sides[u.controle.by].name.fr} (HD-18)`,
        `Contrôlé ${u.controle.left} by ${s.sides[u.controle.by].name.en} (HD-18)`,
      ),
      colour: 0xae3ec9,
      glyph: 'C',
    });
  if (u.consume.length > 0)
    out.push({
      id: 'consume',
      label: m(
        `Consumé ${u.consume.map((c) => `${c.x}/${c.y}`).join(', ')} (HD-17)`,
        `Consumé ${u.consume.map((c) => `${c.x}/${c.y}`).join(', ')} (burning, HD-17)`,
      ),
      colour: 0xe8590c,
      glyph: 'F',
    });
  if (u.reload > 0)
    out.push({
      id: 'reload',
      label: m(`Rechargement ${u.reload} (HD-25)`, `Reloading ${u.reload} (HD-25)`),
      colour: 0x495057,
      glyph: String(u.reload),
    });
  if (isBlesse(u))
    out.push({ id: 'blesse', label: m('Blessé (C7)', 'Blessé (wounded, C7)'), colour: 0xc92a2a, glyph: '+' });
  return out;
}

/** The board as drawn. */
export function companyBoard(s: CompanyState, _opts: { viewer?: string } = {}): BoardModel {
  const units: UnitView[] = s.units.map((u) => {
    const p = prof(u);
    return {
      id: u.id,
      side: u.owner,
      x: u.x,
      y: u.y,
      r: p.radius,
      facing: u.owner === 'blue' ? 0 : Math.PI,
      label: p.name,
      hp: u.alive ? u.pv : 0,
      hpMax: p.pv,
      markers: companyMarkers(s, u),
      selectable: u.alive,
      dead: !u.alive,
    };
  });
  return {
    kind: 'table',
    unit: 'toise',
    width: s.table.width,
    height: s.table.height,
    terrain: s.table.terrain.map((t) => ({
      id: t.id,
      kind: t.kind,
      height: t.height,
      poly: t.poly.map((q) => ({ x: q.x, y: q.y })),
    })),
    objectives: s.objectives.map((o) => ({
      id: o.id,
      x: o.x,
      y: o.y,
      label: m(`Objectif ${o.value} PV`, `Objective ${o.value} VP`),
      holder: objectiveHolder(s, o),
    })),
    units,
    sides: COMPANY_SIDES.map((side) => ({
      id: side,
      colour: COMPANY_SIDE_COLOURS[side],
      name: s.sides[side].name,
    })),
  };
}

const REACH_RAYS = 48;

/** Where the region's move may end along each ray, by bisection on the ruleset's own check. */
function reachOutline(s: CompanyState, template: CompanyAction, from: Vec2, max: number): Vec2[] {
  const out: Vec2[] = [];
  const legalAt = (p: Vec2) => check(s, { ...template, to: p } as CompanyAction) === null;
  for (let i = 0; i < REACH_RAYS; i++) {
    const a = (2 * Math.PI * i) / REACH_RAYS;
    const at = (d: number) => ({ x: from.x + cos(a) * d, y: from.y + sin(a) * d });
    let lo = 0;
    let hi = max;
    if (legalAt(at(max))) lo = max;
    else
      for (let k = 0; k < 7; k++) {
        const mid = (lo + hi) / 2;
        if (legalAt(at(mid))) lo = mid;
        else hi = mid;
      }
    out.push(at(lo));
  }
  return out;
}

/**
 * Overlays around `selectedUnit`: its move reach for each legal move region (Marche, Course or Fuite), the
 * lines of sight to enemies within its ranged weapon's range (green: a legal target, C3), and the zones
 * of control of the combatants opposing it (C6), or opposing the side to decide when nothing is selected.
 */
export function companyOverlays(s: CompanyState, selectedUnit?: string): Overlay[] {
  const out: Overlay[] = [];
  const legal = companyLegal(s);
  const sel = selectedUnit === undefined ? undefined : unitById(s, selectedUnit);
  if (sel?.alive) {
    // The widest region first: Course covers Marche.
    const regions = legal.regions
      .filter((r) => r.unit === sel.id && r.maxDistance > 0)
      .sort((a, b) => b.maxDistance - a.maxDistance);
    for (const r of regions.slice(0, 1))
      out.push({
        kind: 'reach',
        unit: sel.id,
        from: { ...r.from },
        radius: r.maxDistance,
        outline: reachOutline(s, r.template, r.from, r.maxDistance),
      });
    const w = prof(sel).ranged;
    if (w?.range) {
      const targets = new Set(shootTargets(s, sel, sel).map((t) => t.id));
      for (const t of s.units) {
        if (!t.alive || !isEnemy(sel, t) || edgeBetween(sel, t) > w.range) continue;
        out.push({
          kind: 'line',
          from: { x: sel.x, y: sel.y },
          to: { x: t.x, y: t.y },
          clear: targets.has(t.id) && sight(s, sel, sel, t).clear,
        });
      }
    }
  }
  const friend = sel ? (sel.controle?.by ?? sel.owner) : legal.decision.side;
  for (const u of s.units)
    if (hasZoc(u) && (u.controle?.by ?? u.owner) !== friend)
      out.push({ kind: 'zone', x: u.x, y: u.y, r: prof(u).radius + ZOC, side: u.owner });
  return out;
}

/** Each ability of a profile, with the catalogue id whose text explains it. */
const ABILITY_RULES: { key: keyof Abilities; rule: string; name: (v: unknown) => Message }[] = [
  { key: 'attraction', rule: 'HD-01', name: (v) => m(`Attraction ${v}`, `Attraction ${v}`) },
  { key: 'charisme', rule: 'HD-04', name: (v) => m(`Charisme ${v}`, `Charisme ${v}`) },
  {
    key: 'ennemiJure',
    rule: 'HD-05',
    name: (v) => {
      const e = v as { x: number; keyword: string };
      return m(`Ennemi juré ${e.x} (${e.keyword})`, `Ennemi juré ${e.x} (${e.keyword})`);
    },
  },
  { key: 'esquive', rule: 'HD-06', name: (v) => m(`Esquive ${v}`, `Esquive ${v} (dodge)`) },
  { key: 'fanatique', rule: 'HD-07', name: () => m('Fanatique', 'Fanatique (fanatic)') },
  { key: 'fuyant', rule: 'HD-08', name: () => m('Fuyant', 'Fuyant (elusive)') },
  { key: 'gardeDuCorps', rule: 'HD-09', name: () => m('Garde du corps', 'Garde du corps (bodyguard)') },
  { key: 'guerisseur', rule: 'HD-10', name: (v) => m(`Guérisseur ${v}`, `Guérisseur ${v} (healer)`) },
  { key: 'insaisissable', rule: 'HD-11', name: () => m('Insaisissable', 'Insaisissable (ungraspable)') },
  {
    key: 'maitreDArme',
    rule: 'HD-12',
    name: (v) => m(`Maître d'arme ${v}`, `Maître d'arme ${v} (weapon master)`),
  },
  { key: 'tenace', rule: 'HD-13', name: () => m('Tenace', 'Tenace (tenacious)') },
  { key: 'terreur', rule: 'HD-14', name: () => m('Terreur', 'Terreur (terror)') },
  { key: 'tirDefensif', rule: 'HD-15', name: () => m('Tir défensif', 'Tir défensif (defensive fire)') },
  {
    key: 'tireurEntraine',
    rule: 'HD-16',
    name: (v) => m(`Tireur entraîné ${v}`, `Tireur entraîné ${v} (marksman)`),
  },
  { key: 'invulnerable', rule: 'HD-00', name: () => m('Invulnérable', 'Invulnerable') },
  {
    key: 'envoutement',
    rule: 'C8',
    name: (v) => {
      const e = v as { x: number; range: number; on: number };
      return m(
        `Envoûtement (Contrôlé ${e.x}, ${e.range} toises, ${e.on}+)`,
        `Envoûtement (Contrôlé ${e.x}, ${e.range} toises, ${e.on}+)`,
      );
    },
  },
];

function weaponText(w: Weapon): Message {
  const fr: string[] = [];
  const en: string[] = [];
  if (w.range) {
    fr.push(`portée ${w.range} toises`);
    en.push(`range ${w.range} toises`);
  } else {
    fr.push('corps à corps');
    en.push('melee');
  }
  fr.push(`dégâts ${w.damage.join('/')}`);
  en.push(`damage ${w.damage.join('/')}`);
  if (w.rechargement) {
    fr.push(`Rechargement ${w.rechargement} (HD-25)`);
    en.push(`Rechargement ${w.rechargement} (HD-25)`);
  }
  if (w.encombrante) {
    fr.push(`Encombrante ${w.encombrante} (HD-23)`);
    en.push(`Encombrante ${w.encombrante} (HD-23)`);
  }
  if (w.premierChoc) {
    fr.push(`Premier choc ${w.premierChoc} (HD-24)`);
    en.push(`Premier choc ${w.premierChoc} (HD-24)`);
  }
  for (const e of w.effects ?? []) {
    fr.push(`${e.state} dès ${e.minHits} touche(s)`);
    en.push(`${e.state} from ${e.minHits} hit(s)`);
  }
  return { fr: fr.join(', '), en: en.join(', ') };
}

/** The unit card: profile, weapons, abilities (with the rule that explains each), states. */
export function companyCard(s: CompanyState, id: string): UnitCard | null {
  const u = unitById(s, id);
  if (!u) return null;
  const p = prof(u);
  const stat = (fr: string, en: string, value: string | number) => ({
    label: m(fr, en),
    value: String(value),
  });
  const rules: UnitCard['rules'] = [];
  for (const a of ABILITY_RULES) {
    const v = p.abilities[a.key];
    if (v !== undefined && v !== false) rules.push({ id: a.rule, label: a.name(v) });
  }
  const weapons = [p.melee, ...(p.ranged ? [p.ranged] : [])].map((w) => ({
    name: w.name,
    text: weaponText(w),
  }));
  for (const weapon of [p.melee, p.ranged])
    for (const [key, rule, name] of [
      ['rechargement', 'HD-25', m('Rechargement', 'Rechargement (reload)')],
      ['encombrante', 'HD-23', m('Encombrante', 'Encombrante (cumbersome)')],
      ['premierChoc', 'HD-24', m('Premier choc', 'Premier choc (first strike)')],
    ] as const)
      if (weapon?.[key] && !rules.some((r) => r.id === rule)) rules.push({ id: rule, label: name });
  return {
    title: p.name,
    subtitle: m(
      `${s.sides[u.owner].name.fr}${u.alive ? '' : ' — mort'}`,
      `${s.sides[u.owner].name.en}${u.alive ? '' : ' — dead'}`,
    ),
    stats: [
      stat('PV', 'HP', `${u.pv}/${p.pv}`),
      stat('DPT', 'MOV', p.dpt),
      stat('CBT', 'CBT', p.cbt ?? '–'),
      stat('DEF', 'DEF', p.def),
      stat('PR', 'PR', p.pr),
      stat('TIR', 'SHO', p.tir),
      stat('FOI', 'FAI', p.foi),
      stat('CMD', 'CMD', p.cmd),
    ],
    weapons,
    rules,
    states: companyMarkers(s, u).map((x) => x.label),
  };
}

const ORDER_WORDS: Record<string, Message> = {
  premier: m('Choisir qui active en premier', 'Choose who activates first'),
  activer: m('Activer', 'Activate'),
  ceder: m('Céder la main', 'Pass the hand'),
  marche: m('Marche', 'Marche (walk)'),
  course: m('Course', 'Course (run)'),
  assaut: m('Assaut', 'Assaut (assault)'),
  charge: m('Charge', 'Charge'),
  melee: m('Mêlée', 'Mêlée (melee)'),
  tir: m('Tir', 'Tir (shoot)'),
  fuite: m('Fuite', 'Fuite (flee)'),
  focalisation: m('Focalisation', 'Focalisation (focus)'),
  relever: m('Se relever', 'Stand up'),
  attendre: m('Attendre', 'Wait'),
  esquive: m('Esquiver', 'Dodge'),
  pasEsquive: m('Ne pas esquiver', 'Do not dodge'),
  tirDefensif: m('Tir défensif', 'Defensive fire'),
  pasDeTir: m('Ne pas tirer', 'Do not fire'),
  combattre: m('Combattre', 'Fight'),
  garderRecharge: m('Garder le rechargement', 'Keep reloading'),
  attaqueLibre: m('Attaque libre', 'Free attack'),
};

/** The phases of the turn chart (statecharts/company.ts), as the phase indicator names them. */
const PHASE_WORDS: Record<string, Message> = {
  entretien: m('Phase d’entretien', 'Phase d’entretien (upkeep)'),
  'actions.choix': m('Phase d’actions — qui active', 'Phase d’actions (actions) — who activates'),
  'actions.activation.ordre': m('Activation — l’ordre', 'Activation — the order'),
  'actions.activation.reaction.esquive': m('Réaction — Esquive', 'Reaction — Esquive (dodge)'),
  'actions.activation.reaction.tirDefensif': m(
    'Réaction — Tir défensif',
    'Reaction — Tir défensif (defensive fire)',
  ),
  'actions.activation.reaction.rechargement': m(
    'Réaction — Rechargement',
    'Reaction — Rechargement (reloading)',
  ),
  'actions.activation.attaqueLibre': m('Attaque libre', 'Free attack'),
  terminee: m('Partie terminée', 'Game over'),
};

export const companyWords: RulesetWords = { phases: PHASE_WORDS, actions: ORDER_WORDS };

/** `camelCase` → `camel case`: a readable stand-in for a kind of action that has no words yet. */
const spaced = (type: string): string => type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** An action in words: the order, then whom it concerns (names, not ids). */
export function companyDescribe(s: CompanyState, action: BaseAction): Message | null {
  const a = action as CompanyAction;
  const head = ORDER_WORDS[a.type] ?? m(spaced(a.type), spaced(a.type));
  const name = (id: string) => unitById(s, id) && prof(unitById(s, id)!).name;
  const fr = [head.fr];
  const en = [head.en];
  if ('unit' in a && a.unit) {
    const n = name(a.unit);
    if (n) {
      fr.push(n.fr);
      en.push(n.en);
    }
  }
  if ('target' in a && a.target) {
    const n = name(a.target);
    if (n) {
      fr.push(`→ ${n.fr}`);
      en.push(`→ ${n.en}`);
    }
  }
  if (a.type === 'premier') {
    fr.push(`: ${s.sides[a.side].name.fr}`);
    en.push(`: ${s.sides[a.side].name.en}`);
  }
  if (a.type === 'focalisation' && a.pouvoir) {
    fr.push(a.pouvoir === 'guerison' ? '(guérison)' : '(envoûtement)');
    en.push(a.pouvoir === 'guerison' ? '(healing)' : '(bewitching)');
  }
  if ('vaeSoli' in a && a.vaeSoli) {
    fr.push('(Vae soli)');
    en.push('(Vae soli)');
  }
  if ('opportunite' in a && a.opportunite) {
    fr.push("(attaque d'opportunité)");
    en.push('(opportunity attack)');
  }
  return { fr: fr.join(' '), en: en.join(' ') };
}

/** The orders that attack: their odds are shown before they are sent. */
export const COMPANY_ATTACKS = ['melee', 'tir', 'charge', 'assaut'] as const;

/**
 * An attack order as `odds` takes it, from the rules (`companyAttack`): `{ attacker: the combatant acting,
 * target, kind }`. A Charge or an Assaut is not yet in contact: `odds` reckons the passe its move opens (the
 * attacker where the engine puts it, Premier choc counted), as the note says.
 */
export function companyAttackOf(s: CompanyState, action: BaseAction): AttackView | null {
  const attack = companyAttack(s, action as CompanyAction);
  if (!attack) return null;
  const view: AttackView = { attack, attacker: attack.attacker, target: attack.target };
  if (attack.kind === 'charge' || attack.kind === 'assaut')
    view.note = m(
      'Chances de la passe d’armes une fois au contact (Premier choc compris ; Esquive et Tir défensif non comptés).',
      'Odds of the passe d’armes once in contact (Premier choc included; Esquive and Tir défensif not counted).',
    );
  return view;
}

/**
 * C2 / C3: a `tir` event is a shot and a `passe` a passe d'armes (`units: [attacker, target]`); the
 * attacker's first dice roll hit when a die reached its number.
 */
export function companyShots(events: readonly GameEvent[]): ShotView[] {
  const out: ShotView[] = [];
  for (const e of events) {
    if ((e.kind !== 'tir' && e.kind !== 'passe') || !e.units || e.units.length < 2) continue;
    const roll = e.dice?.[0];
    const hit = !!roll && roll.target !== undefined && roll.dice.some((d) => d >= roll.target!);
    out.push({ from: e.units[0]!, to: e.units[1]!, hit, ...(e.kind === 'passe' ? { melee: true } : {}) });
  }
  return out;
}

/** What the app reads to draw and describe a `company` game. */
export const companyBoardAdapter: BoardAdapter = {
  board: companyBoard,
  overlays: companyOverlays,
  card: companyCard,
  describe: companyDescribe,
  words: companyWords,
  chart: companyPhases,
  attackKinds: COMPANY_ATTACKS,
  shotsOf: companyShots,
  attackOf: companyAttackOf,
};
