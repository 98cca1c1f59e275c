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
    fr: 'Choisissez un système de règles, un scénario et un camp, puis jouez contre l’IA ou un ami : les règles sont appliquées, le journal cite chaque règle et chaque jet de dés.',
    en: 'Pick a rule system, a scenario and a side, then play against the AI or a friend: the rules are enforced, the log cites every rule and every dice roll.',
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
  // ── home ──
  homeTitle: { fr: 'Nouvelle partie', en: 'New game' },
  side: { fr: 'Votre camp', en: 'Your side' },
  opponent: { fr: 'Adversaire', en: 'Opponent' },
  opponentHotseat: { fr: 'Un ami sur cet écran (chacun son tour)', en: 'A friend at this screen (hot-seat)' },
  opponentWatch: { fr: 'Regarder deux bots', en: 'Watch two bots' },
  aiLevel: { fr: 'IA', en: 'AI' },
  resumeGame: { fr: 'Reprendre la partie en cours', en: 'Resume the game in progress' },
  importGame: { fr: 'Importer une partie (fichier JSON)', en: 'Import a game (JSON file)' },
  exportGame: { fr: 'Exporter la partie', en: 'Export the game' },
  loading: { fr: 'Chargement…', en: 'Loading…' },
  // ── settings ──
  settings: { fr: 'Réglages', en: 'Settings' },
  close: { fr: 'Fermer', en: 'Close' },
  animSpeed: { fr: 'Vitesse des animations', en: 'Animation speed' },
  animInstant: { fr: 'Instantanée', en: 'Instant' },
  animFast: { fr: 'Rapide', en: 'Fast' },
  animNormal: { fr: 'Normale', en: 'Normal' },
  animSlow: { fr: 'Lente', en: 'Slow' },
  reducedMotionNote: {
    fr: 'Les animations sont coupées si le système demande moins de mouvement.',
    en: 'Animations are off when the system asks for reduced motion.',
  },
  confirmSetting: {
    fr: 'Confirmer chaque action avant de la jouer',
    en: 'Confirm each action before it is played',
  },
  takebackSetting: { fr: "Permettre de reprendre un coup contre l'IA", en: 'Allow takebacks against the AI' },
  // ── game ──
  gameTitle: { fr: 'Partie', en: 'Game' },
  boardTitle: { fr: 'Plateau', en: 'Board' },
  fit: { fr: 'Tout voir', en: 'Fit' },
  home: { fr: 'Accueil', en: 'Home' },
  takeback: { fr: 'Reprendre mon dernier coup', en: 'Take back my last move' },
  skip: { fr: "Passer l'animation", en: 'Skip the animation' },
  actionsTitle: { fr: 'Actions possibles', en: 'Legal actions' },
  notYourTurn: { fr: "Ce n'est pas à vous de jouer.", en: 'It is not your turn.' },
  waitAi: { fr: "Patientez : l'IA réfléchit.", en: 'Wait: the AI is thinking.' },
  moves: { fr: 'Déplacements', en: 'Moves' },
  moveTo: { fr: 'Aller au point', en: 'Go to point' },
  go: { fr: 'Aller', en: 'Go' },
  moveOf: { fr: 'Déplacement', en: 'Move' },
  selectFirst: {
    fr: "Choisissez d'abord une unité (clic ou liste des actions).",
    en: 'Select a unit first (click it or use the action list).',
  },
  noMoveForUnit: {
    fr: 'Cette unité ne peut pas se déplacer maintenant : choisissez une action dans la liste.',
    en: 'This unit cannot move now: pick an action from the list.',
  },
  refused: { fr: 'Refusé', en: 'Refused' },
  confirmQ: { fr: 'Jouer cette action ?', en: 'Play this action?' },
  confirm: { fr: 'Confirmer', en: 'Confirm' },
  cancel: { fr: 'Annuler', en: 'Cancel' },
  selected: { fr: 'Unité choisie', en: 'Selected unit' },
  cardTitle: { fr: 'Unité', en: 'Unit' },
  cardNone: {
    fr: 'Cliquez une unité sur le plateau pour voir son profil.',
    en: 'Click a unit on the board to see its profile.',
  },
  weapons: { fr: 'Armes', en: 'Weapons' },
  abilities: { fr: 'Capacités', en: 'Abilities' },
  states: { fr: 'États', en: 'States' },
  unitsTitle: { fr: 'Unités', en: 'Units' },
  unitsList: { fr: 'Choisir une unité', en: 'Select a unit' },
  aiThinking: { fr: "L'IA réfléchit…", en: 'The AI is thinking…' },
  aiProgress: { fr: 'Réflexion de l’IA', en: 'AI progress' },
  stop: { fr: 'Arrêter et jouer', en: 'Stop and play' },
  aiFailed: {
    fr: "L'IA ne répond plus. Vous pouvez réessayer, ou jouer ce coup à sa place.",
    en: 'The AI stopped answering. You can retry, or play this move for it.',
  },
  retry: { fr: 'Réessayer', en: 'Retry' },
  playForAi: { fr: 'Jouer ce coup moi-même', en: 'Play this move myself' },
  aiPlayed: { fr: "L'IA a joué", en: 'The AI played' },
  handoverTitle: { fr: 'Passez l’écran', en: 'Hand the screen over' },
  handoverText: {
    fr: "Les ordres sont secrets : que l'autre joueur ne regarde pas. Quand le camp suivant est devant l'écran :",
    en: 'Orders are secret: the other player must not look. When the next side is in front of the screen:',
  },
  handoverReady: { fr: 'Je suis prêt', en: 'I am ready' },
  overTitle: { fr: 'Partie terminée', en: 'Game over' },
  newGame: { fr: 'Nouvelle partie', en: 'New game' },
  victoryPoints: { fr: 'Points de victoire', en: 'Victory points' },
  importError: { fr: 'Fichier refusé', en: 'File refused' },
  imported: { fr: 'Partie importée.', en: 'Game imported.' },
  resumed: { fr: 'Partie reprise là où elle en était.', en: 'Game resumed where it was.' },
  resumeFailed: {
    fr: 'La partie sauvegardée n’a pas pu être reprise',
    en: 'The saved game could not be resumed',
  },
  you: { fr: 'vous', en: 'you' },
  houseRule: { fr: 'Règle', en: 'Rule' },
  // ── lessons, explanations, odds, replays ──
  oddsSetting: { fr: 'Montrer les chances avant chaque attaque', en: 'Show the odds before each attack' },
  lessonsOpen: { fr: 'Leçons', en: 'Lessons' },
  lessonsTitle: { fr: 'Leçons', en: 'Lessons' },
  lessonRuleset: { fr: 'Leçons du système de règles', en: 'Lessons of the rule system' },
  lessonMenu: { fr: 'Toutes les leçons', en: 'All lessons' },
  nextStep: { fr: 'Étape suivante', en: 'Next step' },
  showSolution: { fr: 'Montrer la solution', en: 'Show me' },
  whatHappened: { fr: 'Ce qui s’est passé', en: 'What happened' },
  replayCurrent: { fr: 'Revoir la partie en cours', en: 'Replay the game in progress' },
  replayOpen: { fr: 'Revoir la partie', en: 'Replay the game' },
  savedGames: { fr: 'Parties gardées', en: 'Kept games' },
  savedNone: {
    fr: 'Aucune partie gardée : les parties terminées s’ajoutent ici.',
    en: 'No kept game: finished games are added here.',
  },
  savedOpen: { fr: 'Revoir', en: 'Replay' },
  savedDelete: { fr: 'Supprimer', en: 'Delete' },
  importReplay: { fr: 'Revoir un fichier de partie (JSON)', en: 'Replay a game file (JSON)' },
  replayTitle: { fr: 'Revoir une partie', en: 'Replay a game' },
  navigation: { fr: 'Navigation', en: 'Navigation' },
  rpStart: { fr: 'Début', en: 'Start' },
  rpBack: { fr: 'Reculer', en: 'Back' },
  rpForward: { fr: 'Avancer', en: 'Forward' },
  rpEnd: { fr: 'Fin', en: 'End' },
  rpPly: { fr: 'Coup', en: 'Ply' },
  rpSpeed: { fr: 'Vitesse de lecture', en: 'Playback speed' },
  rpSide: { fr: 'Vu par', en: 'Seen by' },
  rpFlip: { fr: 'Changer de camp', en: 'Flip side' },
  rpShowAll: { fr: 'Tout montrer (ordres secrets)', en: 'Show all (secret orders)' },
  rpShare: { fr: 'Lien de partage', en: 'Share link' },
  rpKeep: { fr: 'Garder dans mes parties', en: 'Keep in my games' },
  notes: { fr: 'Notes', en: 'Notes' },
  rpComment: { fr: 'Votre commentaire sur ce coup', en: 'Your comment on this ply' },
  rpMark: { fr: 'Marque', en: 'Mark' },
  rpSaveComment: { fr: 'Enregistrer la note', en: 'Save the note' },
  rpPromote: { fr: 'Monter la variante', en: 'Promote the variation' },
  rpMain: { fr: 'En faire la ligne principale', en: 'Make it the main line' },
  rpDelete: { fr: 'Supprimer la variante', en: 'Delete the variation' },
  rpMoves: { fr: 'Coups', en: 'Moves' },
  rpKeys: {
    fr: 'Flèches ← → pour reculer ou avancer, ↑ ↓ pour passer à la variante du dessus ou du dessous, Origine et Fin pour les extrémités.',
    en: 'Arrow keys ← → step back and forward, ↑ ↓ switch to the variation above or below, Home and End jump to the ends.',
  },
  rpWhatIf: { fr: 'Et si…', en: 'What if…' },
  rpAiReply: { fr: 'L’IA joue ce coup', en: 'Let the AI play here' },
  rpAnalysis: { fr: 'Analyse par l’IA', en: 'AI analysis' },
  rpDepth: { fr: 'Profondeur', en: 'Depth' },
  rpQuick: { fr: 'Rapide', en: 'Quick' },
  rpNormal: { fr: 'Normale', en: 'Normal' },
  rpDeep: { fr: 'Approfondie', en: 'Deep' },
  rpAnalyse: { fr: 'Évaluer cette ligne', en: 'Evaluate this line' },
  stopAnalysis: { fr: 'Arrêter', en: 'Stop' },
  explainMode: { fr: 'Mode explication', en: 'Explain mode' },
  explainTitle: { fr: 'Explications', en: 'Explanations' },
  explainChoices: { fr: 'Choix légaux maintenant', en: 'Legal choices now' },
  explainWhy: {
    fr: 'Toute autre action est refusée par les règles ; cliquez-la sur le plateau pour lire pourquoi.',
    en: 'Any other action is refused by the rules; click it on the board to read why.',
  },
  explainLast: { fr: 'Dernière résolution, règle par règle', en: 'Last resolution, rule by rule' },
  explainNone: { fr: 'Rien n’a encore été résolu.', en: 'Nothing has been resolved yet.' },
  threatsButton: { fr: 'Que peut faire l’ennemi à cette unité ?', en: 'What can the enemy do to this unit?' },
  threatsNone: { fr: 'Aucun ennemi ne peut l’attaquer maintenant.', en: 'No enemy can attack it now.' },
  threatsFrom: { fr: 'Attaque de', en: 'Attack by' },
  oddsTitle: { fr: 'Chances de l’attaque', en: 'Odds of the attack' },
  oddsAttack: { fr: 'Attaquer', en: 'Attack' },
  oddsUnavailable: { fr: 'Chances indisponibles', en: 'Odds unavailable' },
  linkRefused: { fr: 'Lien de partage refusé', en: 'Share link refused' },
  // ── app: interception threat of a proposed move, dice in the log ──
  threatPreview: { fr: 'Ce déplacement peut être intercepté par', en: 'This move could be intercepted by' },
  threatPreviewNone: {
    fr: 'Aucune unité ennemie ne peut intercepter ce déplacement.',
    en: 'No enemy unit could intercept this move.',
  },
  diceRolled: { fr: 'Dés', en: 'Dice' },
  // ── why the AI did that (issue #5) ──
  aiWhy: { fr: 'Pourquoi l’IA a joué ça', en: 'Why the AI did that' },
  aiWhyPlayed: { fr: 'Coup joué', en: 'Move played' },
  aiWhySecret: {
    fr: 'Un ordre secret : les options pesées restent cachées jusqu’à ce qu’il soit révélé.',
    en: 'A secret order: the options weighed stay hidden until it is revealed.',
  },
  aiWhyOption: { fr: 'Option', en: 'Option' },
  aiWhyVisits: { fr: 'Visites', en: 'Visits' },
  aiWhyChance: { fr: 'Chances estimées', en: 'Estimated chances' },
  aiWhyOdds: {
    fr: 'Attaque : pertes attendues / tout détruire',
    en: 'Attack: expected losses / destroy all',
  },
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
