import { describe, expect, it } from 'vitest';
import type { SearchReport } from '../../ai/mcts';
import type { BaseAction } from '../engine/contract';
import { WHY_ROWS, whyOf } from './why';

const act = (n: number): BaseAction => ({ type: 'shoot', det: `d${n}` }) as BaseAction;
const words = (a: BaseAction) => {
  const det = (a as BaseAction & { det: string }).det;
  return { fr: `Tirer ${det}`, en: `Shoot ${det}` };
};
const report = (n: number): SearchReport => ({
  action: act(0),
  alternatives: Array.from({ length: n }, (_, i) => ({
    action: act(i),
    visits: 100 - i * 10,
    value: 0.5 - i * 0.2,
    ...(i === 1 ? { odds: { expected: 1.25, destroyAll: 0.1 } } : {}),
  })),
  iterations: 450,
  ms: 1000.4,
  stopped: false,
});

describe('why the AI did that', () => {
  it('lists the options weighed, most visited first, with chances, visits and attack odds', () => {
    const why = whyOf(report(3), act(0), false, words);
    expect(why.secret).toBe(false);
    expect(why.played.en).toBe('Shoot d0');
    expect(why.rows.map((r) => r.label.en)).toEqual(['Shoot d0', 'Shoot d1', 'Shoot d2']);
    expect(why.rows.map((r) => r.chance)).toEqual([75, 65, 55]);
    expect(why.rows.map((r) => r.played)).toEqual([true, false, false]);
    expect(why.rows[1]!.odds).toEqual({ expected: 1.25, destroyAll: 0.1 });
    expect(why.rows[0]!.odds).toBeUndefined();
    expect(why).toMatchObject({ iterations: 450, ms: 1000 });
  });

  it('keeps the option played in the list even when noise picked a little-visited one', () => {
    const why = whyOf(report(10), act(9), false, words);
    expect(why.rows).toHaveLength(WHY_ROWS);
    expect(why.rows.at(-1)).toMatchObject({ played: true, label: { en: 'Shoot d9' } });
    expect(why.rows.filter((r) => r.played)).toHaveLength(1);
  });

  it('shows nothing of a secret decision but that it was made', () => {
    const why = whyOf(report(4), act(2), true, words);
    expect(why.secret).toBe(true);
    expect(why.rows).toEqual([]);
  });
});
