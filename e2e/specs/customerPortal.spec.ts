import { expect, test, type Page } from '@playwright/test';
import { expectPageAccessible } from '../support/axe.ts';
import { signIn } from '../support/signIn.ts';

// The customer portal as a signed-in customer uses it: the start page, the Postfach with its two
// boxes, writing a message with an attachment, reading the reply, changing the e-mail address with
// the code sent to it and the contact data. Every page is checked with axe and at 320 px.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** The newest code the local outbox holds for a user (the demo's "sent" e-mails and SMS). */
async function newestCode(page: Page, username: string): Promise<string> {
  const response = await page.request.get(
    `/api/identity/dev/outbox?username=${encodeURIComponent(username)}`,
  );
  const [message] = (await response.json()) as { code: string }[];
  return message?.code ?? '';
}

test('a customer signs in to the start page, writes a message with an attachment and reads the reply', async ({
  page,
}) => {
  await page.goto('/kunden/login?brand=andsafe');
  await signIn(page, 'anna.schmidt@beispiel.example');
  await expect(page).toHaveURL(/\/kunden\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Willkommen, Anna Schmidt' }),
  ).toBeVisible();
  await expect(page.getByText(/Sie haben \d+ Verträge, davon \d+ aktiv\./)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Kundenportal' });
  await expect(nav.getByRole('link', { name: /Postfach \(1 ungelesen\)/ })).toBeVisible();
  await expectPageAccessible(page);

  // Read the unread message: the count in the navigation goes away.
  await nav.getByRole('link', { name: /Postfach/ }).click();
  await expect(page).toHaveURL(/\/kunden\/postfach\/eingang$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Postfach: Posteingang' }),
  ).toBeVisible();
  await expectPageAccessible(page);
  await page.getByRole('link', { name: /Ihre Beitragsrechnung/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Beitragsrechnung' }),
  ).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Postfach', exact: true })).toBeVisible();
  await expectPageAccessible(page);

  // Write a message with a PDF attachment.
  await page.goto('/kunden/nachricht');
  await expect(page.getByRole('heading', { level: 1, name: 'Nachricht an uns' })).toBeVisible();
  await expect(page.getByLabel('Ihre Nachricht')).toHaveAttribute(
    'placeholder',
    'Nachricht schreiben',
  );
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(
    page.getByRole('link', { name: 'Bitte geben Sie einen Betreff ein.' }),
  ).toBeVisible();
  await expectPageAccessible(page);
  await page.getByLabel('Betreff').fill('Rechnung für das Fahrradschloss');
  await page.getByLabel('Ihre Nachricht').fill('Anbei die Rechnung für das neue Schloss.');
  await page.getByLabel('Anhänge (optional)').setInputFiles({
    name: 'rechnung-schloss.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('rechnung-schloss.pdf wurde hochgeladen.')).toBeAttached();
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Nachricht ist gesendet' }),
  ).toBeVisible();
  await expectPageAccessible(page);

  // It is listed under "Gesendet", with its attachment.
  await page.getByRole('link', { name: 'Gesendete Nachrichten ansehen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Postfach: Gesendet' })).toBeVisible();
  await expectPageAccessible(page);
  await page.getByRole('link', { name: /Rechnung für das Fahrradschloss/ }).click();
  await expect(
    page.getByRole('button', { name: 'rechnung-schloss.pdf herunterladen' }),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'rechnung-schloss.pdf herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('rechnung-schloss.pdf');
  await expectPageAccessible(page);

  // The reply waits unread in the inbox; reading it, then deleting it.
  await page.goto('/kunden/postfach/eingang');
  await expect(nav.getByRole('link', { name: /Postfach \(1 ungelesen\)/ })).toBeVisible();
  await page
    .getByRole('link', { name: /Eingangsbestätigung: Rechnung für das Fahrradschloss/ })
    .click();
  await expect(page.getByText(/Sie ist bei uns eingegangen/)).toBeVisible();
  await page.getByRole('button', { name: 'Nachricht löschen' }).click();
  await expect(page.getByText(/Möchten Sie die Nachricht/)).toBeVisible();
  await expectPageAccessible(page);
  await page.getByRole('button', { name: 'Ja, löschen' }).click();
  await expect(page).toHaveURL(/\/kunden\/postfach\/eingang$/);
  await expect(page.getByRole('status').filter({ hasText: 'ist gelöscht' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Eingangsbestätigung: Rechnung/ })).toHaveCount(0);
});

test('a customer changes the e-mail address with the code sent to it, and the contact data', async ({
  page,
}) => {
  const username = 'laura.meyer@beispiel.example';
  await page.goto('/kunden/kundendaten?brand=protect');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
  await expect(page.getByText(username)).toBeVisible();
  await expectPageAccessible(page);

  await page.getByRole('link', { name: 'E-Mail-Adresse ändern' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse ändern' }),
  ).toBeVisible();
  await expectPageAccessible(page);
  await page.getByLabel('Neue E-Mail-Adresse').fill('anna.schmidt@beispiel.example');
  await page.getByRole('button', { name: 'Code an neue Adresse senden' }).click();
  await expect(page.getByText(/gehört schon zu einem anderen Konto/)).toBeVisible();
  await page.getByLabel('Neue E-Mail-Adresse').fill('Laura.Meyer@Neu-Beispiel.example');
  await page.getByRole('button', { name: 'Code an neue Adresse senden' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Neue E-Mail-Adresse bestätigen' }),
  ).toBeVisible();
  await expect(page.getByText(/an laura\.meyer@neu-beispiel\.example geschickt/)).toBeVisible();
  await expectPageAccessible(page);
  const code = await newestCode(page, username);
  await page.getByLabel('Bestätigungscode').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByText('Der Code ist nicht richtig. Bitte prüfen Sie ihn.')).toBeVisible();
  await page.getByLabel('Bestätigungscode').fill(code);
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse geändert' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zu Ihren Kundendaten' }).click();
  await expect(page.getByText('laura.meyer@neu-beispiel.example')).toBeVisible();

  await page.getByRole('link', { name: 'Anschrift und Kontaktweg ändern' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Anschrift und Kontaktweg ändern' }),
  ).toBeVisible();
  await expectPageAccessible(page);
  await page.getByLabel('Postleitzahl').fill('8033');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(
    page.getByRole('link', {
      name: 'Bitte geben Sie eine gültige Postleitzahl ein, zum Beispiel',
    }),
  ).toBeVisible();
  await page.getByLabel('Straße').fill('Sendlinger Straße');
  await page.getByLabel('Hausnummer').fill('7');
  await page.getByLabel('Postleitzahl').fill('80331');
  await page.getByLabel('Ort', { exact: true }).fill('München');
  await page.getByLabel('per Chat im Kundenportal').check();
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByText('Ihre Anschrift und Ihr Kontaktweg sind gespeichert.')).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zu Meine Daten' }).click();
  await expect(page.getByText('Sendlinger Straße 7, 80331 München')).toBeVisible();
  await expect(page.getByText('per Chat im Kundenportal')).toBeVisible();

  await page.goto('/kunden/kontakt');
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: '+49 89 5555 4000' }),
  ).toBeVisible();
  await expectPageAccessible(page);
});

test('a customer reads a claim’s messages and uploads a document the claim still needs', async ({
  page,
}) => {
  await page.goto('/kunden/schaeden/S-2025-000102?brand=andsafe');
  await signIn(page, 'anna.schmidt@beispiel.example');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Schaden S-2025-000102' }),
  ).toBeVisible();
  await expect(page.getByText(/fehlen uns noch 2 Unterlagen/)).toBeVisible();
  await expectPageAccessible(page);
  await page.getByLabel('Kaufbeleg oder Rechnung des Fahrrads hochladen').setInputFiles({
    name: 'kaufbeleg-fahrrad.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText(/Kaufbeleg oder Rechnung des Fahrrads: erhalten am/)).toBeVisible();
  await expect(page.getByText(/fehlt uns noch 1 Unterlage/)).toBeVisible();
  await expect(
    page.getByRole('heading', {
      level: 3,
      name: 'Unterlage: Kaufbeleg oder Rechnung des Fahrrads',
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'kaufbeleg-fahrrad.pdf herunterladen' }),
  ).toBeVisible();
  // A file of a type the platform does not take is refused with the server's German reason.
  await page.getByLabel('Bestätigung der Anzeige bei der Polizei hochladen').setInputFiles({
    name: 'anzeige.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
  });
  await expect(page.getByRole('alert')).toContainText(/Datei/);
  await expectPageAccessible(page);
});

test('a customer changes the mobile number with the SMS TAN sent to it', async ({ page }) => {
  const username = 'klaus.mueller@beispiel.example';
  // The older address of the page opens the same change.
  await page.goto('/kunden/handynummer-aendern?brand=andsafe');
  await signIn(page, username);
  await expect(page.getByRole('heading', { level: 1, name: 'Handynummer ändern' })).toBeVisible();
  await expectPageAccessible(page);

  await page.goto('/kunden/kundendaten');
  await expect(page.getByText('keine hinterlegt')).toBeVisible();
  await page.getByRole('link', { name: 'Handynummer ändern' }).click();
  await expect(page).toHaveURL(/\/kunden\/kundendaten\/handynummer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Handynummer ändern' })).toBeVisible();
  await page.getByLabel('Neue Handynummer').fill('040 1234567');
  await page.getByRole('button', { name: 'TAN per SMS senden' }).click();
  await expect(
    page.getByRole('link', { name: 'Bitte geben Sie eine gültige Handynummer ein.' }),
  ).toBeVisible();
  await expectPageAccessible(page);
  await page.getByLabel('Neue Handynummer').fill('0151 22334455');
  await page.getByRole('button', { name: 'TAN per SMS senden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'TAN eingeben' })).toBeVisible();
  await expect(
    page.getByText(/eine SMS mit einer 6-stelligen TAN an \+4915122334455/),
  ).toBeVisible();
  await expectPageAccessible(page);

  const response = await page.request.get(
    `/api/identity/dev/outbox?username=${encodeURIComponent(username)}`,
  );
  const [sms] = (await response.json()) as { channel: string; destination: string; code: string }[];
  expect(sms).toMatchObject({ channel: 'SMS', destination: '+4915122334455' });
  const tan = sms?.code ?? '';
  await page.getByLabel('TAN aus der SMS').fill(tan === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Handynummer bestätigen' }).click();
  await expect(page.getByText('Der Code ist nicht richtig. Bitte prüfen Sie ihn.')).toBeVisible();
  await page.getByLabel('TAN aus der SMS').fill(tan);
  await page.getByRole('button', { name: 'Handynummer bestätigen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Handynummer geändert' })).toBeVisible();
  await expectPageAccessible(page);
  await page.getByRole('link', { name: 'Zurück zu Ihren Kundendaten' }).click();
  // Shown as people read it, in national notation.
  await expect(page.getByText('01512 2334455')).toBeVisible();
  await expect(page.getByText('keine hinterlegt')).toHaveCount(0);
});
