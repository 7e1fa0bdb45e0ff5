import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { germanDay } from '../support/dates.ts';
import { signIn } from '../support/signIn.ts';
import { atStep, choose, group, heading, next } from '../support/wizard.ts';

// The travel line (definitions/applications/reise.json) is data only: these tests show a person
// can buy it as a customer and as an agent, with its list of travellers, rules between its dates,
// a policyholder filled from the first traveller and a payment period fixed to a single payment.

const priceBox = (page: Page) => page.getByRole('region', { name: 'Ihr Beitrag' });

/** Fails "Weiter" on purpose: the error summary takes focus and axe finds nothing. */
async function failedNext(page: Page, message: string | RegExp): Promise<void> {
  await next(page);
  await expect(page.getByRole('link', { name: message }).first()).toBeVisible();
  await expectNoAxeViolations(page);
}

async function tripStep(page: Page, travelGroup: string) {
  await atStep(page, 'Ihre Reise');
  await choose(page, 'Wohin reisen Sie?', 'Europa (mit Mittelmeer-Anrainern)');
  await page.getByLabel('Reisebeginn', { exact: true }).fill(germanDay(40));
  // An end before the start: the rule between the two dates speaks.
  await page.getByLabel('Reiseende', { exact: true }).fill(germanDay(30));
  await page.getByLabel('Reisepreis in Euro', { exact: true }).fill('2400');
  await choose(page, 'Wer reist?', travelGroup);
  await failedNext(page, 'Das Reiseende muss nach dem Reisebeginn liegen.');
  await page.getByLabel('Reiseende', { exact: true }).fill(germanDay(54));
  await next(page);
}

async function coverStep(page: Page) {
  await atStep(page, 'Ihr Reiseschutz');
  await choose(page, 'Reiseabbruchschutz einschließen?', 'Ja');
  await choose(page, 'Auslandsreise-Krankenversicherung einschließen?', 'Ja');
  await choose(page, 'Reisegepäckversicherung einschließen?', 'Nein');
  await expect(priceBox(page)).toContainText('einmalig für 15 Reisetage');
  await expect(priceBox(page)).toContainText('Versicherungsteuer');
  await next(page);
}

async function payAndBank(page: Page, holder: string | RegExp) {
  await atStep(page, 'Zahlungsweise');
  // Fixed for the line: shown, not asked.
  await expect(page.getByRole('status', { name: 'Zahlungsweise' })).toHaveText('einmalig');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await next(page);
  await atStep(page, 'Bankverbindung');
  await expect(page.getByLabel(/Kontoinhaberin oder Kontoinhaber/)).toHaveValue(holder);
  await page.getByLabel('IBAN', { exact: true }).fill('DE44500105175407324931');
  await page.getByRole('checkbox', { name: /SEPA-Lastschriftmandat/ }).check();
  await next(page);
}

test('a family buys travel insurance: travellers added and removed by keyboard, the policyholder filled from the first', async ({
  page,
}) => {
  await page.goto('/antrag/reise');
  await tripStep(page, 'Als Familie');

  await atStep(page, 'Wer ist versichert?');
  // A family starts with three travellers; a fourth is added and removed with the keyboard.
  await expect(page.getByRole('group', { name: /^Person \d$/ })).toHaveCount(3);
  await failedNext(page, 'Bitte geben Sie die Reisenden an.');
  await page.getByRole('link', { name: 'Bitte geben Sie die Reisenden an.' }).click();
  const first = page.getByRole('group', { name: 'Person 1' });
  await expect(first.getByLabel('Vorname', { exact: true })).toBeFocused();
  await first.getByLabel('Vorname', { exact: true }).fill('Erika');
  // Errors inside the list name the item they belong to.
  await failedNext(page, 'Person 1: Bitte geben Sie einen Nachnamen an.');
  // Untouched travellers do not count yet: a family needs three.
  await expect(
    page.getByRole('link', { name: 'Bitte geben Sie mindestens 3 Reisende an.' }),
  ).toBeVisible();
  const people = [
    ['Erika', 'Mustermann', '12.05.1980'],
    ['Max', 'Mustermann', '02.01.1979'],
    ['Lena', 'Mustermann', '03.03.2012'],
  ] as const;
  for (const [i, [vorname, nachname, geburtsdatum]] of people.entries()) {
    const person = page.getByRole('group', { name: `Person ${i + 1}` });
    await person.getByLabel('Vorname', { exact: true }).fill(vorname);
    await person.getByLabel('Nachname', { exact: true }).fill(nachname);
    await person.getByLabel('Geburtsdatum', { exact: true }).fill(geburtsdatum);
  }
  const add = page.getByRole('button', { name: 'Person hinzufügen' });
  await add.focus();
  await page.keyboard.press('Enter');
  const fourth = page.getByRole('group', { name: 'Person 4' });
  await expect(fourth.getByLabel('Vorname', { exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Person 4 entfernen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: /^Person \d$/ })).toHaveCount(3);
  await expect(page.getByText('Person 4 wurde entfernt.')).toBeAttached();
  await next(page);

  await coverStep(page);
  await atStep(page, 'Versicherungsnehmerin oder Versicherungsnehmer');
  await expect(page.getByLabel('Vorname', { exact: true })).toHaveValue('Erika');
  await expect(page.getByLabel('Nachname', { exact: true })).toHaveValue('Mustermann');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('erika@beispiel.example');
  await page.getByLabel('Postleitzahl', { exact: true }).fill('24103');
  await page.getByRole('combobox', { name: 'Ort' }).fill('Kiel');
  await page.getByRole('combobox', { name: 'Straße' }).fill('Holstenstraße');
  await page.getByLabel('Hausnummer', { exact: true }).fill('12');
  await next(page);
  await payAndBank(page, 'Erika Mustermann');

  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('Lena')).toBeVisible();
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('checkbox', { name: /verzichte auf eine Beratung/ }).check();
  // Health data are asked for because the travel health cover was chosen.
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(
    page.getByRole('link', { name: /^Bitte willigen Sie in die Verarbeitung/ }),
  ).toBeVisible();
  // The consent form it asks for is linked beside it.
  await expect(
    page.getByRole('link', { name: /^Einwilligung zu Gesundheitsdaten in der Reiseversicherung/ }),
  ).toHaveAttribute('href', '/api/dokumente/einwilligung-reisegesundheit');
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: /Gesundheitsdaten/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/RE-\d{8}/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an agent starts travel insurance for a customer, saves a draft, resumes it and submits it', async ({
  page,
}) => {
  await page.goto('/vermittler/login');
  await signIn(page, 'jens.hansen@vb-hansen.example');
  await expect(page).toHaveURL(/\/vermittler\/$/);
  // The agent lands on the overview; its customer figure leads to the customer base.
  await page.getByRole('link', { name: /Kundinnen und Kunden/ }).click();
  await page.getByRole('table', { name: 'Kundenbestand' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/vermittler\/kunde\/[^/]+$/);
  // The account holder is filled from the customer's name (its last two words in the heading).
  await expect(page.getByRole('heading', { level: 2, name: 'Neuer Antrag' })).toBeVisible();
  const name = ((await heading(page, /\w/).textContent()) ?? '').split(' ').slice(-2).join(' ');
  const partnerNummer = /kunde\/([^/]+)$/.exec(page.url())?.[1] ?? '';
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Reiseversicherung beantragen' }).click();

  // An agent records the advice first: the needs, the recommendation and the decision.
  await atStep(page, 'Beratung zu Ihrer Reiseversicherung');
  await choose(page, 'Wofür reisen Sie?', 'Urlaub');
  await choose(page, 'Wie oft verreisen Sie im Jahr?', 'Einmal');
  await choose(page, 'Möchten Sie bei Krankheit im Ausland abgesichert sein?', 'Nein');
  await next(page);
  await atStep(page, 'Unsere Empfehlung für Sie');
  await choose(page, 'Wie entscheiden Sie sich?', 'Ich folge der Empfehlung.');
  await next(page);
  await atStep(page, 'Ihre Reise');
  await expect(page.getByText(new RegExp(`Kundennummer ${partnerNummer}`))).toBeVisible();
  await tripStep(page, 'Ich reise allein');
  await atStep(page, 'Wer ist versichert?');
  // One traveller for a single: no add or remove button.
  await expect(page.getByRole('button', { name: 'Person hinzufügen' })).toHaveCount(0);
  const person = page.getByRole('group', { name: 'Person 1' });
  await person.getByLabel('Vorname', { exact: true }).fill('Jonas');
  await person.getByLabel('Nachname', { exact: true }).fill('Wagner');
  await person.getByLabel('Geburtsdatum', { exact: true }).fill('07.07.1990');
  await next(page);
  await atStep(page, 'Ihr Reiseschutz');
  await choose(page, 'Reiseabbruchschutz einschließen?', 'Nein');
  await choose(page, 'Auslandsreise-Krankenversicherung einschließen?', 'Nein');
  await choose(page, 'Reisegepäckversicherung einschließen?', 'Ja');
  // The agent sees how the price came about.
  await expect(priceBox(page)).toContainText('einmalig für 15 Reisetage und 1 reisende Person');
  await priceBox(page).getByText('Rechenweg des Beitrags anzeigen').click();
  await expect(
    priceBox(page).getByRole('table', { name: 'Berechnung Schritt für Schritt' }),
  ).toContainText('Satz Reiserücktritt nach Reisepreis');
  await page.getByRole('button', { name: 'Als Entwurf speichern' }).click();
  await expect(page.getByText(/Ihr Entwurf wurde um \d{1,2}:\d{2} Uhr gespeichert/)).toBeVisible();

  await page.goto('/vermittler/entwuerfe');
  const row = page.getByRole('row', { name: /Reiseversicherung/ });
  await row.getByRole('link', { name: /Fortsetzen/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`/vermittler/kunde/${partnerNummer}/antrag/reise/deckung`),
  );
  await expect(
    group(page, 'Reisegepäckversicherung einschließen?').getByRole('radio', {
      name: 'Ja',
      exact: true,
    }),
  ).toBeChecked();
  await next(page);
  await payAndBank(page, name);
  await atStep(page, 'Bitte prüfen Sie Ihre Angaben');
  await expect(page.getByText('Jonas')).toBeVisible();
  await next(page);
  await atStep(page, 'Einwilligungen und Antrag absenden');
  await expect(page.getByRole('checkbox', { name: /Gesundheitsdaten/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: /Versicherungsbedingungen/ }).check();
  await page.getByRole('checkbox', { name: /Datenschutzhinweise/ }).check();
  await page.getByRole('button', { name: 'Zahlungspflichtig beantragen' }).click();
  await expect(heading(page, 'Vielen Dank für Ihren Antrag')).toBeVisible();
  await expect(page.getByText(/RE-\d{8}/)).toBeVisible();
  await page.goto('/vermittler/entwuerfe');
  await expect(page.getByRole('row', { name: /Reiseversicherung/ })).toHaveCount(0);
});
