/** Builds small `epic` positions for rule tests from a compact description, through the real scenario gate. */
import { expect } from 'vitest';
import { randomBot } from '../../ai/bots';
import { playMatch } from '../../ai/match';
import type { GameEvent } from '../../src/engine/contract';
import { hashState } from '../../src/engine/hash';
import { replay } from '../../src/engine/record';
import { epicRuleset } from '../../src/rulesets/epic';
import { PROFILES } from '../../src/rulesets/epic/data';
import type { EpicScenario } from '../../src/rulesets/epic/scenario';
import type {
  EpicAction,
  EpicBase,
  EpicDetachment,
  EpicSide,
  EpicState,
  Order,
} from '../../src/rulesets/epic/types';
import { scenarios } from '../../src/rulesets/registry';
import { rngForDice } from './dice';

export interface BaseSpec {
  id: string;
  profile: string;
  x: number;
  y: number;
  facing?: number;
  carriedBy?: string;
  altitude?: 'sol' | 'basse' | 'haute';
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
/** A QG detachment: a Warboss (blue) or a Captain (red), for the command radius (C2). */
export const qg = (side: EpicSide, x: number, y: number): DetSpec => ({
  id: `qg-${side}`,
  side,
  bases: [{ id: `qg-${side}-1`, profile: side === 'blue' ? 'warboss' : 'captain', x, y }],
});
/** Far-away bases so that no side is wiped out by a test's casualties. */
export const reserves = (): DetSpec[] => [
  { id: 'res-blue', side: 'blue', bases: [{ id: 'res-b', profile: 'tactical', x: 3, y: 97 }] },
  { id: 'res-red', side: 'red', bases: [{ id: 'res-r', profile: 'tactical', x: 147, y: 97 }] },
];
/** A one-base detachment; its base is `${id}-1`. */
export const one1 = (
  id: string,
  side: EpicSide,
  profile: string,
  x: number,
  y: number,
  facing = 0,
): DetSpec => ({
  id,
  side,
  bases: [{ id: `${id}-1`, profile, x, y, facing }],
});
/** A position with the reserves added. */
export const pos = (dets: DetSpec[], extra: Partial<PositionSpec> = {}): EpicState =>
  position({ dets: [...dets, ...reserves()], ...extra });

/** Both sides pass the Movement phase: the Combat phase opens (the test fails if it does not). */
export function toCombat(s: EpicState): EpicState {
  let st = s;
  while (st.phase === 'mouvement.choix') st = play(st, { type: 'pass' }).state;
  expect(st.phase).toBe('combat');
  return st;
}

/** A base by id, or the single base of a one-base detachment by the detachment's id. */
export const base = (s: EpicState, id: string): EpicBase =>
  s.bases.find((b) => b.id === id) ?? s.bases.find((b) => b.det === id)!;
export const det = (s: EpicState, id: string): EpicDetachment => s.dets.find((d) => d.id === id)!;
/** The code an action is refused with, or null when it is legal. */
export const refusal = (s: EpicState, a: EpicAction): string | null => {
  const r = epicRuleset.validate(s, a);
  return r.ok ? null : r.error.code;
};
/** The events of one rule (and kind). */
export const byRule = (events: GameEvent[], rule: string, kind?: string): GameEvent[] =>
  events.filter((e) => e.rule === rule && (kind === undefined || e.kind === kind));
/** The one event of a rule and kind (the test fails if there is none or several). */
export const one = (events: GameEvent[], rule: string, kind: string): GameEvent => {
  const found = byRule(events, rule, kind);
  expect(found).toHaveLength(1);
  return found[0]!;
};

export const diceOf = (events: GameEvent[]): number[] =>
  events.flatMap((e) => (e.dice ?? []).flatMap((d) => d.dice));
export const kinds = (events: GameEvent[]): string[] => events.map((e) => `${e.rule}:${e.kind}`);

// --- whole random games (test/epic-random*.test.ts) -----------------------------------------------------

/** The invariants every state keeps, or what broke. Overlaps are swept along x (the table is sparse). */
export function epicInvariants(s: EpicState): string | null {
  for (const b of s.bases) {
    if (b.pdv < 0) return `${b.id} has negative PdV`;
    if (b.alive !== b.pdv > 0) return `${b.id} alive=${b.alive} with ${b.pdv} PdV`;
    if (b.alive && b.carriedBy && !s.bases.find((t) => t.id === b.carriedBy)?.alive)
      return `${b.id} carried by a dead transport`;
  }
  const onTable = s.bases
    .filter((b) => b.alive && b.carriedBy === null)
    .map((b) => ({ b, r: PROFILES[b.profile]!.radius }))
    .sort((p, q) => p.b.x - q.b.x);
  for (let i = 0; i < onTable.length; i++) {
    const { b: a, r } = onTable[i]!;
    if (a.x < r - 1e-6 || a.y < r - 1e-6 || a.x > s.table.width - r + 1e-6 || a.y > s.table.height - r + 1e-6)
      return `${a.id} is off the table`;
    for (let j = i + 1; j < onTable.length; j++) {
      const { b, r: rb } = onTable[j]!;
      if (b.x - a.x >= r + rb) break;
      if (a.alt !== b.alt) continue; // NE-U95: aircraft fly over the bases below them
      if (Math.hypot(a.x - b.x, a.y - b.y) < r + rb - 1e-6)
        return `${a.id} and ${b.id} stand in the same place`;
    }
  }
  // Orders stay hidden from the other side until revealed.
  for (const side of ['blue', 'red'] as const) {
    const seen = epicRuleset.observe(s, side) as EpicState;
    for (const d of seen.dets)
      if (d.side !== side && !d.revealed && d.order !== null) return `${side} sees ${d.id}'s hidden order`;
    if (seen.rng.s0 !== 0) return 'observe leaks the RNG';
  }
  return null;
}

/**
 * Plays `games` random games of a scenario: each ends without an exception, keeps the invariants every ply,
 * replays from its record to the same hash, and survives a JSON round trip. Returns plies and winners seen.
 */
export function playRandomGames(scenarioId: string, games: number): { plies: number; winners: Set<string> } {
  const sc = scenarios.epic!.find((x) => x.id === scenarioId);
  if (!sc) throw new Error(`no epic scenario ${scenarioId}`);
  let plies = 0;
  const winners = new Set<string>();
  for (let g = 0; g < games; g++) {
    const result = playMatch(
      epicRuleset,
      sc.id,
      sc.data,
      `rg${g}`,
      { blue: randomBot(`b${g}`), red: randomBot(`r${g}`) },
      {
        onPly: (state) => {
          const bad = epicInvariants(state as EpicState);
          if (bad) throw new Error(`${sc.id} game ${g} ply ${state.ply}: ${bad}`);
        },
      },
    );
    if (result.outcome.status !== 'finished') throw new Error(`${sc.id} game ${g} did not finish`);
    winners.add(String(result.outcome.winner));
    plies += result.plies;
    const again = replay<EpicState>(epicRuleset, sc.data, result.record);
    if (!again.ok) throw new Error(`${sc.id} game ${g}: ${again.error.message.en}`);
    if (again.value.finalHash !== result.finalHash) throw new Error(`${sc.id} game ${g}: replay diverges`);
    if (hashState(JSON.parse(JSON.stringify(result.state))) !== result.finalHash)
      throw new Error(`${sc.id} game ${g}: the state is not plain JSON`);
  }
  return { plies, winners };
}
