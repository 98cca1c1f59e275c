/**
 * The board adapter of each ruleset, as the registry declares it (`boards`), completed where a ruleset does
 * not yet declare a unit card or words for its actions. The epic part below is a stopgap: it belongs in
 * src/rulesets/epic/board.ts (its owner may move it there as is, and then this file only re-exports
 * `boards`). The app itself reads nothing but `adapterFor(id)`.
 */
import type { BaseAction } from '../engine/contract';
import type { Message } from '../engine/result';
import { WEAPONS } from '../rulesets/epic/data';
import { baseById, detById, prof } from '../rulesets/epic/state';
import type { EpicAction, EpicState } from '../rulesets/epic/types';
import { type BoardAdapter, boards, type UnitCard } from '../rulesets/registry';

const m = (fr: string, en: string): Message => ({ fr, en });

const EPIC_ABILITIES: { key: string; rule: string; name: (v: unknown) => Message }[] = [
  { key: 'qg', rule: 'NE-U62', name: () => m('QG', 'HQ') },
  { key: 'elite', rule: 'NE-U37', name: (v) => m(`Élite (${v})`, `Elite (${v})`) },
  { key: 'reacteursDorsaux', rule: 'NE-U63', name: () => m('Réacteurs dorsaux', 'Jump packs') },
  { key: 'bizarboy', rule: 'NE-U03', name: () => m('Bizarboy', 'Weirdboy') },
  { key: 'mediko', rule: 'NE-U50', name: () => m('Médiko', 'Painboy') },
  { key: 'mekano', rule: 'NE-U51', name: () => m('Mékano', 'Mekboy') },
  { key: 'gretchin', rule: 'NE-U39', name: () => m('Gretchins', 'Gretchin') },
  { key: 'transport', rule: 'NE-U81', name: (v) => m(`Transport (${v})`, `Transport (${v})`) },
];

const ORDER_NAMES: Record<string, Message> = {
  charge: m('Charge', 'Charge'),
  avance: m('Avance', 'Avance (advance)'),
  tirAppuye: m('Tir Appuyé', 'Tir Appuyé (first fire)'),
  retraite: m('Retraite', 'Retraite (fall back)'),
};

function epicCard(s: EpicState, id: string): UnitCard | null {
  const b = baseById(s, id);
  if (!b) return null;
  const p = prof(b);
  const d = detById(s, b.det);
  const stat = (fr: string, en: string, value: string | number) => ({
    label: m(fr, en),
    value: String(value),
  });
  const rules: UnitCard['rules'] = [];
  for (const a of EPIC_ABILITIES) {
    const v = (p.abilities as Record<string, unknown>)[a.key];
    if (v !== undefined && v !== false) rules.push({ id: a.rule, label: a.name(v) });
  }
  const states: Message[] = [];
  if (d?.order && (d.revealed || !d.concealed)) states.push(ORDER_NAMES[d.order] ?? m(d.order, d.order));
  if (d?.routed) states.push(m('En déroute (C7)', 'Routed (C7)'));
  return {
    title: p.name,
    subtitle: d
      ? m(`${d.name.fr}${b.alive ? '' : ' — détruit'}`, `${d.name.en}${b.alive ? '' : ' — destroyed'}`)
      : undefined,
    stats: [
      stat('PdV', 'Wounds', `${b.pdv}/${p.pdv}`),
      stat('Mouvement', 'Move', `${p.move} cm`),
      stat('Sauvegarde', 'Save', p.save >= 7 ? '–' : `${p.save}+`),
      stat("Facteur d'Assaut", 'Assault factor', p.fa),
      stat('Classe', 'Class', p.cls),
      stat('Moral', 'Morale', d?.morale ?? '–'),
    ],
    weapons: p.weapons
      .map((w) => WEAPONS[w])
      .filter((w) => w !== undefined)
      .map((w) => ({
        name: w.name,
        text: m(
          `portée ${w.range} cm, ${w.attacks} dé(s), touche ${w.toHit}+, PA ${w.pa}`,
          `range ${w.range} cm, ${w.attacks} dice, hits on ${w.toHit}+, AP ${w.pa}`,
        ),
      })),
    rules,
    states,
  };
}

const EPIC_WORDS: Record<string, Message> = {
  order: m('Ordre', 'Order'),
  initiative: m('Initiative : activer en premier', 'Initiative: activate first'),
  activate: m('Activer', 'Activate'),
  pass: m('Passer', 'Pass'),
  move: m('Déplacer', 'Move'),
  moveDet: m('Déplacer le détachement', 'Move the detachment'),
  charge: m('Charger', 'Charge'),
  embark: m('Embarquer', 'Embark'),
  disembark: m('Débarquer', 'Disembark'),
  waaagh: m('Waaagh!', 'Waaagh!'),
  done: m('Terminer', 'Done'),
  intercept: m('Intercepter', 'Intercept'),
  noIntercept: m('Ne pas intercepter', 'Do not intercept'),
  shoot: m('Tirer', 'Shoot'),
  assault: m('Assaut', 'Assault'),
  bzzzt: m('Bzzzt!', 'Bzzzt!'),
};

function epicDescribe(s: EpicState, action: BaseAction): Message | null {
  const a = action as EpicAction;
  const head = EPIC_WORDS[a.type];
  if (!head) return null;
  const fr = [head.fr];
  const en = [head.en];
  const add = (x: Message | undefined, pre = '') => {
    if (!x) return;
    fr.push(pre + x.fr);
    en.push(pre + x.en);
  };
  const base = (id: string) => {
    const b = baseById(s, id);
    return b ? prof(b).name : undefined;
  };
  if ('order' in a) add(ORDER_NAMES[a.order]);
  if ('det' in a) add(detById(s, a.det)?.name, a.type === 'order' ? '→ ' : '');
  if ('base' in a) add(base(a.base));
  if ('transport' in a) add(base(a.transport), '→ ');
  if ('target' in a && typeof a.target === 'string') {
    const target = a.target;
    const t = baseById(s, target) ? base(target) : detById(s, target)?.name;
    add(t, '→ ');
  }
  if (a.type === 'initiative') add(s.sides[a.first]?.name, '');
  if (a.type === 'shoot' && a.elite) add(m(`(Élite ${a.elite})`, `(Elite ${a.elite})`));
  if (a.type === 'intercept') add(m(`au point ${a.at}`, `at point ${a.at}`));
  return { fr: fr.join(' '), en: en.join(' ') };
}

const EXTRAS: Record<string, Partial<BoardAdapter>> = {
  epic: { card: epicCard, describe: epicDescribe },
};

export function adapterFor(ruleset: string): BoardAdapter | undefined {
  const declared = boards[ruleset];
  if (!declared) return undefined;
  return { ...EXTRAS[ruleset], ...declared } as BoardAdapter;
}
