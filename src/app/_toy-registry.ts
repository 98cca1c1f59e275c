// THROWAWAY: stands in for src/rulesets/registry.ts until it exists. Delete before finishing.
import type { AnyRuleset, BaseState, GameEvent } from '../engine/contract';
import type { Message } from '../engine/result';
import { seedRng, withRng } from '../engine/rng';

interface S extends BaseState {
  turn: number;
  side: 'blue' | 'red';
  hp: Record<string, number>;
}
const toy = {
  id: 'epic',
  name: { fr: 'Épique (jouet)', en: 'Epic (toy)' },
  sides: ['blue', 'red'],
  unit: 'cm',
  parseScenario: (d: unknown) => ({ ok: true, value: d }),
  setup: (_sc: unknown, seed: string) => ({
    ok: true,
    value: { rng: seedRng(seed), ply: 0, turn: 1, side: 'blue', hp: { blue: 12, red: 12 } },
  }),
  decision: (s: S) =>
    s.turn > 15 || s.hp.blue! <= 0 || s.hp.red! <= 0
      ? null
      : { side: s.side, phase: 'combat.tir', turn: s.turn },
  candidates: () => [{ type: 'shoot' }, { type: 'wait' }],
  clone: (s: S) => structuredClone(s),
  evaluate: (s: S, side: string) => (s.hp[side]! - s.hp[side === 'blue' ? 'red' : 'blue']!) / 12,
  applyInPlace(s: S, a: { type: string }, events: GameEvent[] = []) {
    const foe = s.side === 'blue' ? 'red' : 'blue';
    if (a.type === 'shoot') {
      const dice = withRng(s, (r) => [r.die(6), r.die(6), r.die(6)]);
      const hits = dice.filter((d) => d >= 4).length;
      s.hp[foe]! -= hits;
      events.push({
        kind: 'fire',
        rule: 'NE-U70',
        side: s.side,
        text: { fr: `Tir : ${hits} touches`, en: `Fire: ${hits} hits` },
        dice: [{ label: 'to hit', sides: 6, dice, target: 4 }],
      });
    } else events.push({ kind: 'wait', rule: 'C4', side: s.side, text: { fr: 'Attend', en: 'Waits' } });
    s.ply++;
    if (s.side === 'red') s.turn++;
    s.side = foe;
    return null;
  },
  apply(s: S, a: { type: string }) {
    const c = structuredClone(s);
    const events: GameEvent[] = [];
    toy.applyInPlace(c, a, events);
    return { ok: true, value: { state: c, events } };
  },
  outcome(s: S) {
    if (toy.decision(s)) return { status: 'running' };
    const w = s.hp.blue! === s.hp.red! ? null : s.hp.blue! > s.hp.red! ? 'blue' : 'red';
    return {
      status: 'finished',
      winner: w,
      points: { blue: 12 - s.hp.red!, red: 12 - s.hp.blue! },
      reason: { fr: 'Fin du temps', en: 'Time up' },
    };
  },
};
export const rulesets: Record<string, AnyRuleset> = { epic: toy as unknown as AnyRuleset };
export interface ScenarioEntry {
  id: string;
  name: Message;
  data: unknown;
}
export const scenarios: Record<string, ScenarioEntry[]> = {
  epic: [{ id: 'duel', name: { fr: 'Duel', en: 'Duel' }, data: {} }],
};
