import { describe, expect, it } from 'vitest';
import { epicRuleset } from '../rulesets/epic';
import type { EpicState } from '../rulesets/epic/types';
import { epicGame, epicScenario } from './fixtures';
import { parseRecordV2 } from './record-v2';
import { createReplayer, jumpToPly, lineIds, type Replayer, treeFromRecord } from './tree';
import {
  AUTOPLAY_BASE_MS,
  autoplayDelay,
  autoplaySchedule,
  flipSide,
  replayFrame,
  startAutoplay,
  stopAutoplay,
  tickAutoplay,
} from './view';

const game = epicGame();
const parsed = parseRecordV2(game);
if (!parsed.ok) throw new Error(parsed.error.message.en);
const tree = treeFromRecord(parsed.value);
const made = createReplayer(epicRuleset, epicScenario.data, game.seed);
if (!made.ok) throw new Error(made.error.message.en);
const rp: Replayer = made.value;
const frame = (ply: number, side: string, showAll = false) => {
  const f = replayFrame<EpicState>(rp, tree, jumpToPly(tree, tree.root, ply)!, { side, showAll });
  if (!f.ok) throw new Error(f.error.message.en);
  return f.value;
};

describe('replay view model', () => {
  it('epic: a blue order is hidden from red until revealed; blue and "show all" see it', () => {
    // Ply 1 is blue's first order (the Orders phase starts with blue).
    const a = game.actions[0] as { type: string; det: string; order: string };
    expect(a.type).toBe('order');
    const byRed = frame(1, 'red');
    expect(byRed.move).toMatchObject({ hidden: true, action: { type: 'order', det: a.det, order: null } });
    expect(byRed.state.dets.find((d) => d.id === a.det)).toMatchObject({ order: null, concealed: true });
    expect(byRed.state.rng).toEqual({ c: 0, s0: 0, s1: 0, s2: 0 });
    expect(JSON.stringify(byRed.events)).not.toContain(a.order);
    const byBlue = frame(1, 'blue');
    expect(byBlue.move).toMatchObject({ hidden: false, action: a });
    const all = frame(1, 'red', true);
    expect(all.move.action).toEqual(a);
    expect(all.state.dets.find((d) => d.id === a.det)!.order).toBe(a.order);
    // Once the detachment activates, its order is visible to red at that ply.
    const activation = game.actions.findIndex(
      (x) => x.type === 'activate' && (x as { det?: string }).det === a.det,
    );
    if (activation >= 0) {
      const given = game.actions
        .slice(0, activation)
        .filter((x) => x.type === 'order' && (x as { det?: string }).det === a.det)
        .pop() as unknown as { order: string };
      expect(frame(activation + 1, 'red').state.dets.find((d) => d.id === a.det)!.order).toBe(given.order);
    }
  });

  it('lists the moves open at a node with their secrets hidden the same way', () => {
    const f = frame(0, 'red');
    expect(f.next).toHaveLength(1);
    expect(f.next[0]!.hidden).toBe(true);
    expect(f.canBack).toBe(false);
    expect(f.canForward).toBe(true);
    expect(f.lastPly).toBe(game.actions.length);
  });

  it('flips the side', () => {
    expect(flipSide(epicRuleset, { side: 'blue', showAll: false })).toEqual({ side: 'red', showAll: false });
    expect(flipSide(epicRuleset, { side: 'red', showAll: true })).toEqual({ side: 'blue', showAll: true });
  });

  it('autoplay steps along the line at its speed and stops at the end', () => {
    expect(autoplayDelay(1)).toBe(AUTOPLAY_BASE_MS);
    expect(autoplayDelay(2, 4)).toBe((AUTOPLAY_BASE_MS + 4 * 250) / 2);
    expect(autoplayDelay(-1)).toBe(AUTOPLAY_BASE_MS);
    const ids = lineIds(tree, tree.root);
    let a = startAutoplay(ids[0]!, 2, 0);
    expect(tickAutoplay(tree, a, 100)).toBe(a); // not yet due
    a = tickAutoplay(tree, a, 500);
    expect(a).toMatchObject({ node: ids[1], playing: true, dueAt: 1000 });
    const schedule = autoplaySchedule(tree, ids[0]!, 2);
    expect(schedule.map((x) => x.node)).toEqual(ids.slice(1));
    expect(schedule[0]!.atMs).toBe(500);
    expect(schedule[1]!.atMs).toBe(1000);
    let end = startAutoplay(ids[ids.length - 2]!, 1, 0);
    end = tickAutoplay(tree, end, 5000);
    expect(end).toMatchObject({ node: ids[ids.length - 1], playing: false, dueAt: null });
    expect(stopAutoplay(a)).toMatchObject({ playing: false, dueAt: null });
  });
});
