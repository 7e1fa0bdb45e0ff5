import { expect, test, type Page } from '@playwright/test';
import { expectPageAccessible } from '../support/axe.ts';
import { signIn } from '../support/signIn.ts';

// The agent portal as an agent uses it: the agency's contracts and one contract, own data,
// settings, agency, questions and messages; creating a sub-agent who then signs in with the
// temporary password from the e-mail; a broker mail's extranet link that opens after sign-in.

const AGENT = 'jens.hansen@vb-hansen.example';

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('an agent reads the agency’s contracts, own data, agency, settings, questions and messages', async ({
  page,
}) => {
  await page.goto('/vermittler/vertraege?brand=andsafe');
  await signIn(page, AGENT);
  await heading(page, 'Verträge Ihrer Kunden');
  const row = page.getByRole('row').filter({ hasText: 'AS-10000101' });
  await expect(row).toContainText('Anna Schmidt');
  await expectPageAccessible(page);
  await row.getByRole('link', { name: 'AS-10000101' }).click();
  await heading(page, /AS-10000101/);
  await expect(page.getByRole('link', { name: 'Zum Kunden' })).toBeVisible();
  await expectPageAccessible(page);

  const nav = page.getByRole('navigation', { name: 'Vermittlerportal' });
  await nav.getByRole('link', { name: 'Meine Daten' }).click();
  await heading(page, 'Meine Daten');
  await expect(page.getByText('V-AS-100')).toBeVisible();
  await expectPageAccessible(page);

  await nav.getByRole('link', { name: 'Agentur' }).click();
  await heading(page, 'Agentur');
  await expect(page.getByText('Untervermittler', { exact: true }).first()).toBeVisible();
  await expectPageAccessible(page);

  await nav.getByRole('link', { name: 'Einstellungen' }).click();
  await heading(page, 'Einstellungen');
  await page.getByLabel('E-Mail-Adresse für Benachrichtigungen').fill('keine adresse');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByRole('link', { name: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' }),
  ).toBeVisible();
  await page.getByLabel('E-Mail-Adresse für Benachrichtigungen').fill('post@vb-hansen.example');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByText('Ihre Adresse für Benachrichtigungen ist gespeichert.'),
  ).toBeVisible();
  await expectPageAccessible(page);
  await page.getByRole('link', { name: 'Passwort ändern' }).click();
  await heading(page, 'Passwort ändern');

  await page.goto('/vermittler/haeufige-fragen');
  await heading(page, 'Häufige Fragen für Vermittler');
  await expectPageAccessible(page);

  await nav.getByRole('link', { name: 'Schäden' }).click();
  await heading(page, 'Schäden Ihrer Kunden');
  await page.getByRole('link', { name: /Schaden S-2025-000102/ }).click();
  await heading(page, 'Schaden S-2025-000102');
  await expect(page.getByText('Kaufbeleg oder Rechnung des Fahrrads')).toBeVisible();
  await expectPageAccessible(page);

  await nav.getByRole('link', { name: /Nachrichten/ }).click();
  await heading(page, 'Postfach: Posteingang');
  await expectPageAccessible(page);
});

test('an agent creates a sub-agent, who signs in with the temporary password and sets their own', async ({
  page,
  browser,
}) => {
  await page.goto('/vermittler/untervermittler?brand=andsafe');
  await signIn(page, AGENT);
  await heading(page, 'Untervermittler');
  await expectPageAccessible(page);
  await page.getByRole('link', { name: 'Untervermittler anlegen' }).click();
  await heading(page, 'Untervermittler anlegen');
  await page.getByRole('button', { name: 'Untervermittler anlegen' }).click();
  await expect(page.getByRole('link', { name: 'Bitte geben Sie den Namen ein.' })).toBeVisible();
  await expectPageAccessible(page);
  await page.getByLabel('Name').fill('Karla Hansen');
  await page.getByLabel('E-Mail-Adresse').fill('mira.hansen@vb-hansen.example');
  await page.getByRole('button', { name: 'Untervermittler anlegen' }).click();
  await expect(page.getByText(/gibt es schon einen Zugang/)).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill('karla.hansen@vb-hansen.example');
  await page.getByRole('button', { name: 'Untervermittler anlegen' }).click();
  await heading(page, 'Untervermittler angelegt');
  await expect(page.getByText(/an karla\.hansen@vb-hansen\.example unterwegs/)).toBeVisible();
  await page.getByRole('link', { name: 'Zu den Untervermittlern' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Karla Hansen' })).toBeVisible();

  const outbox = async () => {
    const answer = await page.request.get(
      '/api/identity/dev/outbox?username=karla.hansen%40vb-hansen.example',
    );
    return (await answer.json()) as { code: string; purpose: string }[];
  };
  const [first] = await outbox();
  expect(first?.purpose).toBe('TEMPORARY_PASSWORD');
  // The first mail got lost: the agent sends a new temporary password; the first one ends.
  const card = page.getByRole('listitem').filter({ hasText: 'Karla Hansen' });
  await expect(card.getByText(/Noch nicht angemeldet/)).toBeVisible();
  await card
    .getByRole('button', { name: 'Neues vorläufiges Passwort senden an Karla Hansen' })
    .click();
  await expect(card.getByText(/ist an karla\.hansen@vb-hansen\.example unterwegs/)).toBeVisible();
  await expectPageAccessible(page);
  const [mail, old] = await outbox();
  expect(old?.code).toBe(first?.code);
  expect(mail?.code).not.toBe(first?.code);

  const context = await browser.newContext();
  const fresh = await context.newPage();
  await fresh.goto('/vermittler/login?brand=andsafe');
  await signIn(fresh, 'karla.hansen@vb-hansen.example', first?.code ?? '');
  await expect(fresh.getByText('E-Mail-Adresse oder Passwort ist nicht richtig.')).toBeVisible();
  await expect(fresh).toHaveURL(/\/vermittler\/login/);
  await signIn(fresh, 'karla.hansen@vb-hansen.example', mail?.code ?? '');
  await expect(
    fresh.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }),
  ).toBeVisible();
  await fresh.getByLabel('Neues Passwort').fill('Karlas-Passwort-2026');
  await fresh.getByLabel('Wie dürfen wir Sie ansprechen?').fill('Karla');
  await fresh.getByRole('button', { name: 'Passwort speichern und anmelden' }).click();
  await expect(fresh).toHaveURL(/\/vermittler\/$/);
  // The agent lands on the overview; its customer figure leads to the customer base.
  await fresh.getByRole('link', { name: /Kundinnen und Kunden/ }).click();
  await expect(fresh.getByRole('link', { name: /Schmidt/ }).first()).toBeVisible();
  // A sub-agent sees the agency's sub-agents but cannot create one.
  await fresh.goto('/vermittler/untervermittler');
  await expect(fresh.getByRole('heading', { level: 3, name: 'Karla Hansen' })).toBeVisible();
  await expect(fresh.getByText(/keine weiteren Untervermittler anlegen/)).toBeVisible();
  await expect(fresh.getByRole('link', { name: 'Untervermittler anlegen' })).toHaveCount(0);
  await expectPageAccessible(fresh);
  await fresh.goto('/vermittler/untervermittler/anlegen');
  await expect(fresh.getByText(/keine weiteren Untervermittler anlegen/)).toBeVisible();
  await expect(fresh.getByRole('button', { name: 'Untervermittler anlegen' })).toHaveCount(0);
  await context.close();
});

test('a broker mail’s extranet link opens the contract after the agent signs in; a foreign one is not found', async ({
  page,
}) => {
  await page.goto('/extranet/vertrag/AS-10000102?brand=andsafe');
  await expect(page).toHaveURL(/\/vermittler\/login\?ziel=/);
  await signIn(page, AGENT);
  await expect(page).toHaveURL(/\/vermittler\/vertraege\/AS-10000102$/);
  await heading(page, /AS-10000102/);
  await page.goto('/extranet/kundendaten/2000101');
  await expect(page).toHaveURL(/\/vermittler\/kunde\/2000101$/);
  await page.goto('/extranet/vertrag/HFK-20000101');
  await heading(page, 'Vertrag nicht gefunden');
  await expect(
    page.getByText('Diesen Vertrag finden wir bei den Kunden Ihrer Agentur nicht.'),
  ).toBeVisible();
  await page.goto('/extranet/kundendaten/3000101');
  await heading(page, 'Kunde nicht gefunden');
  await expect(
    page.getByText('Diese Person finden wir in Ihrem Kundenbestand nicht.'),
  ).toBeVisible();
  await page.goto('/vermittler-nachricht');
  await heading(page, 'Postfach: Posteingang');
});
