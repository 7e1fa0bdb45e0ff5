import { expect, test, type Page } from '@playwright/test';
import { walkToSummary } from '../support/bikeApplication.ts';
import { heading, next } from '../support/wizard.ts';

// The consent step of an application as a person reads it at a desktop, a phone and the narrowest
// width: each consent's text once, beside its box; every box the same size however long its text
// (never squeezed by a label of several lines); after a failed submit, error-summary links that
// are targets at least 24 px tall (WCAG 2.5.8).

const WIDTHS = [1280, 390, 320] as const;

/** The page's main text as read, without the soft hyphens the served texts carry. */
const mainText = async (page: Page): Promise<string> =>
  (await page.locator('main').innerText()).replace(/\u00ad/g, '');

/** Width x height of each of the boxes, rounded to a pixel. */
const boxSizes = (page: Page): Promise<string[]> =>
  page.locator('main input[type="checkbox"]').evaluateAll((boxes) =>
    boxes.map((box) => {
      const { width, height } = box.getBoundingClientRect();
      return `${Math.round(width)}x${Math.round(height)}`;
    }),
  );

test('the bike application’s consents: each text once, every box alike, error links 24 px tall', async ({
  page,
}) => {
  await page.goto('/antrag/fahrrad?brand=andsafe');
  await expect(heading(page, 'Ihr Fahrrad')).toBeFocused();
  await walkToSummary(page, 'andsafe');
  await next(page);
  await expect(heading(page, 'Einwilligungen und Antrag absenden')).toBeFocused();

  const consents = [
    'Ich habe die Versicherungsbedingungen, das Produktinformationsblatt und die Verbraucherinformationen erhalten.',
    'Ich habe die Datenschutzhinweise zur Kenntnis genommen.',
    'Ich verzichte auf eine Beratung und Dokumentation.',
    'Ich möchte per E-Mail über Angebote informiert werden.',
  ];
  await expect(page.getByRole('checkbox')).toHaveCount(consents.length);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    const text = (await mainText(page)).replace(/\s+/g, ' ');
    for (const consent of consents)
      expect(text.split(consent).length - 1, `${consent} at ${width} px`).toBe(1);
    expect(new Set(await boxSizes(page)), `the boxes at ${width} px`).toEqual(new Set(['24x24']));
  }

  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveCount(3);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    for (const link of await summary.getByRole('link').all()) {
      const height = (await link.boundingBox())?.height ?? 0;
      expect(height, `${await link.innerText()} at ${width} px`).toBeGreaterThanOrEqual(24);
    }
    // Still alike with an error message above each box.
    expect(new Set(await boxSizes(page)), `the boxes at ${width} px`).toEqual(new Set(['24x24']));
  }
});
