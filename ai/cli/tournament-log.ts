/**
 * The tournament's log: JSON Lines. The first line holds the settings (ruleset, scenario, bots, seed) and the
 * digest of the code that plays; each further line is one game. A run appends a line as each game ends, so a
 * run stopped at any moment loses only the games being played.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { die } from './args';
import { median } from './median';

export interface LogSettings {
  ruleset: string;
  scenario: string;
  a: string;
  b: string;
  seed: string;
  code: string;
}

export interface LoggedGame {
  g: number;
  aSide: string;
  outcome: 'win' | 'loss' | 'draw';
  plies: number;
  finalHash: string;
  /** How long the game took, wall clock, on its core (logs written before this field lack it). */
  seconds?: number;
}

/** A's score in a game: a win 1, a draw ½, a loss 0. */
export const gameScore = (g: Pick<LoggedGame, 'outcome'>): number =>
  g.outcome === 'win' ? 1 : g.outcome === 'draw' ? 0.5 : 0;

const FORMAT = 'tournament-log';

function badGame(x: unknown): string | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return 'not an object';
  const r = x as Record<string, unknown>;
  if (!Number.isInteger(r.g) || (r.g as number) < 0) return '"g" must be a whole number ≥ 0';
  if (typeof r.aSide !== 'string') return '"aSide" must be a side';
  if (r.outcome !== 'win' && r.outcome !== 'loss' && r.outcome !== 'draw')
    return '"outcome" must be win, loss or draw';
  if (!Number.isInteger(r.plies) || (r.plies as number) < 0) return '"plies" must be a whole number ≥ 0';
  if (typeof r.finalHash !== 'string') return '"finalHash" must be a string';
  if (r.seconds !== undefined && !(typeof r.seconds === 'number' && r.seconds >= 0))
    return '"seconds", when given, must be a number ≥ 0';
  return null;
}

/** A log as read: its header's settings and its games by index. */
export interface Log {
  settings: LogSettings;
  games: Map<number, LoggedGame>;
}

/**
 * Reads a log. Refuses, naming the line and the reason, a file that is not a log or repeats a game. A last
 * line cut short (a run killed while writing it) is dropped with a note, and cut from the file if `mend`.
 */
export function readLog(path: string, mend = false): Log {
  let text = readFileSync(path, 'utf8');
  if (text.length > 0 && !text.endsWith('\n')) {
    const keep = text.lastIndexOf('\n') + 1;
    process.stderr.write(`${path}: its last line was cut short (a run stopped while writing it); dropped.\n`);
    text = text.slice(0, keep);
    if (mend) truncateSync(path, Buffer.byteLength(text));
  }
  const lines = text.split('\n').slice(0, -1);
  const parse = (i: number): unknown => {
    try {
      return JSON.parse(lines[i]!);
    } catch {
      return die(`${path}:${i + 1}: not JSON.`);
    }
  };
  if (lines.length === 0) die(`${path}: empty; not a tournament log.`);
  const head = parse(0) as Record<string, unknown>;
  if (head?.format !== FORMAT || head.version !== 1)
    die(`${path}:1: not a tournament log (format "${FORMAT}", version 1).`);
  for (const key of ['ruleset', 'scenario', 'a', 'b', 'seed', 'code'] as const)
    if (typeof head[key] !== 'string') die(`${path}:1: "${key}" must be a string.`);
  const games = new Map<number, LoggedGame>();
  for (let i = 1; i < lines.length; i++) {
    const r = parse(i);
    const why = badGame(r);
    if (why) die(`${path}:${i + 1}: not a game: ${why}.`);
    const game = r as LoggedGame;
    if (games.has(game.g)) die(`${path}:${i + 1}: game #${game.g + 1} is already on an earlier line.`);
    games.set(game.g, game);
  }
  const { ruleset, scenario, a, b, seed, code } = head as unknown as LogSettings;
  return { settings: { ruleset, scenario, a, b, seed, code }, games };
}

/**
 * Opens a log for these settings: creates it (header only, and its folder) when it does not exist and `create`; otherwise
 * reads it (`readLog`, mending a cut last line) and refuses it if it was made with other settings or other code.
 */
export function openLog(path: string, settings: LogSettings, create = true): Map<number, LoggedGame> {
  if (!existsSync(path)) {
    if (!create) die(`${path}: no such log.`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify({ format: FORMAT, version: 1, ...settings })}\n`);
    return new Map();
  }
  const log = readLog(path, true);
  for (const key of ['ruleset', 'scenario', 'a', 'b', 'seed'] as const)
    if (log.settings[key] !== settings[key])
      die(`${path}:1: this log is for --${key} ${log.settings[key]}, not ${settings[key]}.`);
  if (log.settings.code !== settings.code)
    die(
      `${path}:1: the code that plays has changed since this log was started (code ${log.settings.code}, now ` +
        `${settings.code}): one figure must not mix versions. Start a new log.`,
    );
  return log.games;
}

export function appendGame(path: string, game: LoggedGame): void {
  const { g, aSide, outcome, plies, finalHash, seconds } = game;
  appendFileSync(path, `${JSON.stringify({ g, aSide, outcome, plies, finalHash, seconds })}\n`);
}

/** The median of the games' `seconds`, over those that have it; null if none has. */
export function medianSeconds(games: Iterable<LoggedGame>): number | null {
  const xs = [...games].flatMap((g) => (g.seconds === undefined ? [] : [g.seconds]));
  return xs.length ? median(xs) : null;
}

type Counts = { wins: number; losses: number; draws: number };

/** A's results over some games: the totals and each side's. */
export class Tally {
  wins = 0;
  losses = 0;
  draws = 0;
  readonly bySide: Record<string, Counts>;

  constructor(sides: readonly string[]) {
    this.bySide = Object.fromEntries(sides.map((s) => [s, { wins: 0, losses: 0, draws: 0 }]));
  }

  add(r: Pick<LoggedGame, 'aSide' | 'outcome'>): void {
    const key = r.outcome === 'win' ? 'wins' : r.outcome === 'draw' ? 'draws' : 'losses';
    this[key]++;
    this.bySide[r.aSide]![key]++;
  }

  get games(): number {
    return this.wins + this.losses + this.draws;
  }

  /** Draws count half. */
  get winRate(): number {
    return (this.wins + this.draws / 2) / this.games;
  }

  summary() {
    return {
      games: this.games,
      wins: this.wins,
      losses: this.losses,
      draws: this.draws,
      winRate: Number(this.winRate.toFixed(4)),
      ci95: wilson(this.winRate, this.games).map((x) => Number(x.toFixed(4))) as [number, number],
      aBySide: this.bySide,
    };
  }
}

/** The 95 % Wilson score interval of a rate p measured over n games. */
export function wilson(p: number, n: number): [number, number] {
  const z = 1.96;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
