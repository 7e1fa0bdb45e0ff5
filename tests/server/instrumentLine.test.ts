import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDefinitionSet } from '#engine';
import { readJsonFiles } from '../../codegen/schemaFiles.ts';
import { createAjv } from '../../engine/validation/createAjv.ts';
import { definitionsWithFixture } from '../support/fixtureDefinitions.ts';
import { pdfText } from './helpers/pdfText.ts';
import {
  asAgent,
  asCustomer,
  startTestServer,
  TODAY,
  type TestServer,
} from './helpers/testDatabase.ts';

// Musical-instrument insurance, a line that is not in the spec, written only under definitions/
// (tests/fixtures/instrument-line): sold by a customer, issued at once, shown to the customer and
// to the agent, refused above its limit and reported as a claim, all over the fixture's copy of
// definitions/ and generated/ (codegen run over it, as a product owner runs `npm run codegen`).

/** A seeded andsafe customer of agent V-AS-100's agency, without contracts of this line. */
const CUSTOMER = '2000103';
const WAGNER = { nachname: 'Wagner', geburtsdatum: '1991-12-30' };
const HANSEN = asAgent('V-AS-100');

/** A complete set of answers of the customer variant: a guitar bought for 2,500 €. */
const antworten = {
  instrument: {
    art: 'GITARRE',
    hersteller: 'Hanika',
    seriennummer: ' HN-58-2211 ',
    kaufpreis: 2500,
    kaufdatum: '2024-09-14',
  },
  deckung: { auslandDiebstahl: true, selbstbeteiligung: 'SB_KEINE' },
  person: {
    anrede: 'HERR',
    vorname: 'Jonas',
    nachname: 'Wagner',
    geburtsdatum: '1991-12-30',
    email: 'jonas.wagner@beispiel.example',
  },
  beginn: { versicherungsbeginn: '2025-07-01' },
  zahlweise: { zahlweise: 'MONATLICH' },
  bankverbindung: {
    iban: 'DE75 5121 0800 1245 1261 99',
    kontoinhaber: 'Jonas Wagner',
    sepaMandat: true,
  },
  einwilligungen: { bedingungen: true, datenschutz: true, beratungsverzicht: true },
};
const body = (answers: unknown) => ({ variante: 'customer', marke: 'andsafe', antworten: answers });
const tooDear = { ...antworten, instrument: { ...antworten.instrument, kaufpreis: 35_000 } };

let root = '';
let server: TestServer;
/** The contract the customer bought (set by the sale, changed and ended by the tests after it). */
let bought = '';
/** The server's today; the claim is reported after the contract has started. */
let day = TODAY;
beforeAll(async () => {
  root = definitionsWithFixture('instrument-line');
  server = await startTestServer({ definitionsRoot: root, today: () => day });
}, 240_000);
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** What the line's contract view schema (the spec's view and its tariff's parts) finds wrong. */
function viewProblems(view: unknown): unknown[] {
  const read = (file: string) =>
    JSON.parse(readFileSync(join(root, 'definitions', file), 'utf8')) as {
      properties: object;
      parts: object;
    };
  const spec = read('schema/contract-view.schema.json');
  const { parts } = read('tariffs/musikinstrument.json');
  const ajv = createAjv();
  ajv.addSchema(spec);
  const validate = ajv.compile({
    ...spec,
    $id: 'https://definitions.wizard.invalid/tariffs/line-view.json',
    properties: { ...spec.properties, ...parts },
  });
  return validate(view) ? [] : (validate.errors ?? []);
}

const post = (url: string, payload: object, headers: Record<string, string>) =>
  server.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url, headers });

describe('a line added only in definitions/ (musical instruments)', () => {
  it('passes definitions:check with its flow, tariff, texts and claim product', () => {
    expect(checkDefinitionSet(readJsonFiles(root)).errors).toEqual([]);
  }, 60_000);

  it('is priced by its own tariff, with the worksheet of the price', async () => {
    const priced = await post('/api/antrag/musikinstrument/beitrag', body(antworten), HANSEN);
    expect(priced.statusCode, priced.body).toBe(200);
    // 2,500 € guitar: rate 3 % (band up to 10,000) = 75, abroad +25 % = 93.75, less 10 % for a
    // master workshop's instrument (Hanika, in the fixture's own catalogue of makers, which the
    // repository's catalogues do not hold) = 84.375 a year; monthly 84.375 * 1.05 / 12 = 7.38,
    // twelve times 88.56 a year.
    const quote = priced.json<Record<string, unknown>>();
    expect(quote).toMatchObject({
      versicherbar: true,
      beitrag: 7.38,
      jahresbeitrag: 88.56,
      waehrung: 'EUR',
      zahlweise: 'MONATLICH',
      versicherungssumme: 2500,
    });
    expect(JSON.stringify(quote['rechenweg'])).toContain('Jahressatz nach Art des Instruments');
    expect(JSON.stringify(quote['rechenweg'])).toContain('Meisterwerkstatt');
  });

  it('refuses an instrument above 30,000 € with the tariff reason', async () => {
    const refused = await post('/api/antrag/musikinstrument', body(tooDear), asCustomer(CUSTOMER));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'nicht-versicherbar',
      message: 'Instrumente mit einem Kaufpreis über 30.000 € versichern wir online leider nicht.',
    });
  });

  it('is sold by a customer, issued at once, shown to customer and agent, and takes a claim', async () => {
    const sold = await post('/api/antrag/musikinstrument', body(antworten), asCustomer(CUSTOMER));
    expect(sold.statusCode, sold.body).toBe(201);
    const { vertragsNummer } = sold.json<{ vertragsNummer: string }>();
    expect(vertragsNummer).toMatch(/^MI-V\d{7}$/);

    const list = await get(
      `/api/vertrag/vertrag/findByPartnerNummer/${CUSTOMER}`,
      asCustomer(CUSTOMER),
    );
    expect(list.json<{ versicherungsNummer: string }[]>()).toContainEqual(
      expect.objectContaining({ versicherungsNummer: vertragsNummer }),
    );
    const read = await get(`/api/vertrag/vertrag/${vertragsNummer}`, asCustomer(CUSTOMER));
    expect(read.statusCode).toBe(200);
    const view = read.json<Record<string, unknown>>();
    // The contract view of the line: the spec's view with the line's own part (the instrument).
    expect(viewProblems(view)).toEqual([]);
    expect(view).toMatchObject({
      produkt: 'INSTRUMENT',
      versicherungsName: 'Musikinstrumentenversicherung',
      deckungsIdentifier: 'MI_WELT',
      versicherungsSumme: 2500,
      versicherungsPraemie: 7.38,
      zahlweise: 'MONATLICH',
      vertragsBeginn: '2025-07-01',
      bankverbindung: { iban: 'DE75512108001245126199', kontoinhaber: 'Jonas Wagner' },
      instrument: {
        art: 'GITARRE',
        hersteller: 'Hanika',
        seriennummer: 'HN-58-2211',
        kaufdatum: '2024-09-14',
      },
      neueSelbstbeteiligung: 'SB_KEINE',
    });
    bought = vertragsNummer;

    const page = await get(`/api/vermittler/kunden/${CUSTOMER}`, HANSEN);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ vertraege: { versicherungsNummer: string }[] }>().vertraege).toContainEqual(
      expect.objectContaining({ versicherungsNummer: vertragsNummer }),
    );

    // Two weeks into the contract the guitar breaks: the claim entry of andsafe finds the
    // contract, the instrument claim product takes the claim.
    day = '2025-07-12';
    const credentials = `${vertragsNummer}:${WAGNER.nachname}:${WAGNER.geburtsdatum}`;
    const found = await server.app.inject({
      method: 'GET',
      url: '/api/schadenmeldung/vertrag?marke=andsafe',
      remoteAddress: '10.9.1.1',
      headers: { authorization: `Custom ${Buffer.from(credentials).toString('base64')}` },
    });
    expect(found.statusCode, found.body).toBe(200);
    const { versicherung, token } = found.json<{ versicherung: string; token: string }>();
    expect(versicherung).toBe('INSTRUMENT');
    const claim = await post(
      '/api/schadenmeldung/meldung',
      {
        schadenart: { schadenart: 'INSTRUMENT_BRUCH' },
        hergang: {
          schadendatum: '2025-07-10',
          schadenort: 'Konzertsaal, Domstraße 1, Köln',
          beschreibung: 'Die Gitarre ist beim Aufbau vom Ständer gefallen, der Hals ist gebrochen.',
        },
        auszahlung: { kontoinhaber: 'Jonas Wagner', iban: 'DE75512108001245126199' },
      },
      { authorization: `Bearer ${token}` },
    );
    expect(claim.statusCode, claim.body).toBe(201);
  });

  it('is changed through its own change, priced by its tariff, pending until its day', async () => {
    expect(bought).not.toBe('');
    const url = `/api/vertrag/vertrag/${bought}`;
    const JONAS = asCustomer(CUSTOMER);
    const quoteOf = (wert: number, headers: Record<string, string>) =>
      post(
        `${url}/beitrag/instrumentwert`,
        { versicherungsNummer: bought, wirksamkeitsdatum: '2025-09-01', neuerInstrumentwert: wert },
        headers,
      );
    // The guitar is valued at 12,000 €: rate 2.5 % (band up to 30,000) = 300, abroad +25 % = 375,
    // less 10 % for the master workshop (the fixture's catalogue, read from the contract's maker)
    // = 337.5 a year; monthly 337.5 * 1.05 / 12 = 29.53125 -> 29.53. The agent sees the worksheet.
    const quoted = await quoteOf(12_000, HANSEN);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      ungueltig: false,
      beitrag: 29.53,
      zahlweise: 'MONATLICH',
    });
    const rechenweg = JSON.stringify(quoted.json<{ rechenweg: unknown }>().rechenweg);
    expect(rechenweg).toContain('Jahressatz nach Art des Instruments');
    expect(rechenweg).toContain('Meisterwerkstatt');
    // Above the tariff's limit: its reason, not a price.
    const tooDearQuote = await quoteOf(40_000, JONAS);
    expect(tooDearQuote.json()).toMatchObject({
      ungueltig: true,
      fehlermeldung:
        'Instrumente mit einem Kaufpreis über 30.000 € versichern wir online leider nicht.',
    });
    // Another line's contract of the customer cannot take it (the change's appliesWhen).
    const list = await get(`/api/vertrag/vertrag/findByPartnerNummer/${CUSTOMER}`, JONAS);
    const other = list
      .json<{ versicherungsNummer: string; produkt: string; aktiv: boolean }[]>()
      .find((contract) => contract.produkt !== 'INSTRUMENT' && contract.aktiv);
    if (!other) throw new Error(`customer ${CUSTOMER} has no other active contract`);
    const refused = await post(
      `/api/vertrag/vertrag/${other.versicherungsNummer}/beitrag/instrumentwert`,
      {
        versicherungsNummer: other.versicherungsNummer,
        wirksamkeitsdatum: '2025-09-01',
        neuerInstrumentwert: 12_000,
      },
      JONAS,
    );
    expect(refused.json()).toMatchObject({
      ungueltig: true,
      fehlermeldung:
        'Den Wert eines Instruments können Sie nur in der Musikinstrumentenversicherung ändern.',
    });

    // The customer saves it for 1 September: pending until then.
    const before = (await get(url, JONAS)).json<{ lastUpdated: string }>();
    const saved = await server.app.inject({
      method: 'PATCH',
      url,
      headers: JONAS,
      payload: {
        versicherungsNummer: bought,
        lastUpdated: before.lastUpdated,
        wirksamkeitsdatum: '2025-09-01',
        neuerInstrumentwert: 12_000,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      versicherungsSumme: 2500,
      versicherungsPraemie: 7.38,
      vorgemerkteVersicherungssumme: [{ wert: 12_000, wirksamAb: '2025-09-01' }],
    });

    // The clock moves to its day: the change has taken effect, priced as quoted.
    day = '2025-09-01';
    const after = await get(url, JONAS);
    const view = after.json<Record<string, unknown>>();
    expect(view).toMatchObject({
      versicherungsSumme: 12_000,
      versicherungsPraemie: 29.53,
      vorgemerkteVersicherungssumme: [],
      aenderungshistorie: [
        {
          art: 'INSTRUMENTWERT',
          liste: 'vorgemerkteVersicherungssumme',
          wert: 12_000,
          wirksamAb: '2025-09-01',
          angewendetAm: '2025-09-01',
        },
      ],
    });
    expect(viewProblems(view)).toEqual([]);
  });

  it('serves its own termination reasons and prints its instrument on the policy', async () => {
    const reasons = await get('/api/vertrag/vertrag/kuendigungsgruende/INSTRUMENT', HANSEN);
    expect(reasons.statusCode).toBe(200);
    expect(JSON.stringify(reasons.json())).toContain('Verkauf des Instruments');
    const view = (await get(`/api/vertrag/vertrag/${bought}`, asCustomer(CUSTOMER))).json<{
      dokumente: { typ: string; url: string }[];
    }>();
    const policy = view.dokumente.find((document) => document.typ === 'VERSICHERUNGSSCHEIN');
    if (!policy) throw new Error(`${bought} has no policy`);
    const pdf = await get(policy.url, asCustomer(CUSTOMER));
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Instrument Hanika Seriennummer HN-58-2211');
  });

  it("corrects the instrument's serial number at once, through the line's own data change", async () => {
    const JONAS = asCustomer(CUSTOMER);
    const url = `/api/vertrag/vertrag/${bought}`;
    const patch = (number: string, serial: string, lastUpdated: string) =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/vertrag/vertrag/${number}/instrument/seriennummer`,
        headers: JONAS,
        payload: { lastUpdated, seriennummer: serial },
      });
    const before = (await get(url, JONAS)).json<{ lastUpdated: string }>();
    const tooLong = await patch(bought, 'S'.repeat(61), before.lastUpdated);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      fieldErrors: [
        {
          path: '/body/seriennummer',
          keyword: 'maxLength',
          message: 'Die Seriennummer hat höchstens 60 Zeichen.',
        },
      ],
    });
    const saved = await patch(bought, '  HN-58-2299 ', before.lastUpdated);
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json<Record<string, unknown>>();
    expect(view['instrument']).toMatchObject({ hersteller: 'Hanika', seriennummer: 'HN-58-2299' });
    expect(viewProblems(view)).toEqual([]);
    // A contract of another line has no instrument: the change's rule refuses it.
    const list = await get(`/api/vertrag/vertrag/findByPartnerNummer/${CUSTOMER}`, JONAS);
    const other = list
      .json<{ versicherungsNummer: string; produkt: string; aktiv: boolean }[]>()
      .find((contract) => contract.produkt !== 'INSTRUMENT' && contract.aktiv);
    if (!other) throw new Error(`customer ${CUSTOMER} has no other active contract`);
    const otherView = (await get(`/api/vertrag/vertrag/${other.versicherungsNummer}`, JONAS)).json<{
      lastUpdated: string;
    }>();
    const refused = await patch(other.versicherungsNummer, 'HN-1', otherView.lastUpdated);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'unprocessable',
      message: 'Zu diesem Vertrag gehört kein Instrument.',
    });
  });
});
