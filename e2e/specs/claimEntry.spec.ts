import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

// The private-liability claim app: the first of CLAIM_APP_PORTS the server was started with.
const CLAIM_APP_PORT = (process.env['CLAIM_APP_PORTS'] ?? '4610,4620').split(',')[0]?.trim();

async function fillContract(
  page: Page,
  contract: string,
  name: string,
  birth: string,
): Promise<void> {
  await page.getByLabel('Vertragsnummer', { exact: true }).fill(contract);
  await page.getByLabel('Nachname').fill(name);
  await page.getByLabel('Geburtsdatum').fill(birth);
}

test('hfk, private liability: through every step to the claim app, where the claim is created', async ({
  page,
}) => {
  await page.goto('/schaden-melden?brand=hfk');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Für welche Versicherung möchten Sie einen Schaden melden?',
    }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Kfz-Versicherung' })).toHaveCount(0);
  // One journey: three steps here, four in the claim app.
  await expect(page.getByRole('navigation', { name: 'Fortschritt' })).toContainText(
    'Schritt 1 von 7',
  );
  await page.getByRole('radio', { name: 'Privathaftpflichtversicherung' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schaden melden' })).toBeFocused();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await fillContract(page, 'HFK-20000101', 'müller', '22.07.1968');
  await page.getByRole('button', { name: 'Vertrag prüfen' }).click();

  await page.waitForURL(new RegExp(`^http://localhost:${CLAIM_APP_PORT}/schaden-melden/phv/0/`));
  expect(new URL(page.url()).searchParams.get('brand') ?? 'hfk').toBe('hfk');
  await expect(page.getByRole('heading', { level: 1, name: 'Was ist passiert?' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Fortschritt' })).toContainText(
    'Schritt 4 von 7',
  );
  await expect(page.locator('header')).toContainText('HFK');
  await page.getByRole('radio', { name: 'Eine fremde Sache wurde beschädigt' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Schadendatum', { exact: true }).fill('01.06.2025');
  await page.getByLabel('Schadenort').fill('Lindenstraße 4, Hamburg');
  await page
    .getByLabel('Was ist genau passiert?')
    .fill('Beim Umzug ist mir der Fernseher der Nachbarin heruntergefallen.');
  await page.getByLabel(/Geschätzte Schadenhöhe/).fill('850');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos und Unterlagen' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Kontoinhaber').fill('Klaus Müller');
  await page.getByLabel('IBAN', { exact: true }).fill('DE75512108001245126199');
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveValue('DE75 5121 0800 1245 1261 99');
  await page.getByRole('button', { name: 'Schaden melden' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank, Ihr Schaden ist gemeldet' }),
  ).toBeVisible();
  const confirmation = page.getByText(/Ihre Schadennummer lautet S-\d{4}-[A-Z0-9]{8}\./);
  await expect(confirmation).toBeVisible();
  const aktenId = /S-\d{4}-[A-Z0-9]{8}/.exec((await confirmation.textContent()) ?? '')?.[0] ?? '';

  // Klaus Müller signs in to the customer portal and finds the claim with its confirmation message.
  await page.goto('/kunden/schaeden');
  await page.getByLabel('E-Mail-Adresse').fill('klaus.mueller@beispiel.example');
  await page.getByLabel('Passwort', { exact: true }).fill('Demo-Passwort-2025');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Schäden' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`Schaden ${aktenId}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Schaden ${aktenId}` })).toBeVisible();
  await expect(page.getByText(`Eingangsbestätigung zu Schaden ${aktenId}`)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a made-up claim product is not found: the German not-found page with its title, and a 404', async ({
  page,
}) => {
  for (const base of ['', `http://localhost:${CLAIM_APP_PORT}`]) {
    const response = await page.goto(`${base}/schaden-melden/zz/0?brand=hfk&token=abc`);
    expect(response?.status(), `${base} answers 404`).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Seite nicht gefunden – HFK');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
  }
  // A claim product the data has is a claim form.
  const real = await page.goto(`http://localhost:${CLAIM_APP_PORT}/schaden-melden/phv/0?brand=hfk`);
  expect(real?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Was ist passiert?' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(4);
});

test('hfk, business liability: shows the explanation, skips the start and forwards to the business liability claim app with its damage types', async ({
  page,
}) => {
  await page.goto('/schaden-melden?brand=hfk');
  await page.getByRole('radio', { name: 'Betriebshaftpflicht' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/schaden-melden\/erklaerung-bhv$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Schaden in der Betriebshaftpflicht melden' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/schaden-melden\/vertrags-und-kontaktdaten$/);
  await fillContract(page, 'HFK-20000201', 'Hoffmann', '05.11.1979');
  await page.getByRole('button', { name: 'Vertrag prüfen' }).click();
  await page.waitForURL(new RegExp(`^http://localhost:${CLAIM_APP_PORT}/schaden-melden/bhv/0/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Was ist passiert?' })).toBeVisible();
  await expect(
    page.getByRole('radio', { name: 'Ein Kunde oder Dritter hat einen finanziellen Schaden' }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Leitungswasser' })).toHaveCount(0);
});

test('a brand other than hfk starts without the product choice', async ({ page }) => {
  await page.goto('/schaden-melden?brand=s-direkt');
  await expect(page).toHaveURL(/\/schaden-melden\/start$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schaden melden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zurück' })).toHaveCount(0);
});

test('wrong contract data marks the three fields and shows the info box', async ({ page }) => {
  await page.goto('/schaden-melden/vertrags-und-kontaktdaten?brand=andsafe');
  await fillContract(page, 'AS-10000101', 'Falsch', '01.01.1970');
  await page.getByRole('button', { name: 'Vertrag prüfen' }).click();
  await expect(
    page.getByRole('heading', { name: 'Wir konnten Ihren Vertrag nicht finden' }),
  ).toBeVisible();
  for (const label of ['Nachname', 'Geburtsdatum'])
    await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Vertragsnummer', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page.getByLabel('Nachname')).toHaveValue('Falsch');
  await expectNoAxeViolations(page);
});

test('a contract of another brand is not found: the claim stays within its brand', async ({
  page,
}) => {
  // HFK-20000101 is an hfk contract (README); andsafe's claim entry must not forward it.
  await page.goto('/schaden-melden/vertrags-und-kontaktdaten?brand=andsafe');
  await fillContract(page, 'HFK-20000101', 'Müller', '22.07.1968');
  await page.getByRole('button', { name: 'Vertrag prüfen' }).click();
  await expect(
    page.getByRole('heading', { name: 'Wir konnten Ihren Vertrag nicht finden' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/schaden-melden\/vertrags-und-kontaktdaten/);
});

test('the claim entry can be completed with the keyboard alone', async ({ page }) => {
  await page.goto('/schaden-melden?brand=hfk');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Privathaftpflichtversicherung' })).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Hausratversicherung' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Schaden melden' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vertrags- und Kontaktdaten' }),
  ).toBeFocused();
});

const flagMap = (on: boolean) => ({
  'enable-vehicle-insurance-claim-report': {
    value: on,
    version: 1,
    variation: on ? 0 : 1,
    trackEvents: false,
  },
  'use-contentful-preview': { value: false, version: 1, variation: 1, trackEvents: false },
});

test('the motor vehicle option appears only when the flag enable-vehicle-insurance-claim-report is on', async ({
  page,
}) => {
  await page.route('**/api/flags/sdk/evalx/**', (route) => route.fulfill({ json: flagMap(true) }));
  await page.goto('/schaden-melden/produkt-auswahl?brand=hfk');
  await expect(page.getByRole('radio', { name: 'Kfz-Versicherung' })).toBeVisible();
  await page.unroute('**/api/flags/sdk/evalx/**');
  await page.route('**/api/flags/sdk/evalx/**', (route) => route.fulfill({ json: flagMap(false) }));
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Privathaftpflichtversicherung' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Kfz-Versicherung' })).toHaveCount(0);
});

test('the step shows before the flags answer; the motor vehicle option joins when they do', async ({
  page,
}) => {
  let answer: (() => void) | undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/flags/sdk/evalx/**', async (route) => {
    await held;
    await route.fulfill({ json: flagMap(true) });
  });
  await page.goto('/schaden-melden/produkt-auswahl?brand=hfk');
  const picked = page.getByRole('radio', { name: 'Hausratversicherung' });
  await picked.check();
  await expect(page.getByRole('radio', { name: 'Kfz-Versicherung' })).toHaveCount(0);
  answer?.();
  await expect(page.getByRole('radio', { name: 'Kfz-Versicherung' })).toBeVisible();
  await expect(picked).toBeChecked();
});

test('the flag SDK starts on the values it kept from the last visit; the service’s new answer reaches the shown step', async ({
  page,
}) => {
  const motor = page.getByRole('radio', { name: 'Kfz-Versicherung' });
  await page.route('**/api/flags/sdk/evalx/**', (route) => route.fulfill({ json: flagMap(true) }));
  await page.goto('/schaden-melden/produkt-auswahl?brand=hfk');
  await expect(motor).toBeVisible();
  await page.unroute('**/api/flags/sdk/evalx/**');
  let answer: (() => void) | undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/flags/sdk/evalx/**', async (route) => {
    await held;
    await route.fulfill({ json: flagMap(false) });
  });
  await page.reload();
  const picked = page.getByRole('radio', { name: 'Hausratversicherung' });
  await picked.check();
  await expect(motor).toBeVisible();
  answer?.();
  await expect(motor).toHaveCount(0);
  await expect(picked).toBeChecked();
});
