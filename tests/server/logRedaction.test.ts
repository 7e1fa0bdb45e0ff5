import { sql } from 'drizzle-orm';
import { seedIdentityUsers } from '../../apps/server/src/seed/identityUsers.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { registerIdentityRoutes } from '../../apps/server/src/identity/index.ts';
import { serializeError } from '../../apps/server/src/http/redaction.ts';
import { validationRuntime } from '../../engine/validation/index.ts';
import { antworten, ANNA } from './helpers/applications.ts';
import { openTestDatabase, TODAY, type TestDatabase } from './helpers/testDatabase.ts';

// Personal data planted in succeeding and failing requests; afterwards no log line may hold any
// of it, in any spelling the server could have produced.
const PLANTED = {
  names: ['Mustermann', 'Erika', 'Schmidt', 'Müller', 'Mueller'],
  ibans: ['DE75512108001245126199', 'DE75 5121 0800 1245 1261 99', 'de75 5121'],
  emails: ['erika.mustermann@beispiel.example', 'anna.schmidt@beispiel.example'],
  birthDates: ['1980-05-12', '12.05.1980', '1968-07-22', '22.07.1968'],
  contracts: ['AS-10000101', 'HFK-20000101', '2000101'],
};

const lines: string[] = [];
let db: TestDatabase;
let app: FastifyInstance;

const clock = validationRuntime.now;

beforeAll(async () => {
  // The flow's date rules read the validation clock: the test's today.
  validationRuntime.now = () => new Date(`${TODAY}T12:00:00`);
  // The server migrates and seeds with TODAY: the run's template holds the same data.
  db = await openTestDatabase({ template: true });
  app = await buildServer({
    database: db.database,
    seed: true,
    testAuth: true,
    today: () => TODAY,
    logStream: { write: (line) => void lines.push(line) },
  });
  await registerIdentityRoutes(app, { db: db.database.db, seedUsers: seedIdentityUsers });
  // Two failing paths no public route should reach: a database error with planted parameters,
  // and an error whose message carries personal data.
  app.get('/test/datenbankfehler', async () => {
    await db.database.db.execute(
      sql`SELECT ${'erika.mustermann@beispiel.example DE75512108001245126199'}::int AS x`,
    );
    return {};
  });
  app.get('/test/fehler', async () => {
    throw new Error(
      'Vertrag AS-10000101 von erika.mustermann@beispiel.example, geboren 1980-05-12, IBAN DE75512108001245126199 (wie geschrieben: DE75 5121 0800 1245 1261 99)',
    );
  });
  await app.ready();
}, 60_000);
afterAll(async () => {
  validationRuntime.now = clock;
  await app.close();
  await db.cleanup();
});

const json = { 'content-type': 'application/json' };
const credential = (text: string) => `Custom ${Buffer.from(text, 'utf8').toString('base64')}`;
const identity = (operation: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/identity/benutzer/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    payload: JSON.stringify(body),
  });

describe('logs on the succeeding and the failing path', () => {
  it('hold none of the planted names, IBANs, e-mails, birth dates and contract numbers', async () => {
    const statuses: number[] = [];
    const send = async (response: Promise<{ statusCode: number }>) =>
      statuses.push((await response).statusCode);

    // Succeeding requests.
    await send(
      app.inject({
        method: 'POST',
        url: '/api/antrag/fahrrad',
        headers: json,
        payload: { variante: 'customer', antworten },
      }),
    );
    await send(
      app.inject({
        method: 'GET',
        url: '/api/schadenmeldung/vertrag?marke=hfk',
        headers: { authorization: credential('HFK-20000101:Müller:1968-07-22') },
      }),
    );
    await send(
      app.inject({ method: 'GET', url: '/api/vertrag/vertrag/AS-10000101', headers: ANNA }),
    );
    await send(
      app.inject({
        method: 'POST',
        url: '/api/postfach/benutzer/nachrichten',
        headers: ANNA,
        payload: {
          betreff: 'Erika Mustermann',
          nachricht: 'IBAN DE75512108001245126199, erika.mustermann@beispiel.example, 1980-05-12',
        },
      }),
    );
    await send(
      identity('InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: 'kundenportal-web',
        AuthParameters: { USERNAME: 'anna.schmidt@beispiel.example', SRP_A: 'abc123' },
      }),
    );
    const read = await app.inject({
      method: 'GET',
      url: '/api/vertrag/vertrag/AS-10000101',
      headers: ANNA,
    });
    const bank = (iban: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/vertrag/vertrag/AS-10000101/bankverbindung',
        headers: ANNA,
        payload: {
          lastUpdated: read.json<{ lastUpdated: string }>().lastUpdated,
          iban,
          kontoinhaber: 'Erika Mustermann',
          sepaMandat: true,
        },
      });
    await send(bank('DE75 5121 0800 1245 1261 99'));

    // Failing requests.
    await send(
      app.inject({
        method: 'POST',
        url: '/api/antrag/fahrrad',
        headers: json,
        payload: {
          variante: 'customer',
          antworten: {
            ...antworten,
            person: { ...antworten.person, nachname: 'Muster\u0000mann' },
            bankverbindung: { ...antworten.bankverbindung, iban: 'DE75512108001245126198' },
          },
        },
      }),
    );
    await send(
      app.inject({
        method: 'GET',
        url: '/api/schadenmeldung/vertrag?marke=hfk',
        headers: { authorization: credential('HFK-20000101:Mueller:1980-05-12') },
      }),
    );
    await send(bank('DE75512108001245126198'));
    await send(
      app.inject({ method: 'GET', url: '/api/vertrag/vertrag/HFK-20000101', headers: ANNA }),
    );
    await send(
      app.inject({
        method: 'PATCH',
        url: '/api/vertrag/vertrag/AS-10000101',
        headers: ANNA,
        payload: {
          lastUpdated: '2000-01-01T00:00:00.000Z',
          wirksamkeitsdatum: TODAY,
          zahlweise: 'x',
        },
      }),
    );
    await send(
      app.inject({
        method: 'GET',
        url: '/api/unbekannt/Mustermann/erika.mustermann@beispiel.example?geburtsdatum=1980-05-12',
      }),
    );
    await send(
      app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: ANNA,
        payload: '{"name": "Erika',
      }),
    );
    await send(
      identity('RespondToAuthChallenge', {
        ChallengeName: 'PASSWORD_VERIFIER',
        ClientId: 'kundenportal-web',
        ChallengeResponses: {
          USERNAME: 'anna.schmidt@beispiel.example',
          PASSWORD_CLAIM_SECRET_BLOCK: 'Erika Mustermann DE75512108001245126199',
          PASSWORD_CLAIM_SIGNATURE: 'x',
          TIMESTAMP: 'now',
        },
      }),
    );
    await send(app.inject({ method: 'GET', url: '/test/datenbankfehler' }));
    await send(app.inject({ method: 'GET', url: '/test/fehler' }));

    expect(statuses.slice(0, 6)).toEqual([201, 200, 200, 201, 200, 200]);
    expect(statuses.slice(6).every((status) => status >= 400)).toBe(true);
    // Both failing paths were logged as errors, so the search below looks at real error lines.
    const text = lines.join('\n');
    expect(text).toContain('database refused input');
    expect(text).toContain('request failed');
    expect(lines.length).toBeGreaterThanOrEqual(30);

    const found = Object.values(PLANTED)
      .flat()
      .filter((secret) => text.toLowerCase().includes(secret.toLowerCase()));
    expect(found).toEqual([]);
  });

  it('log a database error by its kind and code only, without its SQL and parameters', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "Erika"'), {
      code: '22P02',
      detail: 'Key (email)=(erika.mustermann@beispiel.example)',
    });
    const wrapped = Object.assign(
      new Error('Failed query: select $1::int\nparams: erika.mustermann@beispiel.example'),
      { cause },
    );
    expect(serializeError(wrapped)).toEqual({
      type: 'Error',
      code: '22P02',
      statusCode: undefined,
      message: 'database error 22P02',
      stack: '',
    });
  });
});
