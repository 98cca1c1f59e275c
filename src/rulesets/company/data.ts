/**
 * Rosters. The blue company is the seed's (HD-00, L5–8): Francisco Vargas, Aidan Saint James, Anna Bogda
 * Pavlova, Sara Zingaresce, Bretcheur, Missionnaire, Arquebusier, with the seed's abilities. The seed prints
 * no statistics and no weapons: every number here is a house value (docs/rulesets/company.md), and so is
 * the whole red company of Démons et Damnés, made so that Ennemi juré, the lémure exceptions and every
 * state of the seed (Sonné, Mis au sol, Immobilisé, Ralenti, Contrôlé, Consumé) come up in play.
 */
import type { Abilities, Profile, Weapon } from './types';

/** C2 test fixture of the catalogue: damage = number of hits. */
export const LINEAR_DAMAGE = [0, 1, 2, 3, 4, 5];

/** The faction keyword of the opposing company (HD-05: « ENNEMI JURÉ 2 (DÉMONS ET DAMNÉS) »). */
export const DEMONS_ET_DAMNES = 'Démons et Damnés';

/** C6: a zone de contrôle reaches 1 toise from the base's edge. */
export const ZOC = 1;
/** HD-04: Charisme reaches 4 toises. */
export const CHARISME_RANGE = 4;
/** HD-06: an Esquive moves up to 3 toises. */
export const ESQUIVE_MOVE = 3;
/** Bases touching within this many toises are in contact. */
export const CONTACT = 0.02;

const weapon = (id: string, fr: string, en: string, extra: Partial<Weapon> = {}): Weapon => ({
  id,
  name: { fr, en },
  damage: LINEAR_DAMAGE,
  ...extra,
});

const pistolet = weapon('pistolet', 'Pistolet', 'Pistol', { range: 8, rechargement: 1 });

interface P {
  id: string;
  fr: string;
  en: string;
  keywords?: string[];
  lemure?: boolean;
  radius?: number;
  dpt: number;
  cbt: number | null;
  def: number;
  pr: number;
  tir?: number;
  foi?: number;
  pv: number;
  blesse: number;
  cmd: number;
  points: number;
  melee: Weapon;
  ranged?: Weapon;
  abilities?: Abilities;
}

const profile = (p: P): Profile => ({
  id: p.id,
  name: { fr: p.fr, en: p.en },
  keywords: p.keywords ?? [],
  lemure: p.lemure ?? false,
  radius: p.radius ?? 0.6,
  dpt: p.dpt,
  cbt: p.cbt,
  def: p.def,
  pr: p.pr,
  tir: p.tir ?? 0,
  foi: p.foi ?? 0,
  pv: p.pv,
  blesse: p.blesse,
  cmd: p.cmd,
  points: p.points,
  melee: p.melee,
  ranged: p.ranged ?? null,
  abilities: p.abilities ?? {},
});

const OCCIDENTAUX = ['Occidentaux'];
const DD = [DEMONS_ET_DAMNES];

const LIST: Profile[] = [
  // --- the seed's roster (HD-00) ---------------------------------------------------------------------
  profile({
    id: 'vargas',
    fr: 'Francisco Vargas',
    en: 'Francisco Vargas',
    keywords: OCCIDENTAUX,
    dpt: 4,
    cbt: 4,
    def: 4,
    pr: 1,
    pv: 7,
    blesse: 3,
    cmd: 3,
    points: 40,
    melee: weapon('rapiere', 'Rapière', 'Rapier', { premierChoc: 1 }),
    abilities: { charisme: 1, tenace: true },
  }),
  profile({
    id: 'aidan',
    fr: 'Aidan Saint James',
    en: 'Aidan Saint James',
    keywords: OCCIDENTAUX,
    dpt: 4,
    cbt: 3,
    def: 4,
    pr: 1,
    tir: 3,
    pv: 6,
    blesse: 3,
    cmd: 2,
    points: 35,
    melee: weapon('epee', 'Épée', 'Sword'),
    ranged: pistolet,
    abilities: { tenace: true, tirDefensif: true },
  }),
  profile({
    id: 'anna',
    fr: 'Anna Bogda Pavlova',
    en: 'Anna Bogda Pavlova',
    keywords: OCCIDENTAUX,
    dpt: 4,
    cbt: 2,
    def: 3,
    pr: 0,
    foi: 3,
    pv: 5,
    blesse: 2,
    cmd: 1,
    points: 35,
    melee: weapon('baton', 'Bâton', 'Staff'),
    abilities: { gardeDuCorps: true, guerisseur: 3, terreur: true },
  }),
  profile({
    id: 'sara',
    fr: 'Sara Zingaresce',
    en: 'Sara Zingaresce',
    keywords: OCCIDENTAUX,
    dpt: 5,
    cbt: 3,
    def: 4,
    pr: 0,
    pv: 5,
    blesse: 2,
    cmd: 1,
    points: 35,
    melee: weapon('dague', 'Dague', 'Dagger'),
    abilities: { esquive: 2, fuyant: true, attraction: 3 },
  }),
  profile({
    id: 'bretcheur',
    fr: 'Bretcheur',
    en: 'Bretcheur',
    keywords: OCCIDENTAUX,
    dpt: 4,
    cbt: 4,
    def: 4,
    pr: 1,
    tir: 2,
    pv: 6,
    blesse: 3,
    cmd: 1,
    points: 35,
    melee: weapon('estoc', 'Estoc', 'Tuck'),
    ranged: pistolet,
    abilities: { charisme: 1, insaisissable: true, maitreDArme: 1, tirDefensif: true },
  }),
  profile({
    id: 'missionnaire',
    fr: 'Missionnaire',
    en: 'Missionary',
    keywords: OCCIDENTAUX,
    dpt: 4,
    cbt: 3,
    def: 4,
    pr: 0,
    tir: 0,
    foi: 2,
    pv: 6,
    blesse: 3,
    cmd: 1,
    points: 30,
    melee: weapon('croix', 'Croix de fer', 'Iron cross', { encombrante: 1 }),
    abilities: { ennemiJure: { x: 2, keyword: DEMONS_ET_DAMNES }, fanatique: true },
  }),
  profile({
    id: 'arquebusier',
    fr: 'Arquebusier',
    en: 'Arquebusier',
    keywords: OCCIDENTAUX,
    dpt: 4,
    cbt: 2,
    def: 3,
    pr: 1,
    tir: 3,
    pv: 5,
    blesse: 2,
    cmd: 0,
    points: 25,
    melee: weapon('crosse', 'Crosse', 'Musket butt'),
    ranged: weapon('arquebuse', 'Arquebuse', 'Arquebus', {
      range: 16,
      rechargement: 2,
      damage: [0, 2, 3, 4, 5, 6],
    }),
    abilities: { tireurEntraine: 1 },
  }),
  // --- the opposing company: Démons et Damnés (house profiles) -----------------------------------------
  profile({
    id: 'tentatrice',
    fr: 'Tentatrice',
    en: 'Temptress',
    keywords: DD,
    dpt: 5,
    cbt: 3,
    def: 4,
    pr: 0,
    foi: 3,
    pv: 6,
    blesse: 3,
    cmd: 3,
    points: 40,
    melee: weapon('fouet', 'Fouet', 'Whip', { effects: [{ state: 'ralenti', minHits: 2, x: 1 }] }),
    abilities: { charisme: 1, envoutement: { x: 1, range: 6, on: 4 } },
  }),
  profile({
    id: 'bourreau',
    fr: 'Bourreau damné',
    en: 'Damned executioner',
    keywords: DD,
    radius: 0.8,
    dpt: 4,
    cbt: 4,
    def: 3,
    pr: 1,
    pv: 8,
    blesse: 4,
    cmd: 1,
    points: 40,
    melee: weapon('chaines', 'Chaînes', 'Chains', {
      encombrante: 1,
      effects: [{ state: 'immobilise', minHits: 3, x: 1 }],
    }),
  }),
  profile({
    id: 'damne',
    fr: 'Damné',
    en: 'Damned',
    keywords: DD,
    dpt: 4,
    cbt: 3,
    def: 3,
    pr: 0,
    pv: 5,
    blesse: 2,
    cmd: 0,
    points: 20,
    melee: weapon('masse', 'Masse', 'Mace', {
      premierChoc: 1,
      effects: [{ state: 'misAuSol', minHits: 2 }],
    }),
  }),
  profile({
    id: 'cracheur',
    fr: 'Cracheur de feu',
    en: 'Fire spitter',
    keywords: DD,
    dpt: 4,
    cbt: 2,
    def: 3,
    pr: 0,
    tir: 3,
    pv: 5,
    blesse: 2,
    cmd: 1,
    points: 30,
    melee: weapon('griffes', 'Griffes', 'Claws'),
    ranged: weapon('souffle', 'Souffle ardent', 'Burning breath', {
      range: 6,
      rechargement: 1,
      effects: [{ state: 'consume', minHits: 1, consume: { type: 'feu', x: 1, y: 2, durable: false } }],
    }),
  }),
  profile({
    id: 'lemure',
    fr: 'Lémure',
    en: 'Lemure',
    keywords: DD,
    lemure: true,
    radius: 0.5,
    dpt: 4,
    cbt: 2,
    def: 3,
    pr: 0,
    pv: 2,
    blesse: 1,
    cmd: 0,
    points: 10,
    melee: weapon('crocs', 'Crocs', 'Fangs', { effects: [{ state: 'sonne', minHits: 2, x: 1 }] }),
  }),
];

export const PROFILES: Record<string, Profile> = Object.fromEntries(LIST.map((p) => [p.id, p]));

/**
 * HD-00: the seed's roster table, read as printed (L7–8): names row and abilities row, `<br>` between
 * abilities, a parenthesised line is the keyword of the ability above it.
 */
export const SEED_ROSTER = {
  names: [
    'FRANCISCO VARGAS',
    'AIDAN SAINT JAMES',
    'ANNA BOGDA PAVLOVA',
    'SARA ZINGARESCE',
    'BRETCHEUR',
    'MISSIONNAIRE',
    'ARQUEBUSIER',
  ],
  abilities: [
    'CHARISME<br>TENACE',
    'TENACE<br>TIR DÉFENSIF',
    'GARDE DU CORPS<br>GUÉRISSEUR 3<br>TERREUR',
    'ESQUIVE 2<br>FUYANT<br>ATTRACTION 3',
    "CHARISME<br>INSAISSABLE<br>MAITRE D'ARMES<br>TIR DÉFENSIF",
    'ENNEMI JURÉ 2<br>(DÉMONS ET DAMNÉS)<br>FANATIQUE',
    'TIREUR ENTRAÎNÉ',
  ],
};

export interface ParsedAbility {
  name: string;
  x: number | null;
  keyword: string | null;
  /** HD-00 ASSUMPTION: a parametric ability printed without X takes X = 1, with this warning. */
  warning: string | null;
}

/** Printed names → the rule headings (HD-00: « INSAISSABLE », « MAITRE D'ARMES »). */
const NORMALISE: Record<string, string> = {
  INSAISSABLE: 'Insaisissable',
  INSAISISSABLE: 'Insaisissable',
  "MAITRE D'ARMES": "Maître d'arme",
  "MAÎTRE D'ARME": "Maître d'arme",
  CHARISME: 'Charisme',
  TENACE: 'Tenace',
  'TIR DÉFENSIF': 'Tir défensif',
  'GARDE DU CORPS': 'Garde du corps',
  GUÉRISSEUR: 'Guérisseur',
  TERREUR: 'Terreur',
  ESQUIVE: 'Esquive',
  FUYANT: 'Fuyant',
  ATTRACTION: 'Attraction',
  'ENNEMI JURÉ': 'Ennemi juré',
  FANATIQUE: 'Fanatique',
  'TIREUR ENTRAÎNÉ': 'Tireur entraîné',
};
const PARAMETRIC = new Set([
  'Charisme',
  "Maître d'arme",
  'Tireur entraîné',
  'Guérisseur',
  'Esquive',
  'Attraction',
  'Ennemi juré',
]);

const titleCase = (s: string): string =>
  s
    .toLowerCase()
    .split(' ')
    .map((w) => (w === 'et' ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');

/** HD-00: one cell of the seed's abilities row → its abilities, with X and keyword. */
export function parseAbilityCell(cell: string): ParsedAbility[] {
  const out: ParsedAbility[] = [];
  for (const raw of cell.split('<br>').map((l) => l.trim())) {
    if (!raw) continue;
    const kw = /^\((.+)\)$/.exec(raw);
    if (kw && out.length > 0) {
      out[out.length - 1]!.keyword = titleCase(kw[1]!);
      continue;
    }
    const m = /^(.*?)(?:\s+(\d+))?$/.exec(raw)!;
    const printed = m[1]!;
    const name = NORMALISE[printed] ?? printed;
    const x = m[2] === undefined ? null : Number(m[2]);
    const needsX = PARAMETRIC.has(name) && x === null;
    out.push({
      name,
      x: needsX ? 1 : x,
      keyword: null,
      warning: needsX ? `${name}: X not printed, X = 1 (HD-00 ASSUMPTION)` : null,
    });
  }
  return out;
}
