/**
 * The lessons screen (docs/lessons.md): the menu of each ruleset's lessons with the progress saved, and a
 * lesson player. Each step is played on the real engine (src/teach/runner.ts): the board draws the step's
 * position as the learner's side sees it, the legal actions are listed as in a game, and one action is
 * judged — success or failure with the explanation and the rules the move's events cite, a Retry, and the
 * opponent's scripted reply after a success. Progress is kept in localStorage (store.ts).
 */
import type { BaseAction, BaseState, GameEvent } from '../engine/contract';
import type { Message } from '../engine/result';
import { rulesets } from '../rulesets/registry';
import { findLesson, lessonMenu } from '../teach/catalog';
import type { Lesson } from '../teach/lesson';
import {
  type Attempt,
  attemptStep,
  type LessonProgress,
  newProgress,
  recordAttempt,
  stepPosition,
} from '../teach/runner';
import { adapterFor } from './adapters';
import { BoardSlot, button, el, explainedList, optionEl } from './dom';
import { withDestination } from './game';
import { type Lang, sideName } from './i18n';
import { loadLessonProgress, saveLessonProgress } from './store';
import { actionText, choicesOf, sameAction } from './teach-view';

const m = (fr: string, en: string): Message => ({ fr, en });
const W = {
  noLessons: m('Pas encore de leçon pour ce système de règles.', 'No lesson for this rule system yet.'),
  steps: (n: number) => m(`${n} étape${n > 1 ? 's' : ''}`, `${n} step${n > 1 ? 's' : ''}`),
  progress: (k: number, n: number) => m(`${k}/${n} étapes réussies`, `${k}/${n} steps passed`),
  finished: m('Terminée', 'Finished'),
  start: m('Commencer', 'Start'),
  resume: m('Continuer', 'Continue'),
  again: m('Recommencer', 'Start again'),
  step: (k: number, n: number) => m(`Étape ${k} sur ${n}`, `Step ${k} of ${n}`),
  youPlay: (side: string) => m(`Vous jouez le camp ${side}.`, `You play the ${side} side.`),
  goal: m('But', 'Goal'),
  passed: m('Réussi !', 'Passed!'),
  failed: m('Pas encore.', 'Not yet.'),
  refused: m('Refusé par les règles', 'Refused by the rules'),
  yourMove: m('Votre coup', 'Your move'),
  reply: m('La réponse de l’adversaire', 'The opponent’s reply'),
  prefix: m('Comment on en est arrivé là', 'How we got here'),
  done: m('Leçon terminée : bravo !', 'Lesson finished: well done!'),
  solution: m('La solution', 'The solution'),
  solutionIs: m('Le coup attendu', 'The move expected'),
  selectFirst: m('Choisissez d’abord une unité.', 'Select a unit first.'),
};

/** A saved progress that fits this lesson, or a fresh one. */
function progressOf(lesson: Lesson, saved: unknown): LessonProgress {
  const p = saved as Partial<LessonProgress> | undefined;
  if (
    p &&
    p.lesson === lesson.id &&
    Number.isInteger(p.step) &&
    p.step! >= 0 &&
    p.step! <= lesson.steps.length &&
    Array.isArray(p.passed) &&
    typeof p.finished === 'boolean' &&
    p.attempts &&
    typeof p.attempts === 'object'
  )
    return p as LessonProgress;
  return newProgress(lesson);
}

export class LessonsScreen {
  private ruleset = '';
  private lesson: Lesson | null = null;
  private progress: LessonProgress | null = null;
  private attempt: Attempt | null = null;
  private notice: Message | null = null;
  private showSolution = false;
  private selected: string | undefined;
  private readonly slot: BoardSlot;
  private readonly q = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

  constructor(private readonly lang: () => Lang) {
    this.slot = new BoardSlot(
      this.q('lesson-board'),
      (id) => {
        this.selected = id;
        this.render();
      },
      (p) => this.pointAt(p),
    );
    this.q<HTMLSelectElement>('lesson-ruleset').addEventListener('change', (e) => {
      this.ruleset = (e.target as HTMLSelectElement).value;
      this.closeLesson();
    });
    this.q('lesson-menu-back').addEventListener('click', () => this.closeLesson());
    this.q('lesson-retry').addEventListener('click', () => this.retry());
    this.q('lesson-next').addEventListener('click', () => {
      this.attempt = null;
      this.notice = null;
      this.showSolution = false;
      this.render();
      this.q('lesson-instruction').focus();
    });
    this.q('lesson-show').addEventListener('click', () => {
      this.showSolution = !this.showSolution;
      this.render();
    });
  }

  /** Opens the menu of a ruleset (the home form's choice). */
  open(ruleset: string): void {
    if (Object.hasOwn(rulesets, ruleset)) this.ruleset = ruleset;
    if (!this.ruleset) this.ruleset = Object.keys(rulesets)[0] ?? '';
    this.closeLesson();
  }

  private closeLesson(): void {
    this.lesson = null;
    this.progress = null;
    this.attempt = null;
    this.notice = null;
    this.render();
  }

  private openLesson(id: string, restart: boolean): void {
    const found = findLesson(this.ruleset, id);
    if (!found.ok) {
      this.notice = found.error.message;
      this.render();
      return;
    }
    this.lesson = found.value;
    this.progress = restart ? newProgress(found.value) : progressOf(found.value, loadLessonProgress()[id]);
    if (this.progress.finished) this.progress = newProgress(found.value);
    saveLessonProgress(id, this.progress);
    this.attempt = null;
    this.notice = null;
    this.showSolution = false;
    this.selected = undefined;
    this.render();
    this.q('lesson-name').focus();
  }

  private retry(): void {
    this.attempt = null;
    this.notice = null;
    this.render();
  }

  /** The step being played (the progress' step while choosing or after a failure; the one just passed). */
  private stepIndex(): number {
    if (!this.progress) return 0;
    return this.attempt?.passed ? this.progress.step - 1 : this.progress.step;
  }

  private play(action: BaseAction): void {
    const lesson = this.lesson;
    const progress = this.progress;
    if (!lesson || !progress || this.attempt || progress.finished) return;
    const r = attemptStep(lesson, progress.step, action);
    if (!r.ok) {
      this.notice = r.error.message;
      this.render();
      return;
    }
    this.attempt = r.value;
    this.notice = null;
    this.showSolution = false;
    this.progress = recordAttempt(lesson, progress, r.value);
    saveLessonProgress(lesson.id, this.progress);
    this.render();
    this.q(r.value.passed ? 'lesson-next' : 'lesson-retry').focus();
  }

  /** A click on the table: a destination for the selected unit's move, or the rules' refusal. */
  private pointAt(p: { x: number; y: number }): void {
    const lesson = this.lesson;
    if (!lesson || !this.progress || this.attempt || this.progress.finished) return;
    const pos = stepPosition(lesson, this.progress.step);
    if (!pos.ok) return;
    const ruleset = rulesets[lesson.ruleset]!;
    const regions = ruleset.legal(pos.value.state).regions;
    const mine = regions.filter((r) => r.unit === this.selected);
    const candidates = mine.length > 0 ? mine : regions.length === 1 ? regions : [];
    if (candidates.length === 0) {
      this.notice = W.selectFirst;
      this.render();
      return;
    }
    let why: Message | null = null;
    for (const r of candidates) {
      const action = withDestination(r.template, p);
      const v = ruleset.validate(pos.value.state, action);
      if (v.ok) {
        this.play(action);
        return;
      }
      why ??= v.error.message;
    }
    this.notice = why && { fr: `${W.refused.fr} : ${why.fr}`, en: `${W.refused.en}: ${why.en}` };
    this.render();
  }

  render(): void {
    const lang = this.lang();
    const rs = this.q<HTMLSelectElement>('lesson-ruleset');
    rs.replaceChildren(...Object.keys(rulesets).map((id) => optionEl(id, rulesets[id]!.name[lang])));
    rs.value = this.ruleset;
    const playing = this.lesson !== null;
    this.q('lesson-list').hidden = playing;
    this.q('lesson-player').hidden = !playing;
    this.q('lesson-menu-back').hidden = !playing;
    if (!playing) this.renderMenu(lang);
    else this.renderPlayer(lang);
  }

  private renderMenu(lang: Lang): void {
    const list = this.q('lesson-list');
    const menu = lessonMenu(this.ruleset);
    const saved = loadLessonProgress();
    if (menu.length === 0) {
      list.replaceChildren(el('li', W.noLessons[lang], 'hint'));
      return;
    }
    list.replaceChildren(
      ...menu.map((entry) => {
        const li = el('li', undefined, 'lesson-entry');
        li.dataset.lesson = entry.id;
        const found = findLesson(this.ruleset, entry.id);
        const p = found.ok ? progressOf(found.value, saved[entry.id]) : null;
        const headingId = `lesson-h-${entry.id}`;
        const h = el('h3', entry.title[lang]);
        h.id = headingId;
        const status = p?.finished ? W.finished[lang] : W.progress(p?.passed.length ?? 0, entry.steps)[lang];
        const state = el('p', `${W.steps(entry.steps)[lang]} — ${status}`, 'lesson-progress');
        const started = p && (p.step > 0 || p.finished);
        const go = button((p?.finished ? W.again : started ? W.resume : W.start)[lang], () =>
          this.openLesson(entry.id, !!p?.finished),
        );
        go.setAttribute('aria-describedby', headingId);
        li.append(h, el('p', entry.summary[lang]), state, go);
        return li;
      }),
    );
  }

  private renderPlayer(lang: Lang): void {
    const lesson = this.lesson!;
    const progress = this.progress!;
    const ruleset = rulesets[lesson.ruleset]!;
    const index = Math.min(this.stepIndex(), lesson.steps.length - 1);
    const step = lesson.steps[index]!;
    const pos = stepPosition(lesson, index);
    this.q('lesson-name').textContent = lesson.title[lang];
    this.q('lesson-step').textContent =
      `${W.step(index + 1, lesson.steps.length)[lang]} — ${W.youPlay(sideName(step.side, lang))[lang]}`;
    this.q('lesson-instruction').textContent = step.instruction[lang];
    this.q('lesson-goal').textContent = `${W.goal[lang]} : ${step.goal[lang]}`.replace(
      ' : ',
      lang === 'fr' ? '\u00a0: ' : ': ',
    );
    const feedback = this.q('lesson-feedback');
    const a = this.attempt;
    const parts: HTMLElement[] = [];
    if (this.notice) parts.push(el('p', this.notice[lang], 'message'));
    if (a) {
      parts.push(el('p', (a.passed ? W.passed : W.failed)[lang], a.passed ? 'success' : 'failure'));
      parts.push(el('p', a.message[lang]));
      if (a.refusal) parts.push(el('p', `${W.refused[lang]} (${a.refusal.code})`, 'hint'));
      if (a.passed && progress.finished) parts.push(el('p', W.done[lang], 'success'));
    }
    feedback.replaceChildren(...parts);
    feedback.className = a ? (a.passed ? 'feedback passed' : 'feedback failed') : 'feedback';
    this.q('lesson-retry').hidden = !(a && !a.passed);
    this.q('lesson-next').hidden = !(a?.passed && !progress.finished);
    const show = this.q<HTMLButtonElement>('lesson-show');
    show.hidden = a !== null;
    show.setAttribute('aria-pressed', String(this.showSolution));

    // The board: the step's position, or what the move (and the reply) made of it.
    let state: BaseState | null = pos.ok ? pos.value.state : null;
    if (a) state = a.reply?.state ?? a.state;
    if (state) {
      const adapter = adapterFor(lesson.ruleset);
      const obs = ruleset.observe(state, step.side) as BaseState;
      if (adapter) {
        let overlays: ReturnType<typeof adapter.overlays> = [];
        try {
          overlays = adapter.overlays(obs, this.selected);
        } catch {
          overlays = [];
        }
        this.slot.show(adapter.board(obs, { viewer: step.side }), overlays, this.selected, lang);
      }
    }

    // The legal actions, while the learner chooses.
    const list = this.q('lesson-actions');
    const moves = this.q('lesson-moves');
    const choosing = !a && pos.ok;
    const obs = pos.ok ? (ruleset.observe(pos.value.state, step.side) as BaseState) : null;
    const c = choosing ? choicesOf(ruleset, pos.value.state, 20) : { actions: [], moves: [] };
    const solution = this.showSolution && pos.ok ? this.solutionOf(lesson, index, c) : null;
    const item = (action: BaseAction) => {
      const li = el('li');
      const isSolution = solution !== null && sameAction(solution, action);
      const b = button(actionText(lesson.ruleset, obs, action, lang), () => this.play(action), 'action');
      b.dataset.type = action.type;
      if (isSolution) {
        b.classList.add('solution');
        b.append(el('span', ` ★ ${W.solution[lang]}`, 'solution-tag'));
      }
      li.append(b);
      return li;
    };
    list.replaceChildren(...c.actions.map(item));
    moves.replaceChildren(...c.moves.map(item));
    this.q('lesson-moves-title').hidden = c.moves.length === 0;
    const solutionBox = this.q('lesson-solution');
    solutionBox.hidden = !(this.showSolution && solution);
    solutionBox.replaceChildren();
    if (this.showSolution && solution) {
      const words = actionText(lesson.ruleset, obs, solution, lang);
      solutionBox.append(el('p', `${W.solutionIs[lang]}${lang === 'fr' ? '\u00a0: ' : ': '}${words}`));
      // A solution the list does not show (a free destination) can be played from here.
      if (![...c.actions, ...c.moves].some((x) => sameAction(x, solution)))
        solutionBox.append(button(words, () => this.play(solution), 'action solution'));
    }

    // What happened: how the position was reached, the move, the reply — each rule explained.
    const events = this.q('lesson-events');
    const blocks: HTMLElement[] = [];
    const block = (title: Message, list: GameEvent[], open: boolean) => {
      if (list.length === 0) return;
      const d = el('details');
      d.open = open;
      d.append(el('summary', title[lang]), explainedList(ruleset, list, lang));
      blocks.push(d);
    };
    if (pos.ok) block(W.prefix, pos.value.events, !a);
    if (a) {
      block(W.yourMove, a.events, true);
      if (a.reply) block(W.reply, a.reply.events, true);
    }
    events.replaceChildren(...blocks);
  }

  /** The step's solution when it is listed, else the first listed action that passes the step. */
  private solutionOf(lesson: Lesson, index: number, c: { actions: BaseAction[]; moves: BaseAction[] }) {
    const step = lesson.steps[index]!;
    const all = [...c.actions, ...c.moves];
    const listed = all.find((x) => sameAction(x, step.solution));
    if (listed) return listed;
    const passing = all.find((x) => {
      const r = attemptStep(lesson, index, x);
      return r.ok && r.value.passed;
    });
    return passing ?? step.solution;
  }
}
