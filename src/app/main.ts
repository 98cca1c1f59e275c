/**
 * The browser app: home (rule system, scenario, side, opponent), the game (the Pixi board beside real DOM
 * panels: unit card, legal actions, phase, event log, AI status), game over, settings, and the bot-vs-bot
 * watch mode. The flow is the XState chart of statecharts/app.ts run as an actor; the view asks its tags.
 *
 * Ruleset-agnostic: it reads the registry, the ruleset contract and the board adapter a ruleset declares
 * (adapters.ts). It always draws `observe(state, viewer)`, never the raw state. Every text from data or a
 * file goes in through textContent. The AI runs in its Web Worker (ai.ts).
 */
import './style.css';
import { createActor, fromPromise } from 'xstate';
import { BOT_NAMES, type BotName, isBotName, LEVELS } from '../../ai/bots';
import { type AppMode, appMachine, type GameFacts } from '../../statecharts/app';
import type { BoardModel, MoveThreat, Overlay, UnitView } from '../engine/board-model';
import type { BaseAction, BaseState, DecisionPoint, DiceRoll, GameEvent, Side } from '../engine/contract';
import { hashState } from '../engine/hash';
import type { Message } from '../engine/result';
import { Rng, seedRng } from '../engine/rng';
import { openGameFile, openShareLink } from '../replay/load';
import { parseRecordV2 } from '../replay/record-v2';
import { rulesets, scenarios } from '../rulesets/registry';
import { threatsTo } from '../teach/odds';
import type { Board } from '../view/board';
import { type ShotPath, shotFrames, shotsDuration } from '../view/effects';
import { toScreen } from '../view/iso';
import { adapterFor } from './adapters';
import { AiClient, AiUnavailable } from './ai';
import { button, el as domEl, explainedList, oddsBlock } from './dom';
import { dieFace, formatDice, formatOutcome } from './format';
import {
  createGame,
  decisionOf,
  factsOf,
  fillsTemplate,
  type Game,
  gameFromRecord,
  hasHiddenInfo,
  legalOf,
  outcomeOf,
  playAction,
  round2,
  takebackPoint,
  truncated,
  whyIllegal,
  withDestination,
} from './game';
import { botLabel, colon, isLang, type Lang, STRINGS, type StringKey, sideName, t } from './i18n';
import { LessonsScreen } from './lessons';
import { type ReplayDoc, ReplayScreen, refusalText } from './replay-screen';
import {
  playPly,
  type Session,
  startSession,
  decisionOf as watchDecision,
  outcomeOf as watchOutcome,
} from './session';
import {
  deleteArchived,
  listArchived,
  loadCurrent,
  type SavedSeat,
  saveArchived,
  saveCurrent,
} from './store';
import { oddsOfAction } from './teach-view';
import { type Why, whyOf } from './why';
import { actionKindWords, phaseWords, spacedWords } from './words';

// ── elements ────────────────────────────────────────────────────────────────────────────────────────────

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from index.html`);
  return element as T;
}

const ui = {
  boot: byId('boot'),
  settingsOpen: byId<HTMLButtonElement>('settings-open'),
  settings: byId('settings'),
  settingsClose: byId<HTMLButtonElement>('settings-close'),
  animSpeed: byId<HTMLSelectElement>('anim-speed'),
  confirmSetting: byId<HTMLInputElement>('confirm-setting'),
  takebackSetting: byId<HTMLInputElement>('takeback-setting'),
  form: byId<HTMLFormElement>('controls'),
  ruleset: byId<HTMLSelectElement>('ruleset'),
  scenario: byId<HTMLSelectElement>('scenario'),
  opponent: byId<HTMLSelectElement>('opponent'),
  sideField: byId('side-field'),
  side: byId<HTMLSelectElement>('side'),
  seed: byId<HTMLInputElement>('seed'),
  watchFields: byId('watch-fields'),
  bots: byId<HTMLFieldSetElement>('bots'),
  speed: byId<HTMLSelectElement>('speed'),
  start: byId<HTMLButtonElement>('start'),
  resume: byId<HTMLButtonElement>('resume'),
  importHome: byId<HTMLInputElement>('import-home'),
  homeError: byId('home-error'),
  game: byId('game'),
  idle: byId('idle'),
  phase: byId('phase'),
  phaseTurn: byId('phase-turn'),
  phaseName: byId('phase-name'),
  phaseSide: byId('phase-side'),
  phasePlies: byId('phase-plies'),
  prompt: byId('prompt'),
  pause: byId<HTMLButtonElement>('pause'),
  step: byId<HTMLButtonElement>('step'),
  takeback: byId<HTMLButtonElement>('takeback'),
  skip: byId<HTMLButtonElement>('skip'),
  export: byId<HTMLButtonElement>('export'),
  importGame: byId<HTMLInputElement>('import-game'),
  fit: byId<HTMLButtonElement>('fit'),
  quit: byId<HTMLButtonElement>('quit'),
  error: byId('error'),
  board: byId('board'),
  handover: byId('handover'),
  handoverSide: byId('handover-side'),
  handoverReady: byId<HTMLButtonElement>('handover-ready'),
  over: byId('over'),
  result: byId('result'),
  points: byId<HTMLTableElement>('points'),
  newGame: byId<HTMLButtonElement>('new-game'),
  aiPanel: byId('ai-panel'),
  aiProgress: byId<HTMLProgressElement>('ai-progress'),
  aiIterations: byId('ai-iterations'),
  aiStop: byId<HTMLButtonElement>('ai-stop'),
  aiFailed: byId('ai-failed'),
  aiFailedDetail: byId('ai-failed-detail'),
  aiRetry: byId<HTMLButtonElement>('ai-retry'),
  aiTakeover: byId<HTMLButtonElement>('ai-takeover'),
  actionsPanel: byId('actions-panel'),
  message: byId('message'),
  threatPreview: byId('threat-preview'),
  confirmBox: byId('confirm-box'),
  confirmText: byId('confirm-text'),
  confirmYes: byId<HTMLButtonElement>('confirm-yes'),
  confirmNo: byId<HTMLButtonElement>('confirm-no'),
  actionList: byId<HTMLUListElement>('action-list'),
  moves: byId('moves'),
  moveList: byId<HTMLUListElement>('move-list'),
  moveForm: byId<HTMLFormElement>('move-form'),
  moveRegion: byId<HTMLSelectElement>('move-region'),
  moveX: byId<HTMLInputElement>('move-x'),
  moveY: byId<HTMLInputElement>('move-y'),
  unitSelect: byId<HTMLSelectElement>('unit-select'),
  card: byId('card'),
  log: byId<HTMLOListElement>('log'),
  oddsSetting: byId<HTMLInputElement>('odds-setting'),
  lessonsOpen: byId<HTMLButtonElement>('lessons-open'),
  lessons: byId('lessons'),
  lessonsClose: byId<HTMLButtonElement>('lessons-close'),
  replay: byId('replay'),
  replayCurrent: byId<HTMLButtonElement>('replay-current'),
  replayOpen: byId<HTMLButtonElement>('replay-open'),
  savedList: byId<HTMLUListElement>('saved-list'),
  importReplay: byId<HTMLInputElement>('import-replay'),
  explainToggle: byId<HTMLButtonElement>('explain-toggle'),
  explainPanel: byId('explain-panel'),
  explainDecision: byId('explain-decision'),
  explainEvents: byId('explain-events'),
  threatsButton: byId<HTMLButtonElement>('threats-button'),
  threats: byId('threats'),
  oddsDialog: byId<HTMLDialogElement>('odds-dialog'),
  oddsWhat: byId('odds-what'),
  oddsBody: byId('odds-body'),
  oddsAttack: byId<HTMLButtonElement>('odds-attack'),
  oddsCancel: byId<HTMLButtonElement>('odds-cancel'),
  aiWhy: byId('ai-why'),
  aiWhySummary: byId('ai-why-summary'),
  aiWhyTable: byId<HTMLTableElement>('ai-why-table'),
};

// ── settings (localStorage) ─────────────────────────────────────────────────────────────────────────────

const ANIM_MS = { instant: 0, fast: 150, normal: 300, slow: 600 } as const;
type AnimSpeed = keyof typeof ANIM_MS;
interface Settings {
  lang: Lang;
  anim: AnimSpeed;
  confirm: boolean;
  takebacks: boolean;
  /** Show an attack's odds before it is sent. */
  odds: boolean;
  /** Explain mode: the legal choices and each resolution's rules, dice and modifiers. */
  explain: boolean;
}
const SETTINGS_KEY = 'wargame-sandbox/settings';

function loadSettings(): Settings {
  const base: Settings = {
    lang: 'fr',
    anim: 'normal',
    confirm: false,
    takebacks: true,
    odds: true,
    explain: false,
  };
  try {
    const raw = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as Partial<Settings> | null;
    if (raw && typeof raw === 'object') {
      if (isLang(raw.lang)) base.lang = raw.lang;
      if (typeof raw.anim === 'string' && raw.anim in ANIM_MS) base.anim = raw.anim;
      if (typeof raw.confirm === 'boolean') base.confirm = raw.confirm;
      if (typeof raw.takebacks === 'boolean') base.takebacks = raw.takebacks;
      if (typeof raw.odds === 'boolean') base.odds = raw.odds;
      if (typeof raw.explain === 'boolean') base.explain = raw.explain;
    }
  } catch {
    // A broken settings entry is ignored: defaults apply.
  }
  const asked = new URLSearchParams(location.search).get('lang');
  if (isLang(asked)) base.lang = asked;
  return base;
}

const settings = loadSettings();
let lang: Lang = settings.lang;

function saveSettings(): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Private mode: settings last for this page only.
  }
}

const reducedMotion = (): boolean =>
  globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
const animMs = (): number => (reducedMotion() ? 0 : ANIM_MS[settings.anim]);

// ── game state of the page ──────────────────────────────────────────────────────────────────────────────

let game: Game | null = null;
let seat: SavedSeat | null = null;
let selected: string | undefined;
let pendingAction: BaseAction | null = null;
let message: Message | null = null;
let errorMessage: Message | null = null;
let homeError: Message | null = null;
let aiFailure = '';
let aiDone = 0;
let aiIterations = 0;
/** The options the AI weighed for its last move ("why the AI did that"). */
let lastWhy: Why | null = null;
let lastDecisionKey = '';
let loggedPlies = 0;
/** Units drawn before the last action: the move animation goes from these to the new places. */
let fromUnits: Map<string, UnitView> | null = null;
let tween: { model: BoardModel } | null = null;
let lastModel: BoardModel | null = null;
/** A move being considered (pointer over the table, a move button focused): its interception threat. */
let preview: { action: BaseAction; threat: MoveThreat | null } | null = null;
/** The dice of the last step in the log, tumbling while the step is animated. */
let freshDice: HTMLElement[] = [];
let savedPly = -1;
/**
 * Each AI answer, against its budget (for the tests and the bench): `ms` is the round trip seen by the page
 * (the worker's start-up on the first move, messages, the page's own scheduling), `searchMs` the search's own
 * time on the worker's clock, `stopped` whether the player's stop ended it, `afterStopMs` the time from the
 * player's stop to the answer on the page's clock (null when nobody asked).
 */
const aiTimes: {
  ms: number;
  searchMs: number;
  stopped: boolean;
  afterStopMs: number | null;
  budget: number;
  iterations: number;
}[] = [];
/** When the player asked the running search to stop (page clock), for `aiTimes`. */
let stopAskedAt: number | null = null;
const ai = new AiClient();

// Watch mode (bot against bot), as the minimal page had it.
const SPEEDS = { slow: 1000, normal: 300, fast: 60, max: 0 } as const;
type Speed = keyof typeof SPEEDS;
const SLICE_MS = 12;
const WATCH_BOTS = BOT_NAMES.filter((b) => b === 'random' || b === 'greedy');
let session: Session | null = null;
let paused = false;
let finished = false;
let timer: number | undefined;
let lastDecision: DecisionPoint | null = null;

// ── the flow chart, with the host effects ───────────────────────────────────────────────────────────────

/** What the home form asked for, taken when the chart enters `setup`. */
let setupRequest: { ruleset: string; scenario: string; seed: string; seat: SavedSeat } | null = null;

const levelOf = (id: string) => LEVELS.find((l) => l.id === id) ?? LEVELS[0];

/** The Worker's bot for a level: `beginner` is a short search whose choice is sometimes another option. */
function botFor(levelId: string): { bot: string; ms: number; noise: number } {
  const level = levelOf(levelId);
  if (level.bot === 'beginner') return { bot: 'mcts:100', ms: 100, noise: 0.35 };
  const ms = Number(/^mcts:(\d+)$/.exec(level.bot)?.[1] ?? 250);
  return { bot: level.bot, ms, noise: 0 };
}

const machine = appMachine.provide({
  actors: {
    createGame: fromPromise<GameFacts | undefined>(async () => {
      const req = setupRequest;
      if (!req) throw new Error('no set-up request');
      const made = createGame(req.ruleset, req.scenario, req.seed);
      if (!made.ok) {
        homeError = made.error.message;
        throw new Error(made.error.code);
      }
      installGame(made.value, req.seat);
      save();
      return factsOf(made.value);
    }),
    think: fromPromise<GameFacts | undefined>(async ({ signal }) => {
      const g = game;
      if (!g || !seat) throw new Error('no game');
      const { bot, ms, noise } = botFor(seat.level);
      aiDone = 0;
      aiIterations = 0;
      aiFailure = '';
      stopAskedAt = null;
      const t0 = performance.now();
      const report = await ai.think(
        {
          ruleset: g.ruleset.id,
          state: g.state,
          bot,
          seed: `${g.record.seed}:ai:${g.state.ply}`,
          // The worker keeps its tree for the next decision of this game (the set-up's hash names it).
          history: { game: `${g.record.ruleset}:${g.record.initialHash}`, actions: g.record.actions },
        },
        ms,
        (p) => {
          aiDone = p.done;
          aiIterations = p.iterations;
          renderAiProgress();
        },
      );
      if (signal.aborted || game !== g) return undefined;
      aiTimes.push({
        ms: performance.now() - t0,
        searchMs: report.ms,
        stopped: report.stopped,
        afterStopMs: stopAskedAt === null ? null : performance.now() - stopAskedAt,
        budget: ms,
        iterations: report.iterations,
      });
      let action = report.action;
      const alts = report.alternatives;
      if (noise > 0 && alts.length > 1) {
        const rng = new Rng(seedRng(`noise:${g.record.seed}:${g.state.ply}`));
        if (rng.next() < noise) action = alts[rng.int(alts.length)]!.action;
      }
      const why = whyOf(report, action, g.ruleset.decision(g.state)?.secret === true, actionMessage);
      // The worker's answer is untrusted like any input: the ruleset decides whether it is legal.
      const before = snapshotUnits();
      const played = playAction(g, action);
      if (!played.ok) {
        aiFailure = played.error.message[lang];
        throw new AiUnavailable('failed', played.error.code);
      }
      lastWhy = why;
      afterAction(before);
      return factsOf(g);
    }),
    animate: fromPromise<GameFacts | undefined>(({ signal }) => animateStep(signal)),
  },
  actions: {
    stopThinking: () => {
      stopAskedAt = performance.now();
      ai.stop();
    },
  },
});

const actor = createActor(machine);
let snap = actor.getSnapshot();
actor.subscribe((s) => {
  const was = snap;
  snap = s;
  if (was.hasTag('thinking') && s.hasTag('aiFailed') && !aiFailure) aiFailure = t('aiFailed', lang);
  if (seat && s.context.viewer !== null && seat.viewer !== s.context.viewer && s.hasTag('play')) {
    seat.viewer = s.context.viewer;
    save();
  }
  render();
});

// ── game bookkeeping ────────────────────────────────────────────────────────────────────────────────────

function installGame(g: Game, s: SavedSeat): void {
  lastWhy = null;
  game = g;
  seat = s;
  selected = undefined;
  pendingAction = null;
  message = null;
  errorMessage = null;
  lastDecisionKey = '';
  fromUnits = null;
  tween = null;
  loggedPlies = 0;
  ui.log.replaceChildren();
  stopWatch();
  session = null;
}

function save(): void {
  if (!game || !seat) return;
  const ply = game.record.actions.length;
  const record = JSON.parse(JSON.stringify(game.record));
  saveCurrent({ record, seat: { ...seat }, savedAt: Date.now() })
    .then(() => {
      savedPly = ply;
      document.body.dataset.savedPly = String(savedPly);
    })
    .catch(() => {
      errorMessage = {
        fr: 'La partie n’a pas pu être sauvegardée dans ce navigateur.',
        en: 'The game could not be saved in this browser.',
      };
      render();
    });
}

function snapshotUnits(): Map<string, UnitView> | null {
  return lastModel ? new Map(lastModel.units.map((u) => [u.id, u])) : null;
}

function afterAction(before: Map<string, UnitView> | null): void {
  fromUnits = before;
  pendingAction = null;
  message = null;
  preview = null;
  save();
}

/** The side whose view is drawn: the chart's viewer (hot-seat), the human's side, or the side to act. */
function viewerOf(): Side | undefined {
  if (session) return undefined;
  return snap.context.viewer ?? seat?.humans[0] ?? undefined;
}

/** What the viewer may see: always an observation, never the raw state. */
function observation(): { state: BaseState; game: Game } | null {
  if (!game) return null;
  const viewer = viewerOf() ?? game.ruleset.sides[0]!;
  return { state: game.ruleset.observe(game.state, viewer), game };
}

/** An action in both languages, from the state the player sees now (the AI's options, before it plays). */
function actionMessage(action: BaseAction): Message {
  const obs = observation();
  const adapter = game ? adapterFor(game.ruleset.id) : undefined;
  const words = obs && adapter?.describe ? adapter.describe(obs.state, action) : null;
  if (words)
    return { fr: withDestinationWords(words.fr, action), en: withDestinationWords(words.en, action) };
  const text = actionWords(action);
  return { fr: text, en: text };
}

/** "Why the AI did that": the options its search weighed for its last move. */
function renderWhy(): void {
  ui.aiWhy.hidden = !lastWhy;
  if (!lastWhy) return;
  const w = lastWhy;
  const its = lang === 'fr' ? 'itérations' : 'iterations';
  ui.aiWhySummary.textContent = w.secret
    ? t('aiWhySecret', lang)
    : `${t('aiWhyPlayed', lang)}${colon(lang)}${w.played[lang]} — ${w.iterations} ${its}, ${w.ms} ms`;
  const head = el('tr');
  for (const k of ['aiWhyOption', 'aiWhyVisits', 'aiWhyChance', 'aiWhyOdds'] as const) {
    const th = el('th', t(k, lang));
    th.scope = 'col';
    head.append(th);
  }
  const rows = w.rows.map((r) => {
    const tr = el('tr');
    if (r.played) tr.className = 'played';
    const odds = r.odds ? `${r.odds.expected.toFixed(2)} / ${Math.round(r.odds.destroyAll * 100)} %` : '—';
    tr.append(
      el('td', `${r.played ? '▶ ' : ''}${r.label[lang]}`),
      el('td', String(r.visits)),
      el('td', `${r.chance} %`),
      el('td', odds),
    );
    return tr;
  });
  ui.aiWhyTable.replaceChildren(...(w.rows.length ? [head, ...rows] : []));
}

function actionWords(action: BaseAction): string {
  const obs = observation();
  const adapter = game ? adapterFor(game.ruleset.id) : undefined;
  const words = obs && adapter?.describe ? adapter.describe(obs.state, action) : null;
  if (words) return withDestinationWords(words[lang], action);
  // No words from the ruleset: the kind of action's name (or its id spelled out), unit ids as names.
  const names = new Map((lastModel?.units ?? []).map((u) => [u.id, u.label[lang]]));
  const parts = Object.entries(action)
    .filter(([k]) => k !== 'type' && k !== 'to')
    .map(
      ([k, v]) =>
        `${spacedWords(k)}${colon(lang)}${typeof v === 'string' ? (names.get(v) ?? v) : JSON.stringify(v)}`,
    );
  return withDestinationWords([actionKindWords(adapter, action.type)[lang], ...parts].join(' · '), action);
}

const COMPASS: Record<Lang, string[]> = {
  fr: ['est', 'nord-est', 'nord', 'nord-ouest', 'ouest', 'sud-ouest', 'sud', 'sud-est'],
  en: ['east', 'north-east', 'north', 'north-west', 'west', 'south-west', 'south', 'south-east'],
};

/** "…, 3.2 toises north-east, to (12.4; 8)" for an action with a destination. */
function withDestinationWords(text: string, action: BaseAction): string {
  const to = (action as { to?: { x: number; y: number } }).to;
  if (!to || !game) return text;
  const from = moverPosition(action);
  const unit = lastModel?.unit ?? game.ruleset.unit;
  const num = (n: number) => (lang === 'fr' ? String(round2(n)).replace('.', ',') : String(round2(n)));
  const at = `(${num(to.x)}${lang === 'fr' ? ' ; ' : '; '}${num(to.y)})`;
  if (!from) return `${text} → ${at}`;
  const d = Math.hypot(to.x - from.x, to.y - from.y);
  const sector = Math.round(Math.atan2(to.y - from.y, to.x - from.x) / (Math.PI / 4));
  const dir = COMPASS[lang][((sector % 8) + 8) % 8];
  return `${text}${colon(lang)}${num(d)} ${unit} ${lang === 'fr' ? 'vers le' : 'to the'} ${dir} ${at}`;
}

/** Where the unit an action moves stands now: the region it fills, or the decision's unit. */
function moverPosition(action: BaseAction): { x: number; y: number } | null {
  if (!game) return null;
  const region = legalOf(game).regions.find((r) => fillsTemplate(action, r.template));
  if (region) return region.from;
  const id = decisionOf(game)?.unit;
  const u = id ? lastModel?.units.find((x) => x.id === id) : undefined;
  return u ? { x: u.x, y: u.y } : null;
}

// ── human actions ───────────────────────────────────────────────────────────────────────────────────────

function humanToAct(): boolean {
  return snap.hasTag('human') && game !== null;
}

function commit(action: BaseAction, confirmed = false): void {
  if (!game) return;
  if (!humanToAct()) {
    message = snap.hasTag('thinking') ? STRINGS.waitAi : STRINGS.notYourTurn;
    render();
    return;
  }
  const why = whyIllegal(game, action);
  if (why) {
    message = { fr: `${t('refused', 'fr')} : ${why.fr}`, en: `${t('refused', 'en')}: ${why.en}` };
    render();
    return;
  }
  if (settings.odds && !confirmed && showOdds(action)) return;
  if (settings.confirm && !confirmed) {
    pendingAction = action;
    message = null;
    render();
    ui.confirmYes.focus();
    return;
  }
  const before = snapshotUnits();
  const played = playAction(game, action);
  if (!played.ok) {
    message = played.error.message;
    render();
    return;
  }
  afterAction(before);
  actor.send({ type: 'game.played', facts: factsOf(game) });
}

/** A click on the table: a destination for the selected unit's move, or an explanation why not. */
function pointAt(p: { x: number; y: number }): void {
  if (!game) return;
  if (!humanToAct()) {
    message = snap.hasTag('thinking') ? STRINGS.waitAi : STRINGS.notYourTurn;
    render();
    return;
  }
  if (selected === undefined) {
    message = STRINGS.selectFirst;
    render();
    return;
  }
  const regions = legalOf(game).regions.filter((r) => r.unit === selected);
  if (regions.length === 0) {
    // A unit moving without a region (a detachment flying as one): the ruleset says what the click means.
    const obs = observation();
    const action = obs ? adapterFor(game.ruleset.id)?.pointAction?.(obs.state, selected, p) : null;
    if (action) {
      commit(action);
      return;
    }
    message = STRINGS.noMoveForUnit;
    render();
    return;
  }
  let firstWhy: Message | null = null;
  for (const r of regions) {
    const action = withDestination(r.template, p);
    const why = whyIllegal(game, action);
    if (!why) {
      commit(action);
      return;
    }
    firstWhy ??= why;
  }
  message = {
    fr: `${t('refused', 'fr')} : ${firstWhy!.fr}`,
    en: `${t('refused', 'en')}: ${firstWhy!.en}`,
  };
  render();
}

// ── interception threat of a move being considered ─────────────────────────────────────────────────────

/** The move a point of the table would make for the selected unit, when it is a legal one. */
function moveAt(p: { x: number; y: number }): BaseAction | null {
  if (!game || selected === undefined) return null;
  for (const r of legalOf(game).regions.filter((x) => x.unit === selected)) {
    const action = withDestination(r.template, p);
    if (!whyIllegal(game, action)) return action;
  }
  const obs = observation();
  const action = obs ? adapterFor(game.ruleset.id)?.pointAction?.(obs.state, selected, p) : null;
  return action && !whyIllegal(game, action) ? action : null;
}

/** Shows which enemy units could fire on `action`'s path (the ruleset's query), or clears it. */
function previewMove(action: BaseAction | null): void {
  const before = preview;
  if (!action || !game || !humanToAct()) preview = null;
  else {
    const obs = observation();
    const adapter = adapterFor(game.ruleset.id);
    const viewer = viewerOf() ?? decisionOf(game)?.side;
    let threat: MoveThreat | null = null;
    if (obs && adapter?.moveThreat && viewer !== undefined) {
      try {
        threat = adapter.moveThreat(obs.state, viewer, action);
      } catch {
        threat = null;
      }
    }
    preview = adapter?.moveThreat ? { action, threat } : null;
  }
  if (before === null && preview === null) return;
  renderPreview();
  renderBoard();
}

function renderPreview(): void {
  if (!preview) {
    ui.threatPreview.textContent = '';
    delete ui.threatPreview.dataset.by;
    return;
  }
  const by = preview.threat?.by ?? [];
  ui.threatPreview.dataset.by = by.join(' ');
  if (by.length === 0) {
    ui.threatPreview.textContent = t('threatPreviewNone', lang);
    return;
  }
  // Bases of one name counted once: « Dévastators ×4, Land Raider ».
  const names = new Map((lastModel?.units ?? []).map((u) => [u.id, u.label[lang]]));
  const counts = new Map<string, number>();
  for (const id of by) {
    const name = names.get(id) ?? id;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const list = [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
  ui.threatPreview.textContent = `${t('threatPreview', lang)}${colon(lang)}${list}.`;
}

// ── odds before an attack, threats to a unit ───────────────────────────────────────────────────────────

let oddsAction: BaseAction | null = null;

/** Opens the odds dialog when `action` is an attack the ruleset can reckon; true when it did. */
function showOdds(action: BaseAction): boolean {
  const obs = observation();
  if (!obs || !game) return false;
  const odds = oddsOfAction(game.ruleset, obs.state, action);
  if (!odds) return false;
  oddsAction = action;
  ui.oddsWhat.textContent = actionWords(action);
  if (odds.ok) ui.oddsBody.replaceChildren(oddsBlock(odds.value.view, lang, odds.value.note));
  else
    ui.oddsBody.replaceChildren(
      domEl('p', `${t('oddsUnavailable', lang)}${colon(lang)}${odds.error.message[lang]}`, 'hint'),
    );
  if (!ui.oddsDialog.open) ui.oddsDialog.showModal();
  ui.oddsAttack.focus();
  return true;
}

function closeOdds(): void {
  oddsAction = null;
  if (ui.oddsDialog.open) ui.oddsDialog.close();
}

function renderThreats(): void {
  const obs = observation();
  if (!obs || !game || selected === undefined) {
    ui.threats.replaceChildren();
    return;
  }
  const r = threatsTo(game.ruleset, obs.state, selected);
  if (!r.ok) {
    ui.threats.replaceChildren(domEl('p', r.error.message[lang], 'hint'));
    return;
  }
  if (r.value.length === 0) {
    ui.threats.replaceChildren(domEl('p', t('threatsNone', lang), 'hint'));
    return;
  }
  const names = new Map((lastModel?.units ?? []).map((u) => [u.id, u.label[lang]]));
  const list = domEl('ul', undefined, 'threat-list');
  for (const threat of r.value) {
    const li = domEl('li');
    li.append(domEl('h5', `${t('threatsFrom', lang)} ${names.get(threat.attacker) ?? threat.attacker}`));
    li.append(oddsBlock(threat.view, lang));
    list.append(li);
  }
  ui.threats.replaceChildren(list);
}

// ── explain mode ────────────────────────────────────────────────────────────────────────────────────────

function renderExplain(): void {
  const on = settings.explain && game !== null && session === null && snap.hasTag('play');
  ui.explainToggle.setAttribute('aria-pressed', String(settings.explain));
  ui.explainPanel.hidden = !on || snap.hasTag('hidesBoard');
  if (!on || !game) return;
  const decision = decisionOf(game);
  const parts: HTMLElement[] = [];
  if (decision && snap.hasTag('human')) {
    const legal = legalOf(game);
    parts.push(domEl('h4', t('explainChoices', lang)));
    if (decision.prompt) parts.push(domEl('p', decision.prompt[lang]));
    const ul = domEl('ul', undefined, 'explain-choices');
    for (const a of legal.actions) ul.append(domEl('li', actionWords(a)));
    for (const r of legal.regions)
      ul.append(
        domEl(
          'li',
          `${actionWords(r.template).split(':')[0]} (≤ ${round2(r.maxDistance)} ${game.ruleset.unit})`,
        ),
      );
    parts.push(ul, domEl('p', t('explainWhy', lang), 'hint'));
  }
  ui.explainDecision.replaceChildren(...parts);
  const last = game.events.at(-1) ?? [];
  ui.explainEvents.replaceChildren(
    domEl('h4', t('explainLast', lang)),
    last.length > 0 ? explainedList(game.ruleset, last, lang) : domEl('p', t('explainNone', lang), 'hint'),
  );
}

// ── lessons and replays ─────────────────────────────────────────────────────────────────────────────────

const lessons = new LessonsScreen(() => lang);
const replay = new ReplayScreen(
  () => lang,
  ai,
  () => actor.send({ type: 'replay.close' }),
);

/** The game in progress (or over) as a replay: the honest view while it runs against the AI or in secret. */
function openCurrentReplay(): void {
  if (!game) return;
  const opened = openGameFile(JSON.parse(JSON.stringify(game.record)), { autoNotes: true });
  if (!opened.ok) {
    errorMessage = opened.error.message;
    render();
    return;
  }
  const over = outcomeOf(game).status === 'finished' || decisionOf(game) === null;
  const doc: ReplayDoc = {
    tree: opened.value.tree,
    replayer: opened.value.replayer,
    source: 'live',
    restricted: !over && (seat?.mode === 'ai' || hasHiddenInfo(game)),
    viewer: viewerOf() ?? seat?.humans[0] ?? game.ruleset.sides[0]!,
  };
  replay.open(doc);
  actor.send({ type: 'replay.open' });
}

/** A v2 record of the game in play (the main line, no variations). */
function recordV2Of(g: Game) {
  return { ...JSON.parse(JSON.stringify(g.record)), version: 2, variations: [] };
}

let archivedGame: Game | null = null;

/** A finished game is kept for replaying (once). */
function archiveIfOver(): void {
  if (!game || archivedGame === game) return;
  if (outcomeOf(game).status !== 'finished') return;
  archivedGame = game;
  const r = game.record;
  const sc = game.scenario;
  void saveArchived({
    id: `${r.ruleset}-${r.scenario}-${r.seed}-${r.initialHash}`,
    title: `${game.ruleset.name[lang]} — ${sc.name[lang]} — ${lang === 'fr' ? 'graine' : 'seed'} ${r.seed}`,
    record: recordV2Of(game),
    savedAt: Date.now(),
    finished: true,
  })
    .then(() => renderSaved())
    .catch(() => {});
}

let savedKey = '';
async function renderSaved(): Promise<void> {
  const list = await listArchived();
  const key = JSON.stringify([lang, list.map((g) => [g.id, g.savedAt])]);
  if (key === savedKey) return;
  savedKey = key;
  if (list.length === 0) {
    ui.savedList.replaceChildren(domEl('li', t('savedNone', lang), 'hint'));
    return;
  }
  ui.savedList.replaceChildren(
    ...list.map((g) => {
      const li = domEl('li');
      const id = `saved-${g.id.replace(/[^\w-]/g, '_')}`;
      const title = domEl('span', `${g.title}${g.finished ? ` (${t('over', lang)})` : ''}`);
      title.id = id;
      const open = button(t('savedOpen', lang), () => {
        const opened = openGameFile(g.record, { autoNotes: true });
        if (!opened.ok) {
          homeError = {
            fr: refusalText(opened.error, 'fr', STRINGS.importError),
            en: refusalText(opened.error, 'en', STRINGS.importError),
          };
          render();
          return;
        }
        replay.open({
          tree: opened.value.tree,
          replayer: opened.value.replayer,
          source: 'saved',
          archiveId: g.id,
          restricted: false,
        });
        actor.send({ type: 'replay.open' });
      });
      open.setAttribute('aria-describedby', id);
      const del = button(t('savedDelete', lang), () => {
        void deleteArchived(g.id).then(() => renderSaved());
      });
      del.setAttribute('aria-describedby', id);
      li.append(title, document.createTextNode(' '), open, document.createTextNode(' '), del);
      return li;
    }),
  );
}

async function importReplayFile(input: HTMLInputElement): Promise<void> {
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  const text = await file.text();
  await booted;
  const opened = openGameFile(text, { autoNotes: true });
  if (!opened.ok) {
    homeError = {
      fr: refusalText(opened.error, 'fr', STRINGS.importError),
      en: refusalText(opened.error, 'en', STRINGS.importError),
    };
    render();
    return;
  }
  homeError = null;
  replay.open({
    tree: opened.value.tree,
    replayer: opened.value.replayer,
    source: 'file',
    restricted: false,
  });
  actor.send({ type: 'replay.open' });
}

// ── the board ───────────────────────────────────────────────────────────────────────────────────────────

let board: Board | null = null;
let boardLoading: Promise<Board> | null = null;

function ensureBoard(): void {
  if (board || boardLoading) return;
  boardLoading = import('../view/board').then(async ({ Board }) => {
    const b = await Board.create(ui.board);
    board = b;
    b.on('select', (id) => {
      selected = id;
      message = null;
      preview = null;
      render();
    });
    b.on('point', (p) => pointAt(p));
    b.on('aim', (p) => previewMove(p ? moveAt(p) : null));
    renderBoard();
    return b;
  });
  boardLoading.catch((e: unknown) => {
    errorMessage = {
      fr: `Le plateau n’a pas pu être dessiné (${String(e)}). Les panneaux restent utilisables.`,
      en: `The board could not be drawn (${String(e)}). The panels still work.`,
    };
    render();
  });
}

function currentModel(): BoardModel | null {
  if (session) {
    const adapter = adapterFor(session.ruleset.id);
    if (!adapter) return null;
    const obs = session.ruleset.observe(session.state, session.ruleset.sides[0]!);
    return adapter.board(obs, {});
  }
  const obs = observation();
  if (!obs) return null;
  const adapter = adapterFor(obs.game.ruleset.id);
  return adapter ? adapter.board(obs.state, { viewer: viewerOf() }) : null;
}

function renderBoard(): void {
  const model = currentModel();
  if (!model) return;
  lastModel = model;
  if (!board) return;
  let overlays: Overlay[] = [];
  const obs = observation();
  if (obs && !session) {
    try {
      overlays = adapterFor(obs.game.ruleset.id)?.overlays(obs.state, selected) ?? [];
    } catch {
      overlays = [];
    }
  }
  if (preview?.threat) overlays = [...overlays, { kind: 'threat', ...preview.threat }];
  board.set(tween?.model ?? model, tween ? [] : overlays, { selected, lang });
}

/**
 * The last step, animated: the units that moved glide to their new places, then each shot its events
 * resolved flies from firer to target and shows a hit or a miss, while the log's new dice tumble. Nothing
 * when reduced motion is asked or the speed is instant; the skip button aborts it (`signal`).
 */
async function animateStep(signal: AbortSignal): Promise<undefined> {
  const ms = animMs();
  renderLog(); // the step's events are in the log before its dice tumble
  const dice = freshDice;
  freshDice = [];
  const settleDice = () => {
    for (const d of dice) d.classList.remove('rolling');
  };
  if (ms > 0 && !signal.aborted)
    for (const d of dice) {
      d.style.setProperty('--roll-ms', `${Math.round(ms * 2)}ms`);
      d.classList.add('rolling');
    }
  signal.addEventListener('abort', settleDice, { once: true });
  try {
    await animateMove(signal, ms);
    await animateShots(signal, ms);
  } finally {
    settleDice();
  }
  return undefined;
}

/** Runs `frame(k)` for k from 0 to 1 over `ms`, one call per animation frame; stops when `signal` aborts. */
function tweenFrames(
  signal: AbortSignal,
  ms: number,
  frame: (k: number) => void,
  done: () => void,
): Promise<void> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const finish = () => {
      done();
      resolve();
    };
    if (signal.aborted) {
      finish();
      return;
    }
    signal.addEventListener('abort', finish, { once: true });
    const step = () => {
      if (signal.aborted) return;
      const k = Math.min(1, (performance.now() - t0) / ms);
      frame(k);
      if (k < 1) requestAnimationFrame(step);
      else {
        signal.removeEventListener('abort', finish);
        finish();
      }
    };
    requestAnimationFrame(step);
  });
}

/** A short tween of the units that moved. */
function animateMove(signal: AbortSignal, ms: number): Promise<void> {
  const from = fromUnits;
  fromUnits = null;
  const to = currentModel();
  if (!from || !to || ms === 0 || !board) return Promise.resolve();
  const moved = to.units.filter((u) => {
    const f = from.get(u.id);
    return f && (Math.abs(f.x - u.x) > 1e-6 || Math.abs(f.y - u.y) > 1e-6);
  });
  if (moved.length === 0) return Promise.resolve();
  animations.moves++;
  return tweenFrames(
    signal,
    ms,
    (k) => {
      const e = k * (2 - k);
      tween = {
        model: {
          ...to,
          units: to.units.map((u) => {
            const f = from.get(u.id);
            return f ? { ...u, x: f.x + (u.x - f.x) * e, y: f.y + (u.y - f.y) * e } : u;
          }),
        },
      };
      renderBoard();
    },
    () => {
      tween = null;
      renderBoard();
    },
  );
}

/** The shots of the last step (as the ruleset reads its events), from firer to target, hit or miss. */
function animateShots(signal: AbortSignal, ms: number): Promise<void> {
  const g = game;
  const b = board;
  const model = currentModel();
  const adapter = g ? adapterFor(g.ruleset.id) : undefined;
  if (!g || !b || !model || ms === 0 || !adapter?.shotsOf) return Promise.resolve();
  const where = new Map(model.units.map((u) => [u.id, { x: u.x, y: u.y, z: u.z ?? 0 }]));
  const paths: ShotPath[] = [];
  for (const shot of adapter.shotsOf(g.events.at(-1) ?? [])) {
    const from = where.get(shot.from);
    const to = where.get(shot.to);
    if (from && to) paths.push({ from, to, hit: shot.hit, ...(shot.melee ? { melee: true } : {}) });
  }
  const total = shotsDuration(paths.length, ms);
  if (total === 0) return Promise.resolve();
  animations.shots += paths.length;
  return tweenFrames(
    signal,
    total,
    (k) => b.setEffects(shotFrames(paths, k)),
    () => b.setEffects([]),
  );
}

/** How many moves and shots were animated (for the browser tests). */
const animations = { moves: 0, shots: 0 };

// ── rendering ───────────────────────────────────────────────────────────────────────────────────────────

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  cls?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function option(value: string, text: string): HTMLOptionElement {
  const element = el('option', text);
  element.value = value;
  return element;
}

function render(): void {
  const s = snap;
  const inGame = s.hasTag('play') || s.hasTag('over') || s.hasTag('watch');
  ui.boot.hidden = !s.hasTag('boot');
  ui.form.hidden = !(s.hasTag('home') || s.hasTag('setup'));
  ui.game.hidden = !inGame;
  ui.lessons.hidden = !s.hasTag('lessons');
  ui.replay.hidden = !s.hasTag('replay');
  ui.replayCurrent.hidden = !(game && s.hasTag('home'));
  if (s.hasTag('home')) void renderSaved();
  ui.settings.hidden = !s.hasTag('settings');
  ui.settingsOpen.setAttribute('aria-expanded', String(s.hasTag('settings')));
  ui.start.disabled = s.hasTag('setup') || Object.keys(rulesets).length === 0;
  ui.resume.hidden = !(game && s.hasTag('home'));
  ui.homeError.textContent = homeError ? homeError[lang] : '';
  ui.error.textContent = errorMessage ? errorMessage[lang] : '';
  if (!inGame) return;
  ensureBoard();

  const watching = s.hasTag('watch');
  const hides = s.hasTag('hidesBoard');
  ui.board.hidden = hides;
  ui.handover.hidden = !s.hasTag('handover');
  if (s.hasTag('handover') && s.context.facts.toAct)
    ui.handoverSide.textContent = `${t('toAct', lang)}${colon(lang)}${sideLabel(s.context.facts.toAct)}`;
  ui.pause.hidden = !watching;
  ui.step.hidden = !watching;
  ui.export.hidden = watching;
  ui.replayOpen.hidden = watching;
  document.querySelector<HTMLElement>('.tools')!.hidden = watching;
  ui.replayOpen.disabled = !(s.hasTag('human') || s.hasTag('over'));
  ui.explainToggle.hidden = watching;
  ui.takeback.hidden = watching || seat?.mode !== 'ai' || !settings.takebacks;
  ui.takeback.disabled =
    !game || !seat || !(s.hasTag('human') || s.hasTag('over')) || takebackPoint(game, seat.humans) === null;
  ui.skip.hidden = !s.hasTag('animating');
  ui.aiPanel.hidden = !s.hasTag('thinking');
  ui.aiFailed.hidden = !s.hasTag('aiFailed');
  ui.aiFailedDetail.textContent = s.hasTag('aiFailed') ? aiFailure : '';
  ui.actionsPanel.hidden = watching || hides || !s.hasTag('human');
  ui.over.hidden = !(s.hasTag('over') || (watching && finished));
  document.querySelector<HTMLElement>('.card')!.hidden = hides;
  renderAiProgress();
  renderWhy();
  if (watching) {
    renderWatchStatus();
    renderResult();
    renderButtons();
  } else {
    renderStatus();
    renderLog();
    renderActions();
    renderResult();
  }
  renderUnits();
  renderBoard();
  renderExplain();
  ui.threatsButton.hidden = watching || hides || selected === undefined || !game;
  if (ui.threatsButton.hidden) ui.threats.replaceChildren();
  if (s.hasTag('over')) archiveIfOver();
}

function sideLabel(side: Side): string {
  const g = game ?? null;
  const name = g
    ? (g.state as { sides?: Record<string, { name?: Message }> }).sides?.[side]?.name
    : undefined;
  const base = sideName(side, lang);
  const you = seat?.mode === 'ai' && seat.humans.includes(side) ? ` (${t('you', lang)})` : '';
  return name?.[lang] ? `${base} — ${name[lang]}${you}` : `${base}${you}`;
}

function renderStatus(): void {
  if (!game) return;
  const decision = decisionOf(game);
  if (decision) lastDecision = decision;
  ui.idle.hidden = true;
  ui.phase.hidden = false;
  ui.phaseTurn.textContent = lastDecision ? String(lastDecision.turn) : '—';
  ui.phaseName.textContent = decision
    ? phaseWords(adapterFor(game.ruleset.id), decision.phase)[lang]
    : t('over', lang);
  ui.phaseName.dataset.phase = decision?.phase ?? '';
  ui.phaseSide.textContent = decision ? sideLabel(decision.side) : '—';
  ui.phasePlies.textContent = String(game.record.actions.length);
  ui.prompt.textContent = decision?.prompt?.[lang] ?? '';
  // A decision about one unit selects it, once per decision.
  const key = decision ? `${game.state.ply}:${decision.unit ?? ''}` : '';
  if (key !== lastDecisionKey) {
    lastDecisionKey = key;
    if (decision?.unit && snap.hasTag('human')) selected = decision.unit;
  }
}

function renderAiProgress(): void {
  ui.aiProgress.value = Math.max(0, Math.min(1, aiDone));
  ui.aiIterations.textContent =
    aiIterations > 0 ? `${aiIterations} ${lang === 'fr' ? 'itérations' : 'iterations'}` : '';
}

function actionButton(action: BaseAction, label: string, previews = false): HTMLLIElement {
  const li = el('li');
  const b = el('button', label);
  b.type = 'button';
  b.className = 'action';
  b.dataset.type = action.type;
  b.addEventListener('click', () => commit(action));
  if (previews) {
    // A move looked at (focused by keyboard or pointed at) shows who could intercept it.
    b.addEventListener('focus', () => previewMove(action));
    b.addEventListener('mouseenter', () => previewMove(action));
    b.addEventListener('blur', () => previewMove(null));
    b.addEventListener('mouseleave', () => previewMove(null));
  }
  li.append(b);
  return li;
}

function renderActions(): void {
  ui.message.textContent = message ? message[lang] : '';
  ui.confirmBox.hidden = pendingAction === null;
  ui.confirmText.textContent = pendingAction ? actionWords(pendingAction) : '';
  if (!game || !snap.hasTag('human')) preview = null;
  renderPreview();
  if (!game || !snap.hasTag('human')) {
    ui.actionList.replaceChildren();
    ui.moveList.replaceChildren();
    ui.moves.hidden = true;
    return;
  }
  const legal = legalOf(game);
  const mentions = (a: BaseAction) =>
    selected !== undefined && Object.values(a).some((v) => v === selected) ? 0 : 1;
  const actions = [...legal.actions].sort((a, b) => mentions(a) - mentions(b));
  const moving = (a: BaseAction) => 'to' in a || 'dx' in a;
  ui.actionList.replaceChildren(...actions.map((a) => actionButton(a, actionWords(a), moving(a))));
  const regions = legal.regions;
  const entries = moveEntries();
  ui.moves.hidden = entries.length === 0;
  if (entries.length === 0) {
    ui.moveList.replaceChildren();
    return;
  }
  const moves = game.ruleset
    .candidates(game.state)
    .filter((c: BaseAction) => regions.some((r) => fillsTemplate(c, r.template)))
    .slice(0, 40);
  ui.moveList.replaceChildren(...moves.map((a: BaseAction) => actionButton(a, actionWords(a), true)));
  const chosen = ui.moveRegion.value;
  ui.moveRegion.replaceChildren(...entries.map((e) => option(e.key, e.label)));
  const keep = entries.some((e) => e.key === chosen);
  if (keep) ui.moveRegion.value = chosen;
  const entry = entries.find((e) => e.key === ui.moveRegion.value) ?? entries[0];
  if (entry && (!keep || ui.moveX.value === '')) {
    ui.moveX.value = String(round2(entry.from.x));
    ui.moveY.value = String(round2(entry.from.y));
  }
}

/**
 * What the move form can send: each legal move region (a base and how far it may go), and each unit that
 * moves without a region but to which the ruleset gives a meaning to a point (a flyer's detachment): the
 * keyboard's way to any destination the canvas offers.
 */
interface MoveEntry {
  key: string;
  unit: string;
  label: string;
  from: { x: number; y: number };
  action(p: { x: number; y: number }): BaseAction | null;
}

function moveEntries(): MoveEntry[] {
  if (!game || !snap.hasTag('human')) return [];
  const unitName = (id: string) => lastModel?.units.find((u) => u.id === id)?.label[lang] ?? id;
  const labelOf = (words: string, unit: string) =>
    words.includes(unitName(unit)) ? words : `${words} — ${unitName(unit)}`;
  const out: MoveEntry[] = legalOf(game).regions.map((r, i) => ({
    key: String(i),
    unit: r.unit,
    label: labelOf(actionWords(r.template).split(':')[0]!.trim(), r.unit),
    from: r.from,
    action: (p) => withDestination(r.template, p),
  }));
  const obs = observation();
  // Moves of several units at once (a detachment moving as one), offered beside the regions.
  for (const g of (obs && adapterFor(game.ruleset.id)?.groupMoves?.(obs.state)) || [])
    out.push({ key: g.key, unit: g.unit, label: g.label[lang], from: g.from, action: (p) => g.action(p) });
  const pointAction = game ? adapterFor(game.ruleset.id)?.pointAction : undefined;
  if (obs && pointAction)
    for (const u of lastModel?.units ?? []) {
      if (u.dead || !u.selectable || out.some((e) => e.unit === u.id)) continue;
      const here = { x: u.x, y: u.y };
      const probe = pointAction(obs.state, u.id, here);
      if (!probe) continue;
      out.push({
        key: `p:${u.id}`,
        unit: u.id,
        label: `${actionKindWords(adapterFor(game.ruleset.id), probe.type)[lang]} — ${u.label[lang]}`,
        from: here,
        action: (p) => pointAction(obs.state, u.id, p),
      });
    }
  return out;
}

/** The move the form describes now, or null when incomplete. */
function formMove(): { entry: MoveEntry; action: BaseAction } | null {
  const entries = moveEntries();
  const entry = entries.find((e) => e.key === ui.moveRegion.value) ?? entries[0];
  const x = Number.parseFloat(ui.moveX.value);
  const y = Number.parseFloat(ui.moveY.value);
  if (!entry || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  const action = entry.action({ x, y });
  return action ? { entry, action } : null;
}

function renderUnits(): void {
  const model = lastModel ?? currentModel();
  if (!model) return;
  const chosen = selected ?? '';
  const sideOf = (u: UnitView) => sideName(u.side, lang);
  const opts = [
    option('', '—'),
    ...model.units
      .filter((u) => !u.dead)
      .map((u) => option(u.id, `${u.label[lang]} (${sideOf(u)}, ${u.hp}/${u.hpMax})`)),
  ];
  ui.unitSelect.replaceChildren(...opts);
  ui.unitSelect.value = chosen;
  renderCard(model);
}

function renderCard(model: BoardModel): void {
  const rs = game?.ruleset ?? session?.ruleset;
  const u = selected ? model.units.find((x) => x.id === selected) : undefined;
  if (!u || !rs) {
    ui.card.replaceChildren(el('p', t('cardNone', lang), 'hint'));
    return;
  }
  const parts: HTMLElement[] = [];
  const obs = observation();
  const card = obs && !session ? adapterFor(rs.id)?.card?.(obs.state, u.id) : null;
  parts.push(el('h4', card ? card.title[lang] : u.label[lang]));
  if (card?.subtitle) parts.push(el('p', card.subtitle[lang], 'hint'));
  const dl = el('dl', undefined, 'stats');
  const stats = card?.stats ?? [{ label: { fr: 'PV', en: 'HP' }, value: `${u.hp}/${u.hpMax}` }];
  for (const s of stats) {
    const d = el('div');
    d.append(el('dt', s.label[lang]), el('dd', s.value));
    dl.append(d);
  }
  parts.push(dl);
  if (card && card.weapons.length > 0) {
    parts.push(el('h5', t('weapons', lang)));
    const ul = el('ul');
    for (const w of card.weapons) {
      const li = el('li');
      li.append(el('strong', w.name[lang]), document.createTextNode(` — ${w.text[lang]}`));
      ul.append(li);
    }
    parts.push(ul);
  }
  if (card && card.rules.length > 0) {
    parts.push(el('h5', t('abilities', lang)));
    const ul = el('ul', undefined, 'rules');
    for (const r of card.rules) {
      const ex = rs.explain({ kind: 'card', rule: r.id, text: r.label });
      const li = el('li');
      const det = el('details');
      const sum = el('summary');
      sum.append(el('span', r.label[lang]), document.createTextNode(' '), el('code', r.id, 'rule'));
      det.append(sum, el('p', ex.title[lang], 'rule-title'));
      if (ex.source) {
        const q = el('blockquote', ex.source);
        q.lang = 'fr';
        det.append(q);
      }
      if (ex.gloss) {
        const g = el('p', ex.gloss, 'gloss');
        g.lang = 'en';
        det.append(g);
      }
      li.append(det);
      ul.append(li);
    }
    parts.push(ul);
  }
  const states = card?.states ?? u.markers.map((mk) => mk.label);
  if (states.length > 0) {
    parts.push(el('h5', t('states', lang)));
    const ul = el('ul');
    for (const st of states) ul.append(el('li', st[lang]));
    parts.push(ul);
  }
  ui.card.replaceChildren(...parts);
}

function eventItem(
  event: GameEvent,
  rs: { explain(e: GameEvent): { title: Message } } | null,
): HTMLLIElement {
  const item = el('li');
  const rule = el('code', event.rule, 'rule');
  if (rs) {
    try {
      rule.title = rs.explain(event).title[lang];
    } catch {
      // An unknown rule id keeps its code alone.
    }
  }
  item.append(rule);
  if (event.side) {
    item.dataset.side = event.side;
    item.classList.add(`side-${event.side.replace(/[^\w-]/g, '')}`);
    item.append(el('span', `${sideName(event.side, lang)} · `, 'side'));
  }
  item.append(el('span', event.text[lang], 'text'));
  for (const roll of event.dice ?? []) item.append(diceView(roll));
  return item;
}

/**
 * A roll as text (`to hit [5, 2, 6] ≥ 4+`, what a screen reader reads) and as dice faces. Faces are not
 * marked made or missed: a roll's `target` may be one to reach or one to stay under, as its ruleset says.
 */
function diceView(roll: DiceRoll): HTMLElement {
  const box = el('span', undefined, 'dice');
  box.append(el('span', formatDice(roll), 'dice-text'));
  const faces = el('span', undefined, 'dice-faces');
  faces.setAttribute('aria-hidden', 'true');
  for (const value of roll.dice) {
    faces.append(el('span', dieFace(value, roll.sides), roll.sides === 6 ? 'die d6' : 'die'));
  }
  box.append(faces);
  return box;
}

function appendToLog(items: HTMLLIElement[]): void {
  if (items.length === 0) return;
  const log = ui.log;
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 40;
  log.append(...items);
  if (atBottom) log.scrollTop = log.scrollHeight;
}

function renderLog(): void {
  if (!game) return;
  const plies = game.events.length;
  if (loggedPlies > plies) {
    ui.log.replaceChildren();
    loggedPlies = 0;
  }
  const items: HTMLLIElement[] = [];
  for (let i = loggedPlies; i < plies; i++)
    for (const e of game.events[i]!) items.push(eventItem(e, game.ruleset));
  // The newest step's dice tumble while it is animated (a whole log rebuilt does not).
  if (plies > loggedPlies)
    freshDice =
      plies === loggedPlies + 1
        ? items.flatMap((li) => [...li.querySelectorAll<HTMLElement>('.dice-faces')])
        : [];
  loggedPlies = plies;
  appendToLog(items);
}

function rebuildLog(): void {
  ui.log.replaceChildren();
  loggedPlies = 0;
  if (!session) renderLog();
}

function renderResult(): void {
  const outcome = session ? (finished ? watchOutcome(session) : null) : game ? outcomeOf(game) : null;
  const plies = session ? session.plies : (game?.record.actions.length ?? 0);
  if (outcome?.status !== 'finished') {
    ui.result.textContent = '';
    ui.points.replaceChildren();
    return;
  }
  ui.result.textContent = formatOutcome(outcome, lang, plies);
  const head = el('tr');
  head.append(el('th', t('victoryPoints', lang)), el('th', ''));
  const rows = Object.entries(outcome.points).map(([side, value]) => {
    const tr = el('tr');
    const th = el('th', sideName(side, lang));
    th.scope = 'row';
    tr.append(th, el('td', String(value)));
    return tr;
  });
  const caption = el('caption', t('victoryPoints', lang));
  ui.points.replaceChildren(caption, ...rows);
}

// ── home ────────────────────────────────────────────────────────────────────────────────────────────────

function renderRulesets(): void {
  const chosen = ui.ruleset.value;
  const ids = Object.keys(rulesets);
  ui.ruleset.replaceChildren(...ids.map((id) => option(id, rulesets[id]!.name[lang])));
  if (ids.includes(chosen)) ui.ruleset.value = chosen;
}

function renderScenarios(): void {
  const chosen = ui.scenario.value;
  const list = scenarios[ui.ruleset.value] ?? [];
  if (list.length === 0) {
    const none = option('', t('noScenarios', lang));
    none.disabled = true;
    ui.scenario.replaceChildren(none);
    return;
  }
  ui.scenario.replaceChildren(...list.map((entry) => option(entry.id, entry.name[lang])));
  if (list.some((entry) => entry.id === chosen)) ui.scenario.value = chosen;
}

function renderOpponents(): void {
  const chosen = ui.opponent.value;
  ui.opponent.replaceChildren(
    ...LEVELS.map((l) => option(`ai:${l.id}`, `${t('aiLevel', lang)} — ${l.name[lang]}`)),
    option('hotseat', t('opponentHotseat', lang)),
    option('watch', t('opponentWatch', lang)),
  );
  if ([...ui.opponent.options].some((o) => o.value === chosen)) ui.opponent.value = chosen;
}

function renderSides(): void {
  const ruleset = rulesets[ui.ruleset.value];
  const chosen = ui.side.value;
  ui.side.replaceChildren(...(ruleset?.sides ?? []).map((s) => option(s, sideName(s, lang))));
  if ([...ui.side.options].some((o) => o.value === chosen)) ui.side.value = chosen;
  const mode = ui.opponent.value;
  ui.sideField.hidden = !mode.startsWith('ai:');
  ui.watchFields.hidden = mode !== 'watch';
}

function renderBots(): void {
  const ruleset = rulesets[ui.ruleset.value];
  const previous = chosenBots();
  const fields = (ruleset?.sides ?? []).map((side) => {
    const field = el('div', undefined, 'field');
    const label = el('label', botLabel(side, lang));
    label.htmlFor = `bot-${side}`;
    const select = el('select');
    select.id = `bot-${side}`;
    select.dataset.side = side;
    for (const name of WATCH_BOTS)
      select.append(option(name, t(name === 'random' ? 'botRandom' : 'botGreedy', lang)));
    select.value = previous[side] ?? 'random';
    field.append(label, select);
    return field;
  });
  const legend = ui.bots.querySelector('legend');
  ui.bots.replaceChildren(...(legend ? [legend] : []), ...fields);
}

function chosenBots(): Record<Side, BotName> {
  const bots: Record<Side, BotName> = {};
  for (const select of ui.bots.querySelectorAll<HTMLSelectElement>('select[data-side]')) {
    const side = select.dataset.side;
    if (side && isBotName(select.value)) bots[side] = select.value;
  }
  return bots;
}

function startFromHome(): void {
  homeError = null;
  const mode = ui.opponent.value;
  if (ui.seed.value.trim() === '') ui.seed.value = '1';
  if (mode === 'watch') {
    if (newWatch(false)) {
      actor.send({ type: 'watch.start' });
      scheduleWatch();
    }
    render();
    return;
  }
  const ruleset = rulesets[ui.ruleset.value];
  if (!ruleset) return;
  const hotseat = mode === 'hotseat';
  const humans = hotseat ? [...ruleset.sides] : [ui.side.value || ruleset.sides[0]!];
  const level = mode.startsWith('ai:') ? mode.slice(3) : LEVELS[0].id;
  setupRequest = {
    ruleset: ui.ruleset.value,
    scenario: ui.scenario.value,
    seed: ui.seed.value.trim(),
    seat: { mode: hotseat ? 'hotseat' : 'ai', humans, viewer: humans[0] ?? null, level },
  };
  actor.send({ type: 'game.start', mode: (hotseat ? 'hotseat' : 'ai') as AppMode, humans });
}

// ── import / export ─────────────────────────────────────────────────────────────────────────────────────

function exportGame(): void {
  if (!game) return;
  const text = JSON.stringify(recordV2Of(game), null, 2);
  const blob = new Blob([text], { type: 'application/json' });
  const a = el('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${game.record.ruleset}-${game.record.scenario}-${game.record.actions.length}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function importFile(input: HTMLInputElement, where: 'home' | 'game'): Promise<void> {
  const file = input.files?.[0];
  input.value = '';
  if (!file) return;
  const text = await file.text();
  await booted;
  // Version 1 or 2 (a replay's export): the main line is played; its variations stay in the replay screen.
  const v2 = parseRecordV2(text);
  const loaded = v2.ok ? gameFromRecord({ ...v2.value, version: 1, variations: undefined }) : v2;
  if (!loaded.ok) {
    const m = loaded.error.message;
    const msg = { fr: `${t('importError', 'fr')} : ${m.fr}`, en: `${t('importError', 'en')}: ${m.en}` };
    if (where === 'home') homeError = msg;
    else errorMessage = msg;
    render();
    return;
  }
  const g = loaded.value;
  const sides = g.ruleset.sides as readonly string[];
  const keep = seat?.humans.every((h) => sides.includes(h)) ? seat : null;
  const s: SavedSeat = keep
    ? { ...keep }
    : { mode: 'ai', humans: [sides[0]!], viewer: sides[0] ?? null, level: LEVELS[0].id };
  installGame(g, s);
  homeError = null;
  errorMessage = null;
  message = STRINGS.imported;
  save();
  actor.send({ type: 'game.loaded', mode: s.mode, humans: s.humans, viewer: s.viewer, facts: factsOf(g) });
}

function takeback(): void {
  if (!game || !seat) return;
  const keep = takebackPoint(game, seat.humans);
  if (keep === null) return;
  const back = truncated(game, keep);
  if (!back.ok) {
    errorMessage = back.error.message;
    render();
    return;
  }
  installGame(back.value, seat);
  save();
  actor.send({ type: 'game.takeback', facts: factsOf(back.value) });
}

// ── watch mode (bots against each other, on the main thread: random and greedy bots are cheap) ──────────

let watchLog: GameEvent[] = [];

function speed(): Speed {
  const value = ui.speed.value;
  return value in SPEEDS ? (value as Speed) : 'normal';
}

function renderButtons(): void {
  const playing = session !== null && !finished;
  ui.pause.disabled = !playing;
  ui.pause.setAttribute('aria-pressed', String(playing && paused));
  ui.pause.textContent = t(playing && paused ? 'resume' : 'pause', lang);
}

function renderWatchStatus(): void {
  if (!session) {
    ui.idle.hidden = false;
    ui.phase.hidden = true;
    ui.prompt.textContent = '';
    return;
  }
  const decision = finished ? null : watchDecision(session);
  if (decision) lastDecision = decision;
  ui.idle.hidden = true;
  ui.phase.hidden = false;
  ui.phaseTurn.textContent = lastDecision ? String(lastDecision.turn) : '—';
  ui.phaseName.textContent = decision
    ? phaseWords(adapterFor(session.ruleset.id), decision.phase)[lang]
    : t('over', lang);
  ui.phaseName.dataset.phase = decision?.phase ?? '';
  ui.phaseSide.textContent = decision ? sideName(decision.side, lang) : '—';
  ui.phasePlies.textContent = String(session.plies);
  ui.prompt.textContent = decision?.prompt?.[lang] ?? '';
  if (watchLog.length > ui.log.children.length)
    appendToLog(watchLog.slice(ui.log.children.length).map((e) => eventItem(e, session!.ruleset)));
}

function stopWatch(): void {
  if (timer !== undefined) window.clearTimeout(timer);
  timer = undefined;
}

function scheduleWatch(): void {
  stopWatch();
  if (session && !paused && !finished) timer = window.setTimeout(tick, SPEEDS[speed()]);
}

function tick(): void {
  timer = undefined;
  if (!session || paused || finished) return;
  playPlies(speed() === 'max' ? Number.POSITIVE_INFINITY : 1);
  scheduleWatch();
}

function playPlies(count: number): void {
  if (!session) return;
  const started = performance.now();
  for (let n = 0; n < count; n++) {
    if (!watchDecision(session)) break;
    const step = playPly(session);
    if (!step.ok) {
      errorMessage = step.error.message;
      paused = true;
      break;
    }
    watchLog.push(...step.value);
    if (performance.now() - started > SLICE_MS) break;
  }
  if (!watchDecision(session)) finished = true;
  render();
}

function newWatch(startPaused: boolean): boolean {
  stopWatch();
  errorMessage = null;
  const ruleset = rulesets[ui.ruleset.value];
  const entry = (scenarios[ui.ruleset.value] ?? []).find((s) => s.id === ui.scenario.value);
  if (!ruleset || !entry) {
    homeError = !ruleset ? STRINGS.noRulesets : STRINGS.noScenarios;
    return false;
  }
  const started = startSession(ruleset, entry.data, ui.seed.value.trim(), chosenBots());
  session = null;
  finished = false;
  paused = startPaused;
  lastDecision = null;
  watchLog = [];
  ui.log.replaceChildren();
  if (!started.ok) {
    homeError = started.error.message;
    return false;
  }
  session = started.value;
  finished = watchDecision(session) === null;
  return true;
}

// ── language ────────────────────────────────────────────────────────────────────────────────────────────

function applyLanguage(): void {
  document.documentElement.lang = lang;
  document.title = t('title', lang);
  for (const element of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const key = element.dataset.i18n;
    if (key && key in STRINGS) element.textContent = t(key as StringKey, lang);
  }
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="lang"]')) {
    radio.checked = radio.value === lang;
  }
  renderRulesets();
  renderScenarios();
  renderOpponents();
  renderSides();
  renderBots();
  rebuildLog();
  savedKey = '';
  render();
  lessons.render();
  replay.render();
}

function setLanguage(next: Lang): void {
  lang = next;
  settings.lang = next;
  saveSettings();
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
  applyLanguage();
}

// ── wiring ──────────────────────────────────────────────────────────────────────────────────────────────

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  startFromHome();
});
ui.resume.addEventListener('click', () => {
  if (!game || !seat) return;
  actor.send({
    type: 'game.loaded',
    mode: seat.mode,
    humans: seat.humans,
    viewer: seat.viewer,
    facts: factsOf(game),
  });
});
ui.ruleset.addEventListener('change', () => {
  renderScenarios();
  renderSides();
  renderBots();
});
ui.opponent.addEventListener('change', () => renderSides());
ui.importHome.addEventListener('change', () => void importFile(ui.importHome, 'home'));
ui.importGame.addEventListener('change', () => void importFile(ui.importGame, 'game'));
ui.export.addEventListener('click', exportGame);
ui.takeback.addEventListener('click', takeback);
ui.skip.addEventListener('click', () => actor.send({ type: 'anim.skip' }));
ui.fit.addEventListener('click', () => board?.fit());
ui.quit.addEventListener('click', () => {
  stopWatch();
  session = null;
  actor.send({ type: 'game.quit' });
  if (game) ai.stop();
});
ui.newGame.addEventListener('click', () => {
  stopWatch();
  session = null;
  actor.send({ type: 'game.quit' });
});
ui.handoverReady.addEventListener('click', () => actor.send({ type: 'handover.ready' }));
ui.lessonsOpen.addEventListener('click', () => {
  lessons.open(ui.ruleset.value);
  actor.send({ type: 'lessons.open' });
  document.getElementById('lessons-title')?.focus();
});
ui.lessonsClose.addEventListener('click', () => actor.send({ type: 'lessons.close' }));
ui.replayOpen.addEventListener('click', openCurrentReplay);
ui.replayCurrent.addEventListener('click', openCurrentReplay);
ui.importReplay.addEventListener('change', () => void importReplayFile(ui.importReplay));
ui.explainToggle.addEventListener('click', () => {
  settings.explain = !settings.explain;
  saveSettings();
  render();
});
ui.threatsButton.addEventListener('click', renderThreats);
ui.oddsAttack.addEventListener('click', () => {
  const a = oddsAction;
  closeOdds();
  if (a) commit(a, true);
});
ui.oddsCancel.addEventListener('click', () => {
  closeOdds();
  render();
});
ui.oddsDialog.addEventListener('close', () => {
  oddsAction = null;
});
ui.oddsSetting.addEventListener('change', () => {
  settings.odds = ui.oddsSetting.checked;
  saveSettings();
});
ui.aiStop.addEventListener('click', () => actor.send({ type: 'ai.stop' }));
ui.aiRetry.addEventListener('click', () => actor.send({ type: 'ai.retry' }));
ui.aiTakeover.addEventListener('click', () => actor.send({ type: 'ai.takeOver' }));
ui.confirmYes.addEventListener('click', () => {
  const a = pendingAction;
  pendingAction = null;
  if (a) commit(a, true);
});
ui.confirmNo.addEventListener('click', () => {
  pendingAction = null;
  render();
});
ui.moveRegion.addEventListener('change', () => {
  ui.moveX.value = '';
  render();
});
/** The point typed in the move form, as a move: its interception threat is shown before it is sent. */
function previewForm(): void {
  if (!game) return;
  const move = formMove();
  previewMove(move && !whyIllegal(game, move.action) ? move.action : null);
}
ui.moveX.addEventListener('input', previewForm);
ui.moveY.addEventListener('input', previewForm);
ui.moveForm.addEventListener('submit', (event) => {
  event.preventDefault();
  if (!game) return;
  const move = formMove();
  if (!move) return;
  selected = move.entry.unit;
  commit(move.action);
});
ui.unitSelect.addEventListener('change', () => {
  selected = ui.unitSelect.value || undefined;
  message = null;
  preview = null;
  render();
});
ui.settingsOpen.addEventListener('click', () => {
  actor.send({ type: snap.hasTag('settings') ? 'settings.close' : 'settings.open' });
  if (snap.hasTag('settings'))
    document.querySelector<HTMLInputElement>('input[name="lang"]:checked')?.focus();
});
ui.settingsClose.addEventListener('click', () => {
  actor.send({ type: 'settings.close' });
  ui.settingsOpen.focus();
});
ui.animSpeed.addEventListener('change', () => {
  const v = ui.animSpeed.value;
  if (v in ANIM_MS) settings.anim = v as AnimSpeed;
  saveSettings();
});
ui.confirmSetting.addEventListener('change', () => {
  settings.confirm = ui.confirmSetting.checked;
  saveSettings();
});
ui.takebackSetting.addEventListener('change', () => {
  settings.takebacks = ui.takebackSetting.checked;
  saveSettings();
  render();
});
for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="lang"]')) {
  radio.addEventListener('change', () => {
    if (radio.checked && isLang(radio.value)) setLanguage(radio.value);
  });
}
ui.pause.addEventListener('click', () => {
  if (!session || finished) return;
  paused = !paused;
  renderButtons();
  scheduleWatch();
});
ui.step.addEventListener('click', () => {
  if (!session || finished) return;
  paused = true;
  stopWatch();
  playPlies(1);
});
ui.speed.addEventListener('change', () => scheduleWatch());
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && snap.hasTag('settings')) actor.send({ type: 'settings.close' });
});

// ── boot: resume the saved game, or home ────────────────────────────────────────────────────────────────

ui.animSpeed.value = settings.anim;
ui.confirmSetting.checked = settings.confirm;
ui.takebackSetting.checked = settings.takebacks;
ui.oddsSetting.checked = settings.odds;
actor.start();
applyLanguage();

/** A share link in the address (`#game=…`): its replay, or a refusal to show. Read once, then cleared. */
function shareLinkAtBoot(): { doc: ReplayDoc } | { refused: Message } | null {
  const hash = location.hash;
  if (!/[#&]game=/.test(hash)) return null;
  history.replaceState(null, '', `${location.pathname}${location.search}`);
  const opened = openShareLink(hash, { autoNotes: true });
  if (!opened.ok)
    return {
      refused: {
        fr: refusalText(opened.error, 'fr', STRINGS.linkRefused),
        en: refusalText(opened.error, 'en', STRINGS.linkRefused),
      },
    };
  return {
    doc: { tree: opened.value.tree, replayer: opened.value.replayer, source: 'link', restricted: false },
  };
}

async function boot(): Promise<void> {
  const link = shareLinkAtBoot();
  if (link && 'refused' in link) {
    // The game in progress is untouched: it resumes as usual, with the refusal shown.
    homeError = link.refused;
    errorMessage = link.refused;
  }
  const saved = (await loadCurrent()) as { record?: unknown; seat?: SavedSeat } | null;
  if (saved && typeof saved === 'object' && saved.record && saved.seat) {
    const loaded = gameFromRecord(saved.record);
    if (loaded.ok) {
      const s = saved.seat;
      installGame(loaded.value, { ...s });
      if (link && 'refused' in link) errorMessage = link.refused;
      savedPly = loaded.value.record.actions.length;
      document.body.dataset.savedPly = String(savedPly);
      if (link && 'doc' in link) {
        replay.open(link.doc);
        actor.send({ type: 'replay.open' });
        performance.mark('app:interactive');
        return;
      }
      actor.send({
        type: 'boot.resume',
        mode: s.mode,
        humans: s.humans,
        viewer: s.viewer,
        facts: factsOf(loaded.value),
      });
      performance.mark('app:interactive');
      return;
    }
    homeError = {
      fr: `${t('resumeFailed', 'fr')} : ${loaded.error.message.fr}`,
      en: `${t('resumeFailed', 'en')}: ${loaded.error.message.en}`,
    };
  }
  if (link && 'doc' in link) {
    replay.open(link.doc);
    actor.send({ type: 'replay.open' });
  } else actor.send({ type: 'boot.none' });
  performance.mark('app:interactive');
}
/** Ends once the saved game is resumed (or there is none): a file imported before then waits, not lost. */
const booted: Promise<void> = boot().catch((e: unknown) => console.error(e));

// A share link pasted into this tab's address: the same as at boot, the game in progress untouched (after the
// boot, like an imported file).
window.addEventListener('hashchange', async () => {
  await booted;
  const link = shareLinkAtBoot();
  if (!link) return;
  if ('refused' in link) {
    homeError = link.refused;
    errorMessage = link.refused;
    replay.showError(link.refused[lang]);
    render();
    return;
  }
  replay.open(link.doc);
  actor.send({ type: 'replay.open' });
});

// ── hooks for the browser tests and the bench (read-only views, plus killing the AI worker) ─────────────

declare global {
  interface Window {
    wargameApp?: {
      board: () => Board | null;
      screenOf(id: string): { x: number; y: number } | null;
      screenAt(x: number, y: number): { x: number; y: number } | null;
      info(): { ply: number; hash: string; tags: string[]; selected?: string; saved: number } | null;
      /** Legal destinations of the moves open now (the ruleset's candidates), for clicking them. */
      moveTargets(): { unit: string; to: { x: number; y: number } }[];
      aiTimes: typeof aiTimes;
      /** How many moves and shots were animated, and how many shot frames the board drew. */
      animations(): { moves: number; shots: number; frames: number };
      /** The interception threat shown for the move being considered (unit ids), or null. */
      preview(): { action: BaseAction; by: string[] } | null;
      killAi(): void;
    };
  }
}

window.wargameApp = {
  board: () => board,
  screenOf(id) {
    const u = lastModel?.units.find((x) => x.id === id);
    return u && board ? toScreen(u.x, u.y, u.z ?? 0, board.camera) : null;
  },
  screenAt: (x, y) => (board ? toScreen(x, y, 0, board.camera) : null),
  info: () =>
    game
      ? {
          ply: game.record.actions.length,
          hash: hashState(game.state),
          tags: [...snap.tags],
          selected,
          saved: savedPly,
        }
      : null,
  moveTargets() {
    if (!game) return [];
    const regions = legalOf(game).regions;
    const out: { unit: string; to: { x: number; y: number } }[] = [];
    for (const c of game.ruleset.candidates(game.state) as BaseAction[]) {
      const r = regions.find((x) => fillsTemplate(c, x.template));
      const to = (c as { to?: { x: number; y: number } }).to;
      if (r && to) out.push({ unit: r.unit, to });
    }
    return out;
  },
  aiTimes,
  animations: () => ({ ...animations, frames: board?.effectFramesDrawn ?? 0 }),
  preview: () => (preview ? { action: preview.action, by: preview.threat?.by ?? [] } : null),
  killAi: () => ai.kill(),
};
