import { expect, type Page, test } from '@playwright/test';

/** Sets up a game of the epic ruleset between two random bots at max speed and waits for its result. */
async function playToEnd(page: Page, seed: string): Promise<string> {
  await page.getByLabel('Système de règles', { exact: true }).selectOption('epic');
  await page.getByLabel('Adversaire', { exact: true }).selectOption('watch');
  await page.getByLabel('Graine', { exact: true }).fill(seed);
  await page.getByLabel('Bot bleu', { exact: true }).selectOption('random');
  await page.getByLabel('Bot rouge', { exact: true }).selectOption('random');
  await page.getByLabel('Vitesse', { exact: true }).selectOption('max');
  await page.getByRole('button', { name: 'Démarrer' }).click();
  const result = page.locator('#result');
  await expect(result).not.toBeEmpty({ timeout: 60_000 });
  await expect(page.locator('#error')).toBeEmpty();
  return (await result.textContent()) ?? '';
}

test('plays a whole epic game between two random bots, citing rules and dice', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Bac à sable de wargames' })).toBeVisible();
  const rulesetSelect = page.getByLabel('Système de règles', { exact: true });
  await expect(rulesetSelect.locator('option[value="epic"]')).toHaveCount(1);

  const result = await playToEnd(page, '7');
  expect(result).toMatch(/^(Vainqueur|Match nul)/);
  await expect(page.getByRole('status')).toHaveText(result);

  const entries = page.locator('#log > li');
  const count = await entries.count();
  expect(count).toBeGreaterThanOrEqual(20);
  const rules = await page.locator('#log > li > code.rule').allTextContents();
  expect(rules).toHaveLength(count);
  expect(rules.filter((rule) => !/^(NE-|C\d)/.test(rule))).toEqual([]);

  const dice = await page.locator('#log .dice').allTextContents();
  expect(dice.length).toBeGreaterThan(0);
  for (const roll of dice) expect(roll).toMatch(/\[\d+(, \d+)*\]/);
});

test('switches the page between French and English', async ({ page }) => {
  await page.goto('/');
  const rulesetLabel = page.locator('label[for="ruleset"]');
  await expect(rulesetLabel).toHaveText('Système de règles');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await page.getByRole('button', { name: 'Réglages' }).click();
  await page.getByLabel('English').check();
  await expect(rulesetLabel).toHaveText('Rule system');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page).toHaveTitle('Wargame sandbox');

  await page.getByLabel('Français').check();
  await page.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.locator('#settings')).toBeHidden();
  await expect(rulesetLabel).toHaveText('Système de règles');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  await page.goto('/?lang=en');
  await expect(rulesetLabel).toHaveText('Rule system');
  await expect(page.getByLabel('English')).toBeChecked();
});

test('the same seed gives the same game', async ({ page }) => {
  await page.goto('/');
  const first = await playToEnd(page, 'determinism-42');
  const firstCount = await page.locator('#log > li').count();
  await page.reload();
  await expect(page.locator('#controls')).toBeVisible();
  await expect(page.locator('#result')).toBeEmpty();
  const second = await playToEnd(page, 'determinism-42');
  expect(second).toBe(first);
  await expect(page.locator('#log > li')).toHaveCount(firstCount);
});
