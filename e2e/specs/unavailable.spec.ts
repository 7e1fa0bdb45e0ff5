import { expect, test } from '@playwright/test';
import { expectPageAccessible } from '../support/axe.ts';

// The claim app the claim entry forwards to: the first of CLAIM_APP_PORTS.
const CLAIM_APP_PORT = (process.env['CLAIM_APP_PORTS'] ?? '4610,4620').split(',')[0]?.trim();

test('a 503 during a flow shows the German unavailable page, keeps the answers and goes on after a retry', async ({
  page,
}) => {
  await page.goto('/schaden-melden?brand=hfk');
  await page.getByRole('radio', { name: 'Privathaftpflichtversicherung' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schaden melden' })).toBeFocused();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Vertragsnummer', { exact: true }).fill('HFK-20000101');
  await page.getByLabel('Nachname').fill('Müller');
  await page.getByLabel('Geburtsdatum').fill('22.07.1968');

  // The database is away: the look-up answers 503 as the server does in an outage.
  // The look-up names the brand in its query (?marke=hfk): matched by its path.
  const lookUp = (url: URL) => url.pathname === '/api/schadenmeldung/vertrag';
  await page.route(lookUp, (route) =>
    route.fulfill({
      status: 503,
      headers: { 'retry-after': '5', 'content-type': 'application/json' },
      body: JSON.stringify({
        error: 'unavailable',
        message:
          'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
      }),
    }),
  );
  await page.getByRole('button', { name: 'Vertrag prüfen' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Vorübergehend nicht erreichbar' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('Ihre Angaben bleiben gespeichert');
  await expect(page.getByLabel('Vertragsnummer', { exact: true })).toBeHidden();

  // The database is back: the same call goes again and the flow goes on with the kept answers.
  await page.unroute(lookUp);
  await page.getByRole('button', { name: 'Noch einmal versuchen' }).click();
  await page.waitForURL(new RegExp(`^http://localhost:${CLAIM_APP_PORT}/schaden-melden/phv/0/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Was ist passiert?' })).toBeVisible();
});

test("a 503 of a page's data shows the unavailable notice; its retry loads the page", async ({
  page,
}) => {
  // The server sheds the API (or the database is away): the page's data answers 503.
  await page.route('**/api/dokumente', (route) =>
    route.fulfill({
      status: 503,
      headers: { 'retry-after': '5', 'content-type': 'application/json' },
      body: JSON.stringify({
        error: 'unavailable',
        message:
          'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
      }),
    }),
  );
  await page.goto('/downloads');
  const notice = page.getByRole('alert').filter({ hasText: 'Vorübergehend nicht erreichbar' });
  await expect(notice).toBeVisible();
  await expect(
    notice.getByRole('heading', { level: 2, name: 'Vorübergehend nicht erreichbar' }),
  ).toBeVisible();
  await expectPageAccessible(page);

  await page.unroute('**/api/dokumente');
  await notice.getByRole('button', { name: 'Noch einmal versuchen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Kundeninformationen' })).toBeVisible();
  await expect(notice).toBeHidden();
});

test("a page whose own script does not load shows the HTML shell's German notice", async ({
  page,
}) => {
  await page.route('**/assets/index-*.js', (route) => route.fulfill({ status: 500, body: '' }));
  await page.goto('/antrag/fahrrad');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Die Seite konnte nicht vollständig geladen werden',
    }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Seite neu laden' })).toBeVisible();

  // The script is back: reloading shows the app, and the shell's notice is gone.
  await page.unroute('**/assets/index-*.js');
  await page.getByRole('link', { name: 'Seite neu laden' }).click();
  await expect(page.getByLabel('Rahmennummer', { exact: true })).toBeVisible();
  await expect(page.locator('.shell-notice')).toHaveCount(0);
});

test('an aborted script load shows the notice too, and a normal load never does', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('.shell-notice')).toHaveCount(0);

  await page.route('**/assets/index-*.js', (route) => route.abort());
  await page.goto('/kunden/login');
  await expect(
    page.getByRole('heading', { name: 'Die Seite konnte nicht vollständig geladen werden' }),
  ).toBeVisible();
});
