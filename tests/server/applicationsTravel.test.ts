import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAgent, type TestServer } from './helpers/testDatabase.ts';
import { applicationApi, HANSEN, startApplicationServer } from './helpers/applications.ts';

// The travel line (definitions/applications/reise.json, definitions/tariffs/reise.json) runs on
// the same application service as the bike line, with no code of its own.

let server: TestServer;
beforeAll(async () => {
  server = await startApplicationServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { apply, price, application, countApplications } = applicationApi(() => server, 'reise');

const erika = { vorname: 'Erika', nachname: 'Mustermann', geburtsdatum: '1980-05-12' };
const max = { vorname: 'Max', nachname: 'Mustermann', geburtsdatum: '1979-01-02' };
const trip = {
  ziel: 'WELT',
  beginn: '2025-08-01',
  ende: '2025-08-21',
  reisepreis: 3200,
  gruppe: 'PAAR',
};
const priced = {
  reise: trip,
  reisende: { personen: [erika, max] },
  deckung: { reiseabbruch: true, reisekranken: true, gepaeck: true },
};
const antworten = {
  ...priced,
  versicherungsnehmer: {
    ...erika,
    email: 'erika@beispiel.example',
    plz: '24103',
    ort: 'Kiel',
    strasse: 'Holstenstraße',
    hausnummer: '1',
  },
  zahlweise: { zahlweise: 'EINMALIG' },
  bankverbindung: {
    iban: 'DE75512108001245126199',
    kontoinhaber: 'Erika Mustermann',
    sepaMandat: true,
  },
  einwilligungen: {
    bedingungen: true,
    datenschutz: true,
    gesundheitsdaten: true,
    beratungsverzicht: true,
  },
};

// Cancellation 3200 * 0.028 = 89.60, plus 35 % for curtailment = 120.96; health abroad 21 days
// * 2 persons * 2.40 (worldwide, couple) = 100.80; luggage 19 (up to 31 days) * 2 * 1.6 = 60.80;
// net 282.56, tax 19 % = 53.69, single payment 336.25.
const PRICE = {
  waehrung: 'EUR',
  beitrag: 336.25,
  jahresbeitrag: 336.25,
  versicherungsteuer: 53.69,
  reisetage: 21,
  personen: 2,
};

describe('the travel line on the one application service', () => {
  it('prices a trip from its tariff’s tables: trip price bands, destination x travel group, trip length', async () => {
    const response = await price({ variante: 'customer', marke: 'hfk', antworten: priced });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      versicherbar: true,
      grund: null,
      zahlweise: 'EINMALIG',
      versicherungsbeginn: '2025-08-01',
      ...PRICE,
    });
  });

  it('gives an agent the worksheet with the keys each table was read with', async () => {
    const response = await price(
      { variante: 'agent', partnerNummer: '2000103', antworten: priced },
      HANSEN,
    );
    const { rechenweg } = response.json<{
      rechenweg: { schritte: { id: string; quelle?: { schluessel?: unknown[] } }[] };
    }>();
    const step = (id: string) => rechenweg.schritte.find((s) => s.id === id);
    expect(step('kranken-tagessatz')?.quelle?.schluessel).toEqual(['WELT', 'PAAR']);
    expect(step('ruecktritt-satz')?.quelle?.schluessel).toEqual([3200]);
    expect(step('gepaeck-pauschale')?.quelle?.schluessel).toEqual([21]);
  });

  it('submits with an RE number and stores the answers, the price and the worksheet', async () => {
    const response = await apply({ variante: 'customer', marke: 'hfk', antworten });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ antragsnummer: string }>();
    expect(body).toMatchObject({ antragsnummer: expect.stringMatching(/^RE-\d{8}$/), ...PRICE });
    const row = await application(body.antragsnummer);
    expect(row).toMatchObject({ brand: 'hfk', produkt: 'REISE', flow: 'reise', flow_version: 1 });
    expect(row?.data.antworten['reisende']).toEqual({ personen: [erika, max] });
    expect(row?.data.beitrag).toMatchObject({
      beitrag: 336.25,
      tarif: { id: 'reise', version: 2 },
    });
  });

  it('refuses more travellers than the group allows and rules between dates, with German messages, storing nothing', async () => {
    const before = await countApplications();
    const response = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: {
        ...antworten,
        reise: { ...trip, ende: '2026-09-01' },
        reisende: { personen: [erika, max, { ...max, vorname: 'Lena' }] },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fieldErrors: unknown[] }>().fieldErrors).toEqual([
      {
        path: '/body/antworten/reise/ende',
        keyword: 'atMostOneYear',
        message: 'Die Reise darf höchstens 365 Tage dauern.',
      },
      {
        path: '/body/antworten/reisende/personen',
        keyword: 'maxItems',
        message: 'Für diese Reisegruppe können Sie höchstens 2 Reisende angeben.',
      },
    ]);
    const unnamed = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: {
        ...antworten,
        reisende: { personen: [erika, { ...max, geburtsdatum: undefined }] },
      },
    });
    expect(unnamed.json<{ fieldErrors: { message: string }[] }>().fieldErrors[0]?.message).toBe(
      'Person 2: Bitte geben Sie ein Geburtsdatum an.',
    );
    expect(await countApplications()).toBe(before);
  });

  it('asks for the health data consent only when the travel health cover is chosen', async () => {
    const withoutConsent = {
      ...antworten,
      einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
    };
    const refused = await apply({ variante: 'customer', marke: 'hfk', antworten: withoutConsent });
    expect(
      refused.json<{ fieldErrors: { path: string }[] }>().fieldErrors.map((e) => e.path),
    ).toEqual(['/body/antworten/einwilligungen/gesundheitsdaten']);
    const noHealthCover = await apply({
      variante: 'customer',
      marke: 'hfk',
      antworten: { ...withoutConsent, deckung: { ...antworten.deckung, reisekranken: false } },
    });
    expect(noHealthCover.statusCode).toBe(201);
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

  it('keeps an agent’s travel draft and refuses one whose answers do not fit the flow', async () => {
    const id = '7d1f8f0e-5b3a-4c21-9a77-0a6b1c2d3e4f';
    const save = (zustand: unknown) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/vermittler/entwuerfe/${id}`,
        headers: HANSEN,
        payload: { flow: 'reise', version: 1, partnerNummer: '2000103', zustand },
      });
    const saved = await save({ formData: priced, currentStep: 'deckung' });
    expect(saved.statusCode).toBe(201);
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
    });
    expect(read.json()).toMatchObject({
      flow: 'reise',
      zustand: { formData: priced, currentStep: 'deckung' },
    });
    for (const [formData, path] of [
      [{ reise: { ...trip, reisepreis: 'viel' } }, '/body/zustand/formData/reise/reisepreis'],
      [{ reise: { ...trip, reisepreis: { a: 1 } } }, '/body/zustand/formData/reise/reisepreis'],
      [
        { reisende: { personen: [{ vorname: 7 }] } },
        '/body/zustand/formData/reisende/personen/0/vorname',
      ],
      [{ reise: { ...trip, hotel: 'Ritz' } }, '/body/zustand/formData/reise/hotel'],
      [{ kasse: {} }, '/body/zustand/formData/kasse'],
    ] as const) {
      const refused = await save({ formData, currentStep: 'reise' });
      expect(refused.statusCode, JSON.stringify(formData)).toBe(400);
      expect(
        refused.json<{ fieldErrors: { path: string }[] }>().fieldErrors.map((e) => e.path),
      ).toEqual([path]);
    }
    // A number too large for a double arrives as Infinity: no text field or number takes it.
    const huge = await server.app.inject({
      method: 'PUT',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: { ...HANSEN, 'content-type': 'application/json' },
      payload: `{"flow":"reise","version":1,"partnerNummer":"2000103","zustand":{"currentStep":null,"formData":{"reise":{"reisepreis":1e400}}}}`,
    });
    expect(huge.statusCode).toBe(400);
    const wrongStep = await save({ formData: priced, currentStep: 'kasse' });
    expect(wrongStep.statusCode).toBe(400);
  });
});
