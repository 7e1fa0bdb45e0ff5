import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/testDatabase.ts';
import { applicationPdfText } from './helpers/pdfText.ts';
import {
  applicationApi,
  HANSEN,
  startApplicationServer,
  without,
  withAnswers,
  type Answers,
  saveAndResumeDraft,
} from './helpers/applications.ts';

// The household contents line (definitions/applications/hausrat.json,
// definitions/tariffs/hausrat.json) on the one application service, with no code of its own.
// The tests' today is 2025-06-15.

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { apply, price, application, countApplications } = applicationApi(() => server, 'hausrat');

const priced: Answers = {
  adresse: { plz: '50667', ort: 'Köln', strasse: 'Hohe Straße', hausnummer: '12' },
  wohnung: { wohnflaeche: 70, gebaeudeart: 'MEHRFAMILIENHAUS', etage: 'ERDGESCHOSS' },
  deckung: {
    versicherungssumme: 45_500,
    selbstbeteiligung: 'SB_500',
    bausteine: ['GLASBRUCH', 'ELEMENTAR'],
  },
  risikofragen: { vorschaeden: 'KEINE', staendigBewohnt: true, holzbauweise: false },
};
const antworten: Answers = {
  ...priced,
  versicherungsnehmer: {
    anrede: 'HERR',
    vorname: 'Jonas',
    nachname: 'Wagner',
    geburtsdatum: '1990-07-07',
    email: 'jonas@beispiel.example',
  },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'JAEHRLICH' },
  bankverbindung: {
    iban: 'DE75512108001245126199',
    kontoinhaber: 'Jonas Wagner',
    sepaMandat: true,
  },
  einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
};
// The needs and the decision an adviser (online or an agent) records first.
const advice: Answers = {
  beratung: { naturgefahren: true, glasflaechen: true, fahrrad: false },
  empfehlung: { entscheidung: 'EMPFEHLUNG' },
};
const agentAnswers = { ...advice, ...without(antworten, 'versicherungsnehmer') };

// Köln: zone 4 (2.20 per 1,000 €), flood class 2. 45.5 x 2.2 = 100.10 x 1.1 (ground floor) =
// 110.11 + 18 (glass) + 36 x 1.5 (natural hazards) = 182.11 x 0.85 (SB 500) = 154.7935 -> 154.79
// a year; tax 154.79 - 154.79 / 1.19 (130.08) = 24.71
const PRICE = {
  waehrung: 'EUR',
  beitrag: 154.79,
  jahresbeitrag: 154.79,
  zahlweise: 'JAEHRLICH',
  versicherungssumme: 45_500,
  versicherungsbeginn: '2025-07-01',
  versicherungsteuer: 24.71,
  zone: 4,
};

const fieldErrors = (response: { json: <T>() => T }) =>
  response.json<{ fieldErrors: { path: string; keyword: string; message: string }[] }>()
    .fieldErrors;

describe('the household contents line on the one application service', () => {
  it('prices a flat from the tariff: zone by postcode, floor, covers, flood class, deductible', async () => {
    const response = await price({ variante: 'customer', marke: 'hfk', antworten });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ versicherbar: true, grund: null, ...PRICE });
  });

  it('gives an agent the worksheet with the zone the rate was read with', async () => {
    const response = await price(
      { variante: 'agent', partnerNummer: '2000103', antworten: priced },
      HANSEN,
    );
    const { rechenweg } = response.json<{
      rechenweg: { schritte: { id: string; quelle?: { schluessel?: unknown[] } }[] };
    }>();
    const step = (id: string) => rechenweg.schritte.find((s) => s.id === id);
    expect(step('tarifzone')?.quelle?.schluessel).toEqual([50]);
    expect(step('satz')?.quelle?.schluessel).toEqual([4]);
    expect(step('elementar-faktor')?.quelle?.schluessel).toEqual([2]);
  });

  it('submits with an HR number and stores the answers, the price and the worksheet', async () => {
    const response = await apply({ variante: 'customer', marke: 'hfk', antworten });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ antragsnummer: string }>();
    expect(body).toMatchObject({ antragsnummer: expect.stringMatching(/^HR-\d{8}$/), ...PRICE });
    const row = await application(body.antragsnummer);
    expect(row).toMatchObject({
      brand: 'hfk',
      produkt: 'HAUSRAT',
      flow: 'hausrat',
      flow_version: 1,
    });
    expect(row?.data.antworten['wohnung']).toEqual(priced['wohnung']);
    expect(row?.data.beitrag).toMatchObject({
      beitrag: 154.79,
      tarif: { id: 'hausrat', version: 2 },
    });
  });

  it('refuses a living space, a sum and a policyholder out of bounds, in German, storing nothing', async () => {
    const before = await countApplications();
    const response = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: {
        ...withAnswers(antworten, 'wohnung', { wohnflaeche: 15 }),
        deckung: { ...priced['deckung'], versicherungssumme: 5000 },
        versicherungsnehmer: { ...antworten['versicherungsnehmer'], geburtsdatum: '2008-01-01' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual([
      {
        path: '/body/antworten/wohnung/wohnflaeche',
        keyword: 'minimum',
        message: 'Wir versichern Wohnungen ab 20 m² Wohnfläche.',
      },
      {
        path: '/body/antworten/deckung/versicherungssumme',
        keyword: 'minimum',
        message: 'Die Versicherungssumme muss mindestens 10.000\u00a0€ betragen.',
      },
      {
        path: '/body/antworten/versicherungsnehmer/geburtsdatum',
        keyword: 'adult',
        message: 'Sie müssen mindestens 18 Jahre alt sein, um den Antrag zu stellen.',
      },
    ]);
    expect(await countApplications()).toBe(before);
  });

  it('refuses natural hazards in a high flood zone and a flat not lived in with 422 and the reason', async () => {
    const before = await countApplications();
    const dresden = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: withAnswers(antworten, 'adresse', {
        plz: '01067',
        ort: 'Dresden',
        strasse: 'Theaterplatz',
      }),
    });
    expect(dresden.statusCode).toBe(422);
    expect(dresden.json()).toEqual({
      error: 'nicht-versicherbar',
      message:
        'In Gebieten mit hoher Hochwassergefahr (Gefährdungsklasse 4) können wir Elementarschäden online leider nicht versichern. Bitte wählen Sie den Baustein Elementarschäden ab.',
      // The answers behind the refusal, the most direct first: the chosen cover, then the postcode.
      grundFelder: ['deckung.bausteine', 'adresse.plz'],
    });
    const empty = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: withAnswers(antworten, 'risikofragen', { staendigBewohnt: false }),
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      error: 'nicht-versicherbar',
      message:
        'Eine Wohnung, die nicht ständig bewohnt ist – etwa leer stehend oder nur zeitweise genutzt –, können wir online leider nicht versichern.',
      grundFelder: ['risikofragen.staendigBewohnt'],
    });
    expect(await countApplications()).toBe(before);
  });

  it('keeps an agent’s draft and turns it into the application when the agent resumes it', async () => {
    const id = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
    await saveAndResumeDraft(server, {
      id,
      flow: 'hausrat',
      zustand: { formData: priced, currentStep: 'risikofragen' },
    });
    const response = await apply(
      { variante: 'agent', partnerNummer: '2000103', entwurf: id, antworten: agentAnswers },
      HANSEN,
    );
    expect(response.statusCode).toBe(201);
    const { antragsnummer } = response.json<{ antragsnummer: string }>();
    expect(antragsnummer).toMatch(/^HR-\d{8}$/);
    expect(await application(antragsnummer)).toMatchObject({
      id,
      owner_id: 'V-AS-100',
      partner_nummer: '2000103',
    });
    const drafts = await server.app.inject({
      method: 'GET',
      url: '/api/vermittler/entwuerfe',
      headers: HANSEN,
    });
    expect(drafts.json<{ id: string }[]>().map((d) => d.id)).not.toContain(id);
  });

  it('writes the offer and the advice record of an advice as PDFs with answers, premium and brand', async () => {
    const body = {
      variante: 'advice',
      marke: 'hfk',
      antworten: {
        ...advice,
        ...antworten,
        einwilligungen: { bedingungen: true, datenschutz: true },
      },
    };
    const offerText = await applicationPdfText(server.app, 'hausrat', 'angebot', body);
    for (const expected of [
      'HFK',
      'Ihr Angebot: Hausratversicherung',
      'Ort Köln',
      // The yearly 154.79 worked out above (PRICE).
      'Jahresbeitrag 154,79 €',
    ])
      expect(offerText).toContain(expected);

    const recordText = await applicationPdfText(
      server.app,
      'hausrat',
      'beratungsdokumentation',
      body,
    );
    for (const expected of [
      'HFK',
      'Beratungsdokumentation: Hausratversicherung',
      'Beratung durch Online-Beratung',
      // Near water and with large glass surfaces:
      'Wir empfehlen Ihnen den Baustein Elementarschäden',
      'Wir empfehlen Ihnen den Baustein Glasbruch',
      'Ihre Entscheidung Ich folge der Empfehlung.',
      'Jahresbeitrag 154,79 €',
    ])
      expect(recordText).toContain(expected);
    // No valuable bike: that recommendation was not shown, so it is not recorded.
    expect(recordText).not.toContain('Fahrraddiebstahl:');
  });
});
