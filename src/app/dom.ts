/**
 * DOM pieces shared by the game, the lessons and the replay: elements built with textContent only (data
 * text is never parsed as HTML), the odds histogram, events explained rule by rule, and a lazily created
 * Pixi board in a container.
 */
import type { BoardModel, Overlay } from '../engine/board-model';
import type { AnyRuleset, GameEvent } from '../engine/contract';
import type { Message } from '../engine/result';
import type { OddsView } from '../teach/odds';
import type { Board } from '../view/board';
import { colon, type Lang, sideName } from './i18n';
import { explainEvent, percentText } from './teach-view';

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  cls?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

export function button(text: string, onClick: () => void, cls?: string): HTMLButtonElement {
  const b = el('button', text, cls);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

export function optionEl(value: string, text: string): HTMLOptionElement {
  const o = el('option', text);
  o.value = value;
  return o;
}

const W: Record<string, Message> = {
  outcomes: { fr: 'Résultats possibles', en: 'Possible outcomes' },
  atLeastOne: { fr: 'Au moins une perte', en: 'At least one casualty' },
  destroyAll: { fr: 'Chance de tout détruire', en: 'Chance to destroy' },
  expected: { fr: 'Pertes moyennes', en: 'Expected casualties' },
  damage: { fr: 'Dégâts moyens', en: 'Expected damage' },
  lines: { fr: 'Armes et modificateurs', en: 'Weapons and modifiers' },
  rolled: { fr: 'Dés', en: 'Dice' },
  source: { fr: 'Texte', en: 'Source' },
  gloss: { fr: 'Glose (anglais)', en: 'Gloss' },
};

const num = (x: number, lang: Lang, digits = 2): string => {
  const s = x.toFixed(digits);
  return lang === 'fr' ? s.replace('.', ',') : s;
};

/** The odds of one attack: a histogram of exact percentages (summing to 100), headline figures, modifiers. */
export function oddsBlock(view: OddsView, lang: Lang, note?: Message): HTMLElement {
  const box = el('div', undefined, 'odds');
  const chart = el('ul', undefined, 'histogram');
  chart.setAttribute('aria-label', W.outcomes![lang]);
  for (const bar of view.bars) {
    const li = el('li', undefined, 'bar-row');
    li.dataset.percent = String(bar.percent);
    const label = el('span', bar.label[lang], 'bar-label');
    const track = el('span', undefined, 'bar-track');
    const fill = el('span', undefined, 'bar-fill');
    fill.style.width = `${bar.percent}%`;
    track.append(fill);
    const value = el('span', percentText(bar.percent, lang), 'bar-value');
    value.title = `${(bar.probability * 100).toFixed(3)}`;
    li.append(label, track, value);
    chart.append(li);
  }
  const dl = el('dl', undefined, 'stats');
  const stat = (k: string, v: string) => {
    const d = el('div');
    d.append(el('dt', W[k]![lang]), el('dd', v));
    dl.append(d);
  };
  stat('destroyAll', percentText(view.percent.destroyAll, lang));
  stat('atLeastOne', percentText(view.percent.atLeastOne, lang));
  stat('expected', num(view.expected, lang));
  if (view.expectedDamage !== null) stat('damage', num(view.expectedDamage, lang));
  box.append(chart, dl);
  if (view.lines.length > 0) {
    box.append(el('h5', W.lines![lang]));
    const ul = el('ul', undefined, 'odds-lines');
    for (const line of view.lines) ul.append(el('li', `${line.label[lang]}${colon(lang)}${line.value}`));
    box.append(ul);
  }
  if (note) box.append(el('p', note[lang], 'hint'));
  return box;
}

/** One event explained: its text, each rule cited (id, title, French source, English gloss), its dice. */
export function explainedItem(ruleset: AnyRuleset, event: GameEvent, lang: Lang): HTMLLIElement {
  const x = explainEvent(ruleset, event, lang);
  const li = el('li', undefined, 'explained');
  const head = el('p', undefined, 'event-text');
  if (x.side) head.append(el('span', `${sideName(x.side, lang)} · `, 'side'));
  head.append(el('span', x.text));
  li.append(head);
  for (const r of x.rules) {
    const rule = el('div', undefined, 'rule-line');
    const title = el('p', undefined, 'rule-head');
    title.append(el('code', r.rule, 'rule'), document.createTextNode(r.title ? ` ${r.title}` : ''));
    rule.append(title);
    if (r.source) {
      const q = el('blockquote', r.source);
      q.lang = 'fr';
      rule.append(q);
    }
    if (r.gloss) {
      const g = el('p', r.gloss, 'gloss');
      g.lang = 'en';
      rule.append(g);
    }
    li.append(rule);
  }
  if (x.dice.length > 0) {
    const ul = el('ul', undefined, 'dice-lines');
    for (const d of x.dice) {
      const item = el('li', d.text, 'dice');
      if (d.modifiers.length > 0) {
        const mods = el('ul', undefined, 'modifiers');
        for (const mod of d.modifiers) mods.append(el('li', mod));
        item.append(mods);
      }
      ul.append(item);
    }
    li.append(ul);
  }
  return li;
}

export function explainedList(ruleset: AnyRuleset, events: GameEvent[], lang: Lang): HTMLOListElement {
  const ol = el('ol', undefined, 'explained-list');
  for (const e of events) ol.append(explainedItem(ruleset, e, lang));
  return ol;
}

/** A Pixi board created on first use in `container`; until then (or if WebGL fails) the panels still work. */
export class BoardSlot {
  board: Board | null = null;
  private loading: Promise<Board> | null = null;
  private last: { model: BoardModel; overlays: Overlay[]; selected?: string; lang: Lang } | null = null;
  failed = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly onSelect: (id: string) => void,
    private readonly onPoint: (p: { x: number; y: number }) => void,
  ) {}

  show(model: BoardModel, overlays: Overlay[], selected: string | undefined, lang: Lang): void {
    this.last = { model, overlays, lang, ...(selected === undefined ? {} : { selected }) };
    if (this.board) {
      this.board.set(model, overlays, { lang, ...(selected === undefined ? {} : { selected }) });
      return;
    }
    if (this.loading || this.failed) return;
    this.loading = import('../view/board').then(async ({ Board }) => {
      const b = await Board.create(this.container);
      this.board = b;
      b.on('select', (id) => this.onSelect(id));
      b.on('point', (p) => this.onPoint(p));
      const l = this.last;
      if (l)
        b.set(l.model, l.overlays, {
          lang: l.lang,
          ...(l.selected === undefined ? {} : { selected: l.selected }),
        });
      return b;
    });
    this.loading.catch(() => {
      this.failed = true;
    });
  }
}
