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
  const step = lesson.steps[index];
  return positionWith(lesson, index, step?.setup.seed ?? '');
}

/** The position of step `index` set up with `seed` (the step's own seed, or a candidate of the search). */
function positionWith(lesson: Lesson, index: number, seed: string): Result<StepPosition> {
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
  const init = ruleset.setup(sc.value, seed);
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

// --- the step's dice, found at load time -----------------------------------------------------------------

/** How many seeds the search tries for one step before the lesson is refused (`ERR_LESSON_DICE`). */
export const SEED_TRIES = 400;

/** The k-th seed the search tries for a step whose file gives `base`: `base`, then `base~1`, `base~2`… */
export const candidateSeed = (base: string, k: number): string => (k === 0 ? base : `${base}~${k}`);

/**
 * Why the step does not play as designed from `pos`, or null when it does: the prefix gave what `require`
 * asks, the solution passes, cites every rule of `teaches` and the opponent's reply is legal after it, and
 * every wrong move fails.
 */
export function designFault(lesson: Lesson, index: number, pos: StepPosition): Message | null {
  const step = lesson.steps[index]!;
  const { require } = step.setup;
  const last = step.setup.prefix.at(-1) ?? { type: '' };
  if (require && !runCheck(require, { action: last, events: pos.events, state: pos.state }))
    return m(
      'its set-up does not give what `require` asks',
      'sa mise en place ne donne pas ce que `require` demande',
    );
  const sol = attemptAt(lesson, index, pos, step.solution);
  if (!sol.ok) return m(sol.error.message.en, sol.error.message.fr);
  if (!sol.value.legal) return m('its solution is illegal', 'sa solution est illégale');
  if (!sol.value.passed)
    return m('its solution does not pass its check', 'sa solution ne passe pas sa vérification');
  const missing = step.teaches.filter((r) => !sol.value.rulesCited.includes(r));
  if (missing.length > 0)
    return m(
      `its solution does not cite ${missing.join(', ')}`,
      `sa solution ne cite pas ${missing.join(', ')}`,
    );
  for (const [i, w] of step.wrong.entries()) {
    const a = attemptAt(lesson, index, pos, w);
    if (!a.ok || a.value.passed)
      return m(`its wrong move ${i} passes its check`, `son mauvais coup ${i} passe sa vérification`);
  }
  return null;
}

const m = (en: string, fr: string): Message => ({ en, fr });

/**
 * The seed step `index` plays with: the first candidate (`candidateSeed`) on which the step plays as
 * designed (`designFault`). Dice come only from the seeded RNG, so a rules change that alters the dice (or
 * the order they are drawn in) moves the lesson to another seed instead of silently breaking it; when none of
 * `SEED_TRIES` candidates works the lesson is refused, naming the fault of the file's own seed.
 */
export function findStepSeed(lesson: Lesson, index: number): Result<{ seed: string; tries: number }> {
  const step = lesson.steps[index];
  if (!step) return positionWith(lesson, index, '') as { ok: false; error: GameError };
  let firstFailure: { ok: false; error: GameError } | null = null;
  let firstFault: Message | null = null;
  for (let k = 0; k < SEED_TRIES; k++) {
    const seed = candidateSeed(step.setup.seed, k);
    const pos = positionWith(lesson, index, seed);
    if (!pos.ok) {
      // A scenario the ruleset refuses is refused whatever the seed.
      if (pos.error.code === 'ERR_LESSON_SETUP' || pos.error.code === 'ERR_LESSON_RULESET') return pos;
      firstFailure ??= pos;
      continue;
    }
    const fault = designFault(lesson, index, pos.value);
    if (!fault) return { ok: true, value: { seed, tries: k + 1 } };
    firstFault ??= fault;
  }
  if (!firstFault && firstFailure) return firstFailure;
  const fault = firstFault ?? m('no seed works', 'aucune graine ne convient');
  return stepError(
    'ERR_LESSON_DICE',
    `step "${step.id}": no seed from "${step.setup.seed}" to "${candidateSeed(step.setup.seed, SEED_TRIES - 1)}" lets it play as designed (with its own seed, ${fault.en}).`,
    `étape « ${step.id} » : aucune graine de « ${step.setup.seed} » à « ${candidateSeed(step.setup.seed, SEED_TRIES - 1)} » ne la fait jouer comme prévu (avec sa propre graine, ${fault.fr}).`,
    `steps.${index}.setup.seed`,
  );
}

/**
 * Parses a lesson and sets every step up on the engine: the gate for lesson files. The lesson returned holds,
 * for each step, the seed `findStepSeed` found.
 */
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
  const steps: LessonStep[] = [];
  for (let i = 0; i < lesson.steps.length; i++) {
    const found = findStepSeed(lesson, i);
    if (!found.ok) return found;
    const step = lesson.steps[i]!;
    steps.push({ ...step, setup: { ...step.setup, seed: found.value.seed } });
  }
  return { ok: true, value: { ...lesson, steps } };
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
  return attemptAt(lesson, index, pos.value, action);
}

function attemptAt(lesson: Lesson, index: number, pos: StepPosition, action: BaseAction): Result<Attempt> {
  const ruleset = rulesetOf(lesson)!;
  const step = lesson.steps[index]!;
  const r = ruleset.apply(pos.state, action);
  if (!r.ok)
    return {
      ok: true,
      value: {
        passed: false,
        legal: false,
        state: pos.state,
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
