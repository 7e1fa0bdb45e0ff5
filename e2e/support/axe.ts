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
