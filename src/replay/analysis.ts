/**
 * Analysis of a replay with the AI (docs/replays.md): an evaluation per ply (the graph), the plies where a
 * side's evaluation dropped most (its mistakes), and "learn from your mistakes": a checker for a chosen ply
 * that accepts any move the AI rates close to its best. Every search has a fixed seed and an iteration
 * budget, so the same game gives the same analysis; tests pass a small budget.
 *
 * Values are in [−1, 1] for one side. The search values the options of the side to act; both rulesets'
 * evaluations are zero-sum (`evaluate(s, blue) = −evaluate(s, red)`), so the other side's value is its
 * negation.
 */
import { type SearchReport, search } from '../../ai/mcts';
import type { AnyRuleset, BaseAction, BaseState, Side } from '../engine/contract';
import { hashState } from '../engine/hash';
import { type GameError, gameError, type Message, type Result } from '../engine/result';
import { lineThrough, nodeOf, type Replayer, type ReplayTree, setNotes } from './tree';

export interface AnalysisOptions {
  /** MCTS iterations per position: small in tests (10–30), a few hundred in the app. */
  iterations: number;
  /** The searcher's seed; each ply searches with `${seed}:${ply}`. */
  seed: string;
  rolloutPlies?: number;
  maxDepth?: number;
}

export interface PositionValue {
  /** For the side asked about. */
  value: number;
  /** The side to act here, or null when the game is over. */
  mover: Side | null;
  /** The AI's choice here and the options it weighed (values for `mover`); null when the game is over. */
  report: SearchReport | null;
}

const key = (a: BaseAction): string => hashState(a);

/** The value of a position for `side`: the outcome when finished, else the AI's chosen option's value. */
export function evaluatePosition(
  ruleset: AnyRuleset,
  state: BaseState,
  side: Side,
  options: AnalysisOptions,
  ply = 0,
): PositionValue {
  const outcome = ruleset.outcome(state);
  if (outcome.status === 'finished')
    return {
      value: outcome.winner === null ? 0 : outcome.winner === side ? 1 : -1,
      mover: null,
      report: null,
    };
  const decision = ruleset.decision(state);
  if (!decision) return { value: ruleset.evaluate(state, side), mover: null, report: null };
  const report = search(ruleset, state, decision.side, {
    seed: `${options.seed}:${ply}`,
    maxIterations: Math.max(1, options.iterations),
    ...(options.rolloutPlies === undefined ? {} : { rolloutPlies: options.rolloutPlies }),
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
  });
  const chosen = report.alternatives.find((x) => key(x.action) === key(report.action));
  const forMover = chosen ? chosen.value : ruleset.evaluate(state, decision.side);
  return { value: decision.side === side ? forMover : -forMover, mover: decision.side, report };
}

export interface PlyEvaluation {
  node: string;
  ply: number;
  /** The value of the position after this ply, for the side analysed. */
  value: number;
  mover: Side | null;
  best: BaseAction | null;
  alternatives: SearchReport['alternatives'];
}

/** Evaluates every position of the line through `node` (the set-up included), in ply order. */
export function evaluateLine(
  replayer: Replayer,
  tree: ReplayTree,
  node: string,
  side: Side,
  options: AnalysisOptions,
): Result<PlyEvaluation[]> {
  const out: PlyEvaluation[] = [];
  for (const n of lineThrough(tree, node)) {
    const at = replayer.stateAt(tree, n.id);
    if (!at.ok) return at;
    const v = evaluatePosition(replayer.ruleset, at.value.state, side, options, n.ply);
    out.push({
      node: n.id,
      ply: n.ply,
      value: v.value,
      mover: v.mover,
      best: v.report?.action ?? null,
      alternatives: v.report?.alternatives ?? [],
    });
  }
  return { ok: true, value: out };
}

export interface Mistake {
  /** The node of the move that lost value (the position after it). */
  node: string;
  ply: number;
  /** How much the side's value fell with this move (> 0). */
  drop: number;
  before: number;
  after: number;
  /** What the AI preferred instead. */
  best: BaseAction | null;
}

/**
 * The plies where `side`'s evaluation dropped most with a move `side` made itself, worst first: at most
 * `count`, only drops above `threshold`. `evals` is `evaluateLine`'s answer for that same side.
 */
export function worstMoves(evals: PlyEvaluation[], side: Side, count = 3, threshold = 0.05): Mistake[] {
  const out: Mistake[] = [];
  for (let i = 1; i < evals.length; i++) {
    const before = evals[i - 1]!;
    const after = evals[i]!;
    if (before.mover !== side) continue;
    const drop = before.value - after.value;
    if (drop > threshold)
      out.push({
        node: after.node,
        ply: after.ply,
        drop,
        before: before.value,
        after: after.value,
        best: before.best,
      });
  }
  return out.sort((a, b) => b.drop - a.drop || a.ply - b.ply).slice(0, Math.max(0, count));
}

/** The AI's note for a ply: `AI +0.12 (blue)`, then the preferred move when the played one differs. */
export function aiNote(e: PlyEvaluation, side: Side, played: BaseAction | null): string {
  const v = `${e.value >= 0 ? '+' : ''}${e.value.toFixed(2)}`;
  return `AI ${v} (${side})${played && e.best && key(played) !== key(e.best) ? ` · ${JSON.stringify(e.best)}` : ''}`;
}

/**
 * Attaches each evaluation as the `ai` note of its node. The note of node n says what the AI thought of the
 * position after ply n and what it would play there.
 */
export function annotateEvaluations(tree: ReplayTree, evals: PlyEvaluation[], side: Side): ReplayTree {
  let t = tree;
  for (const e of evals) {
    const next = nodeOf(t, e.node)?.children[0];
    const played = next ? (t.nodes[next]!.action ?? null) : null;
    const r = setNotes(t, e.node, 'ai', [aiNote(e, side, played)]);
    if (r.ok) t = r.value;
  }
  return t;
}

// --- learn from your mistakes ---------------------------------------------------------------------------

export interface MoveVerdict {
  accepted: boolean;
  /** The value the AI gives the move tried, for the side to act (null when illegal). */
  value: number | null;
  bestValue: number;
  best: BaseAction;
  reason: Message;
  /** When the move is illegal: the ruleset's refusal. */
  illegal?: GameError;
}

export interface MistakeChecker {
  side: Side;
  best: BaseAction;
  /** The value of the AI's chosen option, for `side`. */
  bestValue: number;
  margin: number;
  alternatives: SearchReport['alternatives'];
  check(action: BaseAction): MoveVerdict;
}

/**
 * A checker for the position `state`: it accepts the AI's own choice and any move whose value is within
 * `margin` of that choice's value. A move the search weighed is judged by its value there; any other
 * legal move (a free destination) by a search of the position it leads to, with the same budget.
 */
export function mistakeChecker(
  ruleset: AnyRuleset,
  state: BaseState,
  options: AnalysisOptions & { margin: number },
): Result<MistakeChecker> {
  const decision = ruleset.decision(state);
  if (!decision)
    return {
      ok: false,
      error: gameError(
        'ERR_ANALYSIS_OVER',
        'The game is over here: no move to find.',
        'La partie est finie ici : aucun coup à trouver.',
      ),
    };
  const side = decision.side;
  const here = evaluatePosition(ruleset, state, side, options, state.ply);
  const report = here.report!;
  const bestValue = here.value;
  const weighed = new Map(report.alternatives.map((a) => [key(a.action), a.value]));
  const bestKey = key(report.action);
  const round = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(2);
  return {
    ok: true,
    value: {
      side,
      best: report.action,
      bestValue,
      margin: options.margin,
      alternatives: report.alternatives,
      check(action) {
        const valid = ruleset.validate(state, action);
        if (!valid.ok)
          return {
            accepted: false,
            value: null,
            bestValue,
            best: report.action,
            reason: valid.error.message,
            illegal: valid.error,
          };
        let value = weighed.get(key(action));
        if (value === undefined) {
          const step = ruleset.apply(state, action);
          if (!step.ok)
            return {
              accepted: false,
              value: null,
              bestValue,
              best: report.action,
              reason: step.error.message,
              illegal: step.error,
            };
          value = evaluatePosition(ruleset, step.value.state, side, options, state.ply + 1).value;
        }
        const accepted = key(action) === bestKey || value >= bestValue - options.margin;
        return {
          accepted,
          value,
          bestValue,
          best: report.action,
          reason: accepted
            ? {
                en: `Good: the AI rates this move ${round(value)} against ${round(bestValue)} for its best.`,
                fr: `Bien : l'IA évalue ce coup à ${round(value)} contre ${round(bestValue)} pour son meilleur.`,
              }
            : {
                en: `Not quite: the AI rates this move ${round(value)}, its best ${round(bestValue)}. Try again.`,
                fr: `Pas tout à fait : l'IA évalue ce coup à ${round(value)}, son meilleur à ${round(bestValue)}. Réessayez.`,
              },
        };
      },
    },
  };
}

/** The checker for the position before the move at `node` (a mistake found by `worstMoves`). */
export function learnFromMistake(
  replayer: Replayer,
  tree: ReplayTree,
  node: string,
  options: AnalysisOptions & { margin: number },
): Result<MistakeChecker & { state: BaseState; played: BaseAction | null }> {
  const n = nodeOf(tree, node);
  if (!n || n.parent === null)
    return {
      ok: false,
      error: gameError('ERR_TREE_NODE', 'Choose a move of the game.', 'Choisissez un coup de la partie.'),
    };
  const at = replayer.stateAt(tree, n.parent);
  if (!at.ok) return at;
  const checker = mistakeChecker(replayer.ruleset, at.value.state, options);
  if (!checker.ok) return checker;
  return { ok: true, value: { ...checker.value, state: at.value.state, played: n.action } };
}
