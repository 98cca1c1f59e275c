#!/usr/bin/env node
/**
 * `npm test`: installs what is missing (npm packages, Debian's Chromium), then runs in order
 * the type check, the lint, the unit and property tests and the browser tests. Output is streamed;
 * the first failing step stops the run with a non-zero exit. A summary of every step ends the run.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureDeps, projectRoot } from './ensure-deps.mjs';

const bin = (name) => join(projectRoot, 'node_modules', '.bin', name);

/** @type {{ name: string, run: () => Promise<void> }[]} */
const steps = [
  { name: 'install npm packages', run: async () => ensureDeps() },
  { name: 'install Chromium', run: async () => void ensureChromium() },
  { name: 'type check (tsc --noEmit)', run: () => command(bin('tsc'), ['--noEmit']) },
  { name: 'lint (biome check .)', run: () => command(bin('biome'), ['check', '.']) },
  { name: 'unit and property tests (vitest run)', run: () => command(bin('vitest'), ['run']) },
  { name: 'browser tests (playwright test)', run: () => command(bin('playwright'), ['test']) },
];

let current = null;

/** Runs a program with inherited output; rejects on a non-zero exit. */
function command(program, args) {
  return new Promise((done, reject) => {
    const child = spawn(program, args, { cwd: projectRoot, stdio: 'inherit', env: process.env });
    current = child;
    child.once('error', (error) => reject(new Error(`could not run ${program}: ${error.message}`)));
    child.once('exit', (code, signal) => {
      current = null;
      if (code === 0) done();
      else reject(new Error(signal ? `killed by ${signal}` : `exit code ${code}`));
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    current?.kill(signal);
    console.error(`\n[test] interrupted (${signal})`);
    process.exit(130);
  });
}

const results = [];
let failed = false;
const started = Date.now();
for (const step of steps) {
  if (failed) {
    results.push({ name: step.name, status: 'skipped', seconds: 0 });
    continue;
  }
  console.log(`\n[test] ── ${step.name} ──`);
  const t0 = Date.now();
  try {
    await step.run();
    results.push({ name: step.name, status: 'passed', seconds: (Date.now() - t0) / 1000 });
  } catch (error) {
    failed = true;
    const detail = error instanceof Error ? error.message : String(error);
    console.error(`[test] ${step.name} FAILED: ${detail}`);
    results.push({ name: step.name, status: 'FAILED', seconds: (Date.now() - t0) / 1000, detail });
  }
}

const width = Math.max(...results.map((r) => r.name.length));
console.log('\n[test] summary');
for (const r of results) {
  const time = r.status === 'skipped' ? '' : `${r.seconds.toFixed(1).padStart(6)} s`;
  console.log(`  ${r.status.padEnd(7)}  ${r.name.padEnd(width)}  ${time}`);
}
const total = ((Date.now() - started) / 1000).toFixed(1);
console.log(failed ? `\n[test] FAILED after ${total} s` : `\n[test] all steps passed in ${total} s`);
process.exit(failed ? 1 : 0);
