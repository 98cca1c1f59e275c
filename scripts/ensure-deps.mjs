#!/usr/bin/env node
/**
 * Installs the npm dependencies when they are missing or stale, with `npm ci`.
 *
 * Plain Node with no dependencies: it runs before node_modules exists. Stale means any of:
 * - node_modules/ or npm's hidden lockfile (node_modules/.package-lock.json) is missing;
 * - the hidden lockfile's package entries differ from package-lock.json's (whatever the files' dates: a
 *   lockfile newer than the install but with the same content, e.g. after a git checkout, is not stale);
 * - a package the lockfile requires is absent from node_modules (deleted by hand);
 * - package.json's dependencies differ from those recorded in package-lock.json.
 * Optional packages for other platforms (esbuild's, rolldown's, biome's binaries) are never required.
 *
 * When `npm ci` refuses the lockfile, falls back to `npm install` (see ensureDeps).
 *
 * Usage: `node scripts/ensure-deps.mjs` or `import { ensureDeps } from './ensure-deps.mjs'`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const log = (line) => console.log(`[deps] ${line}`);

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Deep equality of plain JSON values, whatever the order of object keys. */
function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

/** Why the installed tree does not match package-lock.json, or null when it does. */
export function staleReason(root = projectRoot) {
  const lockPath = join(root, 'package-lock.json');
  const modules = join(root, 'node_modules');
  const hiddenPath = join(modules, '.package-lock.json');
  if (!existsSync(lockPath)) throw new Error(`no package-lock.json in ${root}: cannot run npm ci`);
  if (!existsSync(modules)) return 'node_modules/ is missing';
  if (!existsSync(hiddenPath)) return 'node_modules/.package-lock.json is missing (never installed by npm)';

  const lock = readJson(lockPath).packages ?? {};
  const manifest = readJson(join(root, 'package.json'));
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    if (!sameJson(manifest[field] ?? {}, lock['']?.[field] ?? {})) {
      return `package.json's ${field} differ from package-lock.json's`;
    }
  }
  let hidden;
  try {
    hidden = readJson(hiddenPath).packages ?? {};
  } catch {
    return 'node_modules/.package-lock.json is unreadable';
  }
  for (const [path, entry] of Object.entries(lock)) {
    if (path === '') continue; // the project itself
    const installed = hidden[path];
    if (!installed) {
      if (entry.optional) continue; // e.g. a binary for another platform
      return `${path} is in package-lock.json but not installed`;
    }
    if (!sameJson(installed, entry)) {
      return `${path} differs: installed ${installed.version}, locked ${entry.version}`;
    }
    // The hidden lockfile can outlive a package removed by hand: check the package is on disk.
    if (!entry.link && !existsSync(join(root, path, 'package.json'))) return `${path} is missing on disk`;
  }
  for (const path of Object.keys(hidden)) {
    if (!(path in lock)) return `${path} is installed but no longer in package-lock.json`;
  }
  return null;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function runNpm(args, root, capture) {
  const run = spawnSync(npm, [...args, '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  if (run.error) throw new Error(`could not run npm: ${run.error.message}`);
  return {
    ok: run.status === 0,
    status: run.status ?? run.signal,
    output: `${run.stdout ?? ''}${run.stderr ?? ''}`,
  };
}

/** npm's error lines, without the usage text it appends to a refusal. */
function npmErrors(output) {
  const lines = output.split('\n').filter((line) => line.startsWith('npm error'));
  const usage = lines.findIndex((line) => /Clean install a project|^npm error Usage:/.test(line));
  return (usage > 0 ? lines.slice(0, usage) : lines).slice(0, 20).join('\n');
}

/**
 * Runs `npm ci` when needed. Returns true if it installed. Throws if the install fails.
 *
 * `npm ci` refuses a lockfile that lacks optional packages the registry does not serve (here: some of
 * biome's platform binaries). In that case it falls back to `npm install`, which installs the versions
 * package-lock.json locks and skips the missing optional ones; it warns if the lockfile changed.
 */
export function ensureDeps(root = projectRoot) {
  const reason = staleReason(root);
  if (reason === null) {
    log('node_modules matches package-lock.json: nothing to install');
    return false;
  }
  log(`${reason}: running npm ci`);
  const started = Date.now();
  const ci = runNpm(['ci'], root, true);
  if (ci.ok) {
    process.stdout.write(ci.output);
  } else {
    log(`npm ci failed (exit ${ci.status}):\n${npmErrors(ci.output)}`);
    log('falling back to npm install (installs the versions locked in package-lock.json)');
    const lockPath = join(root, 'package-lock.json');
    const before = readFileSync(lockPath, 'utf8');
    const install = runNpm(['install'], root, false);
    if (!install.ok) throw new Error(`npm install failed too (exit ${install.status})`);
    if (readFileSync(lockPath, 'utf8') !== before) {
      log(
        'WARNING: npm install rewrote package-lock.json (package.json and the lockfile disagreed): review it',
      );
    }
  }
  const still = staleReason(root);
  if (still !== null) throw new Error(`node_modules still does not match package-lock.json: ${still}`);
  log(`dependencies installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    ensureDeps();
  } catch (error) {
    console.error(`[deps] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
