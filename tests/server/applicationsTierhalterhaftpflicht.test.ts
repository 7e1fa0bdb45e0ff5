import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/testDatabase.ts';
import { applicationPdfText } from './helpers/pdfText.ts';
import {
  applicationApi,
  HANSEN,
  saveAndResumeDraft,
  startApplicationServer,
} from './helpers/applications.ts';

// The pet owner liability (definitions/applications/tierhalterhaftpflicht.json, the rating of
// definitions/tariffs/thv.json) runs on the one application service with no code of its own:
// a list of dogs rated by the breed catalogue, checked against it on submit.

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { apply, price, application, countApplications } = applicationApi(
  () => server,
  'tierhalterhaftpflicht',
);

const luna = {
  name: 'Luna',
  rasse: 'Labrador Retriever',
  mischling: false,
  chipOrTattoo: '276098106543210',
  geburtsdatum: '2021-04-01',
};
const bello = {
  name: 'Bello',
  rasse: 'Dackel',
  mischling: true,
  mischlingsRasse: 'Beagle',
  geburtsdatum: '2023-09-12',
};
const priced = {
  hunde: { anzahl: 2, hunde: [luna, bello] },
  deckung: {
    versicherungssumme: 10000000,
    selbstbeteiligung: 'SB_250',
    mietsachschaeden: true,
    forderungsausfall: false,
    welpen: false,
  },
  risiko: { beissvorfall: false, vorschaeden: 'KEINE', gekuendigt: false },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'MONATLICH' },
};
const holder = {
  anrede: 'FRAU',
  vorname: 'Erika',
  nachname: 'Mustermann',
  geburtsdatum: '1980-05-12',
  email: 'erika@beispiel.example',
  plz: '24103',
  ort: 'Kiel',
  strasse: 'Holstenstraße',
  hausnummer: '1',
};
const bank = { iban: 'DE75512108001245126199', kontoinhaber: 'Erika Mustermann', sepaMandat: true };
const antworten = {
  ...priced,
  versicherungsnehmer: holder,
  bankverbindung: bank,
  einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
};
// The needs and the decision an adviser (online or an agent) records first.
const advice = {
  beratung: { wohnsituation: 'MIETE', welpenMoeglich: false, hoheSchaeden: false },
  empfehlung: { entscheidung: 'EMPFEHLUNG' },
};
const withDogs = (hunde: unknown[]) => ({
  ...antworten,
  hunde: { anzahl: hunde.length, hunde },
});

// Luna (Labrador Retriever, GROSS) 75; Bello, Dackel (KLEIN) x Beagle (MITTEL), rated MITTEL 60,
// as the second dog 20 % off = 48; 123 x 1.1 (10 Mio.) = 135.30 + 12 (Mietsachschäden) = 147.30;
// SB_250 -10 % = 132.57 a year; monthly x 1.05 = 139.1985 / 12 = 11.60; the year 12 x 11.60 =
// 139.20; its tax part 139.20 - 139.20 / 1.19 (116.97) = 22.23.
const PRICE = {
  waehrung: 'EUR',
  beitrag: 11.6,
  jahresbeitrag: 139.2,
  zahlweise: 'MONATLICH',
  versicherungssumme: 10000000,
  versicherungsbeginn: '2025-07-01',
  anzahlHunde: 2,
  versicherungsteuer: 22.23,
};

const LISTENHUND =
  'Listenhunde, also Rassen, die ein Bundesland als gefährlich einstuft, und Kreuzungen mit ihnen können wir online leider nicht versichern.';
const NOT_LISTED =
  'Wir kennen nicht jede angegebene Hunderasse. Bitte wählen Sie die Rasse jedes Hundes aus den Vorschlägen der Rassenliste; andere Rassen können wir online leider nicht versichern.';

describe('the pet owner liability on the one application service', () => {
  it('prices two dogs by the size classes of their breeds from the catalogue', async () => {
    const response = await price({ variante: 'customer', marke: 'hfk', antworten: priced });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ versicherbar: true, grund: null, ...PRICE });
  });

  it('prices from the dogs on, before the cover is chosen, to refuse a Listenhund at once', async () => {
    const dogsOnly = { hunde: { anzahl: 1, hunde: [{ ...luna, rasse: 'Rottweiler' }] } };
    const response = await price({ variante: 'customer', marke: 'hfk', antworten: dogsOnly });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ versicherbar: false, grund: LISTENHUND });
    const crossed = await price({
      variante: 'customer',
      marke: 'hfk',
      antworten: { hunde: { anzahl: 1, hunde: [{ ...bello, mischlingsRasse: 'Kangal' }] } },
    });
    expect(crossed.json()).toMatchObject({ versicherbar: false, grund: LISTENHUND });
  });

  it('gives an agent the worksheet: each dog read from the one size table with its own size', async () => {
    const response = await price(
      { variante: 'agent', partnerNummer: '2000103', antworten: priced },
      HANSEN,
    );
    expect(response.statusCode).toBe(200);
    const { rechenweg } = response.json<{
      rechenweg: { schritte: { id: string; wert?: number; quelle?: { schluessel?: unknown[] } }[] };
    }>();
    const step = (id: string) => rechenweg.schritte.find((s) => s.id === id);
    expect(step('hund-1')).toMatchObject({ wert: 75, quelle: { schluessel: ['GROSS'] } });
    expect(step('hund-2')).toMatchObject({ wert: 60, quelle: { schluessel: ['MITTEL'] } });
  });

  it('submits with a TH number and stores the dogs, the price and the worksheet', async () => {
    const response = await apply({ variante: 'customer', marke: 'hfk', antworten });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ antragsnummer: string }>();
    expect(body).toEqual({
      antragsnummer: expect.stringMatching(/^TH-\d{8}$/),
      ...PRICE,
      status: 'eingereicht',
    });
    const row = await application(body.antragsnummer);
    expect(row).toMatchObject({
      brand: 'hfk',
      produkt: 'TIERHALTER',
      flow: 'tierhalterhaftpflicht',
      flow_version: 1,
    });
    expect(row?.data.antworten['hunde']).toEqual({ anzahl: 2, hunde: [luna, bello] });
    expect(row?.data.beitrag).toMatchObject({ beitrag: 11.6, tarif: { id: 'thv', version: 2 } });
  });

  it('leaves out the second breed of a dog that is no mixed breed', async () => {
    const purebred = { ...luna, mischlingsRasse: 'Rottweiler' };
    const response = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: withDogs([purebred]),
    });
    expect(response.statusCode).toBe(201);
    const row = await application(response.json<{ antragsnummer: string }>().antragsnummer);
    expect(row?.data.antworten['hunde']).toEqual({ anzahl: 1, hunde: [luna] });
  });

  it('refuses a breed that is not in the catalogue with the check’s German message, storing nothing', async () => {
    const before = await countApplications();
    for (const dogs of [
      [luna, { ...bello, rasse: 'Wolfshund' }],
      [luna, { ...bello, mischlingsRasse: 'Straßenhund' }],
    ]) {
      const response = await apply({
        variante: 'customer',
        marke: 'hfk',
        antworten: withDogs(dogs),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: 'pruefung-fehlgeschlagen', message: NOT_LISTED });
    }
    expect(await countApplications()).toBe(before);
  });

  it('refuses a Listenhund at submit as not insurable', async () => {
    const response = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: withDogs([{ ...luna, rasse: 'Staffordshire Bullterrier' }]),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'nicht-versicherbar',
      message: LISTENHUND,
      // The list of dogs (the breed is a field of its items).
      grundFelder: ['hunde.hunde'],
    });
  });

  it('refuses more dogs than announced, a wrong chip number and an underage policyholder, in German', async () => {
    const response = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: {
        ...antworten,
        hunde: { anzahl: 1, hunde: [{ ...luna, chipOrTattoo: '12' }, bello] },
        versicherungsnehmer: { ...holder, geburtsdatum: '2008-01-01' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      {
        path: '/body/antworten/hunde/hunde/0/chipOrTattoo',
        keyword: 'pattern',
        message:
          'Hund 1: Bitte geben Sie eine 15-stellige Chipnummer oder eine Tätowiernummer aus 3 bis 12 Buchstaben oder Ziffern an.',
      },
      {
        path: '/body/antworten/hunde/hunde',
        keyword: 'maxItems',
        message:
          'Sie haben mehr Hunde angegeben, als Sie versichern möchten (1). Bitte entfernen Sie einen Hund oder ändern Sie die Anzahl.',
      },
      {
        path: '/body/antworten/versicherungsnehmer/geburtsdatum',
        keyword: 'adult',
        message: 'Sie müssen mindestens 18 Jahre alt sein, um den Antrag zu stellen.',
      },
    ]);
  });

  it('lets an agent save a draft, resume it and turn it into the application', async () => {
    const id = '4b0c7e1a-2f3d-4c5b-9a8e-7d6c5b4a3f21';
    await saveAndResumeDraft(server, {
      id,
      flow: 'tierhalterhaftpflicht',
      zustand: { formData: { hunde: priced.hunde }, currentStep: 'deckung' },
    });
    // The agent variant has no policyholder step: the customer is the policyholder.
    // The agent records the customer's needs and decision first.
    const agentAnswers = {
      ...advice,
      ...Object.fromEntries(
        Object.entries(antworten).filter(([step]) => step !== 'versicherungsnehmer'),
      ),
    };
    const response = await apply(
      { variante: 'agent', partnerNummer: '2000103', entwurf: id, antworten: agentAnswers },
      HANSEN,
    );
    expect(response.statusCode).toBe(201);
    const { antragsnummer } = response.json<{ antragsnummer: string }>();
    expect(antragsnummer).toMatch(/^TH-\d{8}$/);
    expect(await application(antragsnummer)).toMatchObject({
      id,
      status: 'submitted',
      owner_role: 'vermittler',
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
    const offerText = await applicationPdfText(
      server.app,
      'tierhalterhaftpflicht',
      'angebot',
      body,
    );
    for (const expected of [
      'HFK',
      'Ihr Angebot: Tierhalterhaftpflichtversicherung',
      'Luna',
      'Labrador Retriever',
      // The monthly 11.60 and the year 139.20 worked out above (PRICE).
      'Beitrag monatlich 11,60 €',
      'Jahresbeitrag 139,20 €',
    ])
      expect(offerText).toContain(expected);

    const recordText = await applicationPdfText(
      server.app,
      'tierhalterhaftpflicht',
      'beratungsdokumentation',
      body,
    );
    for (const expected of [
      'HFK',
      'Beratungsdokumentation: Tierhalterhaftpflichtversicherung',
      'Beratung durch Online-Beratung',
      'Wie wohnen Sie? Zur Miete',
      // Shown to a tenant:
      'Wir empfehlen Ihnen, Mietsachschäden einzuschließen',
      'Ihre Entscheidung Ich folge der Empfehlung.',
      'Jahresbeitrag 139,20 €',
    ])
      expect(recordText).toContain(expected);
    // No puppies possible: that recommendation was not shown, so it is not recorded.
    expect(recordText).not.toContain('Welpen: Ihre Hündin');
  });
});
