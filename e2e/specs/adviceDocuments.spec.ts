import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { germanDay } from '../support/dates.ts';
import { downloadedPdfText } from '../support/pdf.ts';
import { signIn } from '../support/signIn.ts';
import { atStep, choose, heading, next } from '../support/wizard.ts';

// The public advice of the bike line up to the summary, where the offer and the advice record
// are offered as PDFs; the advice record is downloaded and read back.

async function adviceUpToSummary(page: Page) {
  await page.goto('/beratung/fahrrad');
  await atStep(page, 'Beratung zu Ihrer Fahrradversicherung');
  await choose(page, 'Wofür nutzen Sie Ihr Fahrrad hauptsächlich?', 'Für Ausflüge in der Freizeit');
  await choose(page, 'Wo steht Ihr Fahrrad nachts meistens?', 'Draußen auf der Straße oder im Hof');
  await choose(page, 'Möchten Sie auch Reparaturen nach Unfällen', 'Ja');
  await next(page);

  await atStep(page, 'Unsere Empfehlung für Sie');
  await expect(page.getByText(/den Reparaturschutz einzuschließen/)).toBeVisible();
  await expect(page.getByText(/^Schloss: Ihr Fahrrad steht nachts draußen/)).toBeVisible();
  await expect(page.getByText(/^Schutzbrief:/)).toHaveCount(0);
  await choose(page, 'Wie entscheiden Sie sich?', 'Ich folge der Empfehlung.');
  await next(page);

  await atStep(page, 'Ihr Fahrrad');
  await page.getByRole('combobox', { name: 'Hersteller' }).fill('Gazelle');
  await page.getByLabel('Fahrradtyp', { exact: true }).selectOption({ label: 'Trekkingrad' });
  await page.getByLabel('Rahmennummer', { exact: true }).fill('GZL2024555');
  await page.getByLabel('Kaufpreis in Euro', { exact: true }).fill('2000');
  await page.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-30));
  await next(page);

  await atStep(page, 'Ihr Versicherungsschutz');
  await choose(page, 'Reparaturschutz einschließen?', 'Ja');
  await choose(page, 'Auch Verschleißteile', 'Nein');
  await choose(page, 'Schutzbrief einschließen?', 'Nein');
  await next(page);

  await atStep(page, 'Angaben zur versicherten Person');
  await choose(page, 'Anrede', 'Frau');
  await page.getByLabel('Vorname', { exact: true }).fill('Mara');
  await page.getByLabel('Nachname', { exact: true }).fill('Köhler');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('09.09.1988');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('mara.koehler@beispiel.example');
  await next(page);

  await atStep(page, 'Wo wohnen Sie?');
  await page.getByLabel('Postleitzahl', { exact: true }).fill('24103');
  const ort = page.getByRole('combobox', { name: 'Ort' });
  await ort.fill('Ki');
  await page.getByRole('option', { name: 'Kiel' }).click();
  const strasse = page.getByRole('combobox', { name: 'Straße' });
  await strasse.fill('Holsten');
  await page.getByRole('option', { name: 'Holstenstraße' }).click();
  await page.getByLabel('Hausnummer', { exact: true }).fill('7');
  await next(page);

  await atStep(page, 'Versicherungsbeginn');
  await page
    .getByLabel('Ab wann soll Ihr Fahrrad versichert sein?', { exact: true })
    .fill(germanDay(14));
  await next(page);
  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'jährlich');
  await next(page);

  await atStep(page, 'Bankverbindung');
  await page.getByLabel('IBAN', { exact: true }).fill('DE44500105175407324931');
  await page.getByLabel(/Kontoinhaberin oder Kontoinhaber/).fill('Mara Köhler');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);
  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
}

// Trekking bike for 2,000 € with repair cover, paid yearly:
// 2000 * (0.04 theft + 0.02 repair) * 1 (trekking) = 120.00 a year, factor 1 for yearly payment;
// the tax part 120.00 - 120.00 / 1.19 (100.84) = 19.16.
const PREMIUM = ['Beitrag jährlich 120,00 €', 'Jahresbeitrag 120,00 €', '19,16 €'];

test('the public bike advice offers its advice record and offer as PDFs at the summary', async ({
  page,
}) => {
  await adviceUpToSummary(page);
  const customerInformation = page.getByRole('link', {
    name: 'Kundeninformation zur Fahrradversicherung (PDF, öffnet in neuem Fenster)',
  });
  const href = await customerInformation.getAttribute('href');
  expect(href).toBe('/api/dokumente/kundeninformation/FAHRRAD');
  const served = await page.request.get(href ?? '');
  expect(served.headers()['content-type']).toBe('application/pdf');

  const record = page.getByRole('button', { name: 'Beratungsdokumentation als PDF herunterladen' });
  const [download] = await Promise.all([page.waitForEvent('download'), record.click()]);
  expect(download.suggestedFilename()).toMatch(
    /^Beratungsdokumentation Fahrradversicherung \d{4}-\d{2}-\d{2}\.pdf$/,
  );
  await expect(page.getByText('Das PDF wurde erstellt und gespeichert.').first()).toBeVisible();
  await expect(record).toBeFocused();
  const text = await downloadedPdfText(download);
  for (const expected of [
    'andsafe',
    'Beratungsdokumentation: Fahrradversicherung',
    'Beratung durch Online-Beratung',
    'Für Ausflüge in der Freizeit',
    'Draußen auf der Straße oder im Hof',
    'Wir empfehlen Ihnen, den Reparaturschutz einzuschließen.',
    'Schloss: Ihr Fahrrad steht nachts draußen.',
    'Ihre Entscheidung Ich folge der Empfehlung.',
    ...PREMIUM,
  ])
    expect(text).toContain(expected);
  expect(text).not.toContain('Schutzbrief: Sie fahren regelmäßig');

  const [offer] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Angebot als PDF herunterladen' }).click(),
  ]);
  const offerText = await downloadedPdfText(offer);
  for (const expected of ['Ihr Angebot: Fahrradversicherung', 'Hersteller Gazelle', ...PREMIUM])
    expect(offerText).toContain(expected);

  // The consents link the product's customer information and the terms.
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await expect(
    page.getByRole('link', { name: /^Nutzungsbedingungen des Online-Abschlusses/ }),
  ).toHaveAttribute('href', '/api/dokumente/nutzungsbedingungen');
});

test('a signed-in customer finds the offer in the Postfach and the documents of a contract', async ({
  page,
}) => {
  await page.goto('/kunden/vertraege/AS-10000103');
  await signIn(page, 'anna.schmidt@beispiel.example');
  await expect(heading(page, /AS-10000103/)).toBeVisible();
  // A contract's documents are fetched with the session (a plain link would carry no token).
  const [information] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: 'Kundeninformation Fahrradversicherung herunterladen (PDF)' })
      .click(),
  ]);
  expect(await downloadedPdfText(information)).toContain('Kundeninformation Fahrradversicherung');
  await expectNoAxeViolations(page);

  await adviceUpToSummary(page);
  const offerButton = page.getByRole('button', { name: 'Angebot als PDF herunterladen' });
  const isOffer = (url: string) => url.endsWith('/api/antrag/fahrrad/angebot');
  const [, first] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((response) => isOffer(response.url())),
    offerButton.click(),
  ]);
  await expect(page.getByText('Das PDF wurde erstellt und gespeichert.')).toBeVisible();
  // Pressed again with the same answers: the same Idempotency-Key, the same offer, nothing filed.
  const [, again] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((response) => isOffer(response.url())),
    offerButton.click(),
  ]);
  const key = first.request().headers()['idempotency-key'];
  expect(key).toBeTruthy();
  expect(again.request().headers()['idempotency-key']).toBe(key);
  expect(again.headers()['idempotent-replayed']).toBe('true');
  expect(again.headers()['x-postfach-nachricht']).toBe(first.headers()['x-postfach-nachricht']);

  await page.goto('/kunden/postfach');
  await expect(heading(page, 'Postfach')).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('link', { name: /Ihr Angebot: Fahrradversicherung/ })
    .first()
    .click();
  await expect(heading(page, 'Ihr Angebot: Fahrradversicherung')).toBeVisible();
  await expectNoAxeViolations(page);
  const [attachment] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: /^Angebot Fahrradversicherung .*\.pdf herunterladen$/ })
      .click(),
  ]);
  const text = await downloadedPdfText(attachment);
  expect(text).toContain('Ihr Angebot: Fahrradversicherung');
  expect(text).toContain('Hersteller Gazelle');
});
