import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { firstOfMonth } from '../support/dates.ts';
import { downloadedPdfText } from '../support/pdf.ts';
import { signIn } from '../support/signIn.ts';
import { atStep, choose, heading, next } from '../support/wizard.ts';

// The business liability (definitions/applications/betriebshaftpflicht.json) and its change of
// tariff for existing BHV_1 contracts (betriebshaftpflicht-wechsel.json) are data only: a business
// applies from a prefilled link, and a signed-in customer changes the tariff from the contract.

const priceBox = (page: Page) => page.getByRole('region', { name: /^Ihr Beitrag/ });

/** Fails "Weiter" on purpose: the error summary names the problem and axe finds nothing. */
async function failedNext(page: Page, message: string): Promise<void> {
  await next(page);
  await expect(page.getByRole('link', { name: message })).toBeVisible();
  await expectNoAxeViolations(page);
}

test('the home page offers the application, not the change of tariff of existing contracts', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('a[href*="tarifwechsel"]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Betriebshaftpflicht abschließen' }).click();
  await expect(page).toHaveURL(/\/antrag\/betriebshaftpflicht\/betrieb$/);
  await expect(heading(page, 'Ihr Betrieb')).toBeFocused();
});

test('a business applies from a prefilled link, choosing an additional business with the keyboard', async ({
  page,
}) => {
  await page.goto(
    '/antrag/betriebshaftpflicht?mainBusiness=B%C3%A4ckerei&turnover=300000&insuranceSum=5000000',
  );
  await atStep(page, 'Ihr Betrieb');
  // The link's values are in the fields.
  const main = page.getByRole('combobox', { name: 'Hauptgewerbe' });
  await expect(main).toHaveValue('Bäckerei');
  await expect(page.getByLabel('Jahresumsatz in Euro', { exact: true })).toHaveValue(/^300\.000/);

  // An additional business, found in the finder and chosen with the keyboard alone.
  await page.getByRole('button', { name: 'Nebengewerbe hinzufügen' }).focus();
  await page.keyboard.press('Enter');
  const additional = page
    .getByRole('group', { name: 'Nebengewerbe 1' })
    .getByRole('combobox', { name: 'Gewerbe' });
  await expect(additional).toBeFocused();
  await page.keyboard.type('Caf');
  await expect(page.getByRole('option', { name: 'Café' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(additional).toHaveValue('Café');

  // A business founded before 2019 is not insured online: the German message says so.
  const founded = page.getByLabel('Gründungsdatum', { exact: true });
  await founded.fill('31.12.2018');
  await page.getByLabel('Anzahl der Mitarbeiterinnen und Mitarbeiter', { exact: true }).fill('6');
  await page.getByLabel('Rechtsform (optional)').selectOption({ label: 'GmbH' });
  await failedNext(page, 'Das Gründungsdatum darf nicht vor dem 01.01.2019 liegen.');
  await founded.fill('01.03.2020');
  await next(page);

  await atStep(page, 'Ihr Versicherungsschutz');
  await expect(page.getByRole('radio', { name: '5 Mio. €' })).toBeChecked();
  await choose(page, 'Selbstbeteiligung je Schaden', '250 €');
  await page.getByRole('checkbox', { name: 'Erweiterte Produkthaftpflicht' }).check();
  await page.getByRole('checkbox', { name: 'Mietsachschäden an Betriebsräumen' }).check();
  await expect(priceBox(page)).toContainText('jährlich');
  await next(page);

  await atStep(page, 'Fragen zum Risiko');
  await choose(page, 'Wie viele Haftpflichtschäden', 'keinen');
  await choose(page, 'Ist Ihr Betrieb auch im Ausland tätig?', 'Nein');
  await choose(page, 'Führt Ihr Betrieb Arbeiten in mehr als 20 Metern Höhe aus?', 'Nein');
  await next(page);

  await atStep(page, 'Ihr Unternehmen');
  await page.getByLabel('Name des Unternehmens', { exact: true }).fill('Backstube Hansen GmbH');
  await choose(page, 'Anrede der Ansprechperson', 'Frau');
  await page.getByLabel('Vorname der Ansprechperson', { exact: true }).fill('Frauke');
  await page.getByLabel('Nachname der Ansprechperson', { exact: true }).fill('Hansen');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('info@backstube.example');
  await page.getByLabel('Postleitzahl des Betriebssitzes', { exact: true }).fill('24103');
  await page.getByRole('combobox', { name: 'Ort' }).fill('Kiel');
  await page.getByRole('combobox', { name: 'Straße' }).fill('Holstenstraße');
  await page.getByLabel('Hausnummer', { exact: true }).fill('5');
  await next(page);

  await atStep(page, 'Versicherungsbeginn');
  // Proposed: the first of next month.
  await expect(
    page.getByLabel('Ab wann soll Ihr Betrieb versichert sein?', { exact: true }),
  ).toHaveValue(firstOfMonth(1).typed);
  await next(page);

  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'vierteljährlich');
  // 232 (class 2, up to 500,000 €) * 1.12 + 12 % + 30 € - 5 % = 304.97 net; quarterly 93.45.
  await expect(priceBox(page)).toContainText('93,45 € vierteljährlich');
  await next(page);

  await atStep(page, 'Bankverbindung');
  await expect(page.getByLabel(/Kontoinhaberin oder Kontoinhaber/)).toHaveValue(
    'Backstube Hansen GmbH',
  );
  await page.getByLabel('IBAN', { exact: true }).fill('DE44500105175407324931');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);

  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('Café')).toBeVisible();
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/BH-\d{8}/)).toBeVisible();
  await expect(page.getByText(/93,45\s€ vierteljährlich/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a signed-in customer changes the tariff of the business liability from the contract page', async ({
  page,
}) => {
  await page.goto('/kunden/vertraege');
  await signIn(page, 'info@becker-elektro.example');
  await expect(heading(page, 'Meine Verträge')).toBeVisible();
  await page.locator('a[href="/kunden/vertraege/AS-10000201"]').click();
  await expect(heading(page, /AS-10000201/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'In den neuen Tarif wechseln' }).click();

  await expect(page).toHaveURL(/\/kunden\/vertraege\/AS-10000201\/tarifwechsel\/betrieb$/);
  await atStep(page, 'Ihr Betrieb heute');
  await expect(page.getByText(/Tarifwechsel für Ihren Vertrag AS-10000201/)).toBeVisible();
  // Filled from the contract.
  await expect(page.getByRole('combobox', { name: 'Hauptgewerbe' })).toHaveValue(
    'Elektroinstallation',
  );
  await expect(
    page.getByRole('group', { name: 'Nebengewerbe 1' }).getByRole('combobox', { name: 'Gewerbe' }),
  ).toHaveValue('Onlinehandel');
  await expect(page.getByLabel('Jahresumsatz in Euro', { exact: true })).toHaveValue(/^940\.000/);
  await expect(priceBox(page)).toContainText('Bisher:');
  // Not filled from the contract: asked, with a German message and help.
  await failedNext(page, 'Bitte geben Sie die Anzahl der Mitarbeiterinnen und Mitarbeiter an.');
  await page.getByRole('button', { name: /^Hilfe zu Anzahl der Mitarbeiterinnen/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await page.getByLabel('Anzahl der Mitarbeiterinnen und Mitarbeiter', { exact: true }).fill('8');
  await next(page);

  await atStep(page, 'Ihr Versicherungsschutz im neuen Tarif');
  await expect(page.getByRole('radio', { name: '5 Mio. €' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '500 €' })).toBeChecked();
  await next(page);

  await atStep(page, 'Fragen zum Risiko');
  await choose(page, 'Wie viele Haftpflichtschäden', 'keinen');
  await choose(page, 'Ist Ihr Betrieb auch im Ausland tätig?', 'Nein');
  await choose(page, 'Führt Ihr Betrieb Arbeiten in mehr als 20 Metern Höhe aus?', 'Nein');
  await next(page);

  await atStep(page, 'Wechseldatum');
  await expect(page.getByLabel('Ab wann soll der neue Tarif gelten?', { exact: true })).toHaveValue(
    firstOfMonth(1).typed,
  );
  await next(page);

  await atStep(page, 'Zahlungsweise');
  await expect(page.getByRole('radio', { name: 'halbjährlich' })).toBeChecked();
  await next(page);

  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  // The new premium next to the current one: 414 * 1.12 - 10 % = 417.31 net; half-yearly 253.27.
  await expect(priceBox(page)).toContainText('Neu: 253,27 € halbjährlich');
  await expect(priceBox(page)).toContainText(/Bisher: [\d.]+,\d{2}\s€ im Jahr/);
  // The documents of the change: its customer information, the service overview and the offer.
  await expect(
    page.getByRole('link', { name: /^Kundeninformation zum Wechseltarif der Betriebshaftpflicht/ }),
  ).toHaveAttribute('href', '/api/dokumente/kundeninformation/BHV_WECHSELTARIF');
  await expect(
    page.getByRole('link', { name: /^Leistungsübersicht des Wechseltarifs/ }),
  ).toHaveAttribute('href', '/api/dokumente/leistungsuebersicht-wechseltarif');
  await expect(
    page.getByRole('button', { name: 'Beratungsdokumentation als PDF herunterladen' }),
  ).toHaveCount(0);
  const [offer] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Angebot als PDF herunterladen' }).click(),
  ]);
  const offerText = await downloadedPdfText(offer);
  for (const expected of [
    'Ihr Angebot: Betriebshaftpflicht',
    'Hauptgewerbe Elektroinstallation',
    'Beitrag halbjährlich 253,27 €',
  ])
    expect(offerText).toContain(expected);
  await next(page);

  await atStep(page, 'Wechsel beantragen');
  await expect(
    page.getByRole('link', { name: /^Nutzungsbedingungen des Online-Abschlusses/ }),
  ).toHaveAttribute('href', '/api/dokumente/nutzungsbedingungen');
  await page.getByRole('checkbox', { name: /Wechsel meines Vertrags/ }).check();
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('button', { name: 'Wechsel zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Ihr Tarifwechsel ist beantragt')).toBeVisible();
  await expect(page.getByText(/BW-\d{8}/)).toBeVisible();
  const antragsnummer = /BW-\d{8}/.exec(
    (await page.getByText(/BW-\d{8}/).textContent()) ?? '',
  )?.[0];
  expect(antragsnummer).toBeDefined();
  await expect(
    page.getByText(
      new RegExp(`Ab ${firstOfMonth(1).typed.replace(/\./g, '\\.')} zahlen Sie 253,27\\s€`),
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zurück zum Vertrag' }).click();
  await expect(page).toHaveURL(/\/kunden\/vertraege\/AS-10000201$/);
  // A second change of the contract while the first is open: the flow says why, with its number.
  await page.getByRole('link', { name: 'In den neuen Tarif wechseln' }).click();
  await expect(heading(page, 'Leider nicht möglich')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    `liegt uns schon ein Antrag vor (Antragsnummer ${antragsnummer})`,
  );
  await expectNoAxeViolations(page);

  // Not offered for a contract of another product: a German reason instead of the flow.
  await page.goto('/kunden/vertraege/AS-10000202/tarifwechsel');
  await expect(heading(page, 'Leider nicht möglich')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('älteren Tarifgeneration');
  await expectNoAxeViolations(page);
});

test('two presses of "Nebengewerbe hinzufügen" with the mouse add two items, the first left empty', async ({
  page,
}) => {
  await page.goto('/antrag/inhaltsversicherung');
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Betrieb' })).toBeVisible();
  const add = page.getByRole('button', { name: 'Nebengewerbe hinzufügen' });
  await add.click();
  await expect(page.getByRole('group', { name: 'Nebengewerbe 1' })).toBeVisible();
  // Leaving the empty item shows its error above the button: the press must still count.
  await add.click();
  await expect(page.getByRole('group', { name: 'Nebengewerbe 2' })).toBeVisible();
});
