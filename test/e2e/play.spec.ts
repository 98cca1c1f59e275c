/**
 * The app played as a player plays it: a game against the AI (lowest level) through the action list, a
 * canvas click on a unit and on a destination, a reload that resumes, a corrupt file refused, hot-seat
 * secret orders hidden, an AI worker killed and retried, and axe-core scans of home, game and game over.
 */
import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

type Info = { ply: number; hash: string; tags: string[]; selected?: string; saved: number };
type Animations = { moves: number; shots: number; frames: number };

const info = (page: Page) => page.evaluate(() => window.wargameApp!.info() as Info | null);

async function startGame(page: Page, ruleset: string, opponent: string, seed: string, scenario?: string) {
  await page.goto('/');
  // A game in progress is resumed on load (nothing lost): back to the home screen for a new one.
  const quit = page.locator('#quit');
  await expect(page.locator('#boot')).toBeHidden();
  if (await quit.isVisible()) await quit.click();
  await page.getByLabel('Système de règles', { exact: true }).selectOption(ruleset);
  if (scenario) await page.getByLabel('Scénario', { exact: true }).selectOption(scenario);
  await page.getByLabel('Adversaire', { exact: true }).selectOption(opponent);
  await page.getByLabel('Graine', { exact: true }).fill(seed);
  await page.getByRole('button', { name: 'Démarrer' }).click();
  await expect(page.locator('#game')).toBeVisible();
  await expect(page.locator('#board canvas')).toBeVisible({ timeout: 30_000 });
}

/** Waits until it is the human's turn (or the game is over); returns false when over. */
async function humanTurn(page: Page): Promise<boolean> {
  await expect
    .poll(async () => (await info(page))?.tags.some((t) => t === 'human' || t === 'over'), {
      timeout: 30_000,
    })
    .toBe(true);
  return (await info(page))!.tags.includes('human');
}

/** Plays the first action of the list (or the first listed move), by keyboard. */
async function playFromList(page: Page): Promise<void> {
  const before = (await info(page))!.ply;
  const button = page.locator('#action-list button, #move-list button').first();
  await button.focus();
  await page.keyboard.press('Enter');
  await confirmOdds(page);
  await expect.poll(async () => (await info(page))!.ply).toBeGreaterThan(before);
}

/** An attack first shows its odds (a modal dialog): attack. */
async function confirmOdds(page: Page): Promise<void> {
  if (await page.locator('#odds-dialog').isVisible()) await page.locator('#odds-attack').click();
}

/** Waits (a few seconds at most) for an animation to start before it is the human's turn again. */
function animationStarts(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    for (let k = 0; k < 300; k++) {
      const tags = window.wargameApp!.info()?.tags ?? [];
      if (tags.includes('animating')) return true;
      if (tags.includes('human') || tags.includes('over')) return false;
      await new Promise((r) => setTimeout(r, 10));
    }
    return false;
  });
}

async function clickWorld(page: Page, x: number, y: number): Promise<void> {
  const box = (await page.locator('#board canvas').boundingBox())!;
  const at = await page.evaluate(([wx, wy]) => window.wargameApp!.screenAt(wx!, wy!), [x, y]);
  await page.mouse.click(box.x + at!.x, box.y + at!.y);
}

test('plays against the AI: action list, canvas clicks on a unit and a destination, reload resumes', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await startGame(page, 'company', 'ai:beginner', 'e2e-1');
  await expect(page.locator('#phase-name')).not.toBeEmpty();

  let clickedMove = false;
  for (let i = 0; i < 40 && (!clickedMove || i < 12); i++) {
    if (!(await humanTurn(page))) break;
    const targets = await page.evaluate(() => window.wargameApp!.moveTargets());
    if (!clickedMove && targets.length > 0) {
      const target = targets[0]!;
      // A click on the unit selects it and shows its card…
      const unitAt = await page.evaluate((id) => window.wargameApp!.screenOf(id), target.unit);
      const box = (await page.locator('#board canvas').boundingBox())!;
      await page.mouse.click(box.x + unitAt!.x, box.y + unitAt!.y);
      await expect.poll(async () => (await info(page))!.selected).toBe(target.unit);
      await expect(page.locator('#card h4')).not.toBeEmpty();
      // …a click far off the reach is explained in words, and nothing is played…
      const ply = (await info(page))!.ply;
      await clickWorld(page, 29.5, 23.5);
      await expect(page.locator('#message')).toContainText('Refusé');
      expect((await info(page))!.ply).toBe(ply);
      // …and a click on a legal destination plays the move.
      await clickWorld(page, target.to.x, target.to.y);
      await expect.poll(async () => (await info(page))!.ply).toBeGreaterThan(ply);
      clickedMove = true;
      continue;
    }
    await playFromList(page);
  }
  expect(clickedMove).toBe(true);
  const log = page.locator('#log > li');
  expect(await log.count()).toBeGreaterThan(10);
  expect(await page.locator('#log > li > code.rule').first().textContent()).toMatch(/^(HD-|C\d)/);

  // The AI's search kept to its budget (100 ms for the beginner) on the worker's own clock, with room for the
  // last slice and the yield after it. The round trip through the page (the worker's start-up, messages, a busy
  // machine) is a speed figure, measured by `npm run bench:app`, not asserted here.
  const times = await page.evaluate(() => window.wargameApp!.aiTimes);
  expect(times.length).toBeGreaterThan(0);
  for (const t of times) {
    expect(t.budget).toBe(100);
    expect(t.iterations).toBeGreaterThan(0);
    expect(t.searchMs).toBeLessThan(t.budget + 500);
    expect(t.ms).toBeGreaterThanOrEqual(t.searchMs);
  }

  // "Why the AI did that": the options its search weighed for its last move, the one played marked.
  await expect(page.locator('#ai-why')).toBeVisible();
  await page.locator('#ai-why summary').click();
  await expect(page.locator('#ai-why-summary')).toContainText(/Coup joué|Move played/);
  const whyRows = page.locator('#ai-why-table tr');
  expect(await whyRows.count()).toBeGreaterThan(1);
  await expect(page.locator('#ai-why-table tr.played')).toHaveCount(1);

  // Nothing lost: after a reload the same position is back, from IndexedDB, hashes verified.
  await humanTurn(page);
  const here = (await info(page))!;
  await expect.poll(async () => (await info(page))!.saved).toBe(here.ply);
  await page.reload();
  await expect(page.locator('#game')).toBeVisible();
  await expect.poll(async () => (await info(page))?.hash).toBe(here.hash);
  expect((await info(page))!.ply).toBe(here.ply);
  await expect(page.locator('#log > li')).toHaveCount(await log.count());
  expect(errors).toEqual([]);
});

test('the AI stops when asked and plays the best move it has so far', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The strong level thinks 4 s a move; the worker yields between slices so that the stop is read at once.
  await startGame(page, 'company', 'ai:strong', 'e2e-stop');
  const thinking = async () => (await info(page))!.tags.includes('thinking');
  let stoppedAt = -1;
  for (let attempt = 0; attempt < 10 && stoppedAt < 0; attempt++) {
    await expect
      .poll(
        async () => {
          if ((await info(page))!.tags.includes('human')) await playFromList(page);
          return thinking();
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    const answered = await page.evaluate(() => window.wargameApp!.aiTimes.length);
    await page.waitForTimeout(400);
    // A decision with one option is answered at once: stop a search that is still running.
    if (!(await thinking())) continue;
    await page.locator('#ai-stop').click();
    stoppedAt = answered;
  }
  expect(stoppedAt).toBeGreaterThanOrEqual(0);
  await expect
    .poll(() => page.evaluate(() => window.wargameApp!.aiTimes.length), { timeout: 10_000 })
    .toBeGreaterThan(stoppedAt);
  const stopped = (await page.evaluate(() => window.wargameApp!.aiTimes))[stoppedAt]!;
  // The stop ended the search (the worker read it between slices, so `stopped`; a stop that is not read runs
  // to the budget and never sets it) before its 4 s budget ran out, on the worker's clock, and the answer came
  // within a second of the click, on the page's clock. How long the search ran before the click is the test's
  // own polling on a busy machine (3,669.6 ms once in a fresh-clone npm test), so it is not bounded here.
  expect(stopped.budget).toBe(4000);
  expect(stopped.stopped).toBe(true);
  expect(stopped.searchMs).toBeLessThan(stopped.budget);
  expect(stopped.afterStopMs).not.toBeNull();
  expect(stopped.afterStopMs!).toBeLessThan(1000);
  expect(stopped.iterations).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test('epic against the AI: several turns by keyboard, phases and actions in words, shots and dice animated and skippable, interception threat, French and English', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Slow animations, so that the skip button is seen; no odds dialog in the way.
  await page.addInitScript(() =>
    localStorage.setItem('wargame-sandbox/settings', JSON.stringify({ anim: 'slow', odds: false })),
  );
  const phases = new Set<string>();
  let previewed = false;
  let skipped = 0;
  let turn = 1;
  /** Shoots or fires on a move when the list offers it (C4, C5), gives Avance orders (they move and shoot; a
   * Charge never shoots, C1), else plays the first action listed; by keyboard. */
  const playShooting = async () => {
    const before = (await info(page))!.ply;
    const shoot = page
      .locator('#action-list button[data-type="shoot"], #action-list button[data-type="intercept"]')
      .first();
    const advance = page.locator('#action-list button[data-type="order"]', { hasText: 'Avance' }).first();
    const button =
      (await shoot.count()) > 0
        ? shoot
        : (await advance.count()) > 0
          ? advance
          : page.locator('#action-list button, #move-list button').first();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await info(page))!.ply).toBeGreaterThan(before);
  };
  // Against the AI: at least two whole turns.
  await startGame(page, 'epic', 'ai:beginner', 'e2e-epic');
  for (let i = 0; i < 800 && turn < 3; i++) {
    // An animation in progress is skipped (a few times): it ends at once, the game goes on. The click is made
    // inside the page and the state read in the same task, so that nothing can happen in between: the skip
    // ends the animation synchronously (the chart leaves `animating` for the next turn's routing, and an AI's
    // reply is a promise, so its own animation cannot have started yet). On a loaded machine the animation may
    // end before the click: then the button is hidden, nothing is clicked and nothing was skipped.
    if (skipped < 3 && (await animationStarts(page))) {
      const after = await page.evaluate(() => {
        const button = document.getElementById('skip') as HTMLButtonElement | null;
        const before = window.wargameApp!.info()!.tags;
        if (!button || button.hidden || !button.checkVisibility() || !before.includes('animating'))
          return null;
        button.click();
        return { tags: window.wargameApp!.info()!.tags, hidden: button.hidden };
      });
      if (after !== null) {
        expect(after.tags).not.toContain('animating');
        expect(after.hidden).toBe(true);
        skipped++;
      }
    }
    if (!(await humanTurn(page))) break;
    turn = Number(await page.locator('#phase-turn').textContent());
    // The phase in words, never the chart's id.
    const name = page.locator('#phase-name');
    const id = (await name.getAttribute('data-phase')) ?? '';
    phases.add(id);
    const words = (await name.textContent()) ?? '';
    expect(words).not.toBe(id);
    expect(words).not.toMatch(/^[a-z]+[A-Z.]/);
    // A move looked at by keyboard says who could intercept it, before it is sent.
    const move = page.locator('#move-list button').first();
    if (!previewed && (await move.isVisible())) {
      await move.focus();
      await expect(page.locator('#threat-preview')).not.toBeEmpty();
      expect(await page.evaluate(() => window.wargameApp!.preview())).not.toBeNull();
      previewed = true;
    }
    await playShooting();
  }
  expect(turn).toBeGreaterThanOrEqual(3);
  expect([...phases]).toEqual(expect.arrayContaining(['ordres', 'mouvement.choix', 'mouvement.activation']));
  expect(previewed).toBe(true);
  expect(skipped).toBeGreaterThan(0);
  expect((await page.evaluate(() => window.wargameApp!.animations() as Animations)).moves).toBeGreaterThan(0);

  // Shots and dice animated. The AI's search is timed, so its game differs from run to run and may end
  // before anybody shoots: the shot is played from a position found with the rules of now, imported.
  const found = JSON.parse(
    execFileSync('node_modules/.bin/tsx', ['test/e2e/helpers/shot-position.ts'], { encoding: 'utf8' }),
  ) as { record: { actions: unknown[] } };
  await page.locator('#quit').click();
  await page.locator('#import-home').setInputFiles({
    name: 'shot.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(found.record)),
  });
  await expect(page.locator('#board canvas')).toBeVisible({ timeout: 30_000 });
  expect(await humanTurn(page)).toBe(true);
  expect((await info(page))!.ply).toBe(found.record.actions.length);
  await playShooting();
  await expect
    .poll(async () => (await page.evaluate(() => window.wargameApp!.animations() as Animations)).frames)
    .toBeGreaterThan(0);
  const anim = await page.evaluate(() => window.wargameApp!.animations() as Animations);
  expect(anim.shots).toBeGreaterThan(0);
  // The dice of the log as faces, beside the text a screen reader reads.
  const faces = await page.locator('#log .dice-faces .die.d6').allTextContents();
  expect(faces.length).toBeGreaterThan(0);
  for (const f of faces) expect(f).toMatch(/^[⚀⚁⚂⚃⚄⚅]$/);

  // French and English mid-game: the panels follow, the game does not move.
  const ply = (await info(page))!.ply;
  await humanTurn(page);
  const frPhase = await page.locator('#phase-name').textContent();
  await page.getByRole('button', { name: 'Réglages' }).click();
  await page.getByLabel('English').check();
  await expect(page.locator('#actions-title')).toHaveText('Legal actions');
  await expect(page.locator('#phase-name')).not.toHaveText(frPhase ?? '');
  await page.getByLabel('Français').check();
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.locator('#phase-name')).toHaveText(frPhase ?? '');
  expect((await info(page))!.ply).toBe(ply);
  // The epic game screen, its log of dice faces included, passes axe-core too.
  const scan = await new AxeBuilder({ page }).analyze();
  const bad = scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a move’s interception threat is shown before it is sent: pointer over the destination, in words and on the board', async ({
  page,
}) => {
  // A position where a blue move passes within reach of red face-down counters, found with the rules of now.
  const found = JSON.parse(
    execFileSync('node_modules/.bin/tsx', ['test/e2e/helpers/threat-position.ts'], { encoding: 'utf8' }),
  ) as { record: { actions: unknown[] }; unit: string; to: { x: number; y: number }; by: string[] };
  expect(found.by.length).toBeGreaterThan(0);
  await page.goto('/');
  await page.locator('#import-home').setInputFiles({
    name: 'threat.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(found.record)),
  });
  await expect(page.locator('#board canvas')).toBeVisible({ timeout: 30_000 });
  expect(await humanTurn(page)).toBe(true);
  expect((await info(page))!.ply).toBe(found.record.actions.length);
  await page.waitForFunction(() => (window.wargameApp!.board()?.debugSnapshot().redraws ?? 0) > 0);
  const box = (await page.locator('#board canvas').boundingBox())!;
  const unitAt = await page.evaluate((id) => window.wargameApp!.screenOf(id), found.unit);
  await page.mouse.click(box.x + unitAt!.x, box.y + unitAt!.y);
  await expect.poll(async () => (await info(page))!.selected).toBe(found.unit);
  // The selection's own overlays (reach, lines, zones) are drawn on the next frames, which may come late on a
  // loaded machine: only the threat overlays are counted, since selecting draws none of those.
  const threatsDrawn = () =>
    page.evaluate(
      () =>
        window
          .wargameApp!.board()!
          .debugSnapshot()
          .overlayKinds.filter((k) => k === 'threat').length,
    );
  await expect
    .poll(
      async () =>
        (await page.evaluate(() => window.wargameApp!.board()!.debugSnapshot().overlayKinds)).length,
    )
    .toBeGreaterThan(0);
  const threatsBefore = await threatsDrawn();
  await page.locator('#threat-preview').waitFor({ state: 'attached' });

  // The pointer over the destination: the bases that could fire are named and drawn.
  const at = await page.evaluate(([x, y]) => window.wargameApp!.screenAt(x!, y!), [found.to.x, found.to.y]);
  await page.mouse.move(box.x + at!.x, box.y + at!.y);
  await expect
    .poll(async () => (await page.evaluate(() => window.wargameApp!.preview()))?.by)
    .toEqual(found.by);
  await expect(page.locator('#threat-preview')).toContainText('Ce déplacement peut être intercepté par');
  await expect.poll(threatsDrawn).toBe(threatsBefore + 1);
  const png = await page.locator('#board canvas').screenshot();
  const orange = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4)
      if (
        Math.abs(data[i]! - 0xff) < 20 &&
        Math.abs(data[i + 1]! - 0x92) < 30 &&
        Math.abs(data[i + 2]! - 0x2b) < 40
      )
        n++;
    return n;
  }, png.toString('base64'));
  expect(orange).toBeGreaterThan(30);

  // The pointer off the table clears it; nothing was played.
  await page.mouse.move(box.x + 2, box.y + 2);
  await expect.poll(() => page.evaluate(() => window.wargameApp!.preview())).toBeNull();
  await expect(page.locator('#threat-preview')).toBeEmpty();
  await expect.poll(threatsDrawn).toBe(threatsBefore);
  expect((await info(page))!.ply).toBe(found.record.actions.length);
});

test('a flyer flies by keyboard: the move form takes its detachment and a point, the rules answer in words', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() =>
    localStorage.setItem('wargame-sandbox/settings', JSON.stringify({ anim: 'instant', odds: false })),
  );
  await startGame(page, 'epic', 'hotseat', 'e2e-fly', 'gue-de-krag');
  const flight = page.locator('#move-region option[value^="p:"]');
  for (let i = 0; i < 150 && (await flight.count()) === 0; i++) {
    if ((await info(page))!.tags.includes('handover')) {
      await page.getByRole('button', { name: 'Je suis prêt' }).click();
      continue;
    }
    if (!(await humanTurn(page))) break;
    if ((await flight.count()) > 0) break;
    await playFromList(page);
  }
  expect(await flight.count()).toBeGreaterThan(0);
  await expect(flight.first()).toHaveText(/^Voler — /);
  const key = (await flight.first().getAttribute('value'))!;
  await page.locator('#move-region').selectOption(key);
  const flyer = key.slice(2);
  const seenBefore = await page.evaluate((id) => window.wargameApp!.screenOf(id), flyer);
  const x0 = Number(await page.locator('#move-x').inputValue());
  const y0 = Number(await page.locator('#move-y').inputValue());
  const ply = (await info(page))!.ply;
  // One centimetre is no flight: refused, in the rules' words (NE-U100), which say how far it must go.
  await page.locator('#move-x').fill(String(x0 + 1));
  await page.locator('#move-form button[type="submit"]').press('Enter');
  await expect(page.locator('#message')).toContainText('Refusé');
  expect((await info(page))!.ply).toBe(ply);
  const words = (await page.locator('#message').textContent()) ?? '';
  const far = Number(/(\d+(?:[.,]\d+)?) cm/.exec(words)![1]!.replace(',', '.'));
  // Toward the table's centre, that far: the detachment flies.
  const dx = x0 < 75 ? far : -far;
  await page.locator('#move-x').fill(String(x0 + dx));
  await page.locator('#move-y').fill(String(y0));
  await page.locator('#move-form button[type="submit"]').press('Enter');
  await expect.poll(async () => (await info(page))!.ply).toBe(ply + 1);
  // It is drawn where it flew (the camera did not move).
  const seenAfter = await page.evaluate((id) => window.wargameApp!.screenOf(id), flyer);
  const expected = await page.evaluate(([x, y]) => window.wargameApp!.screenAt(x!, y!), [x0 + dx, y0]);
  expect(seenAfter!.x).toBeCloseTo(expected!.x, 0);
  expect(seenAfter!.x).not.toBeCloseTo(seenBefore!.x, 0);
});

test('reduced motion: nothing is animated, the game plays on', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await startGame(page, 'company', 'ai:beginner', 'e2e-rm');
  for (let i = 0; i < 6; i++) {
    if (!(await humanTurn(page))) break;
    await playFromList(page);
  }
  expect((await info(page))!.ply).toBeGreaterThan(6);
  expect(await page.evaluate(() => window.wargameApp!.animations() as Animations)).toEqual({
    moves: 0,
    shots: 0,
    frames: 0,
  });
  await expect(page.locator('#log .dice-faces.rolling')).toHaveCount(0);
});

test('a corrupt game file is refused with a message naming the problem; the game is untouched', async ({
  page,
}) => {
  await startGame(page, 'company', 'ai:beginner', 'e2e-2');
  await humanTurn(page);
  await playFromList(page);
  await humanTurn(page);
  const before = (await info(page))!;

  // Export, then break one hash: the replay names the ply that diverges.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter la partie' }).click(),
  ]);
  const text = await (await download.createReadStream())
    .toArray()
    .then((c) => Buffer.concat(c).toString('utf8'));
  const record = JSON.parse(text);
  expect(record.format).toBe('wargame-sandbox/game');
  record.hashes[0] = '0000000000000000';
  await page.locator('#import-game').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(record)),
  });
  await expect(page.locator('#error')).toContainText('coup 1');
  expect((await info(page))!.hash).toBe(before.hash);

  // Not JSON at all.
  await page
    .locator('#import-game')
    .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{oops') });
  await expect(page.locator('#error')).toContainText('JSON');
  // A field of the wrong type is named.
  await page.locator('#import-game').setInputFiles({
    name: 'y.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...JSON.parse(text), seed: 42 })),
  });
  await expect(page.locator('#error')).toContainText('seed');
  expect((await info(page))!.hash).toBe(before.hash);

  // The same in English.
  await page.getByRole('button', { name: 'Réglages' }).click();
  await page.getByLabel('English').check();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('#error')).toContainText('field');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Français').check();
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByRole('heading', { name: 'Actions possibles' })).toBeVisible();

  // The good file imports.
  await page
    .locator('#import-game')
    .setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.locator('#error')).toBeEmpty();
  await expect.poll(async () => (await info(page))!.ply).toBe(JSON.parse(text).actions.length);
});

test('hot-seat: secret orders stay hidden behind a hand-over screen', async ({ page }) => {
  await startGame(page, 'epic', 'hotseat', 'e2e-3');
  await humanTurn(page);
  const first = await page.locator('#phase-side').textContent();
  // Give orders by keyboard until the other side is to act: the hand-over screen hides board and orders.
  for (let i = 0; i < 30; i++) {
    if ((await info(page))!.tags.includes('handover')) break;
    await playFromList(page);
    await expect
      .poll(async () => (await info(page))!.tags.some((t) => t === 'human' || t === 'handover'))
      .toBe(true);
  }
  await expect(page.locator('#handover')).toBeVisible();
  await expect(page.locator('#board')).toBeHidden();
  await expect(page.locator('#actions-panel')).toBeHidden();
  await page.getByRole('button', { name: 'Je suis prêt' }).click();
  await expect(page.locator('#board')).toBeVisible();
  await expect(page.locator('#actions-panel')).toBeVisible();
  expect(await page.locator('#phase-side').textContent()).not.toBe(first);
  // The first side's orders are face down for the second: its units' cards say « Ordre caché ».
  const firstSide = first?.includes('bleu') ? 'bleu' : 'rouge';
  const theirs = page.locator('#unit-select option', { hasText: `(${firstSide},` }).first();
  await page.locator('#unit-select').selectOption((await theirs.getAttribute('value'))!);
  await expect(page.locator('#card')).toContainText('Ordre caché');
  for (const order of ['Charge', 'Avance', 'Tir Appuyé', 'Retraite'])
    await expect(page.locator('#card')).not.toContainText(order);
});

/** Plays human moves until the AI is thinking, then kills its worker. */
async function killAiWhileThinking(page: Page): Promise<void> {
  for (let i = 0; i < 20; i++) {
    if (!(await humanTurn(page))) break;
    await page.locator('#action-list button, #move-list button').first().click();
    await confirmOdds(page);
    const killed = await page.evaluate(async () => {
      for (let k = 0; k < 200; k++) {
        const tags = window.wargameApp!.info()!.tags;
        if (tags.includes('thinking')) {
          window.wargameApp!.killAi();
          return true;
        }
        if (tags.includes('human')) return false;
        await new Promise((r) => setTimeout(r, 5));
      }
      return false;
    });
    if (killed) return;
  }
  throw new Error('the AI never thought');
}

test('a killed AI worker is reported; the player may play its move, or Retry', async ({ page }) => {
  await startGame(page, 'company', 'ai:beginner', 'e2e-4');
  await killAiWhileThinking(page);
  await expect(page.locator('#ai-failed')).toBeVisible();
  await expect(page.locator('#ai-failed-text')).toContainText("L'IA ne répond plus");
  // Play the AI's move by hand (hot-seat for that move): the game goes on.
  const ply = (await info(page))!.ply;
  await page.getByRole('button', { name: 'Jouer ce coup moi-même' }).click();
  await expect(page.locator('#actions-panel')).toBeVisible();
  await playFromList(page);
  expect((await info(page))!.ply).toBe(ply + 1);
  // Kill it again, and Retry: a fresh worker answers.
  await killAiWhileThinking(page);
  await expect(page.locator('#ai-failed')).toBeVisible();
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await humanTurn(page);
  await expect(page.locator('#ai-failed')).toBeHidden();
});

test('axe-core finds no serious or critical violations on home, game and game over', async ({ page }) => {
  const scan = async (where: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  };
  await page.goto('/');
  await expect(page.locator('#controls')).toBeVisible();
  await scan('home');
  await startGame(page, 'company', 'ai:beginner', 'e2e-5');
  await humanTurn(page);
  await scan('game');
  // Game over: a finished game between bots shows the same result panel.
  await page.getByRole('button', { name: 'Accueil' }).click();
  await page.getByLabel('Adversaire', { exact: true }).selectOption('watch');
  await page.getByLabel('Vitesse', { exact: true }).selectOption('max');
  await page.getByRole('button', { name: 'Démarrer' }).click();
  await expect(page.locator('#result')).not.toBeEmpty({ timeout: 60_000 });
  await scan('game over');
});

test('the board screenshot is not blank and shows both sides’ units', async ({ page }) => {
  await startGame(page, 'company', 'hotseat', 'e2e-6');
  await humanTurn(page);
  await page.waitForFunction(() => (window.wargameApp!.board()?.debugSnapshot().redraws ?? 0) > 0);
  const snap = await page.evaluate(() => window.wargameApp!.board()!.debugSnapshot());
  expect(snap.units).toBeGreaterThanOrEqual(10);
  const png = await page.locator('#board canvas').screenshot();
  const stats = await page.evaluate(async (b64) => {
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
    for (let i = 0; i < data.length; i += 4) {
      if (near(i, 0x2b3035, 2)) background++;
      if (near(i, 0x2f6fdb, 24)) blue++;
      if (near(i, 0xd63a2f, 24)) red++;
    }
    return { pixels: data.length / 4, background, blue, red };
  }, png.toString('base64'));
  expect(stats.background / stats.pixels).toBeLessThan(0.8);
  expect(stats.blue).toBeGreaterThan(50);
  expect(stats.red).toBeGreaterThan(50);
});

test('a whole detachment moves by keyboard: the move form offers it beside its bases', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() =>
    localStorage.setItem('wargame-sandbox/settings', JSON.stringify({ anim: 'instant', odds: false })),
  );
  await startGame(page, 'epic', 'hotseat', 'e2e-det', 'plaine-de-grik');
  const group = page.locator('#move-region option[value^="det:"]');
  for (let i = 0; i < 150 && (await group.count()) === 0; i++) {
    if ((await info(page))!.tags.includes('handover')) {
      await page.getByRole('button', { name: 'Je suis prêt' }).click();
      continue;
    }
    if (!(await humanTurn(page))) break;
    if ((await group.count()) > 0) break;
    await playFromList(page);
  }
  expect(await group.count()).toBeGreaterThan(0);
  await expect(group.first()).toHaveText(/^Déplacer le détachement — /);
  await page.locator('#move-region').selectOption((await group.first().getAttribute('value'))!);
  const x0 = Number(await page.locator('#move-x').inputValue());
  const y0 = Number(await page.locator('#move-y').inputValue());
  const ply = (await info(page))!.ply;
  // Far across the table: refused in words, nothing played.
  await page.locator('#move-x').fill(String(x0 < 75 ? x0 + 90 : x0 - 90));
  await page.locator('#move-form button[type="submit"]').press('Enter');
  await expect(page.locator('#message')).toContainText('Refusé');
  expect((await info(page))!.ply).toBe(ply);
  // Two centimetres toward the table's centre: every base of the detachment moves.
  await page.locator('#move-x').fill(String(x0 < 75 ? x0 + 2 : x0 - 2));
  await page.locator('#move-y').fill(String(y0));
  await page.locator('#move-form button[type="submit"]').press('Enter');
  await expect.poll(async () => (await info(page))!.ply).toBeGreaterThan(ply);
});
