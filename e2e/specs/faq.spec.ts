import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';

// The frequent questions: text from the translation bundle, searchable, answers opened and closed
// with the keyboard as accordion items.

test('a visitor searches the frequent questions and opens an answer with the keyboard', async ({
  page,
}) => {
  await page.goto('/haeufige-fragen');
  const heading = page.getByRole('heading', { level: 1, name: 'Häufige Fragen' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(4);
  await expectNoAxeViolations(page);

  const search = page.getByRole('searchbox', { name: 'Fragen durchsuchen' });
  await search.fill('kundigen');
  await expect(page.getByRole('status')).toHaveText('1 Frage gefunden.');
  const question = page.getByRole('button', { name: 'Wie kündige ich meinen Vertrag?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(/zu welchem Tag Ihr Vertrag enden kann/)).toBeHidden();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Wie kündige ich meinen Vertrag?' })).toContainText(
    'zu welchem Tag Ihr Vertrag enden kann',
  );
  await expectNoAxeViolations(page);
  await page.keyboard.press('Space');
  await expect(question).toHaveAttribute('aria-expanded', 'false');

  await search.fill('Raumschiff');
  await expect(page.getByRole('status')).toHaveText(/keine Frage gefunden/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(0);
});

test('the frequent questions fit a 320 px wide screen without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/haeufige-fragen');
  await expect(page.getByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
