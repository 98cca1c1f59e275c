/**
 * The lesson runner (docs/lessons.md). Every step runs on the real engine: the set-up goes through the
 * ruleset's `parseScenario` and `setup`, the prefix and the learner's move through `apply`, so a lesson can
 * only teach what the engine does. Progress is a plain object the app stores as it likes.
 */
import type { AnyRuleset, BaseAction, BaseState, DecisionPoint, GameEvent } from '../engine/contract';
import { type GameError, gameError, type Message, type Result } from '../engine/result';
import { rulesets } from '../rulesets/registry';
import { type Lesson, type LessonStep, parseLesson, rulesOf, runCheck } from './lesson';

export interface StepPosition {
  state: BaseState;
  /** The events of the prefix, so the view can show how the moment was reached. */
  events: GameEvent[];
  decision: DecisionPoint;
  side: string;
}

const stepError = (code: string, en: string, fr: string, field: string): { ok: false; error: GameError } => ({
  ok: false,
  error: gameError(code, `Lesson: ${en}`, `Leçon : ${fr}`, field),
});

function rulesetOf(lesson: Lesson): AnyRuleset | undefined {
  return Object.hasOwn(rulesets, lesson.ruleset) ? rulesets[lesson.ruleset] : undefined;
}

/** The position a step starts from: its scenario set up with its seed, then its prefix played. */
export function stepPosition(lesson: Lesson, index: number): Result<StepPosition> {
  const ruleset = rulesetOf(lesson);
  const at = `steps.${index}`;
  if (!ruleset)
    return stepError(
      'ERR_LESSON_RULESET',
      `unknown rule system "${lesson.ruleset}".`,
      `système de règles inconnu « ${lesson.ruleset} ».`,
      'ruleset',
    );
  const step = lesson.steps[index];
  if (!step)
    return stepError('ERR_LESSON_STEP', `there is no step ${index}.`, `il n'y a pas d'étape ${index}.`, at);
  const data =
    typeof step.setup.scenario === 'string' ? lesson.scenarios[step.setup.scenario] : step.setup.scenario;
  const sc = ruleset.parseScenario(data);
  if (!sc.ok)
    return stepError(
      'ERR_LESSON_SETUP',
      `step "${step.id}": ${sc.error.message.en}`,
      `étape « ${step.id} » : ${sc.error.message.fr}`,
      `${at}.setup.scenario${sc.error.field ? `.${sc.error.field}` : ''}`,
    );
  const init = ruleset.setup(sc.value, step.setup.seed);
  if (!init.ok)
    return stepError('ERR_LESSON_SETUP', init.error.message.en, init.error.message.fr, `${at}.setup`);
  let state: BaseState = init.value;
  const events: GameEvent[] = [];
  for (const [i, a] of step.setup.prefix.entries()) {
    const r = ruleset.apply(state, a);
    if (!r.ok)
      return stepError(
        'ERR_LESSON_PREFIX',
        `step "${step.id}": prefix action ${i} is illegal: ${r.error.message.en}`,
        `étape « ${step.id} » : l'action ${i} du préambule est illégale : ${r.error.message.fr}`,
        `${at}.setup.prefix.${i}`,
      );
    state = r.value.state;
    events.push(...r.value.events);
  }
  const decision = ruleset.decision(state);
  if (!decision || decision.side !== step.side)
    return stepError(
      'ERR_LESSON_SIDE',
      `step "${step.id}": after the prefix the side to act is ${decision?.side ?? 'nobody'}, not ${step.side}.`,
      `étape « ${step.id} » : après le préambule le camp qui joue est ${decision?.side ?? 'personne'}, pas ${step.side}.`,
      `${at}.side`,
    );
  return { ok: true, value: { state, events, decision, side: step.side } };
}

/** Parses a lesson and sets every step up on the engine: the gate for lesson files. */
export function loadLesson(json: unknown): Result<Lesson> {
  const parsed = parseLesson(json);
  if (!parsed.ok) return parsed;
  const lesson = parsed.value;
  if (!rulesetOf(lesson))
    return stepError(
      'ERR_LESSON_RULESET',
      `unknown rule system "${lesson.ruleset}".`,
      `système de règles inconnu « ${lesson.ruleset} ».`,
      'ruleset',
    );
  for (let i = 0; i < lesson.steps.length; i++) {
    const p = stepPosition(lesson, i);
    if (!p.ok) return p;
  }
  return parsed;
}

export interface Attempt {
  passed: boolean;
  /** The learner's move was legal: `state` and `events` are what it did. */
  legal: boolean;
  state: BaseState;
  events: GameEvent[];
  /** After a success: the opponent's scripted reply, played on the engine. */
  reply: { state: BaseState; events: GameEvent[] } | null;
  /** What to show: the step's success text, or its explanation (after the engine's refusal when illegal). */
  message: Message;
  /** When illegal: the engine's refusal. */
  refusal?: GameError;
  /** The rule ids the move's events cite (the view links them to `explain`). */
  rulesCited: string[];
}

/** Plays the learner's move on the step's position and decides it. Retry = call it again. */
export function attemptStep(lesson: Lesson, index: number, action: BaseAction): Result<Attempt> {
  const pos = stepPosition(lesson, index);
  if (!pos.ok) return pos;
  const ruleset = rulesetOf(lesson)!;
  const step = lesson.steps[index]!;
  const r = ruleset.apply(pos.value.state, action);
  if (!r.ok)
    return {
      ok: true,
      value: {
        passed: false,
        legal: false,
        state: pos.value.state,
        events: [],
        reply: null,
        message: {
          en: `${r.error.message.en} ${step.explanation.en}`,
          fr: `${r.error.message.fr} ${step.explanation.fr}`,
        },
        refusal: r.error,
        rulesCited: [],
      },
    };
  const { state, events } = r.value;
  const passed = runCheck(step.check, { action, events, state });
  let reply: Attempt['reply'] = null;
  if (passed) {
    let s = state;
    const replyEvents: GameEvent[] = [];
    for (const [i, a] of step.reply.entries()) {
      const x = ruleset.apply(s, a);
      if (!x.ok)
        return stepError(
          'ERR_LESSON_REPLY',
          `step "${step.id}": reply action ${i} is illegal: ${x.error.message.en}`,
          `étape « ${step.id} » : l'action ${i} de la réponse est illégale : ${x.error.message.fr}`,
          `steps.${index}.reply.${i}`,
        );
      s = x.value.state;
      replyEvents.push(...x.value.events);
    }
    reply = { state: s, events: replyEvents };
  }
  return {
    ok: true,
    value: {
      passed,
      legal: true,
      state,
      events,
      reply,
      message: passed ? step.success : step.explanation,
      rulesCited: [...new Set(events.flatMap(rulesOf))],
    },
  };
}

// --- progress -------------------------------------------------------------------------------------------

export interface LessonProgress {
  lesson: string;
  /** The step to play now (index); equals the number of steps once finished. */
  step: number;
  /** Ids of the steps passed. */
  passed: string[];
  /** Attempts per step id, failures included. */
  attempts: Record<string, number>;
  finished: boolean;
}

export const newProgress = (lesson: Lesson): LessonProgress => ({
  lesson: lesson.id,
  step: 0,
  passed: [],
  attempts: {},
  finished: false,
});

/** The progress after an attempt at the current step: a pass moves on, a failure stays for a retry. */
export function recordAttempt(lesson: Lesson, progress: LessonProgress, attempt: Attempt): LessonProgress {
  const step = lesson.steps[progress.step];
  if (!step || progress.finished) return progress;
  const attempts = { ...progress.attempts, [step.id]: (progress.attempts[step.id] ?? 0) + 1 };
  if (!attempt.passed) return { ...progress, attempts };
  const next = progress.step + 1;
  return {
    lesson: lesson.id,
    step: next,
    passed: progress.passed.includes(step.id) ? progress.passed : [...progress.passed, step.id],
    attempts,
    finished: next >= lesson.steps.length,
  };
}

/** The step a progress points at, for the view; null once finished. */
export const currentStep = (lesson: Lesson, progress: LessonProgress): LessonStep | null =>
  progress.finished ? null : (lesson.steps[progress.step] ?? null);
