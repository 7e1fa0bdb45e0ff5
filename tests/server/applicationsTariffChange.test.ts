import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asAgent, asCustomer, type TestServer } from './helpers/testDatabase.ts';
import { pdfText } from './helpers/pdfText.ts';
import {
  ANNA,
  applicationApi,
  HANSEN,
  startApplicationServer,
  withAnswers,
  without,
  type Answers,
} from './helpers/applications.ts';

// The change of tariff of a business liability contract (betriebshaftpflicht-wechsel, offered for
// BHV_1 contracts by `forContracts`) on the generic application service: prepared with the
// contract, priced with the new generation's rating, submitted as an application that names the
// contract it changes.

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const FLOW = 'betriebshaftpflicht-wechsel';
const { apply, price, application, countApplications } = applicationApi(() => server, FLOW);

/** Thomas Becker (Becker Elektrotechnik GmbH), customer of the andsafe agency with a BHV_1 contract. */
const BECKER = asCustomer('2000102');
const CONTRACT = 'AS-10000201';
/** Sabine Hoffmann (hfk), whose business liability is of the new generation already (BHV_2). */
const HOFFMANN = asCustomer('3000102');

const prepare = (id: string, headers: Record<string, string>, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/antrag/${FLOW}/vertrag/${id}${query}`, headers });

// The answers as the flow fills them from the contract: Elektroinstallation with Onlinehandel,
// 940,000 € revenue, 5 Mio. €, deductible 500 €, half-yearly; the change date is the first of
// next month.
const priced: Answers = {
  betrieb: {
    hauptgewerbe: 'Elektroinstallation',
    nebengewerbe: [{ gewerbe: 'Onlinehandel' }],
    jahresumsatz: 940_000,
    mitarbeiter: 8,
  },
  deckung: { versicherungssumme: 5_000_000, selbstbeteiligung: 'SB_500' },
  risiko: { vorschaeden: 'KEINE', auslandstaetigkeit: false, arbeitenInHoehe: false },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'HALBJAEHRLICH' },
};
const antworten: Answers = {
  ...priced,
  einwilligungen: { wechsel: true, bedingungen: true, datenschutz: true },
};

// 414 (class 3, up to 1 Mio. €) * 1.12 = 463.68; -10 % = 417.312 -> 417.31; * 1.19 = 496.5989;
// * 1.02 / 2 = 253.2654 -> 253.27; a year 506.54; net 425.66; tax 80.88.
const PRICE = {
  waehrung: 'EUR',
  beitrag: 253.27,
  jahresbeitrag: 506.54,
  zahlweise: 'HALBJAEHRLICH',
  versicherungssumme: 5_000_000,
  selbstbeteiligung: 'SB_500',
  versicherungsbeginn: '2025-07-01',
  versicherungsteuer: 80.88,
  risikoklasse: 3,
};

const NOT_FOUND = { error: 'not-found', message: 'Diesen Vertrag haben wir nicht gefunden.' };
const NOT_OFFERED = {
  error: 'vertrag-nicht-moeglich',
  message:
    'Einen Tarifwechsel bieten wir nur für laufende Verträge der Betriebshaftpflicht in der älteren Tarifgeneration an. Für diesen Vertrag ist er nicht möglich.',
};

describe('preparing the change of tariff: GET /api/antrag/{flow}/vertrag/{id}', () => {
  it('answers the signed-in customer’s BHV_1 contract with what the flow fills in', async () => {
    const response = await prepare(CONTRACT, BECKER);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      versicherungsNummer: CONTRACT,
      produkt: 'BHV_1',
      versicherteGewerbe: { hauptgewerbe: 'Elektroinstallation', nebengewerbe: ['Onlinehandel'] },
      jahresumsatz: { value: 940_000 },
      versicherungsSumme: 5_000_000,
      neueSelbstbeteiligung: 'SB_500',
      zahlweise: 'HALBJAEHRLICH',
    });
  });

  it('refuses another customer’s contract like a missing one, and a contract of another product with its reason', async () => {
    for (const [id, headers] of [
      [CONTRACT, ANNA],
      ['AS-99999999', BECKER],
    ] as const) {
      const response = await prepare(id, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    for (const [id, headers] of [
      ['AS-10000202', BECKER],
      ['HFK-20000201', HOFFMANN],
    ] as const) {
      const response = await prepare(id, headers);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual(NOT_OFFERED);
    }
    expect((await prepare(CONTRACT, {})).statusCode).toBe(401);
    const notForContracts = await server.app.inject({
      method: 'GET',
      url: `/api/antrag/betriebshaftpflicht/vertrag/${CONTRACT}`,
      headers: BECKER,
    });
    expect(notForContracts.statusCode).toBe(404);
  });

  it('answers an agent the contract of a customer of its agency, named in the query', async () => {
    const response = await prepare(CONTRACT, HANSEN, '?partnerNummer=2000102');
    expect(response.statusCode).toBe(200);
    expect((await prepare(CONTRACT, HANSEN)).statusCode).toBe(400);
    const otherCustomer = await prepare(CONTRACT, HANSEN, '?partnerNummer=2000101');
    expect(otherCustomer.json()).toEqual(NOT_FOUND);
    const otherAgency = await prepare(CONTRACT, asAgent('V-HFK-200'), '?partnerNummer=2000102');
    expect(otherAgency.statusCode).toBe(404);
  });
});

describe('the change of tariff on the one application service', () => {
  // A contract takes one open change (applicationsOpenChange.test.ts); here each test starts as if
  // the back office had handled the changes submitted before it.
  beforeEach(async () => {
    await server.db.database.db.execute(
      sql`UPDATE applications SET open_change_of = NULL WHERE open_change_of = ${CONTRACT}`,
    );
  });

  it('prices the new generation from the contract’s data', async () => {
    const response = await price(
      { variante: 'customer', vertragsNummer: CONTRACT, antworten: priced },
      BECKER,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ versicherbar: true, grund: null, ...PRICE });
  });

  it('needs the contract number', async () => {
    const response = await price({ variante: 'customer', antworten: priced }, BECKER);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: [{ path: '/body/vertragsNummer', keyword: 'required' }],
    });
  });

  it('submits the change as an application naming the old contract, with the change date', async () => {
    const response = await apply(
      { variante: 'customer', vertragsNummer: CONTRACT, antworten },
      BECKER,
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ antragsnummer: string }>();
    expect(body).toEqual({
      antragsnummer: expect.stringMatching(/^BW-\d{8}$/),
      vertragsNummer: CONTRACT,
      ...PRICE,
      status: 'eingereicht',
    });
    const row = await application(body.antragsnummer);
    expect(row).toMatchObject({
      flow: FLOW,
      produkt: 'BHV',
      brand: 'andsafe',
      owner_role: 'benutzer',
      owner_id: '2000102',
      partner_nummer: '2000102',
    });
    expect(row?.data).toMatchObject({
      variante: 'customer',
      vertrag: { versicherungsNummer: CONTRACT, produkt: 'BHV_1', zahlweise: 'HALBJAEHRLICH' },
      beitrag: { versicherungsbeginn: '2025-07-01', tarif: { id: 'bhv', version: 2 } },
    });
  });

  it('refuses a change date outside its bounds with the German message', async () => {
    const response = await apply(
      {
        variante: 'customer',
        vertragsNummer: CONTRACT,
        antworten: withAnswers(antworten, 'beginn', { versicherungsbeginn: '2025-10-01' }),
      },
      BECKER,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      {
        path: '/body/antworten/beginn/versicherungsbeginn',
        keyword: 'dateWithinDays',
        message: 'Das Wechseldatum muss zwischen morgen und in drei Monaten liegen.',
      },
    ]);
  });

  it('a customer cannot change another customer’s contract, nor a contract of another product', async () => {
    const before = await countApplications();
    for (const call of [price, apply]) {
      const foreign = await call(
        { variante: 'customer', vertragsNummer: CONTRACT, antworten },
        ANNA,
      );
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(NOT_FOUND);
      const otherProduct = await call(
        { variante: 'customer', vertragsNummer: 'HFK-20000201', antworten },
        HOFFMANN,
      );
      expect(otherProduct.statusCode).toBe(422);
      expect(otherProduct.json()).toEqual(NOT_OFFERED);
    }
    const publicCall = await apply({ variante: 'customer', vertragsNummer: CONTRACT, antworten });
    expect(publicCall.statusCode).toBe(401);
    expect(await countApplications()).toBe(before);
  });

  it('refuses a business the new tariff does not insure online, with its reason', async () => {
    const response = await apply(
      {
        variante: 'customer',
        vertragsNummer: CONTRACT,
        antworten: withAnswers(antworten, 'risiko', { arbeitenInHoehe: true }),
      },
      BECKER,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'nicht-versicherbar',
      message:
        'Arbeiten in mehr als 20 Metern Höhe versichern wir online leider nicht. Bitte wenden Sie sich an uns.',
      grundFelder: ['risiko.arbeitenInHoehe'],
    });
  });

  it('lets an agent of the customer’s agency change it, with the worksheet; not for another customer', async () => {
    const body = { variante: 'agent', partnerNummer: '2000102', vertragsNummer: CONTRACT };
    const quote = await price({ ...body, antworten: priced }, HANSEN);
    expect(quote.json()).toMatchObject({ ...PRICE, rechenweg: { tarif: { id: 'bhv' } } });
    const foreign = await price({ ...body, partnerNummer: '2000101', antworten: priced }, HANSEN);
    expect(foreign.json()).toEqual(NOT_FOUND);
    const otherAgency = await price({ ...body, antworten: priced }, asAgent('V-HFK-200'));
    expect(otherAgency.statusCode).toBe(404);
    const response = await apply({ ...body, antworten }, HANSEN);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ vertragsNummer: CONTRACT, beitrag: 253.27 });
  });

  it('writes the offer of the change as a PDF for the customer and the agent, with the contract number; no advice record', async () => {
    const post = (kind: string, body: object, headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: `/api/antrag/${FLOW}/${kind}`,
        headers,
        payload: body,
      });
    const customer = { variante: 'customer', vertragsNummer: CONTRACT, antworten: priced };
    const agent = { ...customer, variante: 'agent', partnerNummer: '2000102' };
    for (const [body, headers] of [
      [customer, BECKER],
      [agent, HANSEN],
    ] as const) {
      const offer = await post('angebot', body, headers);
      expect(offer.statusCode).toBe(200);
      expect(offer.headers['content-type']).toBe('application/pdf');
      // Signed in, the offer also goes to the customer's Postfach.
      expect(offer.headers['x-postfach-nachricht']).toEqual(expect.any(String));
      const text = await pdfText(offer.rawPayload);
      // The premium of PRICE: 253.27 a half-year, 506.54 a year, tax 80.88.
      for (const expected of [
        'andsafe',
        'Ihr Angebot: Betriebshaftpflicht',
        'Gültig bis 13.07.2025',
        'Hauptgewerbe Elektroinstallation',
        'Beitrag halbjährlich 253,27 €',
        'Jahresbeitrag 506,54 €',
        '80,88 €',
      ])
        expect(text).toContain(expected);
    }
    const foreign = await post('angebot', customer, ANNA);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
    const noContract = await post('angebot', { variante: 'customer', antworten: priced }, BECKER);
    expect(noContract.statusCode).toBe(400);
    const record = await post('beratungsdokumentation', customer, BECKER);
    expect(record.statusCode).toBe(404);
  });

  it('keeps an agent’s draft with its contract, lists it, and turns it into the change', async () => {
    const id = 'b5b5b5b5-0000-4000-8000-000000000001';
    const save = (extra: Record<string, unknown>) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/vermittler/entwuerfe/${id}`,
        headers: HANSEN,
        payload: {
          flow: FLOW,
          version: 1,
          partnerNummer: '2000102',
          zustand: { formData: without(priced, 'zahlweise'), currentStep: 'beginn' },
          ...extra,
        },
      });
    const missing = await save({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      fieldErrors: [{ path: '/body/vertragsNummer', keyword: 'required' }],
    });
    const otherProduct = await save({ vertragsNummer: 'AS-10000202' });
    expect(otherProduct.statusCode).toBe(422);
    expect(otherProduct.json()).toEqual(NOT_OFFERED);
    const saved = await save({ vertragsNummer: CONTRACT });
    expect(saved.statusCode).toBe(201);
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
    });
    expect(read.json()).toMatchObject({
      flow: FLOW,
      vertragsNummer: CONTRACT,
      zustand: { formData: without(priced, 'zahlweise'), currentStep: 'beginn' },
    });
    expect(read.json<{ zustand: object }>().zustand).not.toHaveProperty('vertragsNummer');
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/vermittler/entwuerfe',
      headers: HANSEN,
    });
    expect(list.json<unknown[]>()).toContainEqual(
      expect.objectContaining({
        id,
        flow: FLOW,
        partnerNummer: '2000102',
        vertragsNummer: CONTRACT,
      }),
    );
    const response = await apply(
      {
        variante: 'agent',
        partnerNummer: '2000102',
        vertragsNummer: CONTRACT,
        entwurf: id,
        antworten,
      },
      HANSEN,
    );
    expect(response.statusCode).toBe(201);
    expect(
      await application(response.json<{ antragsnummer: string }>().antragsnummer),
    ).toMatchObject({
      id,
      status: 'submitted',
      data: expect.objectContaining({
        vertrag: expect.objectContaining({ versicherungsNummer: CONTRACT }),
      }),
    });
  });
});
