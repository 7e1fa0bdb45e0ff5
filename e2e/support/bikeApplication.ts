import { expect, type Page } from '@playwright/test';
import { germanDay } from './dates.ts';
import { choose, heading, next } from './wizard.ts';

/**
 * From the bike application's first step (shown, empty) to its summary "Bitte prüfen Sie Ihre
 * Angaben", for any brand: protect-ch with a Swiss address and a QR-bill, the others with a
 * German address and a SEPA mandate.
 */
export async function walkToSummary(page: Page, brand: string): Promise<void> {
  const swiss = brand === 'protect-ch';
  await page.getByRole('combobox', { name: 'Hersteller' }).fill('Cube');
  await page.getByLabel('Fahrradtyp', { exact: true }).selectOption({ label: 'Trekkingrad' });
  await page.getByLabel('Rahmennummer', { exact: true }).fill('WTR2024001');
  await page.getByRole('textbox', { name: /^Kaufpreis in/ }).fill('2499');
  await page.getByLabel('Kaufdatum', { exact: true }).fill(germanDay(-30));
  await next(page);

  await expect(heading(page, 'Ihr Versicherungsschutz')).toBeFocused();
  await choose(page, 'Reparaturschutz einschl', 'Ja');
  await choose(page, 'Auch Verschlei', 'Nein');
  await choose(page, 'Schutzbrief einschl', 'Nein');
  await next(page);

  await expect(heading(page, 'Angaben zur versicherten Person')).toBeFocused();
  await choose(page, 'Anrede', 'Frau');
  await page.getByLabel('Vorname', { exact: true }).fill('Lena');
  await page.getByLabel('Nachname', { exact: true }).fill('Vogt');
  await page.getByLabel('Geburtsdatum', { exact: true }).fill('14.03.1990');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('lena.vogt@beispiel.example');
  await next(page);

  await expect(heading(page, 'Wo wohnen Sie?')).toBeFocused();
  await page.getByLabel('Postleitzahl', { exact: true }).fill(swiss ? '8001' : '24103');
  await page.getByRole('combobox', { name: 'Ort' }).fill(swiss ? 'Zürich' : 'Kiel');
  await page
    .getByRole('combobox', { name: /^Stra(ß|ss)e/ })
    .fill(swiss ? 'Bahnhofstrasse' : 'Holstenstraße');
  await page.getByLabel('Hausnummer', { exact: true }).fill('12');
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
    await page.getByLabel(/Kontoinhaberin oder Kontoinhaber/).fill('Lena Vogt');
    await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  }
  await next(page);
  await expect(heading(page, 'Bitte prüfen Sie Ihre Angaben')).toBeFocused();
  await expect(page.getByRole('region', { name: 'Ihr Beitrag' })).toContainText(
    swiss ? 'CHF' : '€',
  );
}
