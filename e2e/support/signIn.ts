import type { Page } from '@playwright/test';

/** The password of every demo log-in (README). */
export const DEMO_PASSWORD = 'Demo-Passwort-2025';

/** Fills and sends the log-in form shown on the current page. */
export async function signIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel('E-Mail-Adresse').fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}
