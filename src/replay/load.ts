/**
 * The one call the app makes to open a game file or a share link: parse (v1 or v2), find the ruleset and the
 * scenario in the registry, replay every line. Every refusal is coded, names its ply and line, FR/EN.
 */

import type { Result } from '../engine/result';
import { findScenario, rulesets } from '../rulesets/registry';
import { type GameRecordV2, MAIN_LINE, parseRecordV2 } from './record-v2';
import { decodeShareLink } from './share';
import { type ReplayedTree, type ReplayTreeError, replayTree } from './tree';

const atSetup = (
  code: string,
  en: string,
  fr: string,
  field: string,
): { ok: false; error: ReplayTreeError } => ({
  ok: false,
  error: { code, message: { en, fr }, field, ply: 0, line: MAIN_LINE },
});

/** Replays a parsed record against the registry's ruleset and scenario. */
export function openRecord(
  record: GameRecordV2,
  options: { autoNotes?: boolean } = {},
): Result<ReplayedTree & { record: GameRecordV2 }, ReplayTreeError> {
  const ruleset = Object.hasOwn(rulesets, record.ruleset) ? rulesets[record.ruleset] : undefined;
  if (!ruleset)
    return atSetup(
      'ERR_RECORD_RULESET',
      `Unknown rule system "${record.ruleset}".`,
      `Système de règles inconnu « ${record.ruleset} ».`,
      'ruleset',
    );
  const scenario = findScenario(record.ruleset, record.scenario);
  if (!scenario)
    return atSetup(
      'ERR_RECORD_SCENARIO',
      `Unknown scenario "${record.scenario}" for ${record.ruleset}.`,
      `Scénario inconnu « ${record.scenario} » pour ${record.ruleset}.`,
      'scenario',
    );
  const r = replayTree(ruleset, scenario.data, record, options);
  return r.ok ? { ok: true, value: { ...r.value, record } } : r;
}

/** A game file's text (or parsed JSON): parse, then `openRecord`. */
export function openGameFile(
  input: unknown,
  options: { autoNotes?: boolean } = {},
): Result<ReplayedTree & { record: GameRecordV2 }, ReplayTreeError> {
  const parsed = parseRecordV2(input);
  if (!parsed.ok) return { ok: false, error: { ...parsed.error, ply: 0, line: MAIN_LINE } };
  return openRecord(parsed.value, options);
}

/** A share link (URL or fragment): decode, then `openRecord`. */
export function openShareLink(
  link: string,
  options: { autoNotes?: boolean } = {},
): Result<ReplayedTree & { record: GameRecordV2 }, ReplayTreeError> {
  const decoded = decodeShareLink(link);
  if (!decoded.ok) return { ok: false, error: { ...decoded.error, ply: 0, line: MAIN_LINE } };
  return openRecord(decoded.value, options);
}
