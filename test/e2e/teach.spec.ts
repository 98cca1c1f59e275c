/**
 * Teaching in the browser: one lesson completed per rule system (a wrong move explained, Retry, "show me",
 * the opponent's reply, progress in the menu), the odds dialog before an attack (its bars sum to 100 %),
 * the explain mode's rules and dice, and an axe-core scan of the lesson screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

async function scan(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** Plays every remaining step of the open lesson with "show me". */
async function solveLesson(page: Page): Promise<void> {
  const feedback = page.locator('#lesson-feedback');
  for (let i = 0; i < 10; i++) {
    await page.getByRole('button', { name: 'Montrer la solution' }).click();
    await page.locator('#lesson-player .solution').first().click();
    await expect(feedback).toContainText('Réussi');
    // Each passed move is explained rule by rule.
    await expect(page.locator('#lesson-events details[open] .rule-line').first()).toBeVisible();
    if (await page.getByRole('button', { name: 'Étape suivante' }).isVisible())
      await page.getByRole('button', { name: 'Étape suivante' }).click();
    else break;
  }
  await expect(feedback).toContainText('Leçon terminée');
}

test('completes one lesson per rule system; a wrong move is explained and retried; progress is kept', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByLabel('Système de règles', { exact: true }).selectOption('epic');
  await page.getByRole('button', { name: 'Leçons' }).click();
  await expect(page.locator('#lessons')).toBeVisible();
  const epicEntry = page.locator('.lesson-entry[data-lesson="epic-assaut"]');
  await expect(epicEntry).toContainText('0/2');
  await epicEntry.getByRole('button').click();
  await expect(page.locator('#lesson-instruction')).not.toBeEmpty();
  await expect(page.locator('#lesson-board canvas')).toBeVisible({ timeout: 30_000 });

  // A wrong move: ending the activation without charging fails, with the explanation; Retry.
  await page.locator('#lesson-actions button[data-type="done"]').click();
  await expect(page.locator('#lesson-feedback')).toContainText('Pas encore');
  await expect(page.locator('#lesson-actions button')).toHaveCount(0);
  await scan(page, 'lesson (failed step)');
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await expect(page.locator('#lesson-actions button').first()).toBeVisible();
  await solveLesson(page);
  await page.getByRole('button', { name: 'Toutes les leçons' }).click();
  await expect(epicEntry).toContainText('Terminée');

  // The other rule system, from the same screen.
  await page.getByLabel('Leçons du système de règles').selectOption('company');
  const companyEntry = page.locator('.lesson-entry[data-lesson="company-etats"]');
  await companyEntry.getByRole('button').click();
  await expect(page.locator('#lesson-name')).not.toBeEmpty();
  await solveLesson(page);
  await scan(page, 'lesson (finished)');
  await page.getByRole('button', { name: 'Toutes les leçons' }).click();
  await scan(page, 'lesson menu');

  // Progress survives a reload.
  await page.reload();
  await page.getByLabel('Système de règles', { exact: true }).selectOption('company');
  await page.getByRole('button', { name: 'Leçons' }).click();
  await expect(page.locator('.lesson-entry[data-lesson="company-etats"]')).toContainText('Terminée');
  expect(errors).toEqual([]);
});

test('an attack shows its odds first (bars summing to 100 %); explain mode cites rules, dice and modifiers', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Système de règles', { exact: true }).selectOption('company');
  await page.getByLabel('Adversaire', { exact: true }).selectOption('hotseat');
  await page.getByLabel('Graine', { exact: true }).fill('e2e-odds');
  await page.getByRole('button', { name: 'Démarrer' }).click();
  await expect(page.locator('#actions-panel')).toBeVisible();
  await page.getByRole('button', { name: 'Mode explication' }).click();
  await expect(page.locator('#explain-panel')).toBeVisible();
  await expect(page.locator('#explain-decision li').first()).toBeVisible();

  const attack = page.locator(
    '#action-list button[data-type="melee"], #action-list button[data-type="tir"], #action-list button[data-type="charge"], #action-list button[data-type="assaut"]',
  );
  for (let i = 0; i < 80 && (await attack.count()) === 0; i++) {
    const activer = page.locator('#action-list button[data-type="activer"]');
    const course = page.locator('#move-list button[data-type="course"]');
    const next = (await activer.count())
      ? activer.first()
      : (await course.count())
        ? course.first()
        : page.locator('#move-list button, #action-list button').first();
    await next.click();
    await expect(page.locator('#actions-panel')).toBeVisible();
  }
  await expect(attack.first()).toBeVisible();
  const ply = await page.evaluate(() => window.wargameApp!.info()!.ply);
  await attack.first().click();
  const dialog = page.getByRole('dialog', { name: 'Chances de l’attaque' });
  await expect(dialog).toBeVisible();
  const percents = await dialog
    .locator('.bar-row')
    .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.percent)));
  expect(percents.length).toBeGreaterThanOrEqual(2);
  expect(percents.reduce((a, b) => a + b, 0)).toBe(100);
  await expect(dialog.locator('.odds-lines li').first()).toBeVisible();
  // Cancel: nothing is played; attack: it is.
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => window.wargameApp!.info()!.ply)).toBe(ply);
  await attack.first().click();
  await dialog.getByRole('button', { name: 'Attaquer' }).click();
  await expect.poll(() => page.evaluate(() => window.wargameApp!.info()!.ply)).toBe(ply + 1);
  // The resolution, rule by rule: the catalogue id, the French source, the dice.
  await expect(page.locator('#explain-events .rule-line code.rule').first()).toBeVisible();
  await expect(page.locator('#explain-events blockquote[lang="fr"]').first()).toBeVisible();
  await expect(page.locator('#explain-events .dice').first()).toBeVisible();

  // What can the enemy do to a unit: after the fight some unit is threatened; its enemies' odds show as bars
  // summing to 100 %, one block per enemy attack.
  const units = await page
    .locator('#unit-select option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  let threatened = false;
  for (const unit of units) {
    await page.locator('#unit-select').selectOption(unit);
    await page.getByRole('button', { name: 'Que peut faire l’ennemi à cette unité ?' }).click();
    await expect(page.locator('#threats')).not.toBeEmpty();
    if ((await page.locator('#threats .threat-list > li').count()) > 0) {
      threatened = true;
      break;
    }
  }
  expect(threatened).toBe(true);
  const threatPercents = await page
    .locator('#threats .threat-list > li')
    .first()
    .locator('.bar-row')
    .evaluateAll((rows) => rows.map((r) => Number((r as HTMLElement).dataset.percent)));
  expect(threatPercents.length).toBeGreaterThanOrEqual(2);
  expect(threatPercents.reduce((a, b) => a + b, 0)).toBe(100);
});
