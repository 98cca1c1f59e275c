/**
 * A file imported while the app is still loading (the saved game is read from IndexedDB at boot) is not lost:
 * the import waits for the boot to end, then opens the game. IndexedDB is slowed on purpose, so that the
 * file always arrives before the boot ends; without the wait, the game was installed but the screen stayed home.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';

test('a game file imported while the app is loading opens once it has loaded', async ({ page }) => {
  const record = JSON.parse(
    execFileSync(
      'node_modules/.bin/tsx',
      ['test/e2e/helpers/new-record.ts', 'company', 'le-pont-de-cendres', 'e2e-boot'],
      {
        encoding: 'utf8',
      },
    ),
  ) as { actions: unknown[]; initialHash: string };
  // Every IndexedDB open answers 1.5 s late.
  await page.addInitScript(() => {
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      type: string,
      listener: unknown,
      options?: unknown,
    ) {
      if (this instanceof IDBOpenDBRequest && type === 'success' && typeof listener === 'function') {
        const late = (e: Event) => setTimeout(() => (listener as (e: Event) => void).call(this, e), 1500);
        return add.call(this, type, late, options as AddEventListenerOptions);
      }
      return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
    };
  });
  await page.goto('/');
  await expect(page.locator('#boot')).toBeVisible();
  await page.locator('#import-home').setInputFiles({
    name: 'new.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(record)),
  });
  await expect(page.locator('#board canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#boot')).toBeHidden();
  const info = await page.evaluate(() => window.wargameApp!.info() as { ply: number; hash: string } | null);
  expect(info?.ply).toBe(0);
  expect(info?.hash).toBe(record.initialHash);
});
