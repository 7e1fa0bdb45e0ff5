import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/signIn.ts';

// What a person sees of each brand: the home page, a wizard step, the sign-in page and the
// customer overview, compared with the committed reference images (e2e/screenshots/) with a
// small tolerance. A changed design updates them on purpose:
//   npx playwright test --config e2e/playwright.config.ts design --update-snapshots
// The overview's figures change as other specs work with the demo customer; they are masked.

const BRANDS = ['andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch'] as const;
const CUSTOMER = 'anna.schmidt@beispiel.example';

test.use({ viewport: { width: 1280, height: 800 } });

/** The page once its web fonts are in, compared with the brand's reference image. */
async function looksAsDesigned(page: Page, name: string, mask: string[] = []): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    maxDiffPixelRatio: 0.01,
    animations: 'disabled',
    mask: mask.map((selector) => page.locator(selector)),
  });
}

for (const brand of BRANDS) {
  test(`${brand}: the home page, a wizard step, the sign-in page and the customer overview look like ${brand}`, async ({
    page,
  }) => {
    await page.goto(`/?brand=${brand}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Willkommen bei/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-brand', brand);
    await looksAsDesigned(page, `${brand}-home`);

    await page.goto(`/antrag/fahrrad?brand=${brand}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ihr Fahrrad' })).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Fortschritt' })).toContainText(
      'Schritt 1 von',
    );
    await looksAsDesigned(page, `${brand}-wizard-step`);

    await page.goto(`/kunden/login?brand=${brand}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await looksAsDesigned(page, `${brand}-sign-in`);

    await signIn(page, CUSTOMER);
    await expect(page).toHaveURL(/\/kunden\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Willkommen, / })).toBeVisible();
    await expect(page.locator('.start-cards .card p').first()).toBeVisible();
    await looksAsDesigned(page, `${brand}-customer-overview`, ['.start-cards .card p', '.badge']);
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
