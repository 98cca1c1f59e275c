/** The page's own words, in French (the default) and English. Game texts come from the rulesets. */
import type { Message } from '../engine/result';

export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** `?lang=en` picks English; anything else gives French. */
export function langFromSearch(search: string): Lang {
  const asked = new URLSearchParams(search).get('lang');
  return isLang(asked) ? asked : 'fr';
}

export const STRINGS = {
  title: { fr: 'Bac à sable de wargames', en: 'Wargame sandbox' },
  subtitle: {
    fr: 'Deux bots jouent une partie, règles appliquées ; le journal cite chaque règle et chaque jet de dés.',
    en: 'Two bots play a game with the rules enforced; the log cites every rule and every dice roll.',
  },
  setupTitle: { fr: 'Partie', en: 'Game' },
  language: { fr: 'Langue', en: 'Language' },
  ruleset: { fr: 'Système de règles', en: 'Rule system' },
  scenario: { fr: 'Scénario', en: 'Scenario' },
  seed: { fr: 'Graine', en: 'Seed' },
  bots: { fr: 'Bots', en: 'Bots' },
  speed: { fr: 'Vitesse', en: 'Speed' },
  speedSlow: { fr: 'Lente', en: 'Slow' },
  speedNormal: { fr: 'Normale', en: 'Normal' },
  speedFast: { fr: 'Rapide', en: 'Fast' },
  speedMax: { fr: 'Maximale', en: 'Max' },
  botRandom: { fr: 'Aléatoire', en: 'Random' },
  botGreedy: { fr: 'Glouton', en: 'Greedy' },
  start: { fr: 'Démarrer', en: 'Start' },
  pause: { fr: 'Pause', en: 'Pause' },
  resume: { fr: 'Reprendre', en: 'Resume' },
  step: { fr: 'Pas à pas', en: 'Step' },
  statusTitle: { fr: 'État de la partie', en: 'Game status' },
  turn: { fr: 'Tour', en: 'Turn' },
  phase: { fr: 'Phase', en: 'Phase' },
  toAct: { fr: 'À jouer', en: 'To act' },
  plies: { fr: 'Actions jouées', en: 'Actions played' },
  notStarted: { fr: 'Aucune partie en cours.', en: 'No game in progress.' },
  over: { fr: 'Partie terminée', en: 'Game over' },
  logTitle: { fr: 'Journal', en: 'Event log' },
  winner: { fr: 'Vainqueur', en: 'Winner' },
  draw: { fr: 'Match nul', en: 'Draw' },
  points: { fr: 'Points', en: 'Points' },
  reason: { fr: 'Raison', en: 'Reason' },
  playedIn: { fr: 'actions jouées', en: 'actions played' },
  noRulesets: { fr: 'Aucun système de règles n’est disponible.', en: 'No rule system is available.' },
  noScenarios: { fr: 'Aucun scénario', en: 'No scenario' },
} satisfies Record<string, Message>;

export type StringKey = keyof typeof STRINGS;

export function t(key: StringKey, lang: Lang): string {
  return STRINGS[key][lang];
}

const SIDE_NAMES: Record<string, Message> = {
  blue: { fr: 'bleu', en: 'blue' },
  red: { fr: 'rouge', en: 'red' },
};

/** A side's name for people; unknown sides keep their id. */
export function sideName(side: string, lang: Lang): string {
  return SIDE_NAMES[side]?.[lang] ?? side;
}

/** "Bot bleu" / "Blue bot". */
export function botLabel(side: string, lang: Lang): string {
  const name = sideName(side, lang);
  return lang === 'fr' ? `Bot ${name}` : `${name.charAt(0).toUpperCase()}${name.slice(1)} bot`;
}

/** French puts a space before a colon. */
export function colon(lang: Lang): string {
  return lang === 'fr' ? '\u00a0: ' : ': ';
}
