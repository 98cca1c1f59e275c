import { describe, expect, it } from 'vitest';
import type { BaseAction } from '../engine/contract';
import { hashState } from '../engine/hash';
import { epicRuleset } from '../rulesets/epic';
import { annotateEvaluations, evaluateLine, learnFromMistake, mistakeChecker, worstMoves } from './analysis';
import { epicGame, epicScenario } from './fixtures';
import { parseRecordV2 } from './record-v2';
import { createReplayer, jumpToPly, treeFromRecord } from './tree';

const game = epicGame();
const parsed = parseRecordV2({
  ...game,
  actions: game.actions.slice(0, 16),
  hashes: game.hashes.slice(0, 16),
  annotations: [],
});
if (!parsed.ok) throw new Error(parsed.error.message.en);
const tree = treeFromRecord(parsed.value);
const rp = () => {
  const r = createReplayer(epicRuleset, epicScenario.data, game.seed);
  if (!r.ok) throw new Error(r.error.message.en);
  return r.value;
};
const budget = { iterations: 12, seed: 'analysis', rolloutPlies: 4 };

describe('analysis', () => {
  it('evaluates every ply of a line, deterministically, with values in [−1, 1] for the side asked', () => {
    const a = evaluateLine(rp(), tree, tree.root, 'blue', budget);
    const b = evaluateLine(rp(), tree, tree.root, 'blue', budget);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.value).toHaveLength(17);
    expect(a.value).toEqual(b.value);
    for (const e of a.value) expect(Math.abs(e.value)).toBeLessThanOrEqual(1);
    // The same position for red is the negation (zero-sum evaluations).
    const red = evaluateLine(rp(), tree, tree.root, 'red', budget);
    if (red.ok) for (const [i, e] of red.value.entries()) expect(e.value).toBeCloseTo(-a.value[i]!.value, 12);
    const noted = annotateEvaluations(tree, a.value, 'blue');
    expect(noted.nodes[tree.root]!.notes[0]!.text).toMatch(/^AI [+-]\d\.\d\d \(blue\)/);
  });

  it('lists the worst drops of a side’s own moves, worst first', () => {
    const evals = [
      { node: 'a', ply: 0, value: 0.1, mover: 'blue', best: null, alternatives: [] },
      { node: 'b', ply: 1, value: -0.3, mover: 'red', best: null, alternatives: [] },
      { node: 'c', ply: 2, value: 0.2, mover: 'blue', best: null, alternatives: [] },
      { node: 'd', ply: 3, value: 0.15, mover: 'blue', best: null, alternatives: [] },
      { node: 'e', ply: 4, value: -0.5, mover: 'red', best: null, alternatives: [] },
    ];
    const m = worstMoves(evals, 'blue', 5, 0.01);
    expect(m.map((x) => x.ply)).toEqual([4, 1, 3]);
    expect(m[0]!.drop).toBeCloseTo(0.65, 12);
    expect(worstMoves(evals, 'red', 5, 0.01)).toEqual([]);
  });

  it('learn from your mistakes: accepts the best move and moves within the margin, refuses the others', () => {
    const node = jumpToPly(tree, tree.root, 3)!;
    const strict = learnFromMistake(rp(), tree, node, { ...budget, margin: 0 });
    expect(strict.ok).toBe(true);
    if (!strict.ok) return;
    const c = strict.value;
    expect(c.check(c.best).accepted).toBe(true);
    const worst = [...c.alternatives].sort((x, y) => x.value - y.value)[0]!;
    if (worst.value < c.bestValue) {
      const v = c.check(worst.action);
      expect(v.accepted).toBe(false);
      expect(v.reason.fr).toContain('Réessayez');
    }
    const lenient = mistakeChecker(epicRuleset, c.state, { ...budget, margin: 2 });
    if (lenient.ok)
      for (const alt of c.alternatives) expect(lenient.value.check(alt.action).accepted).toBe(true);
    const illegal = c.check({ type: 'shoot', det: 'x', target: 'y' } as BaseAction);
    expect(illegal.accepted).toBe(false);
    expect(illegal.illegal?.code).toBeTruthy();
    expect(hashState(c.played)).toBe(hashState(game.actions[2]));
  });
});
