import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { germanDay } from '../support/dates.ts';
import { downloadedPdfText } from '../support/pdf.ts';
import { signIn } from '../support/signIn.ts';
import { atStep, choose, heading, next } from '../support/wizard.ts';

async function bikeStep(page: Page, values: { hersteller?: string; kaufpreis?: string }) {
  if (values.hersteller)
    await page.getByRole('combobox', { name: 'Hersteller' }).fill(values.hersteller);
  await page.getByLabel('Fahrradtyp', { exact: true }).selectOption({ label: 'Trekkingrad' });
  await page.getByLabel('Rahmennummer', { exact: true }).fill('WTR2024001');
  if (values.kaufpreis)
    await page.getByLabel('Kaufpreis in Euro', { exact: true }).fill(values.kaufpreis);
  await page.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-30));
}

/** The needs and the decision an agent records with the customer before the bike step. */
async function adviceSteps(page: Page) {
  await atStep(page, 'Beratung zu Ihrer Fahrradversicherung');
  await choose(
    page,
    'Wofür nutzen Sie Ihr Fahrrad hauptsächlich?',
    'Für Einkäufe und Erledigungen im Alltag',
  );
  await choose(page, 'Wo steht Ihr Fahrrad nachts meistens?', 'Im abgeschlossenen Keller');
  await choose(page, 'Möchten Sie auch Reparaturen nach Unfällen', 'Ja');
  await next(page);
  await atStep(page, 'Unsere Empfehlung für Sie');
  await choose(page, 'Wie entscheiden Sie sich?', 'Ich folge der Empfehlung.');
  await next(page);
}

async function coverStep(page: Page) {
  await atStep(page, 'Ihr Versicherungsschutz');
  await choose(page, 'Reparaturschutz einschließen?', 'Ja');
  await choose(page, 'Auch Verschleißteile', 'Nein');
  await choose(page, 'Schutzbrief einschließen?', 'Nein');
  // The live price follows the answers without blocking anything.
  await expect(page.getByRole('region', { name: 'Ihr Beitrag' })).toContainText('€');
}

async function riskLocationStep(page: Page, plz?: string) {
  await atStep(page, 'Wo wohnen Sie?');
  if (plz) await page.getByLabel('Postleitzahl', { exact: true }).fill(plz);
  await expect(page.getByLabel('Postleitzahl', { exact: true })).toHaveValue('24103');
  const ort = page.getByRole('combobox', { name: 'Ort' });
  await ort.fill('Ki');
  await page.getByRole('option', { name: 'Kiel' }).click();
  await expect(ort).toHaveValue('Kiel');
  const strasse = page.getByRole('combobox', { name: 'Straße' });
  await strasse.fill('Holsten');
  await page.getByRole('option', { name: 'Holstenstraße' }).click();
  await page.getByLabel('Hausnummer', { exact: true }).fill('12');
  await next(page);
}

async function startAndPayment(page: Page) {
  await atStep(page, 'Versicherungsbeginn');
  const start = page.getByLabel('Ab wann soll Ihr Fahrrad versichert sein?', { exact: true });
  await start.fill(germanDay(120));
  await next(page);
  await expect(page.getByRole('link', { name: /zwischen morgen und in 90 Tagen/ })).toBeVisible();
  await expect(
    page.getByText('Der Versicherungsbeginn muss zwischen morgen und in 90 Tagen liegen.').last(),
  ).toBeVisible();
  await start.fill(germanDay(14));
  await next(page);
  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'monatlich');
  await expect(page.getByRole('region', { name: 'Ihr Beitrag' })).toContainText('monatlich');
  await next(page);
}

async function bankStep(page: Page, holder: string) {
  await atStep(page, 'Bankverbindung');
  const iban = page.getByLabel('IBAN', { exact: true });
  await iban.fill('DE00 1234 5678 9012 3456 78');
  await page.getByLabel(/Kontoinhaberin oder Kontoinhaber/).fill(holder);
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);
  await expect(page.getByRole('link', { name: /gültige IBAN/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // A test IBAN (valid checksum) is refused on purpose, and the message says so; the price stays.
  await iban.fill('DE89 3704 0044 0532 0130 00');
  await next(page);
  await expect(page.getByRole('link', { name: /ist eine Beispiel-IBAN/ })).toBeVisible();
  const price = page.getByRole('region', { name: 'Ihr Beitrag' });
  await expect(price).toContainText('monatlich');
  await expect(price).not.toContainText('nicht berechnet werden');
  await iban.fill('DE44500105175407324931');
  await expect(iban).toHaveValue('DE44 5001 0517 5407 3249 31');
  await next(page);
}

test('a public bike application, prefilled from the URL, from the first step to the confirmation', async ({
  page,
}) => {
  await page.goto(
    '/antrag/fahrrad?insuranceSum=2499&bikeManufacturer=Cube&bikeType=TREKKINGBIKE&bikeFrameNumber=WCU1234567&riskLocation=24103',
  );
  await atStep(page, 'Ihr Fahrrad');
  await expect(page.getByRole('combobox', { name: 'Hersteller' })).toHaveValue('Cube');
  await expect(page.getByLabel('Rahmennummer', { exact: true })).toHaveValue('WCU1234567');
  await expect(page.getByLabel('Kaufpreis in Euro', { exact: true })).toHaveValue('2.499,00');
  await page.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-30));
  await next(page);

  await coverStep(page);
  await next(page);

  await atStep(page, 'Angaben zur versicherten Person');
  await choose(page, 'Anrede', 'Frau');
  await page.getByLabel('Vorname', { exact: true }).fill('Lena');
  await page.getByLabel('Nachname', { exact: true }).fill('Vogt');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('14.03.1990');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('lena.vogt@beispiel.example');
  await next(page);

  await riskLocationStep(page);
  await startAndPayment(page);
  await bankStep(page, 'Lena Vogt');

  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('Trekkingrad')).toBeVisible();
  await expect(page.getByText('DE44 5001 0517 5407 3249 31')).toBeVisible();
  await page.getByRole('button', { name: /Ihr Fahrrad ändern/ }).click();
  await atStep(page, 'Ihr Fahrrad');
  await page.getByLabel('Rahmennummer', { exact: true }).fill('WCU7654321');
  for (let i = 0; i < 7; i++) await next(page);
  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('WCU7654321')).toBeVisible();
  await next(page);

  await atStep(page, 'Einwilligungen und Antrag absenden');
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();

  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/Ihre Antragsnummer: FA-\d{8}\./)).toBeVisible();
  await expectNoAxeViolations(page);
  // The answers are gone once the application is sent.
  await page.goto('/antrag/fahrrad/fahrrad');
  await expect(page.getByLabel('Rahmennummer', { exact: true })).toHaveValue('');
});

test('a bike the tariff cannot insure leads to the sorry page, with the reason and a way back', async ({
  page,
}) => {
  await page.goto('/antrag/fahrrad');
  await bikeStep(page, { hersteller: 'Riese & Müller', kaufpreis: '9999' });
  await page.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-1300));
  await next(page);
  await expect(page).toHaveURL(/\/antrag\/sorry$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      'Wir versichern Fahrräder, die zum Versicherungsbeginn höchstens 36 Monate alt sind.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // The reason survives a reload (the history entry keeps it).
  await page.reload();
  await page.getByRole('link', { name: 'Angaben ändern' }).click();
  await expect(page).toHaveURL(/\/antrag\/fahrrad\/fahrrad$/);
  await expect(page.getByLabel('Kaufdatum', { exact: true })).toHaveValue(germanDay(-1300));
  await expect(page.getByLabel('Hersteller', { exact: true })).toHaveValue('Riese & Müller');
});

test('an agent applies for a demo customer, saves a draft, resumes it and submits', async ({
  page,
}) => {
  await page.goto('/vermittler/login');
  await signIn(page, 'ole.petersen@hfk-petersen.example');
  await expect(page).toHaveURL(/\/vermittler\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Willkommen/ })).toBeVisible();
  await expectNoAxeViolations(page);
  // The agent lands on the overview; its customer figure leads to the customer base.
  await page.getByRole('link', { name: /Kundinnen und Kunden/ }).click();
  const customerLink = page.getByRole('table', { name: 'Kundenbestand' }).getByRole('link').first();
  await customerLink.click();
  await expect(page).toHaveURL(/\/vermittler\/kunde\/[^/]+$/);
  const partnerNummer = /kunde\/([^/]+)$/.exec(page.url())?.[1] ?? '';
  await page.getByRole('link', { name: 'Fahrradversicherung beantragen' }).click();

  await adviceSteps(page);
  await atStep(page, 'Ihr Fahrrad');
  await expect(page.getByText(new RegExp(`Kundennummer ${partnerNummer}`))).toBeVisible();
  await bikeStep(page, { hersteller: 'Gazelle', kaufpreis: '1899' });
  await next(page);
  await coverStep(page);
  await page.getByRole('button', { name: 'Als Entwurf speichern' }).click();
  await expect(page.getByText(/Ihr Entwurf wurde um \d{1,2}:\d{2} Uhr gespeichert/)).toBeVisible();

  await page.goto('/vermittler/entwuerfe');
  await expect(heading(page, /Entwürfe/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('link', { name: /Fortsetzen/ })
    .first()
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/vermittler/kunde/${partnerNummer}/antrag/fahrrad/deckung`),
  );
  await expect(
    page
      .getByRole('group', { name: /^Reparaturschutz einschließen\?/ })
      .getByRole('radio', { name: 'Ja', exact: true }),
  ).toBeChecked();
  await next(page);

  await riskLocationStep(page, '24103');
  await startAndPayment(page);
  await bankStep(page, 'Kontoinhaber Beispiel');
  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('Gazelle')).toBeVisible();
  // The advice record names the agent; a copy goes to the customer's Postfach.
  const [record] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Beratungsdokumentation als PDF herunterladen' }).click(),
  ]);
  expect(await downloadedPdfText(record)).toContain('Beratung durch Ole Petersen');
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await expect(page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/FA-\d{8}/)).toBeVisible();

  await page.goto('/vermittler/entwuerfe');
  await expect(page.getByRole('link', { name: /Fortsetzen/ })).toHaveCount(0);

  // A customer outside the agent's portfolio: the flow does not start, the agent is told so.
  await page.goto('/vermittler/kunde/9999999/antrag/fahrrad');
  await expect(page).toHaveURL(/\/beratung\/agent\/notfound$/);
  await expect(heading(page, 'Kunde nicht gefunden')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zum Kundenbestand' }).click();
  await expect(page).toHaveURL(/\/vermittler\/kundenbestand$/);
});

test('embedded in a partner page: prefilled by the parent, which hears of an uninsurable bike', async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://localhost:${port}/demo-parent/?seite=fahrrad`);
  const child = page.frameLocator('#platform');
  await expect(child.getByRole('heading', { level: 1, name: 'Ihr Fahrrad' })).toBeVisible();
  await expect(child.getByRole('combobox', { name: 'Hersteller' })).toHaveValue('Gazelle');
  await expect(child.getByLabel('Rahmennummer', { exact: true })).toHaveValue('GZL-2024-77');
  await expect(child.getByLabel('Kaufpreis in Euro', { exact: true })).toHaveValue('1.899,00');
  await expect(page.locator('#log')).toContainText('getEmbeddingApplication');
  // Bought almost four years ago: older than the tariff insures.
  await child.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-1400));
  await child.getByRole('button', { name: 'Weiter', exact: true }).click();
  await expect(child.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#log')).toContainText('uninsurablePricingResult');
});

test('an application whose frame number is reported stolen ends on the check-failed page', async ({
  page,
}) => {
  await page.goto('/antrag/fahrrad');
  await bikeStep(page, { hersteller: 'Cube', kaufpreis: '1200' });
  await page.getByLabel('Rahmennummer', { exact: true }).fill('DEMO-GESTOHLEN-1');
  await next(page);
  await coverStep(page);
  await next(page);
  await choose(page, 'Anrede', 'Herr');
  await page.getByLabel('Vorname', { exact: true }).fill('Jonas');
  await page.getByLabel('Nachname', { exact: true }).fill('Berg');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('02.02.1985');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('jonas.berg@beispiel.example');
  await next(page);
  await riskLocationStep(page, '24103');
  await startAndPayment(page);
  await bankStep(page, 'Jonas Berg');
  await next(page);
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(page).toHaveURL(/\/antrag\/check-failed$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expectNoAxeViolations(page);
});
