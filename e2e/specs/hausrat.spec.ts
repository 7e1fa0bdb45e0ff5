import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { germanDay } from '../support/dates.ts';
import { atStep, choose, heading, next } from '../support/wizard.ts';

// The household contents line (definitions/applications/hausrat.json) is data only: a tenant
// applies from a comparison link whose answers are prefilled, is warned that the sum is below
// 650 € per m², finds the address with the address finders and gets an application number.

const priceBox = (page: Page) => page.getByRole('region', { name: 'Ihr Beitrag' });
const sum = (page: Page) => page.getByLabel('Versicherungssumme in Euro', { exact: true });

async function addressStep(page: Page, ort: string, strasse: string) {
  await atStep(page, 'Wo liegt Ihre Wohnung?');
  const place = page.getByRole('combobox', { name: 'Ort' });
  await place.fill(ort.slice(0, 3));
  await page.getByRole('option', { name: ort }).click();
  await expect(place).toHaveValue(ort);
  await page.getByRole('combobox', { name: 'Straße' }).fill(strasse.slice(0, 5));
  await page.getByRole('option', { name: strasse }).click();
  await page.getByLabel('Hausnummer', { exact: true }).fill('12');
  await next(page);
}

async function homeStep(page: Page, wohnflaeche: string) {
  await atStep(page, 'Ihre Wohnung');
  await expect(page.getByLabel('Wohnfläche in m²', { exact: true })).toHaveValue(wohnflaeche);
  await choose(page, 'In welchem Gebäude liegt Ihre Wohnung?', 'Mehrfamilienhaus');
  await choose(page, 'In welchem Geschoss liegt Ihre Wohnung?', 'Obergeschoss');
  await next(page);
}

test('a tenant applies for household contents from a prefilled link to the confirmation', async ({
  page,
}) => {
  await page.goto(
    '/antrag/hausrat?residence=24103&livingSpace=80&insuranceSum=50000&deductible=SB_250',
  );
  await expect(page.getByLabel('Postleitzahl', { exact: true })).toHaveValue('24103');
  await addressStep(page, 'Kiel', 'Holstenstraße');
  await homeStep(page, '80,00');

  // The link's sum lies below 650 € per m² (52,000 €): the under-insurance waiver does not hold.
  await atStep(page, 'Ihr Versicherungsschutz');
  await expect(sum(page)).toHaveValue('50.000,00');
  await expect(page.getByRole('radio', { name: '250 €' })).toBeChecked();
  const warning = page.getByText('Ihre Versicherungssumme liegt unter 650 € je m² Wohnfläche');
  await expect(warning).toContainText(/52\.000,00\s€/);
  await expectNoAxeViolations(page);
  await sum(page).fill('52000');
  await sum(page).blur();
  await expect(warning).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Glasbruch/ }).check();
  await page.getByRole('checkbox', { name: /Elementarschäden/ }).check();
  // Kiel, zone 2: 52 x 1.45 = 75.40 + 18 (glass) + 36 (natural hazards, flood class 1) = 129.40,
  // less 10 % for the deductible: 116.46 a year.
  await expect(priceBox(page)).toContainText(/116,46\s€ jährlich/);
  await next(page);

  await atStep(page, 'Fragen zu Ihrer Wohnung und zu Vorschäden');
  await next(page);
  await expect(
    page.getByRole('link', { name: 'Bitte geben Sie an, wie viele Hausratschäden Sie hatten.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await choose(page, 'Wie viele Hausratschäden', 'Keinen');
  await choose(page, 'Ist die Wohnung ständig bewohnt?', 'Ja');
  await choose(page, 'Ist das Gebäude überwiegend aus Holz', 'Nein');
  await next(page);

  await atStep(page, 'Versicherungsnehmerin oder Versicherungsnehmer');
  await choose(page, 'Anrede', 'Herr');
  await page.getByLabel('Vorname', { exact: true }).fill('Jonas');
  await page.getByLabel('Nachname', { exact: true }).fill('Wagner');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('07.07.1990');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('jonas@beispiel.example');
  await next(page);

  await atStep(page, 'Versicherungsbeginn');
  await page
    .getByLabel('Ab wann soll Ihre Hausratversicherung beginnen?', { exact: true })
    .fill(germanDay(14));
  await next(page);
  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'monatlich');
  // 116.46 x 1.05 / 12 = 10.19 a month, 122.28 a year.
  await expect(priceBox(page)).toContainText(/10,19\s€ monatlich/);
  await expect(priceBox(page)).toContainText(/Das sind 122,28\s€ im Jahr/);
  await next(page);

  await atStep(page, 'Bankverbindung');
  await expect(page.getByLabel(/Kontoinhaberin oder Kontoinhaber/)).toHaveValue('Jonas Wagner');
  await page.getByLabel('IBAN', { exact: true }).fill('DE44500105175407324931');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);

  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('Holstenstraße')).toBeVisible();
  await expect(page.getByText('Glasbruch (18 € im Jahr), Elementarschäden')).toBeVisible();
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/HR-\d{8}/)).toBeVisible();
  await expect(page.getByText(/10,19\s€ monatlich/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the sum follows the living space, and natural hazards are refused in a high flood zone', async ({
  page,
}) => {
  await page.goto('/antrag/hausrat?residence=01067&livingSpace=60');
  await addressStep(page, 'Dresden', 'Theaterplatz');
  await homeStep(page, '60,00');

  // No sum in the link: 60 m² x 650 € is suggested.
  await atStep(page, 'Ihr Versicherungsschutz');
  await expect(sum(page)).toHaveValue('39.000,00');
  await choose(page, 'Selbstbeteiligung je Schadenfall', 'Keine Selbstbeteiligung');
  // Dresden, zone 2: 39 x 1.45 = 56.55 a year.
  await expect(priceBox(page)).toContainText(/56,55\s€ jährlich/);
  await page.getByRole('checkbox', { name: /Elementarschäden/ }).check();
  await expect(priceBox(page)).toContainText(
    'In Gebieten mit hoher Hochwassergefahr (Gefährdungsklasse 4) können wir Elementarschäden online leider nicht versichern.',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: /Elementarschäden/ }).uncheck();
  await expect(priceBox(page)).toContainText(/56,55\s€ jährlich/);

  // A larger flat: the suggested sum, not changed by the user, follows it.
  await page.getByRole('button', { name: 'Zurück' }).click();
  await atStep(page, 'Ihre Wohnung');
  await page.getByLabel('Wohnfläche in m²', { exact: true }).fill('70');
  await next(page);
  await atStep(page, 'Ihr Versicherungsschutz');
  await expect(sum(page)).toHaveValue('45.500,00');
});
