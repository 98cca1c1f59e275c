/**
 * Pure helpers (no DOM) for the teaching parts of the app: which action is an attack and its odds, what an
 * event's rules say, the choices to list at a decision, and actions in words. Unit-tested under Node.
 * Which action is an attack, and the attack the ruleset's `odds` takes for it, each ruleset declares in its
 * board adapter (`attackKinds`, `attackOf`).
 */
import type { AnyRuleset, BaseAction, BaseState, GameEvent } from '../engine/contract';
import { hashState } from '../engine/hash';
import type { Message, Result } from '../engine/result';
import { attackOdds, type OddsView } from '../teach/odds';
import { adapterFor } from './adapters';
import { fillsTemplate } from './game';
import type { Lang } from './i18n';
import { actionKindWords } from './words';

// ── attacks ─────────────────────────────────────────────────────────────────────────────────────────────

/** Whether an action is an attack, as its ruleset declares (`BoardAdapter.attackKinds`). */
export const isAttack = (rulesetId: string, action: BaseAction): boolean =>
  adapterFor(rulesetId)?.attackKinds?.includes(action.type) ?? false;

export interface AttackOdds {
  attack: unknown;
  /** The unit attacking and its target, for the words. */
  attacker: string;
  target: string;
  view: OddsView;
  /** A note on how the odds were reckoned (a charge counted from contact). */
  note?: Message;
}

/**
 * The odds of an attack action on `state` (pass what the player may see), or null when the action is not an
 * attack; an error when the ruleset cannot reckon it (its message says why). Which attack an action makes
 * is the ruleset's to say (`BoardAdapter.attackOf`).
 */
export function oddsOfAction(
  ruleset: AnyRuleset,
  state: BaseState,
  action: BaseAction,
): Result<AttackOdds> | null {
  if (!isAttack(ruleset.id, action)) return null;
  const view = adapterFor(ruleset.id)?.attackOf?.(state, action);
  if (!view) return null;
  const r = attackOdds(ruleset, (view.on as BaseState | undefined) ?? state, view.attack);
  if (!r.ok) return r;
  const { attack, attacker, target, note } = view;
  return { ok: true, value: { attack, attacker, target, view: r.value, ...(note ? { note } : {}) } };
}

// ── explanations ────────────────────────────────────────────────────────────────────────────────────────

export interface RuleLine {
  rule: string;
  title: string;
  /** The French source sentence. */
  source: string;
  /** The English gloss. */
  gloss: string;
}

export interface DiceLine {
  text: string;
  /** One line per modifier: `Premier choc +1`. */
  modifiers: string[];
}

export interface ExplainedEvent {
  text: string;
  side?: string;
  rules: RuleLine[];
  dice: DiceLine[];
}

/** The rules an event cites (`C2,HD-24` cites two), each through `ruleset.explain`. */
export function explainEvent(ruleset: AnyRuleset, event: GameEvent, lang: Lang): ExplainedEvent {
  const ids = event.rule
    .split(/[,\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);
  const rules: RuleLine[] = ids.map((rule) => {
    try {
      const ex = ruleset.explain({ ...event, rule });
      return { rule, title: ex.title[lang], source: ex.source, gloss: ex.gloss };
    } catch {
      return { rule, title: '', source: '', gloss: '' };
    }
  });
  const dice = (event.dice ?? []).map((d) => {
    const parts: string[] = [];
    if (d.label) parts.push(d.label);
    parts.push(`${d.dice.length}d${d.sides}`, `[${d.dice.join(', ')}]`);
    if (d.target !== undefined) parts.push(`≥ ${d.target}+`);
    if (d.rerolled?.length)
      parts.push(lang === 'fr' ? `(${d.rerolled.length} relancé(s))` : `(${d.rerolled.length} re-rolled)`);
    return {
      text: parts.join(' '),
      modifiers: (d.modifiers ?? []).map((x) => `${x.label[lang]} ${x.value > 0 ? '+' : ''}${x.value}`),
    };
  });
  return { text: event.text[lang], ...(event.side ? { side: event.side } : {}), rules, dice };
}

// ── choices at a decision ───────────────────────────────────────────────────────────────────────────────

export interface Choices {
  /** Discrete legal actions. */
  actions: BaseAction[];
  /** Sampled destinations of the legal moves (the ruleset's candidates that fill a region). */
  moves: BaseAction[];
}

/** The actions to list at a decision, as the game's action list shows them. */
export function choicesOf(ruleset: AnyRuleset, state: BaseState, maxMoves = 40): Choices {
  if (!ruleset.decision(state)) return { actions: [], moves: [] };
  const legal = ruleset.legal(state);
  const moves =
    legal.regions.length === 0
      ? []
      : (ruleset.candidates(state) as BaseAction[])
          .filter((c) => legal.regions.some((r) => fillsTemplate(c, r.template)))
          .slice(0, maxMoves);
  return { actions: [...legal.actions], moves };
}

export const sameAction = (a: BaseAction | null | undefined, b: BaseAction | null | undefined): boolean =>
  !!a && !!b && hashState(a) === hashState(b);

const num = (n: number, lang: Lang): string => {
  const s = String(Math.round(n * 100) / 100);
  return lang === 'fr' ? s.replace('.', ',') : s;
};

/**
 * An action in words: the ruleset adapter's own words when it has them (names read on `observation`), else
 * its type and fields; a destination as `→ (x ; y)`. A hidden part (an order the viewer may not see) is null
 * and is left out.
 */
export function actionText(rulesetId: string, observation: BaseState | null, action: BaseAction, lang: Lang) {
  let words: string | null = null;
  const adapter = adapterFor(rulesetId);
  if (observation && adapter?.describe) {
    try {
      words = adapter.describe(observation, action)?.[lang] ?? null;
    } catch {
      words = null;
    }
  }
  if (!words) {
    const parts = Object.entries(action)
      .filter(([k, v]) => k !== 'type' && k !== 'to' && v !== null && v !== undefined)
      .map(([, v]) => (typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)));
    words = [actionKindWords(adapter, action.type)[lang], ...parts].join(' ');
  }
  const to = (action as { to?: { x: number; y: number } }).to;
  if (to) words += ` → (${num(to.x, lang)}${lang === 'fr' ? ' ; ' : '; '}${num(to.y, lang)})`;
  if ((action as { order?: unknown }).order === null)
    words += lang === 'fr' ? ' (ordre caché)' : ' (hidden order)';
  return words;
}

/** `12 %`, `12%`. */
export const percentText = (p: number, lang: Lang): string => (lang === 'fr' ? `${p} %` : `${p}%`);
