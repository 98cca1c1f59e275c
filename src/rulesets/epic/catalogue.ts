/**
 * The rows of seed 002's two ability tables (units, weapons) as data: each catalogue id with its French name
 * (shared/rules/002_netepic_orks.md), whether it is a unit or a weapon ability, and whether the engine
 * implements it. The 13 rows the seed prints as a bare "-" (NE-PH01…PH13; NE-U64 is the same row as NE-PH01)
 * have no rule text: naming one is refused, never guessed.
 */

export type AbilityKind = 'unit' | 'weapon';
/** `blank`: a "-" row with no text; `implemented`: the engine applies it; `missing`: not implemented yet. */
export type AbilityStatus = 'implemented' | 'missing' | 'blank';

export interface AbilityRow {
  id: string;
  fr: string;
  kind: AbilityKind;
  status: AbilityStatus;
  /** A scenario may grant it to a whole detachment (army-list data). */
  detachment?: boolean;
  /** Seed line, for blank rows. */
  line?: number;
}

const row = (
  id: string,
  fr: string,
  kind: AbilityKind,
  status: AbilityStatus,
  extra?: Partial<AbilityRow>,
) => ({
  id,
  fr,
  kind,
  status,
  ...extra,
});

export const ABILITY_ROWS: AbilityRow[] = [
  row('NE-U01', 'Antigrav', 'unit', 'implemented'),
  row('NE-U02', 'Attelage', 'unit', 'implemented'),
  row('NE-U03', 'Bizarboy', 'unit', 'implemented'),
  row('NE-U30', 'Blindage renforcé', 'unit', 'implemented'),
  row('NE-U31', 'Blindage renforcé (flancs)', 'unit', 'implemented'),
  row('NE-U32', 'Bulldozer', 'unit', 'implemented'),
  row('NE-U33', 'Relance de moral', 'unit', 'implemented'),
  row('NE-U34', 'Champs Énergétiques', 'unit', 'implemented'),
  row('NE-U35', 'Charismatique', 'unit', 'implemented'),
  row('NE-U36', 'DR', 'unit', 'implemented'),
  row('NE-U37', 'Elite', 'unit', 'implemented'),
  row('NE-U38', 'Dernier sursaut', 'unit', 'implemented'),
  row('NE-U39', 'Gretchins', 'unit', 'implemented'),
  row('NE-U40', "Demi-valeur d'objectif", 'unit', 'implemented'),
  row('NE-U41', 'Infiltration', 'unit', 'implemented', { detachment: true }),
  row('NE-U42', 'Immunisé', 'unit', 'implemented'),
  row('NE-U43', 'Intercepteur', 'unit', 'implemented'),
  row('NE-U48', 'Ordres sans chef', 'unit', 'implemented', { detachment: true }),
  row('NE-U49', 'Tir après Charge', 'unit', 'implemented', { detachment: true }),
  row('NE-U50', 'Médiko', 'unit', 'implemented'),
  row('NE-U51', 'Mékano', 'unit', 'implemented'),
  row('NE-U52', 'Bonus de FA', 'unit', 'implemented'),
  row('NE-U53', 'OA', 'unit', 'implemented'),
  row('NE-U56', 'PdV', 'unit', 'implemented'),
  row('NE-U57', 'Personnage', 'unit', 'implemented'),
  row('NE-U58', 'Personnage Lié', 'unit', 'implemented'),
  row('NE-U59', 'Psyker', 'unit', 'implemented'),
  row('NE-U62', 'QG', 'unit', 'implemented'),
  row('NE-U63', 'Réacteurs Dorsaux', 'unit', 'implemented'),
  row('NE-U64', '-', 'unit', 'blank', { line: 207 }),
  row('NE-U65', 'Robot', 'unit', 'implemented'),
  row('NE-U70', 'Rouleau', 'unit', 'implemented'),
  row('NE-U71', 'Sans moral', 'unit', 'implemented'),
  row('NE-U72', 'Sauvegarde Psychique', 'unit', 'implemented'),
  row('NE-U73', 'Pas de malus en interception', 'unit', 'implemented', { detachment: true }),
  row('NE-U74', 'Pas de tir indirect', 'unit', 'implemented', { detachment: true }),
  row('NE-U75', 'Toit Ouvert', 'unit', 'implemented'),
  row('NE-U85', 'Transport : marcheurs et personnage gratuit', 'unit', 'implemented'),
  row('NE-U86', 'Transport : destruction aléatoire', 'unit', 'implemented'),
  row('NE-U81', 'Transport', 'unit', 'implemented'),
  row('NE-U88', 'Unité de Commandement', 'unit', 'implemented', { detachment: true }),
  row('NE-U90', 'Volant', 'unit', 'implemented'),
  row('NE-W01', 'AA', 'weapon', 'implemented'),
  row('NE-W02', 'Artillerie', 'weapon', 'implemented'),
  row('NE-W03', 'Dégâts', 'weapon', 'implemented'),
  row('NE-W04', 'Démolition', 'weapon', 'implemented'),
  row('NE-W05', 'Ignore les Couverts', 'weapon', 'implemented'),
  row('NE-W06', 'Instable', 'weapon', 'implemented'),
  row('NE-W07', 'Réduit les Couverts', 'weapon', 'implemented'),
  row('NE-W08', 'Tourelle', 'weapon', 'implemented'),
  // The 13 "-" rows (catalogue §C): no text, never implementable.
  ...(
    [
      ['NE-PH01', 207, 'unit'],
      ['NE-PH02', 302, 'weapon'],
      ['NE-PH03', 308, 'weapon'],
      ['NE-PH04', 312, 'weapon'],
      ['NE-PH05', 313, 'weapon'],
      ['NE-PH06', 316, 'weapon'],
      ['NE-PH07', 317, 'weapon'],
      ['NE-PH08', 318, 'weapon'],
      ['NE-PH09', 321, 'weapon'],
      ['NE-PH10', 323, 'weapon'],
      ['NE-PH11', 324, 'weapon'],
      ['NE-PH12', 325, 'weapon'],
      ['NE-PH13', 326, 'weapon'],
    ] as const
  ).map(([id, line, kind]) => row(id, '-', kind, 'blank', { line })),
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s*\(.*\)\s*$/, '') // "DR (2)" names the row "DR"
    .trim()
    .toLowerCase();

/** The row a name designates: its catalogue id (`NE-U48`) or its French name, accents and case ignored. */
export function findAbility(name: string): AbilityRow | undefined {
  const id = name.trim().toUpperCase();
  const byId = ABILITY_ROWS.find((r) => r.id === id);
  if (byId) return byId;
  const f = fold(name);
  if (f === '' || f === '-') return undefined;
  return ABILITY_ROWS.find((r) => r.fr !== '-' && fold(r.fr) === f);
}

export interface AbilityRefusal {
  en: string;
  fr: string;
}

/**
 * Why an ability named by untrusted data cannot be used, or null. A blank row is refused with its seed line,
 * an unknown name or a bare "-" as unknown, a missing one as not implemented, a weapon ability where a
 * detachment ability is expected (and back) as the wrong table.
 */
export function abilityRefusal(name: string, kind: AbilityKind, detachment: boolean): AbilityRefusal | null {
  const t = name.trim();
  if (t === '-' || t === '')
    return {
      en: `"${name}" is an empty row of the seed's ability table: it has no rule text and is never guessed.`,
      fr: `« ${name} » est une ligne vide de la table des capacités : elle n'a aucun texte et n'est jamais devinée.`,
    };
  const r = findAbility(name);
  if (!r) return { en: `unknown ability "${name}".`, fr: `capacité inconnue « ${name} ».` };
  if (r.status === 'blank')
    return {
      en: `${r.id} is an empty "-" row of the seed (line ${r.line}): it has no rule text, so it cannot be used; it is never guessed.`,
      fr: `${r.id} est une ligne vide « - » du texte source (ligne ${r.line}) : elle n'a aucun texte, elle ne peut donc pas être utilisée ; elle n'est jamais devinée.`,
    };
  if (r.kind !== kind)
    return {
      en: `${r.id} (${r.fr}) is a ${r.kind} ability, not a ${kind} ability.`,
      fr: `${r.id} (${r.fr}) est une capacité ${r.kind === 'unit' ? "d'unité" : "d'arme"}, pas ${kind === 'unit' ? "d'unité" : "d'arme"}.`,
    };
  if (r.status === 'missing')
    return {
      en: `${r.id} (${r.fr}) is not implemented yet.`,
      fr: `${r.id} (${r.fr}) n'est pas encore implémentée.`,
    };
  if (detachment && !r.detachment)
    return {
      en: `${r.id} (${r.fr}) belongs to a profile and cannot be granted to a whole detachment.`,
      fr: `${r.id} (${r.fr}) appartient à un profil et ne peut être accordée à tout un détachement.`,
    };
  return null;
}
