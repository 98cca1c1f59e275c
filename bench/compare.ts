/**
 * `npm run bench:compare -- <base ref> [--runs 3] [--iterations 300] [--rounds 3] [--rulesets company]
 * [--all-scenarios] [--expect-same]`: the working tree against an earlier version (a commit, a branch), side by side
 * in one run. Both search the bench's positions with the same iteration budget and seed (bench/searches.ts), each
 * in its own bundled process, the two versions taking turns `--runs` times (base first, then head first, …) so
 * a change of the machine's load falls on both. For each ruleset and scenario it prints whether the two decided
 * the same (the digests of every search report: options, visits, values) and the ratio of their median
 * iterations per second. A speed-only change of the play code shows `same: true` and its ratio: the games of an
 * iteration budget (`mcts-it:<n>`) would be the same, only faster. `--expect-same` exits with 1 otherwise.
 *
 * The base is extracted with `git archive` into node_modules/.cache/compare/<commit>/ and given this tree's
 * bench/searches.ts and bench/same.ts, so any commit whose engine, search and registry they compile against can
 * be the base.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { commandArgs, die } from '../ai/cli/args';
import { nodeBundleOptions } from '../scripts/node-bundle.mjs';
import { compareRows, type SearchRow } from './same';

const args = process.argv.slice(2);
const usage =
  'Usage: npm run bench:compare -- <base ref> [--runs 3] [--iterations 300] [--rounds 3] [--rulesets a,b] [--all-scenarios] [--expect-same]';
const { flags, positional } = commandArgs(args, {
  usage,
  options: ['runs', 'iterations', 'rounds', 'rulesets'],
  switches: ['all-scenarios', 'expect-same'],
  positional: 1,
});
const ref = positional[0] ?? die(usage);
const runs = Number(flags.runs ?? 3);
if (!Number.isInteger(runs) || runs < 1)
  die(`bench:compare: --runs takes a whole number of at least 1\n${usage}`);
const passed: string[] = [];
for (const name of ['iterations', 'rounds', 'rulesets']) {
  const v = flags[name];
  if (v !== undefined) passed.push(`--${name}`, v);
}
if (flags['all-scenarios'] === 'true') passed.push('--all-scenarios');

const root = process.cwd();
const git = (...a: string[]) => {
  const r = spawnSync('git', a, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${a.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout.trim();
};
let sha: string;
try {
  sha = git('rev-parse', '--verify', `${ref}^{commit}`);
} catch {
  die(`bench:compare: no commit ${ref} in this repository\n${usage}`);
}

const cache = resolve('node_modules/.cache/compare');
const baseDir = join(cache, sha);
if (!existsSync(join(baseDir, 'package.json'))) {
  rmSync(baseDir, { recursive: true, force: true });
  mkdirSync(baseDir, { recursive: true });
  const tar = join(cache, `${sha}.tar`);
  git('archive', '--format=tar', '-o', tar, sha);
  const x = spawnSync('tar', ['-xf', tar, '-C', baseDir], { encoding: 'utf8' });
  rmSync(tar, { force: true });
  if (x.status !== 0) throw new Error(`tar: ${x.stderr}`);
}
if (!existsSync(join(baseDir, 'node_modules')))
  symlinkSync(resolve('node_modules'), join(baseDir, 'node_modules'), 'dir');
mkdirSync(join(baseDir, 'bench'), { recursive: true });
for (const f of ['bench/searches.ts', 'bench/same.ts']) copyFileSync(join(root, f), join(baseDir, f));
if (!existsSync(join(baseDir, 'ai/cli/median.ts'))) {
  mkdirSync(join(baseDir, 'ai/cli'), { recursive: true });
  copyFileSync(join(root, 'ai/cli/median.ts'), join(baseDir, 'ai/cli/median.ts'));
}

async function bundle(dir: string, name: string): Promise<string> {
  const outfile = join(cache, `searches-${name}-${process.pid}.mjs`);
  await build({ ...nodeBundleOptions(join(dir, 'bench/searches.ts'), outfile), logLevel: 'error' });
  return outfile;
}

const bundles = { base: await bundle(baseDir, 'base'), head: await bundle(root, 'head') };
const rows: Record<'base' | 'head', SearchRow[]> = { base: [], head: [] };
try {
  for (let i = 0; i < runs; i++) {
    const order: ('base' | 'head')[] = i % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
    for (const which of order) {
      console.error(
        `[bench:compare] run ${i + 1} of ${runs}: ${which}${which === 'base' ? ` (${sha.slice(0, 7)})` : ' (working tree)'}`,
      );
      const r = spawnSync(process.execPath, [bundles[which], ...passed], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${which} failed:\n${r.stderr}`);
      if (r.stderr.trim()) console.error(r.stderr.trim());
      for (const line of r.stdout.split('\n'))
        if (line.startsWith('{')) rows[which].push(JSON.parse(line) as SearchRow);
    }
  }
} finally {
  rmSync(bundles.base, { force: true });
  rmSync(bundles.head, { force: true });
}
const result = compareRows(rows.base, rows.head);
for (const c of result) console.log(JSON.stringify(c));
console.log(
  `# made by: npm run bench:compare -- ${args.join(' ')} (base ${sha.slice(0, 12)}, head the working tree; ${runs} runs each, taking turns)`,
);
const differ = result.filter((c) => !c.same);
if (differ.length)
  console.log(
    `# decided differently: ${differ.map((c) => `${c.ruleset}/${c.scenario}`).join(', ')} (a change of play, not only of speed)`,
  );
if (flags['expect-same'] === 'true' && differ.length) process.exit(1);
