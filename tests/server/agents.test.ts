import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import { SEED_AGENT_DRAFT_ID } from '../../apps/server/src/seed/applicationDrafts.ts';
import { asAgent, asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const HANSEN = asAgent('V-AS-100');
const MIRA = asAgent('V-AS-101');
const PETERSEN = asAgent('V-HFK-200');
const ANNA = asCustomer('2000101');

function inject(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const NOT_A_CUSTOMER = {
  error: 'not-found',
  message: 'Diesen Kunden haben wir nicht gefunden.',
};
const NOT_A_DRAFT = { error: 'not-found', message: 'Diesen Entwurf haben wir nicht gefunden.' };

describe('GET /api/vermittler/kunden', () => {
  it('lists the customers of the agent’s agency by name, with their number of contracts', async () => {
    const response = await inject('GET', '/api/vermittler/kunden', HANSEN);
    expect(response.statusCode).toBe(200);
    const kunden = response.json<{ partnerNummer: string; anzahlVertraege: number }[]>();
    expect(kunden.map((k) => k.partnerNummer)).toEqual(['2000102', '2000101', '2000103']);
    expect(kunden[1]).toEqual({
      partnerNummer: '2000101',
      anrede: 'Frau',
      vorname: 'Anna',
      nachname: 'Schmidt',
      geburtsdatum: '1985-03-14',
      plz: '10117',
      ort: 'Berlin',
      anzahlVertraege: expect.any(Number),
    });
    for (const kunde of kunden) {
      const contracts = await inject(
        'GET',
        `/api/vertrag/vertrag/findByPartnerNummer/${kunde.partnerNummer}`,
        HANSEN,
      );
      expect(kunde.anzahlVertraege).toBe(contracts.json<unknown[]>().length);
    }
    expect(kunden[1]?.anzahlVertraege).toBeGreaterThan(0);
  });

  it('gives a sub-agent the same agency customers and another agency only its own', async () => {
    const mira = await inject('GET', '/api/vermittler/kunden', MIRA);
    expect(mira.json<{ partnerNummer: string }[]>().map((k) => k.partnerNummer)).toEqual([
      '2000102',
      '2000101',
      '2000103',
    ]);
    const petersen = await inject('GET', '/api/vermittler/kunden', PETERSEN);
    expect(petersen.json<{ nachname: string }[]>().map((k) => k.nachname)).toEqual([
      'Hoffmann',
      'Müller',
      'Weber',
    ]);
  });

  it('is for agents only: 401 without sign-in, 404 for a customer', async () => {
    expect((await inject('GET', '/api/vermittler/kunden')).statusCode).toBe(401);
    const customer = await inject('GET', '/api/vermittler/kunden', ANNA);
    expect(customer.statusCode).toBe(404);
    expect(customer.json()).toMatchObject({ error: 'not-found' });
  });
});

describe('GET /api/vermittler/kunden/{partnerNummer}', () => {
  it('shows one customer of the agency with address and contract list items', async () => {
    const response = await inject('GET', '/api/vermittler/kunden/2000101', HANSEN);
    expect(response.statusCode).toBe(200);
    const list = await inject('GET', '/api/vertrag/vertrag/findByPartnerNummer/2000101', HANSEN);
    expect(response.json()).toEqual({
      partnerNummer: '2000101',
      anrede: 'Frau',
      vorname: 'Anna',
      nachname: 'Schmidt',
      geburtsdatum: '1985-03-14',
      email: 'anna.schmidt@beispiel.example',
      telefon: '+4915112345601',
      marke: 'andsafe',
      adresse: { strasse: 'Friedrichstraße', hausnummer: '112', plz: '10117', ort: 'Berlin' },
      vertraege: list.json(),
    });
  });

  it('answers another agency’s customer with the same 404 as an unknown one', async () => {
    const foreign = await inject('GET', '/api/vermittler/kunden/3000101', HANSEN);
    const missing = await inject('GET', '/api/vermittler/kunden/9999999', HANSEN);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_A_CUSTOMER);
    expect(missing.json()).toEqual(foreign.json());
  });

  it('is not there for customers, not even for themselves', async () => {
    expect((await inject('GET', '/api/vermittler/kunden/2000101', ANNA)).statusCode).toBe(404);
    expect((await inject('GET', '/api/vermittler/kunden/2000101')).statusCode).toBe(401);
  });
});

const DRAFT_A = '11111111-1111-4111-8111-111111111111';
const DRAFT_B = '22222222-2222-4222-8222-222222222222';
const zustand = (currentStep: string | null, kaufpreis = 1200) => ({
  formData: { fahrrad: { hersteller: 'Cube', typ: 'CITYBIKE', kaufpreis } },
  currentStep,
});
const draft = (partnerNummer = '2000101', step: string | null = 'deckung') => ({
  flow: 'fahrrad',
  version: 1,
  partnerNummer,
  zustand: zustand(step),
});

describe('agent drafts /api/vermittler/entwuerfe', () => {
  it('creates a draft under the client’s id (201), then replaces it (200)', async () => {
    const created = await inject('PUT', `/api/vermittler/entwuerfe/${DRAFT_A}`, HANSEN, draft());
    expect(created.statusCode).toBe(201);
    const first = created.json<{ id: string; aktualisiert: string }>();
    expect(first.id).toBe(DRAFT_A);
    expect(new Date(first.aktualisiert).toISOString()).toBe(first.aktualisiert);

    const replaced = await inject(
      'PUT',
      `/api/vermittler/entwuerfe/${DRAFT_A}`,
      HANSEN,
      draft('2000103', 'risikoort'),
    );
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json<{ aktualisiert: string }>();
    expect(second.aktualisiert > first.aktualisiert).toBe(true);

    const read = await inject('GET', `/api/vermittler/entwuerfe/${DRAFT_A}`, HANSEN);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      id: DRAFT_A,
      flow: 'fahrrad',
      version: 1,
      partnerNummer: '2000103',
      zustand: zustand('risikoort'),
      aktualisiert: second.aktualisiert,
    });
  });

  it('has the demo draft of the seed, paused on the risk location step', async () => {
    const read = await inject('GET', `/api/vermittler/entwuerfe/${SEED_AGENT_DRAFT_ID}`, HANSEN);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      id: SEED_AGENT_DRAFT_ID,
      flow: 'fahrrad',
      version: 1,
      partnerNummer: '2000103',
      zustand: {
        formData: { fahrrad: expect.objectContaining({ typ: 'PEDELEC' }) },
        currentStep: 'risikoort',
      },
    });
  });

  it('lists only the agent’s own drafts, newest first', async () => {
    await inject('PUT', `/api/vermittler/entwuerfe/${DRAFT_B}`, HANSEN, draft('2000101', null));
    const other = await inject(
      'PUT',
      '/api/vermittler/entwuerfe/33333333-3333-4333-8333-333333333333',
      MIRA,
      draft('2000102'),
    );
    expect(other.statusCode).toBe(201);
    const list = await inject('GET', '/api/vermittler/entwuerfe', HANSEN);
    expect(list.statusCode).toBe(200);
    const drafts = list.json<{ id: string; aktualisiert: string }[]>();
    expect(drafts.map((d) => d.id)).toEqual([DRAFT_B, DRAFT_A, SEED_AGENT_DRAFT_ID]);
    expect(drafts[0]).toEqual({
      id: DRAFT_B,
      flow: 'fahrrad',
      partnerNummer: '2000101',
      kundeName: 'Anna Schmidt',
      schritt: null,
      aktualisiert: expect.any(String),
    });
    expect(drafts[1]).toMatchObject({ kundeName: 'Jonas Wagner', schritt: 'risikoort' });
    const mira = await inject('GET', '/api/vermittler/entwuerfe', MIRA);
    expect(mira.json<{ id: string }[]>().map((d) => d.id)).toEqual([
      '33333333-3333-4333-8333-333333333333',
    ]);
  });

  it('answers another agent’s draft with the same 404 as a missing one, for every call', async () => {
    const missing = '44444444-4444-4444-8444-444444444444';
    for (const agent of [MIRA, PETERSEN]) {
      const read = await inject('GET', `/api/vermittler/entwuerfe/${DRAFT_A}`, agent);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(NOT_A_DRAFT);
      const removed = await inject('DELETE', `/api/vermittler/entwuerfe/${DRAFT_A}`, agent);
      expect(removed.statusCode).toBe(404);
      expect(removed.json()).toEqual(NOT_A_DRAFT);
    }
    const takeOver = await inject(
      'PUT',
      `/api/vermittler/entwuerfe/${DRAFT_A}`,
      MIRA,
      draft('2000101'),
    );
    expect(takeOver.statusCode).toBe(404);
    expect(takeOver.json()).toEqual(NOT_A_DRAFT);
    expect((await inject('GET', `/api/vermittler/entwuerfe/${missing}`, HANSEN)).json()).toEqual(
      NOT_A_DRAFT,
    );
    const still = await inject('GET', `/api/vermittler/entwuerfe/${DRAFT_A}`, HANSEN);
    expect(still.json()).toMatchObject({ partnerNummer: '2000103' });
  });

  it('does not treat other applications as drafts (the seeded BHV draft, a customer’s draft)', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000920002',
      '00000000-0000-4000-8000-000000920001',
    ]) {
      expect((await inject('GET', `/api/vermittler/entwuerfe/${id}`, PETERSEN)).statusCode).toBe(
        404,
      );
      const put = await inject(
        'PUT',
        `/api/vermittler/entwuerfe/${id}`,
        PETERSEN,
        draft('3000101'),
      );
      expect(put.statusCode).toBe(404);
    }
    const list = await inject('GET', '/api/vermittler/entwuerfe', PETERSEN);
    expect(list.json()).toEqual([]);
  });

  it('saves drafts only for customers of the agency (same 404 as an unknown customer)', async () => {
    const id = '55555555-5555-4555-8555-555555555555';
    const foreign = await inject(
      'PUT',
      `/api/vermittler/entwuerfe/${id}`,
      HANSEN,
      draft('3000101'),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_A_CUSTOMER);
    const unknown = await inject('PUT', `/api/vermittler/entwuerfe/${id}`, HANSEN, draft('0000'));
    expect(unknown.json()).toEqual(NOT_A_CUSTOMER);
    expect((await inject('GET', `/api/vermittler/entwuerfe/${id}`, HANSEN)).statusCode).toBe(404);
  });

  it('refuses malformed drafts with 400 and a state over 200 KB with 413', async () => {
    const url = `/api/vermittler/entwuerfe/${DRAFT_B}`;
    for (const body of [
      { ...draft(), flow: 'hausrat' },
      { ...draft(), version: 1.5 },
      { ...draft(), zustand: { formData: { fahrrad: 'x' }, currentStep: null } },
      { ...draft(), zustand: { formData: {} } },
      { ...draft(), extra: true },
    ]) {
      const response = await inject('PUT', url, HANSEN, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'validation',
        fieldErrors: expect.any(Array),
      });
    }
    const badId = await inject('PUT', '/api/vermittler/entwuerfe/not-a-uuid', HANSEN, draft());
    expect(badId.statusCode).toBe(400);
    const big = {
      ...draft(),
      // Eleven texts of 19 KB: each under the platform's 20,000-character limit of one string.
      zustand: {
        formData: {
          notizen: Object.fromEntries(
            Array.from({ length: 11 }, (_, i) => [`text${i}`, 'x'.repeat(19 * 1024)]),
          ),
        },
        currentStep: null,
      },
    };
    const tooLarge = await inject('PUT', url, HANSEN, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'too-large' });
    const kept = await inject('GET', url, HANSEN);
    expect(kept.json()).toMatchObject({ zustand: zustand(null) });
  });

  it('deletes a draft (204); afterwards it is gone for every call', async () => {
    const removed = await inject('DELETE', `/api/vermittler/entwuerfe/${DRAFT_B}`, HANSEN);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await inject('GET', `/api/vermittler/entwuerfe/${DRAFT_B}`, HANSEN)).statusCode).toBe(
      404,
    );
    expect(
      (await inject('DELETE', `/api/vermittler/entwuerfe/${DRAFT_B}`, HANSEN)).statusCode,
    ).toBe(404);
    const list = await inject('GET', '/api/vermittler/entwuerfe', HANSEN);
    expect(list.json<{ id: string }[]>().map((d) => d.id)).toEqual([DRAFT_A, SEED_AGENT_DRAFT_ID]);
  });

  it('writes an audit row for every save and delete', async () => {
    const rows = await queryRows<{ action: string; actor_id: string; entity_id: string }>(
      server.db.database.db,
      sql`SELECT action, actor_id, entity_id FROM audit_log WHERE entity = 'application'
          AND entity_id IN (${DRAFT_A}, ${DRAFT_B}) ORDER BY id`,
    );
    expect(rows.map((r) => `${r.action} ${r.entity_id}`)).toEqual([
      `entwurf.speichern ${DRAFT_A}`,
      `entwurf.speichern ${DRAFT_A}`,
      `entwurf.speichern ${DRAFT_B}`,
      `entwurf.loeschen ${DRAFT_B}`,
    ]);
    expect(new Set(rows.map((r) => r.actor_id))).toEqual(new Set(['V-AS-100']));
  });

  it('is for agents only: 401 without sign-in, 404 for a customer', async () => {
    expect((await inject('GET', '/api/vermittler/entwuerfe')).statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/vermittler/entwuerfe'],
      ['GET', `/api/vermittler/entwuerfe/${DRAFT_A}`],
      ['PUT', `/api/vermittler/entwuerfe/${DRAFT_A}`],
      ['DELETE', `/api/vermittler/entwuerfe/${DRAFT_A}`],
    ] as const) {
      const response = await inject(method, url, ANNA, method === 'PUT' ? draft() : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await inject('GET', `/api/vermittler/entwuerfe/${DRAFT_A}`, HANSEN)).statusCode).toBe(
      200,
    );
  });
});
