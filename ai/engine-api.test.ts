import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import type { BaseAction } from '../src/engine/contract';
import { Rng, seedRng } from '../src/engine/rng';
import { companyRuleset } from '../src/rulesets/company';
import type { CompanyAction, CompanyState } from '../src/rulesets/company/types';
import { epicRuleset } from '../src/rulesets/epic';
import { scenarios } from '../src/rulesets/registry';
import { type AiService, createAiService } from './engine-api';
import type { SearchReport } from './mcts';

const sc = scenarios.epic![0]!;
const parsed = epicRuleset.parseScenario(sc.data);
if (!parsed.ok) throw new Error('scenario');
const start = epicRuleset.setup(parsed.value, 'api');
if (!start.ok) throw new Error('setup');

describe('AI service', () => {
  it('answers over a real comlink MessageChannel with a legal action and its alternatives', async () => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(
      createAiService(() => performance.now()),
      port1,
    );
    const remote = Comlink.wrap<AiService>(port2);
    const report = await remote.think({ ruleset: 'epic', state: start.value, bot: 'mcts:150', seed: 's' });
    expect(epicRuleset.validate(start.value, report.action as never).ok).toBe(true);
    expect(report.iterations).toBeGreaterThan(0);
    expect(report.alternatives.length).toBeGreaterThan(0);
    port2.close();
    port1.close();
  });

  it('stops a long search within a slice when asked', async () => {
    const service = createAiService(() => performance.now());
    const t0 = performance.now();
    const pending = service.think({ ruleset: 'epic', state: start.value, bot: 'mcts:20000', seed: 's' });
    setTimeout(() => service.stop(), 50);
    const report = await pending;
    expect(report.stopped).toBe(true);
    expect(performance.now() - t0).toBeLessThan(10_000); // far below the 20 s budget: it did stop
    expect(epicRuleset.validate(start.value, report.action as never).ok).toBe(true);
  });

  it('refuses an unknown bot', async () => {
    const service = createAiService(() => performance.now());
    await expect(
      service.think({ ruleset: 'epic', state: start.value, bot: 'oracle', seed: 's' }),
    ).rejects.toThrow(/unknown bot/);
  });
});

describe('AI service levels', () => {
  it('accepts the beginner level and answers with an option it weighed', async () => {
    const service = createAiService(() => performance.now());
    const report = await service.think({ ruleset: 'epic', state: start.value, bot: 'beginner', seed: 'b' });
    expect(epicRuleset.validate(start.value, report.action as never).ok).toBe(true);
    expect(report.alternatives.map((a) => JSON.stringify(a.action))).toContain(JSON.stringify(report.action));
  });
});

describe('AI service tree reuse', () => {
  const csc = scenarios.company![0]!;
  const p = companyRuleset.parseScenario(csc.data);
  if (!p.ok) throw new Error('scenario');
  const init = companyRuleset.setup(p.value, 'reuse');
  if (!init.ok) throw new Error('setup');
  const setUp = init.value;
  /** Plays `actions` from `state`; the state reached. */
  const play = (state: CompanyState, actions: readonly BaseAction[]) => {
    let s = state;
    for (const a of actions) {
      const step = companyRuleset.apply(s, a as CompanyAction);
      if (!step.ok) throw new Error(step.error.code);
      s = step.value.state;
    }
    return s;
  };
  /** The scripted line from the set-up to the first state `want` accepts, and the actions that led there. */
  function lineTo(want: (s: CompanyState) => boolean) {
    let state = setUp;
    const actions: BaseAction[] = [];
    const rng = new Rng(seedRng('line'));
    while (!want(state)) {
      const a = companyRuleset.script!(state, rng);
      state = play(state, [a]);
      actions.push(a);
    }
    return { state, actions };
  }
  const choosing = (phase: string) => (s: CompanyState) =>
    s.ply > 4 && s.phase === phase && companyRuleset.candidates(s).length > 1;
  /** A clock that moves 1 ms every 20 calls: the same work whatever the machine. */
  const ticking = () => {
    let t = 0;
    return () => (t += 0.05);
  };
  const think = (
    service: AiService,
    state: CompanyState,
    seed: string,
    game: string,
    actions: BaseAction[],
  ) => service.think({ ruleset: 'company', state, bot: 'mcts:100', seed, history: { game, actions } });
  const visits = (r: SearchReport) => r.alternatives.reduce((n, a) => n + a.visits, 0);

  it('keeps its tree for the next decision of the same game, and only then', async () => {
    // The AI activates a combatant, then chooses its order: the second search starts under the first's choice.
    const { state, actions } = lineTo(choosing('actions.choix'));
    const service = createAiService(ticking());
    const first = await think(service, state, '1', 'g', actions);
    expect(visits(first)).toBeLessThanOrEqual(first.iterations);
    const next = [...actions, first.action];
    const s = play(state, [first.action]);
    expect(companyRuleset.decision(s)!.side).toBe(companyRuleset.decision(state)!.side);
    const reused = await think(service, s, '2', 'g', next);
    expect(visits(reused)).toBeGreaterThan(reused.iterations);
    // The same decision searched without the tree, in another game, or after a takeback starts afresh.
    const alone = await createAiService(ticking()).think({
      ruleset: 'company',
      state: s,
      bot: 'mcts:100',
      seed: '2',
    });
    expect(visits(alone)).toBeLessThanOrEqual(alone.iterations);
    const other = await think(service, s, '2', 'h', next);
    expect(visits(other)).toBeLessThanOrEqual(other.iterations);
    const again = createAiService(ticking());
    await think(again, state, '1', 'g', actions);
    const rewritten = [...next];
    rewritten[0] = companyRuleset
      .candidates(setUp)
      .find((a) => JSON.stringify(a) !== JSON.stringify(next[0]))!;
    const takeback = await think(again, s, '2', 'g', rewritten);
    expect(visits(takeback)).toBeLessThanOrEqual(takeback.iterations);
  });

  it('keeps one tree per side: a side never searches from the other side’s tree', async () => {
    // The AI chooses an order; the other side decides next. Its search must not start from the first's tree,
    // which holds the first side's view (in epic, its own secret Ordres).
    const { state, actions } = lineTo(choosing('actions.activation.ordre'));
    const service = createAiService(ticking());
    const first = await think(service, state, '1', 'g', actions);
    const s = play(state, [first.action]);
    const d = companyRuleset.decision(s)!;
    expect(d.side).not.toBe(companyRuleset.decision(state)!.side);
    expect(companyRuleset.candidates(s).length).toBeGreaterThan(1);
    const theirs = await think(service, s, '3', 'g', [...actions, first.action]);
    expect(visits(theirs)).toBeLessThanOrEqual(theirs.iterations);
  });
});
