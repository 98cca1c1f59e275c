/**
 * Shared helpers for turn charts: XState is the one source of truth for phases, and the engine reads a
 * transition table derived from the machine at load, so the AI's hot path never pays XState's speed
 * (~17k transitions/s here). `test` proves the table agrees with the chart over random event sequences.
 */
import { type AnyStateMachine, initialTransition, type StateValue, transition } from 'xstate';

/** A state value flattened to a dotted path: `{ mouvement: 'choix' }` → `mouvement.choix`. */
export function flattenValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length !== 1)
    throw new Error(`parallel state values are not supported: ${JSON.stringify(value)}`);
  const [key, inner] = entries[0]!;
  return `${key}.${flattenValue(inner)}`;
}

/** The inverse of flattenValue. */
export function nestValue(path: string): StateValue {
  const dot = path.indexOf('.');
  return dot < 0 ? path : ({ [path.slice(0, dot)]: nestValue(path.slice(dot + 1)) } as StateValue);
}

export interface PhaseTable {
  /** Every leaf state, flattened. */
  phases: string[];
  /** Every event type the chart names. */
  events: string[];
  /** next[phase][event] = the phase after that event; absent when the chart ignores the event. */
  next: Record<string, Record<string, string>>;
  /** The kinds of action each phase allows, from each state's `meta.actions` (inherited from parents). */
  allows: Record<string, string[]>;
  initial: string;
}

interface NodeLike {
  key: string;
  states: Record<string, NodeLike>;
  on: Record<string, unknown>;
  meta?: { actions?: string[] };
  type: string;
}

/** Builds the table by asking XState itself, once, for every (leaf, event) pair. */
export function buildPhaseTable(machine: AnyStateMachine): PhaseTable {
  const leaves: { path: string; actions: string[] }[] = [];
  const events = new Set<string>();
  const walk = (node: NodeLike, prefix: string, inherited: string[]) => {
    for (const ev of Object.keys(node.on ?? {})) events.add(ev);
    const actions = [...inherited, ...(node.meta?.actions ?? [])];
    const children = Object.values(node.states ?? {});
    if (children.length === 0) {
      if (prefix) leaves.push({ path: prefix, actions });
      return;
    }
    for (const child of children) walk(child, prefix ? `${prefix}.${child.key}` : child.key, actions);
  };
  walk(machine.root as unknown as NodeLike, '', []);
  const next: PhaseTable['next'] = {};
  const allows: PhaseTable['allows'] = {};
  const eventList = [...events].sort();
  for (const leaf of leaves) {
    allows[leaf.path] = leaf.actions;
    next[leaf.path] = {};
    const snapshot = machine.resolveState({
      value: nestValue(leaf.path),
      context: machine.config.context ?? {},
    });
    if (snapshot.status === 'done') continue;
    for (const ev of eventList) {
      const [after] = transition(machine, snapshot, { type: ev });
      const target = flattenValue(after.value);
      if (target !== leaf.path || after.status === 'done') next[leaf.path]![ev] = target;
    }
  }
  const initial = flattenValue(initialTransition(machine)[0].value);
  return { phases: leaves.map((l) => l.path), events: eventList, next, allows, initial };
}

/** The fast path: the phase after `event`, or an Error naming the pair the chart does not allow. */
export function nextPhase(table: PhaseTable, phase: string, event: string): string {
  const to = table.next[phase]?.[event];
  if (to === undefined) throw new Error(`the chart has no transition for ${event} in ${phase}`);
  return to;
}
