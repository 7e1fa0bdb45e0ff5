import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { downloadedPdfText } from '../support/pdf.ts';
import { signIn } from '../support/signIn.ts';

test('a signed-in customer downloads the policy and premium notice of a contract as PDFs', async ({
  page,
}) => {
  await page.goto('/kunden/vertraege/AS-10000103');
  await signIn(page, 'anna.schmidt@beispiel.example');
  await expect(page.getByRole('heading', { level: 1, name: /AS-10000103/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ihre Unterlagen' })).toBeVisible();
  await expectNoAxeViolations(page);

  const [policy] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' }).click(),
  ]);
  expect(policy.suggestedFilename()).toBe('Versicherungsschein-AS-10000103.pdf');
  const policyText = await downloadedPdfText(policy);
  expect(policyText).toContain('Versicherungsschein: Fahrradversicherung');
  expect(policyText).toContain('Versicherungsnummer AS-10000103');

  const [notice] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Beitragsrechnung herunterladen (PDF)' }).click(),
  ]);
  expect(await downloadedPdfText(notice)).toContain('Beitragsrechnung: Fahrradversicherung');
});
