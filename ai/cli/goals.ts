/**
 * Where issue #5's goals stand, from the tournament logs (`npm run figures`). Each goal sums the logs of its pairing on the code as it is now (a log of older code is listed as stale and
 * not counted); the honesty goal pairs each `oracle:<ms>` log with the `mcts:<ms>` log of the same ruleset,
 * scenario, opponent and seed, game by game.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyRuleset } from '../../src/engine/contract';
import { Rng, seedRng } from '../../src/engine/rng';
import { rulesets, scenarios } from '../../src/rulesets/registry';
import { die } from './args';
import { codeHash } from './code-hash';
import { gameScore, type Log, medianSeconds, readLog, Tally } from './tournament-log';

/** Issue #5's goals, per ruleset, each over at least `GAMES` games. */
export const GAMES = 400;
export const GOALS = [
  { a: 'mcts:1000', b: 'random', goal: 0.99 },
  { a: 'mcts:1000', b: 'greedy', goal: 0.85 },
  { a: 'mcts:1000', b: 'scripted', goal: 0.65 },
  { a: 'mcts:4000', b: 'mcts:1000', goal: 0.6 },
] as const;
/** The honest search may lose at most this much win rate to its all-seeing copy, against greedy. */
export const HONESTY = { a: 'mcts:1000', oracle: 'oracle:1000', b: 'greedy', within: 0.05 } as const;

/**
 * Whether a side of this ruleset ever decides in secret (one random game on its first scenario). Without
 * secrets the all-seeing search sees what the honest one does: the honesty goal holds by construction.
 */
export function hasSecrets(ruleset: AnyRuleset): boolean {
  const scenario = scenarios[ruleset.id]?.[0];
  const parsed = scenario && ruleset.parseScenario(scenario.data);
  const init = parsed?.ok ? ruleset.setup(parsed.value, 'secrets') : null;
  if (!init?.ok) return false;
  const rng = new Rng(seedRng('secrets'));
  let state = init.value;
  for (let d = ruleset.decision(state), ply = 0; d && ply < 20_000; d = ruleset.decision(state), ply++) {
    if (d.secret) return true;
    const options = ruleset.candidates(state);
    const step = ruleset.apply(state, options[rng.int(options.length)]!);
    if (!step.ok) return false;
    state = step.value.state;
  }
  return false;
}

export const NOTHING_HIDDEN = 'nothing hidden but dice: the oracle is the same search';

/**
 * A goal's status from its games so far and whether their rate meets it. With `needed` (`neededScore`), a goal
 * short of its games also says what the games left must score: "out of reach" if no result can make it, "met
 * whatever the rest" if none can spoil it.
 */
export function status(games: number, met: boolean, needed?: number): string {
  if (games === 0) return 'no games';
  if (games < GAMES) {
    const left = GAMES - games;
    const of = `${games} of ${GAMES} games`;
    if (needed === undefined) return met ? `on track (${of})` : `below (${of})`;
    if (needed > 1) return `out of reach (${of}: the ${left} left cannot make it)`;
    if (needed <= 0) return `met whatever the rest (${of})`;
    return `${met ? 'on track' : 'below'} (${of}; the ${left} left need ${(100 * needed).toFixed(1)} %)`;
  }
  return met ? 'met' : 'missed';
}

/**
 * The score (a win 1, a draw ½) the games left before `GAMES` must average for the whole to reach `goal`, given
 * `points` over `games`; null when no game is left.
 */
export function neededScore(goal: number, points: number, games: number): number | null {
  if (games >= GAMES) return null;
  return (goal * GAMES - points) / (GAMES - games);
}

export function figures(dir: string) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const code: Record<string, string> = {};
  const logs: (Log & { file: string; stale: boolean })[] = [];
  for (const file of files) {
    const log = readLog(join(dir, file));
    const id = log.settings.ruleset;
    const ruleset = rulesets[id];
    if (!ruleset) die(`${file}: unknown ruleset "${id}".`);
    for (const [g, r] of log.games)
      if (!ruleset.sides.includes(r.aSide))
        die(`${file}: game #${g + 1}: "${r.aSide}" is not a side of ${id}.`);
    code[id] ??= codeHash(id);
    logs.push({ ...log, file, stale: log.settings.code !== code[id] });
  }
  const current = logs.filter((l) => !l.stale);
  const goals = Object.keys(rulesets).flatMap((id) =>
    GOALS.map(({ a, b, goal }) => {
      const tally = new Tally(rulesets[id]!.sides);
      const from = current.filter(
        (l) => l.settings.ruleset === id && l.settings.a === a && l.settings.b === b,
      );
      for (const l of from) for (const r of l.games.values()) tally.add(r);
      const s = tally.summary();
      const met = tally.games > 0 && s.winRate >= goal;
      const needed = neededScore(goal, s.wins + s.draws / 2, tally.games);
      return {
        ruleset: id,
        a,
        b,
        goal,
        ...s,
        winRate: tally.games ? s.winRate : null,
        ci95: tally.games ? s.ci95 : null,
        logs: from.map((l) => l.file),
        /** What the games left before GAMES must score, on average, for the goal (null at GAMES or more). */
        needed: needed === null ? null : Number(needed.toFixed(4)),
        status: status(tally.games, met, needed ?? undefined),
      };
    }),
  );
  const honesty = Object.keys(rulesets).map((id) => {
    const diffs: number[] = [];
    const pairs: string[] = [];
    for (const o of current) {
      const { ruleset, scenario, seed, a, b } = o.settings;
      if (ruleset !== id || a !== HONESTY.oracle || b !== HONESTY.b) continue;
      const m = current.find(
        (l) =>
          l.settings.ruleset === id &&
          l.settings.scenario === scenario &&
          l.settings.seed === seed &&
          l.settings.a === HONESTY.a &&
          l.settings.b === b,
      );
      if (!m) continue;
      pairs.push(`${o.file} ~ ${m.file}`);
      for (const [g, r] of o.games) {
        const h = m.games.get(g);
        if (h) diffs.push(gameScore(r) - gameScore(h));
      }
    }
    const n = diffs.length;
    if (n === 0 && !hasSecrets(rulesets[id]!))
      return {
        ruleset: id,
        games: 0,
        gap: 0,
        ci95: [0, 0] as [number, number],
        within: HONESTY.within,
        pairs,
        status: NOTHING_HIDDEN,
      };
    const mean = n ? diffs.reduce((x, d) => x + d, 0) / n : 0;
    const sd = n > 1 ? Math.sqrt(diffs.reduce((x, d) => x + (d - mean) ** 2, 0) / (n - 1)) : 0;
    const half = n ? (1.96 * sd) / Math.sqrt(n) : 0;
    return {
      ruleset: id,
      games: n,
      /** The oracle's win rate minus the honest search's, over the same games. */
      gap: Number(mean.toFixed(4)),
      ci95: [Number((mean - half).toFixed(4)), Number((mean + half).toFixed(4))] as [number, number],
      within: HONESTY.within,
      pairs,
      status: status(n, mean <= HONESTY.within),
    };
  });
  const stale = logs.filter((l) => l.stale).map((l) => l.file);
  return { goals, honesty, stale };
}

export interface Planned {
  ruleset: string;
  scenario: string;
  a: string;
  b: string;
  seed: string;
  /** The log's file name in the logs' folder. */
  log: string;
  /** Games already in a log of the current code. */
  games: number;
  /** The median seconds a game of this log took (its games that say); null if none says. */
  secondsPerGame: number | null;
}

/** The log's name for a pairing: `<ruleset>-<scenario>-<a>-vs-<b>-seed<seed>.jsonl` without colons. */
export const logName = (p: Omit<Planned, 'log' | 'games' | 'secondsPerGame'>) =>
  `${p.ruleset}-${p.scenario}-${p.a}-vs-${p.b}-seed${p.seed}.jsonl`.replaceAll(':', '');

/**
 * Every tournament the goals need, with the games its log holds on the current code, fewest first (ties in
 * the order of the goals). A log of older code counts 0: the run will refuse it, so it must be moved away.
 */
export function plan(dir: string, seed: string, secrets = hasSecrets): (Planned & { stale: boolean })[] {
  const out: (Planned & { stale: boolean })[] = [];
  for (const [id, ruleset] of Object.entries(rulesets)) {
    const scenario = scenarios[id]?.[0]?.id;
    if (!scenario) continue;
    const pairs: { a: string; b: string }[] = GOALS.map(({ a, b }) => ({ a, b }));
    if (secrets(ruleset)) pairs.push({ a: HONESTY.oracle, b: HONESTY.b });
    const code = codeHash(id);
    for (const { a, b } of pairs) {
      const p = { ruleset: id, scenario, a, b, seed };
      const log = logName(p);
      const path = join(dir, log);
      const read = existsSync(path) ? readLog(path) : null;
      const stale = read !== null && read.settings.code !== code;
      const games = read && !stale ? read.games.size : 0;
      const secondsPerGame = read && !stale ? medianSeconds(read.games.values()) : null;
      out.push({ ...p, log, games, secondsPerGame, stale });
    }
  }
  return out
    .map((p, i) => ({ p, i }))
    .sort((x, y) => x.p.games - y.p.games || x.i - y.i)
    .map(({ p }) => p);
}
