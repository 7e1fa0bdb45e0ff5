import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers/testDatabase.ts';
import {
  agentAnswers,
  ANNA,
  antworten,
  applicationApi,
  HANSEN,
  IBAN,
  MIRA,
  PRICED,
  startApplicationServer,
} from './helpers/applications.ts';

let server: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  server = await startApplicationServer(lines);
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { apply, application } = applicationApi(() => server);

describe('POST /api/antrag/fahrrad (agent applications)', () => {
  it('takes an agent’s application for a customer of the agency, without a person step', async () => {
    const response = await apply(
      { variante: 'agent', partnerNummer: '2000103', antworten: agentAnswers },
      HANSEN,
    );
    expect(response.statusCode).toBe(201);
    // The bike is issued at once: the answer carries the new contract's number.
    expect(response.json()).toEqual({
      antragsnummer: expect.stringMatching(/^FA-\d{8}$/),
      vertragsNummer: expect.stringMatching(/^FA-V\d{7}$/),
      ...PRICED,
    });
    expect(
      await application(response.json<{ antragsnummer: string }>().antragsnummer),
    ).toMatchObject({
      owner_role: 'vermittler',
      owner_id: 'V-AS-100',
      partner_nummer: '2000103',
      brand: 'andsafe',
      data: expect.objectContaining({ variante: 'agent' }),
    });
    const withPerson = await apply(
      { variante: 'agent', partnerNummer: '2000103', antworten },
      HANSEN,
    );
    expect(withPerson.statusCode).toBe(400);
    expect(withPerson.json<{ fieldErrors: { path: string }[] }>().fieldErrors).toContainEqual(
      expect.objectContaining({ path: '/body/antworten/person' }),
    );
  });

  it('needs a signed-in agent and a customer of its agency', async () => {
    const body = { variante: 'agent', partnerNummer: '2000101', antworten: agentAnswers };
    expect((await apply(body)).statusCode).toBe(401);
    const customer = await apply(body, ANNA);
    const foreign = await apply({ ...body, partnerNummer: '3000101' }, HANSEN);
    const unknown = await apply({ ...body, partnerNummer: '9999999' }, HANSEN);
    for (const response of [customer, foreign, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not-found',
        message: 'Diesen Kunden haben wir nicht gefunden.',
      });
    }
    const noCustomer = await apply(
      { variante: 'agent', partnerNummer: null, antworten: agentAnswers },
      HANSEN,
    );
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json()).toMatchObject({
      fieldErrors: [{ path: '/body/partnerNummer', keyword: 'required' }],
    });
  });

  it('turns the agent’s draft into the application: the same row, gone from the drafts', async () => {
    const id = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
      payload: {
        flow: 'fahrrad',
        version: 1,
        partnerNummer: '2000101',
        zustand: { formData: { fahrrad: antworten.fahrrad }, currentStep: 'deckung' },
      },
    });
    expect(saved.statusCode).toBe(201);
    const body = {
      variante: 'agent',
      partnerNummer: '2000101',
      entwurf: id,
      antworten: agentAnswers,
    };
    // Another agent of the agency, a customer and the public cannot submit this draft.
    for (const headers of [MIRA]) {
      const response = await apply(body, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not-found',
        message: 'Diesen Entwurf haben wir nicht gefunden.',
      });
    }
    const publicCall = await apply({
      ...body,
      variante: 'customer',
      partnerNummer: null,
      antworten,
    });
    expect(publicCall.statusCode).toBe(404);

    const response = await apply(body, HANSEN);
    expect(response.statusCode).toBe(201);
    const { antragsnummer } = response.json<{ antragsnummer: string }>();
    expect(await application(antragsnummer)).toMatchObject({
      id,
      status: 'submitted',
      owner_id: 'V-AS-100',
      partner_nummer: '2000101',
    });
    const drafts = await server.app.inject({
      method: 'GET',
      url: '/api/vermittler/entwuerfe',
      headers: HANSEN,
    });
    expect(drafts.json<{ id: string }[]>().map((d) => d.id)).not.toContain(id);
    const read = await server.app.inject({
      method: 'GET',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
    });
    expect(read.statusCode).toBe(404);
    const overwrite = await server.app.inject({
      method: 'PUT',
      url: `/api/vermittler/entwuerfe/${id}`,
      headers: HANSEN,
      payload: {
        flow: 'fahrrad',
        version: 1,
        partnerNummer: '2000101',
        zustand: { formData: {}, currentStep: null },
      },
    });
    expect(overwrite.statusCode).toBe(404);
    expect(await application(antragsnummer)).toMatchObject({ status: 'submitted' });
    // Submitting the same draft again finds no draft any more.
    const twice = await apply(body, HANSEN);
    expect(twice.statusCode).toBe(404);
  });
});

describe('logs of agent applications and drafts', () => {
  it('never carry the IBAN', async () => {
    expect(lines.some((line) => line.includes('/api/antrag/:flow'))).toBe(true);
    for (const line of lines) expect(line).not.toContain(IBAN);
  });
});
