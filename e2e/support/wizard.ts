import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/** The page's h1 with this name. */
export const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

/** Presses the step's "Weiter". */
export const next = (page: Page) =>
  page.getByRole('button', { name: 'Weiter', exact: true }).click();

/** A radio group (or other group) by the start of its name. */
export const group = (page: Page, name: string) =>
  page.getByRole('group', { name: new RegExp(`^${name.replace(/[?()]/g, '\\$&')}`) });

/** Checks an option of a radio group. */
export const choose = (page: Page, name: string, option: string) =>
  group(page, name).getByRole('radio', { name: option, exact: true }).check();

/** The step is shown with its heading focused and axe finds nothing on it. */
export async function atStep(page: Page, title: string | RegExp): Promise<void> {
  await expect(heading(page, title)).toBeFocused();
  await expectNoAxeViolations(page);
}
