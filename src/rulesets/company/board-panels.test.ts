/** What `company` declares for the app's panels beyond the board: the shots and blows its events resolved. */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../engine/contract';
import { Rng, seedRng } from '../../engine/rng';
import { scenarios } from '../registry';
import { companyAttackOf, companyShots } from './board';
import { companyRuleset } from './index';

describe('company shots and blows for the animation (C2, C3)', () => {
  it('C2/C3: each tir is a shot and each passe a blow, from attacker to target; a hit exactly when the rules counted one', () => {
    const sc = scenarios.company![0]!;
    const parsed = companyRuleset.parseScenario(sc.data);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const events: GameEvent[] = [];
    for (let g = 0; g < 4; g++) {
      const set = companyRuleset.setup(parsed.value, `shots-${g}`);
      if (!set.ok) throw new Error(set.error.code);
      let s = set.value;
      const rng = new Rng(seedRng(`shots-${g}`));
      for (let i = 0; i < 600 && companyRuleset.decision(s); i++) {
        const cands = companyRuleset.candidates(s);
        const attack = cands.filter((c) => c.type === 'tir' || c.type === 'melee' || c.type === 'charge');
        const pick = attack.length > 0 && rng.next() < 0.7 ? attack[0]! : cands[rng.int(cands.length)]!;
        const r = companyRuleset.apply(s, pick);
        if (!r.ok) throw new Error(r.error.code);
        events.push(...r.value.events.filter((e) => e.kind === 'tir' || e.kind === 'passe'));
        s = r.value.state;
      }
    }
    const shots = companyShots(events);
    expect(shots.filter((x) => !x.melee).length).toBeGreaterThan(0);
    expect(shots.filter((x) => x.melee).length).toBeGreaterThan(0);
    const counted = events.map((e) => Number(/(\d+) hit\(s\)/.exec(e.text.en)![1]) > 0);
    expect(shots.map((x) => x.hit)).toEqual(counted);
    expect(shots.map((x) => [x.from, x.to])).toEqual(events.map((e) => e.units!.slice(0, 2)));
    expect(shots.map((x) => !!x.melee)).toEqual(events.map((e) => e.kind === 'passe'));
  });

  it('C2: a Marche is no attack (the assaut odds from contact are in src/app/teach-view.test.ts)', () => {
    const sc = scenarios.company![0]!;
    const parsed = companyRuleset.parseScenario(sc.data);
    if (!parsed.ok) throw new Error(parsed.error.code);
    const set = companyRuleset.setup(parsed.value, 'attack');
    if (!set.ok) throw new Error(set.error.code);
    expect(companyAttackOf(set.value, { type: 'marche' })).toBeNull();
  });
});
