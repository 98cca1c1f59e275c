/**
 * The peer comparison (issue #5): our MCTS against boardgame.io's MCTSBot on one small game written for
 * both — tic-tac-toe, from the empty board, 1,000 iterations each, playouts to the end of the game.
 * boardgame.io is a dev dependency used here only.
 */
import { MCTSBot } from 'boardgame.io/ai';
import { InitializeGame } from 'boardgame.io/internal';
import { median } from '../ai/cli/median';
import { search } from '../ai/mcts';
import type { AnyRuleset, BaseState } from '../src/engine/contract';
import { seedRng } from '../src/engine/rng';

// --- the game for boardgame.io ---------------------------------------------------------------------------
const lines = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];
/** Shared by both sides. An indexed loop: destructuring `for…of` took most of our search's time. */
const winner = (cells: (string | null)[]): string | null => {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const v = cells[line[0]!];
    if (v !== null && v !== undefined && v === cells[line[1]!] && v === cells[line[2]!]) return v;
  }
  return null;
};

const bgioGame = {
  name: 'tic-tac-toe',
  setup: () => ({ cells: Array<string | null>(9).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    clickCell: ({ G, playerID }: { G: { cells: (string | null)[] }; playerID: string }, id: number) => {
      G.cells[id] = playerID;
    },
  },
  endIf: ({ G }: { G: { cells: (string | null)[] } }) => {
    const w = winner(G.cells);
    if (w !== null) return { winner: w };
    if (G.cells.every((c) => c !== null)) return { draw: true };
    return undefined;
  },
  ai: {
    enumerate: (G: { cells: (string | null)[] }) => {
      const out: { move: string; args: number[] }[] = [];
      for (let id = 0; id < 9; id++) if (G.cells[id] === null) out.push({ move: 'clickCell', args: [id] });
      return out;
    },
  },
};

// --- the same game behind our engine contract ------------------------------------------------------------
interface TState extends BaseState {
  cells: (string | null)[];
  toPlay: string;
}
type TAction = { type: 'cell'; id: number };
/** Immutable action objects, handed out again and again (the search caches their keys). */
const CELLS: readonly TAction[] = Array.from({ length: 9 }, (_, id) => ({ type: 'cell' as const, id }));
const ours = {
  id: 'tictactoe',
  sides: ['0', '1'],
  decision: (s: TState) =>
    winner(s.cells) !== null || s.cells.every((c) => c !== null)
      ? null
      : { side: s.toPlay, phase: 'play', turn: s.ply },
  candidates: (s: TState): TAction[] => {
    const out: TAction[] = [];
    for (let id = 0; id < 9; id++) if (s.cells[id] === null) out.push(CELLS[id]!);
    return out;
  },
  applyInPlace: (s: TState, a: TAction) => {
    s.cells[a.id] = s.toPlay;
    s.toPlay = s.toPlay === '0' ? '1' : '0';
    s.ply++;
    return null;
  },
  validate: (s: TState, a: TAction) => ({ ok: s.cells[a.id] === null, value: true }),
  clone: (s: TState): TState => ({ ...s, cells: [...s.cells] }),
  observe: (s: TState) => ours.clone(s),
  determinize: (s: TState) => ours.clone(s),
  evaluate: (s: TState, side: string) => {
    const w = winner(s.cells);
    return w === null ? 0 : w === side ? 1 : -1;
  },
} as unknown as AnyRuleset;

const ITER = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

export async function peerBench(): Promise<{ ours: number; boardgameio: number; ratio: number }> {
  const bgioState = InitializeGame({ game: bgioGame as never });
  // Both are measured at steady state: untimed warm-up runs first, until each has run ~1 s (one
  // boardgame.io search already takes ~0.5 s; ours, 1,000 iterations in a few ms, needs many runs before
  // V8 has optimised it: cold, it runs 5–10× slower).
  const warm = async (run: () => Promise<unknown> | unknown) => {
    const t0 = performance.now();
    do await run();
    while (performance.now() - t0 < 1000);
  };
  const fresh = (): TState => ({ rng: seedRng('t'), ply: 0, cells: Array(9).fill(null), toPlay: '0' });
  await warm(() =>
    new MCTSBot({
      game: bgioGame as never,
      enumerate: bgioGame.ai.enumerate as never,
      iterations: ITER,
      playoutDepth: 50,
      seed: 'w',
    }).play(bgioState, '0'),
  );
  await warm(() =>
    search(ours, fresh(), '0', { seed: 'w', maxIterations: ITER, rolloutPlies: 9, maxDepth: 9 }),
  );
  const bgioRates: number[] = [];
  const ourRates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const bot = new MCTSBot({
      game: bgioGame as never,
      enumerate: bgioGame.ai.enumerate as never,
      iterations: ITER,
      playoutDepth: 50,
      seed: `r${r}`,
    });
    let t0 = performance.now();
    await bot.play(bgioState, '0');
    bgioRates.push((ITER * 1000) / (performance.now() - t0));
    // One of our searches takes a few milliseconds, too short to time alone on a shared machine: each
    // round times 25 of them (same 1,000 iterations each, different seeds).
    const OURS_PER_ROUND = 25;
    t0 = performance.now();
    for (let k = 0; k < OURS_PER_ROUND; k++)
      search(ours, fresh(), '0', { seed: `r${r}:${k}`, maxIterations: ITER, rolloutPlies: 9, maxDepth: 9 });
    ourRates.push((OURS_PER_ROUND * ITER * 1000) / (performance.now() - t0));
  }
  const o = median(ourRates);
  const b = median(bgioRates);
  return { ours: Math.round(o), boardgameio: Math.round(b), ratio: Number((o / b).toFixed(1)) };
}
