import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { germanDay } from '../support/dates.ts';
import { downloadedPdfText } from '../support/pdf.ts';
import { signIn } from '../support/signIn.ts';
import { atStep, choose, group, heading, next } from '../support/wizard.ts';

// The pet owner liability (definitions/applications/tierhalterhaftpflicht.json) is data only:
// a person insures two dogs, choosing their breeds in the dog-breed finder with the keyboard, a
// Listenhund is refused on the spot with its reason, and the cover comes prefilled from the URL.

const priceBox = (page: Page) => page.getByRole('region', { name: 'Ihr Beitrag' });
const dog = (page: Page, nummer: number) => page.getByRole('group', { name: `Hund ${nummer}` });

/** Chooses a breed in a finder with the keyboard: type, arrow down to the suggestion, Enter. */
async function chooseBreed(field: Locator, typed: string, breed: string): Promise<void> {
  await field.click();
  await field.pressSequentially(typed);
  const page = field.page();
  await expect(page.getByRole('option', { name: breed, exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue(breed);
  await expect(page.getByRole('option')).toHaveCount(0);
}

test('a public pet owner liability for two dogs, prefilled from the URL, to the confirmation', async ({
  page,
}) => {
  await page.goto('/antrag/tierhalterhaftpflicht?insuranceSum=20000000&deductible=SB_250');
  await atStep(page, 'Ihre Hunde');
  await choose(page, 'Wie viele Hunde möchten Sie versichern?', 'Zwei Hunde');
  await expect(page.getByRole('group', { name: /^Hund \d$/ })).toHaveCount(2);

  const luna = dog(page, 1);
  await luna.getByLabel('Name des Hundes', { exact: true }).fill('Luna');
  await chooseBreed(
    luna.getByRole('combobox', { name: 'Rasse', exact: true }),
    'Labr',
    'Labrador Retriever',
  );
  await luna.getByRole('radio', { name: 'Nein', exact: true }).check();
  // The second breed is asked only of a mixed breed.
  await expect(luna.getByRole('combobox', { name: /Zweite Rasse/ })).toHaveCount(0);
  await luna.getByLabel('Geburtsdatum des Hundes', { exact: true }).fill('01.04.2021');

  const bello = dog(page, 2);
  await bello.getByLabel('Name des Hundes', { exact: true }).fill('Bello');
  await chooseBreed(bello.getByRole('combobox', { name: 'Rasse', exact: true }), 'Dack', 'Dackel');
  await bello.getByRole('radio', { name: 'Ja', exact: true }).check();
  const second = bello.getByRole('combobox', { name: 'Zweite Rasse (optional)' });
  // A cross with a Listenhund is refused on the spot, with the tariff's German reason.
  await chooseBreed(second, 'Rottw', 'Rottweiler');
  await bello.getByLabel('Geburtsdatum des Hundes', { exact: true }).fill('12.09.2023');
  await next(page);
  await expect(page.getByRole('alert')).toContainText(
    'Listenhunde, also Rassen, die ein Bundesland als gefährlich einstuft, und Kreuzungen mit ihnen können wir online leider nicht versichern.',
  );
  await expect(heading(page, 'Ihre Hunde')).toBeVisible();
  await expectNoAxeViolations(page);
  await second.fill('');
  await chooseBreed(second, 'Beag', 'Beagle');
  await next(page);

  await atStep(page, 'Ihr Versicherungsschutz');
  // The sum and the deductible came with the link.
  await expect(
    group(page, 'Versicherungssumme').getByRole('radio', { name: '20 Mio. €', exact: true }),
  ).toBeChecked();
  await expect(
    group(page, 'Selbstbeteiligung je Schadenfall').getByRole('radio', {
      name: '250 €',
      exact: true,
    }),
  ).toBeChecked();
  await choose(page, 'Mietsachschäden einschließen?', 'Ja');
  await choose(page, 'Forderungsausfalldeckung einschließen?', 'Nein');
  await choose(page, 'Welpenmitversicherung einschließen?', 'Nein');
  // Luna 75 + Bello (Dackel x Beagle: MITTEL 60, second dog -20 % = 48) = 123 x 1.25 (20 Mio.)
  // = 153.75 + 12 (Mietsachschäden) = 165.75, SB 250 -10 % = 149.175, yearly 149.18.
  await expect(priceBox(page)).toContainText('149,18 € jährlich');
  await expect(priceBox(page)).toContainText('Versicherte Hunde: 2, Versicherungssumme 20 Mio. €');
  await next(page);

  await atStep(page, 'Fragen zu Vorschäden');
  await choose(page, 'Hat einer Ihrer Hunde in den letzten fünf Jahren', 'Nein');
  await choose(page, 'Wie viele Haftpflichtschäden', 'Keinen');
  await choose(page, 'Hat ein früherer Versicherer', 'Nein');
  await next(page);

  await atStep(page, 'Versicherungsbeginn');
  await page
    .getByLabel('Ab wann sollen Ihre Hunde versichert sein?', { exact: true })
    .fill(germanDay(14));
  await next(page);
  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'monatlich');
  // 149.175 x 1.05 = 156.63 a year / 12 = 13.05 a month.
  await expect(priceBox(page)).toContainText('13,05 € monatlich');
  await next(page);

  await atStep(page, 'Versicherungsnehmerin oder Versicherungsnehmer');
  await choose(page, 'Anrede', 'Frau');
  await page.getByLabel('Vorname', { exact: true }).fill('Erika');
  await page.getByLabel('Nachname', { exact: true }).fill('Mustermann');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('12.05.1980');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('erika@beispiel.example');
  await page.getByLabel('Postleitzahl', { exact: true }).fill('24103');
  await page.getByRole('combobox', { name: 'Ort' }).fill('Kiel');
  await page.getByRole('combobox', { name: 'Straße' }).fill('Holstenstraße');
  await page.getByLabel('Hausnummer', { exact: true }).fill('12');
  await next(page);

  await atStep(page, 'Bankverbindung');
  await expect(page.getByLabel(/Kontoinhaberin oder Kontoinhaber/)).toHaveValue('Erika Mustermann');
  await page.getByLabel('IBAN', { exact: true }).fill('DE44500105175407324931');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);

  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('Labrador Retriever')).toBeVisible();
  await expect(page.getByText('Beagle')).toBeVisible();
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();

  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/Ihre Antragsnummer: TH-\d{8}\./)).toBeVisible();
  await expect(page.getByText(/Ihr Beitrag: 13,05\s€ monatlich/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the advice variant asks about the household first and recommends options', async ({
  page,
}) => {
  await page.goto('/beratung/tierhalterhaftpflicht');
  await atStep(page, 'Beratung zu Ihrer Hundehaftpflicht');
  await choose(page, 'Wie wohnen Sie?', 'Zur Miete');
  await choose(page, 'Kann Ihre Hündin Welpen bekommen?', 'Ja');
  await choose(page, 'Möchten Sie auch sehr hohe Schäden absichern?', 'Nein');
  await next(page);
  // The recommendation follows from the needs; the decision goes into the advice record.
  await atStep(page, 'Unsere Empfehlung für Sie');
  await expect(page.getByText(/Welpen: Ihre Hündin kann Welpen bekommen/)).toBeVisible();
  await expect(page.getByText('Versicherungssumme: Sie möchten')).toHaveCount(0);
  await choose(page, 'Wie entscheiden Sie sich?', 'Ich folge der Empfehlung.');
  await next(page);
  await atStep(page, 'Ihre Hunde');
  await choose(page, 'Wie viele Hunde möchten Sie versichern?', 'Einen Hund');
  const luna = dog(page, 1);
  await luna.getByLabel('Name des Hundes', { exact: true }).fill('Luna');
  await chooseBreed(luna.getByRole('combobox', { name: 'Rasse', exact: true }), 'Mop', 'Mops');
  await choose(page, 'Ist der Hund ein Mischling?', 'Nein');
  await luna.getByLabel('Geburtsdatum des Hundes', { exact: true }).fill('01.04.2021');
  await next(page);
  await atStep(page, 'Ihr Versicherungsschutz');
  await expect(
    page.getByText('Wir empfehlen Ihnen, Mietsachschäden einzuschließen.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Wir empfehlen Ihnen die Welpenmitversicherung')).toBeVisible();
  await expect(page.getByText('20 Mio. € empfehlen')).toHaveCount(0);
  await expect(page.getByText('eine Versicherungssumme von 20 Mio')).toHaveCount(0);
});

test('an agent insures a customer’s dog, saves a draft, resumes it and submits it', async ({
  page,
}) => {
  await page.goto('/vermittler/login');
  await signIn(page, 'jens.hansen@vb-hansen.example');
  await expect(page).toHaveURL(/\/vermittler\/$/);
  // The agent lands on the overview; its customer figure leads to the customer base.
  await page.getByRole('link', { name: /Kundinnen und Kunden/ }).click();
  await page.getByRole('table', { name: 'Kundenbestand' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/vermittler\/kunde\/[^/]+$/);
  const partnerNummer = /kunde\/([^/]+)$/.exec(page.url())?.[1] ?? '';
  await page.getByRole('link', { name: 'Tierhalterhaftpflichtversicherung beantragen' }).click();

  // An agent records the advice first: the needs, the recommendation and the decision.
  await atStep(page, 'Beratung zu Ihrer Hundehaftpflicht');
  await choose(page, 'Wie wohnen Sie?', 'Im eigenen Haus oder in der eigenen Wohnung');
  await choose(page, 'Kann Ihre Hündin Welpen bekommen?', 'Nein');
  await choose(page, 'Möchten Sie auch sehr hohe Schäden absichern?', 'Nein');
  await next(page);
  await atStep(page, 'Unsere Empfehlung für Sie');
  await choose(page, 'Wie entscheiden Sie sich?', 'Ich entscheide mich anders als empfohlen.');
  await next(page);
  await atStep(page, 'Ihre Hunde');
  await expect(page.getByText(new RegExp(`Kundennummer ${partnerNummer}`))).toBeVisible();
  await choose(page, 'Wie viele Hunde möchten Sie versichern?', 'Einen Hund');
  const rex = dog(page, 1);
  await rex.getByLabel('Name des Hundes', { exact: true }).fill('Rex');
  await chooseBreed(
    rex.getByRole('combobox', { name: 'Rasse', exact: true }),
    'Schäfer',
    'Deutscher Schäferhund',
  );
  await rex.getByRole('radio', { name: 'Nein', exact: true }).check();
  await rex.getByLabel('Geburtsdatum des Hundes', { exact: true }).fill('03.03.2020');
  await next(page);
  await atStep(page, 'Ihr Versicherungsschutz');
  await choose(page, 'Versicherungssumme', '10 Mio. €');
  await choose(page, 'Selbstbeteiligung je Schadenfall', 'Keine');
  await choose(page, 'Mietsachschäden einschließen?', 'Nein');
  await choose(page, 'Forderungsausfalldeckung einschließen?', 'Ja');
  await choose(page, 'Welpenmitversicherung einschließen?', 'Nein');
  // 75 (GROSS) x 1.1 = 82.50 + 6 (Forderungsausfall) = 88.50 a year; the agent sees how.
  await expect(priceBox(page)).toContainText('88,50 € jährlich');
  await priceBox(page).getByText('Rechenweg des Beitrags anzeigen').click();
  await expect(
    priceBox(page).getByRole('table', { name: 'Berechnung Schritt für Schritt' }),
  ).toContainText('Hund 1: Jahresbeitrag nach Größenklasse');
  await page.getByRole('button', { name: 'Als Entwurf speichern' }).click();
  await expect(page.getByText(/Ihr Entwurf wurde um \d{1,2}:\d{2} Uhr gespeichert/)).toBeVisible();

  await page.goto('/vermittler/entwuerfe');
  await page
    .getByRole('row', { name: /Tierhalterhaftpflichtversicherung/ })
    .getByRole('link', { name: /Fortsetzen/ })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/vermittler/kunde/${partnerNummer}/antrag/tierhalterhaftpflicht/deckung`),
  );
  await expect(
    group(page, 'Forderungsausfalldeckung einschließen?').getByRole('radio', {
      name: 'Ja',
      exact: true,
    }),
  ).toBeChecked();
  await next(page);
  await atStep(page, 'Fragen zu Vorschäden');
  await choose(page, 'Hat einer Ihrer Hunde in den letzten fünf Jahren', 'Nein');
  await choose(page, 'Wie viele Haftpflichtschäden', 'Keinen');
  await choose(page, 'Hat ein früherer Versicherer', 'Nein');
  await next(page);
  await atStep(page, 'Versicherungsbeginn');
  await page
    .getByLabel('Ab wann sollen Ihre Hunde versichert sein?', { exact: true })
    .fill(germanDay(7));
  await next(page);
  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'jährlich');
  await next(page);
  // No policyholder step for an agent: the customer is the policyholder.
  await atStep(page, 'Bankverbindung');
  await page.getByLabel('IBAN', { exact: true }).fill('DE44500105175407324931');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);
  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('Deutscher Schäferhund')).toBeVisible();
  // The advice record names the agent and the customer's decision.
  const [record] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Beratungsdokumentation als PDF herunterladen' }).click(),
  ]);
  const recordText = await downloadedPdfText(record);
  expect(recordText).toContain('Beratung durch Jens Hansen');
  expect(recordText).toContain('Ich entscheide mich anders als empfohlen.');
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await expect(page.getByRole('link', { name: /Erstinformation Ihres Vermittlers/ })).toBeVisible();
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/Ihre Antragsnummer: TH-\d{8}\./)).toBeVisible();
  await expect(page.getByText(/Ihr Beitrag: 88,50\s€ jährlich/)).toBeVisible();
  await page.goto('/vermittler/entwuerfe');
  await expect(page.getByRole('row', { name: /Tierhalterhaftpflichtversicherung/ })).toHaveCount(0);
});
