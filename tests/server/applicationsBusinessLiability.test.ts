import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAgent, type TestServer } from './helpers/testDatabase.ts';
import { applicationPdfText } from './helpers/pdfText.ts';
import {
  ANNA,
  applicationApi,
  HANSEN,
  IBAN,
  startApplicationServer,
  withAnswers,
  without,
  type Answers,
} from './helpers/applications.ts';

// The business liability line (definitions/applications/betriebshaftpflicht.json, the rating of
// definitions/tariffs/bhv.json) on the one application service, with no code of its own.

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { apply, price, application, countApplications } = applicationApi(
  () => server,
  'betriebshaftpflicht',
);

const priced: Answers = {
  betrieb: {
    hauptgewerbe: 'Bäckerei',
    nebengewerbe: [{ gewerbe: 'Café' }],
    jahresumsatz: 300_000,
    gruendungsdatum: '2020-03-01',
    mitarbeiter: 6,
    rechtsform: 'GMBH',
  },
  deckung: {
    versicherungssumme: 5_000_000,
    selbstbeteiligung: 'SB_250',
    bausteine: ['PRODUKTHAFTPFLICHT', 'MIETSACHSCHAEDEN'],
  },
  risiko: { vorschaeden: 'KEINE', auslandstaetigkeit: false, arbeitenInHoehe: false },
};
const antworten: Answers = {
  ...priced,
  unternehmen: {
    firmenname: 'Backstube Hansen GmbH',
    anrede: 'FRAU',
    vorname: 'Frauke',
    nachname: 'Hansen',
    email: 'info@backstube-hansen.example',
    plz: '24103',
    ort: 'Kiel',
    strasse: 'Holstenstraße',
    hausnummer: '5',
  },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'VIERTELJAEHRLICH' },
  bankverbindung: { iban: IBAN, kontoinhaber: 'Backstube Hansen GmbH', sepaMandat: true },
  einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
};
/** The needs and the decision that advice and agents record first. */
const needs: Answers = {
  beratung: { produkte: true, beiKunden: false, gemieteteRaeume: true, umweltStoffe: false },
  empfehlung: { entscheidung: 'EMPFEHLUNG' },
};
const agentAnswers = { ...needs, ...without(antworten, 'unternehmen') };

// Bäckerei (class 2) up to 500,000 €: 232; * 1.12 (5 Mio.) = 259.84; Café is class 2 too: no
// surcharge; product liability + 12 % of 259.84 = 31.1808 -> 291.0208; rented premises + 30 ->
// 321.0208; SB 250 € -5 % = 304.96976 -> 304.97; * 1.19 = 362.9143; quarterly * 1.03 / 4 =
// 93.4504 -> 93.45; a year 373.80; net 373.80 / 1.19 = 314.12; tax 59.68.
const PRICE = {
  waehrung: 'EUR',
  beitrag: 93.45,
  jahresbeitrag: 373.8,
  zahlweise: 'VIERTELJAEHRLICH',
  versicherungssumme: 5_000_000,
  selbstbeteiligung: 'SB_250',
  versicherungsbeginn: '2025-07-01',
  versicherungsteuer: 59.68,
  risikoklasse: 2,
};

describe('the business liability line on the one application service', () => {
  it('prices the business from the catalogue’s risk class, its revenue, cover and add-ons', async () => {
    const response = await price({
      variante: 'customer',
      marke: 'andsafe',
      antworten: {
        ...priced,
        zahlweise: { zahlweise: 'VIERTELJAEHRLICH' },
        beginn: antworten['beginn'],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ versicherbar: true, grund: null, ...PRICE });
  });

  it('submits with a BH number and stores the answers, the price and the worksheet', async () => {
    const response = await apply({ variante: 'customer', marke: 'andsafe', antworten });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ antragsnummer: string }>();
    expect(body).toEqual({
      antragsnummer: expect.stringMatching(/^BH-\d{8}$/),
      ...PRICE,
      status: 'eingereicht',
    });
    const row = await application(body.antragsnummer);
    expect(row).toMatchObject({
      brand: 'andsafe',
      produkt: 'BHV',
      flow: 'betriebshaftpflicht',
      owner_role: 'oeffentlich',
    });
    expect(row?.data.antworten['betrieb']).toMatchObject({ hauptgewerbe: 'Bäckerei' });
    expect(row?.data.beitrag).toMatchObject({ beitrag: 93.45, tarif: { id: 'bhv', version: 2 } });
    expect(row?.data).not.toHaveProperty('vertrag');
  });

  it('answers a refused quote with the German reason and refuses the submission with 422', async () => {
    const risky = withAnswers(antworten, 'risiko', { auslandstaetigkeit: true });
    const quote = await price({ variante: 'customer', marke: 'andsafe', antworten: risky });
    expect(quote.json()).toMatchObject({
      versicherbar: false,
      grund:
        'Tätigkeiten im Ausland versichern wir online leider nicht. Bitte wenden Sie sich an uns.',
      beitrag: null,
    });
    const before = await countApplications();
    const response = await apply({ variante: 'customer', marke: 'andsafe', antworten: risky });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'nicht-versicherbar',
      message:
        'Tätigkeiten im Ausland versichern wir online leider nicht. Bitte wenden Sie sich an uns.',
      grundFelder: ['risiko.auslandstaetigkeit'],
    });
    expect(await countApplications()).toBe(before);
  });

  it('requires a main business of the catalogue at submit (check pruefung-fehlgeschlagen)', async () => {
    const response = await apply({
      variante: 'customer',
      marke: 'andsafe',
      antworten: withAnswers(antworten, 'betrieb', { hauptgewerbe: 'Sprengmeisterei' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'pruefung-fehlgeschlagen',
      message:
        'Ihr Hauptgewerbe finden wir nicht in unserer Liste der Gewerbearten. Bitte wählen Sie es aus den Vorschlägen aus oder wenden Sie sich an uns.',
    });
    const listedByKey = await apply({
      variante: 'customer',
      marke: 'andsafe',
      antworten: withAnswers(antworten, 'betrieb', { hauptgewerbe: 'baeckerei' }),
    });
    expect(listedByKey.statusCode).toBe(201);
  });

  it('refuses a founding date before 2019 and a fourth additional business with German messages', async () => {
    const response = await apply({
      variante: 'customer',
      marke: 'andsafe',
      antworten: withAnswers(antworten, 'betrieb', {
        gruendungsdatum: '2018-12-31',
        nebengewerbe: ['Café', 'Kiosk', 'Floristik', 'Onlinehandel'].map((gewerbe) => ({
          gewerbe,
        })),
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      {
        path: '/body/antworten/betrieb/nebengewerbe',
        keyword: 'maxItems',
        message: 'Sie können höchstens 3 Nebengewerbe angeben.',
      },
      {
        path: '/body/antworten/betrieb/gruendungsdatum',
        keyword: 'foundingYear',
        message: 'Das Gründungsdatum darf nicht vor dem 01.01.2019 liegen.',
      },
    ]);
  });

  it('asks the needs and the decision only in the advice and agent variants, and the waiver only of customers', async () => {
    const advice = {
      ...needs,
      ...antworten,
      einwilligungen: { bedingungen: true, datenschutz: true },
    };
    const response = await apply({ variante: 'advice', marke: 'hfk', antworten: advice });
    expect(response.statusCode).toBe(201);
    const withoutAdvice = await apply({
      variante: 'advice',
      marke: 'hfk',
      antworten: without(advice, 'beratung'),
    });
    expect(withoutAdvice.statusCode).toBe(400);
    const withoutDecision = await apply({
      variante: 'advice',
      marke: 'hfk',
      antworten: without(advice, 'empfehlung'),
    });
    expect(withoutDecision.statusCode).toBe(400);
    const agentWithoutNeeds = await apply(
      { variante: 'agent', partnerNummer: '2000103', antworten: without(agentAnswers, 'beratung') },
      HANSEN,
    );
    expect(agentWithoutNeeds.statusCode).toBe(400);
    const customerWithAdvice = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: advice,
    });
    expect(customerWithAdvice.statusCode).toBe(400);
  });

  it('takes an agent’s application without the company step and shows the agent the worksheet', async () => {
    const quote = await price(
      { variante: 'agent', partnerNummer: '2000103', antworten: priced },
      HANSEN,
    );
    const { rechenweg } = quote.json<{
      rechenweg: { schritte: { id: string; quelle?: { schluessel?: unknown[] } }[] };
    }>();
    expect(rechenweg.schritte.find((s) => s.id === 'grundbeitrag')?.quelle?.schluessel).toEqual([
      2, 300_000,
    ]);
    const response = await apply(
      { variante: 'agent', partnerNummer: '2000103', antworten: agentAnswers },
      HANSEN,
    );
    expect(response.statusCode).toBe(201);
    expect(
      await application(response.json<{ antragsnummer: string }>().antragsnummer),
    ).toMatchObject({ owner_role: 'vermittler', partner_nummer: '2000103' });
    const publicCall = await price({ variante: 'customer', antworten: priced });
    expect(publicCall.json()).not.toHaveProperty('rechenweg');
  });

  it('keeps an agent’s draft and turns it into the application', async () => {
    const id = 'b4b4b4b4-0000-4000-8000-000000000001';
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
      payload: {
        flow: 'betriebshaftpflicht',
        version: 1,
        partnerNummer: '2000103',
        zustand: { formData: priced, currentStep: 'risiko' },
      },
    });
    expect(saved.statusCode).toBe(201);
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
    });
    expect(read.json()).toMatchObject({
      flow: 'betriebshaftpflicht',
      zustand: { formData: priced, currentStep: 'risiko' },
    });
    expect(read.json()).not.toHaveProperty('vertragsNummer');
    const withContract = await server.app.inject({
      method: 'PUT',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
      payload: {
        flow: 'betriebshaftpflicht',
        version: 1,
        partnerNummer: '2000103',
        vertragsNummer: 'AS-10000301',
        zustand: { formData: priced, currentStep: 'risiko' },
      },
    });
    expect(withContract.statusCode).toBe(400);
    const response = await apply(
      { variante: 'agent', partnerNummer: '2000103', entwurf: id, antworten: agentAnswers },
      HANSEN,
    );
    expect(response.statusCode).toBe(201);
    expect(
      await application(response.json<{ antragsnummer: string }>().antragsnummer),
    ).toMatchObject({ id, status: 'submitted' });
  });

  it('writes the offer and the advice record of an advice as PDFs with the answers, the premium and the brand', async () => {
    const body = {
      variante: 'advice',
      marke: 'hfk',
      antworten: { ...needs, ...without(antworten, 'einwilligungen') },
    };
    const offerText = await applicationPdfText(server.app, 'betriebshaftpflicht', 'angebot', body);
    // The premium of PRICE (93.45 a quarter, 373.80 a year, tax 59.68); 28 days from 15.06.2025.
    for (const expected of [
      'HFK',
      'Ihr Angebot: Betriebshaftpflicht',
      'Gültig bis 13.07.2025',
      'Hauptgewerbe Bäckerei',
      'Name des Unternehmens Backstube Hansen GmbH',
      'Beitrag vierteljährlich 93,45 €',
      'Jahresbeitrag 373,80 €',
      '59,68 €',
    ])
      expect(offerText).toContain(expected);
    const recordText = await applicationPdfText(
      server.app,
      'betriebshaftpflicht',
      'beratungsdokumentation',
      body,
    );
    for (const expected of [
      'HFK',
      'Beratungsdokumentation: Betriebshaftpflicht',
      'Online-Beratung',
      'Nutzen Sie gemietete Betriebsräume? Ja',
      // Shown for products and rented premises, not for work at the customer's or the environment.
      'Wir empfehlen Ihnen den Baustein „Erweiterte Produkthaftpflicht“.',
      'Wir empfehlen Ihnen den Baustein „Mietsachschäden an Betriebsräumen“.',
      'Ich folge der Empfehlung.',
      'Jahresbeitrag 373,80 €',
    ])
      expect(recordText).toContain(expected);
    expect(recordText).not.toContain('Tätigkeitsschäden: Sie arbeiten');
  });

  it('is no change of a contract: a contract number is refused', async () => {
    const response = await price(
      { variante: 'customer', vertragsNummer: 'AS-10000101', antworten: priced },
      ANNA,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: [{ path: '/body/vertragsNummer', keyword: 'additionalProperties' }],
    });
  });

  it('is not offered under a brand whose definition leaves it out (protect-ch)', async () => {
    const publicCall = await apply({ variante: 'customer', marke: 'protect-ch', antworten });
    expect(publicCall.statusCode).toBe(404);
    const agentCall = await price(
      { variante: 'agent', partnerNummer: '6000101', antworten: priced },
      asAgent('V-PCH-500'),
    );
    expect(agentCall.statusCode).toBe(404);
  });
});
