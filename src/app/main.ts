/**
 * The minimal app page: pick a rule system, a scenario, a seed and a bot per side, then watch the bots
 * play with the event log shown. Plain DOM; every text from data goes in through textContent.
 * It uses only the registry, ai/bots and the ruleset contract (through ./session).
 */
import './style.css';
import { BOT_NAMES, type BotName, isBotName } from '../../ai/bots';
import type { DecisionPoint, GameEvent, Side } from '../engine/contract';
import type { Message } from '../engine/result';
import { rulesets, scenarios } from '../rulesets/registry';
import { formatDice, formatOutcome } from './format';
import { botLabel, isLang, type Lang, langFromSearch, STRINGS, type StringKey, sideName, t } from './i18n';
import { decisionOf, outcomeOf, playPly, type Session, startSession } from './session';

/** Delay between ticks, in ms. At `max` a tick plays as many plies as fit in a slice of the frame. */
const SPEEDS = { slow: 1000, normal: 300, fast: 60, max: 0 } as const;
type Speed = keyof typeof SPEEDS;
const SLICE_MS = 12;

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from index.html`);
  return element as T;
}

const ui = {
  form: byId<HTMLFormElement>('controls'),
  ruleset: byId<HTMLSelectElement>('ruleset'),
  scenario: byId<HTMLSelectElement>('scenario'),
  seed: byId<HTMLInputElement>('seed'),
  bots: byId<HTMLFieldSetElement>('bots'),
  speed: byId<HTMLSelectElement>('speed'),
  start: byId<HTMLButtonElement>('start'),
  pause: byId<HTMLButtonElement>('pause'),
  step: byId<HTMLButtonElement>('step'),
  idle: byId<HTMLElement>('idle'),
  phase: byId<HTMLElement>('phase'),
  phaseTurn: byId<HTMLElement>('phase-turn'),
  phaseName: byId<HTMLElement>('phase-name'),
  phaseSide: byId<HTMLElement>('phase-side'),
  phasePlies: byId<HTMLElement>('phase-plies'),
  prompt: byId<HTMLElement>('prompt'),
  result: byId<HTMLElement>('result'),
  error: byId<HTMLElement>('error'),
  log: byId<HTMLOListElement>('log'),
};

interface LogEntry {
  event: GameEvent;
  text: HTMLElement;
  side: HTMLElement | null;
}

let lang: Lang = langFromSearch(location.search);
let session: Session | null = null;
let paused = false;
let finished = false;
let timer: number | undefined;
let lastDecision: DecisionPoint | null = null;
let logEntries: LogEntry[] = [];
let errorMessage: Message | null = null;

// ── controls ────────────────────────────────────────────────────────────────

function option(value: string, text: string): HTMLOptionElement {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  return element;
}

function renderRulesets(): void {
  const chosen = ui.ruleset.value;
  const ids = Object.keys(rulesets);
  ui.ruleset.replaceChildren(...ids.map((id) => option(id, rulesets[id]!.name[lang])));
  if (ids.includes(chosen)) ui.ruleset.value = chosen;
  ui.start.disabled = ids.length === 0;
  ui.step.disabled = ids.length === 0;
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

function renderBots(): void {
  const ruleset = rulesets[ui.ruleset.value];
  const previous = chosenBots();
  const fields = (ruleset?.sides ?? []).map((side) => {
    const field = document.createElement('div');
    field.className = 'field';
    const label = document.createElement('label');
    label.htmlFor = `bot-${side}`;
    label.textContent = botLabel(side, lang);
    const select = document.createElement('select');
    select.id = `bot-${side}`;
    select.dataset.side = side;
    for (const name of BOT_NAMES)
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

// ── status, result, log ─────────────────────────────────────────────────────

function renderStatus(): void {
  if (!session) {
    ui.idle.hidden = false;
    ui.phase.hidden = true;
    ui.prompt.textContent = '';
    return;
  }
  const decision = finished ? null : decisionOf(session);
  if (decision) lastDecision = decision;
  ui.idle.hidden = true;
  ui.phase.hidden = false;
  ui.phaseTurn.textContent = lastDecision ? String(lastDecision.turn) : '—';
  ui.phaseName.textContent = decision ? decision.phase : t('over', lang);
  ui.phaseSide.textContent = decision ? sideName(decision.side, lang) : '—';
  ui.phasePlies.textContent = String(session.plies);
  ui.prompt.textContent = decision?.prompt?.[lang] ?? '';
}

function renderResult(): void {
  ui.result.textContent = session && finished ? formatOutcome(outcomeOf(session), lang, session.plies) : '';
  ui.error.textContent = errorMessage ? errorMessage[lang] : '';
}

function eventItem(event: GameEvent): HTMLLIElement {
  const item = document.createElement('li');
  const rule = document.createElement('code');
  rule.className = 'rule';
  rule.textContent = event.rule;
  item.append(rule);
  let side: HTMLElement | null = null;
  if (event.side) {
    item.dataset.side = event.side;
    item.classList.add(`side-${event.side.replace(/[^\w-]/g, '')}`);
    side = document.createElement('span');
    side.className = 'side';
    side.textContent = `${sideName(event.side, lang)} · `;
    item.append(side);
  }
  const text = document.createElement('span');
  text.className = 'text';
  text.textContent = event.text[lang];
  item.append(text);
  for (const roll of event.dice ?? []) {
    const dice = document.createElement('span');
    dice.className = 'dice';
    dice.textContent = formatDice(roll);
    item.append(dice);
  }
  logEntries.push({ event, text, side });
  return item;
}

function appendToLog(items: HTMLLIElement[]): void {
  if (items.length === 0) return;
  const log = ui.log;
  const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 40;
  log.append(...items);
  if (atBottom) log.scrollTop = log.scrollHeight;
}

function renderLogLanguage(): void {
  for (const entry of logEntries) {
    entry.text.textContent = entry.event.text[lang];
    if (entry.side && entry.event.side) entry.side.textContent = `${sideName(entry.event.side, lang)} · `;
  }
}

// ── playing ─────────────────────────────────────────────────────────────────

function stopTimer(): void {
  if (timer !== undefined) window.clearTimeout(timer);
  timer = undefined;
}

function schedule(): void {
  stopTimer();
  if (session && !paused && !finished) timer = window.setTimeout(tick, SPEEDS[speed()]);
}

function tick(): void {
  timer = undefined;
  if (!session || paused || finished) return;
  playPlies(speed() === 'max' ? Number.POSITIVE_INFINITY : 1);
  schedule();
}

/** Plays up to `count` plies, stopping early once a slice of the frame is used, then renders once. */
function playPlies(count: number): void {
  if (!session) return;
  const started = performance.now();
  const items: HTMLLIElement[] = [];
  for (let n = 0; n < count; n++) {
    if (!decisionOf(session)) break;
    const step = playPly(session);
    if (!step.ok) {
      errorMessage = step.error.message;
      paused = true;
      break;
    }
    for (const event of step.value) items.push(eventItem(event));
    if (performance.now() - started > SLICE_MS) break;
  }
  appendToLog(items);
  if (!decisionOf(session)) finished = true;
  renderStatus();
  renderResult();
  renderButtons();
}

function newGame(startPaused: boolean): boolean {
  stopTimer();
  errorMessage = null;
  const ruleset = rulesets[ui.ruleset.value];
  const entry = (scenarios[ui.ruleset.value] ?? []).find((s) => s.id === ui.scenario.value);
  if (!ruleset || !entry) {
    errorMessage = !ruleset ? STRINGS.noRulesets : STRINGS.noScenarios;
    renderResult();
    return false;
  }
  if (ui.seed.value.trim() === '') ui.seed.value = '1';
  const started = startSession(ruleset, entry.data, ui.seed.value.trim(), chosenBots());
  session = null;
  finished = false;
  paused = startPaused;
  lastDecision = null;
  logEntries = [];
  ui.log.replaceChildren();
  if (!started.ok) {
    errorMessage = started.error.message;
  } else {
    session = started.value;
    finished = decisionOf(session) === null;
  }
  renderStatus();
  renderResult();
  renderButtons();
  return session !== null;
}

// ── language ────────────────────────────────────────────────────────────────

function applyLanguage(): void {
  document.documentElement.lang = lang;
  document.title = t('title', lang);
  for (const element of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const key = element.dataset.i18n;
    if (key && key in STRINGS) element.textContent = t(key as StringKey, lang);
  }
  for (const radio of ui.form.querySelectorAll<HTMLInputElement>('input[name="lang"]')) {
    radio.checked = radio.value === lang;
  }
  renderRulesets();
  renderScenarios();
  renderBots();
  renderButtons();
  renderStatus();
  renderResult();
  renderLogLanguage();
}

function setLanguage(next: Lang): void {
  lang = next;
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
  applyLanguage();
}

// ── wiring ──────────────────────────────────────────────────────────────────

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (newGame(false)) schedule();
});

ui.pause.addEventListener('click', () => {
  if (!session || finished) return;
  paused = !paused;
  renderButtons();
  schedule();
});

ui.step.addEventListener('click', () => {
  if ((!session || finished) && !newGame(true)) return;
  paused = true;
  stopTimer();
  playPlies(1);
});

ui.speed.addEventListener('change', () => schedule());

ui.ruleset.addEventListener('change', () => {
  renderScenarios();
  renderBots();
});

for (const radio of ui.form.querySelectorAll<HTMLInputElement>('input[name="lang"]')) {
  radio.addEventListener('change', () => {
    if (radio.checked && isLang(radio.value)) setLanguage(radio.value);
  });
}

applyLanguage();
