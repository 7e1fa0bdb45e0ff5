import { expect, test, type Locator, type Page } from '@playwright/test';
import { walkToSummary } from '../support/bikeApplication.ts';
import { signIn } from '../support/signIn.ts';
import { heading, next } from '../support/wizard.ts';

// What a person sees of each brand, compared with the committed reference images
// (e2e/screenshots/) with a small tolerance: the home page, an error state (the bike step after an
// empty "Weiter") and a summary (the bike application's "Bitte prüfen Sie Ihre Angaben") at 1280
// and 390 px, and the wizard's first step, the sign-in page and the customer overview at 1280 px.
// One page per brand: the width changes in the same page instead of walking twice. A changed
// design updates the images on purpose, and a person looks at every changed image:
//   npx playwright test --config e2e/playwright.config.ts design --update-snapshots
// Figures that change from day to day (the purchase and start dates in the summary, the overview's
// figures as other specs work with the demo customer) are masked.

const BRANDS = ['andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch'] as const;
const CUSTOMER = 'anna.schmidt@beispiel.example';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.use({ viewport: WIDE });

/** The page once its web fonts are in, compared with the brand's reference image. */
async function looksAsDesigned(
  page: Page,
  name: string,
  options: { mask?: Locator[]; fullPage?: boolean } = {},
): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    maxDiffPixelRatio: 0.01,
    animations: 'disabled',
    fullPage: options.fullPage ?? false,
    mask: options.mask ?? [],
  });
}

/** The whole page at 1280 px and at 390 px (in this order from a wide window, back to wide). */
async function atBothWidths(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  await looksAsDesigned(page, `${name}-1280`, { mask, fullPage: true });
  await page.setViewportSize(PHONE);
  await looksAsDesigned(page, `${name}-390`, { mask, fullPage: true });
  await page.setViewportSize(WIDE);
}

/** The Swiss brand writes Swiss Standard German: no ß on its pages (the others keep theirs). */
async function inItsSpelling(page: Page, brand: string): Promise<void> {
  if (brand === 'protect-ch') expect(await page.locator('body').innerText()).not.toContain('ß');
}

/** The summary's answers that depend on today: the purchase date and the start. */
const datedAnswers = (page: Page): Locator[] =>
  [/^Kaufdatum$/, /^Ab wann/].map((label) =>
    page
      .locator('.summary__row')
      .filter({ has: page.locator('dt', { hasText: label }) })
      .locator('dd'),
  );

for (const brand of BRANDS) {
  test(`${brand}: home, an error state and a summary at 1280 and 390 px, a wizard step, sign-in and the customer overview look like ${brand}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`/?brand=${brand}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Willkommen bei/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-brand', brand);
    await inItsSpelling(page, brand);
    await atBothWidths(page, `${brand}-home`);

    await page.goto(`/antrag/fahrrad?brand=${brand}`);
    await expect(heading(page, 'Ihr Fahrrad')).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Fortschritt' })).toContainText(
      'Schritt 1 von',
    );
    await looksAsDesigned(page, `${brand}-wizard-step`);

    // The error state: the focused summary with its links, each field marked with its message.
    await next(page);
    const summary = page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveCount(5);
    await inItsSpelling(page, brand);
    await atBothWidths(page, `${brand}-error`);

    await page.setViewportSize(PHONE);
    await walkToSummary(page, brand);
    await page.setViewportSize(WIDE);
    await inItsSpelling(page, brand);
    await atBothWidths(page, `${brand}-summary`, datedAnswers(page));

    await page.goto(`/kunden/login?brand=${brand}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await looksAsDesigned(page, `${brand}-sign-in`);

    await signIn(page, CUSTOMER);
    await expect(page).toHaveURL(/\/kunden\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Willkommen, / })).toBeVisible();
    await expect(page.locator('.start-cards .card p').first()).toBeVisible();
    await looksAsDesigned(page, `${brand}-customer-overview`, {
      mask: [page.locator('.start-cards .card p'), page.locator('.badge')],
    });
  });
}

test('an agent of hfk sees the agent portal in hfk’s design, also signed in on another brand', async ({
  page,
}) => {
  await page.goto('/vermittler/login?brand=andsafe');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'andsafe');
  await signIn(page, 'ole.petersen@hfk-petersen.example');
  await expect(page).toHaveURL(/\/vermittler\/$/);
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'hfk');
  await expect(page.getByRole('link', { name: 'HFK – Startseite' })).toBeVisible();
  // The brand stays for the tab.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'hfk');
});
