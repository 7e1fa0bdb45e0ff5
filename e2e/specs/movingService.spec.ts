import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signIn } from '../support/signIn.ts';

// The moving service: a customer's service page that lists, per contract, the flows declaring the
// service (the change of address) that apply to it, and leads into the flow.

test('a customer opens the moving service, sees the household contract and starts the move', async ({
  page,
}) => {
  await page.goto('/kunden/umzugsservice?brand=andsafe');
  await signIn(page, 'anna.schmidt@beispiel.example');
  const heading = page.getByRole('heading', { level: 1, name: 'Umzugsservice' });
  await expect(heading).toBeVisible();
  await expect(page.getByText(/bis zu zwei Monate lang/)).toBeVisible();
  const household = page.getByRole('listitem').filter({ hasText: 'AS-10000102' });
  await expect(household.getByRole('link', { name: 'Umzug melden (neue Adresse)' })).toBeVisible();
  // The travel contract has no place of risk: no move for it.
  await expect(page.getByRole('listitem').filter({ hasText: 'AS-10000105' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await household.getByRole('link', { name: 'Umzug melden (neue Adresse)' }).click();
  await expect(page).toHaveURL(/\/kunden\/risikoort\/AS-10000102/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
