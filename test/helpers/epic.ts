/** Builds small `epic` positions for rule tests from a compact description, through the real scenario gate. */
import type { GameEvent } from '../../src/engine/contract';
import { epicRuleset } from '../../src/rulesets/epic';
import type { EpicScenario } from '../../src/rulesets/epic/scenario';
import type { EpicAction, EpicSide, EpicState, Order } from '../../src/rulesets/epic/types';
import { rngForDice } from './dice';

export interface BaseSpec {
  id: string;
  profile: string;
  x: number;
  y: number;
  facing?: number;
  carriedBy?: string;
}

export interface DetSpec {
  id: string;
  side: EpicSide;
  morale?: number | null;
  bases: BaseSpec[];
}

export interface PositionSpec {
  dets: DetSpec[];
  terrain?: EpicScenario['terrain'];
  objectives?: EpicScenario['objectives'];
  turnLimit?: number;
  width?: number;
  height?: number;
}

/** A scenario JSON (untrusted shape) for the spec; deployment zones cover the whole table. */
export function scenarioJson(spec: PositionSpec): unknown {
  const width = spec.width ?? 150;
  const height = spec.height ?? 100;
  const zone = { x0: 0, y0: 0, x1: width, y1: height };
  return {
    id: 'test',
    name: { en: 'Test', fr: 'Test' },
    turnLimit: spec.turnLimit ?? 4,
    table: { width, height },
    terrain: spec.terrain ?? [],
    objectives: spec.objectives ?? [],
    sides: {
      blue: { name: { en: 'Blue', fr: 'Bleu' }, deployment: zone },
      red: { name: { en: 'Red', fr: 'Rouge' }, deployment: zone },
    },
    detachments: spec.dets.map((d) => ({
      id: d.id,
      side: d.side,
      name: { en: d.id, fr: d.id },
      morale: d.morale === undefined ? 5 : d.morale,
      bases: d.bases.map((b) => ({ facing: 0, ...b })),
    })),
  };
}

export function position(spec: PositionSpec, seed = 't'): EpicState {
  const sc = epicRuleset.parseScenario(scenarioJson(spec));
  if (!sc.ok) throw new Error(`bad test scenario: ${sc.error.message.en} (${sc.error.field})`);
  const s = epicRuleset.setup(sc.value, seed);
  if (!s.ok) throw new Error(s.error.message.en);
  return s.value;
}

/** Applies an action, failing the test with the rule's own message if it is illegal. */
export function play(
  s: EpicState,
  a: EpicAction,
  dice?: number[],
): { state: EpicState; events: GameEvent[] } {
  const before = dice ? { ...s, rng: rngForDice(dice) } : s;
  const r = epicRuleset.apply(before, a);
  if (!r.ok) throw new Error(`${a.type} refused: ${r.error.message.en}`);
  return r.value;
}

/** Gives every detachment still waiting its order (blue first, then red), then lets `first` activate first. */
export function giveOrders(s: EpicState, orders: Record<string, Order>, first: EpicSide = 'blue'): EpicState {
  let st = s;
  while (st.phase === 'ordres') {
    const d = epicRuleset.decision(st)!;
    st = play(st, { type: 'order', det: d.unit!, order: orders[d.unit!] ?? 'avance' }).state;
  }
  if (st.phase === 'initiative') st = play(st, { type: 'initiative', first }).state;
  return st;
}

/** Every die the events rolled, flattened in order. */
export const diceOf = (events: GameEvent[]): number[] =>
  events.flatMap((e) => (e.dice ?? []).flatMap((d) => d.dice));
export const kinds = (events: GameEvent[]): string[] => events.map((e) => `${e.rule}:${e.kind}`);
