import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { position as companyPosition } from '../../test/helpers/company';
import { position as epicPosition, giveOrders } from '../../test/helpers/epic';
import { companyRuleset } from '../rulesets/company';
import { epicRuleset } from '../rulesets/epic';
import { attackOdds, bestEnemyAttack, largestRemainder, oddsView, threatsTo } from './odds';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('largest-remainder rounding', () => {
  it('always sums to exactly 100 and stays within 1 of each exact share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        (xs) => {
          const total = sum(xs);
          const r = largestRemainder(xs);
          if (total === 0) {
            expect(r.every((x) => x === 0)).toBe(true);
            return;
          }
          expect(sum(r)).toBe(100);
          for (const [i, x] of xs.entries()) expect(Math.abs(r[i]! - (x / total) * 100)).toBeLessThan(1);
        },
      ),
    );
    expect(largestRemainder([1 / 3, 1 / 3, 1 / 3])).toEqual([34, 33, 33]);
    expect(largestRemainder([0.125, 0.375, 0.5])).toEqual([13, 37, 50]);
  });
});

// Devastators (75 cm, 2 dice at 5+, PA −1) shooting a Boyz mob of three bases 40 cm away.
const epicState = () =>
  giveOrders(
    epicPosition({
      dets: [
        {
          id: 'B',
          side: 'blue',
          bases: [
            { id: 'dev1', profile: 'devastator', x: 20, y: 48 },
            { id: 'dev2', profile: 'devastator', x: 20, y: 52 },
          ],
        },
        { id: 'Q', side: 'blue', bases: [{ id: 'cap', profile: 'captain', x: 14, y: 50 }] },
        {
          id: 'R',
          side: 'red',
          bases: [
            { id: 'b1', profile: 'boyz', x: 60, y: 46 },
            { id: 'b2', profile: 'boyz', x: 60, y: 50 },
            { id: 'b3', profile: 'boyz', x: 60, y: 54 },
          ],
        },
      ],
    }),
    { B: 'tirAppuye', R: 'avance' },
  );

describe('odds display model', () => {
  it('epic: the histogram is the engine’s exact distribution and sums to 100%', () => {
    const s = epicState();
    expect(s.dets.find((d) => d.id === 'B')!.order).toBe('tirAppuye');
    const report = epicRuleset.odds(s, { det: 'B', target: 'R' });
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    const v = oddsView('epic', report.value);
    expect(v.bars.map((b) => b.probability)).toEqual(report.value.casualties);
    expect(sum(v.bars.map((b) => b.percent))).toBe(100);
    for (const b of v.bars) expect(Math.abs(b.percent - b.probability * 100)).toBeLessThan(1);
    expect(v.atLeastOne).toBeCloseTo(1 - report.value.casualties[0]!, 12);
    expect(v.expected).toBe(report.value.expected);
    expect(v.lines).toEqual(report.value.lines);
    expect(v.bars[0]!.label.fr).toBe('aucune perte');
    expect(v.expectedDamage).toBeNull();
  });

  it('company: survives/killed bars, expected damage read from the engine’s lines', () => {
    const s = companyPosition({
      units: [
        { id: 'vargas', side: 'blue', profile: 'vargas', x: 10, y: 12 },
        { id: 'dam', side: 'red', profile: 'damne', x: 11.2, y: 12 },
      ],
    });
    const v = attackOdds(companyRuleset, s, { attacker: 'vargas', target: 'dam', kind: 'melee' });
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.value.bars.map((b) => b.label.en)).toEqual(['survives', 'killed']);
    expect(sum(v.value.bars.map((b) => b.percent))).toBe(100);
    expect(v.value.expectedDamage).toBeGreaterThan(0);
    const threats = threatsTo(companyRuleset, s, 'vargas');
    expect(threats.ok && threats.value.map((t) => t.attacker)).toEqual(['dam']);
  });

  it('epic: what the enemy can do to a unit — every detachment in reach, the worst first', () => {
    const s = epicState();
    const threats = threatsTo(epicRuleset, s, 'b2');
    expect(threats.ok).toBe(true);
    if (!threats.ok) return;
    expect(threats.value.map((t) => t.attacker)).toEqual(['B']); // the captain's storm bolters reach 25 cm only
    const direct = epicRuleset.odds(s, { det: 'B', target: 'R' });
    expect(direct.ok && threats.value[0]!.view.bars.map((b) => b.probability)).toEqual(
      direct.ok ? direct.value.casualties : null,
    );
    // Out of reach: nothing threatens the devastators (shootas reach 25 cm).
    expect(bestEnemyAttack(epicRuleset, s, 'dev1')).toBeNull();
    // Seen by red, blue's face-down counter is taken as Tir Appuyé (the worst case): the same odds.
    const seen = epicRuleset.observe(s, 'red');
    expect(seen.dets.find((d) => d.id === 'B')).toMatchObject({ order: null, concealed: true });
    const hidden = threatsTo(epicRuleset, seen, 'R');
    expect(hidden.ok && hidden.value[0]!.view.bars.map((b) => b.probability)).toEqual(
      threats.value[0]!.view.bars.map((b) => b.probability),
    );
  });
});
