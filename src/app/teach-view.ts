/**
 * Pure helpers (no DOM) for the teaching parts of the app: which action is an attack and its odds, what an
 * event's rules say, the choices to list at a decision, and actions in words. Unit-tested under Node.
 *
 * An attack action maps to the attack the ruleset's `odds` takes: epic `shoot` → `{ det, target }`;
 * company `melee` / `tir` / `charge` / `assaut` → `{ attacker: the unit acting, target, kind }`. A company
 * Charge or Assaut is not yet in contact: its odds are those of the passe once in contact, reckoned on a
 * copy of the state where the attacker stands at the target's edge (the Premier choc bonus not counted).
 */
import type { AnyRuleset, BaseAction, BaseState, GameEvent } from '../engine/contract';
import { hashState } from '../engine/hash';
import type { Message, Result } from '../engine/result';
import { touching } from '../rulesets/company/state';
import type { CompanyState } from '../rulesets/company/types';
import { attackOdds, type OddsView } from '../teach/odds';
import { adapterFor } from './adapters';
import { fillsTemplate } from './game';
import type { Lang } from './i18n';
import { actionKindWords } from './words';

const m = (fr: string, en: string): Message => ({ fr, en });

// ── attacks ─────────────────────────────────────────────────────────────────────────────────────────────

/** Action types that are attacks, per ruleset. */
export const ATTACK_TYPES: Record<string, readonly string[]> = {
  epic: ['shoot'],
  company: ['melee', 'tir', 'charge', 'assaut'],
};

export const isAttack = (rulesetId: string, action: BaseAction): boolean =>
  ATTACK_TYPES[rulesetId]?.includes(action.type) ?? false;

export interface AttackOdds {
  attack: unknown;
  /** The unit attacking and its target, for the words. */
  attacker: string;
  target: string;
  view: OddsView;
  /** A note on how the odds were reckoned (a charge counted from contact). */
  note?: Message;
}

/** Moves a copy of the company attacker to the target's edge, along the line between them. */
function inContact(state: CompanyState, attacker: string, target: string): CompanyState | null {
  const s = structuredClone(state);
  const a = s.units.find((u) => u.id === attacker);
  const t = s.units.find((u) => u.id === target);
  if (!a || !t) return null;
  if (touching(a, t)) return s;
  const d = Math.hypot(a.x - t.x, a.y - t.y);
  if (d === 0) return null;
  const ux = (a.x - t.x) / d;
  const uy = (a.y - t.y) / d;
  let lo = 0;
  let hi = d;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    a.x = t.x + ux * mid;
    a.y = t.y + uy * mid;
    if (touching(a, t)) lo = mid;
    else hi = mid;
  }
  a.x = t.x + ux * lo;
  a.y = t.y + uy * lo;
  return touching(a, t) ? s : null;
}

/**
 * The odds of an attack action on `state` (pass what the player may see), or null when the action is not an
 * attack; an error when the ruleset cannot reckon it (its message says why).
 */
export function oddsOfAction(
  ruleset: AnyRuleset,
  state: BaseState,
  action: BaseAction,
): Result<AttackOdds> | null {
  if (!isAttack(ruleset.id, action)) return null;
  const a = action as BaseAction & { det?: string; target?: string };
  if (ruleset.id === 'epic') {
    if (!a.det || !a.target) return null;
    const attack = { det: a.det, target: a.target };
    const r = attackOdds(ruleset, state, attack);
    return r.ok ? { ok: true, value: { attack, attacker: a.det, target: a.target, view: r.value } } : r;
  }
  if (ruleset.id === 'company') {
    const attacker = ruleset.decision(state)?.unit;
    if (!attacker || !a.target) return null;
    const kind = a.type === 'tir' ? 'tir' : 'melee';
    const attack = { attacker, target: a.target, kind };
    let on = state;
    let note: Message | undefined;
    if (a.type === 'charge' || a.type === 'assaut') {
      const moved = inContact(state as unknown as CompanyState, attacker, a.target);
      if (moved) on = moved as unknown as BaseState;
      note = m(
        'Chances de la passe d’armes une fois au contact (sans le bonus de Premier choc).',
        'Odds of the passe d’armes once in contact (the Premier choc bonus not counted).',
      );
    }
    const r = attackOdds(ruleset, on, attack);
    return r.ok
      ? { ok: true, value: { attack, attacker, target: a.target, view: r.value, ...(note ? { note } : {}) } }
      : r;
  }
  return null;
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
