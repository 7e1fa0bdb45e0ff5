import { expect, test, type Page } from '@playwright/test';
import { germanDay } from '../support/dates.ts';
import { signIn } from '../support/signIn.ts';
import { atStep, choose, group, next } from '../support/wizard.ts';

// Save and resume: a signed-in customer saves a bike application, signs out, signs in on another
// device and continues it from the start page; a public applicant asks for a resume link by
// e-mail (read from the local outbox) and continues after confirming the birth date.

async function bikeStep(page: Page, hersteller: string) {
  await atStep(page, 'Ihr Fahrrad');
  await page.getByRole('combobox', { name: 'Hersteller' }).fill(hersteller);
  await page.getByLabel('Fahrradtyp', { exact: true }).selectOption({ label: 'Trekkingrad' });
  await page.getByLabel('Rahmennummer', { exact: true }).fill('WTR2024001');
  await page.getByLabel('Kaufpreis in Euro', { exact: true }).fill('1800');
  await page.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-30));
  await next(page);
}

test('a customer saves an application, signs out, signs in elsewhere and continues it', async ({
  page,
  browser,
}) => {
  await page.goto('/kunden/login?brand=andsafe');
  await signIn(page, 'anna.schmidt@beispiel.example');
  await expect(page.getByRole('heading', { level: 2, name: 'Gespeicherte Anträge' })).toBeVisible();
  await expect(page.getByText('Sie haben keine gespeicherten Anträge.')).toBeVisible();

  await page.goto('/kunden/antrag/fahrrad');
  await bikeStep(page, 'Gazelle');
  await atStep(page, 'Ihr Versicherungsschutz');
  await choose(page, 'Reparaturschutz einschließen?', 'Nein');
  await page.getByRole('button', { name: 'Speichern und später fortsetzen' }).click();
  await expect(page.getByRole('status')).toContainText('Ihr Antrag wurde um');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/kunden\/login/);

  // Another device: a fresh browser without the first one's tab storage.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/kunden/login?brand=andsafe');
  await signIn(second, 'anna.schmidt@beispiel.example');
  const resume = second.getByRole('link', { name: /fortsetzen$/ });
  await expect(resume).toBeVisible();
  await resume.click();
  await atStep(second, 'Ihr Versicherungsschutz');
  await expect(
    group(second, 'Reparaturschutz einschließen?').getByRole('radio', {
      name: 'Nein',
      exact: true,
    }),
  ).toBeChecked();
  await second.getByRole('button', { name: 'Zurück' }).click();
  await atStep(second, 'Ihr Fahrrad');
  await expect(second.getByRole('combobox', { name: 'Hersteller' })).toHaveValue('Gazelle');
  await expect(second.getByLabel('Rahmennummer', { exact: true })).toHaveValue('WTR2024001');
  await other.close();
});

test('a public applicant asks for a resume link and continues after confirming the birth date', async ({
  page,
  browser,
}) => {
  const email = `fortsetzen.${Date.now()}@beispiel.example`;
  await page.goto('/antrag/fahrrad');
  await bikeStep(page, 'Cube');
  await atStep(page, 'Ihr Versicherungsschutz');
  await choose(page, 'Reparaturschutz einschließen?', 'Ja');
  await choose(page, 'Auch Verschleißteile', 'Nein');
  await choose(page, 'Schutzbrief einschließen?', 'Ja');
  await next(page);
  await atStep(page, 'Angaben zur versicherten Person');
  await choose(page, 'Anrede', 'Frau');
  await page.getByLabel('Vorname', { exact: true }).fill('Lena');
  await page.getByLabel('Nachname', { exact: true }).fill('Vogt');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('14.03.1990');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Link zum Fortsetzen per E-Mail senden' }).click();
  await expect(page.getByRole('status')).toContainText('Link gesendet');

  const response = await page.request.get(
    `/api/identity/dev/outbox?username=${encodeURIComponent(email)}`,
  );
  const [mail] = (await response.json()) as { code: string; purpose: string }[];
  expect(mail?.purpose).toBe('antrag-fortsetzen');
  const link = mail?.code ?? '';
  expect(link).toMatch(/^\/antrag\/fortsetzen\//);

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(second.getByRole('heading', { level: 1, name: 'Antrag fortsetzen' })).toBeVisible();
  await second.getByLabel('Geburtsdatum').fill('15.03.1990');
  await second.getByRole('button', { name: 'Weiter zum Antrag' }).click();
  await expect(second.getByRole('alert')).toContainText('Das Geburtsdatum stimmt nicht');
  await second.getByLabel('Geburtsdatum').fill('14.03.1990');
  await second.getByRole('button', { name: 'Weiter zum Antrag' }).click();
  await atStep(second, 'Angaben zur versicherten Person');
  await expect(second.getByLabel('E-Mail-Adresse', { exact: true })).toHaveValue(email);
  await expect(second.getByLabel('Vorname', { exact: true })).toHaveValue('Lena');
  await second.getByRole('button', { name: 'Zurück' }).click();
  await atStep(second, 'Ihr Versicherungsschutz');
  await second.getByRole('button', { name: 'Zurück' }).click();
  await expect(second.getByRole('combobox', { name: 'Hersteller' })).toHaveValue('Cube');
  await other.close();
});
