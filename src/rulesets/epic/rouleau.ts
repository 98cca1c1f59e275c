/**
 * NE-U70 Rouleau (crush): a base with this ability on a Charge order may crush enemy bases of a lower class during
 * its move. The action is `crush {base, target}`: the base moves into contact with the target (as a charge would,
 * interception fire included), then rolls once to crush it. Each attempt of a base this turn needs 1 more on the
 * die (4+, 5+, 6+ for class 3+; 5+, 6+, 7+ for class 2), worsened by the target's cover as a shot would be; a hit
 * is saved normally at PA −1 for class 4+ (ASSUMPTION for class 5+) and 0 for classes 2–3. A destroyed target lets
 * the crusher move on with what is left of its allowance (and frees friends it had stopped, clause 4); a survivor
 * stops it: its move ends and an assault is engaged.
 */
import { rollD6Pool } from '../../engine/dice';
import { type Ctx, emit, saveOrLose } from './combat';
import { allowance, coverMalus, prof } from './state';
import type { EpicBase } from './types';

/** ASSUMPTION (catalogue): at most 3 crush attempts per base and turn. */
export const CRUSH_LIMIT = 3;

/** NE-U70: the die a crush attempt needs before cover: 4+ (class 3+) or 5+ (class 2), +1 per earlier attempt. */
export const crushTarget = (b: EpicBase): number => (prof(b).cls >= 3 ? 4 : 5) + b.crushes;

/** NE-U70 clause 3: PA −1 for super-heavies (class 4; ASSUMPTION: class 5+ too), 0 for classes 2 and 3. */
export const crushPa = (b: EpicBase): number => (prof(b).cls >= 4 ? -1 : 0);

/** Resolves one crush attempt of `b`, already in contact with `t`. */
export function crush(ctx: Ctx, b: EpicBase, t: EpicBase): void {
  const s = ctx.s;
  const cover = coverMalus(s, t);
  const target = crushTarget(b) + cover;
  b.crushes++;
  const roll = rollD6Pool(ctx.rng, { dice: 1, target });
  const die = roll.rolls[0]!;
  // Above 6+ the catalogue's dice convention: a 6, then target − 3 on a second die (C4).
  const hit = target <= 6 ? die >= target : die === 6 && (roll.extra[0]?.[1] ?? 0) >= target - 3;
  const modifiers =
    cover > 0
      ? [
          {
            label:
              cover === 2
                ? { en: 'heavy cover (C4)', fr: 'couvert lourd (C4)' }
                : { en: 'light cover (C4)', fr: 'couvert léger (C4)' },
            value: -cover,
          },
        ]
      : [];
  const dice = [{ label: 'crush', sides: 6, dice: [die], target, modifiers }];
  if (roll.extra.length > 0)
    dice.push({
      label: 'crush, second die after a 6',
      sides: 6,
      dice: [roll.extra[0]![1]],
      target: target - 3,
      modifiers: [],
    });
  emit(
    ctx,
    'NE-U70',
    'crush',
    `${b.id} tries to crush ${t.id} (attempt ${b.crushes}): ${hit ? 'hit' : 'miss'} on ${target}+.`,
    `${b.id} tente d'écraser ${t.id} (tentative ${b.crushes}) : ${hit ? 'touché' : 'raté'} à ${target}+.`,
    { dice, units: [b.id, t.id], side: b.side },
  );
  if (hit) saveOrLose(ctx, t, crushPa(b), false, 'NE-U70');
  if (!t.alive) {
    // Clause 4: a friend this target had stopped is no longer engaged and may move and crush on.
    for (const f of s.bases) {
      if (!f.alive || f.side !== b.side || f.crushStop?.by !== t.id) continue;
      f.moved = f.crushStop.moved;
      f.charged = false;
      f.crushStop = null;
      emit(
        ctx,
        'NE-U70',
        'crushFreed',
        `${f.id} is no longer engaged: ${b.id} crushed the base that stopped it.`,
        `${f.id} n'est plus engagé : ${b.id} a écrasé le socle qui l'avait arrêté.`,
        { units: [f.id, b.id], side: f.side },
      );
    }
    return;
  }
  // The target survived: the move stops here and an assault is engaged (C6).
  b.crushStop = { by: t.id, moved: b.moved };
  b.moved = Math.max(b.moved, allowance(s, b));
  b.charged = true;
  emit(
    ctx,
    'NE-U70',
    'crushStopped',
    `${t.id} survives: ${b.id} stops and an assault is engaged.`,
    `${t.id} survit : ${b.id} s'arrête et un assaut est engagé.`,
    { units: [b.id, t.id], side: b.side },
  );
}
