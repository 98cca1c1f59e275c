/**
 * Game records, version 2 (docs/replays.md): version 1 (src/engine/record.ts) plus `variations`, the side
 * lines of the game's tree of moves. `parseRecordV2` is the only gate for untrusted records of either
 * version: a version-1 record loads as a version-2 record with no variations; any other version is refused.
 */
import { z } from 'zod';
import type { BaseAction } from '../engine/contract';
import {
  ANNOTATION_MARKS,
  type Annotation,
  RECORD_FORMAT,
  RECORD_MAX_CHARS,
  schemaError,
} from '../engine/record';
import { type GameError, gameError, type Result } from '../engine/result';

export const RECORD_V2 = 2;
/** The versions this reader knows; anything else is refused with `ERR_RECORD_VERSION`. */
export const READABLE_VERSIONS = [1, 2] as const;
/** At most this many side lines in one record. */
export const MAX_VARIATIONS = 2_000;
/** At most this many actions over the main line and every variation together. */
export const MAX_TOTAL_ACTIONS = 100_000;
/** The main line's id where a line is named (`parentVariation: null` in the file). */
export const MAIN_LINE = 'main';

export type AnnotationMark = (typeof ANNOTATION_MARKS)[number];
export type { Annotation };

/**
 * A side line. It branches after ply `parentPly` of its parent line (the main line when `parentVariation`
 * is null): its first action is an alternative to the parent line's action at ply `parentPly + 1`.
 * Its plies are counted from the start of the game: its i-th action (0-based) is ply `parentPly + 1 + i`,
 * `hashes[i]` the state hash after it, and its annotations' `ply` use the same numbering.
 */
export interface Variation<A extends BaseAction = BaseAction> {
  id: string;
  parentVariation: string | null;
  parentPly: number;
  actions: A[];
  hashes: string[];
  annotations: Annotation[];
}

export interface GameRecordV2<A extends BaseAction = BaseAction> {
  format: typeof RECORD_FORMAT;
  version: typeof RECORD_V2;
  ruleset: string;
  scenario: string;
  seed: string;
  initialHash: string;
  actions: A[];
  hashes: string[];
  annotations: Annotation[];
  variations: Variation<A>[];
}

const hash = z.string().regex(/^[0-9a-f]{16}$/, '16 hex digits');
const action = z.object({ type: z.string().min(1).max(64) }).passthrough();
const annotationSchema = z.object({
  ply: z.number().int().min(0),
  kind: z.enum(['comment', 'auto', 'ai']),
  text: z.string().max(10_000),
  mark: z.enum(ANNOTATION_MARKS).optional(),
});
const variationSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _ only, 1 to 40 characters'),
  parentVariation: z.string().max(40).nullable(),
  parentPly: z.number().int().min(0),
  actions: z.array(action).min(1).max(MAX_TOTAL_ACTIONS),
  hashes: z.array(hash),
  annotations: z.array(annotationSchema).max(100_000),
});
const recordSchema = z.object({
  format: z.literal(RECORD_FORMAT),
  version: z.union([z.literal(1), z.literal(2)]),
  ruleset: z.string().min(1).max(64),
  scenario: z.string().min(1).max(128),
  seed: z.string().max(256),
  initialHash: hash,
  actions: z.array(action).max(MAX_TOTAL_ACTIONS),
  hashes: z.array(hash),
  annotations: z.array(annotationSchema).max(100_000),
  variations: z.array(variationSchema).max(MAX_VARIATIONS).optional(),
});

const fail = (error: GameError): { ok: false; error: GameError } => ({ ok: false, error });
const schemaFail = (en: string, fr: string, field: string) =>
  fail(gameError('ERR_RECORD_SCHEMA', `Game file: ${en}`, `Fichier de partie : ${fr}`, field));
const variationFail = (en: string, fr: string, field: string) =>
  fail(gameError('ERR_RECORD_VARIATION', `Game file: ${en}`, `Fichier de partie : ${fr}`, field));

/** The plies a line covers: [first, last] (the main line: [1, n]; a variation: parentPly + 1 … + length). */
export function lineSpan(v: { parentPly: number; actions: unknown[] }): { first: number; last: number } {
  return { first: v.parentPly + 1, last: v.parentPly + v.actions.length };
}

/**
 * Parses an untrusted record of version 1 or 2 (text or parsed JSON) into a version-2 record. Checks shape
 * and the tree's structure only; `replayTree` (tree.ts) checks the play. Codes: `ERR_RECORD_TOO_LARGE`,
 * `ERR_RECORD_JSON`, `ERR_RECORD_VERSION`, `ERR_RECORD_SCHEMA`, `ERR_RECORD_VARIATION`.
 */
export function parseRecordV2(input: unknown): Result<GameRecordV2> {
  let json = input;
  if (typeof input === 'string') {
    if (input.length > RECORD_MAX_CHARS)
      return fail(
        gameError(
          'ERR_RECORD_TOO_LARGE',
          `The game file is too large (${input.length} characters, at most ${RECORD_MAX_CHARS}).`,
          `Le fichier de partie est trop gros (${input.length} caractères, au plus ${RECORD_MAX_CHARS}).`,
        ),
      );
    try {
      json = JSON.parse(input);
    } catch {
      return fail(
        gameError(
          'ERR_RECORD_JSON',
          'The game file is not valid JSON.',
          "Le fichier de partie n'est pas du JSON valide.",
        ),
      );
    }
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return schemaFail('it must be a JSON object.', 'ce doit être un objet JSON.', '');
  if ('version' in json) {
    const v = (json as { version: unknown }).version;
    if (!READABLE_VERSIONS.includes(v as 1 | 2)) {
      const shown = String(typeof v === 'string' ? JSON.stringify(v) : v).slice(0, 40);
      return fail(
        gameError(
          'ERR_RECORD_VERSION',
          `Unknown game-file version ${shown}: this app reads versions 1 and 2.`,
          `Version de fichier de partie inconnue ${shown} : cette application lit les versions 1 et 2.`,
          'version',
        ),
      );
    }
    if (v === 1 && 'variations' in json)
      return schemaFail(
        'a version-1 file has no variations (use version 2).',
        "un fichier de version 1 n'a pas de variantes (utilisez la version 2).",
        'variations',
      );
  }
  const parsed = recordSchema.safeParse(json);
  if (!parsed.success)
    return fail(schemaError('ERR_RECORD_SCHEMA', parsed.error, { en: 'Game file', fr: 'Fichier de partie' }));
  const r = parsed.data;
  if (r.hashes.length !== r.actions.length)
    return schemaFail('there must be one hash per action.', 'il faut une empreinte par action.', 'hashes');
  for (const [i, a] of r.annotations.entries())
    if (a.ply > r.actions.length)
      return schemaFail(
        `annotation ${i} is attached to ply ${a.ply}, after the last ply (${r.actions.length}).`,
        `l'annotation ${i} est attachée au coup ${a.ply}, après le dernier coup (${r.actions.length}).`,
        `annotations.${i}.ply`,
      );
  const variations = r.variations ?? [];
  const spans = new Map<string, { first: number; last: number }>([
    [MAIN_LINE, { first: 1, last: r.actions.length }],
  ]);
  let total = r.actions.length;
  for (const [i, v] of variations.entries()) {
    const at = `variations.${i}`;
    total += v.actions.length;
    if (total > MAX_TOTAL_ACTIONS)
      return schemaFail(
        `more than ${MAX_TOTAL_ACTIONS} actions in all.`,
        `plus de ${MAX_TOTAL_ACTIONS} actions en tout.`,
        `${at}.actions`,
      );
    if (v.id === MAIN_LINE || spans.has(v.id))
      return variationFail(
        `variation id "${v.id}" is used twice (or is "main").`,
        `l'identifiant de variante « ${v.id} » est utilisé deux fois (ou vaut « main »).`,
        `${at}.id`,
      );
    if (v.hashes.length !== v.actions.length)
      return schemaFail(
        `variation "${v.id}" needs one hash per action.`,
        `la variante « ${v.id} » demande une empreinte par action.`,
        `${at}.hashes`,
      );
    const parentId = v.parentVariation ?? MAIN_LINE;
    const parent = spans.get(parentId);
    if (!parent)
      return variationFail(
        `variation "${v.id}" branches from "${parentId}", which is not an earlier variation of the file.`,
        `la variante « ${v.id} » part de « ${parentId} », qui n'est pas une variante précédente du fichier.`,
        `${at}.parentVariation`,
      );
    // It branches after a ply of its parent line, before that line's last ply (branching after the last
    // ply would simply continue the line). For a variation, after its first ply at the earliest.
    const earliest = parentId === MAIN_LINE ? 0 : parent.first;
    const latest = parent.last - 1;
    if (v.parentPly < earliest || v.parentPly > latest)
      return variationFail(
        `variation "${v.id}" branches after ply ${v.parentPly}, outside its parent line "${parentId}" (plies ${earliest} to ${latest}).`,
        `la variante « ${v.id} » part après le coup ${v.parentPly}, hors de sa ligne mère « ${parentId} » (coups ${earliest} à ${latest}).`,
        `${at}.parentPly`,
      );
    const span = lineSpan(v);
    for (const [k, a] of v.annotations.entries())
      if (a.ply < span.first || a.ply > span.last)
        return schemaFail(
          `annotation ${k} of variation "${v.id}" is attached to ply ${a.ply}, outside its plies ${span.first} to ${span.last}.`,
          `l'annotation ${k} de la variante « ${v.id} » est attachée au coup ${a.ply}, hors de ses coups ${span.first} à ${span.last}.`,
          `${at}.annotations.${k}.ply`,
        );
    spans.set(v.id, span);
  }
  return {
    ok: true,
    value: {
      format: RECORD_FORMAT,
      version: RECORD_V2,
      ruleset: r.ruleset,
      scenario: r.scenario,
      seed: r.seed,
      initialHash: r.initialHash,
      actions: r.actions as BaseAction[],
      hashes: r.hashes,
      annotations: r.annotations as Annotation[],
      variations: variations as Variation[],
    },
  };
}

/** The record as text (what a file or a share link holds). */
export const makeRecordText = (record: GameRecordV2): string => JSON.stringify(record);
