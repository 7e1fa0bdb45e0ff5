import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { germanDay } from '../support/dates.ts';
import { atStep, choose, group, heading, next } from '../support/wizard.ts';

// The private liability line (definitions/applications/privathaftpflicht.json) is data only:
// a couple applies from a comparison link whose answers are prefilled, names the partner, sees
// only the covers that fit its answers and the price follow them, and gets its application number.

const priceBox = (page: Page) => page.getByRole('region', { name: 'Ihr Beitrag' });

/** Fails "Weiter" on purpose: the error summary names the problem and axe finds nothing. */
async function failedNext(page: Page, message: string | RegExp): Promise<void> {
  await next(page);
  await expect(page.getByRole('link', { name: message }).first()).toBeVisible();
  await expectNoAxeViolations(page);
}

test('a couple applies for private liability from a prefilled link to the confirmation', async ({
  page,
}) => {
  await page.goto(
    '/antrag/privathaftpflicht?familyStatus=PAAR&insuranceSum=20000000&deductible=SB_250&coverages=SCHLUESSELVERLUST,MIETSACHSCHAEDEN',
  );
  await atStep(page, 'Wer soll versichert sein?');
  await expect(
    group(page, 'Wen möchten Sie versichern?').getByRole('radio', { name: /Paar ohne Kinder/ }),
  ).toBeChecked();
  await choose(page, 'Sind Sie im öffentlichen Dienst beschäftigt?', 'Nein');
  await next(page);

  // A couple names the partner, who must be of age.
  await atStep(page, 'Ihre Partnerin oder Ihr Partner');
  await page.getByLabel('Vorname', { exact: true }).fill('Max');
  await page.getByLabel('Nachname', { exact: true }).fill('Mustermann');
  const partnerBorn = page.getByLabel('Geburtsdatum', { exact: true });
  await partnerBorn.fill(germanDay(-3650));
  await failedNext(
    page,
    'Mitversichern können wir eine volljährige Partnerin oder einen volljährigen Partner.',
  );
  await partnerBorn.fill('02.01.1979');
  await next(page);

  // The link's sum, deductible and covers are chosen; covers for children and public servants
  // are not offered to a couple without children outside the public service.
  await atStep(page, 'Ihr Versicherungsschutz');
  await expect(page.getByRole('radio', { name: '20 Mio. €' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '250 €' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Schlüsselverlust/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Mietsachschäden/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Forderungsausfalldeckung/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Diensthaftpflicht/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /Deliktunfähige Kinder/ })).toHaveCount(0);
  // 58 x 1.1 + 9 + 8 = 80.80, less 10 % for the deductible: 72.72 a year.
  await expect(priceBox(page)).toContainText(/72,72\s€ jährlich/);
  await expectNoAxeViolations(page);
  await next(page);

  await atStep(page, 'Fragen zu Vorversicherung und Schäden');
  await choose(page, 'Wie viele Haftpflichtschäden', 'Keinen');
  await choose(page, 'Hat ein Versicherer Ihnen', 'Nein');
  await next(page);

  await atStep(page, 'Versicherungsnehmerin oder Versicherungsnehmer');
  await choose(page, 'Anrede', 'Frau');
  await page.getByLabel('Vorname', { exact: true }).fill('Erika');
  await page.getByLabel('Nachname', { exact: true }).fill('Mustermann');
  const born = page.getByLabel('Geburtsdatum', { exact: true });
  await born.fill(germanDay(-6000));
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('erika@beispiel.example');
  await page.getByLabel('Postleitzahl', { exact: true }).fill('24103');
  await page.getByRole('combobox', { name: 'Ort' }).fill('Kiel');
  await page.getByRole('combobox', { name: 'Straße' }).fill('Holstenstraße');
  await page.getByLabel('Hausnummer', { exact: true }).fill('12');
  await failedNext(page, 'Sie müssen mindestens 18 Jahre alt sein, um den Antrag zu stellen.');
  await born.fill('12.05.1980');
  await next(page);

  await atStep(page, 'Versicherungsbeginn');
  await page
    .getByLabel('Ab wann soll Ihre Privathaftpflichtversicherung beginnen?', { exact: true })
    .fill(germanDay(14));
  await next(page);
  await atStep(page, 'Zahlungsweise');
  await choose(page, 'Wie möchten Sie Ihren Beitrag zahlen?', 'monatlich');
  // 72.72 x 1.05 / 12 = 6.36 a month, 76.32 a year.
  await expect(priceBox(page)).toContainText(/6,36\s€ monatlich/);
  await expect(priceBox(page)).toContainText(/Das sind 76,32\s€ im Jahr/);
  await next(page);

  await atStep(page, 'Bankverbindung');
  await expect(page.getByLabel(/Kontoinhaberin oder Kontoinhaber/)).toHaveValue('Erika Mustermann');
  await page.getByLabel('IBAN', { exact: true }).fill('DE44500105175407324931');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);

  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(
    page.getByText('Schlüsselverlust (9 € im Jahr), Mietsachschäden (8 € im Jahr)'),
  ).toBeVisible();
  await expect(page.getByText('Max', { exact: true })).toBeVisible();
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/PH-\d{8}/)).toBeVisible();
  await expect(page.getByText(/6,36\s€ monatlich/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the advice recommends covers, and a cancellation by the previous insurer ends online', async ({
  page,
}) => {
  await page.goto('/beratung/privathaftpflicht');
  await atStep(page, 'Beratung zu Ihrer Privathaftpflichtversicherung');
  await choose(page, 'Wie wohnen Sie?', 'Zur Miete');
  await choose(page, 'Haben Sie Schlüssel, die Ihnen nicht gehören?', 'Ja');
  await choose(page, 'Leben Kinder unter sieben Jahren in Ihrem Haushalt?', 'Ja');
  await next(page);
  // The recommendation follows from the needs; the decision goes into the advice record.
  await atStep(page, 'Unsere Empfehlung für Sie');
  for (const cover of ['Mietsachschäden', 'Schlüsselverlust', 'deliktunfähige Kinder'])
    await expect(page.getByText(`Wir empfehlen Ihnen den Baustein ${cover}`)).toBeVisible();
  await choose(page, 'Wie entscheiden Sie sich?', 'Ich folge der Empfehlung.');
  await next(page);
  await atStep(page, 'Wer soll versichert sein?');
  await choose(page, 'Wen möchten Sie versichern?', 'Mich und meine Kinder (alleinerziehend)');
  await choose(page, 'Sind Sie im öffentlichen Dienst beschäftigt?', 'Ja');
  await next(page);

  // A single parent has no partner step; every cover is offered, three are recommended.
  await atStep(page, 'Ihr Versicherungsschutz');
  for (const cover of ['Mietsachschäden', 'Schlüsselverlust', 'deliktunfähige Kinder'])
    await expect(page.getByText(`empfehlen wir Ihnen den Baustein ${cover}`)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(5);
  await choose(page, 'Versicherungssumme', '10 Mio. €');
  await choose(page, 'Selbstbeteiligung je Schadenfall', 'Keine Selbstbeteiligung');
  await page.getByRole('checkbox', { name: /Diensthaftpflicht/ }).check();
  // 49 + 18 = 67.00 a year.
  await expect(priceBox(page)).toContainText(/67,00\s€ jährlich/);
  await next(page);

  await atStep(page, 'Fragen zu Vorversicherung und Schäden');
  await choose(page, 'Wie viele Haftpflichtschäden', 'Keinen');
  await choose(page, 'Hat ein Versicherer Ihnen', 'Ja');
  await expect(priceBox(page)).toContainText(
    'Hat ein Versicherer Ihnen in den letzten fünf Jahren die Privathaftpflichtversicherung gekündigt, können wir Sie online leider nicht versichern.',
  );
  await next(page);
  await expect(page).toHaveURL(/\/antrag\/sorry$/);
});
