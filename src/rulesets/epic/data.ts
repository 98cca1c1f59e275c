/**
 * Profiles of the two sample forces. The seed (002) is the Ork codex's abilities page: it gives abilities,
 * not statistics, so the numbers below are ASSUMPTIONS in the spirit of Epic 2nd edition / NetEpic
 * (docs/rulesets/epic.md lists them). Every ability a profile carries is implemented and tested.
 */
import type { UnitProfile, WeaponProfile } from './types';

const w = (id: string, en: string, fr: string, range: number, attacks: number, toHit: number, pa: number): WeaponProfile => ({
  id,
  name: { en, fr },
  range,
  attacks,
  toHit,
  pa,
});

export const WEAPONS: Record<string, WeaponProfile> = Object.fromEntries(
  [
    w('shoota', 'Shootas', 'Fling', 25, 1, 5, 0),
    w('kombi', 'Kombi-weapons', 'Kombi-fling', 25, 2, 5, 0),
    w('big-gun', 'Big gun', 'Gros kanon', 50, 1, 5, -1),
    w('zzap', 'Zzap gun', 'Kanon zzap', 50, 2, 5, -2),
    w('grot-blasta', 'Grot blastas', 'Pétoires', 15, 1, 6, 0),
    w('bolter', 'Bolters', 'Bolters', 25, 1, 5, 0),
    w('storm-bolter', 'Storm bolters', 'Bolters lourds', 25, 2, 4, 0),
    w('heavy-weapons', 'Heavy weapons', 'Armes lourdes', 75, 2, 5, -1),
    w('lascannon', 'Twin lascannon', 'Canon laser jumelé', 75, 2, 5, -2),
    w('pistols', 'Bolt pistols', 'Pistolets bolters', 15, 1, 5, 0),
  ].map((x) => [x.id, x]),
);

const u = (p: UnitProfile): [string, UnitProfile] => [p.id, p];

export const PROFILES: Record<string, UnitProfile> = Object.fromEntries([
  // --- Orks (the seed's codex) ---
  u({ id: 'warboss', name: { en: 'Warboss', fr: 'Big boss' }, race: 'ork', cls: 1, move: 10, save: 5, fa: 5, pdv: 1, radius: 1, points: 40, weapons: ['kombi'], abilities: { qg: true } }),
  u({ id: 'nobz', name: { en: 'Nobz', fr: 'Nobz' }, race: 'ork', cls: 1, move: 10, save: 5, fa: 4, pdv: 1, radius: 1, points: 20, weapons: ['kombi'], abilities: {} }),
  u({ id: 'boyz', name: { en: 'Boyz', fr: 'Boyz' }, race: 'ork', cls: 1, move: 10, save: 6, fa: 3, pdv: 1, radius: 1, points: 10, weapons: ['shoota'], abilities: {} }),
  u({ id: 'gretchins', name: { en: 'Gretchins', fr: 'Gretchins' }, race: 'ork', cls: 1, move: 10, save: 7, fa: 1, pdv: 1, radius: 1, points: 5, weapons: ['grot-blasta'], abilities: { gretchin: true } }),
  u({ id: 'mediko', name: { en: 'Painboy', fr: 'Médiko' }, race: 'ork', cls: 1, move: 10, save: 6, fa: 3, pdv: 1, radius: 1, points: 20, weapons: ['shoota'], abilities: { mediko: true } }),
  u({ id: 'dingboyz', name: { en: 'Dingboyz', fr: 'Dingboyz' }, race: 'ork', cls: 1, move: 10, save: 7, fa: 4, pdv: 1, radius: 1, points: 10, weapons: [], abilities: {} }),
  u({ id: 'mekano', name: { en: 'Mekboy', fr: 'Mékano' }, race: 'ork', cls: 1, move: 10, save: 6, fa: 2, pdv: 1, radius: 1, points: 20, weapons: ['shoota'], abilities: { mekano: true } }),
  u({ id: 'bizarboy', name: { en: 'Weirdboy', fr: 'Bizarboy' }, race: 'ork', cls: 1, move: 10, save: 6, fa: 2, pdv: 1, radius: 1, points: 30, weapons: [], abilities: { bizarboy: true } }),
  u({ id: 'trukk', name: { en: 'Trukk', fr: 'Trukk' }, race: 'ork', cls: 3, move: 25, save: 5, fa: 1, pdv: 1, radius: 1.5, points: 15, weapons: ['big-gun'], abilities: { transport: 2 } }),
  u({ id: 'battlewagon', name: { en: 'Battlewagon', fr: 'Chariot de guerre' }, race: 'ork', cls: 3, move: 20, save: 4, fa: 3, pdv: 2, radius: 1.75, points: 40, weapons: ['zzap', 'big-gun'], abilities: { transport: 4 } }),
  // --- The opponent: Elite, QG and Réacteurs Dorsaux troops ---
  u({ id: 'captain', name: { en: 'Captain', fr: 'Capitaine' }, race: 'imperial', cls: 1, move: 10, save: 4, fa: 6, pdv: 1, radius: 1, points: 50, weapons: ['storm-bolter'], abilities: { qg: true } }),
  u({ id: 'command', name: { en: 'Command squad', fr: 'Escouade de commandement' }, race: 'imperial', cls: 1, move: 10, save: 4, fa: 4, pdv: 1, radius: 1, points: 25, weapons: ['bolter'], abilities: {} }),
  u({ id: 'tactical', name: { en: 'Tactical marines', fr: 'Marines tactiques' }, race: 'imperial', cls: 1, move: 10, save: 5, fa: 3, pdv: 1, radius: 1, points: 20, weapons: ['bolter'], abilities: {} }),
  u({ id: 'devastator', name: { en: 'Devastators', fr: 'Dévastators' }, race: 'imperial', cls: 1, move: 10, save: 5, fa: 2, pdv: 1, radius: 1, points: 25, weapons: ['heavy-weapons'], abilities: {} }),
  u({ id: 'terminator', name: { en: 'Terminators', fr: 'Terminators' }, race: 'imperial', cls: 1, move: 10, save: 3, fa: 6, pdv: 1, radius: 1, points: 35, weapons: ['storm-bolter'], abilities: { elite: 2 } }),
  u({ id: 'assault', name: { en: 'Assault marines', fr: "Marines d'assaut" }, race: 'imperial', cls: 1, move: 15, save: 5, fa: 5, pdv: 1, radius: 1, points: 25, weapons: ['pistols'], abilities: { reacteursDorsaux: true } }),
  u({ id: 'land-raider', name: { en: 'Land Raider', fr: 'Land Raider' }, race: 'imperial', cls: 3, move: 20, save: 3, fa: 4, pdv: 2, radius: 1.75, points: 60, weapons: ['lascannon'], abilities: {} }),
]);

/** C4: sight heights by blocking class, in cm. */
export const CLASS_HEIGHT = [0, 1, 2, 3, 4, 8];

/** NE-U10…U15: the Bzzzt! table, by energy. */
export const BZZZT_ROWS = [
  { id: 'NE-U10', min: 1, range: 25, attacks: 1, toHit: 6, pa: 0 },
  { id: 'NE-U11', min: 6, range: 50, attacks: 2, toHit: 5, pa: -1 },
  { id: 'NE-U12', min: 11, range: 75, attacks: 3, toHit: 4, pa: -2 },
  { id: 'NE-U13', min: 16, range: 100, attacks: 3, toHit: 3, pa: -3 },
  { id: 'NE-U14', min: 21, range: 125, attacks: 4, toHit: 3, pa: -4 },
  { id: 'NE-U15', min: 26, range: 150, attacks: 4, toHit: 2, pa: -5 },
] as const;

/** NE-U24…U29: the Waaagh! table, by energy. */
export const WAAAGH_ROWS = [
  { id: 'NE-U24', min: 1, morale: 1, fa: 0 },
  { id: 'NE-U25', min: 6, morale: 1, fa: 0 },
  { id: 'NE-U26', min: 11, morale: 1, fa: 0 },
  { id: 'NE-U27', min: 16, morale: 1, fa: 1 },
  { id: 'NE-U28', min: 21, morale: 2, fa: 1 },
  { id: 'NE-U29', min: 26, morale: 2, fa: 2 },
] as const;

export function tableRow<R extends { min: number }>(rows: readonly R[], energy: number): R | null {
  let found: R | null = null;
  for (const r of rows) if (energy >= r.min) found = r;
  return found;
}
