/**
 * A game as a tree of moves (docs/replays.md): the main line plus variations branching from any ply.
 * The tree is plain data (JSON and structured-clone safe); every operation returns a new tree and never
 * mutates its input. A node keeps its action, the state hash after it and its notes; states are rebuilt
 * by replaying from the seed through a `Replayer`, which caches a few of them.
 *
 * Line convention: `children[0]` continues the node's line; `children[1…]` each start a variation.
 */
import type { AnyRuleset, BaseAction, BaseState, GameEvent } from '../engine/contract';
import { hashState } from '../engine/hash';
import { RECORD_FORMAT, replay } from '../engine/record';
import { type GameError, gameError, type Result } from '../engine/result';
import {
  type Annotation,
  type AnnotationMark,
  type GameRecordV2,
  lineSpan,
  MAIN_LINE,
  RECORD_V2,
  type Variation,
} from './record-v2';

export interface NodeNote {
  /** `comment`: a player's; `auto`: dice and rules cited, built from the events; `ai`: an evaluation. */
  kind: Annotation['kind'];
  /** Shown as text, never as HTML. */
  text: string;
  mark?: AnnotationMark;
}

export interface ReplayNode {
  id: string;
  parent: string | null;
  /** 0 at the root (the set-up), n after the n-th action of its line. */
  ply: number;
  /** The action that led here; null at the root. */
  action: BaseAction | null;
  /** The state hash after `action` (the set-up's hash at the root). */
  hash: string;
  /** `children[0]` continues this line; the others start variations, in order. */
  children: string[];
  notes: NodeNote[];
}

export interface ReplayTree {
  ruleset: string;
  scenario: string;
  seed: string;
  root: string;
  nodes: Record<string, ReplayNode>;
  /** The next fresh node id is `n${nextId}`. */
  nextId: number;
}

export const MAX_COMMENT_CHARS = 10_000;

const treeError = (code: string, en: string, fr: string): { ok: false; error: GameError } => ({
  ok: false,
  error: gameError(code, en, fr),
});
const unknownNode = (id: string) =>
  treeError(
    'ERR_TREE_NODE',
    `There is no move "${id}" in this game.`,
    `Il n'y a pas de coup « ${id} » dans cette partie.`,
  );

// --- building -------------------------------------------------------------------------------------------

/** A tree with the set-up only. */
export function newTree(ruleset: string, scenario: string, seed: string, initialHash: string): ReplayTree {
  return {
    ruleset,
    scenario,
    seed,
    root: 'n0',
    nodes: {
      n0: { id: 'n0', parent: null, ply: 0, action: null, hash: initialHash, children: [], notes: [] },
    },
    nextId: 1,
  };
}

const noteOf = (a: Annotation): NodeNote => ({
  kind: a.kind,
  text: a.text,
  ...(a.mark === undefined ? {} : { mark: a.mark }),
});

interface Built {
  tree: ReplayTree;
  /** For every node but the root: the record's line it belongs to (`main` or a variation id). */
  lineOf: Map<string, string>;
  /** For every line: its node ids, first ply first. */
  lines: Map<string, string[]>;
}

/** The tree a parsed record describes (structure only: `replayTree` checks the play). */
function build(record: GameRecordV2): Built {
  const tree = newTree(record.ruleset, record.scenario, record.seed, record.initialHash);
  const nodes = tree.nodes;
  const lineOf = new Map<string, string>();
  const lines = new Map<string, string[]>();
  const grow = (lineId: string, from: string, actions: BaseAction[], hashes: string[]): string[] => {
    const ids: string[] = [];
    let parent = nodes[from]!;
    actions.forEach((action, i) => {
      const id = `n${tree.nextId++}`;
      nodes[id] = {
        id,
        parent: parent.id,
        ply: parent.ply + 1,
        action,
        hash: hashes[i]!,
        children: [],
        notes: [],
      };
      parent.children.push(id);
      lineOf.set(id, lineId);
      ids.push(id);
      parent = nodes[id]!;
    });
    lines.set(lineId, ids);
    return ids;
  };
  const main = grow(MAIN_LINE, tree.root, record.actions, record.hashes);
  for (const a of record.annotations)
    nodes[a.ply === 0 ? tree.root : main[a.ply - 1]!]!.notes.push(noteOf(a));
  const spans = new Map<string, { first: number }>([[MAIN_LINE, { first: 1 }]]);
  for (const v of record.variations) {
    const parentLine = v.parentVariation ?? MAIN_LINE;
    const parentIds = lines.get(parentLine)!;
    const first = spans.get(parentLine)!.first;
    const branch =
      v.parentPly === 0 && parentLine === MAIN_LINE ? tree.root : parentIds[v.parentPly - first]!;
    const ids = grow(v.id, branch, v.actions, v.hashes);
    const span = lineSpan(v);
    spans.set(v.id, span);
    for (const a of v.annotations) nodes[ids[a.ply - span.first]!]!.notes.push(noteOf(a));
  }
  return { tree, lineOf, lines };
}

/** The tree of a parsed record, without replaying it (use `replayTree` for untrusted records). */
export const treeFromRecord = (record: GameRecordV2): ReplayTree => build(record).tree;

/** Follows `children[0]` from `id` to the end of its line. */
function continuation(tree: ReplayTree, id: string): string[] {
  const out: string[] = [];
  let n = tree.nodes[id]!;
  while (n.children.length > 0) {
    n = tree.nodes[n.children[0]!]!;
    out.push(n.id);
  }
  return out;
}

const notesToAnnotations = (tree: ReplayTree, ids: string[]): Annotation[] =>
  ids.flatMap((id) => {
    const n = tree.nodes[id]!;
    return n.notes.map((note) => ({ ply: n.ply, ...note }));
  });

/** The version-2 record of a tree: the main line, then every variation, each after its parent line. */
export function toRecord(tree: ReplayTree): GameRecordV2 {
  const mainIds = continuation(tree, tree.root);
  const variations: Variation[] = [];
  // Depth-first, in children order, so a variation always follows its parent and rebuilding keeps the order.
  const visit = (lineId: string | null, ids: string[]): void => {
    for (const id of ids) {
      const n = tree.nodes[id]!;
      for (const start of n.children.slice(1)) {
        const vIds = [start, ...continuation(tree, start)];
        const vid = `v${variations.length + 1}`;
        variations.push({
          id: vid,
          parentVariation: lineId,
          parentPly: n.ply,
          actions: vIds.map((x) => tree.nodes[x]!.action!),
          hashes: vIds.map((x) => tree.nodes[x]!.hash),
          annotations: notesToAnnotations(tree, vIds),
        });
        visit(vid, vIds);
      }
    }
  };
  visit(null, [tree.root, ...mainIds]);
  return {
    format: RECORD_FORMAT,
    version: RECORD_V2,
    ruleset: tree.ruleset,
    scenario: tree.scenario,
    seed: tree.seed,
    initialHash: tree.nodes[tree.root]!.hash,
    actions: mainIds.map((id) => tree.nodes[id]!.action!),
    hashes: mainIds.map((id) => tree.nodes[id]!.hash),
    annotations: notesToAnnotations(tree, [tree.root, ...mainIds]),
    variations,
  };
}

// --- reading --------------------------------------------------------------------------------------------

export const nodeOf = (tree: ReplayTree, id: string): ReplayNode | undefined =>
  Object.hasOwn(tree.nodes, id) ? tree.nodes[id] : undefined;

/** The nodes from the root to `id`, both included. */
export function pathTo(tree: ReplayTree, id: string): ReplayNode[] {
  const out: ReplayNode[] = [];
  for (let n = nodeOf(tree, id); n; n = n.parent === null ? undefined : tree.nodes[n.parent]) out.push(n);
  return out.reverse();
}

/** The whole line through `id`: the path to it, then its continuation to the line's end. */
export function lineThrough(tree: ReplayTree, id: string): ReplayNode[] {
  if (!nodeOf(tree, id)) return [];
  return [...pathTo(tree, id), ...continuation(tree, id).map((x) => tree.nodes[x]!)];
}

export const mainLine = (tree: ReplayTree): ReplayNode[] => lineThrough(tree, tree.root);

/** The first node of the variation `id` lies in (itself or an ancestor), or null on the main line. */
export function variationStart(tree: ReplayTree, id: string): ReplayNode | null {
  for (let n = nodeOf(tree, id); n && n.parent !== null; n = tree.nodes[n.parent]) {
    if (tree.nodes[n.parent]!.children[0] !== n.id) return n;
  }
  return null;
}

export const isMainLine = (tree: ReplayTree, id: string): boolean =>
  nodeOf(tree, id) !== undefined && variationStart(tree, id) === null;

/** The next node of the line (`children[0]`), or null at its end. */
export const forward = (tree: ReplayTree, id: string): string | null => nodeOf(tree, id)?.children[0] ?? null;

/** The previous node, or null at the root. */
export const back = (tree: ReplayTree, id: string): string | null => nodeOf(tree, id)?.parent ?? null;

/** The node at `ply` on the line through `id` (clamped to the line's ends). */
export function jumpToPly(tree: ReplayTree, id: string, ply: number): string | null {
  const line = lineThrough(tree, id);
  if (line.length === 0) return null;
  const k = Math.max(0, Math.min(line.length - 1, Math.floor(ply)));
  return line[k]!.id;
}

/**
 * The move tree's ↑/↓ (previous/next line). From the node shown, the nearest fork at or before it (the node
 * itself or an ancestor among its parent's other moves) switches to the neighbouring move of that fork —
 * `dir` −1 the line above, +1 the line below — and lands at the same ply on the new line (or its end). When
 * nothing forks there but variations start right after the node shown, ↓ enters the first of them. Null when
 * there is no such line.
 */
export function siblingLine(tree: ReplayTree, id: string, dir: -1 | 1): string | null {
  const here = nodeOf(tree, id);
  if (!here) return null;
  for (let n: ReplayNode | undefined = here; n && n.parent !== null; n = tree.nodes[n.parent]) {
    const siblings = tree.nodes[n.parent]!.children;
    if (siblings.length < 2) continue;
    const next = siblings[siblings.indexOf(n.id) + dir];
    return next === undefined ? null : jumpToPly(tree, next, here.ply);
  }
  return dir === 1 && here.children.length > 1 ? here.children[1]! : null;
}

/** The moves open at a node: its continuation first, then each variation's first move. */
export const alternativesAt = (tree: ReplayTree, id: string): ReplayNode[] =>
  (nodeOf(tree, id)?.children ?? []).map((c) => tree.nodes[c]!);

// --- states ---------------------------------------------------------------------------------------------

/** Every this many plies a state is kept as a checkpoint, so a jump replays at most this many actions. */
export const CHECKPOINT_PLIES = 32;

export interface NodeState<S = BaseState> {
  state: S;
  /** The events of the node's own action (none at the root). */
  events: GameEvent[];
}

/**
 * Rebuilds the state at any node by replaying from the seed. It keeps the last `capacity` states asked
 * for, and a checkpoint every `CHECKPOINT_PLIES` plies of any line it walked, keyed by state hash (two
 * nodes with the same hash hold the same state). Not plain data: keep it beside the tree, not in it.
 */
export interface Replayer<S extends BaseState = BaseState> {
  ruleset: AnyRuleset;
  initial: S;
  stateAt(tree: ReplayTree, id: string): Result<NodeState<S>, GameError & { ply?: number }>;
  /** Stores a state just computed (the tree operations call it). */
  remember(hash: string, value: NodeState<S>, ply: number): void;
}

export function createReplayer<S extends BaseState = BaseState>(
  ruleset: AnyRuleset,
  scenarioData: unknown,
  seed: string,
  capacity = 16,
): Result<Replayer<S>> {
  const sc = ruleset.parseScenario(scenarioData);
  if (!sc.ok) return sc;
  const init = ruleset.setup(sc.value, seed);
  if (!init.ok) return init;
  const initial = init.value as S;
  const recent = new Map<string, NodeState<S>>();
  const checkpoints = new Map<string, S>();
  const initialHash = hashState(initial);
  const remember = (hash: string, value: NodeState<S>, ply: number) => {
    recent.delete(hash);
    recent.set(hash, value);
    while (recent.size > capacity) recent.delete(recent.keys().next().value!);
    if (ply % CHECKPOINT_PLIES === 0) checkpoints.set(hash, value.state);
  };
  return {
    ok: true,
    value: {
      ruleset,
      initial,
      remember,
      stateAt(tree, id) {
        const path = pathTo(tree, id);
        if (path.length === 0) return unknownNode(id);
        if (path[0]!.hash !== initialHash)
          return {
            ok: false,
            error: {
              ...gameError(
                'ERR_REPLAY_HASH',
                'The set-up does not match the file (hash mismatch at ply 0).',
                'La mise en place ne correspond pas au fichier (empreinte différente au coup 0).',
                'initialHash',
              ),
              ply: 0,
            },
          };
        const target = path[path.length - 1]!;
        const hit = recent.get(target.hash);
        if (hit) {
          recent.delete(target.hash);
          recent.set(target.hash, hit);
          return { ok: true, value: hit };
        }
        if (path.length === 1) return { ok: true, value: { state: initial, events: [] } };
        // Start from the deepest known state strictly before the target, so the target's events are rebuilt.
        let k = path.length - 2;
        let state: S = initial;
        for (; k > 0; k--) {
          const known = recent.get(path[k]!.hash)?.state ?? checkpoints.get(path[k]!.hash);
          if (known) {
            state = known;
            break;
          }
        }
        let events: GameEvent[] = [];
        for (let i = k + 1; i < path.length; i++) {
          const n = path[i]!;
          const step = ruleset.apply(state, n.action);
          if (!step.ok)
            return {
              ok: false,
              error: {
                ...step.error,
                code: 'ERR_REPLAY_ILLEGAL',
                message: {
                  en: `Ply ${n.ply} is illegal: ${step.error.message.en}`,
                  fr: `Le coup ${n.ply} est illégal : ${step.error.message.fr}`,
                },
                ply: n.ply,
              },
            };
          state = step.value.state as S;
          events = step.value.events;
          if (hashState(state) !== n.hash)
            return {
              ok: false,
              error: {
                ...gameError(
                  'ERR_REPLAY_HASH',
                  `The game diverges at ply ${n.ply} (hash mismatch).`,
                  `La partie diverge au coup ${n.ply} (empreinte différente).`,
                ),
                ply: n.ply,
              },
            };
          if (n.ply % CHECKPOINT_PLIES === 0) checkpoints.set(n.hash, state);
        }
        const value = { state, events };
        remember(target.hash, value, -1);
        return { ok: true, value };
      },
    },
  };
}

// --- automatic notes ------------------------------------------------------------------------------------

/**
 * The automatic note of a ply, built from its events: each rule cited with its dice, e.g.
 * `C5 intercept · C5 fire d6 [3 6] 6+ · C4 saved d6 [4] 4+`. Rule ids and numbers read the same in French
 * and English; the view shows the events' own texts beside it.
 */
export function autoNote(events: GameEvent[]): string {
  return events
    .map((e) => {
      const dice = (e.dice ?? [])
        .map((d) => `d${d.sides} [${d.dice.join(' ')}]${d.target === undefined ? '' : ` ${d.target}+`}`)
        .join(' ');
      return `${e.rule} ${e.kind}${dice ? ` ${dice}` : ''}`;
    })
    .join(' · ');
}

// --- editing --------------------------------------------------------------------------------------------

const withNode = (tree: ReplayTree, node: ReplayNode): ReplayTree => ({
  ...tree,
  nodes: { ...tree.nodes, [node.id]: node },
});

const sameAction = (a: BaseAction | null, b: BaseAction): boolean =>
  a !== null && hashState(a) === hashState(b);

export interface AddedMove {
  tree: ReplayTree;
  /** The node the action leads to (an existing one when that move was already in the tree). */
  node: string;
  events: GameEvent[];
  /** True when the move already existed: the tree is unchanged. */
  existed: boolean;
}

/**
 * Plays `action` at node `at`: validated by `ruleset.validate` on the node's state, then applied. At the end
 * of a line it extends that line; elsewhere it starts a variation. A move already present is not duplicated.
 * `autoNotes` (default true) attaches the automatic note of its events.
 */
export function addMove(
  tree: ReplayTree,
  replayer: Replayer,
  at: string,
  action: BaseAction,
  options: { autoNotes?: boolean } = {},
): Result<AddedMove> {
  const parent = nodeOf(tree, at);
  if (!parent) return unknownNode(at);
  const from = replayer.stateAt(tree, at);
  if (!from.ok) return from;
  const existing = parent.children.find((c) => sameAction(tree.nodes[c]!.action, action));
  if (existing) {
    const again = replayer.stateAt(tree, existing);
    return again.ok
      ? { ok: true, value: { tree, node: existing, events: again.value.events, existed: true } }
      : again;
  }
  const valid = replayer.ruleset.validate(from.value.state, action);
  if (!valid.ok)
    return {
      ok: false,
      error: {
        ...valid.error,
        code: 'ERR_TREE_ILLEGAL',
        message: {
          en: `This move is illegal here: ${valid.error.message.en}`,
          fr: `Ce coup est illégal ici : ${valid.error.message.fr}`,
        },
      },
    };
  const step = replayer.ruleset.apply(from.value.state, action);
  if (!step.ok) return step;
  const hash = hashState(step.value.state);
  const id = `n${tree.nextId}`;
  const note = options.autoNotes === false ? '' : autoNote(step.value.events);
  const node: ReplayNode = {
    id,
    parent: at,
    ply: parent.ply + 1,
    action: structuredClone(action),
    hash,
    children: [],
    notes: note ? [{ kind: 'auto', text: note }] : [],
  };
  replayer.remember(hash, { state: step.value.state, events: step.value.events }, node.ply);
  const next = withNode(
    { ...tree, nextId: tree.nextId + 1 },
    { ...parent, children: [...parent.children, id] },
  );
  return {
    ok: true,
    value: { tree: withNode(next, node), node: id, events: step.value.events, existed: false },
  };
}

/**
 * The tree with `actions` (played from the set-up) as its main line. Each move already in the tree is reused,
 * with its notes and the variations around it; a new one is validated and played (`addMove`); the line is
 * then promoted to main line. This brings a saved analysis of a game still running up to date with the
 * game's moves: the game's line is the main line, the player's variations and comments stay where they were,
 * and moves taken back in the game stay as a variation.
 */
export function withMainLine(
  tree: ReplayTree,
  replayer: Replayer,
  actions: readonly BaseAction[],
  options: { autoNotes?: boolean } = {},
): Result<ReplayTree> {
  let t = tree;
  let at = t.root;
  for (const action of actions) {
    const r = addMove(t, replayer, at, action, options);
    if (!r.ok) return r;
    t = r.value.tree;
    at = r.value.node;
  }
  return promoteToMainLine(t, at);
}

/** Moves the variation holding `id` one place up among its siblings: at the top it becomes its parent line. */
export function promoteVariation(tree: ReplayTree, id: string): Result<ReplayTree> {
  if (!nodeOf(tree, id)) return unknownNode(id);
  const start = variationStart(tree, id);
  if (!start)
    return treeError(
      'ERR_TREE_MAIN_LINE',
      'This move is already on the main line.',
      'Ce coup est déjà sur la ligne principale.',
    );
  const parent = tree.nodes[start.parent!]!;
  const children = [...parent.children];
  const k = children.indexOf(start.id);
  [children[k - 1], children[k]] = [children[k]!, children[k - 1]!];
  return { ok: true, value: withNode(tree, { ...parent, children }) };
}

/** Makes the line through `id` the main line: each variation on its path becomes its parent's continuation. */
export function promoteToMainLine(tree: ReplayTree, id: string): Result<ReplayTree> {
  if (!nodeOf(tree, id)) return unknownNode(id);
  let t = tree;
  for (let start = variationStart(t, id); start; start = variationStart(t, id)) {
    const parent = t.nodes[start.parent!]!;
    t = withNode(t, { ...parent, children: [start.id, ...parent.children.filter((c) => c !== start.id)] });
  }
  return { ok: true, value: t };
}

/** Deletes the variation holding `id` (from its first move, with everything after it). */
export function deleteVariation(tree: ReplayTree, id: string): Result<{ tree: ReplayTree; parent: string }> {
  if (!nodeOf(tree, id)) return unknownNode(id);
  const start = variationStart(tree, id);
  if (!start)
    return treeError(
      'ERR_TREE_MAIN_LINE',
      'The main line cannot be deleted as a variation.',
      'La ligne principale ne peut pas être supprimée comme une variante.',
    );
  const nodes = { ...tree.nodes };
  const stack = [start.id];
  while (stack.length > 0) {
    const x = stack.pop()!;
    stack.push(...nodes[x]!.children);
    delete nodes[x];
  }
  const parent = nodes[start.parent!]!;
  nodes[parent.id] = { ...parent, children: parent.children.filter((c) => c !== start.id) };
  return { ok: true, value: { tree: { ...tree, nodes }, parent: parent.id } };
}

/** Sets (or, with empty text, clears) the player's comment of a node; its mark is kept. */
export function setComment(tree: ReplayTree, id: string, text: string): Result<ReplayTree> {
  const n = nodeOf(tree, id);
  if (!n) return unknownNode(id);
  if (text.length > MAX_COMMENT_CHARS)
    return treeError(
      'ERR_TREE_COMMENT',
      `A comment holds at most ${MAX_COMMENT_CHARS} characters.`,
      `Un commentaire tient en ${MAX_COMMENT_CHARS} caractères au plus.`,
    );
  const current = n.notes.find((x) => x.kind === 'comment');
  const others = n.notes.filter((x) => x !== current);
  const note: NodeNote | null =
    text || current?.mark
      ? { kind: 'comment', text, ...(current?.mark ? { mark: current.mark } : {}) }
      : null;
  return { ok: true, value: withNode(tree, { ...n, notes: note ? [note, ...others] : others }) };
}

/** Sets (or, with null, clears) the mark of a node (`!`, `?`, `!!`, `??`, `!?`, `?!`), kept on its comment. */
export function setMark(tree: ReplayTree, id: string, mark: AnnotationMark | null): Result<ReplayTree> {
  const n = nodeOf(tree, id);
  if (!n) return unknownNode(id);
  const current = n.notes.find((x) => x.kind === 'comment');
  const others = n.notes.filter((x) => x !== current);
  const text = current?.text ?? '';
  const note: NodeNote | null = mark || text ? { kind: 'comment', text, ...(mark ? { mark } : {}) } : null;
  return { ok: true, value: withNode(tree, { ...n, notes: note ? [note, ...others] : others }) };
}

/** Replaces every note of one kind (`auto` or `ai`) on a node. */
export function setNotes(
  tree: ReplayTree,
  id: string,
  kind: 'auto' | 'ai',
  texts: string[],
): Result<ReplayTree> {
  const n = nodeOf(tree, id);
  if (!n) return unknownNode(id);
  const notes = [...n.notes.filter((x) => x.kind !== kind), ...texts.map((text) => ({ kind, text }))];
  return { ok: true, value: withNode(tree, { ...n, notes }) };
}

/** The mark of a node, if any. */
export const markOf = (n: ReplayNode): AnnotationMark | undefined => n.notes.find((x) => x.mark)?.mark;

// --- verifying a record ---------------------------------------------------------------------------------

export interface ReplayTreeError extends GameError {
  /** The first ply that diverges (1-based; 0 = the set-up), counted from the start of the game. */
  ply: number;
  /** The line it is on: `main` or the variation's id. */
  line: string;
}

export interface ReplayedTree {
  tree: ReplayTree;
  replayer: Replayer;
  /** Plies of the main line, and its final state's hash. */
  plies: number;
  finalHash: string;
}

/**
 * Replays every line of a parsed record from its seed: the main line first, then each variation in file
 * order from its branch point. Stops at the first illegal action or hash mismatch and names its ply and its
 * line. `autoNotes` attaches the automatic note of each ply that has none.
 */
export function replayTree(
  ruleset: AnyRuleset,
  scenarioData: unknown,
  record: GameRecordV2,
  options: { autoNotes?: boolean } = {},
): Result<ReplayedTree, ReplayTreeError> {
  const fail = (e: GameError, ply: number, line: string): { ok: false; error: ReplayTreeError } => ({
    ok: false,
    error: { ...e, ply, line },
  });
  // The main line as a version-1 record: the engine's own replay names its errors.
  const main = replay<BaseState>(ruleset, scenarioData, {
    ...record,
    version: 1,
    variations: undefined,
  } as never);
  if (!main.ok) return fail(main.error, main.error.ply, MAIN_LINE);
  const made = createReplayer(ruleset, scenarioData, record.seed);
  if (!made.ok) return fail(made.error, 0, MAIN_LINE);
  const replayer = made.value;
  const { tree, lineOf, lines } = build(record);
  let t = tree;
  const note = (id: string, events: GameEvent[]) => {
    if (!options.autoNotes || t.nodes[id]!.notes.some((x) => x.kind === 'auto')) return;
    const text = autoNote(events);
    if (text) t = withNode(t, { ...t.nodes[id]!, notes: [...t.nodes[id]!.notes, { kind: 'auto', text }] });
  };
  // Checkpoints along the main line (and its events, for the notes).
  let state: BaseState = replayer.initial;
  for (const id of lines.get(MAIN_LINE)!) {
    const n = tree.nodes[id]!;
    const step = ruleset.apply(state, n.action);
    if (!step.ok) return fail(step.error, n.ply, MAIN_LINE); // cannot happen: replay checked it
    state = step.value.state;
    replayer.remember(n.hash, { state, events: step.value.events }, n.ply);
    note(id, step.value.events);
  }
  for (const [vi, v] of record.variations.entries()) {
    const ids = lines.get(v.id)!;
    const branch = tree.nodes[tree.nodes[ids[0]!]!.parent!]!;
    const from = replayer.stateAt(tree, branch.id);
    if (!from.ok) return fail(from.error, from.error.ply ?? branch.ply, lineOf.get(branch.id) ?? MAIN_LINE);
    let s = from.value.state;
    for (const [i, id] of ids.entries()) {
      const n = tree.nodes[id]!;
      const step = ruleset.apply(s, n.action);
      if (!step.ok)
        return fail(
          {
            ...step.error,
            code: 'ERR_REPLAY_ILLEGAL',
            message: {
              en: `Variation "${v.id}": ply ${n.ply} is illegal: ${step.error.message.en}`,
              fr: `Variante « ${v.id} » : le coup ${n.ply} est illégal : ${step.error.message.fr}`,
            },
            field: `variations.${vi}.actions.${i}`,
          },
          n.ply,
          v.id,
        );
      s = step.value.state;
      if (hashState(s) !== n.hash)
        return fail(
          gameError(
            'ERR_REPLAY_HASH',
            `Variation "${v.id}" diverges from the file at ply ${n.ply} (hash mismatch).`,
            `La variante « ${v.id} » diverge du fichier au coup ${n.ply} (empreinte différente).`,
            `variations.${vi}.hashes.${i}`,
          ),
          n.ply,
          v.id,
        );
      replayer.remember(n.hash, { state: s, events: step.value.events }, n.ply);
      note(id, step.value.events);
    }
  }
  return {
    ok: true,
    value: { tree: t, replayer, plies: main.value.plies, finalHash: main.value.finalHash },
  };
}

/** The ids of the line through `id`, first ply first. */
export const lineIds = (tree: ReplayTree, id: string): string[] => lineThrough(tree, id).map((n) => n.id);
