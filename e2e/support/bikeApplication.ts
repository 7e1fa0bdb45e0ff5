import { expect, type Page } from '@playwright/test';
import { germanDay } from './dates.ts';
import { choose, heading, next } from './wizard.ts';

/** Who buys which bike in {@link walkToSummary}; every field has a default. */
export interface BikeBuyer {
  maker: string;
  frame: string;
  price: string;
  firstName: string;
  lastName: string;
  birthday: string;
  email: string;
  houseNumber: string;
}

const LENA: BikeBuyer = {
  maker: 'Cube',
  frame: 'WTR2024001',
  price: '2499',
  firstName: 'Lena',
  lastName: 'Vogt',
  birthday: '14.03.1990',
  email: 'lena.vogt@beispiel.example',
  houseNumber: '12',
};

/**
 * From the bike application's first step (shown, empty) to its summary "Bitte prüfen Sie Ihre
 * Angaben", for any brand: protect-ch with a Swiss address and a QR-bill, the others with a
 * German address and a SEPA mandate.
 */
export async function walkToSummary(
  page: Page,
  brand: string,
  buyer: Partial<BikeBuyer> = {},
): Promise<void> {
  const swiss = brand === 'protect-ch';
  const who = { ...LENA, ...buyer };
  await page.getByRole('combobox', { name: 'Hersteller' }).fill(who.maker);
  await page.getByLabel('Fahrradtyp', { exact: true }).selectOption({ label: 'Trekkingrad' });
  await page.getByLabel('Rahmennummer', { exact: true }).fill(who.frame);
  await page.getByRole('textbox', { name: /^Kaufpreis in/ }).fill(who.price);
  await page.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-30));
  await next(page);

  await expect(heading(page, 'Ihr Versicherungsschutz')).toBeFocused();
  await choose(page, 'Reparaturschutz einschl', 'Ja');
  await choose(page, 'Auch Verschlei', 'Nein');
  await choose(page, 'Schutzbrief einschl', 'Nein');
  await next(page);

  await expect(heading(page, 'Angaben zur versicherten Person')).toBeFocused();
  await choose(page, 'Anrede', 'Frau');
  await page.getByLabel('Vorname', { exact: true }).fill(who.firstName);
  await page.getByLabel('Nachname', { exact: true }).fill(who.lastName);
  await page.getByLabel('Geburtsdatum', { exact: true }).fill(who.birthday);
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(who.email);
  await next(page);

  await expect(heading(page, 'Wo wohnen Sie?')).toBeFocused();
  await page.getByLabel('Postleitzahl', { exact: true }).fill(swiss ? '8001' : '24103');
  await page.getByRole('combobox', { name: 'Ort' }).fill(swiss ? 'Zürich' : 'Kiel');
  await page
    .getByRole('combobox', { name: /^Stra(ß|ss)e/ })
    .fill(swiss ? 'Bahnhofstrasse' : 'Holstenstraße');
  await page.getByLabel('Hausnummer', { exact: true }).fill(who.houseNumber);
  await next(page);

  await expect(heading(page, 'Versicherungsbeginn')).toBeFocused();
  await page.getByRole('textbox', { name: /^Ab wann/ }).fill(germanDay(14));
  await next(page);
  await expect(heading(page, 'Zahlungsweise')).toBeFocused();
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'jährlich');
  await next(page);

  if (swiss) {
    await expect(heading(page, 'Zahlungsart')).toBeFocused();
    await page.getByRole('radio', { name: /QR-Rechnung/ }).check();
  } else {
    await expect(heading(page, 'Bankverbindung')).toBeFocused();
    await page.getByLabel('IBAN', { exact: true }).fill('DE44500105175407324931');
    await page
      .getByLabel(/Kontoinhaberin oder Kontoinhaber/)
      .fill(`${who.firstName} ${who.lastName}`);
    await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  }
  await next(page);
  await expect(heading(page, 'Bitte prüfen Sie Ihre Angaben')).toBeFocused();
  await expect(page.getByRole('region', { name: 'Ihr Beitrag' })).toContainText(
    swiss ? 'CHF' : '€',
  );
}
