import { expect, test, type Page } from '@playwright/test';
import { germanDay } from '../support/dates.ts';
import { downloadedPdfText } from '../support/pdf.ts';
import { atStep, choose, group, heading, next } from '../support/wizard.ts';

// The four business lines (business contents VH, all-risk and multi-risk property contents SI,
// financial-loss liability VSH) are data only: a business buys each from the public address with
// what the URL brings visibly filled in, the business type chosen with the keyboard in the
// finder, up to the confirmation with the application number and the premium the tariff gives.

const priceBox = (page: Page) => page.getByRole('region', { name: 'Ihr Beitrag' });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Types the start of a trade into a finder and picks the suggestion with the keyboard. */
async function pickTrade(page: Page, name: string, typed: string, trade: string) {
  const finder = page.getByRole('combobox', { name });
  await finder.fill('');
  await finder.pressSequentially(typed);
  // The suggestions of the whole text, not of a prefix typed on a busy machine ("F" also finds
  // "Fahrradhandel"): the wanted trade comes first.
  await expect(page.getByRole('option').first()).toHaveText(trade);
  await finder.press('ArrowDown');
  await finder.press('Enter');
  await expect(finder).toHaveValue(trade);
}

/** The shared business step: the main trade by keyboard, the revenue if asked, founding date, staff. */
async function businessStep(
  page: Page,
  typed: string,
  trade: string,
  revenue?: { label: string; value: string },
) {
  await atStep(page, 'Ihr Betrieb');
  await pickTrade(page, 'Hauptgewerbe', typed, trade);
  if (revenue) await field(page, revenue.label).fill(revenue.value);
  await field(page, 'Gründungsdatum').fill('01.03.2021');
  await field(page, 'Mitarbeiterinnen und Mitarbeiter (ohne Inhaberin oder Inhaber)').selectOption({
    label: '1 bis 5',
  });
}

/** The premises: postcode (typed unless the URL brought it), place and street from the finders. */
async function premisesStep(page: Page, plz: string, place: string, street: string, area: string) {
  await atStep(page, 'Ihre Geschäftsräume');
  const postcode = field(page, 'Postleitzahl');
  if ((await postcode.inputValue()) === '') await postcode.fill(plz);
  await expect(postcode).toHaveValue(plz);
  await page.getByRole('combobox', { name: 'Ort' }).fill(place.slice(0, 3));
  await page.getByRole('option', { name: place }).click();
  await page.getByRole('combobox', { name: 'Straße' }).fill(street.slice(0, 5));
  await page.getByRole('option', { name: street }).click();
  await field(page, 'Hausnummer').fill('12');
  await field(page, 'Geschäftsfläche in Quadratmetern').fill(area);
  await next(page);
}

/** Sum and deductible as the URL brought them. */
async function contentsStep(page: Page, sum: string, deductible: string) {
  await atStep(page, 'Versicherungssumme und Selbstbeteiligung');
  await expect(field(page, 'Versicherungssumme in Euro')).toHaveValue(sum);
  await expect(
    group(page, 'Selbstbeteiligung je Schadenfall').getByRole('radio', {
      name: deductible,
      exact: true,
    }),
  ).toBeChecked();
}

const box = (page: Page, groupName: string, option: string) =>
  group(page, groupName).getByRole('checkbox', { name: option });

async function riskStep(page: Page, claims: string, security: string) {
  await atStep(page, 'Fragen zum Risiko');
  await choose(page, 'Wie viele Schäden', claims);
  await choose(page, 'Wie sind Ihre Geschäftsräume gegen Einbruch gesichert?', security);
  await next(page);
}

/** The policyholder: the premises' address is taken over unless `address` is given. */
async function holderStep(page: Page, address?: { plz: string; place: string; street: string }) {
  await atStep(page, 'Versicherungsnehmerin oder Versicherungsnehmer');
  await field(page, 'Name des Betriebs').fill('Mustermann Betriebe');
  await choose(page, 'Anrede der Ansprechperson', 'Frau');
  await field(page, 'Vorname').fill('Erika');
  await field(page, 'Nachname').fill('Mustermann');
  await field(page, 'Geburtsdatum').fill('12.05.1980');
  await field(page, 'E-Mail-Adresse').fill('erika@beispiel.example');
  if (address) {
    await field(page, 'Postleitzahl').fill(address.plz);
    await page.getByRole('combobox', { name: 'Ort' }).fill(address.place);
    await page.getByRole('combobox', { name: 'Straße' }).fill(address.street);
    await field(page, 'Hausnummer').fill('7');
  } else {
    await expect(field(page, 'Hausnummer')).toHaveValue('12');
  }
  await next(page);
}

/** Start, payment period, bank (the account holder is the business), summary, consents, submit. */
async function finish(
  page: Page,
  period: string,
  prefix: string,
  premium: string,
  atSummary?: (page: Page) => Promise<void>,
) {
  await atStep(page, 'Versicherungsbeginn');
  await field(page, 'Ab wann soll der Versicherungsschutz beginnen?').fill(germanDay(14));
  await next(page);
  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', period);
  await expect(priceBox(page)).toContainText(`${premium} ${period}`);
  await next(page);
  await atStep(page, 'Bankverbindung');
  await expect(page.getByLabel(/Kontoinhaberin oder Kontoinhaber/)).toHaveValue(
    'Mustermann Betriebe',
  );
  await field(page, 'IBAN').fill('DE44500105175407324931');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);
  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('Mustermann Betriebe').first()).toBeVisible();
  await atSummary?.(page);
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(new RegExp(`${prefix}-\\d{8}`))).toBeVisible();
  await expect(page.getByText(`Ihr Beitrag: ${premium} ${period}`, { exact: false })).toBeVisible();
}

/** Euros as the platform shows them (German format, a no-break space before the sign). */
const euro = (amount: string) => `${amount}\u00a0€`;

test('business contents (VH): turnover, additional trade, sum, deductible and office liability from the URL', async ({
  page,
}) => {
  await page.goto(
    '/antrag/inhaltsversicherung?insuranceSum=50000&deductible=SB_500&turnover=300000&additionalBusiness=Kiosk&coverages=BUEROHAFTPFLICHT',
  );
  await businessStep(page, 'Buchh', 'Buchhandlung');
  await expect(field(page, 'Jahresumsatz in Euro')).toHaveValue('300.000,00');
  await expect(
    page
      .getByRole('group', { name: 'Nebengewerbe 1' })
      .getByRole('combobox', { name: 'Gewerbeart' }),
  ).toHaveValue('Kiosk');
  await next(page);
  await premisesStep(page, '24103', 'Kiel', 'Holstenstraße', '120');
  await contentsStep(page, '50.000,00', '500 €');
  // No price before the hazards it insures are chosen: it would mean nothing.
  await expect(priceBox(page)).toHaveCount(0);
  await next(page);
  await atStep(page, 'Versicherte Gefahren');
  await expect(priceBox(page)).toContainText(
    'Der Beitrag wird berechnet, sobald die nötigen Angaben vorliegen.',
  );
  await expect(priceBox(page)).not.toContainText('€');
  for (const hazard of ['Feuer', 'Einbruchdiebstahl', 'Leitungswasser', 'Sturm und Hagel'])
    await box(page, 'Welche Gefahren möchten Sie versichern?', hazard).check();
  await expect(priceBox(page)).toContainText('€');
  await choose(page, 'Elementarschäden', 'Nein');
  await next(page);
  await atStep(page, 'Zusatzbausteine');
  await expect(box(page, 'Welche Zusatzbausteine', 'Bürohaftpflicht')).toBeChecked();
  await next(page);
  await riskStep(page, 'keinen', 'Anerkannte Einbruchmeldeanlage');
  await holderStep(page);
  // 50 * 2.4 * 0.9 * 1.2 = 129.60, + 10 % Kiosk, - 10 % alarm, - 10 % deductible, + 79 = 194.47;
  // monthly * 1.05 / 12 = 17.02 (tests/server/applicationsBusiness.test.ts)
  await finish(page, 'monatlich', 'VH', euro('17,02'), async () => {
    // With an additional trade the summary links the side letter for mixed operations.
    await expect(
      page.getByRole('link', { name: /^Kundeninformation zur Inhaltsversicherung/ }),
    ).toHaveAttribute('href', '/api/dokumente/kundeninformation/VH');
    await expect(
      page.getByRole('link', { name: /^Nebenabrede für Mischbetriebe/ }),
    ).toHaveAttribute('href', '/api/dokumente/nebenabrede-mischbetrieb');
  });
});

test('all-risk property contents (SI): business residence, sum, deductible and elementary cover from the URL', async ({
  page,
}) => {
  await page.goto(
    '/antrag/inhalt-allgefahren?insuranceSum=80000&deductible=SB_250&businessResidence=24103&coverages=ELEMENTAR',
  );
  await businessStep(page, 'Caf', 'Café');
  await next(page);
  await premisesStep(page, '24103', 'Kiel', 'Holstenstraße', '80');
  await contentsStep(page, '80.000,00', '250 €');
  await expect(page.getByRole('status', { name: 'Produkt' })).toHaveText('Allgefahrendeckung');
  await next(page);
  await atStep(page, 'Versicherte Gefahren');
  const extensions = 'Welche Erweiterungen möchten Sie einschließen?';
  await expect(box(page, extensions, 'Elementarschäden')).toBeChecked();
  await box(page, extensions, 'Einfacher Diebstahl').check();
  await next(page);
  await atStep(page, 'Zusatzbausteine');
  await box(page, 'Welche Zusatzbausteine', 'Glasversicherung').check();
  await next(page);
  await riskStep(page, 'einen', 'Geprüfte Sicherheitsschlösser, Gitter oder Rollläden');
  await holderStep(page);
  // 80 * 4.5 * 1.05 * 1.15 * 0.95 * 1.15 + 89 + 60 = 623.91, - 5 % = 592.71; quarterly 152.62
  await finish(page, 'vierteljährlich', 'SA', euro('152,62'));
});

test('multi-risk property contents (SI): business residence, sum and the named hazards from the URL', async ({
  page,
}) => {
  await page.goto(
    '/antrag/inhalt-mehrgefahren?insuranceSum=160000&deductible=SB_KEINE&businessResidence=10115&coverages=FEUER,EINBRUCHDIEBSTAHL,LEITUNGSWASSER,STURM_HAGEL,ELEMENTAR',
  );
  await businessStep(page, 'Friseur', 'Friseursalon');
  await next(page);
  await premisesStep(page, '10115', 'Berlin', 'Bergstraße', '60');
  await contentsStep(page, '160.000,00', 'keine');
  await expect(page.getByRole('status', { name: 'Produkt' })).toHaveText('Mehrgefahrendeckung');
  await next(page);
  await atStep(page, 'Versicherte Gefahren');
  for (const hazard of ['Feuer', 'Sturm und Hagel', 'Elementarschäden'])
    await expect(box(page, 'Welche Gefahren möchten Sie versichern?', hazard)).toBeChecked();
  await next(page);
  await atStep(page, 'Zusatzbausteine');
  await next(page);
  await riskStep(page, 'keinen', 'Übliche Türschlösser');
  await holderStep(page);
  // 160 * 1.9 * 100 % * 1.1 + 89 = 423.40; half-yearly 423.40 * 1.02 / 2 = 215.93
  await finish(page, 'halbjährlich', 'SM', euro('215,93'));
});

test('financial-loss liability (VSH): a trade that gives no advice is refused with its reason, a tax adviser applies', async ({
  page,
}) => {
  await page.goto('/antrag/vermoegensschadenhaftpflicht');
  await businessStep(page, 'Bäck', 'Bäckerei', {
    label: 'Jährlicher Honorarumsatz in Euro',
    value: '180000',
  });
  await next(page);
  await expect(page.getByText(/nur für beratende und planende Berufe/)).toBeVisible();
  await expect(heading(page, 'Ihr Betrieb')).toBeVisible();
  await pickTrade(page, 'Hauptgewerbe', 'Steuer', 'Steuerberatung');
  await next(page);
  await atStep(page, 'Ihre berufliche Tätigkeit');
  await page
    .getByRole('textbox', { name: /Beschreiben Sie kurz/ })
    .fill('Steuerberatung für kleine Betriebe und Selbstständige');
  await choose(page, 'Wo sind Ihre Auftraggeber', 'In Deutschland und Europa');
  await next(page);
  await atStep(page, 'Ihr Versicherungsschutz');
  await choose(page, 'Versicherungssumme je Verstoß', '500.000 €');
  await choose(page, 'Selbstbeteiligung je Schadenfall', '500 €');
  await choose(page, 'Rückwärtsversicherung', 'Ja');
  await next(page);
  await atStep(page, 'Fragen zum Risiko');
  await choose(page, 'Sind Ihnen Schäden', 'Nein');
  await choose(page, 'Hat ein Versicherer', 'Nein');
  await next(page);
  await holderStep(page, { plz: '80331', place: 'München', street: 'Marienplatz' });
  // 390 * 1.3 * 1.15 * 1.2 * 0.92 = 643.69 a year
  await finish(page, 'jährlich', 'VS', euro('643,69'));
});

test('all-risk property contents (SI) with advice: needs, recommendation, offer as PDF, customer information and side letter for a mixed business', async ({
  page,
}) => {
  await page.goto(
    '/beratung/inhalt-allgefahren?insuranceSum=80000&deductible=SB_250&businessResidence=24103&coverages=ELEMENTAR&additionalBusiness=Kiosk',
  );
  await atStep(page, 'Beratung zu Ihrer Inhaltsversicherung');
  await choose(page, 'Liegt Ihr Betrieb in der Nähe eines Gewässers', 'Ja');
  await choose(page, 'Würde ein mehrwöchiger Stillstand', 'Nein');
  await choose(page, 'Hat Ihr Betrieb Schaufenster', 'Ja');
  await next(page);
  await atStep(page, 'Unsere Empfehlung für Sie');
  await expect(page.getByText('Elementarschäden: Ihr Betrieb liegt')).toBeVisible();
  await expect(page.getByText('Glasversicherung: Ihr Betrieb hat')).toBeVisible();
  await expect(page.getByText('Betriebsunterbrechung:')).toHaveCount(0);
  await choose(page, 'Wie entscheiden Sie sich?', 'Ich folge der Empfehlung.');
  await next(page);

  await businessStep(page, 'Caf', 'Café');
  await next(page);
  await premisesStep(page, '24103', 'Kiel', 'Holstenstraße', '80');
  await contentsStep(page, '80.000,00', '250 €');
  await next(page);
  await atStep(page, 'Versicherte Gefahren');
  await box(page, 'Welche Erweiterungen möchten Sie einschließen?', 'Einfacher Diebstahl').check();
  await next(page);
  await atStep(page, 'Zusatzbausteine');
  await box(page, 'Welche Zusatzbausteine', 'Glasversicherung').check();
  await next(page);
  await riskStep(page, 'einen', 'Geprüfte Sicherheitsschlösser, Gitter oder Rollläden');
  await holderStep(page);
  await atStep(page, 'Versicherungsbeginn');
  await field(page, 'Ab wann soll der Versicherungsschutz beginnen?').fill(germanDay(14));
  await next(page);
  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'vierteljährlich');
  // 80 * 4.5 = 360, * 1.05 (area 2) = 378, + 10 % Kiosk = 415.80, * 1.15 (one claim) = 478.17,
  // - 5 % locks = 454.2615, + 15 % simple theft = 522.400725, + 89 elementary + 60 glass
  // = 671.400725, - 5 % deductible 250 = 637.83; quarterly 637.83 * 1.03 / 4 = 164.24,
  // a year 656.96; tax 656.96 - 656.96 / 1.19 (552.07) = 104.89.
  await expect(priceBox(page)).toContainText(`${euro('164,24')} vierteljährlich`);
  await next(page);
  await atStep(page, 'Bankverbindung');
  await field(page, 'IBAN').fill('DE44500105175407324931');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);

  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(
    page.getByRole('link', {
      name: 'Kundeninformation zur Inhaltsversicherung Allgefahren (PDF, öffnet in neuem Fenster)',
    }),
  ).toHaveAttribute('href', '/api/dokumente/kundeninformation/SI_ALLGEFAHREN');
  await expect(page.getByRole('link', { name: /^Nebenabrede für Betriebe/ })).toHaveAttribute(
    'href',
    '/api/dokumente/nebenabrede-mischbetrieb',
  );
  const [offer] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Angebot als PDF herunterladen' }).click(),
  ]);
  const offerText = await downloadedPdfText(offer);
  for (const expected of [
    'Ihr Angebot: Inhaltsversicherung Allgefahren',
    'Hauptgewerbe Café',
    'Beitrag vierteljährlich 164,24 €',
    'Jahresbeitrag 656,96 €',
    '104,89 €',
  ])
    expect(offerText).toContain(expected);

  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await expect(
    page.getByRole('link', { name: /^Nutzungsbedingungen des Online-Abschlusses/ }),
  ).toHaveAttribute('href', '/api/dokumente/nutzungsbedingungen');
  await expect(page.getByRole('link', { name: /^Nebenabrede für Betriebe/ })).toBeVisible();
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/SA-\d{8}/)).toBeVisible();
});
