import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const BASE = '/api/vertrag/vertrag';
const ANNA = asCustomer('2000101');
const FIRMA = asCustomer('2000102');

const calc = (id: string, path: string, body: Record<string, unknown>, headers = ANNA) =>
  server.app.inject({
    method: 'POST',
    url: `${BASE}/${id}/beitrag/${path}`,
    headers,
    payload: { versicherungsNummer: id, wirksamkeitsdatum: TODAY, ...body },
  });

describe('POST .../{id}/beitrag/phv/familienstand', () => {
  it('prices the family status by the rating of the tariff, as an application is priced', async () => {
    const response = await calc('AS-10000101', 'phv/familienstand', { familienstand: 'FAMILIE' });
    expect(response.statusCode).toBe(200);
    // Rating table grundbeitrag FAMILIE 66.00 × summenfaktor (10 Mio.) 1 × 1.05 / 12 = 5.775;
    // 5.78 × 12 = 69.36 a year, 290 of 365 days left to the main due date 1 April: 55.11.
    expect(response.json()).toMatchObject({
      beitrag: 5.78,
      anteiligerBeitrag: 55.11,
      zahlweise: 'MONATLICH',
      ungueltig: false,
    });
  });

  it('marks a status the contract does not offer, or a contract without one, as ungueltig', async () => {
    const unknown = await calc('AS-10000101', 'phv/familienstand', {
      familienstand: 'VERHEIRATET',
    });
    expect(unknown.json()).toMatchObject({
      ungueltig: true,
      beitrag: null,
      fehlermeldung: 'Diesen Familienstand gibt es für Ihren Vertrag nicht.',
    });
    const household = await calc('AS-10000102', 'phv/familienstand', { familienstand: 'SINGLE' });
    expect(household.json()).toMatchObject({ ungueltig: true });
  });
});

describe('POST .../{id}/beitrag/risikoort', () => {
  const address = { plz: '50667', ort: 'Köln', strasse: 'Domkloster', hausnummer: '4' };

  it('keeps the cover variant when the new home needs no higher sum', async () => {
    const response = await calc('AS-10000102', 'risikoort', {
      risikoOrt: { ...address, wohnflaeche: 100 },
    });
    // HR_KOMFORT 119 + glass 18 + bicycle 29, less 10 % (SB_250), yearly
    expect(response.json()).toMatchObject({ beitrag: 149.4, ungueltig: false });
  });

  it('moves to the variant whose insured sum covers living space × 650 €', async () => {
    const response = await calc('AS-10000102', 'risikoort', {
      risikoOrt: { ...address, wohnflaeche: 140, etage: 2, gebaeudeart: 'MEHRFAMILIENHAUS' },
    });
    // 140 m² × 650 € = 91,000 € → HR_PREMIUM 159 + 47, less 10 %
    expect(response.json()).toMatchObject({ beitrag: 185.4, ungueltig: false });
  });

  it('refuses a household without living space or beyond every variant', async () => {
    const without = await calc('AS-10000102', 'risikoort', { risikoOrt: address });
    expect(without.json()).toMatchObject({
      ungueltig: true,
      fehlermeldung: 'Bitte geben Sie die Wohnfläche der neuen Wohnung an.',
    });
    const huge = await calc('AS-10000102', 'risikoort', {
      risikoOrt: { ...address, wohnflaeche: 200 },
    });
    expect(huge.json()).toMatchObject({ ungueltig: true, beitrag: null });
  });

  it("answers a postcode of another country than the brand's with 400 and a German message", async () => {
    const response = await calc('AS-10000102', 'risikoort', {
      risikoOrt: { ...address, plz: '5066' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: [
        {
          path: '/body/risikoOrt/plz',
          keyword: 'postcode',
          message: 'Bitte geben Sie eine gültige Postleitzahl an, zum Beispiel 20354.',
        },
      ],
    });
  });
});

describe("a Swiss brand's contract (protect-ch)", () => {
  const LUKAS = asCustomer('6000101');
  const zurich = { plz: '8004', ort: 'Zürich', strasse: 'Langstrasse', hausnummer: '10' };

  it('takes a move to a Swiss postcode and prices it with the tariff in francs', async () => {
    const response = await calc(
      'PCH-50000102',
      'risikoort',
      { risikoOrt: { ...zurich, wohnflaeche: 80 } },
      LUKAS,
    );
    expect(response.statusCode).toBe(200);
    // hausrat-ch: HR_KOMFORT 139 + elementar 42 + glass 22 + bicycle 35, less 10 % (SB_250) =
    // 214.20 a year; half-yearly 214.20 × 1.02 / 2 = 109.24 (the euro tariff would give 92.72)
    expect(response.json()).toMatchObject({ beitrag: 109.24, ungueltig: false });
  });

  it('refuses a German postcode with the Swiss example', async () => {
    const response = await calc(
      'PCH-50000102',
      'risikoort',
      { risikoOrt: { ...zurich, plz: '80331', wohnflaeche: 80 } },
      LUKAS,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: [
        {
          path: '/body/risikoOrt/plz',
          keyword: 'postcode',
          message: 'Bitte geben Sie eine gültige Postleitzahl an, zum Beispiel 8001.',
        },
      ],
    });
  });
});

describe('POST .../{id}/beitrag/hausrat/{coverageType}', () => {
  it('adds and removes optional covers at their tariff surcharge', async () => {
    const schutzbrief = await calc('AS-10000102', 'hausrat/schutzbrief', { eingeschlossen: true });
    expect(schutzbrief.json()).toMatchObject({ beitrag: 158.31, ungueltig: false });
    const ohneGlas = await calc('AS-10000102', 'hausrat/glasbruch', { eingeschlossen: false });
    expect(ohneGlas.json()).toMatchObject({ beitrag: 133.2, ungueltig: false });
    const elementar = await calc('AS-10000102', 'hausrat/elementar', { eingeschlossen: true });
    expect(elementar.json()).toMatchObject({ beitrag: 181.8, ungueltig: false });
  });

  it('refuses to drop the basic cover and answers 400 for an unknown cover type', async () => {
    const basis = await calc('AS-10000102', 'hausrat/basis', { eingeschlossen: false });
    expect(basis.json()).toMatchObject({
      ungueltig: true,
      fehlermeldung: 'Die Grunddeckung kann nicht abgewählt werden.',
    });
    const unknown = await calc('AS-10000102', 'hausrat/kasko', { eingeschlossen: true });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('POST .../{id}/beitrag/{productType}/umsatz', () => {
  it('prices the revenue band and returns the revenue data with an error message field', async () => {
    const response = await calc('AS-10000201', 'bhv/umsatz', { jahresumsatz: 400_000 }, FIRMA);
    expect(response.statusCode).toBe(200);
    // BHV_M 289 less 10 % (SB_500) × 1.2 (band up to 500,000) × 1.02 / 2
    expect(response.json()).toMatchObject({
      beitrag: 159.18,
      ungueltig: false,
      fehlermeldung: null,
      jahresumsatz: 400_000,
      alterJahresumsatz: expect.any(Number),
      alterBeitrag: expect.any(Number),
    });
  });

  it('refuses a revenue above the last band with a German message', async () => {
    const response = await calc('AS-10000201', 'bhv/umsatz', { jahresumsatz: 20_000_000 }, FIRMA);
    expect(response.json()).toMatchObject({
      ungueltig: true,
      fehlermeldung: 'Bei einem Jahresumsatz über 10.000.000 € beraten wir Sie gern persönlich.',
    });
  });

  it('answers 404 when the product type does not fit the contract', async () => {
    const response = await calc('AS-10000201', 'vh/umsatz', { jahresumsatz: 400_000 }, FIRMA);
    expect(response.statusCode).toBe(404);
  });
});

describe('POST .../{id}/beitrag/versicherungssumme', () => {
  it('prices the cover variant of the insured sum given as a string', async () => {
    const response = await calc('AS-10000103', 'versicherungssumme', {
      versicherungssumme: '1500',
    });
    // FR_BASIS 69 × 1.03 / 4
    expect(response.json()).toMatchObject({ beitrag: 17.77, ungueltig: false });
  });

  it('refuses a sum no variant offers, and a number instead of a string', async () => {
    const odd = await calc('AS-10000103', 'versicherungssumme', { versicherungssumme: '2000' });
    expect(odd.json()).toMatchObject({
      ungueltig: true,
      fehlermeldung: 'Diese Versicherungssumme bieten wir für Ihren Vertrag nicht an.',
    });
    const number = await calc('AS-10000103', 'versicherungssumme', { versicherungssumme: 1500 });
    expect(number.statusCode).toBe(400);
  });

  it('answers a foreign contract with the same 404 as a missing one', async () => {
    const foreign = await calc('AS-10000201', 'versicherungssumme', { versicherungssumme: '1500' });
    const missing = await calc('XX-1', 'versicherungssumme', { versicherungssumme: '1500' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });
});

describe('the effective date of a change', () => {
  const plusDays = (days: number) => {
    const day = new Date(`${TODAY}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + days);
    return day.toISOString().slice(0, 10);
  };

  it('may lie from today up to a year ahead, as the flows offer it', async () => {
    for (const days of [0, 365]) {
      const response = await calc('AS-10000101', 'zahlweise', {
        zahlweise: 'JAEHRLICH',
        wirksamkeitsdatum: plusDays(days),
      });
      expect(response.json()).toMatchObject({ ungueltig: false, fehlermeldung: null });
    }
  });

  it('is refused before today and more than a year ahead, with the German reason', async () => {
    const early = await calc('AS-10000101', 'zahlweise', {
      zahlweise: 'JAEHRLICH',
      wirksamkeitsdatum: plusDays(-1),
    });
    expect(early.json()).toMatchObject({
      ungueltig: true,
      beitrag: null,
      fehlermeldung: 'Das Wirksamkeitsdatum darf nicht in der Vergangenheit liegen.',
    });
    const late = await calc('AS-10000101', 'zahlweise', {
      zahlweise: 'JAEHRLICH',
      wirksamkeitsdatum: plusDays(366),
    });
    expect(late.json()).toMatchObject({
      ungueltig: true,
      beitrag: null,
      fehlermeldung: 'Das Wirksamkeitsdatum darf höchstens ein Jahr in der Zukunft liegen.',
    });
  });

  it('outside the window is not saved: 422 and the contract unchanged', async () => {
    const before = await server.app.inject({
      method: 'GET',
      url: `${BASE}/AS-10000101`,
      headers: ANNA,
    });
    const { lastUpdated, zahlweise } = before.json<{ lastUpdated: string; zahlweise: string }>();
    const save = await server.app.inject({
      method: 'PATCH',
      url: `${BASE}/AS-10000101`,
      headers: ANNA,
      payload: { lastUpdated, wirksamkeitsdatum: plusDays(400), zahlweise: 'JAEHRLICH' },
    });
    expect(save.statusCode).toBe(422);
    expect(save.json()).toMatchObject({
      message: 'Das Wirksamkeitsdatum darf höchstens ein Jahr in der Zukunft liegen.',
    });
    const after = await server.app.inject({
      method: 'GET',
      url: `${BASE}/AS-10000101`,
      headers: ANNA,
    });
    expect(after.json()).toMatchObject({ lastUpdated, zahlweise, vorgemerkteZahlweise: [] });
  });
});
