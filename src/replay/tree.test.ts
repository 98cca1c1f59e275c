import { describe, expect, it } from 'vitest';
import type { BaseAction, BaseState } from '../engine/contract';
import { hashState } from '../engine/hash';
import { replay } from '../engine/record';
import { epicRuleset } from '../rulesets/epic';
import { epicGame, epicScenario } from './fixtures';
import { openGameFile } from './load';
import { parseRecordV2 } from './record-v2';
import {
  addMove,
  alternativesAt,
  autoNote,
  back,
  createReplayer,
  deleteVariation,
  forward,
  isMainLine,
  jumpToPly,
  lineIds,
  mainLine,
  markOf,
  pathTo,
  promoteToMainLine,
  promoteVariation,
  type Replayer,
  type ReplayTree,
  replayTree,
  setComment,
  setMark,
  siblingLine,
  toRecord,
  treeFromRecord,
  variationStart,
  withMainLine,
} from './tree';

const game = epicGame();
const v2 = () => {
  const p = parseRecordV2(JSON.stringify(game));
  if (!p.ok) throw new Error(p.error.message.en);
  return p.value;
};
const replayer = (): Replayer => {
  const r = createReplayer(epicRuleset, epicScenario.data, game.seed);
  if (!r.ok) throw new Error(r.error.message.en);
  return r.value;
};
const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: { en: string } } }): T => {
  if (!r.ok) throw new Error(r.error.message.en);
  return r.value;
};

/** A legal action at node `id` other than the one the line plays there. */
function otherMove(tree: ReplayTree, rp: Replayer, id: string): BaseAction {
  const state = must(rp.stateAt(tree, id)).state;
  const taken = new Set(tree.nodes[id]!.children.map((c) => hashState(tree.nodes[c]!.action)));
  const options = epicRuleset.candidates(state as never) as BaseAction[];
  const found = options.find((a) => !taken.has(hashState(a)));
  if (!found) throw new Error(`no alternative at ${id}`);
  return found;
}

describe('replay tree', () => {
  it('brings a saved analysis up to date with a running game: its moves become the main line, variations and comments stay', () => {
    const rp = replayer();
    const all = game.actions as BaseAction[];
    // The analysis was saved when the game stood at ply 10: a variation after ply 3 and a comment at ply 2.
    let saved = must(
      withMainLine(
        treeFromRecord({ ...v2(), actions: [], hashes: [], annotations: [] }),
        rp,
        all.slice(0, 10),
      ),
    );
    const at3 = lineIds(saved, saved.root)[3]!;
    const v = must(addMove(saved, rp, at3, otherMove(saved, rp, at3)));
    saved = must(setComment(v.tree, lineIds(v.tree, v.tree.root)[2]!, 'plan'));
    // The game went on to its end.
    const now = must(withMainLine(saved, rp, all));
    expect(
      mainLine(now)
        .slice(1)
        .map((n) => n.action),
    ).toEqual(all);
    expect(
      mainLine(now)
        .slice(1)
        .map((n) => n.hash),
    ).toEqual(game.hashes);
    expect(isMainLine(now, v.node)).toBe(false);
    expect(nodeOfComment(now, 2)).toBe('plan');
    expect(toRecord(now).variations).toHaveLength(1);
    // A take-back in the game: its old moves after ply 5 stay as a variation, the new line is the main one.
    const other = otherMove(now, rp, lineIds(now, now.root)[5]!);
    const rp2 = replayer();
    const replayed = must(withMainLine(now, rp2, [...all.slice(0, 5), other]));
    const mainIds = lineIds(replayed, replayed.root);
    expect(mainIds).toHaveLength(7);
    expect(replayed.nodes[mainIds[6]!]!.action).toEqual(other);
    expect(
      toRecord(replayed)
        .variations.map((x) => x.parentPly)
        .sort(),
    ).toEqual([3, 5]);
    // An illegal move is refused, the tree untouched.
    expect(withMainLine(now, rp, [{ type: 'nonsense' }]).ok).toBe(false);
  });

  function nodeOfComment(tree: ReplayTree, ply: number): string | undefined {
    const n = tree.nodes[lineIds(tree, tree.root)[ply]!]!;
    return n.notes.find((x) => x.kind === 'comment')?.text;
  }

  it('↑/↓ move between the lines of a fork, at the same ply; ↓ enters a variation starting right after', () => {
    const rp = replayer();
    let tree = treeFromRecord(v2());
    const main = lineIds(tree, tree.root);
    // Two variations branching after ply 3, the second two moves long.
    const a = must(addMove(tree, rp, main[3]!, otherMove(tree, rp, main[3]!)));
    tree = a.tree;
    const b = must(addMove(tree, rp, main[3]!, otherMove(tree, rp, main[3]!)));
    tree = b.tree;
    const b2 = must(addMove(tree, rp, b.node, otherMove(tree, rp, b.node)));
    tree = b2.tree;
    // From ply 5 on the main line, ↓ goes to the first variation (one move: its end, ply 4), ↓ again to the second.
    expect(siblingLine(tree, main[5]!, 1)).toBe(a.node);
    expect(siblingLine(tree, a.node, 1)).toBe(b.node);
    expect(siblingLine(tree, b2.node, -1)).toBe(a.node);
    expect(siblingLine(tree, a.node, -1)).toBe(main[4]!);
    // Same ply on the new line when it is long enough.
    expect(siblingLine(tree, main[4]!, 1)).toBe(a.node);
    expect(tree.nodes[siblingLine(tree, b2.node, -1)!]!.ply).toBe(4);
    // The last line has nothing below, the main line nothing above.
    expect(siblingLine(tree, b.node, 1)).toBeNull();
    expect(siblingLine(tree, main[4]!, -1)).toBeNull();
    // At the fork itself, ↓ enters the first variation; before it, nothing forks.
    expect(siblingLine(tree, main[3]!, 1)).toBe(a.node);
    expect(siblingLine(tree, main[2]!, 1)).toBeNull();
    expect(siblingLine(tree, 'nope', 1)).toBeNull();
  });

  it('loads a version-1 record as a tree with no variations and writes it back as version 2', () => {
    const tree = treeFromRecord(v2());
    expect(mainLine(tree)).toHaveLength(game.actions.length + 1);
    expect(Object.keys(tree.nodes)).toHaveLength(game.actions.length + 1);
    const back2 = toRecord(tree);
    expect(back2.version).toBe(2);
    expect(back2.variations).toEqual([]);
    expect(back2.actions).toEqual(game.actions);
    expect(back2.hashes).toEqual(game.hashes);
  });

  it('rebuilds every state exactly as the engine replay does (cache and checkpoints included)', () => {
    const tree = treeFromRecord(v2());
    const rp = replayer();
    const ids = lineIds(tree, tree.root);
    const full = replay<BaseState>(epicRuleset, epicScenario.data, game);
    expect(full.ok).toBe(true);
    // Out of order, to exercise the cache and the checkpoints.
    for (const k of [ids.length - 1, 3, 40, 0, 33, 64, 65, 2]) {
      const id = ids[Math.min(k, ids.length - 1)]!;
      const st = must(rp.stateAt(tree, id));
      expect(hashState(st.state)).toBe(tree.nodes[id]!.hash);
    }
    const last = must(rp.stateAt(tree, ids[ids.length - 1]!));
    if (full.ok) {
      expect(hashState(last.state)).toBe(full.value.finalHash);
      expect(last.events).toEqual(full.value.events[full.value.events.length - 1]);
    }
  });

  it('walks forward and back, jumps to a ply and lists the path', () => {
    const tree = treeFromRecord(v2());
    const ids = lineIds(tree, tree.root);
    expect(forward(tree, tree.root)).toBe(ids[1]);
    expect(back(tree, ids[1]!)).toBe(tree.root);
    expect(back(tree, tree.root)).toBeNull();
    expect(forward(tree, ids[ids.length - 1]!)).toBeNull();
    expect(jumpToPly(tree, tree.root, 10)).toBe(ids[10]);
    expect(jumpToPly(tree, tree.root, 10_000)).toBe(ids[ids.length - 1]);
    expect(jumpToPly(tree, tree.root, -3)).toBe(tree.root);
    expect(pathTo(tree, ids[5]!).map((n) => n.ply)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('adds a variation at any ply, validated on that ply’s state; an illegal one is refused', () => {
    const rp = replayer();
    let tree = treeFromRecord(v2());
    const at = jumpToPly(tree, tree.root, 11)!;
    const alt = otherMove(tree, rp, at);
    const added = must(addMove(tree, rp, at, alt));
    expect(added.existed).toBe(false);
    tree = added.tree;
    expect(isMainLine(tree, added.node)).toBe(false);
    expect(variationStart(tree, added.node)!.id).toBe(added.node);
    expect(alternativesAt(tree, at).map((n) => n.id)).toEqual([tree.nodes[at]!.children[0], added.node]);
    expect(tree.nodes[added.node]!.ply).toBe(12);
    expect(tree.nodes[added.node]!.notes[0]).toMatchObject({ kind: 'auto', text: autoNote(added.events) });
    // The same move again is not duplicated.
    const again = must(addMove(tree, rp, at, alt));
    expect(again.existed).toBe(true);
    expect(again.tree).toBe(tree);
    // An illegal move names the ruleset's reason.
    const bad = addMove(tree, rp, at, { type: 'shoot', det: 'nobody', target: 'x' } as BaseAction);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('ERR_TREE_ILLEGAL');
      expect(bad.error.message.fr).toContain('illégal');
    }
    // Extending the variation keeps it one line; the original tree is untouched (no mutation).
    const before = JSON.stringify(tree);
    const alt2 = otherMove(tree, rp, added.node);
    const ext = must(addMove(tree, rp, added.node, alt2));
    expect(JSON.stringify(tree)).toBe(before);
    expect(tree.nodes[added.node]!.children).toEqual([]);
    expect(ext.tree.nodes[added.node]!.children).toEqual([ext.node]);
    expect(variationStart(ext.tree, ext.node)!.id).toBe(added.node);
  });

  it('promotes a variation to the main line and deletes variations', () => {
    const rp = replayer();
    let tree = treeFromRecord(v2());
    const at = jumpToPly(tree, tree.root, 20)!;
    const mainNext = tree.nodes[at]!.children[0]!;
    const v = must(addMove(tree, rp, at, otherMove(tree, rp, at)));
    tree = v.tree;
    // A nested variation inside the first one.
    const inner = must(addMove(tree, rp, v.node, otherMove(tree, rp, v.node)));
    tree = inner.tree;
    const promoted = must(promoteToMainLine(tree, inner.node));
    expect(isMainLine(promoted, inner.node)).toBe(true);
    expect(isMainLine(promoted, mainNext)).toBe(false);
    expect(lineIds(promoted, promoted.root)).toContain(inner.node);
    // One level at a time: the variation moves up among its siblings.
    const once = must(promoteVariation(tree, v.node));
    expect(once.nodes[at]!.children[0]).toBe(v.node);
    expect(promoteVariation(promoted, inner.node).ok).toBe(false);
    // Deleting the variation removes its whole subtree; the main line cannot be deleted.
    const del = must(deleteVariation(tree, inner.node));
    expect(del.parent).toBe(at);
    expect(del.tree.nodes[v.node]).toBeUndefined();
    expect(del.tree.nodes[inner.node]).toBeUndefined();
    expect(del.tree.nodes[at]!.children).toEqual([mainNext]);
    const refused = deleteVariation(tree, mainNext);
    expect(refused.ok ? null : refused.error.code).toBe('ERR_TREE_MAIN_LINE');
  });

  it('round-trips a tree with nested variations, comments and marks through a version-2 record', () => {
    const rp = replayer();
    let tree = treeFromRecord(v2());
    for (const ply of [0, 7, 30]) {
      const at = jumpToPly(tree, tree.root, ply)!;
      const v = must(addMove(tree, rp, at, otherMove(tree, rp, at)));
      tree = v.tree;
      const w = must(addMove(tree, rp, v.node, otherMove(tree, rp, v.node)));
      tree = w.tree;
      // A variation of the variation, branching after its first move.
      const x = must(addMove(tree, rp, v.node, otherMove(tree, rp, v.node)));
      tree = x.tree;
    }
    const n5 = jumpToPly(tree, tree.root, 5)!;
    tree = must(setComment(tree, n5, 'Too greedy <script>alert(1)</script>'));
    tree = must(setMark(tree, n5, '?!'));
    expect(markOf(tree.nodes[n5]!)).toBe('?!');
    const rec = toRecord(tree);
    expect(rec.variations.length).toBeGreaterThanOrEqual(3);
    const parsed = must(parseRecordV2(JSON.stringify(rec)));
    const r = must(replayTree(epicRuleset, epicScenario.data, parsed));
    expect(toRecord(r.tree)).toEqual(rec);
    expect(r.tree.nodes[jumpToPly(r.tree, r.tree.root, 5)!]!.notes).toContainEqual({
      kind: 'comment',
      text: 'Too greedy <script>alert(1)</script>',
      mark: '?!',
    });
    // Clearing the comment keeps the mark; clearing the mark too removes the note.
    const cleared = must(setComment(tree, n5, ''));
    expect(markOf(cleared.nodes[n5]!)).toBe('?!');
    const none = must(setMark(cleared, n5, null));
    expect(none.nodes[n5]!.notes.filter((n) => n.kind === 'comment')).toEqual([]);
  });

  it('replayTree names the first diverging ply and its line; autoNotes fills automatic notes', () => {
    const rp = replayer();
    let tree = treeFromRecord(v2());
    const at = jumpToPly(tree, tree.root, 15)!;
    const v = must(addMove(tree, rp, at, otherMove(tree, rp, at)));
    tree = v.tree;
    tree = must(addMove(tree, rp, v.node, otherMove(tree, rp, v.node))).tree;
    const rec = toRecord(tree);
    rec.variations[0]!.hashes[1] = '0000000000000000';
    const r = replayTree(epicRuleset, epicScenario.data, must(parseRecordV2(rec)));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatchObject({
        code: 'ERR_REPLAY_HASH',
        ply: 17,
        line: 'v1',
        field: 'variations.0.hashes.1',
      });
    const ok = must(openGameFile(JSON.stringify(game), { autoNotes: true }));
    expect(ok.plies).toBe(game.actions.length);
    const first = ok.tree.nodes[jumpToPly(ok.tree, ok.tree.root, 1)!]!;
    expect(first.notes[0]!.kind).toBe('auto');
    expect(first.notes[0]!.text).toContain('C1 order');
  });
});
