import { expect, test } from '@playwright/test';
import { germanDay } from '../support/dates.ts';
import { downloadedPdfText } from '../support/pdf.ts';
import { signIn } from '../support/signIn.ts';
import { walkToSummary } from '../support/bikeApplication.ts';
import { atStep, heading, next } from '../support/wizard.ts';

// A signed-in customer buys a bike insurance in the portal; the back office issues it at once
// (definitions/applications/fahrrad.json, issue), so the contract is in "Meine Verträge" with its
// policy, and the policy is in the Postfach.
test('a customer buys a bike insurance and finds the contract in Meine Verträge', async ({
  page,
  browser,
}) => {
  await page.goto('/kunden/antrag/fahrrad');
  await signIn(page, 'anna.schmidt@beispiel.example');
  await atStep(page, 'Ihr Fahrrad');
  await walkToSummary(page, 'andsafe', {
    maker: 'Gazelle',
    frame: 'GZL2024777',
    price: '2000',
    firstName: 'Anna',
    lastName: 'Schmidt',
    birthday: '09.09.1988',
    email: 'anna.schmidt@beispiel.example',
    houseNumber: '7',
  });
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(
    // Long words carry soft hyphens (the platform hyphenates German text).
    page.getByText(/^Ihr Vertrag ist abgeschlossen: Ver.*FA-V\d{7}\./),
  ).toBeVisible();

  await page.goto('/kunden/vertraege');
  // The new contract's card: the product's name, linking the contract by its number.
  const row = page.locator('a[href^="/kunden/vertraege/FA-V"]');
  await expect(row).toHaveText('Fahrradversicherung');
  const number = (await page.getByText(/^FA-V\d{7}$/).textContent()) ?? '';
  expect(number).toMatch(/^FA-V\d{7}$/);
  await page.screenshot({ path: test.info().outputPath('vertraege.png'), fullPage: true });
  await row.click();
  await expect(heading(page, /^Vertrag FA-V\d{7}$/)).toBeVisible();
  for (const [term, value] of [
    ['Produkt', 'Fahrradversicherung'],
    ['Status', 'Aktiv'],
    ['Versicherungsbeginn', germanDay(14)],
    ['Beitrag', '120,00 €'],
    ['Zahlungsweise', 'Jährlich'],
    ['Bankverbindung', 'IBAN endet auf 4931'],
    ['Versicherungsort', 'Holstenstraße 7, 24103 Kiel'],
  ]) {
    await expect(page.getByRole('term').filter({ hasText: term }).first()).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: value }).first()).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath('vertrag.png'), fullPage: true });
  // The policy is made from the contract: the bike's facts are on it.
  const [policy] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' }).click(),
  ]);
  const text = await downloadedPdfText(policy);
  for (const expected of ['Versicherungsschein: Fahrradversicherung', 'GZL2024777', 'Gazelle'])
    expect(text).toContain(expected);

  await page.goto('/kunden/postfach');
  await expect(page.getByText(/Ihr Vertrag FA-V\d{7}: Fahrradversicherung/).first()).toBeVisible();

  // Her agent finds the new contract on her customer page and opens it in the extranet.
  const agent = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await agent.goto('/vermittler/kunde/2000101');
  await signIn(agent, 'jens.hansen@vb-hansen.example');
  const contract = agent.locator(`a[href="/vermittler/vertraege/${number}"]`);
  await expect(contract.first()).toBeVisible();
  await agent.screenshot({ path: test.info().outputPath('vermittler-kunde.png'), fullPage: true });
  await contract.first().click();
  await expect(heading(agent, new RegExp(number))).toBeVisible();
  await expect(agent.getByText('Fahrradversicherung').first()).toBeVisible();
  await expect(agent.getByRole('heading', { level: 2, name: 'Vertragsunterlagen' })).toBeVisible();
  await agent.screenshot({
    path: test.info().outputPath('vermittler-vertrag.png'),
    fullPage: true,
  });
  await agent.close();
});
