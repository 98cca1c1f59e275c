import { describe, expect, it } from 'vitest';
import type { AnyRuleset } from '../src/engine/contract';
import { hashState } from '../src/engine/hash';
import { Rng, seedRng } from '../src/engine/rng';
import { epicRuleset } from '../src/rulesets/epic';
import type { EpicState, Order } from '../src/rulesets/epic/types';
import { scenarios } from '../src/rulesets/registry';
import { type Pick, pickGame, pickStart } from '../test/helpers/pick-game';
import { firstRandomGameState, randomGameStates } from '../test/helpers/random-game';
import { runSearch, Search, search } from './mcts';

const sc = scenarios.epic![0]!;

/** Positions from a random game where the side to act faces hidden enemy orders. */
function positions(): EpicState[] {
  return randomGameStates<EpicState>(
    epicRuleset,
    sc,
    { seed: 'honesty', bots: ['hb', 'hr'] },
    (s) => {
      const d = epicRuleset.decision(s);
      if (!d) return false;
      const hidden = s.dets.some((x) => x.side !== d.side && x.given && x.order !== null && !x.revealed);
      return hidden && (s.phase === 'mouvement.choix' || s.phase === 'mouvement.activation');
    },
    8,
  );
}

const ORDERS: Order[] = ['charge', 'avance', 'tirAppuye', 'retraite'];

describe('MCTS honesty', () => {
  const states = positions();
  it('finds positions with hidden enemy orders', () => {
    expect(states.length).toBeGreaterThanOrEqual(5);
  });

  it('decides the same when only hidden information differs (secret enemy orders, future dice)', () => {
    for (const s of states) {
      const side = epicRuleset.decision(s)!.side;
      const other = epicRuleset.clone(s);
      other.rng = seedRng('another future');
      let changed = 0;
      for (const d of other.dets)
        if (d.side !== side && d.given && d.order !== null && !d.revealed) {
          d.order = ORDERS[(ORDERS.indexOf(d.order) + 1) % 4]!;
          changed++;
        }
      expect(changed).toBeGreaterThan(0);
      expect(hashState(other)).not.toBe(hashState(s));
      expect(hashState(epicRuleset.observe(other, side))).toBe(hashState(epicRuleset.observe(s, side)));
      const a = search(epicRuleset, s, side, { seed: 'same', maxIterations: 60 });
      const b = search(epicRuleset, other, side, { seed: 'same', maxIterations: 60 });
      expect(b.action).toEqual(a.action);
      expect(b.alternatives).toEqual(a.alternatives);
    }
  });

  it('the all-seeing yardstick reads the secret orders but still not the future dice', () => {
    let differs = 0;
    for (const s of states) {
      const side = epicRuleset.decision(s)!.side;
      const otherDice = epicRuleset.clone(s);
      otherDice.rng = seedRng('another future');
      const otherOrders = epicRuleset.clone(s);
      for (const d of otherOrders.dets)
        if (d.side !== side && d.given && d.order !== null && !d.revealed)
          d.order = ORDERS[(ORDERS.indexOf(d.order) + 1) % 4]!;
      const opts = { seed: 'same', maxIterations: 60, allSeeing: true };
      const a = search(epicRuleset, s, side, opts);
      expect(search(epicRuleset, otherDice, side, opts).alternatives).toEqual(a.alternatives);
      if (
        JSON.stringify(search(epicRuleset, otherOrders, side, opts).alternatives) !==
        JSON.stringify(a.alternatives)
      )
        differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  it('reports the alternatives it weighed, with visits summing to the iterations', () => {
    const s = states[0]!;
    const r = search(epicRuleset, s, epicRuleset.decision(s)!.side, { seed: 'x', maxIterations: 80 });
    expect(r.iterations).toBe(80);
    expect(r.alternatives.length).toBeGreaterThan(1);
    expect(r.alternatives.reduce((a, x) => a + x.visits, 0)).toBe(80);
    for (const alt of r.alternatives) expect(Math.abs(alt.value)).toBeLessThanOrEqual(1);
    expect(epicRuleset.validate(s, r.action as never).ok).toBe(true);
  });
});

describe('MCTS tree reuse', () => {
  it('drops the children of a kept subtree that are illegal now', () => {
    const seen = randomGameStates<EpicState>(
      epicRuleset,
      sc,
      { seed: 'reuse', bots: ['b', 'r'] },
      () => true,
    );
    const choix = seen.find((st) => st.phase === 'mouvement.choix' && st.toAct === 'blue')!;
    const ordres = seen.find(
      (st) => st.phase === 'ordres' && epicRuleset.decision(st)?.side === 'blue' && st.turn > 1,
    )!;
    const first = new Search(epicRuleset, choix, 'blue', { seed: 'k' });
    first.step(30);
    expect([...first.root.children.values()].some((c) => c.action!.type === 'activate')).toBe(true);
    const again = new Search(epicRuleset, ordres, 'blue', { seed: 'k', reuse: first.root });
    const report = runSearch(again, { maxIterations: 20 });
    expect(report.alternatives.length).toBeGreaterThan(0);
    for (const alt of report.alternatives) expect(alt.action.type).toBe('order');
    expect(epicRuleset.validate(ordres, report.action as never).ok).toBe(true);
  });
});

// --- secret decisions: regret matching and a mixed strategy --------------------------------------------------

const BEATS: Record<string, string> = { R: 'S', P: 'R', S: 'P' };

const rps = pickGame((b, r) => (b === r ? 0 : BEATS[b] === r ? 1 : -1));
const start = pickStart;

describe('MCTS secret decisions (regret matching)', () => {
  it('plays a mixed strategy where every hand is answered: rock-paper-scissors', () => {
    const chosen = new Map<string, number>();
    for (let k = 0; k < 30; k++) {
      const r = search(rps, start(), 'blue', { seed: `rps${k}`, maxIterations: 2000 });
      const hand = (r.action as Pick).hand;
      chosen.set(hand, (chosen.get(hand) ?? 0) + 1);
      const total = r.alternatives.reduce((a, x) => a + (x.p ?? 0), 0);
      expect(total).toBeCloseTo(1, 9);
      for (const alt of r.alternatives) {
        // Near the equilibrium (⅓ each): the reply is learned without seeing the hand, as at the table.
        expect(alt.p).toBeGreaterThan(0.2);
        expect(alt.p).toBeLessThan(0.47);
      }
    }
    // Each hand is drawn several times over 30 seeds (a pure best reply would always name the same one).
    for (const hand of ['R', 'P', 'S']) expect(chosen.get(hand) ?? 0).toBeGreaterThanOrEqual(4);
  });

  it('puts most weight on an option that is better whatever the reply', () => {
    const biased = pickGame((b) => ({ R: 0.6, P: 0, S: -0.6 })[b]!);
    const r = search(biased, start(), 'blue', { seed: 'b', maxIterations: 1500 });
    const p = Object.fromEntries(r.alternatives.map((a) => [(a.action as Pick).hand, a.p ?? 0]));
    expect(p.R).toBeGreaterThan(0.6);
    expect(p.S).toBeLessThan(0.15);
  });

  it('epic Ordres are secret decisions; the same observation and seed give the same order', () => {
    const s = firstRandomGameState<EpicState>(
      epicRuleset,
      sc,
      { seed: 'secret', bots: ['sb', 'sr'] },
      'Ordres of red after the first turn',
      (st) => epicRuleset.decision(st)?.side === 'red' && st.phase === 'ordres' && st.turn > 1,
    );
    expect(epicRuleset.decision(s)!.secret).toBe(true);
    const other = epicRuleset.clone(s);
    other.rng = seedRng('another future');
    let changed = 0;
    for (const d of other.dets)
      if (d.side === 'blue' && d.given && d.order !== null && !d.revealed) {
        d.order = ORDERS[(ORDERS.indexOf(d.order) + 1) % 4]!;
        changed++;
      }
    expect(changed).toBeGreaterThan(0);
    const a = search(epicRuleset, s, 'red', { seed: 'same', maxIterations: 80 });
    const b = search(epicRuleset, other, 'red', { seed: 'same', maxIterations: 80 });
    expect(b.action).toEqual(a.action);
    expect(b.alternatives).toEqual(a.alternatives);
    expect(a.alternatives.reduce((x, alt) => x + (alt.p ?? 0), 0)).toBeCloseTo(1, 9);
  });
});

describe('MCTS report', () => {
  it("gives each attack weighed the ruleset's exact odds (the AI's 'why')", () => {
    const s = firstRandomGameState<EpicState>(
      epicRuleset,
      sc,
      { seed: 'odds', bots: ['ob', 'or'] },
      'decision with a shot',
      (st) => !!epicRuleset.decision(st) && epicRuleset.candidates(st).some((a) => a.type === 'shoot'),
    );
    const side = epicRuleset.decision(s)!.side;
    const r = search(epicRuleset, s, side, { seed: 'o', maxIterations: 120 });
    const shots = r.alternatives.filter((a) => a.action.type === 'shoot');
    expect(shots.length).toBeGreaterThan(0);
    for (const alt of shots) {
      const a = alt.action as unknown as { det: string; target: string };
      const exact = epicRuleset.odds(epicRuleset.observe(s, side), { det: a.det, target: a.target });
      expect(exact.ok).toBe(true);
      if (exact.ok)
        expect(alt.odds).toEqual({ expected: exact.value.expected, destroyAll: exact.value.destroyAll });
    }
    for (const alt of r.alternatives) if (alt.action.type !== 'shoot') expect(alt.odds).toBeUndefined();
  });
});

describe('MCTS slices', () => {
  it('an iteration past its slice deadline cuts its rollout short, yet still counts and backs up a value', () => {
    const scenario = epicRuleset.parseScenario(sc.data);
    if (!scenario.ok) throw new Error('scenario');
    const start = epicRuleset.setup(scenario.value, 'deadline');
    if (!start.ok) throw new Error('setup');
    const side = epicRuleset.decision(start.value)!.side;
    // Count the plies each iteration plays, through a ruleset whose script is counted.
    const plies = (deadline: number) => {
      let scripted = 0;
      const counted: AnyRuleset = {
        ...epicRuleset,
        script: (st, rng, given) => {
          scripted++;
          return epicRuleset.script!(st as EpicState, rng, given as never);
        },
      } as AnyRuleset;
      const search = new Search(counted, start.value, side, { seed: 'd', rolloutPlies: 12 });
      search.clock = () => 100;
      search.deadline = deadline;
      search.step(20);
      return { scripted, visits: search.root.visits, iterations: search.iterations };
    };
    const late = plies(50);
    const open = plies(Number.POSITIVE_INFINITY);
    expect(late.iterations).toBe(20);
    expect(late.visits).toBe(20);
    expect(open.visits).toBe(20);
    // In the tree the script is asked once per level for its hint; the rollout asks once per ply.
    expect(open.scripted).toBeGreaterThan(late.scripted + 20 * 5);
  });
});

describe('MCTS progressive widening', () => {
  interface DialState {
    rng: ReturnType<typeof seedRng>;
    ply: number;
    v: number | null;
  }
  type Dial = { type: 'dial'; v: number };
  const dial = (withVariants: boolean): AnyRuleset => {
    const clone = (s: DialState): DialState => ({ ...s, rng: { ...s.rng } });
    return {
      id: 'dial',
      sides: ['a', 'b'],
      decision: (s: DialState) => (s.v === null ? { side: 'a', phase: 'p', turn: 0 } : null),
      candidates: (s: DialState): Dial[] =>
        s.v === null
          ? [
              { type: 'dial', v: 0.2 },
              { type: 'dial', v: 0.5 },
            ]
          : [],
      validate: (_s: DialState, a: Dial) =>
        a.v <= 0.9
          ? { ok: true, value: true }
          : { ok: false, error: { code: 'X', message: { en: 'x', fr: 'x' } } },
      applyInPlace: (s: DialState, a: Dial) => {
        s.v = a.v;
        s.ply++;
        return null;
      },
      clone,
      observe: (s: DialState) => clone(s),
      determinize: (s: DialState) => clone(s),
      evaluate: (s: DialState, side: string) => (side === 'a' ? (s.v ?? 0) : -(s.v ?? 0)),
      // A turn of the dial: 0.15 further each time, past the legal 0.9 in the end.
      ...(withVariants
        ? {
            variants: (_s: DialState, a: Dial) => [{ type: 'dial', v: Math.round((a.v + 0.15) * 100) / 100 }],
          }
        : {}),
    } as unknown as AnyRuleset;
  };
  const begin = (): DialState => ({ rng: seedRng('d'), ply: 0, v: null });

  it('adds variants of the most visited option as visits double, and keeps only legal ones', () => {
    const r = search(dial(true), begin(), 'a', { seed: 'w', maxIterations: 800 });
    const weighed = r.alternatives.map((x) => (x.action as Dial).v).sort();
    expect(weighed).toEqual([0.2, 0.5, 0.65, 0.8]);
    expect((r.action as Dial).v).toBe(0.8);
  });

  it('without variants the candidates are all there is', () => {
    const r = search(dial(false), begin(), 'a', { seed: 'w', maxIterations: 800 });
    expect(r.alternatives.map((x) => (x.action as Dial).v).sort()).toEqual([0.2, 0.5]);
    expect((r.action as Dial).v).toBe(0.5);
  });
});

describe('MCTS rollout length (the ruleset may set it)', () => {
  interface SeedState {
    rng: ReturnType<typeof seedRng>;
    ply: number;
    choice: string | null;
  }
  type Step = { type: string };
  /** Plant pays 1 at ply 30 and nothing before; grab pays 0.3 at once. Then 'wait' until ply 60. */
  const sowing = (rolloutPlies?: number): AnyRuleset => {
    const clone = (s: SeedState): SeedState => ({ ...s, rng: { ...s.rng } });
    return {
      id: 'sowing',
      sides: ['a', 'b'],
      decision: (s: SeedState) => (s.ply < 60 ? { side: 'a', phase: 'p', turn: 0 } : null),
      candidates: (s: SeedState): Step[] =>
        s.ply >= 60 ? [] : s.choice === null ? [{ type: 'plant' }, { type: 'grab' }] : [{ type: 'wait' }],
      validate: () => ({ ok: true, value: true }),
      applyInPlace: (s: SeedState, a: Step) => {
        if (a.type !== 'wait') s.choice = a.type;
        s.ply++;
        return null;
      },
      clone,
      observe: (s: SeedState) => clone(s),
      determinize: (s: SeedState) => clone(s),
      script: (s: SeedState): Step => (s.choice === null ? { type: 'grab' } : { type: 'wait' }),
      evaluate: (s: SeedState, side: string) => {
        const v = s.choice === 'grab' ? 0.3 : s.choice === 'plant' && s.ply >= 30 ? 1 : 0;
        return side === 'a' ? v : -v;
      },
      ...(rolloutPlies === undefined ? {} : { rolloutPlies }),
    } as unknown as AnyRuleset;
  };
  const begin = (): SeedState => ({ rng: seedRng('s'), ply: 0, choice: null });
  const choice = (r: AnyRuleset, options: { rolloutPlies?: number } = {}) =>
    (search(r, begin(), 'a', { seed: 'sow', maxIterations: 300, ...options }).action as Step).type;

  it('12 plies by default: a payoff 30 plies away is out of sight', () => {
    expect(choice(sowing())).toBe('grab');
  });
  it("the ruleset's rolloutPlies lets the search see it", () => {
    expect(choice(sowing(30))).toBe('plant');
  });
  it("the search's own option overrides the ruleset's", () => {
    expect(choice(sowing(30), { rolloutPlies: 12 })).toBe('grab');
    expect(choice(sowing(), { rolloutPlies: 30 })).toBe('plant');
  });
});

describe('MCTS rollouts to the end of a round (the ruleset may name its rounds)', () => {
  interface RoundState {
    rng: ReturnType<typeof seedRng>;
    ply: number;
    score: number;
  }
  type Step = { type: string };
  /**
   * Rounds of 10 plies; each round ended pays 0.5. At ply 0, 'pass' ends the round at once, 'work' earns 0.3
   * and the round goes on: work is worth 0.3 more at any common point of the game. Valued a fixed number of
   * plies after the choice, pass is seen a round further on than work, and looks better.
   */
  const rounds = (rolloutPlies: number, named: boolean): AnyRuleset => {
    const clone = (s: RoundState): RoundState => ({ ...s, rng: { ...s.rng } });
    return {
      id: 'rounds',
      sides: ['a', 'b'],
      decision: (s: RoundState) => (s.ply < 40 ? { side: 'a', phase: 'p', turn: 0 } : null),
      candidates: (s: RoundState): Step[] =>
        s.ply >= 40 ? [] : s.ply === 0 ? [{ type: 'pass' }, { type: 'work' }] : [{ type: 'wait' }],
      validate: () => ({ ok: true, value: true }),
      applyInPlace: (s: RoundState, a: Step) => {
        if (a.type === 'pass') s.ply = 10;
        else {
          if (a.type === 'work') s.score += 0.3;
          s.ply++;
        }
        return null;
      },
      clone,
      observe: (s: RoundState) => clone(s),
      determinize: (s: RoundState) => clone(s),
      script: (): Step => ({ type: 'wait' }),
      evaluate: (s: RoundState, side: string) => {
        const v = (s.score + 0.5 * Math.floor(s.ply / 10)) / 4;
        return side === 'a' ? v : -v;
      },
      rolloutPlies,
      ...(named ? { rolloutRound: (s: RoundState) => Math.floor(s.ply / 10) } : {}),
    } as unknown as AnyRuleset;
  };
  const start = (): RoundState => ({ rng: seedRng('r'), ply: 0, score: 0 });
  const choice = (r: AnyRuleset) =>
    (search(r, start(), 'a', { seed: 'round', maxIterations: 200 }).action as Step).type;

  it('a fixed number of plies values a pass a round further on, and prefers it', () => {
    expect(choice(rounds(5, false))).toBe('pass');
    expect(choice(rounds(20, false))).toBe('pass');
  });
  it('with rolloutRound every option is valued at the same point of the game: work is seen to be better', () => {
    expect(choice(rounds(20, true))).toBe('work');
  });
  it('rolloutPlies still bounds a rollout that has not reached the end of the round', () => {
    // The iterations stop at ply 20 (the end of the round after the root's). With 5-ply rollouts below a tree
    // of at most 12 plies, work is valued by ply 17 at the latest, one round paid; pass by ply 20, two.
    expect(choice(rounds(5, true))).toBe('pass');
  });
});

describe('MCTS paired dice (the ruleset may ask for them)', () => {
  interface DieState {
    rng: ReturnType<typeof seedRng>;
    ply: number;
    score: number;
  }
  type Bet = { type: 'x' | 'y' | 'z' | 'wait' };
  /**
   * Side a bets on x, y or z at ply 0; every ply rolls a die into the score (x adds 1 to it, y 2, z 0). `seen`
   * logs, for each bet played, the dice the state holds just before it.
   */
  const dice = (pairedDice: boolean, seen: [string, string][]): AnyRuleset => {
    const clone = (s: DieState): DieState => ({ ...s, rng: { ...s.rng } });
    return {
      id: 'dice',
      sides: ['a', 'b'],
      decision: (s: DieState) => (s.ply < 4 ? { side: 'a', phase: 'p', turn: 0 } : null),
      candidates: (s: DieState): Bet[] =>
        s.ply === 0 ? [{ type: 'x' }, { type: 'y' }, { type: 'z' }] : s.ply < 4 ? [{ type: 'wait' }] : [],
      validate: () => ({ ok: true, value: true }),
      applyInPlace: (s: DieState, a: Bet) => {
        if (a.type !== 'wait') seen.push([a.type, JSON.stringify(s.rng)]);
        const rng = new Rng(s.rng);
        s.score += rng.int(6) + (a.type === 'x' ? 1 : a.type === 'y' ? 2 : 0);
        s.rng = rng.state();
        s.ply++;
        return null;
      },
      clone,
      observe: (s: DieState) => clone(s),
      determinize: (s: DieState, _side: string, rng: Rng) => ({
        ...clone(s),
        rng: seedRng(`d:${rng.next()}`),
      }),
      evaluate: (s: DieState, side: string) => (side === 'a' ? s.score / 40 : -s.score / 40),
      ...(pairedDice ? { pairedDice } : {}),
    } as unknown as AnyRuleset;
  };
  const begin = (seed = 's'): DieState => ({ rng: seedRng(seed), ply: 0, score: 0 });
  /** Each bet's dice, in the order the search played it. */
  const byBet = (seen: [string, string][]) => {
    const out: Record<string, string[]> = { x: [], y: [], z: [] };
    for (const [bet, rng] of seen) out[bet]!.push(rng);
    return out;
  };

  it("plays the n-th iteration through each root option on the same dice, and each option's next on new dice", () => {
    for (const allSeeing of [false, true]) {
      const seen: [string, string][] = [];
      search(dice(true, seen), begin(), 'a', { seed: 'pair', maxIterations: 60, allSeeing });
      const { x, y, z } = byBet(seen);
      const n = Math.min(x!.length, y!.length, z!.length);
      expect(n).toBeGreaterThan(5);
      for (let i = 0; i < n; i++) {
        expect(y![i]).toBe(x![i]);
        expect(z![i]).toBe(x![i]);
      }
      expect(new Set(x).size).toBe(x!.length);
    }
  });
  it('draws independent dice where the ruleset does not ask, and decides as before', () => {
    const seen: [string, string][] = [];
    search(dice(false, seen), begin(), 'a', { seed: 'pair', maxIterations: 60 });
    const { x, y } = byBet(seen);
    expect(y![0]).not.toBe(x![0]);
    // Unpaired, the search draws no salt: its report is the one a ruleset without the field gets.
    const report = (r: AnyRuleset) =>
      JSON.stringify(search(r, begin(), 'a', { seed: 'q', maxIterations: 90 }).alternatives);
    const without = dice(false, []) as unknown as Record<string, unknown>;
    expect(report({ ...without, pairedDice: false } as unknown as AnyRuleset)).toBe(report(dice(false, [])));
    expect(report(dice(true, []))).not.toBe(report(dice(false, [])));
  });
  it('stays honest: the same observation and seed give the same report, whatever the dice to come', () => {
    // The salt comes from the searcher's RNG: two games that differ only in their future dice are searched alike.
    const report = (seed: string) =>
      JSON.stringify(search(dice(true, []), begin(seed), 'a', { seed: 'h', maxIterations: 90 }).alternatives);
    expect(report('future one')).toBe(report('future two'));
    expect(report('future one')).not.toBe(
      JSON.stringify(
        search(dice(true, []), begin('future one'), 'a', { seed: 'other', maxIterations: 90 }).alternatives,
      ),
    );
  });
});
