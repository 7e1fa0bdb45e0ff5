import { expect, test } from '@playwright/test';
import { expectPageAccessible } from '../support/axe.ts';

// The public pages: feedback with the score from the link, quickstart, downloads and the
// health-records consent; each checked with axe and at 320 px.

test('a visitor sends feedback with the score from the link and is thanked', async ({ page }) => {
  await page.goto('/feedback/schadenmeldung/4');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Meinung ist uns wichtig' }),
  ).toBeVisible();
  await expect(page.getByLabel('4 – zufrieden')).toBeChecked();
  await expectPageAccessible(page);
  await page.getByLabel('5 – sehr zufrieden').check();
  await page.getByLabel('Ihr Kommentar (optional)').fill('Schnell und freundlich.');
  await page.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bewertung' }),
  ).toBeVisible();

  await page.goto('/feedback/app');
  await page.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(
    page.getByText('Bitte geben Sie eine Bewertung oder einen Kommentar an.'),
  ).toBeVisible();
});

test('quickstart and downloads lead on; a document downloads as a PDF', async ({ page }) => {
  await page.goto('/quickstart');
  await expect(page.getByRole('heading', { level: 1, name: 'So geht es los' })).toBeVisible();
  await expectPageAccessible(page);
  await page.getByRole('link', { name: 'Schaden melden' }).click();
  await expect(page).toHaveURL(/\/schaden-melden/);

  await page.goto('/downloads');
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Kundeninformationen' })).toBeVisible();
  await expectPageAccessible(page);
  const link = page.getByRole('link', {
    name: /Einwilligung in die Verarbeitung von Gesundheitsdaten in der Reiseversicherung/,
  });
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.headers()['content-type']).toBe('application/pdf');
});

test('a customer gives the health-records consent for a contract', async ({ page }) => {
  await page.goto('/einwilligung');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Einwilligung in die Verarbeitung von Gesundheitsdaten',
    }),
  ).toBeVisible();
  await expectPageAccessible(page);
  await page.getByRole('button', { name: 'Einwilligung erteilen' }).click();
  await expect(
    page.getByRole('link', { name: 'Bitte bestätigen Sie die Einwilligung.' }),
  ).toBeVisible();
  await expectPageAccessible(page);
  await page.getByLabel('Gesundheitsdaten in der Reiseversicherung').check();
  await page.getByLabel('Vor- und Nachname').fill('Anna Schmidt');
  await page.getByLabel('Vertragsnummer').fill('AS-10000105');
  await page.getByLabel('Geburtsdatum').fill('14.03.1985');
  await page.getByLabel(/Ich habe die Einwilligungserklärung gelesen/).check();
  await page.getByRole('button', { name: 'Einwilligung erteilen' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank, Ihre Einwilligung liegt uns vor' }),
  ).toBeVisible();
});
