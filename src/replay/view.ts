/**
 * The replay's view model (docs/replays.md): for one node of a tree, what one side may see. A side sees
 * `ruleset.observe(state, side)`: in `epic`, the other side's secret orders stay hidden until revealed,
 * and so does the order carried by an `order` action; "show all" gives the true state and every action.
 * Also the pure autoplay schedule: which node comes next, and when.
 */
import type {
  AnyRuleset,
  BaseAction,
  BaseState,
  DecisionPoint,
  GameEvent,
  Outcome,
  Side,
} from '../engine/contract';
import { err, type GameError, type Result } from '../engine/result';
import type { AnnotationMark } from './record-v2';
import {
  alternativesAt,
  forward,
  lineThrough,
  markOf,
  type NodeNote,
  nodeOf,
  type Replayer,
  type ReplayTree,
} from './tree';

export interface Viewpoint {
  side: Side;
  /** The true state and every action, hidden information included (a finished game, a teacher). */
  showAll: boolean;
}

export interface MoveView {
  node: string;
  ply: number;
  /** Null at the root; an action carrying a secret the viewer cannot see yet has it replaced by null. */
  action: BaseAction | null;
  /** True when part of the action is hidden from this viewpoint. */
  hidden: boolean;
  mark?: AnnotationMark;
}

export interface ReplayFrame<S extends BaseState = BaseState> {
  node: string;
  ply: number;
  viewpoint: Viewpoint;
  /** What the viewpoint may see: `observe(state, side)`, or the true state under "show all". */
  state: S;
  move: MoveView;
  /** The events of the move that led here (their texts never carry a hidden order). */
  events: GameEvent[];
  notes: NodeNote[];
  decision: DecisionPoint | null;
  outcome: Outcome;
  /** The moves open here: the line's continuation first, then each variation. */
  next: MoveView[];
  /** The line through this node: its length in plies, for the ply slider. */
  lastPly: number;
  canBack: boolean;
  canForward: boolean;
}

/**
 * Per ruleset, the secret part of an action as seen by a side that observes the state after it: `epic`'s
 * `order` names a counter that stays face down until the detachment is revealed.
 */
type Redactor = (action: BaseAction, observed: BaseState) => BaseAction | null;
const REDACTORS: Record<string, Redactor> = {
  epic(action, observed) {
    if (action.type !== 'order') return null;
    const det = (observed as unknown as { dets: { id: string; concealed?: boolean }[] }).dets.find(
      (d) => d.id === (action as BaseAction & { det?: string }).det,
    );
    return det?.concealed ? { ...action, order: null } : null;
  },
};

function moveView(
  ruleset: AnyRuleset,
  tree: ReplayTree,
  id: string,
  observed: BaseState,
  viewpoint: Viewpoint,
): MoveView {
  const n = tree.nodes[id]!;
  const mark = markOf(n);
  const redacted =
    n.action && !viewpoint.showAll ? (REDACTORS[ruleset.id]?.(n.action, observed) ?? null) : null;
  return {
    node: n.id,
    ply: n.ply,
    action: redacted ?? n.action,
    hidden: redacted !== null,
    ...(mark ? { mark } : {}),
  };
}

/** The frame of node `id` seen from `viewpoint`. */
export function replayFrame<S extends BaseState = BaseState>(
  replayer: Replayer,
  tree: ReplayTree,
  id: string,
  viewpoint: Viewpoint,
): Result<ReplayFrame<S>, GameError> {
  const n = nodeOf(tree, id);
  if (!n)
    return err(
      'ERR_TREE_NODE',
      `There is no move "${id}" in this game.`,
      `Il n'y a pas de coup « ${id} » dans cette partie.`,
    );
  const at = replayer.stateAt(tree, id);
  if (!at.ok) return at;
  const r = replayer.ruleset;
  const truth = at.value.state;
  const observed = viewpoint.showAll ? truth : (r.observe(truth, viewpoint.side) as BaseState);
  const next = alternativesAt(tree, id).map((c) => {
    // A child's secret is judged on the state after it, seen from the same side.
    const after = replayer.stateAt(tree, c.id);
    const seen = after.ok && !viewpoint.showAll ? r.observe(after.value.state, viewpoint.side) : observed;
    return moveView(r, tree, c.id, seen, viewpoint);
  });
  const line = lineThrough(tree, id);
  return {
    ok: true,
    value: {
      node: id,
      ply: n.ply,
      viewpoint,
      state: observed as S,
      move: moveView(r, tree, id, observed, viewpoint),
      events: at.value.events,
      notes: n.notes,
      decision: r.decision(truth),
      outcome: r.outcome(truth),
      next,
      lastPly: line[line.length - 1]!.ply,
      canBack: n.parent !== null,
      canForward: n.children.length > 0,
    },
  };
}

/** The other side's viewpoint (the sides in the ruleset's order, cycling). */
export function flipSide(ruleset: AnyRuleset, viewpoint: Viewpoint): Viewpoint {
  const k = ruleset.sides.indexOf(viewpoint.side);
  return { ...viewpoint, side: ruleset.sides[(k + 1) % ruleset.sides.length]! };
}

// --- autoplay -------------------------------------------------------------------------------------------

/** Speeds offered, as multiples of the normal pace. */
export const AUTOPLAY_SPEEDS = [0.5, 1, 2, 4] as const;
/** A ply's time at speed 1, plus a little per event so a busy ply (a fight) stays longer on screen. */
export const AUTOPLAY_BASE_MS = 1000;
export const AUTOPLAY_PER_EVENT_MS = 250;
export const AUTOPLAY_MAX_EVENTS_COUNTED = 8;

/** How long a ply with `eventCount` events stays on screen at `speed`. */
export function autoplayDelay(speed: number, eventCount = 0): number {
  const s = Number.isFinite(speed) && speed > 0 ? speed : 1;
  const busy = Math.min(Math.max(0, eventCount), AUTOPLAY_MAX_EVENTS_COUNTED);
  return Math.round((AUTOPLAY_BASE_MS + AUTOPLAY_PER_EVENT_MS * busy) / s);
}

export interface Autoplay {
  playing: boolean;
  speed: number;
  node: string;
  /** When to step to the next node, in the caller's clock (ms); null when stopped. */
  dueAt: number | null;
}

/** Starts playing from `node` at `speed`; `eventCount` is the number of events shown at `node`. */
export function startAutoplay(node: string, speed: number, nowMs: number, eventCount = 0): Autoplay {
  return { playing: true, speed, node, dueAt: nowMs + autoplayDelay(speed, eventCount) };
}

export const stopAutoplay = (a: Autoplay): Autoplay => ({ ...a, playing: false, dueAt: null });

/**
 * One tick of the clock: when the current node's time is up, step along its line (`children[0]`) and
 * schedule the next step; at the line's end, stop. `eventsAt(node)` counts the events shown at a node.
 */
export function tickAutoplay(
  tree: ReplayTree,
  a: Autoplay,
  nowMs: number,
  eventsAt: (node: string) => number = () => 0,
): Autoplay {
  if (!a.playing || a.dueAt === null || nowMs < a.dueAt) return a;
  const next = forward(tree, a.node);
  if (next === null) return stopAutoplay(a);
  const dueAt = a.dueAt + autoplayDelay(a.speed, eventsAt(next));
  return forward(tree, next) === null
    ? { playing: false, speed: a.speed, node: next, dueAt: null }
    : { ...a, node: next, dueAt };
}

/** The whole schedule from `node` to the end of its line: each later node and when it shows. */
export function autoplaySchedule(
  tree: ReplayTree,
  node: string,
  speed: number,
  startMs = 0,
  eventsAt: (node: string) => number = () => 0,
): { node: string; atMs: number }[] {
  const out: { node: string; atMs: number }[] = [];
  let t = startMs + autoplayDelay(speed, eventsAt(node));
  for (let n = forward(tree, node); n !== null; n = forward(tree, n)) {
    out.push({ node: n, atMs: t });
    t += autoplayDelay(speed, eventsAt(n));
  }
  return out;
}
