/**
 * Shared by the replay tests: one short epic game between random bots (its record is version 1, as
 * ai/match.ts writes it). Dice come only from the game's seed.
 */
import { randomBot } from '../../ai/bots';
import { playMatch } from '../../ai/match';
import type { GameRecord } from '../engine/record';
import { epicRuleset } from '../rulesets/epic';
import { scenarios } from '../rulesets/registry';

export const epicScenario = scenarios.epic![0]!;

let cached: GameRecord | null = null;

/** The record of a whole epic game (seed `rec`, random bots `a` and `b`). */
export function epicGame(): GameRecord {
  cached ??= playMatch(epicRuleset, epicScenario.id, epicScenario.data, 'rec', {
    blue: randomBot('a'),
    red: randomBot('b'),
  }).record;
  return structuredClone(cached);
}
