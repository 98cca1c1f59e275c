#!/usr/bin/env node
/**
 * `npm start`: installs what is missing, builds the app and serves the build on 127.0.0.1.
 *
 * Port 4173 (or $PORT), or the next free one. Prints `App running at http://127.0.0.1:<port>/` once
 * the server answers. Ctrl-C stops the server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureDeps, projectRoot } from './ensure-deps.mjs';

const HOST = '127.0.0.1';
const FIRST_PORT = Number(process.env.PORT) || 4173;
const vite = join(projectRoot, 'node_modules', '.bin', 'vite');

const log = (line) => console.log(`[start] ${line}`);

function fail(message) {
  console.error(`[start] ${message}`);
  process.exit(1);
}

/** Resolves true when nothing listens on host:port (we could bind it ourselves). */
function isFree(port) {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.once('listening', () => probe.close(() => done(true)));
    probe.listen(port, HOST);
  });
}

async function freePort(from) {
  for (let port = from; port < from + 100; port++) {
    if (await isFree(port)) return port;
    log(`port ${port} is busy`);
  }
  throw new Error(`no free port between ${from} and ${from + 99}`);
}

/** Polls the server until it answers, or gives up after `timeoutMs`. */
async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const up = await new Promise((done) => {
      const request = get(url, (response) => {
        response.resume();
        done(response.statusCode !== undefined && response.statusCode < 500);
      });
      request.once('error', () => done(false));
      request.setTimeout(2_000, () => request.destroy());
    });
    if (up) return true;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return false;
}

try {
  ensureDeps();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

log('building the app (vite build)');
const build = spawnSync(vite, ['build'], { cwd: projectRoot, stdio: 'inherit' });
if (build.status !== 0) fail(`vite build failed (exit ${build.status ?? build.signal})`);

const port = await freePort(FIRST_PORT).catch((error) => fail(error.message));
const url = `http://${HOST}:${port}/`;
log(`serving dist/ on ${url} (vite preview)`);
const server = spawn(vite, ['preview', '--host', HOST, '--port', String(port), '--strictPort'], {
  cwd: projectRoot,
  stdio: 'inherit',
});
server.once('error', (error) => fail(`could not start vite preview: ${error.message}`));
server.once('exit', (code, signal) => {
  if (signal) process.exit(0);
  if (code !== 0) fail(`vite preview stopped (exit ${code})`);
  process.exit(0);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));

if (await waitForHttp(url, 30_000)) {
  const line = `App running at ${url}`;
  const rule = '='.repeat(line.length + 4);
  console.log(`\n${rule}\n  ${line}\n${rule}\n  (Ctrl-C to stop)\n`);
} else {
  server.kill('SIGTERM');
  fail(`the server did not answer on ${url} within 30 s`);
}
