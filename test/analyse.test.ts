/**
 * `npm run analyse`: re-searches the positions of a game record, with an iteration budget (the same figures on
 * any machine), and reports the options weighed beside the move the game played and the game's own `ai` note.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomBot, scriptedBot } from '../ai/bots';
import { playMatch } from '../ai/match';
import { keyOf, search } from '../ai/mcts';
import type { BaseState } from '../src/engine/contract';
import { findScenario, rulesets } from '../src/rulesets/registry';
import { bundleCli } from './helpers/bundle-cli';

// Bundled once, as `npm run analyse` bundles it, then run as often as the cases need.
const analyse = bundleCli('ai/cli/analyse.ts');

describe('analyse', () => {
  const ruleset = rulesets.company!;
  const scenario = findScenario('company', 'le-pont-de-cendres')!;
  const game = playMatch(ruleset, scenario.id, scenario.data, 'an', {
    blue: scriptedBot('an:b'),
    red: randomBot('an:r'),
  });
  const record = game.record;
  record.annotations = [
    { ply: 5, kind: 'ai', text: 'mcts:1000 (red): 9 iterations in 1 ms, 2 options\n▶ 7 visits, 60 %: x' },
  ];
  const dir = mkdtempSync(join(tmpdir(), 'analyse-'));
  const file = join(dir, 'game.json');
  writeFileSync(file, JSON.stringify(record));

  /** The position before ply p (after p actions), replayed here independently of the command. */
  const before = (p: number): BaseState => {
    const sc = ruleset.parseScenario(scenario.data);
    if (!sc.ok) throw new Error('scenario');
    const init = ruleset.setup(sc.value, record.seed);
    if (!init.ok) throw new Error('setup');
    let s = init.value;
    for (let i = 0; i < p; i++) {
      const step = ruleset.apply(s, record.actions[i]!);
      if (!step.ok) throw new Error('replay');
      s = step.value.state;
    }
    return s;
  };

  it('searches the position before each ply asked for, as the side to play saw it, the same every run', {
    timeout: 120_000,
  }, () => {
    expect(record.actions.length).toBeGreaterThan(20);
    const r = analyse(file, '--plies', '5,10-12', '--iterations', '40');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out.plies.map((p: { ply: number }) => p.ply)).toEqual([5, 10, 11, 12]);
    for (const p of out.plies) {
      const s = before(p.ply);
      const side = ruleset.decision(s)!.side;
      expect(p.side).toBe(side);
      expect(p.played).toEqual(record.actions[p.ply]);
      // The same search the command ran, on the position replayed here: the same choice and value.
      const report = search(ruleset, s, side, { seed: `analyse:${p.ply}`, maxIterations: 40 });
      expect(keyOf(p.best)).toBe(keyOf(report.action));
      expect(p.bestValue).toBe(report.alternatives[0]!.value);
      expect(p.options).toBe(report.alternatives.length);
      const rank = report.alternatives.findIndex((x) => keyOf(x.action) === keyOf(record.actions[p.ply]!));
      expect(p.playedRank).toBe(rank < 0 ? null : rank + 1);
    }
    // The game's own note is shown at its ply, and only there.
    expect(out.plies[0].gameNote).toMatch(/^mcts:1000 \(red\)/);
    expect(out.plies[1].gameNote).toBeNull();
    expect(r.stdout).toMatch(/^ply 5 \((blue|red) to play\): \d+ iterations/m);
    expect(r.stdout).toMatch(
      /in the game: mcts:1000 \(red\): 9 iterations in 1 ms, 2 options; played ▶ 7 visits/,
    );
    // Iterations, not time: a second run prints the same figures; another seed is another search.
    const again = analyse(file, '--plies', '5,10-12', '--iterations', '40');
    expect(again.stdout).toBe(r.stdout);
    const other = analyse(file, '--plies', '5,10-12', '--iterations', '40', '--seed', 'other');
    expect(JSON.parse(other.stdout.trim().split('\n').pop()!).seed).toBe('other');
  });

  it('refuses bad input with a message, and a record that does not replay', { timeout: 120_000 }, () => {
    const last = record.actions.length;
    const cases: [string[], RegExp][] = [
      [[file], /--plies is needed/],
      [[file, '--plies', `${last}`], new RegExp(`plies 0 to ${last - 1}; ${last} is past its end`)],
      [[file, '--plies', '9-3'], /runs backwards/],
      [[file, '--plies', 'x'], /not "x"/],
      [[file, '--plies', '3', '--iterations', '0'], /--iterations takes a whole number from 1/],
      [[file, '--plies', '3', '--budget', '5'], /Unknown option --budget/],
      [[join(dir, 'missing.json'), '--plies', '3'], /Cannot read/],
      [[], /Usage: npm run analyse/],
    ];
    for (const [args, message] of cases) {
      const r = analyse(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    // One ply's hash changed: the record no longer replays, and the command says where.
    const tampered = structuredClone(record);
    tampered.hashes[7] = '0000000000000000';
    const bad = join(dir, 'tampered.json');
    writeFileSync(bad, JSON.stringify(tampered));
    const r = analyse(bad, '--plies', '3');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/does not replay: ply 8, /);
  });

  it('searches as the all-seeing yardstick with --all-seeing, and prints the mixed strategy at secret orders', {
    timeout: 120_000,
  }, () => {
    // Epic's Ordres are secret: each turn opens with both sides' orders.
    const epic = rulesets.epic!;
    const grik = findScenario('epic', 'plaine-de-grik')!;
    const eg = playMatch(epic, grik.id, grik.data, 'an-epic', {
      blue: randomBot('e:b'),
      red: randomBot('e:r'),
    }).record;
    const epicFile = join(dir, 'epic.json');
    writeFileSync(epicFile, JSON.stringify(eg));
    const sc = epic.parseScenario(grik.data);
    if (!sc.ok) throw new Error('scenario');
    const init = epic.setup(sc.value, eg.seed);
    if (!init.ok) throw new Error('setup');
    // The first order given after the other side has given one: there the two searches see different things.
    let s = init.value;
    let ply = -1;
    const orderedBy = new Set<string>();
    for (let i = 0; i < eg.actions.length; i++) {
      const d = epic.decision(s)!;
      if (d.secret && orderedBy.size > 0 && !orderedBy.has(d.side)) {
        ply = i;
        break;
      }
      if (d.secret) orderedBy.add(d.side);
      const step = epic.apply(s, eg.actions[i]!);
      if (!step.ok) throw new Error('replay');
      s = step.value.state;
    }
    expect(ply).toBeGreaterThan(0);
    const side = epic.decision(s)!.side;
    const seen: string[] = [];
    for (const allSeeing of [false, true]) {
      const r = analyse(
        epicFile,
        '--plies',
        `${ply}`,
        '--iterations',
        '60',
        ...(allSeeing ? ['--all-seeing'] : []),
      );
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
      expect(out.allSeeing === true).toBe(allSeeing);
      const [p] = out.plies;
      const report = search(epic, s, side, { seed: `analyse:${ply}`, maxIterations: 60, allSeeing });
      expect(keyOf(p.best)).toBe(keyOf(report.alternatives[0]!.action));
      expect(p.bestValue).toBe(report.alternatives[0]!.value);
      // The strategy's shares, most visited option first, as the search weighed them; they sum to 1.
      expect(p.shares).toEqual(report.alternatives.map((x) => x.p));
      expect(p.shares.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 6);
      expect(r.stdout).toMatch(/visits, \d+ %, p \d\.\d\d: \{"type":"order"/);
      seen.push(JSON.stringify(report.alternatives.map((x) => [x.visits, x.value])));
    }
    // The two searches differ there, so the flag is seen to reach the search.
    expect(seen[1]).not.toBe(seen[0]);
    // A non-secret decision has no shares.
    const honest = JSON.parse(
      analyse(file, '--plies', '5', '--iterations', '20').stdout.trim().split('\n').pop()!,
    );
    expect(honest.plies[0].shares).toBeUndefined();
    // The flag takes no value: a file after it is refused with a message.
    const wrong = analyse('--plies', '3', '--all-seeing', epicFile);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/--all-seeing takes no value .*put it after the other arguments/);
  });
});
