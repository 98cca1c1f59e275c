/** The `command` variant (epic): the evaluation weighs the detachments out of command. */
import { COMMAND_RADIUS, detAlive, detHas, other, prof } from '../../../src/rulesets/epic/state';
import type { EpicSide, EpicState } from '../../../src/rulesets/epic/types';
import { epicPointsValue, type Variant, withTerm } from './kit';

/**
 * Epic, C1/C2: the Destruction Points of each side's detachments that would get no Ordre if the Orders phase were
 * now: alive, not Broken, not already due a Retraite (routed, or no counter after a failed rally), without the
 * NE-U48 ability, and with no living base within the command radius (25 cm) of a living QG base of its side.
 * The same test as the rules' `inCommand` (rules.ts), restated here so the play code stays as it is.
 */
export function epicOutOfCommand(s: EpicState): Record<EpicSide, number> {
  const out: Record<EpicSide, number> = { blue: 0, red: 0 };
  const qgs = s.bases.filter((q) => q.alive && prof(q).abilities.qg);
  for (const d of s.dets) {
    if (d.broken || d.routed || d.noCounter || !detAlive(s, d.id)) continue;
    if (detHas(s, d, 'NE-U48', 'ordresSansChef')) continue;
    const near = s.bases.some(
      (b) =>
        b.alive &&
        b.det === d.id &&
        qgs.some((q) => q.side === d.side && Math.hypot(q.x - b.x, q.y - b.y) <= COMMAND_RADIUS),
    );
    if (!near) out[d.side] += d.points;
  }
  return out;
}

/**
 * The `command` variant's term for `side`: a quarter of the Destruction Points of the enemy's detachments out of
 * command minus a quarter of this side's, on the evaluation's scale (`epicPointsValue`). A detachment out of
 * command gets no Ordre next turn: no Retraite, no Charge; it holds (fire at −1) or regroups (a move, no fire;
 * NE-U94). That is the cost the games in docs/rulesets/epic.md ("The thirteen games not won against scripted")
 * paid, and one a rollout to the end of the next turn sees only in part.
 */
export function epicCommandTerm(s: EpicState, side: EpicSide): number {
  if (s.result) return 0;
  const out = epicOutOfCommand(s);
  return epicPointsValue(s, 0.25 * (out[other(side)] - out[side]));
}

export const command: Variant = {
  about:
    'epic: the evaluation subtracts a quarter of the Destruction Points of the detachments that would get no ' +
    "Ordre next turn, out of command range (`epicOutOfCommand`), and adds the enemy's: the games lost to " +
    'scripted left a fast detachment out of command, with no Retraite (docs/rulesets/epic.md, "The thirteen ' +
    'games not won against scripted")',
  wrap: (base) => {
    if (base.id !== 'epic') throw new Error(`the command variant has no term for ${base.id}`);
    return withTerm(base, (s, side) => epicCommandTerm(s as EpicState, side as EpicSide));
  },
};
