#!/usr/bin/env node
/**
 * Makes sure a Chromium is there for the Playwright tests (Playwright never downloads a browser here).
 *
 * - `CHROMIUM_PATH` set: that executable is used as is; it must exist.
 * - Otherwise `/usr/bin/chromium` (Debian's package). When it is missing and we are root with apt-get,
 *   runs `apt-get update` then `apt-get install -y chromium` (non-interactive).
 * Fails with a message saying how to install it when it still cannot be found.
 *
 * Usage: `node scripts/ensure-chromium.mjs` or `import { ensureChromium } from './ensure-chromium.mjs'`
 * (returns the path and sets process.env.CHROMIUM_PATH for the child processes).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

const log = (line) => console.log(`[chromium] ${line}`);

const HOW_TO =
  'Install it with `apt-get update && apt-get install -y chromium` (as root, on Debian or Ubuntu), ' +
  'or point CHROMIUM_PATH at a Chromium or Chrome executable.';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function version(path) {
  const run = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return run.status === 0 ? run.stdout.trim() : null;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function aptGet(args) {
  log(`running apt-get ${args.join(' ')}`);
  const run = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (run.error) throw new Error(`could not run apt-get: ${run.error.message}`);
  if (run.status !== 0)
    throw new Error(`apt-get ${args[0]} failed (exit ${run.status ?? run.signal}). ${HOW_TO}`);
}

/** Returns the Chromium executable to use, installing Debian's package if needed. Throws with advice. */
export function ensureChromium() {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!isExecutable(override))
      throw new Error(`CHROMIUM_PATH=${override} is not an executable file. ${HOW_TO}`);
    log(`using CHROMIUM_PATH=${override} (${version(override) ?? 'version unknown'})`);
    return override;
  }
  if (!isExecutable(DEFAULT_CHROMIUM)) {
    log(`${DEFAULT_CHROMIUM} is missing: installing Debian's chromium package`);
    const root = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!root)
      throw new Error(
        `${DEFAULT_CHROMIUM} is missing and this is not root, so it cannot be installed. ${HOW_TO}`,
      );
    if (!hasCommand('apt-get'))
      throw new Error(`${DEFAULT_CHROMIUM} is missing and apt-get is not available. ${HOW_TO}`);
    const started = Date.now();
    aptGet(['update']);
    aptGet(['install', '-y', 'chromium']);
    log(`installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (!isExecutable(DEFAULT_CHROMIUM)) {
      throw new Error(`apt-get installed chromium but ${DEFAULT_CHROMIUM} is still missing. ${HOW_TO}`);
    }
  }
  const found = version(DEFAULT_CHROMIUM);
  if (!found) throw new Error(`${DEFAULT_CHROMIUM} exists but \`chromium --version\` fails. ${HOW_TO}`);
  log(`found ${found} at ${DEFAULT_CHROMIUM}`);
  process.env.CHROMIUM_PATH = DEFAULT_CHROMIUM;
  return DEFAULT_CHROMIUM;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    ensureChromium();
  } catch (error) {
    console.error(`[chromium] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
