import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

// A claim for a product beyond private liability and household: a bike. The claim entry forwards
// to the property claim app, the report asks for the bike's damage types, the claimant uploads a
// document with the claim token, and the confirmation says how an anonymous claimant hears back.

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
