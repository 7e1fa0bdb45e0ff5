import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { validationRuntime } from '../../engine/validation/index.ts';
import { ANNA, antworten } from './helpers/applications.ts';
import {
  DATABASE_URL,
  openTestDatabase,
  TODAY,
  type TestDatabase,
} from './helpers/testDatabase.ts';
import { startTcpProxy, type TcpProxy } from './helpers/tcpProxy.ts';

const clock = validationRuntime.now;
beforeAll(() => {
  validationRuntime.now = () => new Date(`${TODAY}T12:00:00`);
});
afterAll(() => {
  validationRuntime.now = clock;
});

const credential = `Custom ${Buffer.from('HFK-20000101:Müller:1968-07-22').toString('base64')}`;

/** One call of every kind: a read, two lists, an application, the claim look-up, a sign-in. */
const CALLS = [
  { name: 'contract read', method: 'GET', url: '/api/vertrag/vertrag/AS-10000101', headers: ANNA },
  {
    name: 'contract list',
    method: 'GET',
    url: '/api/vertrag/vertrag/findByPartnerNummer/2000101',
    headers: ANNA,
  },
  { name: 'claims list', method: 'GET', url: '/api/portal/schaeden', headers: ANNA },
  {
    name: 'premium',
    method: 'POST',
    url: '/api/vertrag/vertrag/AS-10000101/beitrag/zahlweise',
    headers: ANNA,
    payload: {
      versicherungsNummer: 'AS-10000101',
      wirksamkeitsdatum: TODAY,
      zahlweise: 'JAEHRLICH',
    },
  },
  {
    name: 'application',
    method: 'POST',
    url: '/api/antrag/fahrrad',
    headers: {},
    payload: { variante: 'customer', antworten },
  },
  {
    name: 'claim look-up',
    method: 'GET',
    url: '/api/schadenmeldung/vertrag?marke=hfk',
    headers: { authorization: credential },
  },
  {
    name: 'sign-in',
    method: 'POST',
    url: '/api/identity/benutzer/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    payload: JSON.stringify({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: 'kundenportal-web',
      AuthParameters: { USERNAME: 'anna.schmidt@beispiel.example', SRP_A: 'abc123' },
    }),
  },
] as const;

type Call = (typeof CALLS)[number];
const send = (app: FastifyInstance, call: Call) =>
  app.inject({
    method: call.method,
    url: call.url,
    headers: call.headers,
    ...('payload' in call ? { payload: call.payload } : {}),
  });

async function expectUnavailable(app: FastifyInstance): Promise<void> {
  for (const call of CALLS) {
    const started = performance.now();
    const response = await send(app, call);
    const ms = performance.now() - started;
    expect({ call: call.name, status: response.statusCode }).toEqual({
      call: call.name,
      status: 503,
    });
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.json()).toEqual({
      error: 'unavailable',
      message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    });
    expect(ms).toBeLessThan(1_500);
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a database that cannot be reached', () => {
  it('gets every route a 503 with Retry-After and a German message within a second', async () => {
    const url = `postgres://platform@127.0.0.1:${await freePort()}/platform`;
    const app = await buildServer({
      databaseUrl: url,
      migrate: false,
      testAuth: true,
      identity: {},
      today: () => TODAY,
    });
    try {
      await expectUnavailable(app);
    } finally {
      await app.close();
    }
  });
});

// PostgreSQL only: PGlite runs inside the process and cannot go away and come back.
describe.runIf(DATABASE_URL)('a PostgreSQL outage and its end', () => {
  let direct: TestDatabase;
  let proxy: TcpProxy;
  let proxied: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    direct = await openTestDatabase();
    const seeded = await buildServer({ database: direct.database, seed: true, today: () => TODAY });
    await seeded.close();
    const target = new URL(DATABASE_URL ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    proxied = await openDatabase({
      url: target.toString(),
      searchPath: direct.reopenOptions.searchPath,
      poolSize: 5,
    });
    app = await buildServer({
      database: proxied,
      migrate: false,
      testAuth: true,
      identity: {},
      today: () => TODAY,
    });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await proxied.close().catch(() => undefined);
    await proxy.close();
    await direct.cleanup();
  });

  it('answers 503 during the outage and recovers by itself when the database returns', async () => {
    for (const call of CALLS) expect((await send(app, call)).statusCode).toBeLessThan(500);
    await proxy.cut();
    await expectUnavailable(app);
    await proxy.restore();
    const started = Date.now();
    for (const call of CALLS) {
      let status = 0;
      while (Date.now() - started < 10_000) {
        status = (await send(app, call)).statusCode;
        if (status < 500) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect({ call: call.name, status: status < 500 }).toEqual({ call: call.name, status: true });
    }
  }, 60_000);
});
