/**
 * A game record opened for reading move by move: parsed, its rule system and scenario found, and the game set up
 * at ply 0 with the record's seed. Shared by `npm run analyse` and the bench's readers of kept games
 * (bench/epic-secret-orders.ts, bench/script-agreement.ts). Every failure is a message naming `name`, for the
 * caller to print; nothing here exits.
 */
import { readFileSync } from 'node:fs';
import type { AnyRuleset, BaseState } from '../../src/engine/contract';
import { type GameRecord, parseRecord } from '../../src/engine/record';
import type { Result } from '../../src/engine/result';
import { findScenario, rulesets } from '../../src/rulesets/registry';

export interface OpenedRecord {
  record: GameRecord;
  ruleset: AnyRuleset;
  /** The scenario's data, as the record's replay needs it. */
  scenarioData: unknown;
  /** The position before the record's first action (ply 0), a fresh copy the caller may play on. */
  start: BaseState;
}

export function openRecord(text: string, name: string): Result<OpenedRecord, string> {
  const parsed = parseRecord(text);
  if (!parsed.ok) return { ok: false, error: `${name}: ${parsed.error.message.en}` };
  const record = parsed.value as GameRecord;
  const ruleset = rulesets[record.ruleset] as AnyRuleset | undefined;
  if (!ruleset) return { ok: false, error: `${name}: unknown rule system "${record.ruleset}".` };
  const scenario = findScenario(record.ruleset, record.scenario);
  if (!scenario) return { ok: false, error: `${name}: unknown scenario "${record.scenario}".` };
  const sc = ruleset.parseScenario(scenario.data);
  if (!sc.ok) return { ok: false, error: `${name}: scenario "${record.scenario}": ${sc.error.message.en}` };
  const setup = ruleset.setup(sc.value, record.seed);
  if (!setup.ok) return { ok: false, error: `${name}: set-up: ${setup.error.message.en}` };
  return { ok: true, value: { record, ruleset, scenarioData: scenario.data, start: setup.value } };
}

/** `openRecord` of the file at `path`; an unreadable file is a message naming it too. */
export function openRecordFile(path: string): Result<OpenedRecord, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, error: `Cannot read ${path}: ${(e as Error).message}` };
  }
  return openRecord(text, path);
}
