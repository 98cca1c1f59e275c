#!/usr/bin/env node
/**
 * `node scripts/run.mjs <entry.ts> [args…]`: bundles a TypeScript entry and its packages with esbuild into node_modules/.cache/run/, then runs it with Node. Used by `npm run bench` and
 * `npm run tournament`, whose figures depend on speed: a bundle runs the engine like the app's build does,
 * without the per-module interop a TypeScript loader adds (tsx measured ~3× slower on the peer bench).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ensureDeps, staleReason } from './ensure-deps.mjs';
import { nodeBundleOptions } from './node-bundle.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run.mjs <entry.ts> [args…]');
  process.exit(2);
}
// A fresh clone has no node_modules: install what is missing first, as `npm start` and `npm test` do (silent when
// nothing is missing), so `npm run bench` or `npm run tournament` works as the first command too.
if (staleReason() !== null) ensureDeps();
const { build } = await import('esbuild');
const outdir = resolve('node_modules/.cache/run');
mkdirSync(outdir, { recursive: true });
// One bundle per process: runs started together (a tournament per core) never overwrite each other's file.
const outfile = join(outdir, `${basename(entry).replace(/\.ts$/, '')}-${process.pid}.mjs`);
await build({ ...nodeBundleOptions(entry, outfile), sourcemap: 'inline' });
const r = spawnSync(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit' });
rmSync(outfile, { force: true });
process.exit(r.status ?? 1);
