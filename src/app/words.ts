/**
 * Phases and kinds of action in words, from what each ruleset declares (`BoardAdapter.words`), with a
 * readable fallback for anything a ruleset has not named yet (a new action lands before its words): the
 * panels never show a bare `mouvement.interceptionAerienne` or `onYVa`. Pure: unit-tested under Node.
 */
import type { BoardAdapter } from '../engine/board-model';
import type { Message } from '../engine/result';

/** `interceptionAerienne` → `interception aerienne`; `mouvement.choix` → `mouvement › choix`. */
export function spacedWords(id: string): string {
  return id
    .split('.')
    .map((part) =>
      part
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .toLowerCase(),
    )
    .join(' › ');
}

const both = (text: string): Message => ({ fr: text, en: text });

/**
 * A phase (the chart's flattened state value) in words: the ruleset's own, else its nearest named parent
 * with the rest spelled out (`Mouvement › nouvelle sous-phase`), else the id spelled out.
 */
export function phaseWords(adapter: Pick<BoardAdapter, 'words'> | undefined, phase: string): Message {
  const named = adapter?.words.phases;
  const own = named?.[phase];
  if (own) return own;
  const parts = phase.split('.');
  for (let n = parts.length - 1; n > 0; n--) {
    const parent = named?.[parts.slice(0, n).join('.')];
    if (parent) {
      const rest = spacedWords(parts.slice(n).join('.'));
      return { fr: `${parent.fr} › ${rest}`, en: `${parent.en} › ${rest}` };
    }
  }
  return both(spacedWords(phase));
}

/** A kind of action in words: the ruleset's own, else its id spelled out. */
export function actionKindWords(adapter: Pick<BoardAdapter, 'words'> | undefined, type: string): Message {
  return adapter?.words.actions[type] ?? both(spacedWords(type));
}

const worded = (m: Message | undefined): boolean =>
  m !== undefined &&
  typeof m.fr === 'string' &&
  m.fr.trim() !== '' &&
  typeof m.en === 'string' &&
  m.en.trim() !== '';

/**
 * What a ruleset's adapter leaves unnamed: every leaf of its chart, and every kind of action its chart
 * allows (the rules refuse any other: `allows` is checked on every action) or `extraKinds` lists (kinds
 * seen from its candidates), lacking a French or an English wording.
 */
export function missingWords(
  adapter: Pick<BoardAdapter, 'words' | 'chart'>,
  extraKinds: Iterable<string> = [],
): { phases: string[]; actions: string[] } {
  const phases = adapter.chart.phases.filter((p) => !worded(adapter.words.phases[p]));
  const kinds = new Set<string>(extraKinds);
  for (const list of Object.values(adapter.chart.allows)) for (const k of list) kinds.add(k);
  const actions = [...kinds].filter((k) => !worded(adapter.words.actions[k])).sort();
  return { phases, actions };
}
