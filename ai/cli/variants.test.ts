/** Experiment bots `<bot>+<variant>` (variants.ts): the bot on its ruleset with one part replaced. */
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyRuleset, BaseState } from '../../src/engine/contract';
import { Rng, seedRng } from '../../src/engine/rng';
import { prof as companyProf, edgeBetween } from '../../src/rulesets/company/state';
import type { EpicState } from '../../src/rulesets/epic/types';
import { findScenario, rulesets } from '../../src/rulesets/registry';
import { position as companyPosition, unit } from '../../test/helpers/company';
import { one1, position } from '../../test/helpers/epic';
import { mctsBot, scriptedBot } from '../bots';
import { playMatch } from '../match';
import { search } from '../mcts';
import {
  aimedBzzzt,
  companyRisk,
  companyThreatTerm,
  epicCommandTerm,
  epicOutOfCommand,
  epicRisk,
  epicThreatTerm,
  expectedDamage,
  isTournamentBot,
  makeTournamentBot,
  marginValue,
  pairedDice,
  parseVariantName,
  SHARPEN,
  SHORT_PLIES,
  seeingAll,
  sharpened,
  shortRollouts,
  VARIANTS,
  variantCode,
  variantFiles,
  withEvaluate,
} from './variants';

/** A scenario's position after setup, with `seed`. */
function setUp(r: AnyRuleset, scenarioId: string, seed: string): BaseState {
  const sc = r.parseScenario(findScenario(r.id, scenarioId)!.data);
  if (!sc.ok) throw new Error(sc.error.message.en);
  const s = r.setup(sc.value, seed);
  if (!s.ok) throw new Error(s.error.message.en);
  return s.value as BaseState;
}

/** `s` played on by the script (seeded `seed`) until `stop` holds or the game ends. */
function scriptedUntil(
  r: AnyRuleset,
  s: BaseState,
  seed: string,
  stop: (s: BaseState) => boolean,
): BaseState {
  const script = scriptedBot(seed);
  while (r.decision(s) && !stop(s)) {
    const step = r.apply(s, script.choose(r, s));
    if (!step.ok) throw new Error(step.error.message.en);
    s = step.value.state;
  }
  return s;
}

const ruleset = rulesets.company!;
const scenario = findScenario('company', 'le-pont-de-cendres')!;
const start = setUp(ruleset, scenario.id, 'variants');
const finished = (seed: string) =>
  playMatch(ruleset, scenario.id, scenario.data, seed, { blue: scriptedBot('b'), red: scriptedBot('r') });

describe('the margin variant', () => {
  it('values a finished game ±0.9 plus a tenth of the margin, and leaves a running game to the evaluation', () => {
    let decided = 0;
    for (const seed of ['v1', 'v2', 'v3', 'v4']) {
      const { state, outcome } = finished(seed);
      if (outcome.status !== 'finished') throw new Error('unfinished');
      const [blue, red] = [outcome.points.blue!, outcome.points.red!];
      const margin = (0.1 * (blue - red)) / Math.max(1, blue + red);
      const base = outcome.winner === 'blue' ? 0.9 : outcome.winner === null ? 0 : -0.9;
      expect(marginValue(ruleset, state, 'blue')).toBeCloseTo(base + margin, 12);
      expect(marginValue(ruleset, state, 'red')).toBeCloseTo(-base - margin, 12);
      const wrapped = VARIANTS.margin!.wrap(ruleset);
      expect(wrapped.evaluate(state, 'blue')).toBe(marginValue(ruleset, state, 'blue'));
      if (outcome.winner !== null) {
        decided++;
        expect(ruleset.evaluate(state, outcome.winner)).toBe(1); // the ruleset itself is untouched
      }
    }
    expect(decided).toBeGreaterThan(0);
    expect(marginValue(ruleset, start, 'blue')).toBeNull();
    const wrapped = VARIANTS.margin!.wrap(ruleset);
    expect(wrapped.evaluate(start, 'red')).toBe(ruleset.evaluate(start, 'red'));
    expect(wrapped.candidates(start)).toEqual(ruleset.candidates(start)); // the rest is the ruleset's own
  });
});

describe('the threat variant (epic)', () => {
  /** Two blue Tactical marines at x 20; one red Boyz base `gap` cm east of the nearer. */
  const duel = (gap: number): EpicState =>
    position({
      dets: [
        {
          id: 'tac',
          side: 'blue',
          bases: [
            { id: 't1', profile: 'tactical', x: 20, y: 48 },
            { id: 't2', profile: 'tactical', x: 20, y: 52 },
          ],
        },
        one1('boyz', 'red', 'boyz', 20 + gap, 48),
      ],
    });

  it('counts a detachment at risk from the fire that can reach it after a move, up to its points', () => {
    const s = duel(30); // Boyz: move 10 + shoota 25 reaches; marines: move 10 + bolter 25 reach
    const tac = s.dets.find((d) => d.id === 'tac')!;
    const boyz = s.dets.find((d) => d.id === 'boyz')!;
    // One shoota die: hits on 5+ (1/3), the marines' 5+ save fails 2/3; they break after 1 PdV of 2 (C7/C14).
    // Two bolter dice on the Boyz: 1/3 each, their 6+ save fails 5/6; one PdV breaks them (capped at 1).
    const risk = epicRisk(s);
    expect(risk.blue).toBeCloseTo(tac.points * (1 / 3) * (2 / 3), 9);
    expect(risk.red).toBeCloseTo(boyz.points * Math.min(1, 2 * (1 / 3) * (5 / 6)), 9);
    // Out of reach: 36 cm is past the Boyz' 35 and the marines' 35.
    expect(epicRisk(duel(36))).toEqual({ blue: 0, red: 0 });
    // A Broken detachment has given its points already: nothing more at risk.
    const broken = duel(30);
    broken.dets.find((d) => d.id === 'tac')!.broken = true;
    expect(epicRisk(broken).blue).toBe(0);
    expect(epicRisk(broken).red).toBeCloseTo(risk.red, 9);
  });

  it("adds the term to epic's evaluation, the same for both sides, and only to a game going on", () => {
    const epic = rulesets.epic!;
    const wrapped = VARIANTS.threat!.wrap(epic);
    const s = duel(30);
    const term = epicThreatTerm(s, 'blue');
    expect(term).not.toBe(0);
    expect(epicThreatTerm(s, 'red')).toBeCloseTo(-term, 12);
    expect(wrapped.evaluate(s, 'blue')).toBeCloseTo(epic.evaluate(s, 'blue') + term, 12);
    expect(wrapped.evaluate(duel(36), 'red')).toBe(epic.evaluate(duel(36), 'red'));
    const over = {
      ...s,
      result: { winner: 'blue', reason: { en: 'test', fr: 'test' } },
    } as unknown as EpicState;
    expect(epicThreatTerm(over, 'blue')).toBe(0);
  });
});

describe('the command variant (epic)', () => {
  /** A blue Captain (QG) at x 20; blue Tactical marines `gap` cm east of it; a red Warboss (QG) and Boyz beside it. */
  const spread = (gap: number): EpicState =>
    position({
      dets: [
        one1('hq', 'blue', 'captain', 20, 50),
        {
          id: 'tac',
          side: 'blue',
          bases: [
            { id: 't1', profile: 'tactical', x: 20 + gap, y: 50 },
            { id: 't2', profile: 'tactical', x: 20 + gap + 4, y: 54 },
          ],
        },
        one1('boss', 'red', 'warboss', 120, 50),
        one1('boyz', 'red', 'boyz', 124, 50),
      ],
    });

  it('flags the detachments the rules leave without an Ordre (C1/C2), by their Destruction Points', () => {
    for (const gap of [10, 25, 26, 60]) {
      const s = spread(gap);
      // The set-up ran the first Orders phase: a detachment out of command got no counter (order null).
      const noOrder = s.dets.filter((d) => d.given && d.order === null);
      const tac = s.dets.find((d) => d.id === 'tac')!;
      const out = epicOutOfCommand(s);
      expect(out.blue).toBe(noOrder.includes(tac) ? tac.points : 0);
      expect(out.red).toBe(0);
      expect(noOrder.includes(tac)).toBe(gap > 25);
    }
    // A routed detachment is due a Retraite, a Broken one has given its points: neither counts.
    const routed = spread(60);
    routed.dets.find((d) => d.id === 'tac')!.routed = true;
    expect(epicOutOfCommand(routed).blue).toBe(0);
    const broken = spread(60);
    broken.dets.find((d) => d.id === 'tac')!.broken = true;
    expect(epicOutOfCommand(broken).blue).toBe(0);
    // With its Captain dead, even the QG's own detachment is out of command.
    const headless = spread(10);
    headless.bases.find((b) => b.id === 'hq-1')!.alive = false;
    const tacPoints = headless.dets.find((d) => d.id === 'tac')!.points;
    expect(epicOutOfCommand(headless).blue).toBe(tacPoints);
  });

  it("adds the term to epic's evaluation, opposite for the two sides, and only to a game going on", () => {
    const epic = rulesets.epic!;
    const wrapped = VARIANTS.command!.wrap(epic);
    const s = spread(60);
    const term = epicCommandTerm(s, 'blue');
    expect(term).toBeLessThan(0); // blue's marines are out of command
    expect(epicCommandTerm(s, 'red')).toBeCloseTo(-term, 12);
    expect(wrapped.evaluate(s, 'blue')).toBeCloseTo(epic.evaluate(s, 'blue') + term, 12);
    expect(epicCommandTerm(spread(10), 'blue')).toBe(0);
    expect(wrapped.evaluate(spread(10), 'red')).toBe(epic.evaluate(spread(10), 'red'));
    const over = { ...s, result: { winner: 'red', reason: { en: 't', fr: 't' } } } as unknown as EpicState;
    expect(epicCommandTerm(over, 'blue')).toBe(0);
    expect(() => VARIANTS.command!.wrap(ruleset)).toThrow(/no term for company/);
  });
});

describe('the threat variant (company)', () => {
  /** A blue Arquebusier at x 4 and a red Damné `x` toises further east, on the same line. */
  const pair = (x: number) =>
    companyPosition({
      units: [
        { id: 'arq', side: 'blue', profile: 'arquebusier', x: 4, y: 12 },
        { id: 'dam', side: 'red', profile: 'damne', x: 4 + x, y: 12 },
      ],
    });

  it('counts the kill points a shot or a charge could take next activation', () => {
    const far = pair(13); // beyond the Damné's charge (2 × DPT 4), within the arquebus's 16
    const gap = edgeBetween(unit(far, 'arq'), unit(far, 'dam'));
    expect(gap).toBeGreaterThan(8);
    expect(gap).toBeLessThanOrEqual(16);
    // TIR 3 + Tireur entraîné 1: four dice hitting DEF 3 on 3+ (2/3 each); the arquebus's table 0,2,3,4,5 for
    // 0…4 hits, no Protection: 2·P(1) + 3·P(2) + 4·P(3) + 5·P(4) against the Damné's 5 PV.
    const b = (k: number) => [1, 4, 6, 4, 1][k]! * (2 / 3) ** k * (1 / 3) ** (4 - k);
    const shot = 2 * b(1) + 3 * b(2) + 4 * b(3) + 5 * b(4);
    expect(expectedDamage(companyProf(unit(far, 'arq')).ranged!, 4, 3, 0)).toBeCloseTo(shot, 12);
    expect(companyRisk(far).red).toBeCloseTo((companyProf(unit(far, 'dam')).points * shot) / 5, 12);
    expect(companyRisk(far).blue).toBe(0);
    // Unloaded (HD-25): no shot.
    unit(far, 'arq').reload = 1;
    expect(companyRisk(far)).toEqual({ blue: 0, red: 0 });
    // Out of reach of both: nothing at risk.
    expect(companyRisk(pair(25))).toEqual({ blue: 0, red: 0 });
    // Within charge reach: the Arquebusier is at risk too, from one passe of the Damné's mace.
    const near = pair(6);
    const dam = unit(near, 'dam');
    const arq = unit(near, 'arq');
    const passe = expectedDamage(companyProf(dam).melee, 3, companyProf(arq).def, companyProf(arq).pr);
    expect(passe).toBeGreaterThan(0);
    expect(companyRisk(near).blue).toBeCloseTo((companyProf(arq).points * passe) / arq.pv, 12);
    // And the term is half the difference, on the evaluation's scale, with opposite signs for the two sides.
    const r = companyRisk(near);
    expect(companyThreatTerm(near, 'blue')).toBeCloseTo((0.5 * (r.red - r.blue)) / 200, 12);
    expect(companyThreatTerm(near, 'red')).toBeCloseTo(-companyThreatTerm(near, 'blue'), 12);
    const wrapped = VARIANTS.threat!.wrap(ruleset);
    expect(wrapped.evaluate(near, 'blue')).toBeCloseTo(
      ruleset.evaluate(near, 'blue') + companyThreatTerm(near, 'blue'),
      12,
    );
  });
});

describe('experiment bots', () => {
  it('takes <bot>+<variant> for a known bot and variant only', () => {
    expect(parseVariantName('mcts-it:300+margin')).toEqual({ bot: 'mcts-it:300', variant: 'margin' });
    expect(parseVariantName('mcts-it:300')).toBeNull();
    expect(isTournamentBot('mcts-it:300+margin')).toBe(true);
    expect(isTournamentBot('greedy')).toBe(true);
    expect(isTournamentBot('mcts-it:300+nope')).toBe(false);
    expect(isTournamentBot('nobody+margin')).toBe(false);
  });

  it("plays the bot's search on the wrapped ruleset, and passes its report on", () => {
    let calls = 0;
    VARIANTS.probe = {
      about: 'counts the evaluations the search asks for',
      wrap: (base: AnyRuleset) =>
        withEvaluate(base, (s, side) => {
          calls++;
          return base.evaluate(s, side);
        }),
    };
    try {
      const bot = makeTournamentBot('mcts-it:30+probe', 'seed');
      const plain = makeTournamentBot('mcts-it:30', 'seed');
      expect(bot.name).toBe('mcts-it:30+probe');
      const action = bot.choose(ruleset, start);
      expect(calls).toBeGreaterThanOrEqual(30);
      expect(ruleset.validate(start, action).ok).toBe(true);
      expect(bot.last?.iterations).toBe(30);
      // The same evaluation through the wrapper: the same decision as the bot itself.
      expect(action).toEqual(plain.choose(ruleset, start));
      bot.last = undefined;
      expect(bot.last).toBeUndefined();
    } finally {
      delete VARIANTS.probe;
    }
  });

  it("adds the named variants' digest to a log's code only when a bot names a variant", () => {
    expect(variantCode('0123456789abcdef', ['mcts:1000', 'greedy'])).toBe('0123456789abcdef');
    expect(variantCode('0123456789abcdef', ['mcts-it:300+margin', 'mcts-it:300'])).toMatch(
      /^0123456789abcdef\+[0-9a-f]{8}$/,
    );
    // A variant's files: its own, and what it imports from ai/cli/ (the play code it imports is the play digest's).
    expect(variantFiles(['mcts-it:300+sees', 'greedy'])).toEqual([
      'ai/cli/variants/kit.ts',
      'ai/cli/variants/sees.ts',
    ]);
    expect(variantFiles(['mcts-it:300+sees', 'mcts-it:300+margin'])).toEqual([
      'ai/cli/variants/kit.ts',
      'ai/cli/variants/margin.ts',
      'ai/cli/variants/sees.ts',
    ]);
    for (const name of Object.keys(VARIANTS))
      expect(variantFiles([`mcts-it:1+${name}`])).toContain(`ai/cli/variants/${name}.ts`);
  });

  it("keeps a log's digest when another variant changes or is added, not when its own files change", () => {
    const root = mkdtempSync(join(tmpdir(), 'variants-'));
    try {
      mkdirSync(join(root, 'ai/cli/variants'), { recursive: true });
      for (const f of ['kit', 'sees', 'margin'])
        copyFileSync(`ai/cli/variants/${f}.ts`, join(root, `ai/cli/variants/${f}.ts`));
      const sees = () => variantCode('p', ['mcts-it:300+sees', 'mcts-it:300'], root);
      const before = sees();
      expect(before).toBe(variantCode('p', ['mcts-it:300+sees', 'mcts-it:300']));
      appendFileSync(join(root, 'ai/cli/variants/margin.ts'), '\n// another variant changed\n');
      writeFileSync(join(root, 'ai/cli/variants/aim.ts'), '// a variant added\n');
      expect(sees()).toBe(before);
      expect(variantCode('p', ['mcts-it:300+margin'], root)).not.toBe(
        variantCode('p', ['mcts-it:300+margin']),
      );
      appendFileSync(join(root, 'ai/cli/variants/kit.ts'), '\n// what every variant is made of changed\n');
      expect(sees()).not.toBe(before);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the sees variant (epic)', () => {
  const epic = rulesets.epic!;
  // Red's first Ordre of the game, blue's orders given face down: the honest search samples them, this one sees them.
  const redOrder = scriptedUntil(epic, setUp(epic, 'plaine-de-grik', 'sees'), 'sees', (s) => {
    const d = epic.decision(s);
    return d?.secret === true && d.side === 'red';
  });

  it('keeps the secrets in view and re-draws only the dice', () => {
    const seen = seeingAll(epic);
    const orders = (s: BaseState) =>
      (s as EpicState).dets.filter((d) => d.side === 'blue').map((d) => d.order);
    expect(orders(redOrder).filter((o) => o !== null).length).toBeGreaterThan(0);
    expect(orders(seen.observe(redOrder, 'red'))).toEqual(orders(redOrder));
    expect(orders(epic.observe(redOrder, 'red'))).not.toEqual(orders(redOrder));
    const rng = new Rng(seedRng('d'));
    const drawn = seen.determinize(seen.observe(redOrder, 'red'), 'red', rng);
    expect(orders(drawn)).toEqual(orders(redOrder));
    expect(drawn.rng).toEqual(seedRng(`sample:${new Rng(seedRng('d')).next()}`));
    expect(drawn.rng).not.toEqual(redOrder.rng);
  });

  it('decides as the all-seeing search does at the same iterations, and not as the honest one', () => {
    const sees = makeTournamentBot('mcts-it:60+sees', 'seed');
    const oracle = mctsBot('seed', { iterations: 60, allSeeing: true });
    const honest = mctsBot('seed', { iterations: 60 });
    sees.choose(epic, redOrder);
    oracle.choose(epic, redOrder);
    honest.choose(epic, redOrder);
    const weighed = (b: { last?: { alternatives: { action: unknown; visits: number; value: number }[] } }) =>
      JSON.stringify(b.last!.alternatives.map((x) => [x.action, x.visits, x.value]));
    expect(weighed(sees)).toBe(weighed(oracle));
    expect(weighed(sees)).not.toBe(weighed(honest));
  });
});

describe('the sharp variant', () => {
  // A position of turn 2, where the options' values differ (the start's are nearly all alike).
  const turn2 = scriptedUntil(ruleset, start, 'sharp', (s) => (s as BaseState & { turn: number }).turn >= 2);

  it('scales every value by SHARPEN, a finished game too', () => {
    const sharp = sharpened(ruleset);
    for (const side of ['blue', 'red']) {
      expect(sharp.evaluate(turn2, side)).toBe(SHARPEN * ruleset.evaluate(turn2, side));
      expect(ruleset.evaluate(turn2, side)).not.toBe(0);
    }
    const over = finished('sharp').state;
    const outcome = ruleset.outcome(over);
    if (outcome.status !== 'finished') throw new Error('the scripted game did not finish');
    expect(Math.abs(sharp.evaluate(over, 'blue'))).toBe(outcome.winner === null ? 0 : SHARPEN);
    // The ruleset itself is untouched.
    expect(Math.abs(ruleset.evaluate(over, 'blue'))).toBeLessThanOrEqual(1);
  });

  it('is the search with its exploration constant and prior divided by SHARPEN', () => {
    const side = ruleset.decision(turn2)!.side;
    const weighed = (r: AnyRuleset, c: number, prior: number, scale: number) =>
      search(r, turn2, side, { seed: 's', maxIterations: 300, c, prior }).alternatives.map((x) => [
        x.action,
        x.visits,
        Math.round((x.value / scale) * 1e9),
      ]);
    const sharp = weighed(sharpened(ruleset), 0.9, 2, SHARPEN);
    expect(sharp).toEqual(weighed(ruleset, 0.9 / SHARPEN, 2 / SHARPEN, 1));
    expect(sharp).not.toEqual(weighed(ruleset, 0.9, 2, 1));
    // The bot plays on the wrapped ruleset.
    const bot = makeTournamentBot('mcts-it:300+sharp', 'seed');
    bot.choose(ruleset, turn2);
    expect(bot.last!.alternatives.map((x) => x.visits)).not.toEqual(
      (() => {
        const plain = mctsBot('seed', { iterations: 300 });
        plain.choose(ruleset, turn2);
        return plain.last!.alternatives.map((x) => x.visits);
      })(),
    );
  });
});

describe('the paired variant', () => {
  const turn2 = scriptedUntil(ruleset, start, 'paired', (s) => (s as BaseState & { turn: number }).turn >= 2);
  const side = ruleset.decision(turn2)!.side;
  const [first, second] = ruleset.candidates(turn2);
  /** The dice a sampled state plays on once `action` is applied, on `r`. */
  const diceAfter = (r: AnyRuleset, observation: BaseState, rng: Rng, action: typeof first) => {
    const s = r.determinize(observation, side, rng);
    r.applyTrusted!(s, action!);
    return JSON.stringify(s.rng);
  };

  it('gives the n-th iteration through each root option the same dice, and the next one new dice', () => {
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    const observation = ruleset.observe(turn2, side);
    const paired = pairedDice(ruleset);
    const rng = new Rng(seedRng('searcher'));
    const a0 = diceAfter(paired, observation, rng, first);
    const b0 = diceAfter(paired, observation, rng, second);
    const a1 = diceAfter(paired, observation, rng, first);
    const b1 = diceAfter(paired, observation, rng, second);
    expect(b0).toBe(a0);
    expect(b1).toBe(a1);
    expect(a1).not.toBe(a0);
    // Unpaired, the same two options are played on different dice.
    const plain = new Rng(seedRng('searcher'));
    expect(diceAfter(ruleset, observation, plain, second)).not.toBe(
      diceAfter(ruleset, observation, plain, first),
    );
    // Another search (another observation object) draws its own salt: other dice for its first iteration.
    expect(diceAfter(paired, ruleset.observe(turn2, side), rng, first)).not.toBe(a0);
  });

  it('re-seeds only the first action on a sampled state, and leaves states it did not sample alone', () => {
    const paired = pairedDice(ruleset);
    const s = paired.determinize(ruleset.observe(turn2, side), side, new Rng(seedRng('x')));
    paired.applyTrusted!(s, first!);
    const after = JSON.stringify(s.rng);
    const t = ruleset.clone(s);
    const next = ruleset.candidates(s)[0];
    if (next) {
      paired.applyTrusted!(s, next);
      ruleset.applyTrusted!(t, next);
      expect(JSON.stringify(s.rng)).toBe(JSON.stringify(t.rng));
    }
    const own = ruleset.clone(turn2);
    const before = JSON.stringify(own.rng);
    expect(paired.applyInPlace(own, first!)).toBeNull();
    const plainOwn = ruleset.clone(turn2);
    ruleset.applyInPlace(plainOwn, first!);
    expect(JSON.stringify(own.rng)).toBe(JSON.stringify(plainOwn.rng));
    expect(after).not.toBe(before);
  });

  it('decides as a search does: the same observation and seed give the same move, whatever the dice to come', () => {
    const decide = (state: BaseState) => {
      const bot = makeTournamentBot('mcts-it:200+paired', 'seed');
      bot.choose(ruleset, state);
      return JSON.stringify(bot.last!.alternatives.map((x) => [x.action, x.visits, x.value]));
    };
    const otherDice = ruleset.clone(turn2);
    otherDice.rng = seedRng('other future dice');
    expect(decide(otherDice)).toBe(decide(turn2));
    const plain = mctsBot('seed', { iterations: 200 });
    plain.choose(ruleset, turn2);
    expect(decide(turn2)).not.toBe(
      JSON.stringify(plain.last!.alternatives.map((x) => [x.action, x.visits, x.value])),
    );
  });
});

describe('paired dice in the search (contract pairedDice) and the paired variant', () => {
  const company = rulesets.company!;
  const begin = setUp(company, scenario.id, 'native');
  const positions: BaseState[] = [];
  {
    let s = begin;
    const bot = scriptedBot('native');
    for (let ply = 0; company.decision(s) && positions.length < 4; ply++) {
      if (ply % 17 === 5) positions.push(s);
      const step = company.apply(s, bot.choose(company, s));
      if (!step.ok) throw new Error(step.error.message.en);
      s = step.value.state;
    }
  }
  const unpaired = Object.create(company, { pairedDice: { value: false } }) as AnyRuleset;
  const report = (r: AnyRuleset, s: BaseState) => {
    const bot = mctsBot('native', { iterations: 150 });
    bot.choose(r, s);
    return JSON.stringify(bot.last!.alternatives.map((x) => [x.action, x.visits, x.value]));
  };

  it('company asks for paired dice, and its search decides as the variant made it decide', () => {
    expect(company.pairedDice).toBe(true);
    expect(positions.length).toBe(4);
    for (const s of positions) {
      // The variant's logs (bench/tournaments/experiments/2026-12-06-company-paired/) measured this very search.
      expect(report(company, s)).toBe(report(pairedDice(unpaired), s));
      expect(report(company, s)).not.toBe(report(unpaired, s));
    }
  });
});

describe('the aim variant (epic)', () => {
  const epic = rulesets.epic!;
  type Bz = { type: 'bzzzt'; base: string; target: string };
  // The Combat-phase positions of scripted games where a Weirdboy may Bzzzt! two enemy detachments or more.
  const choices = (() => {
    const out: BaseState[] = [];
    for (const seed of ['a1', 'a2', 'a3']) {
      let s = setUp(epic, 'plaine-de-grik', seed);
      const bot = scriptedBot(seed);
      while (epic.decision(s)) {
        if (epic.candidates(s).filter((o) => o.type === 'bzzzt').length >= 2) out.push(s);
        const step = epic.apply(s, bot.choose(epic, s));
        if (!step.ok) throw new Error(step.error.message.en);
        s = step.value.state;
      }
    }
    return out;
  })();
  /** The yardstick's mean for the side to play after `a`, over `n` dice draws. */
  const worth = (s: BaseState, a: Bz, n: number) => {
    const side = epic.decision(s)!.side;
    let total = 0;
    for (let k = 0; k < n; k++) {
      const copy = epic.clone(s);
      copy.rng = seedRng(`worth:${k}`);
      expect(epic.applyInPlace(copy, a)).toBeNull();
      total += epic.yardstick!(copy, side);
    }
    return total / n;
  };

  it("aims the script's Bzzzt! at what is worth most, where the script takes the first listed", () => {
    const aimed = aimedBzzzt(epic);
    let calls = 0;
    let moved = 0;
    let gain = 0;
    let top = 0;
    for (const s of choices) {
      const options = epic.candidates(s);
      const script = epic.script!(s, new Rng(seedRng('x')), options) as Bz;
      if (script.type !== 'bzzzt') continue;
      calls++;
      const mine = options.filter((o) => o.type === 'bzzzt' && (o as Bz).base === script.base) as Bz[];
      expect(script).toEqual(mine[0]); // the flaw: the first enemy in reach, in the state's order
      const a = aimed(s, new Rng(seedRng('x')), options) as Bz;
      expect(mine).toContainEqual(a);
      expect(aimed(s, new Rng(seedRng('x')))).toEqual(a); // the same without the candidates handed in
      if (a.target !== script.target) moved++;
      gain += worth(s, a, 40) - worth(s, script, 40);
      const best = Math.max(...mine.map((o) => worth(s, o, 40)));
      if (worth(s, a, 40) === best) top++;
    }
    expect(calls).toBeGreaterThanOrEqual(8);
    expect(moved).toBeGreaterThanOrEqual(calls / 2);
    expect(gain).toBeGreaterThan(0); // over these positions, the aimed Bzzzt! does better than the first listed
    expect(top).toBeGreaterThanOrEqual(calls * 0.7); // and is mostly the best over 40 draws, not 2
  });

  it('leaves every other scripted action as it was, and company alone', () => {
    const aimed = VARIANTS.aim!.wrap(epic);
    expect(aimed.script).not.toBe(epic.script);
    let s = setUp(epic, 'plaine-de-grik', 'a4');
    const bot = scriptedBot('a4');
    let compared = 0;
    while (epic.decision(s) && compared < 200) {
      const [r1, r2] = [new Rng(seedRng(`k${compared}`)), new Rng(seedRng(`k${compared}`))];
      const plain = epic.script!(s, r1);
      if (plain.type !== 'bzzzt') {
        expect(aimed.script!(s, r2)).toEqual(plain);
        expect(r2.state()).toEqual(r1.state()); // the same draws from the caller's RNG
        compared++;
      }
      const step = epic.apply(s, bot.choose(epic, s));
      if (!step.ok) throw new Error(step.error.message.en);
      s = step.value.state;
    }
    expect(compared).toBeGreaterThan(100);
    expect(() => VARIANTS.aim!.wrap(ruleset)).toThrow(/no script for company/);
  });
});

describe('the short variant (company)', () => {
  const company = rulesets.company!;
  const turn2 = scriptedUntil(company, setUp(company, scenario.id, 'short'), 'short', (s) => {
    return (s as BaseState & { turn: number }).turn >= 2;
  });
  const weighed = (r: AnyRuleset, options: { rolloutPlies?: number } = {}) =>
    JSON.stringify(
      search(r, turn2, company.decision(turn2)!.side, {
        seed: 'short',
        maxIterations: 200,
        ...options,
      }).alternatives.map((x) => [x.action, x.visits, x.value]),
    );

  it("sets the rollouts' length to SHORT_PLIES and leaves the rest of the ruleset as it was", () => {
    const short = shortRollouts(company);
    expect(company.rolloutPlies).toBeUndefined();
    expect(short.rolloutPlies).toBe(SHORT_PLIES);
    expect(SHORT_PLIES).toBeLessThan(12);
    expect(short.evaluate(turn2, 'blue')).toBe(company.evaluate(turn2, 'blue'));
    expect(short.pairedDice).toBe(true);
  });

  it('is the search with rolloutPlies SHORT_PLIES, and decides otherwise than the 12-ply search', () => {
    expect(company.decision(turn2)).not.toBeNull();
    const short = weighed(shortRollouts(company));
    expect(short).toBe(weighed(company, { rolloutPlies: SHORT_PLIES }));
    expect(short).not.toBe(weighed(company));
  });
});
