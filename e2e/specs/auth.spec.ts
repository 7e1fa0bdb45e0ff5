import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

const PASSWORD = 'Demo-Passwort-2025';

async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.getByLabel('E-Mail-Adresse').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Client-side navigation (as a link in the app would do), without reloading the page. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a signed-out customer is sent to the log-in and back to the page afterwards', async ({
  page,
}) => {
  await page.goto('/kunden/kundendaten/passwort');
  await expect(page).toHaveURL(/\/kunden\/login\?ziel=%2Fkunden%2Fkundendaten%2Fpasswort/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Anmelden im Kundenportal' }),
  ).toBeFocused();
  await expectNoAxeViolations(page);
  await signIn(page, 'Anna.Schmidt@Beispiel.example');
  await expect(page).toHaveURL(/\/kunden\/kundendaten\/passwort$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
  // A public page opened anew shows the sign-in it remembers in the header.
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Mein Konto' })).toBeVisible();
  await page.goto('/kunden/kundendaten/passwort');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/kunden\/login$/);
  await page.goto('/');
  await expect(header.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await page.goto('/kunden/handynummer-aendern');
  await expect(page).toHaveURL(/\/kunden\/login\?ziel=/);
});

test('a failed log-in shows the error summary first and the same answer for an unknown user', async ({
  page,
}) => {
  await page.goto('/kunden/login');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihre Angaben' })).toBeVisible();
  await expect(page).toHaveTitle(/^Fehler: /);
  await expectNoAxeViolations(page);
  await signIn(page, 'anna.schmidt@beispiel.example', 'Falsches-Passwort-1');
  const box = page.locator('.info-box--error');
  await expect(box).toContainText('E-Mail-Adresse oder Passwort ist nicht richtig.');
  const wrong = (await box.textContent()) ?? '';
  await signIn(page, 'niemand@beispiel.example', 'Falsches-Passwort-1');
  await expect(box).toHaveText(wrong);
});

test('a demo agent signs in and out of the agent portal', async ({ page }) => {
  await page.goto('/vermittler/login');
  await signIn(page, 'ole.petersen@hfk-petersen.example');
  await expect(page).toHaveURL(/\/vermittler\/$/);
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/vermittler\/login$/);
  const stored = await page.evaluate(() =>
    Object.keys(window.localStorage).filter((key) => key.includes('accessToken')),
  );
  expect(stored).toEqual([]);
});

test('an expired access token is refreshed before the next portal page', async ({ page }) => {
  await page.clock.install();
  await page.goto('/kunden/login?ziel=%2Fkunden%2Fhandynummer-aendern');
  await signIn(page, 'klaus.mueller@beispiel.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Handynummer ändern' })).toBeVisible();
  const refresh = page.waitForRequest(
    (request) =>
      request.headers()['x-amz-target'] === 'AWSCognitoIdentityProviderService.InitiateAuth' &&
      (request.postData() ?? '').includes('REFRESH_TOKEN_AUTH'),
  );
  // Two hours later, without running the timers: the stored access token is now expired.
  await page.clock.setSystemTime(Date.now() + 2 * 3600 * 1000);
  await navigateInApp(page, '/kunden/kundendaten/passwort');
  await refresh;
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
  await expect(page).toHaveURL(/\/kunden\/kundendaten\/passwort$/);
});

test('the session warns before it expires and can be extended', async ({ page }) => {
  await page.clock.install();
  await page.goto('/kunden/login?ziel=%2Fkunden%2Fhandynummer-aendern');
  await signIn(page, 'julia.fischer@beispiel.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Handynummer ändern' })).toBeVisible();
  await page.getByLabel('Neue Handynummer').fill('0151 23456789');
  await page.clock.runFor(57 * 60 * 1000);
  const dialog = page.getByRole('alertdialog', { name: 'Ihre Sitzung läuft bald ab' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sitzung verlängern' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Sitzung verlängern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Neue Handynummer')).toHaveValue('0151 23456789');
  // Focus is back in the field the user was typing in, not on the page body.
  await expect(page.getByLabel('Neue Handynummer')).toBeFocused();
});
