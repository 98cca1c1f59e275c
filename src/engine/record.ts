/**
 * Game records (docs/game-record.md): `{ format, version, ruleset, scenario, seed, actions, hashes,
 * annotations }`. Replaying the actions from the seed must reproduce every state: `hashes[i]` is the
 * state hash after ply i + 1, `initialHash` the hash after setup. A mismatch names the first ply that
 * diverges. Records are untrusted input: `parseRecord` is their only gate.
 */
import { z } from 'zod';
import type { AnyRuleset, BaseAction, GameEvent } from './contract';
import { hashState } from './hash';
import { type GameError, gameError, type Result } from './result';

export const RECORD_FORMAT = 'wargame-sandbox/game';
export const RECORD_VERSION = 1;
/** The largest record accepted, in characters of JSON. */
export const RECORD_MAX_CHARS = 5_000_000;

export const ANNOTATION_MARKS = ['!', '?', '!!', '??', '!?', '?!'] as const;

export interface Annotation {
  /** The ply it is attached to: 0 is the position after setup, n the position after the n-th action. */
  ply: number;
  kind: 'comment' | 'auto' | 'ai';
  text: string;
  mark?: (typeof ANNOTATION_MARKS)[number];
}

export interface GameRecord<A extends BaseAction = BaseAction> {
  format: typeof RECORD_FORMAT;
  version: typeof RECORD_VERSION;
  ruleset: string;
  scenario: string;
  seed: string;
  initialHash: string;
  actions: A[];
  hashes: string[];
  annotations: Annotation[];
}

const annotationSchema = z.object({
  ply: z.number().int().min(0),
  kind: z.enum(['comment', 'auto', 'ai']),
  text: z.string().max(10_000),
  mark: z.enum(ANNOTATION_MARKS).optional(),
});

const recordSchema = z.object({
  format: z.literal(RECORD_FORMAT),
  version: z.number().int(),
  ruleset: z.string().min(1).max(64),
  scenario: z.string().min(1).max(128),
  seed: z.string().max(256),
  initialHash: z.string().regex(/^[0-9a-f]{16}$/),
  actions: z.array(z.object({ type: z.string().min(1) }).passthrough()).max(100_000),
  hashes: z.array(z.string().regex(/^[0-9a-f]{16}$/)),
  annotations: z.array(annotationSchema).max(100_000),
});

/** Turns zod's first issue into a coded error naming the field. */
export function schemaError(code: string, error: z.ZodError, what: { en: string; fr: string }): GameError {
  const issue = error.issues[0];
  const field = issue ? issue.path.join('.') : '';
  const reason = issue?.message ?? 'invalid';
  return gameError(
    code,
    `${what.en}: field "${field || '(root)'}" is invalid (${reason}).`,
    `${what.fr} : le champ « ${field || '(racine)'} » est invalide (${reason}).`,
    field,
  );
}

/** Parses an untrusted record (text or already-parsed JSON). Checks shape only; `replay` checks the play. */
export function parseRecord(input: unknown): Result<GameRecord> {
  let json = input;
  if (typeof input === 'string') {
    if (input.length > RECORD_MAX_CHARS)
      return {
        ok: false,
        error: gameError(
          'ERR_RECORD_TOO_LARGE',
          `The game file is too large (${input.length} characters, at most ${RECORD_MAX_CHARS}).`,
          `Le fichier de partie est trop gros (${input.length} caractères, au plus ${RECORD_MAX_CHARS}).`,
        ),
      };
    try {
      json = JSON.parse(input);
    } catch {
      return {
        ok: false,
        error: gameError(
          'ERR_RECORD_JSON',
          'The game file is not valid JSON.',
          "Le fichier de partie n'est pas du JSON valide.",
        ),
      };
    }
  }
  if (
    json &&
    typeof json === 'object' &&
    'version' in json &&
    (json as { version: unknown }).version !== RECORD_VERSION
  ) {
    const v = String((json as { version: unknown }).version);
    return {
      ok: false,
      error: gameError(
        'ERR_RECORD_VERSION',
        `Unknown game-file version ${v}: this app reads version ${RECORD_VERSION}.`,
        `Version de fichier de partie inconnue ${v} : cette application lit la version ${RECORD_VERSION}.`,
        'version',
      ),
    };
  }
  const parsed = recordSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      error: schemaError('ERR_RECORD_SCHEMA', parsed.error, { en: 'Game file', fr: 'Fichier de partie' }),
    };
  if (parsed.data.hashes.length !== parsed.data.actions.length)
    return {
      ok: false,
      error: gameError(
        'ERR_RECORD_SCHEMA',
        'Game file: there must be one hash per action.',
        'Fichier de partie : il faut une empreinte par action.',
        'hashes',
      ),
    };
  return { ok: true, value: parsed.data as GameRecord };
}

export interface ReplayOk<S> {
  state: S;
  plies: number;
  finalHash: string;
  events: GameEvent[][];
}

export interface ReplayError extends GameError {
  /** The first ply that diverges (1-based; 0 = setup). */
  ply: number;
}

/**
 * Replays a record from its seed. Stops at the first illegal action or hash mismatch and names its ply.
 * `scenarioData` is the scenario file the record names, already found by the caller.
 */
export function replay<S>(
  ruleset: AnyRuleset,
  scenarioData: unknown,
  record: GameRecord,
): Result<ReplayOk<S>, ReplayError> {
  const fail = (ply: number, e: GameError): { ok: false; error: ReplayError } => ({
    ok: false,
    error: { ...e, ply },
  });
  if (record.ruleset !== ruleset.id)
    return fail(
      0,
      gameError(
        'ERR_RECORD_RULESET',
        `Unknown rule system "${record.ruleset}".`,
        `Système de règles inconnu « ${record.ruleset} ».`,
        'ruleset',
      ),
    );
  const sc = ruleset.parseScenario(scenarioData);
  if (!sc.ok) return fail(0, sc.error);
  const init = ruleset.setup(sc.value, record.seed);
  if (!init.ok) return fail(0, init.error);
  let state = init.value;
  if (hashState(state) !== record.initialHash)
    return fail(
      0,
      gameError(
        'ERR_REPLAY_HASH',
        'The set-up does not match the file (hash mismatch at ply 0).',
        'La mise en place ne correspond pas au fichier (empreinte différente au coup 0).',
        'initialHash',
      ),
    );
  const events: GameEvent[][] = [];
  for (let i = 0; i < record.actions.length; i++) {
    const step = ruleset.apply(state, record.actions[i]);
    if (!step.ok)
      return fail(i + 1, {
        ...step.error,
        code: 'ERR_REPLAY_ILLEGAL',
        message: {
          en: `Ply ${i + 1} is illegal: ${step.error.message.en}`,
          fr: `Le coup ${i + 1} est illégal : ${step.error.message.fr}`,
        },
        field: `actions.${i}`,
      });
    state = step.value.state;
    events.push(step.value.events);
    if (hashState(state) !== record.hashes[i])
      return fail(
        i + 1,
        gameError(
          'ERR_REPLAY_HASH',
          `The game diverges from the file at ply ${i + 1} (hash mismatch).`,
          `La partie diverge du fichier au coup ${i + 1} (empreinte différente).`,
          `hashes.${i}`,
        ),
      );
  }
  return { ok: true, value: { state, plies: record.actions.length, finalHash: hashState(state), events } };
}

/** A record under construction: push each action with the state it produced. */
export function newRecord(
  ruleset: string,
  scenario: string,
  seed: string,
  initialState: unknown,
): GameRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    ruleset,
    scenario,
    seed,
    initialHash: hashState(initialState),
    actions: [],
    hashes: [],
    annotations: [],
  };
}

export function recordPly<A extends BaseAction>(record: GameRecord<A>, action: A, state: unknown): void {
  record.actions.push(action);
  record.hashes.push(hashState(state));
}
