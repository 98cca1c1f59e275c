/** Pure text formatting for the log and the result: no DOM, so it is unit-tested under Node. */
import type { DiceRoll, Outcome } from '../engine/contract';
import { colon, type Lang, sideName, t } from './i18n';

/** `to hit [5, 2, 6] ≥ 4+`; a die other than a d6 is named: `save d8 [3, 8]`. */
export function formatDice(roll: DiceRoll): string {
  const parts: string[] = [];
  if (roll.label) parts.push(roll.label);
  if (roll.sides !== 6) parts.push(`d${roll.sides}`);
  parts.push(`[${roll.dice.join(', ')}]`);
  if (roll.target !== undefined) parts.push(`≥ ${roll.target}+`);
  return parts.join(' ');
}

/** `Vainqueur : bleu — Points : bleu 12, rouge 7 — Raison : … — 412 actions jouées`. */
export function formatOutcome(outcome: Outcome, lang: Lang, plies: number): string {
  if (outcome.status !== 'finished') return '';
  const head =
    outcome.winner === null
      ? t('draw', lang)
      : `${t('winner', lang)}${colon(lang)}${sideName(outcome.winner, lang)}`;
  const points = Object.entries(outcome.points)
    .map(([side, value]) => `${sideName(side, lang)} ${value}`)
    .join(', ');
  return [
    head,
    `${t('points', lang)}${colon(lang)}${points}`,
    `${t('reason', lang)}${colon(lang)}${outcome.reason[lang]}`,
    `${plies} ${t('playedIn', lang)}`,
  ].join(' — ');
}

const D6_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** A die as drawn in the log: a d6 face (⚀…⚅), or its number for any other die or an odd value. */
export function dieFace(value: number, sides: number): string {
  return sides === 6 && Number.isInteger(value) && value >= 1 && value <= 6
    ? D6_FACES[value - 1]!
    : String(value);
}
