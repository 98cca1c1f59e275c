import { describe, expect, it } from 'vitest';
import { makeBot } from '../../ai/bots';
import type { BaseAction, BaseState } from '../engine/contract';
import { rulesets, scenarios } from '../rulesets/registry';
import { createAnalysisService, type LineRequest } from './analysis-service';

const company = rulesets.company!;
const scenario = scenarios.company![0]!;

function line(plies: number): BaseAction[] {
  const sc = company.parseScenario(scenario.data);
  if (!sc.ok) throw new Error('scenario');
  const init = company.setup(sc.value, 'an-1');
  if (!init.ok) throw new Error('setup');
  let state: BaseState = init.value;
  const bot = makeBot('random', 'an-1');
  const out: BaseAction[] = [];
  for (let i = 0; i < plies && company.decision(state); i++) {
    const a = bot.choose(company, state);
    out.push(a);
    const r = company.apply(state, a);
    if (!r.ok) throw new Error(r.error.code);
    state = r.value.state;
  }
  return out;
}

describe('the analysis service (the worker’s code)', () => {
  const actions = line(6);
  const req: LineRequest = {
    ruleset: 'company',
    scenario: scenario.id,
    seed: 'an-1',
    actions,
    side: 'blue',
    iterations: 8,
    analysisSeed: 'a',
  };

  it('evaluates every position of a line with progress, the same twice', async () => {
    const service = createAnalysisService();
    const progress: number[] = [];
    const r = await service.evaluateLine(req, (p) => progress.push(p.done));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((e) => e.ply)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const e of r.value) expect(Math.abs(e.value)).toBeLessThanOrEqual(1);
    const again = await createAnalysisService().evaluateLine(req);
    expect(again).toEqual(r);
  });

  it('refuses a line that does not replay, and judges a move for "learn from your mistakes"', async () => {
    const service = createAnalysisService();
    const bad = await service.evaluateLine({ ...req, actions: [{ type: 'nonsense' }] });
    expect(bad.ok).toBe(false);
    const verdict = await service.checkMove({ ...req, ply: 2, margin: 0.1 }, actions[1]!);
    expect(verdict.ok).toBe(true);
    const illegal = await service.checkMove({ ...req, ply: 2, margin: 0.1 }, { type: 'nonsense' });
    expect(illegal.ok && illegal.value.illegal).toBeTruthy();
  });
});
