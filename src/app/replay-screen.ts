/**
 * The replay screen (docs/replays.md): any game — the one in progress, a saved or finished one, an imported
 * file, a share link — as a tree of moves. Step, jump (the move list is a tree of buttons; ← → Home End on
 * the screen, ↑ ↓ to the line above or below at a fork), autoplay at several speeds, flip the side viewed, "show all" (epic's secret orders); play a
 * move from any ply (a what-if variation), let the AI answer, promote or delete a variation; a comment and a
 * mark on any ply (text only); the automatic notes; the AI's evaluation of the line in a Worker, drawn as an
 * SVG graph with the worst plies, and "learn from your mistakes". Export (record v2), import, share link.
 *
 * Honesty: the replay of a game still in progress shows only what its player may see — no "show all", no
 * other side's view, no analysis — until the game is over.
 */
import type { AnyRuleset, BaseAction, BaseState } from '../engine/contract';
import { ANNOTATION_MARKS } from '../engine/record';
import type { Message } from '../engine/result';
import type { Mistake, MoveVerdict } from '../replay/analysis';
import { worstMoves } from '../replay/analysis';
import { openGameFile } from '../replay/load';
import type { AnnotationMark } from '../replay/record-v2';
import { shareUrl } from '../replay/share';
import {
  addMove,
  deleteVariation,
  forward,
  isMainLine,
  jumpToPly,
  lineThrough,
  markOf,
  nodeOf,
  promoteToMainLine,
  promoteVariation,
  type Replayer,
  type ReplayNode,
  type ReplayTree,
  type ReplayTreeError,
  setComment,
  setMark,
  siblingLine,
  toRecord,
  withMainLine,
} from '../replay/tree';
import {
  AUTOPLAY_SPEEDS,
  type Autoplay,
  flipSide,
  type ReplayFrame,
  replayFrame,
  startAutoplay,
  stopAutoplay,
  tickAutoplay,
  type Viewpoint,
} from '../replay/view';
import { detById } from '../rulesets/epic/state';
import { findScenario, rulesets } from '../rulesets/registry';
import { adapterFor } from './adapters';
import type { AiClient } from './ai';
import { AnalysisClient } from './analysis-client';
import type { LineRequest } from './analysis-service';
import { BoardSlot, button, el, explainedList, optionEl } from './dom';
import { withDestination } from './game';
import { colon, type Lang, sideName } from './i18n';
import { listArchived, saveArchived } from './store';
import { actionText, choicesOf } from './teach-view';

const m = (fr: string, en: string): Message => ({ fr, en });
const W = {
  setup: m('Mise en place', 'Set-up'),
  ply: m('coup', 'ply'),
  plies: m('coups', 'plies'),
  seed: m('graine', 'seed'),
  toAct: m('À jouer', 'To act'),
  over: m('Partie terminée', 'Game over'),
  noNotes: m('Aucune note sur ce coup.', 'No note on this ply.'),
  auto: m('Note automatique', 'Automatic note'),
  ai: m('IA', 'AI'),
  comment: m('Commentaire', 'Comment'),
  hiddenMove: m('coup caché (ordre secret)', 'hidden move (secret order)'),
  variation: m('Variante', 'Variation'),
  mainLine: m('Ligne principale', 'Main line'),
  whatIfHint: m(
    'Jouez un coup ici pour créer une variante (ou prolonger la ligne à sa fin).',
    'Play a move here to start a variation (or extend the line at its end).',
  ),
  whatIfLocked: m(
    'Partie en cours : vous ne pouvez essayer ici que les coups de votre camp.',
    'Game in progress: you may try only your own side’s moves here.',
  ),
  restricted: m(
    'Partie en cours : seule votre vue est montrée ; l’analyse et « tout montrer » attendent la fin de la partie.',
    'Game in progress: only your view is shown; the analysis and “show all” wait for the end of the game.',
  ),
  imported: m('Partie ouverte.', 'Game opened.'),
  refused: m('Fichier refusé', 'File refused'),
  linkRefused: m('Lien refusé', 'Link refused'),
  at: (ply: number, line: string) =>
    m(
      `au coup ${ply}, ligne ${line === 'main' ? 'principale' : `« ${line} »`}`,
      `at ply ${ply}, line ${line === 'main' ? 'main' : `"${line}"`}`,
    ),
  saved: m('Gardée dans vos parties.', 'Kept in your games.'),
  liveSaved: (title: string) =>
    m(
      `Variantes et notes enregistrées automatiquement dans « Parties gardées » (accueil), sous « ${title} ». La partie en cours n’est pas modifiée.`,
      `Variations and notes saved automatically in “Kept games” (home), as “${title}”. The game in progress is not changed.`,
    ),
  liveRestored: m(
    'Vos variantes et notes sur cette partie sont reprises de « Parties gardées ».',
    'Your variations and notes on this game are back from “Kept games”.',
  ),
  notSaved: m(
    'Non enregistré (stockage du navigateur indisponible) : exportez la partie pour la garder.',
    'Not saved (browser storage unavailable): export the game to keep it.',
  ),
  analysisOf: m('analyse, partie en cours', 'analysis, game in progress'),
  linkReady: m('Lien prêt (copié si le navigateur le permet).', 'Link ready (copied if the browser allows).'),
  analysing: m('Analyse en cours…', 'Analysing…'),
  analysed: (n: number) => m(`${n} positions évaluées.`, `${n} positions evaluated.`),
  worstNone: m('Aucune erreur nette pour ce camp.', 'No clear mistake for this side.'),
  worstItem: (ply: number, drop: string) => m(`Coup ${ply} : −${drop}`, `Ply ${ply}: −${drop}`),
  learn: m('Trouver un meilleur coup', 'Find a better move'),
  learnTitle: (ply: number, played: string) =>
    m(
      `Au coup ${ply}, il a été joué : ${played}. Trouvez mieux :`,
      `At ply ${ply}, the move was: ${played}. Find better:`,
    ),
  learnBest: m('Montrer le coup de l’IA', 'Show the AI’s move'),
  learnStop: m('Fin de l’exercice', 'End the exercise'),
  checking: m('L’IA juge ce coup…', 'The AI is judging this move…'),
  graph: (side: string) =>
    m(`Évaluation par l’IA pour le camp ${side}`, `The AI’s evaluation for the ${side} side`),
  aiReplyFailed: m('L’IA n’a pas pu répondre.', 'The AI could not answer.'),
  current: m('coup affiché', 'ply shown'),
};

export type ReplaySource = 'live' | 'saved' | 'file' | 'link';

/** Saved analyses of a game in progress (variations and notes made in its replay) use ids with this prefix. */
export const LIVE_ANALYSIS_PREFIX = 'analysis-';

/**
 * The id a game's analysis is saved under while the game runs: one per game (rules, scenario, seed and
 * set-up hash), so reopening the game's replay finds it again.
 */
export const liveAnalysisId = (tree: ReplayTree): string =>
  `${LIVE_ANALYSIS_PREFIX}${tree.ruleset}-${tree.scenario}-${tree.seed}-${tree.nodes[tree.root]!.hash}`;

/** What a saved analysis of a game in progress records besides the game (see `ArchivedGame`). */
interface LiveAnalysisEntry {
  id: string;
  record: unknown;
  /** Set while the game is in progress and restricted: the analysis then reopens with that side's view only. */
  restrictedViewer?: string;
}

export interface ReplayDoc {
  tree: ReplayTree;
  replayer: Replayer;
  source: ReplaySource;
  /** Saved games autosave their edits under this id. */
  archiveId?: string;
  /**
   * A game still in progress against the AI, or with secret orders: the replay shows only `viewer`'s view,
   * what-ifs only for that side, and no analysis, until the game is over.
   */
  restricted: boolean;
  viewer?: string;
}

/** A refusal of `openGameFile` / `openShareLink` in words, naming the ply and line where it diverges. */
export function refusalText(error: ReplayTreeError, lang: Lang, head: Message): string {
  const where = error.ply > 0 ? ` (${W.at(error.ply, error.line)[lang]})` : '';
  const field = error.field ? ` [${error.field}]` : '';
  return `${head[lang]}${colon(lang)}${error.message[lang]}${where}${field}`;
}

const EVAL_ITERATIONS = [
  { id: 'quick', n: 12, label: m('Rapide', 'Quick') },
  { id: 'normal', n: 40, label: m('Normale', 'Normal') },
  { id: 'deep', n: 150, label: m('Approfondie', 'Deep') },
] as const;

export class ReplayScreen {
  private doc: ReplayDoc | null = null;
  private cursor = 'n0';
  private viewpoint: Viewpoint = { side: 'blue', showAll: false };
  private autoplay: Autoplay | null = null;
  private timer: number | undefined;
  private selected: string | undefined;
  private message: Message | null = null;
  private error: string | null = null;
  private treeKey = '';
  private treeButtons = new Map<string, HTMLButtonElement>();
  private evals = new Map<string, number>();
  private evalSide = '';
  private evalProgress: { done: number; total: number } | null = null;
  private worst: Mistake[] = [];
  private learning: {
    mistake: Mistake;
    verdict: MoveVerdict | null;
    busy: boolean;
    showBest: boolean;
  } | null = null;
  private aiBusy = false;
  private readonly analysis = new AnalysisClient();
  private readonly slot: BoardSlot;
  private readonly q = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

  constructor(
    private readonly lang: () => Lang,
    private readonly ai: AiClient,
    private readonly close: () => void,
  ) {
    this.slot = new BoardSlot(
      this.q('rp-board'),
      (id) => {
        this.selected = id;
        this.render();
      },
      (p) => this.pointAt(p),
    );
    const on = (id: string, f: () => void) => this.q(id).addEventListener('click', f);
    on('rp-start', () => this.go(this.doc?.tree.root ?? null));
    on('rp-back', () => this.go(this.doc ? (nodeOf(this.doc.tree, this.cursor)?.parent ?? null) : null));
    on('rp-forward', () => this.go(this.doc ? forward(this.doc.tree, this.cursor) : null));
    on('rp-end', () => this.go(this.doc ? lineThrough(this.doc.tree, this.cursor).at(-1)!.id : null));
    on('rp-autoplay', () => this.toggleAutoplay());
    on('rp-flip', () => {
      if (!this.doc || this.restricted()) return;
      this.viewpoint = flipSide(this.doc.replayer.ruleset, this.viewpoint);
      this.treeKey = '';
      this.render();
    });
    this.q<HTMLInputElement>('rp-showall').addEventListener('change', (e) => {
      this.viewpoint = {
        ...this.viewpoint,
        showAll: (e.target as HTMLInputElement).checked && !this.restricted(),
      };
      this.treeKey = '';
      this.render();
    });
    this.q<HTMLSelectElement>('rp-side').addEventListener('change', (e) => {
      if (this.restricted()) return;
      this.viewpoint = { ...this.viewpoint, side: (e.target as HTMLSelectElement).value };
      this.treeKey = '';
      this.render();
    });
    this.q<HTMLSelectElement>('rp-speed').addEventListener('change', () => {
      if (this.autoplay?.playing) this.startAutoplay();
    });
    this.q<HTMLInputElement>('rp-ply').addEventListener('input', (e) => {
      if (!this.doc) return;
      this.go(jumpToPly(this.doc.tree, this.cursor, Number((e.target as HTMLInputElement).value)));
    });
    on('rp-save-comment', () => this.saveComment());
    on('rp-promote', () => this.edit((t) => promoteVariation(t, this.cursor)));
    on('rp-main', () => this.edit((t) => promoteToMainLine(t, this.cursor)));
    on('rp-delete', () => {
      if (!this.doc) return;
      const r = deleteVariation(this.doc.tree, this.cursor);
      if (!r.ok) {
        this.fail(r.error.message);
        return;
      }
      this.cursor = r.value.parent;
      this.setTree(r.value.tree);
    });
    on('rp-ai-reply', () => void this.aiReply());
    on('rp-export', () => this.exportFile());
    on('rp-share', () => this.share());
    on('rp-keep', () => void this.keep());
    on('rp-close', () => {
      this.stopAutoplay();
      this.analysis.cancel();
      this.close();
    });
    on('rp-analyse', () => void this.analyse());
    on('rp-stop', () => this.analysis.stop());
    this.q<HTMLInputElement>('rp-import').addEventListener(
      'change',
      (e) => void this.importFile(e.target as HTMLInputElement),
    );
    this.q('replay').addEventListener('keydown', (e) => this.keydown(e));
  }

  // ── opening ───────────────────────────────────────────────────────────────────────────────────────────

  open(doc: ReplayDoc, message: Message | null = null): void {
    this.stopAutoplay();
    this.analysis.cancel();
    if (doc.source === 'live') doc.archiveId = liveAnalysisId(doc.tree);
    // A saved analysis of a game that was in progress opens restricted until its entry says otherwise.
    const savedAnalysis = doc.source === 'saved' && doc.archiveId?.startsWith(LIVE_ANALYSIS_PREFIX);
    if (savedAnalysis) doc.restricted = true;
    this.doc = doc;
    const ruleset = doc.replayer.ruleset;
    this.viewpoint = {
      side: doc.viewer && ruleset.sides.includes(doc.viewer) ? doc.viewer : ruleset.sides[0]!,
      showAll: false,
    };
    this.cursor = doc.tree.root;
    this.selected = undefined;
    // Another game: no draft of the last one's note carries over (render refills the fields).
    for (const id of ['rp-comment', 'rp-mark']) delete this.q(id).dataset.node;
    this.message = message;
    this.error = null;
    this.treeKey = '';
    this.evals = new Map();
    this.evalProgress = null;
    this.worst = [];
    this.learning = null;
    this.q<HTMLInputElement>('rp-share-link').value = '';
    this.render();
    this.q('rp-title').focus();
    if (doc.source === 'live' || savedAnalysis) void this.restoreAnalysis(doc);
  }

  /**
   * A game in progress: the variations and notes saved by earlier visits to its replay come back, with the
   * game's moves since then as the main line. A saved analysis opened from the list: restricted to its
   * viewer's side while the game it was made on was restricted.
   */
  private async restoreAnalysis(doc: ReplayDoc): Promise<void> {
    const list = await listArchived();
    const entry = list.find((g) => g.id === doc.archiveId) as LiveAnalysisEntry | undefined;
    if (this.doc !== doc) return;
    if (doc.source === 'saved') {
      // The game is over once the app kept it as finished (main.ts keeps it under the same key, unprefixed).
      const gameId = doc.archiveId!.slice(LIVE_ANALYSIS_PREFIX.length);
      const over = list.some((g) => g.id === gameId && g.finished);
      const viewer = entry?.restrictedViewer;
      const restricted = !over && typeof viewer === 'string' && doc.replayer.ruleset.sides.includes(viewer);
      this.doc = { ...doc, restricted, ...(restricted ? { viewer } : {}) };
      this.treeKey = '';
      this.render();
      return;
    }
    if (!entry) return;
    const opened = openGameFile(entry.record, { autoNotes: true });
    // A saved analysis that no longer replays (a rules change) is left as it is; the game's replay opens plain.
    const rootHash = (t: ReplayTree) => t.nodes[t.root]!.hash;
    if (!opened.ok || rootHash(opened.value.tree) !== rootHash(doc.tree)) return;
    const actions = lineThrough(doc.tree, doc.tree.root)
      .slice(1)
      .map((n) => n.action!);
    const merged = withMainLine(opened.value.tree, doc.replayer, actions, { autoNotes: true });
    if (!merged.ok || this.doc !== doc) return;
    this.doc = { ...doc, tree: merged.value };
    this.cursor = merged.value.root;
    this.treeKey = '';
    this.message = W.liveRestored;
    this.render();
    // The game's view is no longer restricted (it is over, or hot-seat): the entry need not be either.
    if (entry.restrictedViewer && !doc.restricted) void this.autosave();
  }

  /** Shows an error on the replay screen (a refused file or link); the replay open stays as it was. */
  showError(text: string): void {
    this.error = text;
    this.render();
  }

  private restricted(): boolean {
    return this.doc?.restricted ?? false;
  }

  // ── moving and editing ────────────────────────────────────────────────────────────────────────────────

  private go(id: string | null): void {
    if (!this.doc || id === null || !nodeOf(this.doc.tree, id)) return;
    this.cursor = id;
    this.render();
  }

  private setTree(tree: ReplayTree): void {
    if (!this.doc) return;
    this.doc = { ...this.doc, tree };
    this.error = null;
    void this.autosave();
    this.render();
  }

  private edit(
    f: (t: ReplayTree) => { ok: true; value: ReplayTree } | { ok: false; error: { message: Message } },
  ) {
    if (!this.doc) return;
    const r = f(this.doc.tree);
    if (!r.ok) {
      this.fail(r.error.message);
      return;
    }
    this.setTree(r.value);
  }

  private fail(message: Message): void {
    this.error = message[this.lang()];
    this.render();
  }

  private play(action: BaseAction): void {
    if (!this.doc) return;
    const r = addMove(this.doc.tree, this.doc.replayer, this.cursor, action);
    if (!r.ok) {
      this.fail(r.error.message);
      return;
    }
    this.cursor = r.value.node;
    if (r.value.existed) this.render();
    else this.setTree(r.value.tree);
  }

  private pointAt(p: { x: number; y: number }): void {
    const d = this.doc;
    if (!d || this.learning) return;
    const at = d.replayer.stateAt(d.tree, this.cursor);
    if (!at.ok || !this.mayTry(at.value.state)) return;
    const regions = d.replayer.ruleset.legal(at.value.state).regions.filter((r) => r.unit === this.selected);
    for (const r of regions) {
      const a = withDestination(r.template, p);
      if (d.replayer.ruleset.validate(at.value.state, a).ok) {
        this.play(a);
        return;
      }
    }
    if (regions[0]) {
      const v = d.replayer.ruleset.validate(at.value.state, withDestination(regions[0].template, p));
      if (!v.ok) this.fail(v.error.message);
    }
  }

  /** What-ifs: anyone's move in a finished or imported game; only the player's own side in a live one. */
  private mayTry(state: BaseState): boolean {
    const d = this.doc!;
    const decision = d.replayer.ruleset.decision(state);
    if (!decision) return false;
    return !this.restricted() || decision.side === this.viewpoint.side;
  }

  private saveComment(): void {
    if (!this.doc) return;
    const text = this.q<HTMLTextAreaElement>('rp-comment').value;
    const markValue = this.q<HTMLSelectElement>('rp-mark').value;
    const mark = (ANNOTATION_MARKS as readonly string[]).includes(markValue)
      ? (markValue as AnnotationMark)
      : null;
    const c = setComment(this.doc.tree, this.cursor, text);
    if (!c.ok) {
      this.fail(c.error.message);
      return;
    }
    const k = setMark(c.value, this.cursor, mark);
    if (!k.ok) {
      this.fail(k.error.message);
      return;
    }
    this.setTree(k.value);
  }

  private async aiReply(): Promise<void> {
    const d = this.doc;
    if (!d || this.aiBusy) return;
    const at = d.replayer.stateAt(d.tree, this.cursor);
    if (!at.ok || !d.replayer.ruleset.decision(at.value.state)) return;
    this.aiBusy = true;
    this.render();
    try {
      const report = await this.ai.think(
        {
          ruleset: d.tree.ruleset,
          state: at.value.state,
          bot: 'mcts:300',
          seed: `${d.tree.seed}:whatif:${this.cursor}`,
        },
        300,
        () => {},
      );
      if (this.doc === d) this.play(report.action);
    } catch {
      this.fail(W.aiReplyFailed);
    } finally {
      this.aiBusy = false;
      this.render();
    }
  }

  // ── autoplay ──────────────────────────────────────────────────────────────────────────────────────────

  private speed(): number {
    const v = Number(this.q<HTMLSelectElement>('rp-speed').value);
    return (AUTOPLAY_SPEEDS as readonly number[]).includes(v) ? v : 1;
  }

  private eventsAt = (id: string): number => {
    const d = this.doc;
    const at = d?.replayer.stateAt(d.tree, id);
    return at?.ok ? at.value.events.length : 0;
  };

  private startAutoplay(): void {
    if (!this.doc) return;
    window.clearInterval(this.timer);
    this.autoplay = startAutoplay(this.cursor, this.speed(), performance.now(), this.eventsAt(this.cursor));
    this.timer = window.setInterval(() => {
      if (!this.doc || !this.autoplay) return this.stopAutoplay();
      const next = tickAutoplay(this.doc.tree, this.autoplay, performance.now(), this.eventsAt);
      const moved = next.node !== this.autoplay.node;
      this.autoplay = next;
      if (moved) this.cursor = next.node;
      if (!next.playing) this.stopAutoplay();
      else if (moved) this.render();
    }, 50);
    this.render();
  }

  private stopAutoplay(): void {
    window.clearInterval(this.timer);
    this.timer = undefined;
    if (this.autoplay) this.autoplay = stopAutoplay(this.autoplay);
    if (this.doc) this.render();
  }

  private toggleAutoplay(): void {
    if (this.autoplay?.playing) this.stopAutoplay();
    else {
      // From the end of a line, play it again from the start.
      if (this.doc && forward(this.doc.tree, this.cursor) === null) this.cursor = this.doc.tree.root;
      this.startAutoplay();
    }
  }

  private keydown(e: KeyboardEvent): void {
    const target = e.target as HTMLElement;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || e.altKey || e.ctrlKey || e.metaKey)
      return;
    const d = this.doc;
    if (!d) return;
    const inTree = target.closest('#rp-tree') !== null;
    let next: string | null = null;
    if (e.key === 'ArrowLeft') next = nodeOf(d.tree, this.cursor)?.parent ?? null;
    else if (e.key === 'ArrowRight') next = forward(d.tree, this.cursor);
    else if (e.key === 'ArrowUp') next = siblingLine(d.tree, this.cursor, -1);
    else if (e.key === 'ArrowDown') next = siblingLine(d.tree, this.cursor, 1);
    else if (e.key === 'Home') next = d.tree.root;
    else if (e.key === 'End') next = lineThrough(d.tree, this.cursor).at(-1)!.id;
    else return;
    e.preventDefault();
    this.go(next);
    if (inTree) this.treeButtons.get(this.cursor)?.focus();
  }

  // ── files, links, saving ──────────────────────────────────────────────────────────────────────────────

  private exportFile(): void {
    if (!this.doc) return;
    const record = toRecord(this.doc.tree);
    const blob = new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' });
    const a = el('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${record.ruleset}-${record.scenario}-${record.actions.length}-v2.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  private async importFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const opened = openGameFile(await file.text(), { autoNotes: true });
    if (!opened.ok) {
      this.showError(refusalText(opened.error, this.lang(), W.refused));
      return;
    }
    this.open(
      { tree: opened.value.tree, replayer: opened.value.replayer, source: 'file', restricted: false },
      W.imported,
    );
  }

  private share(): void {
    if (!this.doc) return;
    const base = `${location.origin}${location.pathname}`;
    const r = shareUrl(base, toRecord(this.doc.tree));
    if (!r.ok) {
      this.fail(r.error.message);
      return;
    }
    const input = this.q<HTMLInputElement>('rp-share-link');
    input.value = r.value;
    input.hidden = false;
    void navigator.clipboard?.writeText(r.value).catch(() => {});
    this.message = W.linkReady;
    this.render();
  }

  private archiveTitle(): string {
    const d = this.doc!;
    const rs = rulesets[d.tree.ruleset];
    const sc = findScenario(d.tree.ruleset, d.tree.scenario);
    const lang = this.lang();
    return `${rs?.name[lang] ?? d.tree.ruleset} — ${sc?.name[lang] ?? d.tree.scenario} — ${W.seed[lang]} ${d.tree.seed}`;
  }

  private async keep(): Promise<void> {
    const d = this.doc;
    if (!d) return;
    d.archiveId ??= `${d.tree.ruleset}-${d.tree.seed}-${Date.now().toString(36)}`;
    await this.autosave(true);
    this.message = W.saved;
    this.render();
  }

  /**
   * Saves the tree under the doc's archive id. A game in progress saves its replay's edits automatically as a
   * separate entry (`liveAnalysisId`), never into the game itself: the running game's record and main line
   * are the app's (store.ts `saveCurrent`), untouched here; the player is told where the edits went.
   */
  private async autosave(force = false): Promise<void> {
    const d = this.doc;
    if (!d?.archiveId) return;
    const live = d.source === 'live' || d.archiveId.startsWith(LIVE_ANALYSIS_PREFIX);
    if (!force && !live && d.source !== 'saved') return;
    const end = lineThrough(d.tree, d.tree.root).at(-1)!;
    const at = d.replayer.stateAt(d.tree, end.id);
    const finished = at.ok && d.replayer.ruleset.outcome(at.value.state).status === 'finished';
    const lang = this.lang();
    const title = live && !finished ? `${this.archiveTitle()} (${W.analysisOf[lang]})` : this.archiveTitle();
    const entry = {
      id: d.archiveId,
      title,
      record: JSON.parse(JSON.stringify(toRecord(d.tree))),
      savedAt: Date.now(),
      finished,
      ...(d.restricted && d.viewer ? { restrictedViewer: d.viewer } : {}),
    };
    try {
      await saveArchived(entry);
      if (live && this.doc?.archiveId === entry.id) {
        this.message = W.liveSaved(title);
        this.render();
      }
    } catch {
      if (this.doc?.archiveId === entry.id) {
        this.message = W.notSaved;
        this.render();
      }
    }
  }

  // ── analysis ──────────────────────────────────────────────────────────────────────────────────────────

  private lineRequest(nodeOnLine: string): LineRequest {
    const d = this.doc!;
    const it =
      EVAL_ITERATIONS.find((x) => x.id === this.q<HTMLSelectElement>('rp-depth').value) ?? EVAL_ITERATIONS[0];
    return {
      ruleset: d.tree.ruleset,
      scenario: d.tree.scenario,
      seed: d.tree.seed,
      actions: lineThrough(d.tree, nodeOnLine)
        .slice(1)
        .map((n) => n.action!),
      side: this.viewpoint.side,
      iterations: it.n,
      analysisSeed: `analysis:${d.tree.seed}`,
    };
  }

  private async analyse(): Promise<void> {
    const d = this.doc;
    if (!d || this.restricted() || this.evalProgress) return;
    const line = lineThrough(d.tree, this.cursor);
    const req = this.lineRequest(this.cursor);
    this.evalProgress = { done: 0, total: line.length };
    this.evalSide = req.side;
    this.render();
    try {
      const r = await this.analysis.evaluateLine(req, (p) => {
        this.evalProgress = p;
        this.renderAnalysis();
      });
      if (this.doc !== d) return;
      if (!r.ok) {
        this.fail(r.error.message);
        return;
      }
      this.evals = new Map();
      const evals = r.value.map((e) => ({ ...e, node: line[e.ply]!.id }));
      for (const e of evals) this.evals.set(e.node, e.value);
      this.worst = worstMoves(evals, req.side, 5, 0.05);
      this.message = W.analysed(evals.length);
    } catch (e) {
      this.error = String(e);
    } finally {
      this.evalProgress = null;
      this.render();
    }
  }

  private startLearning(mistake: Mistake): void {
    const d = this.doc;
    const n = d && nodeOf(d.tree, mistake.node);
    if (!n || n.parent === null) return;
    this.stopAutoplay();
    this.learning = { mistake, verdict: null, busy: false, showBest: false };
    this.cursor = n.parent;
    this.render();
    this.q('rp-learn').focus();
  }

  private async tryLearn(action: BaseAction): Promise<void> {
    const d = this.doc;
    const l = this.learning;
    if (!d || !l || l.busy) return;
    l.busy = true;
    l.verdict = null;
    this.render();
    try {
      const r = await this.analysis.checkMove(
        { ...this.lineRequest(l.mistake.node), ply: l.mistake.ply, margin: 0.05 },
        action,
      );
      if (this.learning !== l) return;
      if (!r.ok) this.fail(r.error.message);
      else l.verdict = r.value;
    } finally {
      l.busy = false;
      this.render();
    }
  }

  // ── rendering ─────────────────────────────────────────────────────────────────────────────────────────

  private words(ruleset: AnyRuleset, observed: BaseState, action: BaseAction | null): string {
    const lang = this.lang();
    if (!action) return W.setup[lang];
    let shown = action;
    // A secret order stays hidden from the other side unless "show all".
    if (!this.viewpoint.showAll && ruleset.id === 'epic' && action.type === 'order') {
      const det = (action as BaseAction & { det?: string }).det;
      let side: string | undefined;
      try {
        side = det ? (detById(observed as never, det) as { side?: string } | undefined)?.side : undefined;
      } catch {
        side = undefined;
      }
      if (side !== this.viewpoint.side) shown = { ...action, order: null } as BaseAction;
    }
    return actionText(ruleset.id, observed, shown, lang);
  }

  render(): void {
    const d = this.doc;
    const lang = this.lang();
    this.q('rp-error').textContent = this.error ?? '';
    this.q('rp-status').textContent = this.message ? this.message[lang] : '';
    if (!d) return;
    const ruleset = d.replayer.ruleset;
    const restricted = this.restricted();
    if (restricted && d.viewer) this.viewpoint = { side: d.viewer, showAll: false };
    const framed = replayFrame(d.replayer, d.tree, this.cursor, this.viewpoint);
    if (!framed.ok) {
      this.error = framed.error.message[lang];
      this.q('rp-error').textContent = this.error;
      return;
    }
    const f = framed.value;
    const sc = findScenario(d.tree.ruleset, d.tree.scenario);
    this.q('rp-info').textContent =
      `${ruleset.name[lang]} — ${sc?.name[lang] ?? d.tree.scenario} — ${W.seed[lang]} ${d.tree.seed} — ${f.lastPly} ${W.plies[lang]}`;
    this.q('rp-restricted').textContent = restricted ? W.restricted[lang] : '';
    this.q('rp-restricted').hidden = !restricted;

    // Navigation.
    const setDisabled = (id: string, v: boolean) => {
      this.q<HTMLButtonElement>(id).disabled = v;
    };
    setDisabled('rp-start', !f.canBack);
    setDisabled('rp-back', !f.canBack);
    setDisabled('rp-forward', !f.canForward);
    setDisabled('rp-end', !f.canForward);
    const playing = this.autoplay?.playing ?? false;
    const auto = this.q('rp-autoplay');
    auto.setAttribute('aria-pressed', String(playing));
    auto.textContent = playing
      ? lang === 'fr'
        ? 'Arrêter la lecture'
        : 'Stop playing'
      : lang === 'fr'
        ? 'Lecture automatique'
        : 'Autoplay';
    const slider = this.q<HTMLInputElement>('rp-ply');
    slider.max = String(f.lastPly);
    slider.value = String(f.ply);
    slider.setAttribute('aria-valuetext', `${W.ply[lang]} ${f.ply} / ${f.lastPly}`);
    this.q('rp-ply-out').textContent = `${f.ply} / ${f.lastPly}`;
    const sideSelect = this.q<HTMLSelectElement>('rp-side');
    sideSelect.replaceChildren(...ruleset.sides.map((s: string) => optionEl(s, sideName(s, lang))));
    sideSelect.value = this.viewpoint.side;
    sideSelect.disabled = restricted;
    setDisabled('rp-flip', restricted);
    const showAll = this.q<HTMLInputElement>('rp-showall');
    showAll.checked = this.viewpoint.showAll;
    showAll.disabled = restricted;

    // Board.
    const adapter = adapterFor(ruleset.id);
    if (adapter) {
      let overlays: ReturnType<typeof adapter.overlays> = [];
      try {
        overlays = adapter.overlays(f.state, this.selected);
      } catch {
        overlays = [];
      }
      this.slot.show(adapter.board(f.state, { viewer: this.viewpoint.side }), overlays, this.selected, lang);
    }

    this.renderTree(f, restricted);
    this.renderMove(f);
    this.renderWhatIf(f, restricted);
    this.renderAnalysis();
  }

  private renderTree(f: ReplayFrame, restricted: boolean): void {
    const d = this.doc!;
    const lang = this.lang();
    const key = JSON.stringify([
      d.tree.nextId,
      d.tree.nodes[d.tree.root]!.children,
      lang,
      this.viewpoint,
      restricted,
      Object.keys(d.tree.nodes).length,
      this.marksKey(),
    ]);
    if (key !== this.treeKey) {
      this.treeKey = key;
      this.treeButtons = new Map();
      const tree = d.tree;
      const observed = f.state;
      const item = (id: string): HTMLLIElement => {
        const n = tree.nodes[id]!;
        const li = el('li', undefined, 'move');
        const mark = markOf(n);
        const b = button(
          `${n.ply}. ${this.words(d.replayer.ruleset, observed, n.action)}${mark ? ` ${mark}` : ''}`,
          () => this.go(id),
        );
        b.dataset.node = id;
        b.dataset.ply = String(n.ply);
        if (n.notes.some((x) => x.kind === 'comment' && x.text)) b.classList.add('has-comment');
        this.treeButtons.set(id, b);
        li.append(b);
        return li;
      };
      const lineList = (first: string, cls: string): HTMLOListElement => {
        const ol = el('ol', undefined, cls);
        for (let id: string | undefined = first; id; id = tree.nodes[id]!.children[0]) {
          ol.append(item(id));
          const parent: ReplayNode = tree.nodes[tree.nodes[id]!.parent!]!;
          if (parent.children[0] === id)
            for (const alt of parent.children.slice(1)) {
              const li = el('li', undefined, 'variation');
              li.setAttribute('aria-label', W.variation[lang]);
              li.append(lineList(alt, 'line variation-line'));
              ol.append(li);
            }
        }
        return ol;
      };
      const root = el('ol', undefined, 'line main-line');
      const rootItem = el('li', undefined, 'move');
      const rb = button(W.setup[lang], () => this.go(tree.root));
      rb.dataset.node = tree.root;
      rb.dataset.ply = '0';
      this.treeButtons.set(tree.root, rb);
      rootItem.append(rb);
      root.append(rootItem);
      const first = tree.nodes[tree.root]!.children[0];
      if (first) {
        const rest = lineList(first, 'line main-line');
        root.append(...rest.childNodes);
      }
      this.q('rp-tree').replaceChildren(root);
    }
    for (const [id, b] of this.treeButtons) {
      if (id === this.cursor) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
    }
    const current = this.treeButtons.get(this.cursor);
    current?.scrollIntoView?.({ block: 'nearest' });
  }

  private marksKey(): string {
    const d = this.doc!;
    return Object.values(d.tree.nodes)
      .map((n) => `${n.id}:${markOf(n) ?? ''}:${n.notes.some((x) => x.kind === 'comment' && x.text) ? 1 : 0}`)
      .join(',');
  }

  private renderMove(f: ReplayFrame): void {
    const d = this.doc!;
    const lang = this.lang();
    const ruleset = d.replayer.ruleset;
    const main = isMainLine(d.tree, this.cursor);
    const head = f.move.action
      ? `${W.ply[lang]} ${f.ply} — ${f.move.hidden ? W.hiddenMove[lang] : this.words(ruleset, f.state, f.move.action)}`
      : W.setup[lang];
    this.q('rp-move').textContent = `${head}${f.move.mark ? ` ${f.move.mark}` : ''}`;
    this.q('rp-line').textContent = main ? W.mainLine[lang] : W.variation[lang];
    const decision = f.decision
      ? `${W.toAct[lang]}${colon(lang)}${sideName(f.decision.side, lang)} (${f.decision.phase})`
      : W.over[lang];
    this.q('rp-decision').textContent = decision;
    this.q('rp-events').replaceChildren(explainedList(ruleset, f.events, lang));
    const notes = this.q('rp-notes');
    const shown = f.notes.filter((n) => n.text || n.mark);
    notes.replaceChildren(
      ...(shown.length === 0
        ? [el('li', W.noNotes[lang], 'hint')]
        : shown.map((n) => {
            const li = el('li', undefined, `note note-${n.kind}`);
            const label = n.kind === 'auto' ? W.auto : n.kind === 'ai' ? W.ai : W.comment;
            li.append(
              el('strong', `${label[lang]}${n.mark ? ` ${n.mark}` : ''}${colon(lang)}`),
              el('span', n.text),
            );
            return li;
          })),
    );
    const comment = f.notes.find((n) => n.kind === 'comment');
    // A draft the player has not saved survives any later render of the same move (flipping the side viewed,
    // say): the fields are refilled only when the move changes or its saved note does.
    const refill = (field: HTMLTextAreaElement | HTMLSelectElement, saved: string): void => {
      if (field.dataset.node === this.cursor && field.dataset.saved === saved) return;
      field.value = saved;
      field.dataset.node = this.cursor;
      field.dataset.saved = saved;
    };
    refill(this.q<HTMLTextAreaElement>('rp-comment'), comment?.text ?? '');
    refill(this.q<HTMLSelectElement>('rp-mark'), comment?.mark ?? '');
    const isRoot = this.cursor === d.tree.root;
    this.q<HTMLButtonElement>('rp-save-comment').disabled = false;
    this.q<HTMLButtonElement>('rp-promote').disabled = main || isRoot;
    this.q<HTMLButtonElement>('rp-main').disabled = main || isRoot;
    this.q<HTMLButtonElement>('rp-delete').disabled = main || isRoot;
  }

  private renderWhatIf(f: ReplayFrame, restricted: boolean): void {
    const d = this.doc!;
    const lang = this.lang();
    const list = this.q('rp-whatif');
    const at = d.replayer.stateAt(d.tree, this.cursor);
    const truth = at.ok ? at.value.state : null;
    const allowed = truth !== null && this.mayTry(truth);
    this.q('rp-whatif-hint').textContent =
      restricted && !allowed && f.decision ? W.whatIfLocked[lang] : W.whatIfHint[lang];
    const aiButton = this.q<HTMLButtonElement>('rp-ai-reply');
    aiButton.disabled = !truth || !f.decision || this.aiBusy || restricted;
    aiButton.setAttribute('aria-busy', String(this.aiBusy));
    const learn = this.q('rp-learn');
    if (this.learning) {
      learn.hidden = false;
      this.renderLearn(truth);
    } else {
      learn.hidden = true;
      learn.replaceChildren();
    }
    if (!allowed || !truth || this.learning) {
      list.replaceChildren();
      return;
    }
    const c = choicesOf(d.replayer.ruleset, truth, 30);
    list.replaceChildren(
      ...[...c.actions, ...c.moves].map((a) => {
        const li = el('li');
        const b = button(actionText(d.tree.ruleset, f.state, a, lang), () => this.play(a), 'action');
        b.dataset.type = a.type;
        li.append(b);
        return li;
      }),
    );
  }

  private renderLearn(truth: BaseState | null): void {
    const d = this.doc!;
    const l = this.learning!;
    const lang = this.lang();
    const box = this.q('rp-learn');
    const n = nodeOf(d.tree, l.mistake.node);
    const observed = truth ? d.replayer.ruleset.observe(truth, this.viewpoint.side) : null;
    const played = n?.action ? actionText(d.tree.ruleset, observed, n.action, lang) : '';
    const parts: HTMLElement[] = [
      el('h4', W.learn[lang]),
      el('p', W.learnTitle(l.mistake.ply, played)[lang]),
    ];
    if (truth && d.replayer.ruleset.decision(truth)) {
      const c = choicesOf(d.replayer.ruleset, truth, 30);
      const ul = el('ul', undefined, 'action-list');
      for (const a of [...c.actions, ...c.moves]) {
        const li = el('li');
        const b = button(
          actionText(d.tree.ruleset, observed, a, lang),
          () => void this.tryLearn(a),
          'action',
        );
        b.disabled = l.busy;
        li.append(b);
        ul.append(li);
      }
      parts.push(ul);
    }
    const verdict = el('p', undefined, 'verdict');
    verdict.setAttribute('role', 'status');
    if (l.busy) verdict.textContent = W.checking[lang];
    else if (l.verdict) {
      verdict.textContent = l.verdict.reason[lang];
      verdict.classList.add(l.verdict.accepted ? 'success' : 'failure');
    }
    parts.push(verdict);
    if (l.showBest && l.verdict)
      parts.push(el('p', actionText(d.tree.ruleset, observed, l.verdict.best, lang), 'hint'));
    const buttons = el('div', undefined, 'buttons');
    buttons.append(
      button(W.learnBest[lang], () => {
        l.showBest = true;
        if (!l.verdict && !l.busy) void this.tryLearn(n?.action ?? { type: '' });
        this.render();
      }),
      button(W.learnStop[lang], () => {
        this.learning = null;
        this.render();
      }),
    );
    parts.push(buttons);
    box.replaceChildren(...parts);
  }

  private renderAnalysis(): void {
    const d = this.doc;
    if (!d) return;
    const lang = this.lang();
    const restricted = this.restricted();
    const busy = this.evalProgress !== null;
    this.q<HTMLButtonElement>('rp-analyse').disabled = restricted || busy;
    this.q('rp-stop').hidden = !busy;
    const progress = this.q<HTMLProgressElement>('rp-progress');
    progress.hidden = !busy;
    if (this.evalProgress) {
      progress.max = Math.max(1, this.evalProgress.total);
      progress.value = this.evalProgress.done;
      this.q('rp-analysis-status').textContent =
        `${W.analysing[lang]} ${this.evalProgress.done}/${this.evalProgress.total}`;
    } else this.q('rp-analysis-status').textContent = '';
    this.renderGraph();
    const worst = this.q('rp-worst');
    if (this.evals.size === 0) {
      worst.replaceChildren();
      return;
    }
    worst.replaceChildren(
      ...(this.worst.length === 0
        ? [el('li', W.worstNone[lang], 'hint')]
        : this.worst.map((w) => {
            const li = el('li');
            li.append(
              button(W.worstItem(w.ply, w.drop.toFixed(2))[lang], () => this.go(w.node)),
              document.createTextNode(' '),
              button(W.learn[lang], () => this.startLearning(w), 'learn'),
            );
            return li;
          })),
    );
  }

  private renderGraph(): void {
    const d = this.doc!;
    const lang = this.lang();
    const box = this.q('rp-graph');
    const line = lineThrough(d.tree, this.cursor).filter((n) => this.evals.has(n.id));
    if (line.length === 0) {
      box.replaceChildren();
      return;
    }
    const NS = 'http://www.w3.org/2000/svg';
    const w = 300;
    const h = 120;
    const maxPly = Math.max(1, line.at(-1)!.ply);
    const x = (ply: number) => (ply / maxPly) * (w - 10) + 5;
    const y = (v: number) => h / 2 - v * (h / 2 - 6);
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.setAttribute('role', 'img');
    svg.setAttribute('class', 'eval-graph');
    const title = document.createElementNS(NS, 'title');
    title.textContent = W.graph(sideName(this.evalSide, lang))[lang];
    svg.append(title);
    const axis = document.createElementNS(NS, 'line');
    axis.setAttribute('x1', '0');
    axis.setAttribute('x2', String(w));
    axis.setAttribute('y1', String(h / 2));
    axis.setAttribute('y2', String(h / 2));
    axis.setAttribute('class', 'axis');
    const poly = document.createElementNS(NS, 'polyline');
    poly.setAttribute(
      'points',
      line.map((n) => `${x(n.ply).toFixed(1)},${y(this.evals.get(n.id)!).toFixed(1)}`).join(' '),
    );
    poly.setAttribute('class', 'curve');
    svg.append(axis, poly);
    const cur = nodeOf(d.tree, this.cursor);
    if (cur) {
      const c = document.createElementNS(NS, 'line');
      c.setAttribute('x1', String(x(cur.ply)));
      c.setAttribute('x2', String(x(cur.ply)));
      c.setAttribute('y1', '0');
      c.setAttribute('y2', String(h));
      c.setAttribute('class', 'cursor');
      svg.append(c);
    }
    for (const wm of this.worst) {
      const n = nodeOf(d.tree, wm.node);
      if (!n || !this.evals.has(n.id)) continue;
      const dot = document.createElementNS(NS, 'circle');
      dot.setAttribute('cx', String(x(n.ply)));
      dot.setAttribute('cy', String(y(this.evals.get(n.id)!)));
      dot.setAttribute('r', '3.5');
      dot.setAttribute('class', 'mistake');
      const t = document.createElementNS(NS, 'title');
      t.textContent = W.worstItem(wm.ply, wm.drop.toFixed(2))[lang];
      dot.append(t);
      svg.append(dot);
    }
    const caption = el('p', `${W.graph(sideName(this.evalSide, lang))[lang]} (−1 … +1)`, 'hint');
    box.replaceChildren(svg, caption);
  }
}
