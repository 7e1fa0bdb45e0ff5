import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { firstOfMonth, germanDay } from '../support/dates.ts';
import { signIn } from '../support/signIn.ts';

test('a signed-in customer changes the payment period from a future date and sees it pending', async ({
  page,
}) => {
  await page.goto('/kunden/vertraege');
  await signIn(page, 'anna.schmidt@beispiel.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Verträge' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator('a[href="/kunden/vertraege/AS-10000103"]').click();
  await expect(page.getByRole('heading', { level: 1, name: /AS-10000103/ })).toBeVisible();
  await page.getByRole('link', { name: 'Zahlungsweise ändern' }).click();

  await expect(page).toHaveURL(/\/kunden\/zahlungsweise\/AS-10000103\/auswahl$/);
  const choose = page.getByRole('heading', { level: 1, name: 'Neue Zahlungsweise wählen' });
  await expect(choose).toBeFocused();
  await expect(page.getByText(/Ihre aktuelle Zahlungsweise: vierteljährlich/)).toBeVisible();
  // The current period is not offered again.
  await expect(page.getByRole('radio', { name: 'vierteljährlich' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A date more than a year ahead is refused with the German message.
  const date = page.getByLabel('Gültig ab', { exact: true });
  await page.getByRole('radio', { name: 'jährlich', exact: true }).check();
  await date.fill(firstOfMonth(14).typed);
  await page.getByRole('button', { name: 'Beitrag berechnen' }).click();
  await expect(page.getByRole('link', { name: /zwischen heute und in einem Jahr/ })).toBeVisible();

  const effective = firstOfMonth(2);
  await date.fill(effective.typed);
  await page.getByRole('button', { name: 'Beitrag berechnen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Änderung bestätigen' })).toBeFocused();
  // The bike tariff's yearly premium of this contract (119.00 € base, no instalment surcharge),
  // where a quarter costs 30.64 € (119.00 × 1.03 / 4).
  await expect(page.getByText(/^Ihr neuer Beitrag: 119,00\s€ jährlich$/)).toBeVisible();
  await expect(page.getByText(/wird vorgemerkt/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Änderung speichern' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Änderung ist gespeichert' }),
  ).toBeVisible();
  await expect(
    page.getByText(new RegExp(`gilt ab ${effective.typed.replace(/\./g, '\\.')}`)),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zurück zum Vertrag' }).click();
  await expect(page).toHaveURL(/\/kunden\/vertraege\/AS-10000103$/);
  await expect(page.getByText(`Zahlweise: Jährlich ab ${effective.typed}`)).toBeVisible();

  // Back on the change, the pending period is shown.
  await page.getByRole('link', { name: 'Zahlungsweise ändern' }).click();
  await expect(
    page.getByText(
      new RegExp(
        `Ab ${effective.typed.replace(/\./g, '\\.')} ist die Zahlungsweise jährlich vorgemerkt`,
      ),
    ),
  ).toBeVisible();
});

test('a change saved against an outdated contract gets its own page and keeps the answers', async ({
  page,
  context,
}) => {
  await page.goto('/kunden/vertraege');
  await signIn(page, 'anna.schmidt@beispiel.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Verträge' })).toBeVisible();
  await page.goto('/kunden/zahlungsweise/AS-10000101');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Neue Zahlungsweise wählen' }),
  ).toBeVisible();
  const today = germanDay(0);
  await page.getByRole('radio', { name: 'halbjährlich' }).check();
  await page.getByLabel('Gültig ab', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Beitrag berechnen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Änderung bestätigen' })).toBeVisible();

  // Meanwhile the contract changes in another tab of the same customer.
  const other = await context.newPage();
  await other.goto('/kunden/zahlungsweise/AS-10000101');
  await other.getByRole('radio', { name: 'jährlich', exact: true }).check();
  await other.getByLabel('Gültig ab', { exact: true }).fill(today);
  await other.getByRole('button', { name: 'Beitrag berechnen' }).click();
  await other.getByRole('button', { name: 'Änderung speichern' }).click();
  await expect(
    other.getByRole('heading', { level: 1, name: 'Ihre Änderung ist gespeichert' }),
  ).toBeVisible();
  await other.close();

  await page.getByRole('button', { name: 'Änderung speichern' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihr Vertrag wurde inzwischen geändert' }),
  ).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Mit aktuellem Vertrag prüfen' }).click();

  // Back on the choice with the current contract and the answers as they were.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Neue Zahlungsweise wählen' }),
  ).toBeVisible();
  await expect(page.getByText(/Ihre aktuelle Zahlungsweise: jährlich/)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'halbjährlich' })).toBeChecked();
  await expect(page.getByLabel('Gültig ab', { exact: true })).toHaveValue(today);
  await page.getByRole('button', { name: 'Beitrag berechnen' }).click();
  await page.getByRole('button', { name: 'Änderung speichern' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Änderung ist gespeichert' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zum Vertrag' }).click();
  await expect(page.getByText('halbjährlich', { exact: false }).first()).toBeVisible();
});
