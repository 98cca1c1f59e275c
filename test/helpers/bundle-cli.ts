/** A headless command bundled once as `npm run <name>` bundles it (scripts/run.mjs), for a test to run often. */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';
import { nodeBundleOptions } from '../../scripts/node-bundle.mjs';

/** Bundles `entry` (e.g. ai/cli/analyse.ts) and returns a runner: its arguments in, its exit and output out. */
export function bundleCli(entry: string): (...args: string[]) => SpawnSyncReturns<string> {
  const name = basename(entry).replace(/\.ts$/, '');
  const bundle = join(mkdtempSync(join(tmpdir(), `${name}-bin-`)), `${name}.mjs`);
  buildSync(nodeBundleOptions(entry, bundle));
  return (...args: string[]) => spawnSync(process.execPath, [bundle, ...args], { encoding: 'utf8' });
}
