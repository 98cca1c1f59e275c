/**
 * The Pixi board in a real browser (WebGL through SwiftShader). The app's Vite root is src/app, so this spec
 * serves the board's dev page (src/view/demo.html) with a Vite dev server of its own rooted at src/view.
 */
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
let server: ViteDevServer;
let demoUrl = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await createServer({
    configFile: false,
    root: `${projectRoot}src/view`,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 4191, strictPort: false, fs: { allow: [projectRoot] } },
  });
  await server.listen();
  demoUrl = `${server.resolvedUrls!.local[0]}demo.html`;
});

test.afterAll(async () => {
  await server?.close();
});

/** Loads the demo and waits for the first redraw. */
async function open(page: Page, query = ''): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(demoUrl + query);
  await expect(page.locator('#board canvas')).toBeVisible({ timeout: 60_000 });
  await page.waitForFunction(() => (window.boardDemo?.board.debugSnapshot().redraws ?? 0) > 0, undefined, {
    timeout: 60_000,
  });
  expect(errors).toEqual([]);
}

/** Pixel statistics of a PNG, decoded in the page (no PNG library needed). */
async function pngStats(page: Page, png: Buffer) {
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    const near = (i: number, c: number, tol: number) =>
      Math.abs(data[i]! - ((c >> 16) & 255)) <= tol &&
      Math.abs(data[i + 1]! - ((c >> 8) & 255)) <= tol &&
      Math.abs(data[i + 2]! - (c & 255)) <= tol;
    let background = 0;
    let blue = 0;
    let red = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      if (near(i, 0x2b3035, 2)) background++;
      if (near(i, 0x2f6fdb, 24)) blue++;
      if (near(i, 0xd63a2f, 24)) red++;
      colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    }
    return { pixels: data.length / 4, background, blue, red, colours: colours.size };
  }, png.toString('base64'));
}

test('draws the table, terrain and both sides’ units (screenshot and renderer.extract)', async ({ page }) => {
  await open(page);
  const canvas = page.locator('#board canvas');
  await expect(canvas).toHaveAttribute('tabindex', '0');
  await expect(canvas).toHaveAttribute('aria-label', /Plateau de jeu/);

  const snap = await page.evaluate(() => window.boardDemo!.board.debugSnapshot());
  expect(snap.units).toBeGreaterThan(40);
  expect(snap.overlays).toBeGreaterThan(0); // the selected boyz' reach and the red zones of control

  const stats = await pngStats(page, await canvas.screenshot());
  expect(stats.background / stats.pixels).toBeLessThan(0.8); // not blank: the table fills the view
  expect(stats.colours).toBeGreaterThan(50);
  expect(stats.blue).toBeGreaterThan(100);
  expect(stats.red).toBeGreaterThan(100);

  // Pixi's own read-back agrees.
  const extracted = await page.evaluate(() => {
    const { board } = window.boardDemo!;
    const out = board.app.renderer.extract.pixels(board.app.stage);
    const px = out.pixels;
    let blue = 0;
    let red = 0;
    for (let i = 0; i < px.length; i += 4) {
      const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
      if (Math.abs(r - 0x2f) < 24 && Math.abs(g - 0x6f) < 24 && Math.abs(b - 0xdb) < 24) blue++;
      if (Math.abs(r - 0xd6) < 24 && Math.abs(g - 0x3a) < 24 && Math.abs(b - 0x2f) < 24) red++;
    }
    return { width: out.width, height: out.height, blue, red };
  });
  expect(extracted.width).toBeGreaterThan(100);
  expect(extracted.blue).toBeGreaterThan(100);
  expect(extracted.red).toBeGreaterThan(100);
});

test('a click on a unit selects it; a click on the table gives its world point', async ({ page }) => {
  await open(page);
  const box = (await page.locator('#board canvas').boundingBox())!;
  const at = await page.evaluate(() => window.boardDemo!.screenOf('m-tac3'));
  await page.mouse.click(box.x + at!.x, box.y + at!.y);
  await expect
    .poll(() => page.evaluate(() => window.boardDemo!.intents.filter((i) => i.intent === 'select')))
    .toEqual([{ intent: 'select', value: 'm-tac3' }]);

  const empty = await page.evaluate(() => window.boardDemo!.screenAt(90, 20));
  await page.mouse.click(box.x + empty.x, box.y + empty.y);
  const point = await page.evaluate(
    () =>
      window.boardDemo!.intents.filter((i) => i.intent === 'point').at(-1)?.value as { x: number; y: number },
  );
  expect(point.x).toBeCloseTo(90, 0);
  expect(point.y).toBeCloseTo(20, 0);
});

test('wheel zooms about the pointer, drag pans without clicking, keys pan, zoom and fit', async ({
  page,
}) => {
  await open(page);
  const canvas = page.locator('#board canvas');
  const box = (await canvas.boundingBox())!;
  const camera = () => page.evaluate(() => window.boardDemo!.board.camera);
  const fitted = await camera();

  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await camera()).zoom).toBeGreaterThan(fitted.zoom * 1.2);

  const before = await camera();
  const clicks = await page.evaluate(() => window.boardDemo!.intents.length);
  await page.mouse.move(box.x + 200, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 230, { steps: 6 });
  await page.mouse.up();
  const dragged = await camera();
  expect(dragged.x - before.x).toBeCloseTo(60, 0);
  expect(dragged.y - before.y).toBeCloseTo(30, 0);
  const after = await page.evaluate(() => window.boardDemo!.intents.slice());
  expect(after.slice(clicks).filter((i) => i.intent !== 'hover' && i.intent !== 'aim')).toEqual([]);

  await canvas.focus();
  await page.keyboard.press('ArrowLeft');
  expect((await camera()).x).toBeGreaterThan(dragged.x);
  await page.keyboard.press('-');
  expect((await camera()).zoom).toBeLessThan(dragged.zoom);
  await page.keyboard.press('f');
  const refit = await camera();
  expect(refit.zoom).toBeCloseTo(fitted.zoom, 6);
  expect(refit.x).toBeCloseTo(fitted.x, 6);
});

test('changes within a frame are coalesced into one redraw; sprites are reused', async ({ page }) => {
  await open(page);
  const result = await page.evaluate(async () => {
    const { board } = window.boardDemo!;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    await frame();
    await frame();
    const before = board.debugSnapshot().redraws;
    for (let i = 0; i < 20; i++) board.pan(1, 0);
    board.zoom(1.1);
    await frame();
    await frame();
    const after = board.debugSnapshot().redraws;
    return { delta: after - before, units: board.debugSnapshot().units };
  });
  expect(result.delta).toBe(1);
  expect(result.units).toBeGreaterThan(40);
});

test('the pointer over the table reports the point under it (aim), at most once a frame, and null off the table', async ({
  page,
}) => {
  await open(page);
  const box = (await page.locator('#board canvas').boundingBox())!;
  const aims = () =>
    page.evaluate(() =>
      window
        .boardDemo!.intents.filter((i) => i.intent === 'aim')
        .map((i) => i.value as { x: number; y: number } | null),
    );
  const at = await page.evaluate(() => window.boardDemo!.screenAt(70, 40));
  await page.mouse.move(box.x + at.x, box.y + at.y);
  await expect.poll(async () => (await aims()).at(-1)).not.toBeUndefined();
  const last = (await aims()).at(-1)!;
  expect(last.x).toBeCloseTo(70, 0);
  expect(last.y).toBeCloseTo(40, 0);
  // Twenty moves within one frame report once.
  const reported = await page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>('#board canvas')!;
    const r = canvas.getBoundingClientRect();
    const count = () => window.boardDemo!.intents.filter((i) => i.intent === 'aim').length;
    await new Promise((f) => requestAnimationFrame(() => f(null)));
    const before = count();
    for (let k = 0; k < 20; k++)
      canvas.dispatchEvent(
        new PointerEvent('pointermove', {
          clientX: r.left + 300 + k,
          clientY: r.top + 300,
          pointerId: 1,
          bubbles: true,
        }),
      );
    await new Promise((f) => requestAnimationFrame(() => f(null)));
    await new Promise((f) => requestAnimationFrame(() => f(null)));
    return count() - before;
  });
  expect(reported).toBe(1);
  await page.mouse.move(box.x + 2, box.y + 2);
  await expect.poll(async () => (await aims()).at(-1)).toBeNull();
});

test('shots are drawn: a tracer in flight, then a hit burst or a miss ring; cleared after', async ({
  page,
}) => {
  await open(page);
  /** Pixels near the hit burst's colour (0xff6b00) and the tracer's (0xfff3bf) in a screenshot. */
  const count = async () => {
    const png = await page.locator('#board canvas').screenshot();
    return page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const near = (i: number, c: number, tol: number) =>
        Math.abs(data[i]! - ((c >> 16) & 255)) <= tol &&
        Math.abs(data[i + 1]! - ((c >> 8) & 255)) <= tol &&
        Math.abs(data[i + 2]! - (c & 255)) <= tol;
      let hit = 0;
      let tracer = 0;
      let miss = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (near(i, 0xff6b00, 12)) hit++;
        if (near(i, 0xfff3bf, 12)) tracer++;
        if (near(i, 0xe9ecef, 4)) miss++;
      }
      return { hit, tracer, miss };
    }, png.toString('base64'));
  };
  const show = (frames: unknown[]) =>
    page.evaluate(async (f) => {
      const { board } = window.boardDemo!;
      board.setEffects(f as Parameters<typeof board.setEffects>[0]);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }, frames);
  const before = await count();
  const from = { x: 30, y: 30 };
  const to = { x: 110, y: 70 };
  await show([{ from, to, head: 0.6, marker: null }]);
  const flying = await count();
  expect(flying.tracer).toBeGreaterThan(before.tracer + 10);
  await show([{ from, to, head: null, marker: { hit: true, melee: false, scale: 1, alpha: 1 } }]);
  const hit = await count();
  expect(hit.hit).toBeGreaterThan(before.hit + 30);
  await show([{ from, to, head: null, marker: { hit: false, melee: false, scale: 1, alpha: 1 } }]);
  const missed = await count();
  expect(missed.miss).toBeGreaterThan(before.miss + 10);
  expect(missed.hit).toBe(before.hit);
  await show([]);
  const cleared = await count();
  expect(cleared.hit).toBe(before.hit);
  expect(cleared.tracer).toBe(before.tracer);
  expect(cleared.miss).toBe(before.miss);
  expect(await page.evaluate(() => window.boardDemo!.board.effectFramesDrawn)).toBe(3);
});

test('speaks English when asked', async ({ page }) => {
  await open(page, '?lang=en');
  await expect(page.locator('#board canvas')).toHaveAttribute('aria-label', /Game board/);
});
