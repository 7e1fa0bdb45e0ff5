import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/testDatabase.ts';
import { applicationPdfText } from './helpers/pdfText.ts';
import {
  applicationApi,
  HANSEN,
  MIRA,
  startApplicationServer,
  without,
  withAnswers,
  type Answers,
  saveAndResumeDraft,
} from './helpers/applications.ts';

// The private liability line (definitions/applications/privathaftpflicht.json,
// definitions/tariffs/phv.json) on the one application service, with no code of its own. The
// tests' today is 2025-06-15.

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { apply, price, application, countApplications } = applicationApi(
  () => server,
  'privathaftpflicht',
);

const priced: Answers = {
  familie: { familienstand: 'PAAR', oeffentlicherDienst: true },
  partner: { vorname: 'Max', nachname: 'Mustermann', geburtsdatum: '1979-01-02' },
  deckung: {
    versicherungssumme: 20_000_000,
    selbstbeteiligung: 'SB_250',
    bausteine: ['SCHLUESSELVERLUST', 'MIETSACHSCHAEDEN', 'DIENSTHAFTPFLICHT'],
  },
  risikofragen: { vorschaeden: 'KEINE', gekuendigt: false },
};
const antworten: Answers = {
  ...priced,
  versicherungsnehmer: {
    anrede: 'FRAU',
    vorname: 'Erika',
    nachname: 'Mustermann',
    geburtsdatum: '1980-05-12',
    email: 'erika@beispiel.example',
    plz: '24103',
    ort: 'Kiel',
    strasse: 'Holstenstraße',
    hausnummer: '1',
  },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'MONATLICH' },
  bankverbindung: {
    iban: 'DE75512108001245126199',
    kontoinhaber: 'Erika Mustermann',
    sepaMandat: true,
  },
  einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
};
// The needs and the decision an adviser (online or an agent) records first.
const advice: Answers = {
  beratung: { wohnsituation: 'MIETE', fremdeSchluessel: true, kleineKinder: false },
  empfehlung: { entscheidung: 'EMPFEHLUNG' },
};
const agentAnswers = { ...advice, ...without(antworten, 'versicherungsnehmer') };

// Couple 58 x 1.1 (20 Mio) = 63.80 + 9 (keys) + 8 (rented property) + 18 (civil service) = 98.80
// x 0.9 (SB 250) = 88.92 a year; monthly 88.92 x 1.05 / 12 = 7.7805 -> 7.78, x 12 = 93.36;
// tax 93.36 - 93.36 / 1.19 (78.45) = 14.91
const PRICE = {
  waehrung: 'EUR',
  beitrag: 7.78,
  jahresbeitrag: 93.36,
  zahlweise: 'MONATLICH',
  versicherungssumme: 20_000_000,
  versicherungsbeginn: '2025-07-01',
  versicherungsteuer: 14.91,
};

const fieldErrors = (response: { json: <T>() => T }) =>
  response.json<{ fieldErrors: { path: string; keyword: string; message: string }[] }>()
    .fieldErrors;

describe('the private liability line on the one application service', () => {
  it('prices a couple’s cover from the tariff: family status, sum, covers, deductible, period', async () => {
    const response = await price({ variante: 'customer', marke: 'hfk', antworten: priced });
    expect(response.statusCode).toBe(200);
    // Before the start and payment answers the price reads tomorrow and a yearly payment.
    expect(response.json()).toEqual({
      versicherbar: true,
      grund: null,
      beitrag: 88.92,
      jahresbeitrag: 88.92,
      waehrung: 'EUR',
      zahlweise: 'JAEHRLICH',
      versicherungssumme: 20_000_000,
      versicherungsbeginn: '2025-06-16',
      versicherungsteuer: 14.2,
    });
    const monthly = await price({ variante: 'customer', marke: 'hfk', antworten });
    expect(monthly.json()).toEqual({ versicherbar: true, grund: null, ...PRICE });
  });

  it('submits with a PH number and stores the answers, the price and the worksheet', async () => {
    const response = await apply({ variante: 'customer', marke: 'hfk', antworten });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ antragsnummer: string }>();
    expect(body).toMatchObject({ antragsnummer: expect.stringMatching(/^PH-\d{8}$/), ...PRICE });
    const row = await application(body.antragsnummer);
    expect(row).toMatchObject({
      brand: 'hfk',
      produkt: 'PRIVATHAFTPFLICHT',
      flow: 'privathaftpflicht',
      flow_version: 1,
    });
    expect(row?.data.antworten['partner']).toEqual(priced['partner']);
    expect(row?.data.beitrag).toMatchObject({ beitrag: 7.78, tarif: { id: 'phv', version: 2 } });
  });

  it('takes the advice variant with its advice step and without the advice waiver', async () => {
    const response = await apply({
      variante: 'advice',
      marke: 'andsafe',
      antworten: {
        ...advice,
        ...antworten,
        einwilligungen: { bedingungen: true, datenschutz: true },
      },
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses covers that do not fit the answers and a partner under 18, in German, storing nothing', async () => {
    const before = await countApplications();
    const response = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: {
        ...withAnswers(antworten, 'familie', { oeffentlicherDienst: false }),
        partner: { vorname: 'Max', nachname: 'Mustermann', geburtsdatum: '2008-01-01' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual([
      {
        path: '/body/antworten/partner/geburtsdatum',
        keyword: 'adult',
        message:
          'Mitversichern können wir eine volljährige Partnerin oder einen volljährigen Partner.',
      },
      {
        path: '/body/antworten/deckung/bausteine',
        keyword: 'enum',
        message:
          'Bitte wählen Sie nur Bausteine, die zu Ihren Angaben passen: deliktunfähige Kinder nur mit Kindern, die Diensthaftpflicht nur im öffentlichen Dienst.',
      },
    ]);
    // A single has no partner step: its answers do not belong to the application.
    const single = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: withAnswers(antworten, 'familie', { familienstand: 'SINGLE' }),
    });
    expect(single.statusCode).toBe(400);
    expect(fieldErrors(single).map((e) => e.path)).toContain('/body/antworten/partner');
    expect(await countApplications()).toBe(before);
  });

  it('refuses a policyholder whose previous insurer cancelled with 422 and the reason', async () => {
    const before = await countApplications();
    const response = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: withAnswers(antworten, 'risikofragen', { gekuendigt: true }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'nicht-versicherbar',
      message:
        'Hat ein Versicherer Ihnen in den letzten fünf Jahren die Privathaftpflichtversicherung gekündigt, können wir Sie online leider nicht versichern.',
      grundFelder: ['risikofragen.gekuendigt'],
    });
    expect(await countApplications()).toBe(before);
  });

  it('is not offered under a brand whose definition leaves it out (protect-ch)', async () => {
    const response = await apply({ variante: 'customer', marke: 'protect-ch', antworten });
    expect(response.statusCode).toBe(404);
  });

  it('keeps an agent’s draft and turns it into the application when the agent resumes it', async () => {
    const id = '3c1f2e4d-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
    await saveAndResumeDraft(server, {
      id,
      flow: 'privathaftpflicht',
      zustand: { formData: priced, currentStep: 'risikofragen' },
    });
    const body = {
      variante: 'agent',
      partnerNummer: '2000103',
      entwurf: id,
      antworten: agentAnswers,
    };
    expect((await apply(body, MIRA)).statusCode).toBe(404);
    const response = await apply(body, HANSEN);
    expect(response.statusCode).toBe(201);
    const { antragsnummer } = response.json<{ antragsnummer: string }>();
    expect(antragsnummer).toMatch(/^PH-\d{8}$/);
    expect(await application(antragsnummer)).toMatchObject({
      id,
      owner_id: 'V-AS-100',
      partner_nummer: '2000103',
      brand: 'andsafe',
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
      marke: 'andsafe',
      antworten: {
        ...advice,
        ...antworten,
        einwilligungen: { bedingungen: true, datenschutz: true },
      },
    };
    const offerText = await applicationPdfText(server.app, 'privathaftpflicht', 'angebot', body);
    for (const expected of [
      'andsafe',
      'Ihr Angebot: Privathaftpflichtversicherung',
      'Versicherungssumme 20 Mio. €',
      // The monthly 7.78 and the year 93.36 worked out above (PRICE).
      'Beitrag monatlich 7,78 €',
      'Jahresbeitrag 93,36 €',
    ])
      expect(offerText).toContain(expected);

    const recordText = await applicationPdfText(
      server.app,
      'privathaftpflicht',
      'beratungsdokumentation',
      body,
    );
    for (const expected of [
      'andsafe',
      'Beratungsdokumentation: Privathaftpflichtversicherung',
      'Beratung durch Online-Beratung',
      'Wie wohnen Sie? Zur Miete',
      // Shown for a tenant with keys of others:
      'Wir empfehlen Ihnen den Baustein Mietsachschäden',
      'Wir empfehlen Ihnen den Baustein Schlüsselverlust',
      'Ihre Entscheidung Ich folge der Empfehlung.',
      'Jahresbeitrag 93,36 €',
    ])
      expect(recordText).toContain(expected);
    // No small children: that recommendation was not shown, so it is not recorded.
    expect(recordText).not.toContain('Deliktunfähige Kinder:');
  });
});
