import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The WCAG tags QUALITY.md requires (wcag22aa turns on target-size). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const require = createRequire(import.meta.url);
// axe-core itself, configured with its German locale, so reports read as the users' language.
const axeSource = `${readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')};axe.configure({ locale: ${readFileSync(require.resolve('axe-core/locales/de.json'), 'utf8')} });`;

/** Runs axe on the page with the required tags and expects no violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page, axeSource }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/**
 * The three states QUALITY.md asks of every step, on the step the page shows: first shown, after
 * a failed "Weiter" (when the step has a form) and with its first help dialog open (closed again
 * with Escape, focus back on its button).
 */
export async function expectStepAccessible(page: Page, hasForm: boolean): Promise<void> {
  await expectNoAxeViolations(page);
  if (hasForm) {
    await page.locator('form button[type=submit]').click();
    await expectNoAxeViolations(page);
  }
  const help = page.getByRole('button', { name: /^Hilfe zu .+ öffnen$/ });
  if ((await help.count()) > 0) {
    await help.first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(help.first()).toBeFocused();
  }
}

/** Expects the page to fit a 320 CSS pixel wide screen without sideways scrolling (WCAG 1.4.10). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} scrolls sideways at 320 px`).toBeLessThanOrEqual(0);
  if (size) await page.setViewportSize(size);
}

/** What every new page is checked for: no axe violation and no sideways scroll at 320 px. */
export async function expectPageAccessible(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
}
