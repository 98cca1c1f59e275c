import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import { epicRuleset } from '../src/rulesets/epic';
import { scenarios } from '../src/rulesets/registry';
import { type AiService, createAiService } from './engine-api';

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
