import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

// The renderer's error pattern (QUALITY.md) on the contract step of the claim entry.
test('a failed "Weiter" keeps the input, names the errors in a focused summary whose links focus the fields', async ({
  page,
}) => {
  await page.goto('/schaden-melden/vertrags-und-kontaktdaten?brand=andsafe');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vertrags- und Kontaktdaten' }),
  ).toBeFocused();
  await expect(page.locator('form')).toHaveAttribute('novalidate', '');
  await expectNoAxeViolations(page);

  await page.getByLabel('Nachname').fill('Müller');
  await page.getByRole('button', { name: 'Vertrag prüfen' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben' });
  await expect(summary).toBeFocused();
  await expect(page).toHaveTitle(/^Fehler: Vertrags- und Kontaktdaten/);
  await expect(page.getByLabel('Nachname')).toHaveValue('Müller');
  const summaryBox = await summary.boundingBox();
  const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(summaryBox?.y ?? Infinity).toBeLessThan(headingBox?.y ?? -Infinity);

  // Every entry is a target at least 24 px tall (WCAG 2.5.8).
  for (const entry of await summary.getByRole('link').all())
    expect((await entry.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(24);

  const link = summary.getByRole('link', { name: 'Bitte geben Sie Ihre Vertragsnummer ein.' });
  await expect(
    page.locator('.field__error').filter({ hasText: 'Bitte geben Sie Ihre Vertragsnummer ein.' }),
  ).toBeVisible();
  await link.click();
  await expect(page.getByLabel('Vertragsnummer', { exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
});

test('the help dialog opens from its button, has the default headline and passes axe', async ({
  page,
}) => {
  await page.goto('/schaden-melden/vertrags-und-kontaktdaten?brand=andsafe');
  await page.getByRole('button', { name: 'Hilfe zu Vertragsnummer öffnen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hinweis' });
  await expect(dialog).toContainText('Versicherungsschein');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('answers survive a reload and the browser back button', async ({ page }) => {
  await page.goto('/schaden-melden?brand=hfk');
  await page.getByLabel('Hausratversicherung').check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/schaden-melden\/start$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Schaden melden' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/schaden-melden\/produkt-auswahl$/);
  await expect(page.getByLabel('Hausratversicherung')).toBeChecked();
});
