import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectPageAccessible } from '../support/axe.ts';
import { signIn } from '../support/signIn.ts';

// Claims for every product and the public pages. A claim for a product beyond private liability
// and household (a bike): the claim entry forwards to the property claim app, the report asks for
// the bike's damage types, the claimant uploads a document with the claim token, and the
// confirmation says how an anonymous claimant hears back. A customer hands in a document their
// claim still needs on the claim page. The public pages: feedback with the score from the link (on
// both scales), quickstart, downloads and the health-records consent; each checked with axe and
// at 320 px.

const PROPERTY_APP_PORT = (process.env['CLAIM_APP_PORTS'] ?? '4610,4620').split(',')[1]?.trim();
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

test('a claimant reports a stolen bike with a receipt and learns how they will hear back', async ({
  page,
}) => {
  await page.goto('/schaden-melden?brand=andsafe');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Vertragsnummer', { exact: true }).fill('AS-10000301');
  await page.getByLabel('Nachname').fill('Wagner');
  await page.getByLabel('Geburtsdatum').fill('30.12.1991');
  await page.getByRole('button', { name: 'Vertrag prüfen' }).click();
  await page.waitForURL(
    new RegExp(`^http://localhost:${PROPERTY_APP_PORT}/schaden-melden/fahrrad/0/`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Was ist passiert?' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(4);
  await expect(page.getByRole('radio', { name: 'Leitungswasser' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Fahrraddiebstahl' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Schadendatum', { exact: true }).fill('02.06.2025');
  await page.getByLabel('Schadenort').fill('Bahnhof Altona, Fahrradständer');
  await page
    .getByLabel('Was ist genau passiert?')
    .fill('Das abgeschlossene Fahrrad wurde über Nacht vom Bahnhof gestohlen.');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos und Unterlagen' })).toBeVisible();
  await page.getByLabel(/^Dateien/).setInputFiles({
    name: 'kaufbeleg.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('kaufbeleg.pdf wurde hochgeladen.')).toBeAttached();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Kontoinhaber').fill('Jonas Wagner');
  await page.getByLabel('IBAN', { exact: true }).fill('DE75512108001245126199');
  await page.getByRole('button', { name: 'Schaden melden' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank, Ihr Schaden ist gemeldet' }),
  ).toBeVisible();
  await expect(page.getByText(/per Post oder E-Mail an die Anschrift/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a customer hands in a document their claim still needs; another customer’s claim is not found', async ({
  page,
}) => {
  await page.goto('/kunden/schaeden/S-2025-000101?brand=hfk');
  await signIn(page, 'klaus.mueller@beispiel.example');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Schaden S-2025-000101' }),
  ).toBeVisible();
  await expect(page.getByText('Bitte senden Sie uns Fotos des Schadens')).toBeVisible();
  await expect(page.getByText(/fehlen uns noch 2 Unterlagen/)).toBeVisible();
  await expectPageAccessible(page);
  await page.getByLabel('Fotos des Wasserschadens in der Küche hochladen').setInputFiles({
    name: 'kueche.png',
    mimeType: 'image/png',
    buffer: Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
      0x52,
    ]),
  });
  await expect(page.getByText(/Fotos des Wasserschadens in der Küche: erhalten am/)).toBeVisible();
  await expect(page.getByText(/fehlt uns noch 1 Unterlage/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'kueche.png herunterladen' })).toBeVisible();
  await expectPageAccessible(page);

  // The same customer opens a claim of another customer: the same answer as a missing claim.
  await page.goto('/kunden/schaeden/S-2025-000102?brand=hfk');
  await expect(
    page.getByText('Diesen Schaden finden wir nicht unter Ihren Schäden.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Kaufbeleg oder Rechnung des Fahrrads')).toHaveCount(0);
  await page.goto('/kunden/schaeden/S-2025-999999?brand=hfk');
  await expect(
    page.getByText('Diesen Schaden finden wir nicht unter Ihren Schäden.', { exact: false }),
  ).toBeVisible();
});

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

test('a recommendation link preselects its score on the scale of 0 to 10', async ({ page }) => {
  await page.goto('/feedback/newsletter/9');
  await expect(
    page.getByRole('group', { name: /Wie wahrscheinlich ist es, dass Sie uns weiterempfehlen/ }),
  ).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(11);
  await expect(page.getByLabel('9', { exact: true })).toBeChecked();
  await expectPageAccessible(page);
  await page.getByLabel('0 – auf keinen Fall').check();
  await page.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bewertung' }),
  ).toBeVisible();
  await page.goto('/feedback/newsletter?skala=0-10');
  await expect(page.getByRole('radio')).toHaveCount(11);
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
});

test('quickstart and downloads lead on; a document downloads as a PDF', async ({ page }) => {
  await page.goto('/quickstart');
  await expect(page.getByRole('heading', { level: 1, name: 'So geht es los' })).toBeVisible();
  await expectPageAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Schaden melden' }).click();
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
  // The consent forms to read and the kinds to choose come from the documents that declare them.
  await expect(
    page.getByRole('link', {
      name: 'Einwilligung in die Verarbeitung von Gesundheitsdaten bei Personenschäden (PDF)',
    }),
  ).toHaveAttribute('href', '/api/dokumente/einwilligung-personenschaeden');
  await expect(page.getByLabel('Personenschaden (Haftpflicht, Unfall)')).toBeChecked();
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
  await page.getByLabel('Ich habe die Einwilligungserklärung gelesen').check();
  await page.getByRole('button', { name: 'Einwilligung erteilen' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank, Ihre Einwilligung liegt uns vor' }),
  ).toBeVisible();
});
