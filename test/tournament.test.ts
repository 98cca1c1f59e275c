/**
 * `npm run tournament`: the last line is the JSON summary, and `--jobs 2` (games in worker threads) gives the
 * same games as one job when the bots do not depend on the clock.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeHash, playFiles } from '../ai/cli/code-hash';
import { parseRecord, replay } from '../src/engine/record';
import { openGameFile } from '../src/replay/load';
import { findScenario, rulesets } from '../src/rulesets/registry';

const spawn = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/run.mjs', 'ai/cli/tournament.ts', ...args], { encoding: 'utf8' });

const run = (...args: string[]) => {
  const r = spawn(...args);
  expect(r.status, r.stderr).toBe(0);
  return { summary: JSON.parse(r.stdout.trim().split('\n').pop()!), progress: r.stderr };
};

/** The summary's counts, without what depends on the run (time, jobs, the log's bookkeeping). */
const counts = (s: Record<string, unknown>) => {
  const { jobs: _1, seconds: _2, log: _3, fromLog: _4, code: _5, ...rest } = s;
  return rest;
};

describe('tournament', () => {
  it('plays paired games, reports progress, and --jobs 2 plays the same games', { timeout: 120_000 }, () => {
    const args = ['--ruleset', 'company', '--a', 'greedy', '--b', 'random', '--games', '6', '--seed', 't'];
    const one = run(...args);
    const two = run(...args, '--jobs', '2');
    expect(one.summary.games).toBe(6);
    expect(one.summary.wins + one.summary.losses + one.summary.draws).toBe(6);
    expect(one.progress.match(/^game \d+\/6/gm)?.length).toBe(6);
    expect(one.summary.ci95[0]).toBeLessThanOrEqual(one.summary.winRate);
    expect(one.summary.ci95[1]).toBeGreaterThanOrEqual(one.summary.winRate);
    // A played each side in half the games; the sides add up to the totals and match the progress lines.
    const { blue, red } = one.summary.aBySide;
    for (const k of ['wins', 'losses', 'draws']) expect(blue[k] + red[k]).toBe(one.summary[k]);
    for (const [side, r] of [
      ['blue', blue],
      ['red', red],
    ] as const) {
      expect(r.wins + r.losses + r.draws).toBe(3);
      const lines = one.progress.match(new RegExp(`as ${side} — win`, 'g'))?.length ?? 0;
      expect(r.wins).toBe(lines);
    }
    const { jobs: _1, seconds: _2, ...a } = one.summary;
    const { jobs: _3, seconds: _4, ...b } = two.summary;
    expect(b).toEqual(a);
    expect(two.summary.jobs).toBe(2);
    // Each game's outcome is the same whichever thread played it.
    const byGame = (p: string) =>
      [...p.matchAll(/\(#(\d+)\): A \(greedy\) as (\w+) — (\w+)/g)]
        .map((m) => `${m[1]} ${m[2]} ${m[3]}`)
        .sort();
    expect(byGame(two.progress)).toEqual(byGame(one.progress));
  });
});

describe('tournament log', () => {
  const base = ['--ruleset', 'company', '--a', 'greedy', '--b', 'random', '--seed', 'log'];
  const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n');

  it('plays only the games missing from its log and sums them all', { timeout: 120_000 }, () => {
    // In a folder that does not exist yet: the log's folder is made with it.
    const log = join(mkdtempSync(join(tmpdir(), 'tlog-')), 'new', 'run.jsonl');
    const first = run(...base, '--games', '4', '--log', log);
    expect(first.summary.fromLog).toBe(0);
    expect(lines(log)).toHaveLength(1 + 4);
    const second = run(...base, '--games', '6', '--log', log, '--jobs', '2');
    expect(second.summary.fromLog).toBe(4);
    // Only games 5 and 6 were played this time.
    const numbers = [...second.progress.matchAll(/^game \d+\/6 \(#(\d+)\)/gm)].map((m) => m[1]).sort();
    expect(numbers).toEqual(['5', '6']);
    expect(lines(log)).toHaveLength(1 + 6);
    const header = JSON.parse(lines(log)[0]!);
    expect(header).toMatchObject({ format: 'tournament-log', ruleset: 'company', a: 'greedy', seed: 'log' });
    expect(header.code).toBe(second.summary.code);
    // The same six games in one go, without a log.
    const fresh = run(...base, '--games', '6');
    expect(counts(second.summary)).toEqual(counts(fresh.summary));
    // Each game's line: its sides and outcome, as the run without a log played it.
    const played = lines(log)
      .slice(1)
      .map((l) => JSON.parse(l))
      .map((r) => `${r.g + 1} ${r.aSide} ${r.outcome}`)
      .sort();
    const freshGames = [...fresh.progress.matchAll(/\(#(\d+)\): A \(greedy\) as (\w+) — (\w+)/g)]
      .map((m) => `${m[1]} ${m[2]} ${m[3]}`)
      .sort();
    expect(played).toEqual(freshGames);
    // Each game's line says how long the game took.
    for (const l of lines(log).slice(1)) expect(JSON.parse(l).seconds).toBeGreaterThanOrEqual(0);
    // A report plays nothing and sums the log.
    const report = run(...base, '--log', log, '--report');
    expect(report.progress).not.toMatch(/^game /m);
    expect(counts(report.summary)).toEqual(counts(fresh.summary));
    expect(lines(log)).toHaveLength(1 + 6);
  });

  it('--minutes: no game starts after the deadline; the summary counts the rest as unplayed', {
    timeout: 120_000,
  }, () => {
    const log = join(mkdtempSync(join(tmpdir(), 'tlog-')), 'run.jsonl');
    run(...base, '--games', '2', '--log', log);
    // A deadline of under a millisecond: at most the game already started when it passed.
    const r = run(...base, '--games', '8', '--log', log, '--minutes', '0.00001');
    expect(r.progress).toContain("time's up (--minutes 0.00001)");
    expect(r.summary.fromLog).toBe(2);
    expect(r.summary.unplayed).toBeGreaterThanOrEqual(5);
    expect(r.summary.games + r.summary.unplayed).toBe(8);
    expect(lines(log)).toHaveLength(1 + r.summary.games);
    const bad = spawn(...base, '--minutes', '0');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--minutes must be a number of minutes > 0');
  });

  it('refuses a log of other settings, other code, or a bad line, naming why', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tlog-'));
    const log = join(dir, 'run.jsonl');
    run(...base, '--games', '2', '--log', log);
    const original = readFileSync(log, 'utf8');

    const other = spawn(
      '--ruleset',
      'company',
      '--a',
      'greedy',
      '--b',
      'scripted',
      '--seed',
      'log',
      '--log',
      log,
    );
    expect(other.status).toBe(2);
    expect(other.stderr).toContain('this log is for --b random, not scripted');

    const [head, ...games] = original.trim().split('\n');
    const oldCode = JSON.stringify({ ...JSON.parse(head!), code: '0000000000000000' });
    const refused: [lines: string[], why: string][] = [
      [[oldCode, ...games], 'the code that plays has changed'],
      [
        [head!, '{"g":0,"aSide":"blue","outcome":"won","plies":3,"finalHash":"x"}'],
        ':2: not a game: "outcome" must be win, loss or draw',
      ],
      [[head!, games[0]!, games[0]!], ':3: game #1 is already on an earlier line'],
      [
        [head!, '{"g":0,"aSide":"blue","outcome":"win","plies":3,"finalHash":"x","seconds":-1}'],
        ':2: not a game: "seconds", when given, must be a number ≥ 0',
      ],
      [[head!, '{"g":1,"aSide":"blue","outcome":"win","plies":3,"finalHash":"x"}'], 'game #2 has A as blue'],
      [[head!, '{"g":0'], ':2: not JSON'],
    ];
    for (const [content, why] of refused) {
      writeFileSync(log, `${content.join('\n')}\n`);
      const r = spawn(...base, '--games', '2', '--log', log);
      expect(r.status, why).toBe(2);
      expect(r.stderr).toContain(why);
    }

    // A run killed while writing its last line: the cut line is dropped and that game played again.
    writeFileSync(log, `${head}\n${games[0]}\n${games[1]!.slice(0, 10)}`);
    const cut = run(...base, '--games', '2', '--log', log);
    expect(cut.progress).toContain('its last line was cut short');
    expect(cut.progress.match(/^game /gm)).toHaveLength(1);
    // The same lines but for the replayed game's time.
    const untimed = (text: string) => text.replace(/,"seconds":[0-9.]+/g, '');
    expect(untimed(readFileSync(log, 'utf8'))).toBe(untimed(original));
    expect(original).toMatch(/,"seconds":[0-9.]+\}\n$/);
  });
});

describe('tournament records', () => {
  const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n');
  const company = rulesets.company!;
  const pont = findScenario('company', 'le-pont-de-cendres')!;

  it('--records keeps games as records that replay to the logged end, with each search decision noted', {
    timeout: 180_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'records-'));
    const kept = join(dir, 'kept');
    const base = [
      '--ruleset',
      'company',
      '--a',
      'mcts-it:12',
      '--b',
      'random',
      '--games',
      '2',
      '--seed',
      'k',
    ];
    const withRecords = run(
      ...base,
      '--log',
      join(dir, 'a.jsonl'),
      '--records',
      kept,
      '--records-of',
      'win,loss,draw',
    );
    // The same games without --records: keeping records does not change how they are played.
    run(...base, '--log', join(dir, 'b.jsonl'));
    const games = lines(join(dir, 'a.jsonl'))
      .slice(1)
      .map((l) => JSON.parse(l));
    const plain = lines(join(dir, 'b.jsonl'))
      .slice(1)
      .map((l) => JSON.parse(l));
    expect(games.map((x) => [x.g, x.finalHash, x.plies])).toEqual(
      plain.map((x) => [x.g, x.finalHash, x.plies]),
    );
    expect(readdirSync(kept).sort()).toEqual(
      games
        .map(
          (x) =>
            `company-le-pont-de-cendres-mcts-it12-vs-random-seedk-g${x.g + 1}-A-${x.aSide}-${x.outcome}-${codeHash('company')}.json`,
        )
        .sort(),
    );
    expect(withRecords.progress.match(/ · kept /g)?.length).toBe(2);
    for (const x of games) {
      const file = join(
        kept,
        `company-le-pont-de-cendres-mcts-it12-vs-random-seedk-g${x.g + 1}-A-${x.aSide}-${x.outcome}-${codeHash('company')}.json`,
      );
      const parsed = parseRecord(readFileSync(file, 'utf8'));
      if (!parsed.ok) throw new Error(parsed.error.message.en);
      const record = parsed.value;
      expect(record.seed).toBe(`k:${Math.floor(x.g / 2)}`);
      const r = replay(company, pont.data, record);
      if (!r.ok) throw new Error(r.error.message.en);
      expect(r.value.finalHash).toBe(x.finalHash);
      expect(r.value.plies).toBe(x.plies);
      const [head, ...notes] = record.annotations;
      expect(head).toMatchObject({ ply: 0, kind: 'comment' });
      expect(head!.text).toContain(`#${x.g + 1}`);
      expect(head!.text).toContain(`A's result: ${x.outcome}`);
      expect(head!.text).toContain(`Code ${codeHash('company')}.`);
      // One note per decision of the search (A), none for random; each at the position it was taken from,
      // marking the option played.
      expect(notes.length).toBeGreaterThan(10);
      let states = 0;
      for (const n of notes) {
        expect(n.kind).toBe('ai');
        // A decision with one option is answered after one iteration.
        expect(n.text).toMatch(new RegExp(`^mcts-it:12 \\(${x.aSide}\\): (1|12) iterations`));
        const played = n.text.split('\n').find((row) => row.startsWith('▶ '));
        expect(played, n.text).toBeDefined();
        expect(played!.slice(played!.indexOf(': ') + 2)).toBe(JSON.stringify(record.actions[n.ply]));
        states++;
      }
      expect(notes.filter((n) => / 12 iterations/.test(n.text)).length).toBeGreaterThan(5);
      // An iteration budget has no clock of its own: the note gives the decision's wall time, not 0 ms.
      expect(notes.filter((n) => / 12 iterations in [1-9]\d* ms/.test(n.text)).length).toBeGreaterThan(0);
      // The replay screen's Import opens the file with every note on its ply.
      const opened = openGameFile(readFileSync(file, 'utf8'));
      if (!opened.ok) throw new Error(opened.error.message.en);
      const nodes = Object.values(opened.value.tree.nodes);
      const aiNotes = nodes.flatMap((node) => node.notes.filter((k) => k.kind === 'ai').map(() => node.ply));
      expect(aiNotes.sort((p, q) => p - q)).toEqual(notes.map((n) => n.ply).sort((p, q) => p - q));
      const plies = new Set(notes.map((n) => n.ply));
      expect(plies.size).toBe(states);
      // Every ply not noted was random's (B's) move: replaying to it, the side to act is B's.
      const sc = company.parseScenario(pont.data);
      if (!sc.ok) throw new Error(sc.error.message.en);
      const init = company.setup(sc.value, record.seed);
      if (!init.ok) throw new Error(init.error.message.en);
      let state = init.value;
      for (let i = 0; i < record.actions.length; i++) {
        expect(company.decision(state)!.side === x.aSide).toBe(plies.has(i));
        const step = company.apply(state, record.actions[i]!);
        if (!step.ok) throw new Error(step.error.message.en);
        state = step.value.state;
      }
    }
  });

  it('keeps only the games A did not win by default, and refuses bad --records flags', {
    timeout: 120_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'records-'));
    const { summary } = run(
      '--ruleset',
      'company',
      '--a',
      'random',
      '--b',
      'greedy',
      '--games',
      '4',
      '--seed',
      'd',
      '--records',
      dir,
    );
    const files = readdirSync(dir);
    expect(files.length).toBe(summary.losses + summary.draws);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.includes('-win-'))).toEqual([]);
    expect(files.every((f) => f.endsWith(`-${codeHash('company')}.json`))).toBe(true);
    for (const [args, message] of [
      [['--records-of', 'loss,maybe', '--records', dir], /--records-of .*not "maybe"/],
      [['--records-of', 'win'], /--records-of needs --records/],
      [['--records'], /--records needs a value/],
      // A mistyped option stops the run instead of being ignored (here it would have played 2 games).
      [['--gmaes', '4'], /Unknown option --gmaes\.\nUsage: npm run tournament/],
      [['--records', join(dir, files[0]!)], /--records .*cannot write there/],
    ] as const) {
      const r = spawn('--ruleset', 'company', '--games', '2', ...args);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe('codeHash', () => {
  it('follows the imports of the bots, the match loop and the ruleset, and nothing else', () => {
    const root = mkdtempSync(join(tmpdir(), 'code-'));
    for (const dir of [
      'ai/cli',
      'src/engine',
      'src/rulesets/toy',
      'src/rulesets/other',
      'maps/toy',
      'statecharts',
    ])
      mkdirSync(join(root, dir), { recursive: true });
    const put = (path: string, text: string) => writeFileSync(join(root, path), text);
    put('ai/bots.ts', "import { search } from './mcts';\nimport type { Rng } from '../src/engine/rng';");
    put('ai/mcts.ts', 'export const search = 1;');
    put('ai/match.ts', "export * from '../src/engine/record';");
    put('src/engine/rng.ts', 'dice');
    put('src/engine/record.ts', 'records');
    put(
      'src/rulesets/toy/index.ts',
      "import {\n  rules,\n} from './rules';\nimport '../../../statecharts/toy';",
    );
    put('src/rulesets/toy/rules.ts', "import { x } from '../../engine/rng';");
    put('statecharts/toy.ts', 'chart');
    put('maps/toy/m.json', '{}');
    const h0 = codeHash('toy', root);
    expect(playFiles(root, 'toy')).toEqual([
      'ai/bots.ts',
      'ai/match.ts',
      'ai/mcts.ts',
      'maps/toy/m.json',
      'src/engine/record.ts',
      'src/engine/rng.ts',
      'src/rulesets/toy/index.ts',
      'src/rulesets/toy/rules.ts',
      'statecharts/toy.ts',
    ]);
    // What no game imports: tests, commands, the browser service, the ruleset's view adapter, another ruleset.
    put('src/rulesets/toy/rules.test.ts', "import { rules } from './rules';");
    put('src/rulesets/toy/board.ts', "import { rules } from './rules';");
    put('ai/cli/tournament.ts', "import { search } from '../mcts';");
    put('ai/engine-api.ts', "import { search } from './mcts';");
    put('src/rulesets/other/index.ts', 'another ruleset');
    put('statecharts/other.ts', 'its chart');
    expect(codeHash('toy', root)).toBe(h0);
    for (const [path, text] of [
      ['src/rulesets/toy/rules.ts', "import { x } from '../../engine/rng'; // changed"],
      ['statecharts/toy.ts', 'chart 2'],
      ['maps/toy/m.json', '{"a":1}'],
      ['ai/mcts.ts', 'export const search = 2;'],
      ['src/engine/rng.ts', 'other dice'],
      ['src/engine/record.ts', 'other records'],
    ] as const) {
      const before = readFileSync(join(root, path), 'utf8');
      put(path, text);
      expect(codeHash('toy', root), path).not.toBe(h0);
      put(path, before);
      expect(codeHash('toy', root)).toBe(h0);
    }
  });

  it('reads the repository: the ruleset, the engine and the search are in it; the app and the view are not', () => {
    const files = playFiles(process.cwd(), 'epic');
    for (const f of ['ai/mcts.ts', 'src/engine/rng.ts', 'src/rulesets/epic/rules.ts', 'statecharts/epic.ts'])
      expect(files).toContain(f);
    expect(files).toContain('maps/epic/plaine-de-grik.json');
    const leftOut = (f: string) =>
      f.endsWith('.test.ts') ||
      f.startsWith('ai/cli/') ||
      f === 'ai/engine-api.ts' ||
      f.includes('company') ||
      f.startsWith('src/app') ||
      f.startsWith('src/view');
    expect(files.filter(leftOut)).toEqual([]);
  });
});
