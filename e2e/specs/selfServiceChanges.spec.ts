import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { firstOfMonth, germanDay } from '../support/dates.ts';
import { signIn } from '../support/signIn.ts';

// Contract changes end to end, each on a demo contract no other spec changes: from the contract
// page's link through the calculation and the save to the contract page showing the result.

async function openContract(page: Page, email: string, nummer: string): Promise<void> {
  await page.goto('/kunden/vertraege');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Verträge' })).toBeVisible();
  await page.locator(`a[href="/kunden/vertraege/${nummer}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(nummer) })).toBeVisible();
}

test('moving: a household contract gets the new address with the household data, pending until the move', async ({
  page,
}) => {
  await openContract(page, 'anna.schmidt@beispiel.example', 'AS-10000102');
  await page.getByRole('link', { name: 'Umzug melden (neue Adresse)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre neue Adresse' })).toBeFocused();
  await expect(page.getByText(/Bisherige Adresse:/)).toBeVisible();
  await page.getByLabel('Straße').fill('Hafenstraße');
  await page.getByLabel('Hausnummer').fill('7');
  await page.getByLabel('Postleitzahl').fill('2009');
  await page.getByLabel('Ort', { exact: true }).fill('Hamburg');
  await page.getByLabel('Wohnfläche der neuen Wohnung in m²', { exact: true }).fill('60');
  await page.getByLabel('Etage').fill('2');
  await page.getByLabel('Gebäudeart').selectOption({ label: 'Mehrfamilienhaus' });
  await page.getByRole('checkbox', { name: /Umzugsservice/ }).check();
  const move = firstOfMonth(1);
  await page.getByLabel('Umzugsdatum', { exact: true }).fill(move.typed);
  await page.getByRole('button', { name: 'Beitrag berechnen' }).click();
  // A postcode of four digits is refused with the German message and an example of the brand's market.
  await expect(
    page.getByRole('link', {
      name: 'Bitte geben Sie eine gültige Postleitzahl an, zum Beispiel',
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Postleitzahl').fill('20095');
  await page.getByRole('button', { name: 'Beitrag berechnen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Änderung bestätigen' })).toBeFocused();
  await expect(page.getByText(/Ihr neuer Beitrag: \d+,\d{2}\s€ jährlich/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Änderung speichern' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Änderung ist gespeichert' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zum Vertrag' }).click();
  await expect(
    page.getByText(`Neue Adresse: Hafenstraße 7, 20095 Hamburg ab ${move.typed}`),
  ).toBeVisible();
});

test('bank details: an overdue contract says how to fix it, a test IBAN is refused, a real one saved', async ({
  page,
}) => {
  await openContract(page, 'julia.fischer@beispiel.example', 'SD-30000102');
  await expect(page.getByText('Ihr Beitrag ist überfällig')).toBeVisible();
  await page.getByRole('link', { name: 'Bankverbindung ändern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neue Bankverbindung' })).toBeFocused();
  await expect(page.getByText(/Für diesen Vertrag ist ein Beitrag offen/)).toBeVisible();
  await expectNoAxeViolations(page);
  // A test IBAN: refused as the user leaves the field.
  await page.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await page.getByLabel('Kontoinhaberin oder Kontoinhaber').fill('Julia Fischer');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await page.getByRole('button', { name: 'Bankverbindung speichern' }).click();
  // It says why: the IBAN of examples and test data is nobody's account.
  await expect(page.getByRole('link', { name: /Beispiel-IBAN aus Anleitungen/ })).toBeVisible();
  await page.getByLabel('IBAN', { exact: true }).fill('DE75 5121 0800 1245 1261 99');
  await page.getByRole('button', { name: 'Bankverbindung speichern' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Bankverbindung ist gespeichert' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zurück zum Vertrag' }).click();
  await expect(page.getByText(/endet auf 6199/)).toBeVisible();
  await expect(page.getByText('Ihr Beitrag ist überfällig')).toHaveCount(0);
});

test('cancellation: a reason of the product, the fixed date, the confirmation and the Postfach message', async ({
  page,
}) => {
  await openContract(page, 'laura.meyer@beispiel.example', 'PR-40000101');
  await page.getByRole('link', { name: 'Vertrag kündigen oder widerrufen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Was möchten Sie tun?' })).toBeFocused();
  // Not revocable any more: only the cancellation is offered.
  await expect(page.getByRole('radio', { name: 'Vertrag widerrufen' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Vertrag kündigen' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kündigung' })).toBeFocused();
  await expect(page.getByText(/Er endet am \d{2}\.\d{2}\.\d{4}\./)).toBeVisible();
  await expectNoAxeViolations(page);
  // "Sonstiger Grund" needs a text.
  await page.getByRole('radio', { name: 'Sonstiger Grund' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(
    page.getByRole('link', { name: 'Bitte beschreiben Sie Ihren Grund.' }),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Abgabe oder Tod des Tieres' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kündigung absenden' })).toBeFocused();
  await expect(page.getByText('Versicherungsnummer PR-40000101 zum')).toBeVisible();
  await page.getByRole('button', { name: 'Jetzt verbindlich kündigen' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Kündigung ist bei uns eingegangen' }),
  ).toBeVisible();
  await expect(page.getByText(/Ihr Vertrag PR-40000101 endet zum/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zum Postfach' }).click();
  await expect(page.getByText('Bestätigung Ihrer Kündigung').first()).toBeVisible();
});

test('revocation: a contract within its period is revoked with a reason', async ({ page }) => {
  await openContract(page, 'peter.weber@beispiel.example', 'HFK-20000401');
  await page.getByRole('link', { name: 'Vertrag kündigen oder widerrufen' }).click();
  await expect(page.getByText(/noch bis zum \d{2}\.\d{2}\.\d{4} widerrufen/)).toBeVisible();
  await page.getByRole('radio', { name: 'Vertrag widerrufen' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Widerruf' })).toBeFocused();
  await page.getByRole('radio', { name: 'Ich benötige die Versicherung nicht mehr.' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: 'Jetzt verbindlich widerrufen' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihr Widerruf ist bei uns eingegangen' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Zu meinen Verträgen' }).click();
  await page.locator('a[href="/kunden/vertraege/HFK-20000401"]').click();
  await expect(page.getByText('Storniert')).toBeVisible();
});

test('deductible and family status: a pending change and options from the contract', async ({
  page,
}) => {
  await openContract(page, 'lukas.brunner@beispiel.example', 'PCH-50000102');
  await page.getByRole('link', { name: 'Selbstbeteiligung ändern' }).click();
  // The current deductible (250 €) is not offered again.
  await expect(page.getByRole('radio', { name: '250 €' })).toHaveCount(0);
  await page.getByRole('radio', { name: '500 €' }).check();
  const day = firstOfMonth(2);
  await page.getByLabel('Gültig ab', { exact: true }).fill(day.typed);
  await page.getByRole('button', { name: 'Beitrag berechnen' }).click();
  await expect(page.getByText(/wird vorgemerkt/)).toBeVisible();
  await page.getByRole('button', { name: 'Änderung speichern' }).click();
  await page.getByRole('link', { name: 'Zurück zum Vertrag' }).click();
  await expect(page.getByText(`Selbstbeteiligung: 500 € ab ${day.typed}`)).toBeVisible();

  // A change that does not apply to a contract opened by URL explains why.
  await page.goto('/kunden/selbstbeteiligung/PCH-50000101');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Diese Änderung ist für Ihren Vertrag nicht möglich',
    }),
  ).toBeVisible();
  await expect(page.getByText('keine wählbare Selbstbeteiligung')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('revenue: a business customer gives the new annual revenue and sees the new premium', async ({
  page,
}) => {
  await openContract(page, 'kanzlei@hoffmann-stb.example', 'HFK-20000201');
  await page.getByRole('link', { name: 'Jahresumsatz bestätigen oder ändern' }).click();
  await page.getByRole('radio', { name: 'Nein, ich gebe den neuen Jahresumsatz an' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Neuer Jahresumsatz' })).toBeFocused();
  await page.getByLabel('Jahresumsatz in Euro', { exact: true }).fill('2800000');
  await page.getByLabel('Gültig ab', { exact: true }).fill(germanDay(0));
  await page.getByRole('button', { name: 'Beitrag berechnen' }).click();
  await expect(page.getByText(/Neuer Jahresumsatz: 2\.800\.000,00\s€/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Jahresumsatz speichern' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihr neuer Jahresumsatz ist gespeichert' }),
  ).toBeVisible();
});
