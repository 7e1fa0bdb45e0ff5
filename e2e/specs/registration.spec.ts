import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signIn } from '../support/signIn.ts';

// Registration, password reset and password change as a customer uses them, with the pools'
// password policy (at least 12 characters, no common passwords) in German on every page. The
// codes come from the local outbox (the server runs with DEV_OUTBOX=on).

/** The newest code the local outbox holds for a user. */
async function newestCode(page: Page, username: string): Promise<string> {
  const response = await page.request.get(
    `/api/identity/dev/outbox?username=${encodeURIComponent(username)}`,
  );
  const [message] = (await response.json()) as { code: string }[];
  return message?.code ?? '';
}

const TOO_SHORT = 'Bitte wählen Sie ein Passwort mit mindestens 12 Zeichen.';
const TOO_COMMON = /Dieses Passwort ist zu leicht zu erraten/;

test('a customer registers with the customer number and the code sent to the address on file', async ({
  page,
}) => {
  // The demo customer left without an account for registration (README).
  const email = 'kontakt@schneider-gastro.example';
  await page.goto('/kunden/registrieren');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Kundennummer').fill('4000102');
  const password = page.getByLabel('Passwort', { exact: true });
  await password.fill('12345678aA');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihre Angaben' })).toBeVisible();
  await expect(page.getByRole('link', { name: TOO_SHORT })).toBeVisible();

  await password.fill('Passwort1234');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page.locator('.info-box--error')).toContainText(TOO_COMMON);
  await expectNoAxeViolations(page);

  await password.fill('Gastro-Kennwort-Kiel-2026');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Registrierung bestätigen' }),
  ).toBeVisible();
  await expect(page.getByText(/haben wir Ihnen einen 6-stelligen Code/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Bestätigungscode').fill(await newestCode(page, email));
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Registrierung abgeschlossen' }),
  ).toBeVisible();

  await page.goto('/kunden/login');
  await signIn(page, email, 'Gastro-Kennwort-Kiel-2026');
  await expect(page).toHaveURL(/\/kunden\/$/);
});

test('a customer resets a forgotten password and changes it, refused a common one on both pages', async ({
  page,
}) => {
  const email = 'buero@schulz-architekten.example';
  await page.goto('/kunden/passwort-vergessen');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Code anfordern' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }),
  ).toBeVisible();
  await page.getByLabel('Bestätigungscode').fill(await newestCode(page, email));
  const newPassword = page.getByLabel('Neues Passwort');
  await newPassword.fill('kurz-2025');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('link', { name: TOO_SHORT })).toBeVisible();
  await newPassword.fill('Passwort1234');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.locator('.info-box--error')).toContainText(TOO_COMMON);
  await newPassword.fill('Architektur-am-Hafen-7');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort geändert' })).toBeVisible();

  await page.goto('/kunden/login?ziel=%2Fkunden%2Fkundendaten%2Fpasswort');
  await signIn(page, email, 'Architektur-am-Hafen-7');
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
  await page.getByLabel('Bisheriges Passwort').fill('Architektur-am-Hafen-7');
  await page.getByLabel('Neues Passwort').fill('Sommer2025!!!!');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.locator('.info-box--error')).toContainText(TOO_COMMON);
  await page.getByLabel('Neues Passwort').fill('Entwurf-fuer-die-Werft-8');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Ihr neues Passwort ist gespeichert.')).toBeVisible();
});
