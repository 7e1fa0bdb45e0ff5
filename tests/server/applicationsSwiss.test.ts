import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/testDatabase.ts';
import {
  antworten,
  applicationApi,
  startApplicationServer,
  withAnswers,
  without,
  type Answers,
} from './helpers/applications.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { apply, price, application } = applicationApi(() => server);

// The bike application of protect-ch, the Swiss brand: a Zurich address and, instead of the SEPA
// bank step, the payment step with the brand's methods (QR-bill or LSV+).
const swiss: Answers = {
  ...without(antworten, 'bankverbindung'),
  risikoort: { plz: '8001', ort: 'Zürich', strasse: 'Bahnhofstrasse', hausnummer: '12' },
  zahlung: { zahlungsart: 'QR_RECHNUNG' },
};
const ZAHLUNG_MISSING = 'Bitte wählen Sie, wie Sie Ihren Beitrag bezahlen möchten.';

const fieldErrors = (response: { json: () => unknown }) =>
  (response.json() as { fieldErrors: { path: string; message: string }[] }).fieldErrors.map(
    ({ path, message }) => ({ path, message }),
  );

describe("protect-ch's bike application: francs, Swiss postcodes, Swiss payment", () => {
  it('prices in francs with the Swiss tariff, the euro brand with the euro tariff', async () => {
    const chf = await price({ variante: 'customer', marke: 'protect-ch', antworten: swiss });
    expect(chf.statusCode).toBe(200);
    // fahrrad-ch: 1500 × 4 % + assistance CHF 15 = 75 a year; monthly 75 × 1.05 / 12 = 6.5625,
    // 6.56 to the cent and 6.55 to 5 Rappen; 12 × 6.55 = 78.60 a year, of it stamp duty
    // 78.60 − 78.60 / 1.05 (74.86) = 3.74
    expect(chf.json()).toEqual({
      versicherbar: true,
      grund: null,
      beitrag: 6.55,
      jahresbeitrag: 78.6,
      waehrung: 'CHF',
      zahlweise: 'MONATLICH',
      versicherungssumme: 1500,
      versicherungsbeginn: '2025-07-01',
      stempelabgabe: 3.74,
    });
    const eur = await price({ variante: 'customer', marke: 'andsafe', antworten });
    expect(eur.json()).toMatchObject({ beitrag: 6.3, jahresbeitrag: 75.6, waehrung: 'EUR' });
  });

  it('takes a Swiss address and a QR-bill, and stores the price in francs', async () => {
    const response = await apply({ variante: 'customer', marke: 'protect-ch', antworten: swiss });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ antragsnummer: string }>();
    expect(body).toMatchObject({ beitrag: 6.55, waehrung: 'CHF' });
    const row = await application(body.antragsnummer);
    expect(row?.brand).toBe('protect-ch');
    expect(row?.data.antworten['zahlung']).toEqual({ zahlungsart: 'QR_RECHNUNG' });
    expect(row?.data.beitrag).toMatchObject({
      waehrung: 'CHF',
      tarif: { id: 'fahrrad-ch', waehrung: 'CHF' },
    });
  });

  it('refuses a German postcode for the Swiss brand, and a Swiss one for a German brand, in German', async () => {
    const german = withAnswers(swiss, 'risikoort', { plz: '80331' });
    const refused = await apply({ variante: 'customer', marke: 'protect-ch', antworten: german });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toEqual([
      {
        path: '/body/antworten/risikoort/plz',
        message: 'Bitte geben Sie eine gültige Postleitzahl an, zum Beispiel 8001.',
      },
    ]);
    const zurich = withAnswers(antworten, 'risikoort', { plz: '8001' });
    const andsafe = await apply({ variante: 'customer', marke: 'andsafe', antworten: zurich });
    expect(fieldErrors(andsafe)).toEqual([
      {
        path: '/body/antworten/risikoort/plz',
        message: 'Bitte geben Sie eine gültige Postleitzahl an, zum Beispiel 20354.',
      },
    ]);
  });

  it('asks the Swiss brand for its payment method and takes no SEPA mandate', async () => {
    const sepa = { ...without(swiss, 'zahlung'), bankverbindung: antworten.bankverbindung };
    const response = await apply({ variante: 'customer', marke: 'protect-ch', antworten: sepa });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual(
      expect.arrayContaining([
        { path: '/body/antworten/zahlung/zahlungsart', message: ZAHLUNG_MISSING },
        { path: '/body/antworten/bankverbindung', message: 'Dieses Feld ist nicht vorgesehen.' },
      ]),
    );
    const offeredElsewhere = withAnswers(swiss, 'zahlung', { zahlungsart: 'SEPA_LASTSCHRIFT' });
    const notOffered = await apply({
      variante: 'customer',
      marke: 'protect-ch',
      antworten: offeredElsewhere,
    });
    expect(fieldErrors(notOffered)).toContainEqual({
      path: '/body/antworten/zahlung/zahlungsart',
      message: ZAHLUNG_MISSING,
    });
  });

  it('debits with LSV+ only from an account in Switzerland or Liechtenstein, with the authorisation', async () => {
    const lsv = (iban: string): Answers => ({
      ...swiss,
      zahlung: { zahlungsart: 'LSV' },
      bankverbindung: { iban, kontoinhaber: 'Lukas Brunner', lsvErmaechtigung: true },
    });
    const german = await apply({
      variante: 'customer',
      marke: 'protect-ch',
      antworten: lsv('DE75 5121 0800 1245 1261 99'),
    });
    expect(fieldErrors(german)).toEqual([
      {
        path: '/body/antworten/bankverbindung/iban',
        message:
          'Von diesem Konto können wir nicht abbuchen. Bitte geben Sie eine IBAN an, die mit CH oder LI beginnt.',
      },
    ]);
    const withoutAuthorisation = lsv('CH93 0076 2011 6238 5295 7');
    delete withoutAuthorisation['bankverbindung']?.['lsvErmaechtigung'];
    expect(
      fieldErrors(
        await apply({ variante: 'customer', marke: 'protect-ch', antworten: withoutAuthorisation }),
      ),
    ).toEqual([
      {
        path: '/body/antworten/bankverbindung/lsvErmaechtigung',
        message: 'Bitte erteilen Sie die Ermächtigung für die Lastschrift (LSV+).',
      },
    ]);
    const swissAccount = await apply({
      variante: 'customer',
      marke: 'protect-ch',
      antworten: lsv('CH93 0076 2011 6238 5295 7'),
    });
    expect(swissAccount.statusCode).toBe(201);
  });

  it('keeps the German brands on SEPA: no payment step, the mandate required', async () => {
    const asked = await apply({
      variante: 'customer',
      marke: 'andsafe',
      antworten: { ...antworten, zahlung: { zahlungsart: 'SEPA_LASTSCHRIFT' } },
    });
    expect(fieldErrors(asked)).toEqual([
      { path: '/body/antworten/zahlung', message: 'Dieses Feld ist nicht vorgesehen.' },
    ]);
    const noMandate = withAnswers(antworten, 'bankverbindung', { sepaMandat: undefined });
    expect(
      fieldErrors(await apply({ variante: 'customer', marke: 'andsafe', antworten: noMandate })),
    ).toEqual([
      {
        path: '/body/antworten/bankverbindung/sepaMandat',
        message: 'Bitte erteilen Sie das SEPA-Lastschriftmandat.',
      },
    ]);
  });
});
