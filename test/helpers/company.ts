/** Builds small `company` positions for rule tests from a compact description, through the real scenario gate. */
import type { GameEvent } from '../../src/engine/contract';
import { companyRuleset } from '../../src/rulesets/company';
import type { CompanyScenario } from '../../src/rulesets/company/scenario';
import type { Combatant, CompanyAction, CompanySide, CompanyState } from '../../src/rulesets/company/types';
import { rngForDice } from './dice';

export interface UnitSpec {
  id: string;
  side: CompanySide;
  profile: string;
  x: number;
  y: number;
}

export interface PositionSpec {
  units: UnitSpec[];
  terrain?: CompanyScenario['terrain'];
  objectives?: CompanyScenario['objectives'];
  turnLimit?: number;
  width?: number;
  height?: number;
}

/** A scenario JSON (untrusted shape) for the spec; deployment zones cover the whole table. */
export function scenarioJson(spec: PositionSpec): unknown {
  const width = spec.width ?? 30;
  const height = spec.height ?? 24;
  const zone = { x0: 0, y0: 0, x1: width, y1: height };
  return {
    id: 'test',
    name: { en: 'Test', fr: 'Test' },
    turnLimit: spec.turnLimit ?? 5,
    table: { width, height },
    terrain: spec.terrain ?? [],
    objectives: spec.objectives ?? [],
    sides: {
      blue: { name: { en: 'Blue', fr: 'Bleu' }, deployment: zone },
      red: { name: { en: 'Red', fr: 'Rouge' }, deployment: zone },
    },
    combatants: spec.units,
  };
}

export function position(spec: PositionSpec, seed = 't'): CompanyState {
  const sc = companyRuleset.parseScenario(scenarioJson(spec));
  if (!sc.ok) throw new Error(`bad test scenario: ${sc.error.message.en} (${sc.error.field})`);
  const s = companyRuleset.setup(sc.value, seed);
  if (!s.ok) throw new Error(s.error.message.en);
  return s.value;
}

/** Applies an action with the next dice fixed through the seeded RNG; fails with the rule's own message. */
export function play(
  s: CompanyState,
  a: CompanyAction,
  dice?: number[],
): { state: CompanyState; events: GameEvent[] } {
  const before = dice ? { ...s, rng: rngForDice(dice) } : s;
  const r = companyRuleset.apply(before, a);
  if (!r.ok) throw new Error(`${a.type} refused: ${r.error.message.en}`);
  return r.value;
}

/** The refusal code of an action, or null when it is legal. */
export const refusal = (s: CompanyState, a: CompanyAction): string | null => {
  const r = companyRuleset.validate(s, a);
  return r.ok ? null : r.error.code;
};

export const unit = (s: CompanyState, id: string): Combatant => s.units.find((u) => u.id === id)!;

/** Test set-up: change a combatant's fields (states, PV, reload) before the step under test. */
export function patch(s: CompanyState, id: string, fields: Partial<Combatant>): CompanyState {
  const next = companyRuleset.clone(s);
  Object.assign(unit(next, id), fields);
  return next;
}

/** From the phase d'entretien or choix: makes `id` the active combatant (its controller acts first). */
export function activate(s: CompanyState, id: string, vaeSoli = false): CompanyState {
  let st = s;
  const u = unit(st, id);
  const side = u.controle?.by ?? u.owner;
  if (st.phase === 'entretien') st = play(st, { type: 'premier', side }).state;
  if (st.toAct !== side) {
    st = companyRuleset.clone(st);
    st.toAct = side;
  }
  return play(st, { type: 'activer', unit: id, ...(vaeSoli ? { vaeSoli } : {}) }).state;
}

/** Every die the events rolled, flattened in order. */
export const diceOf = (events: GameEvent[]): number[] =>
  events.flatMap((e) => (e.dice ?? []).flatMap((d) => d.dice));
export const kinds = (events: GameEvent[]): string[] => events.map((e) => `${e.rule}:${e.kind}`);
export const dist = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y);
