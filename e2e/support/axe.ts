import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The WCAG tags QUALITY.md requires (wcag22aa turns on target-size), and axe's best practices
 * (landmarks, heading order, one main, unique landmark names).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const require = createRequire(import.meta.url);
// axe-core itself, configured with its German locale, so reports read as the users' language.
const axeSource = `${readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')};axe.configure({ locale: ${readFileSync(require.resolve('axe-core/locales/de.json'), 'utf8')} });`;

/** A violation as the tests report it: rule, help text, and where. */
interface Violation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe's violations on the page for the required tags. A page without frames gets axe injected once
 * per document and is asked for violations only (no passes, no incomplete results to serialise),
 * which is most of the time a sweep spends; a page with frames goes through AxeBuilder, which runs
 * axe in every frame.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) {
    return (await new AxeBuilder({ page, axeSource }).withTags(AXE_TAGS).analyze()).violations;
  }
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const results = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as { violations: Violation[] };
    return results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, AXE_TAGS);
}

/** Runs axe on the page with the required tags and expects no violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const summary = (await axeViolations(page)).map(
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

/** The page's width as laid out (its scroll width) in CSS pixels. */
export const pageWidth = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Expects the page to fit a 320 CSS pixel wide screen without sideways scrolling (WCAG 1.4.10);
 * answers the width it measured there.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<number> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  const width = await pageWidth(page);
  expect(width, `${page.url()} scrolls sideways at 320 px (${width} px wide)`).toBeLessThanOrEqual(
    320,
  );
  if (size) await page.setViewportSize(size);
  return width;
}

/**
 * The widths a sweep measured at 320 px, printed as one line per sweep when it ends (the figures
 * the sweep is judged by): how many pages, the widest and where.
 */
export class WidthReport {
  private readonly widths: { where: string; width: number }[] = [];
  constructor(private readonly sweep: string) {}
  add(where: string, width: number): void {
    this.widths.push({ where, width });
  }
  print(): void {
    if (this.widths.length === 0) return;
    const widest = this.widths.reduce((a, b) => (b.width > a.width ? b : a));
    const over = this.widths.filter((entry) => entry.width > 320).length;
    console.log(
      `320 px sweep (${this.sweep}): ${this.widths.length} pages, widest ${widest.width} px (${widest.where}), ${over} wider than 320 px`,
    );
  }
}

/** What every new page is checked for: no axe violation and no sideways scroll at 320 px. */
export async function expectPageAccessible(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
}
