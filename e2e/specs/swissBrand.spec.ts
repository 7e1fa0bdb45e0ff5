import { expect, test, type Page } from '@playwright/test';
import { germanDay } from '../support/dates.ts';
import { atStep, choose, heading, next } from '../support/wizard.ts';

// protect-ch is a Swiss brand by its data (definitions/brands/protect-ch.json, market): its pages
// are Swiss Standard German (lang de-CH, ss for ß), it prices in francs with its own tariff,
// written the Swiss way, takes Swiss postcodes and is paid by QR-bill or LSV+, not SEPA. The
// German brands stay as they were.

const priceBox = (page: Page) => page.getByRole('region', { name: 'Ihr Beitrag' });

/** The step is shown (heading focused, no axe violation) and nothing on the page has a ß. */
async function swissStep(page: Page, title: string | RegExp): Promise<void> {
  await atStep(page, title);
  expect(await page.locator('body').innerText()).not.toContain('ß');
}

test('protect-ch sells its bike insurance in Swiss francs, to a Swiss address, paid the Swiss way', async ({
  page,
}) => {
  await page.goto('/antrag/fahrrad?brand=protect-ch');
  await swissStep(page, 'Ihr Fahrrad');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-CH');
  await page.getByRole('combobox', { name: 'Hersteller' }).fill('Cube');
  await page.getByLabel('Fahrradtyp', { exact: true }).selectOption({ label: 'Trekkingrad' });
  await page.getByLabel('Rahmennummer', { exact: true }).fill('WTR2024001');
  const kaufpreis = page.getByRole('textbox', { name: 'Kaufpreis in Schweizer Franken' });
  await kaufpreis.fill('2499');
  await page.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-30));
  // The price is written the Swiss way once the field is left.
  await expect(kaufpreis).toHaveValue("2'499.00");
  await next(page);

  await swissStep(page, 'Ihr Versicherungsschutz');
  await choose(page, 'Reparaturschutz einschliessen?', 'Ja');
  await choose(page, 'Auch Verschleissteile (Kette, Bremsen, Reifen) versichern?', 'Nein');
  await choose(page, 'Schutzbrief einschliessen?', 'Nein');
  // The Swiss tariff: 2499 × (4 % theft + 2 % repair) = 149.94 a year, to 5 Rappen 149.95.
  await expect(priceBox(page)).toContainText(/CHF\s149\.95 jährlich/);
  await expect(priceBox(page)).not.toContainText('€');
  await next(page);

  await swissStep(page, 'Angaben zur versicherten Person');
  await choose(page, 'Anrede', 'Herr');
  await page.getByLabel('Vorname', { exact: true }).fill('Lukas');
  await page.getByLabel('Nachname', { exact: true }).fill('Brunner');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('19.10.1982');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('lukas.brunner@beispiel.example');
  await next(page);

  await swissStep(page, 'Wo wohnen Sie?');
  const plz = page.getByLabel('Postleitzahl', { exact: true });
  await plz.fill('80331');
  await page.getByRole('combobox', { name: 'Ort' }).fill('München');
  await page.getByRole('combobox', { name: 'Strasse' }).fill('Leopoldstrasse');
  await page.getByLabel('Hausnummer', { exact: true }).fill('12');
  await next(page);
  // A German postcode is refused, in German, with a Swiss example.
  const refusal = 'Bitte geben Sie eine gültige Postleitzahl an, zum Beispiel 8001.';
  await expect(page.getByRole('link', { name: refusal })).toBeVisible();
  await expect(page.getByText(refusal).last()).toBeVisible();
  await plz.fill('8001');
  const ort = page.getByRole('combobox', { name: 'Ort' });
  await ort.fill('Zü');
  await page.getByRole('option', { name: 'Zürich' }).click();
  const strasse = page.getByRole('combobox', { name: 'Strasse' });
  await strasse.fill('Bahnhof');
  await page.getByRole('option', { name: 'Bahnhofstrasse' }).click();
  await next(page);

  await swissStep(page, 'Versicherungsbeginn');
  await page.getByRole('textbox', { name: /^Ab wann/ }).fill(germanDay(14));
  await next(page);
  await swissStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'jährlich');
  await next(page);

  // The payment methods of a Swiss insurer, no SEPA mandate.
  await swissStep(page, 'Zahlungsart');
  const methods = page.getByRole('group', { name: 'Wie möchten Sie Ihren Beitrag bezahlen?' });
  await expect(methods.getByRole('radio')).toHaveCount(2);
  await expect(methods.getByRole('radio', { name: /QR-Rechnung/ })).toBeVisible();
  await expect(page.getByText(/SEPA/)).toHaveCount(0);
  await methods.getByRole('radio', { name: /LSV\+/ }).check();
  await next(page);

  await swissStep(page, 'Bankverbindung');
  await expect(page.getByText(/SEPA/)).toHaveCount(0);
  const iban = page.getByLabel('IBAN', { exact: true });
  await iban.fill('DE44500105175407324931');
  await page.getByLabel(/Kontoinhaberin oder Kontoinhaber/).fill('Lukas Brunner');
  await page.getByRole('checkbox', { name: /Lastschrift \(LSV\+\)/ }).check();
  await next(page);
  await expect(
    page.getByRole('link', { name: /IBAN an, die mit CH oder LI beginnt/ }),
  ).toBeVisible();
  await iban.fill('CH9300762011623852957');
  await next(page);

  await swissStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText("2'499.00")).toBeVisible();
  await expect(page.getByText('CH93 0076 2011 6238 5295 7')).toBeVisible();
  await expect(page.getByText(/Per Lastschrift \(LSV\+\)/)).toBeVisible();
  await next(page);

  await swissStep(page, 'Einwilligungen und Antrag absenden');
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();

  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/Ihr Beitrag: CHF\s149\.95 jährlich/)).toBeVisible();
  expect(await page.locator('body').innerText()).not.toContain('ß');
});

test('andsafe still sells in euros with a German postcode and a SEPA mandate', async ({ page }) => {
  await page.goto('/antrag/fahrrad?brand=andsafe');
  await atStep(page, 'Ihr Fahrrad');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('combobox', { name: 'Hersteller' }).fill('Cube');
  await page.getByLabel('Fahrradtyp', { exact: true }).selectOption({ label: 'Trekkingrad' });
  await page.getByLabel('Rahmennummer', { exact: true }).fill('WTR2024001');
  const kaufpreis = page.getByRole('textbox', { name: 'Kaufpreis in Euro' });
  await kaufpreis.fill('2499');
  await page.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-30));
  await expect(kaufpreis).toHaveValue('2.499,00');
  await next(page);

  await atStep(page, 'Ihr Versicherungsschutz');
  await choose(page, 'Reparaturschutz einschließen?', 'Ja');
  await choose(page, 'Auch Verschleißteile (Kette, Bremsen, Reifen) versichern?', 'Nein');
  await choose(page, 'Schutzbrief einschließen?', 'Nein');
  // The euro tariff: 2499 × 6 % = 149.94 a year.
  await expect(priceBox(page)).toContainText(/149,94\s€ jährlich/);
  await next(page);

  await atStep(page, 'Angaben zur versicherten Person');
  await choose(page, 'Anrede', 'Frau');
  await page.getByLabel('Vorname', { exact: true }).fill('Anna');
  await page.getByLabel('Nachname', { exact: true }).fill('Schulz');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('14.03.1990');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('anna.schulz@beispiel.example');
  await next(page);

  await atStep(page, 'Wo wohnen Sie?');
  const plz = page.getByLabel('Postleitzahl', { exact: true });
  await plz.fill('8001');
  await page.getByRole('combobox', { name: 'Ort' }).fill('Kiel');
  await page.getByRole('combobox', { name: 'Straße' }).fill('Holstenstraße');
  await page.getByLabel('Hausnummer', { exact: true }).fill('12');
  await next(page);
  await expect(
    page.getByRole('link', {
      name: 'Bitte geben Sie eine gültige Postleitzahl an, zum Beispiel 20354.',
    }),
  ).toBeVisible();
  await plz.fill('24103');
  await next(page);

  await atStep(page, 'Versicherungsbeginn');
  await page.getByRole('textbox', { name: /^Ab wann/ }).fill(germanDay(14));
  await next(page);
  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'jährlich');
  await next(page);

  // Straight to the bank details with the SEPA mandate: no choice of a payment method.
  await atStep(page, 'Bankverbindung');
  await expect(page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /LSV/ })).toHaveCount(0);
});
