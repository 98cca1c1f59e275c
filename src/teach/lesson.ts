/**
 * Lessons as data (docs/lessons.md). A lesson is a list of steps; a step sets a board up (a scenario of the
 * ruleset, validated by its own `parseScenario`, a seed, and prefix actions that reach the moment taught),
 * tells the learner what to do (FR/EN), decides with a declarative check, plays the opponent's scripted
 * reply, and explains a failure. Checks are a small vocabulary read by `runCheck`: nothing is evaluated.
 */
import { z } from 'zod';
import type { BaseAction, GameEvent } from '../engine/contract';
import { schemaError } from '../engine/record';
import { gameError, type Message, type Result } from '../engine/result';

export const LESSON_FORMAT = 'wargame-sandbox/lesson';
export const LESSON_VERSION = 1;

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** A step of a path into the state: a key, an index, or "the element of this array whose `where` is `is`". */
export type PathSegment = string | number | { where: string; is: string | number | boolean | null };

/**
 * The checks a step may use. A step decides success by the rule-level outcome it teaches ("a riposte was
 * rolled", "the fire is out"), so a check reads the engine's events and state rather than particular dice:
 * - `action`: the learner's action has every field of `match` with that value (nested objects compared deeply);
 * - `event`: one event of the learner's action cites `rule` (an event may cite several), optionally of `event`
 *   kind, by `side`, concerning `unit` (in its `units`), and with a dice group whose label contains `dice`
 *   (e.g. `riposte`: the defender struck back);
 * - `state`: the value at `path` in the state after the action `equals` a value, or lies in [`atLeast`, `atMost`];
 * - `all`, `any`, `not`: combinations.
 */
export type Check =
  | { kind: 'action'; match: Record<string, Json> }
  | { kind: 'event'; rule: string; event?: string; side?: string; unit?: string; dice?: string }
  | { kind: 'state'; path: PathSegment[]; equals?: Json; atLeast?: number; atMost?: number }
  | { kind: 'all'; of: Check[] }
  | { kind: 'any'; of: Check[] }
  | { kind: 'not'; check: Check };

export interface LessonSetup {
  /** A key of the lesson's `scenarios`, or a scenario written out. */
  scenario: string | Record<string, unknown>;
  /**
   * Where the search for the step's dice starts (src/teach/runner.ts `findStepSeed`): the first of `seed`,
   * `seed~1`, `seed~2`… whose set-up gives `require` and on which the step plays as designed. A loaded
   * lesson holds the seed found.
   */
  seed: string;
  /** Actions played from the set-up to reach the moment taught (both sides'). */
  prefix: BaseAction[];
  /**
   * What the prefix's dice must have produced for the step to make sense (Vargas is Mis au sol), checked on
   * the prefix's last action, all its events and the state after it.
   */
  require?: Check;
}

export interface LessonStep {
  id: string;
  setup: LessonSetup;
  /** The learner's side: the side to act after the prefix. */
  side: string;
  instruction: Message;
  goal: Message;
  check: Check;
  /** The opponent's scripted answer, played after a success to show what follows. */
  reply: BaseAction[];
  /** Shown after a failure (the learner then retries from the same position). */
  explanation: Message;
  success: Message;
  /** The intended move: the "show me" button plays it; the tests check it passes. */
  solution: BaseAction;
  /** Tempting wrong moves: the tests check each fails with the explanation. */
  wrong: BaseAction[];
  /** The rules the step teaches: the solution's events must cite each of them. */
  teaches: string[];
}

export interface Lesson {
  format: typeof LESSON_FORMAT;
  version: typeof LESSON_VERSION;
  id: string;
  ruleset: string;
  title: Message;
  summary: Message;
  scenarios: Record<string, Record<string, unknown>>;
  steps: LessonStep[];
}

const id = z.string().regex(/^[A-Za-z0-9_-]{1,60}$/, 'letters, digits, - and _ only');
const message = z.object({ fr: z.string().min(1).max(2000), en: z.string().min(1).max(2000) });
const action = z.object({ type: z.string().min(1).max(64) }).passthrough();
const scalar = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);
const json: z.ZodType<Json> = z.lazy(() =>
  z.union([scalar, z.array(json).max(100), z.record(z.string().max(60), json)]),
);
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
const segment = z.union([
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,60}$/)
    .refine((k) => !FORBIDDEN_KEYS.has(k), 'a forbidden key'),
  z.number().int().min(0).max(10_000),
  z.object({ where: z.string().regex(/^[A-Za-z0-9_]{1,40}$/), is: scalar }),
]);
const check: z.ZodType<Check> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('action'), match: z.record(z.string().max(60), json) }),
    z.object({
      kind: z.literal('event'),
      rule: z.string().min(1).max(40),
      event: z.string().max(60).optional(),
      side: z.string().max(40).optional(),
      unit: z.string().max(60).optional(),
      dice: z.string().min(1).max(60).optional(),
    }),
    z
      .object({
        kind: z.literal('state'),
        path: z.array(segment).min(1).max(12),
        equals: json.optional(),
        atLeast: z.number().optional(),
        atMost: z.number().optional(),
      })
      .refine((c) => c.equals !== undefined || c.atLeast !== undefined || c.atMost !== undefined, {
        message: 'a state check needs equals, atLeast or atMost',
      }),
    z.object({ kind: z.literal('all'), of: z.array(check).min(1).max(20) }),
    z.object({ kind: z.literal('any'), of: z.array(check).min(1).max(20) }),
    z.object({ kind: z.literal('not'), check }),
  ]),
);
const stepSchema = z.object({
  id,
  setup: z.object({
    scenario: z.union([id, z.record(z.string(), z.unknown())]),
    seed: z.string().max(200),
    prefix: z.array(action).max(500),
    require: check.optional(),
  }),
  side: z.string().min(1).max(40),
  instruction: message,
  goal: message,
  check,
  reply: z.array(action).max(50),
  explanation: message,
  success: message,
  solution: action,
  wrong: z.array(action).max(10),
  teaches: z.array(z.string().min(1).max(40)).min(1).max(10),
});
const lessonSchema = z.object({
  format: z.literal(LESSON_FORMAT),
  version: z.literal(LESSON_VERSION),
  id,
  ruleset: z.string().min(1).max(64),
  title: message,
  summary: message,
  scenarios: z.record(id, z.record(z.string(), z.unknown())),
  steps: z.array(stepSchema).min(1).max(30),
});

/** Parses a lesson file's shape (`loadLesson` in runner.ts also plays every set-up on the engine). */
export function parseLesson(input: unknown): Result<Lesson> {
  const parsed = lessonSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      error: schemaError('ERR_LESSON_SCHEMA', parsed.error, { en: 'Lesson', fr: 'Leçon' }),
    };
  const lesson = parsed.data as Lesson;
  const seen = new Set<string>();
  for (const [i, s] of lesson.steps.entries()) {
    if (seen.has(s.id))
      return {
        ok: false,
        error: gameError(
          'ERR_LESSON_SCHEMA',
          `Lesson: step id "${s.id}" is used twice.`,
          `Leçon : l'identifiant d'étape « ${s.id} » est utilisé deux fois.`,
          `steps.${i}.id`,
        ),
      };
    seen.add(s.id);
    if (typeof s.setup.scenario === 'string' && !Object.hasOwn(lesson.scenarios, s.setup.scenario))
      return {
        ok: false,
        error: gameError(
          'ERR_LESSON_SCHEMA',
          `Lesson: step "${s.id}" names scenario "${s.setup.scenario}", which the lesson does not hold.`,
          `Leçon : l'étape « ${s.id} » nomme le scénario « ${s.setup.scenario} », absent de la leçon.`,
          `steps.${i}.setup.scenario`,
        ),
      };
  }
  return { ok: true, value: lesson };
}

// --- the checks -----------------------------------------------------------------------------------------

/** The rule ids an event cites (`C4,NE-U37` cites both). */
export const rulesOf = (e: GameEvent): string[] =>
  String(e.rule)
    .split(/[\s,;+&/]+/)
    .filter(Boolean);

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b, k) &&
        deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/** The value at `path` in `root`, or undefined; only own properties are read. */
export function readPath(root: unknown, path: PathSegment[]): unknown {
  let cur: unknown = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (typeof seg === 'object') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur.find(
        (x) => x !== null && typeof x === 'object' && Object.hasOwn(x, seg.where) && x[seg.where] === seg.is,
      );
    } else {
      const k = String(seg);
      if (FORBIDDEN_KEYS.has(k) || !Object.hasOwn(cur, k)) return undefined;
      cur = (cur as Record<string, unknown>)[k];
    }
  }
  return cur;
}

export interface CheckInput {
  action: BaseAction;
  events: GameEvent[];
  /** The state after the action. */
  state: unknown;
}

/** Decides a check. Pure; reads only what it is given. */
export function runCheck(c: Check, input: CheckInput): boolean {
  switch (c.kind) {
    case 'action':
      return Object.entries(c.match).every(
        ([k, v]) =>
          Object.hasOwn(input.action, k) &&
          deepEqual((input.action as unknown as Record<string, unknown>)[k], v),
      );
    case 'event':
      return input.events.some(
        (e) =>
          rulesOf(e).includes(c.rule) &&
          (c.event === undefined || e.kind === c.event) &&
          (c.side === undefined || e.side === c.side) &&
          (c.unit === undefined || (e.units ?? []).includes(c.unit)) &&
          (c.dice === undefined ||
            (e.dice ?? []).some((d) => d.label.toLowerCase().includes(c.dice!.toLowerCase()))),
      );
    case 'state': {
      const v = readPath(input.state, c.path);
      if (c.equals !== undefined && !deepEqual(v, c.equals)) return false;
      if (c.atLeast !== undefined && !(typeof v === 'number' && v >= c.atLeast)) return false;
      if (c.atMost !== undefined && !(typeof v === 'number' && v <= c.atMost)) return false;
      return true;
    }
    case 'all':
      return c.of.every((x) => runCheck(x, input));
    case 'any':
      return c.of.some((x) => runCheck(x, input));
    case 'not':
      return !runCheck(c.check, input);
  }
}
