import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appliesToContract } from '../../engine/index.ts';
import { flows } from '../../generated/definitions/index.ts';
import { signIn } from '../support/signIn.ts';
import { pageWidth, WidthReport } from '../support/axe.ts';

// Every route of the spec's route table (section 2), visited as the role it is for: a real page
// with its own level-one heading, never "Seite nicht gefunden" or the portal's "Nicht gefunden".
// The fixed routes are the spec's list; the flows' routes (applications with their customer,
// agent and advice variants, self-service changes, claim reports) are enumerated from the
// generated definitions, so a new line's routes are visited without an edit here. Each role
// shares one signed-in page for all its routes.

const BRAND = 'andsafe';
const CUSTOMER = 'anna.schmidt@beispiel.example';
const CUSTOMER_PARTNER = '2000101';
const AGENT = 'jens.hansen@vb-hansen.example';
const NOT_FOUND = /^(Seite nicht gefunden|Nicht gefunden)$/;
/** The headings of the error pages (definitions/locales/de/common.json, portal.json). */
const FAILURE =
  /^(Leider ist ein Fehler aufgetreten|Vorübergehend nicht erreichbar|Kunde nicht gefunden|Vertrag nicht gefunden)$/;

const brandFlows = flows.filter((flow) => flow.brands.includes(BRAND));
const claimRoutes = Object.values(
  (
    JSON.parse(readFileSync(join(process.cwd(), 'definitions', 'claim-products.json'), 'utf8')) as {
      products: Record<string, { route?: string }>;
    }
  ).products,
)
  .map((product) => product.route)
  .filter((route): route is string => Boolean(route));

/** A flow route with its parameters filled in. */
const fill = (route: string, values: Record<string, string>): string =>
  route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? name));

// The whole route table is visited on a 320 CSS pixel wide screen: no page scrolls sideways.
test.use({ viewport: { width: 320, height: 800 } });
const widths = new WidthReport('route table');
test.afterAll(() => widths.print());

/**
 * Opens a route and checks that a real page answers it (its heading is not a not-found one) and
 * that it fits the 320 px screen.
 */
async function expectRealPage(page: Page, path: string, expected?: RegExp): Promise<void> {
  await test.step(path, async () => {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect.soft(heading, `${path} shows a page`).toBeVisible();
    if (!(await heading.isVisible())) return;
    if (process.env['ROUTE_HEADINGS']) console.log(path, '=>', await heading.textContent());
    // A route that is an error page by design names its heading; any other shows neither the
    // not-found nor an error page, and more than its heading.
    if (expected) await expect.soft(heading, `${path} shows its page`).toHaveText(expected);
    else {
      await expect.soft(heading, `${path} is not the not-found page`).not.toHaveText(NOT_FOUND);
      await expect.soft(heading, `${path} is not an error page`).not.toHaveText(FAILURE);
      // The heading comes before the page's data (a portal page shows "Wird geladen …" until its
      // calls answer): wait for the page to show more, up to the expect timeout.
      const title = ((await heading.textContent()) ?? '').trim();
      const shown = async () =>
        (await page.locator('main').innerText()).replace(/\s+/g, ' ').replace(title, '').trim()
          .length;
      await expect
        .configure({ soft: true })
        .poll(shown, { message: `${path} shows more than its heading` })
        .toBeGreaterThanOrEqual(40);
    }
    const width = await pageWidth(page);
    widths.add(path, width);
    expect.soft(width, `${path} scrolls sideways at 320 px`).toBeLessThanOrEqual(320);
  });
}

/** The first link on the page whose address starts with a prefix, as that address's last part. */
async function firstLinkId(page: Page, prefix: string): Promise<string> {
  const link = page.locator(`a[href^="${prefix}"]`).first();
  await expect(link, `a link under ${prefix}`).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  return decodeURIComponent(href.slice(prefix.length).split(/[/?#]/)[0] ?? '');
}

/** GET of the API with the session's token, as the app sends it. */
async function apiGet(page: Page, path: string): Promise<unknown> {
  return page.evaluate(async (url) => {
    const token = Object.keys(localStorage)
      .filter((key) => key.endsWith('.accessToken'))
      .map((key) => localStorage.getItem(key))[0];
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token ?? ''}` } });
    return response.ok ? ((await response.json()) as unknown) : null;
  }, path);
}

test('every public route of the spec answers with a real page', async ({ page }) => {
  await page.goto(`/?brand=${BRAND}`);
  const publicRoutes = [
    '/',
    '/haeufige-fragen',
    '/feedback/email',
    '/feedback/email/5',
    '/quickstart',
    '/einwilligung',
    '/downloads',
    '/vermittler-nachricht',
    '/kunden/login',
    '/kunden/passwort-vergessen',
    '/kunden/registrieren',
    '/vermittler/login',
    '/vermittler/passwort-vergessen',
    '/antrag/check-failed',
    '/antrag/sorry',
    '/antrag/sorry/agent',
  ];
  for (const path of publicRoutes) await expectRealPage(page, path);
  // The error pages of the spec's routes, each with its own heading.
  const FAILED = /^Leider ist ein Fehler aufgetreten$/;
  await expectRealPage(page, '/antrag/fehler', FAILED);
  await expectRealPage(page, '/schaden-melden/fehler', FAILED);
  await expectRealPage(page, '/beratung/agent/notfound', /^Kunde nicht gefunden$/);
  // The claim entry and one claim report per claim product (a report opened without its token
  // still shows its first step; sending it needs the token).
  for (const flow of brandFlows.filter((f) => f.kind === 'claim')) {
    if (flow.baseRoute.includes('{product}')) {
      for (const product of claimRoutes) {
        await expectRealPage(page, fill(flow.baseRoute, { product, contractIndex: '0' }));
      }
    } else await expectRealPage(page, flow.baseRoute);
  }
  // Every public application and advice variant.
  for (const flow of brandFlows.filter(
    (f) => f.kind === 'application' && f.roles.includes('claimant'),
  )) {
    await expectRealPage(page, flow.baseRoute);
  }
});

test('every customer route of the spec answers a signed-in customer with a real page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`/kunden/vertraege?brand=${BRAND}`);
  await signIn(page, CUSTOMER);
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Verträge' })).toBeVisible();
  const list = ((await apiGet(
    page,
    `/api/vertrag/vertrag/findByPartnerNummer/${CUSTOMER_PARTNER}`,
  )) ?? []) as { versicherungsNummer: string }[];
  const contracts: Array<Record<string, unknown> & { versicherungsNummer: string }> = [];
  for (const item of list) {
    const contract = await apiGet(
      page,
      `/api/vertrag/vertrag/${encodeURIComponent(item.versicherungsNummer)}`,
    );
    if (contract) contracts.push(contract as (typeof contracts)[number]);
  }
  const first = contracts[0]?.versicherungsNummer ?? '';
  expect(first, 'the demo customer has a contract').not.toBe('');

  for (const path of [
    '/kunden',
    '/kunden/vertraege',
    `/kunden/vertraege/${encodeURIComponent(first)}`,
    '/kunden/handynummer-aendern',
    '/kunden/kundendaten',
    '/kunden/kundendaten/email',
    '/kunden/kundendaten/passwort',
    '/kunden/kundendaten/handynummer',
    '/kunden/kundendaten/kontaktdaten',
    '/kunden/postfach',
    '/kunden/postfach/eingang',
    '/kunden/postfach/gesendet',
    '/kunden/kontakt',
    '/kunden/nachricht',
    '/kunden/schaeden',
    '/kunden/umzugsservice',
  ]) {
    await expectRealPage(page, path);
  }
  await page.goto('/kunden/schaeden');
  const aktenId = await firstLinkId(page, '/kunden/schaeden/');
  await expectRealPage(page, `/kunden/schaeden/${encodeURIComponent(aktenId)}`);

  // Every self-service change and customer application, for a contract it is offered for where
  // the customer has one (else its contract page says why it is not offered: a real page too).
  const today = new Date().toISOString().slice(0, 10);
  for (const flow of brandFlows.filter((f) => f.roles.includes('benutzer'))) {
    const fits = contracts.find((contract) =>
      appliesToContract(flow.forContracts, contract, today),
    );
    await expectRealPage(
      page,
      fill(flow.baseRoute, { vertragId: (fits ?? contracts[0])?.versicherungsNummer ?? first }),
    );
  }
});

test('every agent route of the spec answers a signed-in agent with a real page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`/vermittler/kundenbestand?brand=${BRAND}`);
  await signIn(page, AGENT);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const partner = await firstLinkId(page, '/vermittler/kunde/');
  await page.goto('/vermittler/vertraege');
  const contract = await firstLinkId(page, '/vermittler/vertraege/');

  for (const path of [
    '/vermittler',
    '/vermittler/kundenbestand',
    `/vermittler/kunde/${encodeURIComponent(partner)}`,
    '/vermittler/vertraege',
    `/vermittler/vertraege/${encodeURIComponent(contract)}`,
    '/vermittler/kundendaten',
    '/vermittler/entwuerfe',
    '/vermittler/haeufige-fragen',
    '/vermittler/einstellungen',
    '/vermittler/agentur',
    '/vermittler/untervermittler',
    '/vermittler/untervermittler/anlegen',
    '/vermittler/nachrichten',
    '/vermittler/schaeden',
    '/vermittler-nachricht',
    `/extranet/vertrag/${encodeURIComponent(contract)}`,
    `/extranet/kundendaten/${encodeURIComponent(partner)}`,
  ]) {
    await expectRealPage(page, path);
  }
  // Every agent application variant, for the first customer of the agency (a change of tariff for
  // the first contract: where it does not fit, the page says so).
  for (const flow of brandFlows.filter((f) => f.roles.includes('vermittler'))) {
    await expectRealPage(
      page,
      fill(flow.baseRoute, { partnerNummer: partner, vertragId: contract }),
    );
  }
});
