import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../engine/validation/createAjv.ts';
import { asAgent, asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

/** The answer's schema, which the web app's type is generated from. */
function answerProblems(answer: unknown): unknown[] {
  const read = (name: string) =>
    JSON.parse(readFileSync(`definitions/schema/${name}.schema.json`, 'utf8')) as object;
  const ajv = createAjv();
  ajv.addSchema(read('kontaktdaten'));
  const validate = ajv.compile(read('kundendaten'));
  return validate(answer) ? [] : (validate.errors ?? []);
}

// The customer's own data: read, and the contact data (address, preferred channel) changed with
// German field messages; only the signed-in customer's own record.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const get = (headers: Record<string, string>) =>
  server.app.inject({ method: 'GET', url: '/api/portal/kundendaten', headers });
const put = (headers: Record<string, string>, payload: unknown) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/portal/kundendaten/kontaktdaten',
    headers,
    payload: payload as Record<string, unknown>,
  });

describe('kundendaten', () => {
  it('shows the signed-in customer their own name, address, e-mail and channel', async () => {
    const response = await get(asCustomer('2000101'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      partnerNummer: '2000101',
      vorname: 'Anna',
      nachname: 'Schmidt',
      email: 'anna.schmidt@beispiel.example',
      kontaktkanal: 'EMAIL',
      adresse: { plz: expect.stringMatching(/^\d{5}$/) },
    });
    expect(answerProblems(response.json())).toEqual([]);
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('needs a signed-in customer: 401 without, the 404 of a missing address for an agent', async () => {
    expect((await get({})).statusCode).toBe(401);
    const agent = await get(asAgent('V-AS-100'));
    expect(agent.statusCode).toBe(404);
  });

  it('changes address and channel, trims the text and returns the new data', async () => {
    const headers = asCustomer('3000103');
    const response = await put(headers, {
      strasse: '  Neue Straße ',
      hausnummer: '12a',
      plz: '22767',
      ort: 'Hamburg',
      kontaktkanal: 'CHAT',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      adresse: { strasse: 'Neue Straße', hausnummer: '12a', plz: '22767', ort: 'Hamburg' },
      kontaktkanal: 'CHAT',
    });
    expect(answerProblems(response.json())).toEqual([]);
    expect((await get(headers)).json()).toMatchObject({ kontaktkanal: 'CHAT' });
    // Someone else's record is untouched.
    expect((await get(asCustomer('2000101'))).json()).toMatchObject({ kontaktkanal: 'EMAIL' });
  });

  it('refuses a wrong postcode, an empty street and an unknown channel in German, writing nothing', async () => {
    const headers = asCustomer('2000102');
    const before = (await get(headers)).json<Record<string, unknown>>();
    const response = await put(headers, {
      strasse: '   ',
      hausnummer: '1',
      plz: '2276',
      ort: 'Hamburg',
      kontaktkanal: 'FAX',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      message: string;
      fieldErrors: { path: string; message: string }[];
    }>();
    expect(body.message).toMatch(/[äöüÄÖÜß]|Bitte|Angaben/);
    expect(body.fieldErrors.map((e) => e.path).sort()).toEqual(
      expect.arrayContaining(['/body/kontaktkanal', '/body/plz', '/body/strasse']),
    );
    for (const error of body.fieldErrors) expect(error.message).not.toMatch(/must|should/);
    expect((await get(headers)).json()).toEqual(before);
  });
});
