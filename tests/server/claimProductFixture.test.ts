import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  checkDefinitionSet,
  initialState,
  offeredOptions,
  transition,
  type WizardDefinition,
} from '#engine';
import { readJsonFiles } from '../../codegen/schemaFiles.ts';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import { claimSetup, readDefinitionJson } from '../support/definitions.ts';
import { definitionsWithFixture } from '../support/fixtureDefinitions.ts';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

// Musical-instrument claims, written only as data (tests/fixtures/instrument-line): a claim
// product with its damage types and documents, its texts, hfk offering it and its claim app.
const root = definitionsWithFixture('instrument-line');
const CONTRACT = 'HFK-20000199';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ definitionsRoot: root });
  // A contract of the new line for a seeded hfk customer (Klaus Müller), made from one of his
  // (how a line's contract is issued is not this test's concern).
  await server.db.database.db.execute(
    sql`INSERT INTO contracts
        SELECT (jsonb_populate_record(c, jsonb_build_object(
          'versicherungs_nummer', ${CONTRACT}::text, 'produkt', 'INSTRUMENT',
          'produkt_identifier', 'INSTRUMENT', 'versicherungs_name', 'Musikinstrumente'))).*
        FROM contracts c WHERE versicherungs_nummer = 'HFK-20000102'`,
  );
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const reportFlow = readDefinitionJson<WizardDefinition>('claims/claim-report.json', root);

let ip = 0;
/** The claim entry's look-up as the browser sends it (hfk, the customer's contract). */
const lookUp = (authorization: string) => {
  ip += 1;
  return server.app.inject({
    method: 'GET',
    url: '/api/schadenmeldung/vertrag?marke=hfk',
    remoteAddress: `10.9.0.${ip}`,
    headers: { authorization },
  });
};

const incident = {
  hergang: {
    schadendatum: '2025-06-01',
    schadenort: 'Probenraum, Lindenstraße 4, Hamburg',
    beschreibung: 'Die Gitarre ist vom Ständer gefallen, der Hals ist gebrochen.',
  },
  auszahlung: { kontoinhaber: 'Klaus Müller', iban: 'DE75512108001245126199' },
};

describe('a claim product added only in definitions/ (musical instruments)', () => {
  it('passes definitions:check', () => {
    expect(checkDefinitionSet(readJsonFiles(root)).errors).toEqual([]);
  }, 60_000);

  it('is offered by the claim entry for its contracts and reported end to end', async () => {
    // The claim entry of hfk: contract data, the look-up, forward to the product's claim app.
    const entry = claimSetup('hfk', {}, root);
    let state = transition(entry, initialState(entry.definition), { type: 'start' }).state;
    state = transition(entry, state, {
      type: 'setPageData',
      page: 'produkt-auswahl',
      data: { productType: 'PHV' },
    }).state;
    while (state.currentStep !== 'vertrags-und-kontaktdaten')
      state = transition(entry, state, { type: 'next' }).state;
    state = transition(entry, state, {
      type: 'setPageData',
      page: 'vertrags-und-kontaktdaten',
      data: { contractId: CONTRACT, customerLastname: 'Müller', customerDateOfBirth: '1968-07-22' },
    }).state;
    const [call] = transition(entry, state, { type: 'next' }).effects;
    if (call?.type !== 'call') throw new Error('the claim entry made no look-up');
    const found = await lookUp(call.request.headers['Authorization'] ?? '');
    expect(found.statusCode).toBe(200);
    const answer = found.json<{ versicherung: string; token: string }>();
    expect(answer.versicherung).toBe('INSTRUMENT');
    const forwarded = transition(entry, state, {
      type: 'callSucceeded',
      status: 200,
      response: answer,
    }).effects;
    expect(forwarded).toEqual([
      {
        type: 'forward',
        url: `http://localhost:4620/schaden-melden/instrument/0?token=${answer.token}&brand=hfk&schritte=3`,
      },
    ]);

    // The claim app loads its product by the route and offers the product's damage types.
    const product = await server.app.inject({ url: '/api/schadenmeldung/produkt/instrument' });
    expect(product.statusCode).toBe(200);
    const claimProduct = product.json<Record<string, unknown>>();
    expect(claimProduct).toEqual({
      versicherung: 'INSTRUMENT',
      route: 'instrument',
      schadenarten: [
        { key: 'INSTRUMENT_DIEBSTAHL', label: 'Mein Instrument wurde gestohlen' },
        { key: 'INSTRUMENT_BRUCH', label: 'Mein Instrument ist heruntergefallen oder zerbrochen' },
        {
          key: 'INSTRUMENT_FEUCHTIGKEIT',
          label: 'Mein Instrument hat durch Nässe oder Feuchtigkeit Schaden genommen',
        },
      ],
      polizeiFuer: ['INSTRUMENT_DIEBSTAHL'],
      unterlagen: [
        { key: 'INSTRUMENT_KAUFBELEG', label: 'Kaufbeleg oder Wertgutachten des Instruments' },
        { key: 'INSTRUMENT_FOTOS', label: 'Fotos des Instruments und des Schadens' },
      ],
    });
    const [typeStep] = reportFlow.steps;
    if (!typeStep) throw new Error('the claim report has no steps');
    const context = { route: { product: 'instrument', contractIndex: '0' }, claimProduct };
    expect(offeredOptions(typeStep, 'schadenart', { data: {}, context })).toEqual([
      'INSTRUMENT_DIEBSTAHL',
      'INSTRUMENT_BRUCH',
      'INSTRUMENT_FEUCHTIGKEIT',
    ]);

    // The report takes the product's damage type (not another line's) and files the claim with
    // the documents the product requires.
    const report = (schadenart: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/schadenmeldung/meldung',
        headers: { authorization: `Bearer ${answer.token}` },
        payload: { schadenart: { schadenart }, ...incident },
      });
    const refused = await report('LEITUNGSWASSER');
    expect(refused.statusCode).toBe(400);
    const created = await report('INSTRUMENT_BRUCH');
    expect(created.statusCode).toBe(201);
    const { aktenId } = created.json<{ aktenId: string }>();
    const [claim] = await queryRows<{ versicherungs_nummer: string; art: string }>(
      server.db.database.db,
      sql`SELECT versicherungs_nummer, details->'schadenart'->>'schadenart' AS art
          FROM claims WHERE akten_id = ${aktenId}`,
    );
    expect(claim).toEqual({ versicherungs_nummer: CONTRACT, art: 'INSTRUMENT_BRUCH' });
    const required = await queryRows<{ art: string; beschreibung: string }>(
      server.db.database.db,
      sql`SELECT art, beschreibung FROM claim_required_documents
          WHERE akten_id = ${aktenId} ORDER BY art`,
    );
    expect(required).toEqual([
      { art: 'INSTRUMENT_FOTOS', beschreibung: 'Fotos des Instruments und des Schadens' },
      {
        art: 'INSTRUMENT_KAUFBELEG',
        beschreibung: 'Kaufbeleg oder Wertgutachten des Instruments',
      },
    ]);
  });
});
