/**
 * "Why the AI did that" (issue #5): the options the search weighed for the move it just played, as the
 * panel shows them. Pure (no DOM), unit-tested. A secret decision (epic's Ordres) shows no option: listing
 * them would show the order before it is revealed.
 */
import type { SearchReport } from '../../ai/mcts';
import type { BaseAction } from '../engine/contract';
import type { Message } from '../engine/result';

export interface WhyRow {
  label: Message;
  visits: number;
  /** The searcher's estimate of its chances with this option, 0–100 %. */
  chance: number;
  /** At a secret decision: its weight in the mixed strategy (never shown while the choice is hidden). */
  p?: number;
  /** For an attack: expected casualties and the chance to destroy every targeted base, from `odds`. */
  odds?: { expected: number; destroyAll: number };
  played: boolean;
}

export interface Why {
  /** The choice stays hidden from the player: only that fact is shown. */
  secret: boolean;
  played: Message;
  rows: WhyRow[];
  iterations: number;
  ms: number;
}

/** At most this many options are listed (the most visited first; the one played always). */
export const WHY_ROWS = 6;

const same = (a: BaseAction, b: BaseAction): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The panel's content for a move the AI played: `report` is what the search answered, `played` the action
 * sent (a beginner’s noise may pick another option), `name` names an action in both languages.
 */
export function whyOf(
  report: SearchReport,
  played: BaseAction,
  secret: boolean,
  name: (a: BaseAction) => Message,
): Why {
  const iterations = report.iterations;
  const ms = Math.round(report.ms);
  if (secret) return { secret, played: name(played), rows: [], iterations, ms };
  const sorted = [...report.alternatives].sort((a, b) => b.visits - a.visits || b.value - a.value);
  let shown = sorted.slice(0, WHY_ROWS);
  const mine = sorted.find((a) => same(a.action, played));
  if (mine && !shown.includes(mine)) shown = [...shown.slice(0, WHY_ROWS - 1), mine];
  const rows = shown.map(
    (a): WhyRow => ({
      label: name(a.action),
      visits: a.visits,
      chance: Math.round(((a.value + 1) / 2) * 100),
      ...(a.p !== undefined ? { p: a.p } : {}),
      ...(a.odds ? { odds: a.odds } : {}),
      played: same(a.action, played),
    }),
  );
  return { secret, played: name(played), rows, iterations, ms };
}
