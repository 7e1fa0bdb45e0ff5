import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

test('the home page is German, titled and has no accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible();
  await expect(page).toHaveTitle('Startseite – andsafe');
  await expect(page.getByRole('listitem').filter({ hasText: 'Fahrradversicherung' })).toBeVisible();
  // Every line has its own name, also where two share a product code (SI all-risk, multi-risk).
  await expect(
    page.getByRole('link', { name: 'Inhaltsversicherung Allgefahren abschließen' }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Inhaltsversicherung Mehrgefahren abschließen' }),
  ).toBeVisible();
  const names = await page
    .getByRole('list', { name: 'Unsere Versicherungen' })
    .getByRole('link')
    .allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(20);
  expect(new Set(names).size).toBe(names.length);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Einen Schaden melden' }).click();
  await expect(page).toHaveURL(/\/schaden-melden\//);
  await page.goto('/');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Kundenportal/ })
    .click();
  await expect(page).toHaveURL(/\/kunden\/login$/);
  await page.goto('/');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Vermittlerportal/ })
    .click();
  await expect(page).toHaveURL(/\/vermittler\/login$/);
});

test('the skip link is the first tab stop and moves focus to the main content', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('the brand is chosen by query parameter and themes the header', async ({ page }) => {
  await page.goto('/?brand=hfk');
  await expect(page.locator('header')).toContainText('HFK');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'hfk');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'hfk');
});

test('an unknown address shows a German not-found page with a way home', async ({ page }) => {
  await page.goto('/gibt-es-nicht');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen' })).toBeVisible();
});

test('nothing scrolls sideways at 320 CSS pixels', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
