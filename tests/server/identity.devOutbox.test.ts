import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/identityUsers.ts';
import { identityCall, signIn, userPool } from './identityHelpers.ts';
import { openTestDatabase, TODAY, type TestDatabase } from './helpers/testDatabase.ts';

// The dev outbox lists every user's reset codes, resume-link tokens and temporary passwords. The
// default server (what `npm start` runs) has no such route; switched on it answers only a caller
// on this machine that talks to the server directly.

let db: TestDatabase;
let standard: FastifyInstance;
let switchedOn: FastifyInstance;
let behindProxy: FastifyInstance;
let base = '';
const ANNA = 'anna.schmidt@beispiel.example';

beforeAll(async () => {
  db = await openTestDatabase({ template: true });
  const options = { database: db.database, today: () => TODAY };
  standard = await buildServer({ ...options, seed: true, identity: {} });
  switchedOn = await buildServer({ ...options, migrate: false, identity: { devOutbox: true } });
  behindProxy = await buildServer({
    ...options,
    migrate: false,
    trustProxy: true,
    identity: { devOutbox: true },
  });
  await standard.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(standard.server.address() as AddressInfo).port}`;
  // A reset code for Anna is waiting in the outbox.
  const reset = await identityCall(base, 'benutzer', 'ForgotPassword', {
    ClientId: 'kundenportal-web',
    Username: ANNA,
  });
  expect(reset.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await Promise.all([standard.close(), switchedOn.close(), behindProxy.close()]);
  await db.cleanup();
});

const OUTBOX = `/api/identity/dev/outbox?username=${encodeURIComponent(ANNA)}`;
const get = (app: FastifyInstance, url: string, options: Partial<InjectOptions> = {}) =>
  app.inject({ method: 'GET', url, ...options });

/** The answer to an address nobody serves: what a refused outbox request must look like. */
async function unknownAddress(app: FastifyInstance) {
  const response = await get(app, '/api/identity/dev/unbekannt');
  return { status: response.statusCode, body: response.body };
}

describe('the dev outbox of the default server', () => {
  it('does not exist: an anonymous caller on this machine gets the 404 of any unknown address', async () => {
    const response = await fetch(`${base}${OUTBOX}`);
    expect({ status: response.status, body: await response.text() }).toEqual(
      await unknownAddress(standard),
    );
  });

  it('does not exist for a signed-in customer either', async () => {
    const outcome = await signIn(await userPool(base, 'benutzer'), ANNA, DEMO_PASSWORD);
    if (outcome.kind !== 'success') throw new Error(JSON.stringify(outcome));
    const token = outcome.session.getAccessToken().getJwtToken();
    const response = await fetch(`${base}${OUTBOX}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect({ status: response.status, body: await response.text() }).toEqual(
      await unknownAddress(standard),
    );
  });
});

describe('the dev outbox switched on', () => {
  it('lists the codes to a caller on this machine', async () => {
    const response = await get(switchedOn, OUTBOX, { remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        purpose: 'FORGOT_PASSWORD',
        code: expect.stringMatching(/^\d{6}$/),
      }),
    ]);
    const ipv6 = await get(switchedOn, OUTBOX, { remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });

  it('does not exist for a caller on another machine', async () => {
    for (const remoteAddress of ['203.0.113.7', '10.0.0.2', '::ffff:192.0.2.1', '2001:db8::1']) {
      const response = await get(switchedOn, OUTBOX, { remoteAddress });
      expect({ status: response.statusCode, body: response.body }, remoteAddress).toEqual(
        await unknownAddress(switchedOn),
      );
    }
  });

  it('does not exist for a request a proxy forwarded, even from this machine', async () => {
    const forwarded = [
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
      { via: '1.1 proxy' },
      { 'x-forwarded-host': 'localhost' },
    ];
    for (const headers of forwarded) {
      const response = await get(switchedOn, OUTBOX, { remoteAddress: '127.0.0.1', headers });
      expect({ status: response.statusCode, body: response.body }, JSON.stringify(headers)).toEqual(
        await unknownAddress(switchedOn),
      );
    }
  });

  it('judges by the socket, not by the client address a trusted proxy names', async () => {
    const response = await get(behindProxy, OUTBOX, {
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('does not answer a page whose host name only points at this machine (DNS rebinding)', async () => {
    const response = await get(switchedOn, OUTBOX, {
      remoteAddress: '127.0.0.1',
      headers: { host: 'angreifer.example:4600' },
    });
    expect(response.statusCode).toBe(404);
  });
});
