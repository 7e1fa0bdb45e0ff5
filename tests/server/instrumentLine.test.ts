import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDefinitionSet } from '#engine';
import { readJsonFiles } from '../../codegen/schemaFiles.ts';
import { createAjv } from '../../engine/validation/createAjv.ts';
import { definitionsWithFixture } from '../support/fixtureDefinitions.ts';
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
    // 2,500 € guitar: rate 3 % (band up to 10,000) = 75, abroad +25 % = 93.75 a year;
    // monthly 93.75 * 1.05 / 12 = 8.20, twelve times 98.40 a year.
    const quote = priced.json<Record<string, unknown>>();
    expect(quote).toMatchObject({
      versicherbar: true,
      beitrag: 8.2,
      jahresbeitrag: 98.4,
      waehrung: 'EUR',
      zahlweise: 'MONATLICH',
      versicherungssumme: 2500,
    });
    expect(JSON.stringify(quote['rechenweg'])).toContain('Jahressatz nach Art des Instruments');
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
    // The contract view of the copy: the fixture adds its product to the view's products.
    const validate = createAjv().compile(
      JSON.parse(
        readFileSync(join(root, 'definitions/schema/contract-view.schema.json'), 'utf8'),
      ) as object,
    );
    expect(validate(view) ? [] : validate.errors).toEqual([]);
    expect(view).toMatchObject({
      produkt: 'INSTRUMENT',
      versicherungsName: 'Musikinstrumentenversicherung',
      deckungsIdentifier: 'MI_WELT',
      versicherungsSumme: 2500,
      versicherungsPraemie: 8.2,
      zahlweise: 'MONATLICH',
      vertragsBeginn: '2025-07-01',
      bankverbindung: { iban: 'DE75512108001245126199', kontoinhaber: 'Jonas Wagner' },
    });

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
});
