/**
 * `npm run bench:app`: the browser app measured in headless Chromium (Debian's, WebGL through SwiftShader).
 * Builds the app, serves it on 127.0.0.1, then reports:
 * - time to interactive of the home screen (navigation start → the app's `app:interactive` mark, and the
 *   first contentful paint), median of several cold loads;
 * - main-thread long tasks (> 50 ms, PerformanceObserver 'longtask') while the AI thinks in its Worker
 *   (a company game against the "medium" level, 1 s budget per move; goal 0);
 * - the AI's iterations per second in its Worker over those moves (median, on the worker's own clock);
 * - the AI's answer time seen by the page against its search time in the Worker: the overhead of the round trip
 *   (messages, the page's scheduling), median and worst, the first answer (which starts the Worker) apart;
 * - render time per frame with 200 units on the table (one synchronous redraw of the Pixi board, median).
 * The last line is JSON with every figure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { median } from '../ai/cli/median';

const root = fileURLToPath(new URL('..', import.meta.url));
const vite = `${root}node_modules/.bin/vite`;
const round = (n: number) => Math.round(n * 10) / 10;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => done(port));
    });
  });
}

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}`);
}

async function timeToInteractive(page: Page, url: string): Promise<{ tti: number; fcp: number }> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('app:interactive').length > 0);
  await page
    .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      timeout: 3000,
    })
    .catch(() => {});
  return page.evaluate(() => ({
    tti: performance.getEntriesByName('app:interactive')[0]!.startTime,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  }));
}

async function longTasksWhileThinking(page: Page, url: string, moves: number) {
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url);
  await page.getByLabel('Système de règles', { exact: true }).selectOption('company');
  await page.getByLabel('Adversaire', { exact: true }).selectOption('ai:medium');
  await page.getByLabel('Graine', { exact: true }).fill('bench');
  await page.getByRole('button', { name: 'Démarrer' }).click();
  const windows: { start: number; end: number }[] = [];
  for (let i = 0; i < moves; i++) {
    await page.waitForFunction(() => window.wargameApp?.info()?.tags.includes('human'), undefined, {
      timeout: 60_000,
    });
    await page.locator('#action-list button, #move-list button').first().click();
    const w = await page.evaluate(async () => {
      const tags = () => window.wargameApp!.info()!.tags;
      const until = async (ok: () => boolean) => {
        for (let k = 0; k < 2000 && !ok(); k++) await new Promise((r) => setTimeout(r, 5));
      };
      await until(() => tags().includes('thinking') || tags().includes('human') || tags().includes('over'));
      if (!tags().includes('thinking')) return null;
      const start = performance.now();
      await until(() => !tags().includes('thinking'));
      return { start, end: performance.now() };
    });
    if (w) windows.push(w);
  }
  const tasks = await page.evaluate(
    () => (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks,
  );
  const during = tasks.filter((t) =>
    windows.some((w) => t.start + t.duration >= w.start && t.start <= w.end),
  );
  const thinkMs = windows.reduce((a, w) => a + (w.end - w.start), 0);
  const times = await page.evaluate(() => window.wargameApp!.aiTimes);
  // Iterations per second of the searches that ran (a decision with one option answers after one).
  const rates = times.filter((t) => t.iterations > 1).map((t) => t.iterations / (t.searchMs / 1000));
  // What the page waits beyond the search itself; the first answer also starts the Worker.
  const overhead = times.map((t) => t.ms - t.searchMs);
  const later = overhead.slice(1);
  return {
    thinks: times.length,
    iterationsPerSecond: median(rates),
    firstOverheadMs: overhead[0] ?? Number.NaN,
    overheadMs: later.length ? median(later) : Number.NaN,
    worstOverheadMs: Math.max(0, ...later),
    budgetMs: times[0]?.budget ?? Number.NaN,
    searchMs: median(times.filter((t) => t.iterations > 1).map((t) => t.searchMs)),
    thinkMs,
    longTasks: during.length,
    longest: Math.max(0, ...during.map((t) => t.duration)),
  };
}

async function frameTime(page: Page, url: string, frames: number): Promise<number[]> {
  await page.goto(url);
  await page.getByLabel('Système de règles', { exact: true }).selectOption('company');
  await page.getByLabel('Adversaire', { exact: true }).selectOption('hotseat');
  await page.getByRole('button', { name: 'Démarrer' }).click();
  await page.waitForFunction(
    () => (window.wargameApp?.board()?.debugSnapshot().redraws ?? 0) > 0,
    undefined,
    {
      timeout: 60_000,
    },
  );
  return page.evaluate(async (n) => {
    const board = window.wargameApp!.board()!;
    // The Board keeps what it was last given; read it back through a frame of its own drawing.
    const b = board as unknown as {
      model: import('../src/engine/board-model').BoardModel;
      redraw(): void;
      app: { renderer: { gl?: WebGLRenderingContext } };
    };
    const base = b.model;
    const units = Array.from({ length: 200 }, (_, i) => {
      const proto = base.units[i % base.units.length]!;
      return {
        ...proto,
        id: `bench-${i}`,
        side: i % 2 ? 'red' : 'blue',
        x: 1 + ((i * 7.3) % (base.width - 2)),
        y: 1 + ((i * 3.1) % (base.height - 2)),
        dead: false,
      };
    });
    const times: number[] = [];
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    for (let f = 0; f < n; f++) {
      const moved = units.map((u, i) => ({
        ...u,
        x: u.x + 0.02 * Math.sin(f + i),
        y: u.y + 0.02 * Math.cos(f + i),
      }));
      board.set({ ...base, units: moved }, [], { lang: 'fr' });
      const t0 = performance.now();
      b.redraw();
      b.app.renderer.gl?.finish();
      times.push(performance.now() - t0);
      await frame();
    }
    return times.slice(5);
  }, frames);
}

async function main(): Promise<void> {
  console.log('[bench:app] vite build');
  const build = spawnSync(vite, ['build'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('vite build failed');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = spawn(vite, ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: root,
    stdio: 'ignore',
  });
  try {
    await waitFor(url, 30_000);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-quic', '--use-angle=swiftshader'],
    });
    // tsx (esbuild keepNames) wraps named functions in `__name(…)`: define it in every page.
    const newContext = async (opts = {}) => {
      const context = await browser.newContext(opts);
      await context.addInitScript('window.__name = (f) => f;');
      return context;
    };
    try {
      const ttis: number[] = [];
      const fcps: number[] = [];
      for (let i = 0; i < 5; i++) {
        const context = await newContext();
        const r = await timeToInteractive(await context.newPage(), url);
        ttis.push(r.tti);
        fcps.push(r.fcp);
        await context.close();
      }
      console.log(
        `time to interactive (home): median ${round(median(ttis))} ms  (first paint ${round(median(fcps))} ms; runs ${ttis.map(round).join(', ')})`,
      );

      const ctx2 = await newContext();
      const think = await longTasksWhileThinking(await ctx2.newPage(), url, 8);
      await ctx2.close();
      console.log(
        `long tasks > 50 ms on the main thread while the AI thinks: ${think.longTasks} (longest ${round(think.longest)} ms) over ${think.thinks} AI moves, ${round(think.thinkMs)} ms of thinking; goal 0`,
      );

      console.log(
        `AI iterations per second in its Worker (company, medium level, 1 s a move): median ${Math.round(think.iterationsPerSecond)} over the AI's searches (Node's figure: npm run bench)`,
      );
      console.log(
        `AI answer time: search ${round(think.searchMs)} ms on the Worker's clock (budget ${think.budgetMs} ms, median); the page waits ${round(think.overheadMs)} ms more (median, worst ${round(think.worstOverheadMs)} ms) over answers 2–${think.thinks}, ${round(think.firstOverheadMs)} ms more on the first (the Worker starts)`,
      );

      const ctx3 = await newContext({ viewport: { width: 1400, height: 900 } });
      const frames = await frameTime(await ctx3.newPage(), url, 65);
      await ctx3.close();
      console.log(
        `render time per frame, 200 units (1400×900 viewport, SwiftShader WebGL): median ${round(median(frames))} ms, p90 ${round([...frames].sort((a, b) => a - b)[Math.floor(frames.length * 0.9)]!)} ms over ${frames.length} frames`,
      );

      console.log(
        JSON.stringify({
          ttiMs: round(median(ttis)),
          fcpMs: round(median(fcps)),
          longTasksWhileThinking: think.longTasks,
          longestTaskMs: round(think.longest),
          aiMoves: think.thinks,
          aiIterationsPerSecond: Math.round(think.iterationsPerSecond),
          aiSearchMs: round(think.searchMs),
          aiRoundTripOverheadMs: round(think.overheadMs),
          aiRoundTripOverheadWorstMs: round(think.worstOverheadMs),
          aiFirstAnswerOverheadMs: round(think.firstOverheadMs),
          frameMs200Units: round(median(frames)),
        }),
      );
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((e) => {
  console.error(`[bench:app] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
