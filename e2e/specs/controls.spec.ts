import { expect, test, type Page } from '@playwright/test';

// Every checkbox and radio button is drawn the same size (24 x 24 px), whatever page it is on and
// however long its label: a consent's box beside three lines of text is not squeezed.

/** The sizes of the page's checkboxes and radio buttons, rounded to a pixel. */
const controlSizes = (page: Page): Promise<string[]> =>
  page.locator('main input[type="checkbox"], main input[type="radio"]').evaluateAll((inputs) =>
    inputs.map((input) => {
      const box = input.getBoundingClientRect();
      return `${Math.round(box.width)}x${Math.round(box.height)}`;
    }),
  );

test.use({ viewport: { width: 320, height: 844 } });

test('the consent page’s radio buttons and consent box are as large as the wizard’s', async ({
  page,
}) => {
  await page.goto('/einwilligung?brand=andsafe');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox')).toBeVisible();
  const sizes = await controlSizes(page);
  expect(sizes.length).toBeGreaterThanOrEqual(3);
  expect(new Set(sizes)).toEqual(new Set(['24x24']));
});
