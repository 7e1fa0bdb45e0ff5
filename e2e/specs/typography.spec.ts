import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/signIn.ts';
import { badLineBreaks, linesOfText } from '../support/typography.ts';

// German typography as a reader sees it at a desktop, a phone and the narrowest width: words
// hyphenate or stay whole, dates and figures never break, an e-mail address breaks only after its
// @ and before a dot. The test browser has no hyphenation patterns of its own (Chromium fetches
// them on demand, and the tests turn that off), so what it shows comes from the page alone.

const BRANDS = ['andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch'] as const;
const WIDTHS = [1280, 390, 320] as const;
const BRAND_NAMES = {
  andsafe: 'andsafe',
  hfk: 'HFK',
  's-direkt': 'S-Direkt',
  protect: 'protect',
  'protect-ch': 'protect Schweiz',
} as const;
const AGENT = 'ole.petersen@hfk-petersen.example';

/** Expects no line of the page to break inside a word, a figure or an e-mail address. */
async function expectGoodLineBreaks(page: Page, where: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  expect(await badLineBreaks(page), where).toEqual([]);
}

test('every brand’s home page breaks words with a hyphen, e-mail addresses at their dots, and never the brand’s name', async ({
  page,
}) => {
  for (const brand of BRANDS) {
    await page.setViewportSize({ width: 1280, height: 844 });
    await page.goto(`/?brand=${brand}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Willkommen bei/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^de(-|$)/);
    // Body text hyphenates by the page's language.
    const tile = page.locator('.tile h3').first();
    await expect(tile).toHaveCSS('hyphens', 'auto');
    await expect(page.locator('.site-footer p').first()).toHaveCSS('hyphens', 'auto');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await expectGoodLineBreaks(page, `${brand} home at ${width} px`);
      // The brand's name is one word to the reader: "S-Direkt" does not break at its hyphen.
      const heading = page.getByRole('heading', { level: 1 });
      const name = BRAND_NAMES[brand];
      expect(await linesOfText(heading, name), `${name} at ${width} px`).toBe(1);
    }
  }
});

test('the agent’s customer table and customer page keep dates whole and words unbroken', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/vermittler/kundenbestand?brand=hfk');
  await signIn(page, AGENT);
  await expect(page.getByRole('heading', { level: 1, name: 'Kundenbestand' })).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await expectGoodLineBreaks(page, `customer table at ${width} px`);
  }
  const birthDate = page.getByRole('cell', { name: '05.11.1979' });
  await expect(birthDate.locator('.figure')).toHaveCSS('white-space', 'nowrap');
  await page.getByRole('link', { name: 'Frau Sabine Hoffmann' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Frau Sabine Hoffmann' })).toBeVisible();
  await expect(page.locator('main .email-address')).toHaveText('kanzlei@hoffmann-stb.example');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await expectGoodLineBreaks(page, `customer page at ${width} px`);
  }
});
