/**
 * The scripted `epic` player's moves toward objectives (script.ts `activation`): the `scripted` bot plays
 * them and the search's rollouts use them, so a search whose script never takes an objective cannot see the
 * opponent take one (docs/rulesets/epic.md: random's wagons took obj-bois in game #240's last activation).
 * C14: an objective is counted at each turn's end, within 10 cm, a lead of 2 capturing it.
 */
import { describe, expect, it } from 'vitest';
import { giveOrders, one1, play, pos } from '../../../test/helpers/epic';
import { Rng, seedRng } from '../../engine/rng';
import { epicScript } from './script';
import type { EpicAction, EpicState } from './types';

/** Red's two tactical bases (move 10) at (75, 48) and (75, 52), a blue base at `enemyX`; red activates `tac`. */
function red(opts: {
  enemyX: number;
  objectives: { id: string; x: number; y: number; value: number }[];
  turnLimit?: number;
  extra?: Parameters<typeof pos>[0];
  held?: string;
}): EpicState {
  let s = pos(
    [
      {
        id: 'tac',
        side: 'red',
        bases: [
          { id: 't1', profile: 'tactical', x: 75, y: 48 },
          { id: 't2', profile: 'tactical', x: 75, y: 52 },
        ],
      },
      one1('boyz', 'blue', 'boyz', opts.enemyX, 50),
      ...(opts.extra ?? []),
    ],
    { objectives: opts.objectives, turnLimit: opts.turnLimit ?? 4 },
  );
  if (opts.held) s.objectives.find((o) => o.id === opts.held)!.holder = 'red';
  s = giveOrders(s, {}, 'red');
  s = play(s, { type: 'activate', det: 'tac' }).state;
  expect(s.phase).toBe('mouvement.activation');
  return s;
}

const moveOf = (s: EpicState): EpicAction & { type: 'moveDet' } => {
  const a = epicScript(s, new Rng(seedRng('script')));
  if (a.type !== 'moveDet') throw new Error(`expected a move, got ${JSON.stringify(a)}`);
  return a;
};

describe('epic script: objectives (C14)', () => {
  it('takes an objective in reach of this move before closing on a nearer enemy', () => {
    // The enemy is 10 cm west, the objective 16 cm east: the move (10 cm) ends within 10 cm of it.
    const a = moveOf(red({ enemyX: 65, objectives: [{ id: 'obj', x: 91, y: 50, value: 100 }] }));
    expect(a.det).toBe('tac');
    expect(a.dx).toBeGreaterThan(5);
  });

  it('closes on a nearer enemy when the objective is out of reach of this move (as before)', () => {
    const a = moveOf(red({ enemyX: 40, objectives: [{ id: 'obj', x: 120, y: 50, value: 100 }] }));
    expect(a.dx).toBeLessThan(0);
  });

  it('of two objectives in reach, goes for the one no enemy stands at, though it is farther', () => {
    // obj-n, 14 cm north, has a blue base on it; obj-s, 16 cm south, has none.
    const s = red({
      enemyX: 40,
      objectives: [
        { id: 'obj-n', x: 75, y: 36, value: 100 },
        { id: 'obj-s', x: 75, y: 66, value: 100 },
      ],
      extra: [one1('guard', 'blue', 'boyz', 75, 33)],
    });
    const a = moveOf(s);
    expect(a.dy).toBeGreaterThan(5);
  });

  it('in the last turn, stays on an objective its side holds rather than close on the enemy', () => {
    const objectives = [{ id: 'obj', x: 75, y: 50, value: 100 }];
    const last = red({ enemyX: 50, objectives, turnLimit: 1, held: 'obj' });
    expect(epicScript(last, new Rng(seedRng('script')))).toEqual({ type: 'done' });
    // Before the last turn the same detachment advances on the enemy.
    const earlier = red({ enemyX: 50, objectives, turnLimit: 4, held: 'obj' });
    expect(moveOf(earlier).dx).toBeLessThan(0);
  });
});
