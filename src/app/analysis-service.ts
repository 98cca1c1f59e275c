/**
 * The replay's analysis, run off the main thread (analysis.worker.ts exposes it through comlink; tests call
 * it directly): the AI's evaluation of every position of a line, ply by ply with progress (what
 * `evaluateLine` of src/replay/analysis.ts computes, one `evaluatePosition` per ply so the worker can report
 * progress and be stopped), and "learn from your mistakes" verdicts (`learnFromMistake`).
 *
 * Requests are plain data: the line is sent as its actions from the set-up, so the worker rebuilds and
 * re-checks it on the engine (a worker trusts nothing either). Searches are seeded: the same line gives
 * the same evaluations.
 */
import type { BaseAction, BaseState, Side } from '../engine/contract';
import { hashState } from '../engine/hash';
import { err, type Result } from '../engine/result';
import {
  type AnalysisOptions,
  evaluatePosition,
  learnFromMistake,
  type MoveVerdict,
  type PlyEvaluation,
} from '../replay/analysis';
import {
  addMove,
  createReplayer,
  lineThrough,
  newTree,
  type Replayer,
  type ReplayTree,
} from '../replay/tree';
import { findScenario, rulesets } from '../rulesets/registry';

export interface LineRequest {
  ruleset: string;
  scenario: string;
  seed: string;
  /** The line's actions from the set-up. */
  actions: BaseAction[];
  /** The side the values are for. */
  side: Side;
  iterations: number;
  /** The searcher's seed. */
  analysisSeed: string;
}

export interface AnalysisProgress {
  done: number;
  total: number;
}

/** One evaluation per position of the line, index = ply (0 = the set-up). Node ids are the caller's. */
export type LineEvaluation = Omit<PlyEvaluation, 'node'>[];

function rebuild(req: LineRequest): Result<{ replayer: Replayer; tree: ReplayTree; nodes: string[] }> {
  const ruleset = Object.hasOwn(rulesets, req.ruleset) ? rulesets[req.ruleset] : undefined;
  const scenario = findScenario(req.ruleset, req.scenario);
  if (!ruleset || !scenario)
    return err('ERR_ANALYSIS_GAME', 'Unknown game for the analysis.', 'Partie inconnue pour l’analyse.');
  const made = createReplayer(ruleset, scenario.data, req.seed);
  if (!made.ok) return made;
  const replayer = made.value;
  let tree = newTree(req.ruleset, req.scenario, req.seed, hashState(replayer.initial));
  let at = tree.root;
  for (const action of req.actions) {
    const added = addMove(tree, replayer, at, action, { autoNotes: false });
    if (!added.ok) return added;
    tree = added.value.tree;
    at = added.value.node;
  }
  return { ok: true, value: { replayer, tree, nodes: lineThrough(tree, at).map((n) => n.id) } };
}

const options = (req: LineRequest): AnalysisOptions => ({
  iterations: req.iterations,
  seed: req.analysisSeed,
});

export function createAnalysisService(yieldFn: () => Promise<void> = () => Promise.resolve()) {
  let stopped = false;
  const checkers = new Map<
    string,
    { check(a: BaseAction): MoveVerdict; best: BaseAction; bestValue: number }
  >();
  return {
    /** Evaluates every position of the line; stops early (with what it has) when `stop()` is called. */
    async evaluateLine(
      req: LineRequest,
      onProgress?: (p: AnalysisProgress) => void,
    ): Promise<Result<LineEvaluation>> {
      stopped = false;
      const built = rebuild(req);
      if (!built.ok) return built;
      const { replayer, tree, nodes } = built.value;
      const out: LineEvaluation = [];
      for (const [i, id] of nodes.entries()) {
        if (stopped) break;
        const at = replayer.stateAt(tree, id);
        if (!at.ok) return at;
        const v = evaluatePosition(replayer.ruleset, at.value.state as BaseState, req.side, options(req), i);
        out.push({
          ply: i,
          value: v.value,
          mover: v.mover,
          best: v.report?.action ?? null,
          alternatives: v.report?.alternatives ?? [],
        });
        onProgress?.({ done: i + 1, total: nodes.length });
        await yieldFn();
      }
      return { ok: true, value: out };
    },
    /**
     * "Learn from your mistakes": is `action` as good as the AI's choice (within `margin`) at the position
     * before ply `ply` of the line? The checker is kept for the next tries at the same ply.
     */
    async checkMove(
      req: LineRequest & { ply: number; margin: number },
      action: BaseAction,
    ): Promise<Result<MoveVerdict>> {
      const before = req.actions.slice(0, Math.max(0, req.ply - 1));
      const key = JSON.stringify([req.ruleset, req.scenario, req.seed, before, req.iterations, req.margin]);
      let checker = checkers.get(key);
      if (!checker) {
        const built = rebuild({ ...req, actions: before });
        if (!built.ok) return built;
        const { replayer, tree, nodes } = built.value;
        const parent = nodes[nodes.length - 1]!;
        // learnFromMistake asks for the node of the move; the move tried is added on the rebuilt line.
        const step = addMove(tree, replayer, parent, req.actions[req.ply - 1] ?? action, {
          autoNotes: false,
        });
        if (!step.ok) return step;
        const made = learnFromMistake(replayer, step.value.tree, step.value.node, {
          ...options(req),
          margin: req.margin,
        });
        if (!made.ok) return made;
        checker = made.value;
        checkers.clear();
        checkers.set(key, checker);
      }
      return { ok: true, value: checker.check(action) };
    },
    stop(): void {
      stopped = true;
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
