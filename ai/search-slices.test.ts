import { describe, expect, it } from 'vitest';
import { epicRuleset } from '../src/rulesets/epic';
import { scenarios } from '../src/rulesets/registry';
import { Search } from './mcts';
import { searchInSlices } from './search-slices';

const sc = scenarios.epic![0]!;
const parsed = epicRuleset.parseScenario(sc.data);
if (!parsed.ok) throw new Error('scenario');
const start = epicRuleset.setup(parsed.value, 'slices');
if (!start.ok) throw new Error('setup');
const side = epicRuleset.decision(start.value)!.side;

/** A clock that moves 0.5 ms each time it is read: a rollout ply reads it once, so an iteration takes time. */
const fakeClock = () => {
  let t = 0;
  return () => (t += 0.5);
};

const run = (sliceMs: number, cutMs: number, shouldStop: () => boolean = () => false) => {
  let slices = 0;
  return searchInSlices(epicRuleset, start.value, side, {
    seed: 'slices',
    budgetMs: 300,
    now: fakeClock(),
    sliceMs,
    cutMs,
    yieldFn: async () => {
      slices++;
    },
    shouldStop,
  }).then((r) => ({ ...r, slices }));
};

describe('the search in slices (ai/search-slices.ts)', () => {
  it('cuts the rollouts of iterations that overrun the slice only past the margin', async () => {
    const atEnd = await run(2, 0);
    const margin = await run(2, 1000);
    expect(atEnd.iterations).toBeGreaterThan(0);
    expect(margin.iterations).toBeGreaterThan(0);
    // A cut at the slice's end cuts many rollouts short; with a margin wider than any iteration, none.
    expect(atEnd.cut).toBeGreaterThan(atEnd.iterations / 4);
    expect(margin.cut).toBe(0);
    // Cut rollouts are shorter: the same fake time holds more iterations.
    expect(atEnd.iterations).toBeGreaterThan(margin.iterations);
  });

  it('with whole rollouts, weighs the options as the unsliced search does in as many iterations', async () => {
    const sliced = await run(2, 1000);
    const s = new Search(epicRuleset, start.value, side, { seed: 'slices' });
    s.step(sliced.iterations);
    const whole = s.report(0, false);
    expect(JSON.stringify(sliced.alternatives.map((a) => [a.action, a.visits]))).toBe(
      JSON.stringify(whole.alternatives.map((a) => [a.action, a.visits])),
    );
  });

  it('answers at the first look after a stop request, with a legal action', async () => {
    let looks = 0;
    const r = await run(2, 3, () => ++looks >= 3);
    expect(r.stopped).toBe(true);
    expect(r.slices).toBe(3);
    expect(epicRuleset.validate(start.value, r.action as never).ok).toBe(true);
  });
});
