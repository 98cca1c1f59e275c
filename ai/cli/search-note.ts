/**
 * The `ai` note a tournament's `--records` attach to each decision of a search bot (./tournament.ts), and its
 * reader: `npm run notes` (./notes.ts) sums the notes of kept games into how much the search had to go on, so a
 * question like "does the search lose because it cannot tell its options apart?" is answered from the games
 * themselves, with no search run again.
 *
 * A note reads:
 * ```
 * mcts:1000 (blue): 160 iterations in 1026 ms, 4 options
 * 62 visits, 48 %, p 0.36: {"type":"order",…}
 * ▶ 36 visits, 45 %, p 0.23: {"type":"order",…}
 * ```
 * the first line the search, then the 4 most visited options (the one played, marked ▶, replaces the fourth when
 * it is not among them), each with its visits, its chance (the mean value for the side to play, as a percentage
 * rounded to a whole point) and at a secret decision the mixed strategy's weight `p`.
 */
import type { Alternative, SearchReport } from '../mcts';
import { median } from './median';

/** A value in [−1, 1] as the chance the notes show: 0 → 50 %. */
const pct = (value: number) => `${Math.round(((value + 1) / 2) * 100)} %`;

/** An option weighed, as the notes and `npm run analyse` show it: `36 visits, 45 %` and, at a secret decision, `, p 0.23`. */
export const optionFigures = (x: Pick<Alternative, 'visits' | 'value' | 'p'>) =>
  `${x.visits} visits, ${pct(x.value)}${x.p === undefined ? '' : `, p ${x.p.toFixed(2)}`}`;

/** The `ai` note of a search's decision: what it weighed (the 4 most visited options and the one played). */
export function searchNote(bot: string, side: string, report: SearchReport, played: unknown): string {
  const same = (x: unknown) => JSON.stringify(x) === JSON.stringify(played);
  const sorted = [...report.alternatives].sort((x, y) => y.visits - x.visits || y.value - x.value);
  let shown = sorted.slice(0, 4);
  const mine = sorted.find((x) => same(x.action));
  if (mine && !shown.includes(mine)) shown = [...shown.slice(0, 3), mine];
  const json = (x: unknown) => {
    const j = JSON.stringify(x);
    return j.length > 600 ? `${j.slice(0, 599)}…` : j;
  };
  const rows = shown.map((x) => `${same(x.action) ? '▶ ' : ''}${optionFigures(x)}: ${json(x.action)}`);
  // The record format allows 10,000 characters a note.
  return [
    `${bot} (${side}): ${report.iterations} iterations in ${Math.round(report.ms)} ms, ${report.alternatives.length} options`,
    ...rows,
  ]
    .join('\n')
    .slice(0, 10_000);
}

export interface NoteRow {
  played: boolean;
  visits: number;
  /** The chance shown, in whole percentage points (0–100). */
  chance: number;
  p?: number;
}

export interface ParsedNote {
  bot: string;
  side: string;
  iterations: number;
  ms: number;
  /** Every option the search weighed (the rows show at most 4 of them). */
  options: number;
  rows: NoteRow[];
}

const HEAD = /^(\S+) \((\w+)\): (\d+) iterations in (\d+) ms, (\d+) options$/;
const ROW = /^(▶ )?(\d+) visits, (\d+) %(?:, p (\d+(?:\.\d+)?))?: /;

/** A note written by `searchNote`, read back; null for any other text (a comment, a hand-written note). */
export function parseSearchNote(text: string): ParsedNote | null {
  const lines = text.split('\n');
  const head = HEAD.exec(lines[0] ?? '');
  if (!head) return null;
  const rows: NoteRow[] = [];
  for (const line of lines.slice(1)) {
    const m = ROW.exec(line);
    if (!m) continue; // an action's JSON never starts a line: a cut-off row is skipped, not misread
    rows.push({
      played: m[1] !== undefined,
      visits: Number(m[2]),
      chance: Number(m[3]),
      ...(m[4] === undefined ? {} : { p: Number(m[4]) }),
    });
  }
  return {
    bot: head[1]!,
    side: head[2]!,
    iterations: Number(head[3]),
    ms: Number(head[4]),
    options: Number(head[5]),
    rows,
  };
}

export interface NotesSummary {
  bot: string;
  /** Decisions with more than one option (a forced move tells nothing about the search). */
  decisions: number;
  iterations: { median: number; p10: number; p90: number };
  optionsMedian: number;
  /**
   * Per decision: the most visited option's chance minus the best chance among the other rows shown, in
   * percentage points. Small (≤ 3) where the search could not tell its best options apart; negative where a less
   * visited option looked better (its few visits, or the scripted bonus).
   */
  gapMedian: number;
  /** Share of decisions whose gap is within ±3 points. */
  within3: number;
  /** Share of decisions where the option played was the most visited (secret decisions draw from a mix). */
  playedTop: number;
}

/** The q-quantile of sorted numbers, by the nearest rank below. */
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The notes summed per bot, in the order each bot is first met; decisions with a single option are left out. */
export function summariseNotes(notes: readonly ParsedNote[]): NotesSummary[] {
  const byBot = new Map<string, ParsedNote[]>();
  for (const n of notes) {
    if (n.options < 2 || n.rows.length < 2) continue;
    const list = byBot.get(n.bot) ?? [];
    list.push(n);
    byBot.set(n.bot, list);
  }
  return [...byBot].map(([bot, list]) => {
    const its = list.map((n) => n.iterations).sort((x, y) => x - y);
    const gaps = list.map((n) => {
      let top = n.rows[0]!;
      for (const r of n.rows) if (r.visits > top.visits) top = r;
      let other = Number.NEGATIVE_INFINITY;
      for (const r of n.rows) if (r !== top) other = Math.max(other, r.chance);
      return top.chance - other;
    });
    const playedTop = list.filter((n) => {
      const most = Math.max(...n.rows.map((r) => r.visits));
      return n.rows.some((r) => r.played && r.visits === most);
    }).length;
    return {
      bot,
      decisions: list.length,
      iterations: { median: median(its), p10: quantile(its, 0.1), p90: quantile(its, 0.9) },
      optionsMedian: median(list.map((n) => n.options)),
      gapMedian: median(gaps),
      within3: gaps.filter((g) => Math.abs(g) <= 3).length / list.length,
      playedTop: playedTop / list.length,
    };
  });
}
