import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import { bearerAuthentication } from '../../apps/server/src/identity/index.ts';
import { loadKeys } from '../../apps/server/src/identity/keys.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/identityUsers.ts';
import type { Authenticate } from '../../apps/server/src/auth/index.ts';
import type { TestDatabase } from './helpers/testDatabase.ts';
import {
  identityCall,
  jwtPayload,
  signIn,
  startIdentityServer,
  userPool,
  type IdentityServer,
} from './identityHelpers.ts';

let server: IdentityServer & { db: TestDatabase };
let authenticate: Authenticate;
let offsetMs = 0;
const now = () => Date.now() + offsetMs;
let customerAccess: string;
let customerId: string;
let agentAccess: string;

beforeAll(async () => {
  server = await startIdentityServer({ now });
  authenticate = bearerAuthentication({ db: server.db.database.db, now });
  const customer = await signIn(
    await userPool(server.base, 'benutzer'),
    'anna.schmidt@beispiel.example',
    DEMO_PASSWORD,
  );
  const agent = await signIn(
    await userPool(server.base, 'vermittler'),
    'ole.petersen@hfk-petersen.example',
    DEMO_PASSWORD,
  );
  if (customer.kind !== 'success' || agent.kind !== 'success')
    throw new Error('demo sign-in failed');
  customerAccess = customer.session.getAccessToken().getJwtToken();
  customerId = customer.session.getIdToken().getJwtToken();
  agentAccess = agent.session.getAccessToken().getJwtToken();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const request = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as unknown as FastifyRequest;
const asBearer = (token: string) => authenticate(request(`Bearer ${token}`));

/** Re-signs the customer's access token claims with changes, with the server's own key by default. */
async function forge(
  changes: Record<string, unknown>,
  options: { key?: CryptoKey; alg?: string } = {},
): Promise<string> {
  const keys = await loadKeys(server.db.database.db);
  const claims = { ...jwtPayload(customerAccess), ...changes };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: keys.kid })
    .sign(options.key ?? keys.privateKey);
}

describe('bearer authentication of API calls', () => {
  it('maps a customer token to the partner number and an agent token to the agent number', async () => {
    expect(await asBearer(customerAccess)).toEqual({ role: 'benutzer', partnerNummer: '2000101' });
    expect(await asBearer(agentAccess)).toEqual({
      role: 'vermittler',
      vermittlerNummer: 'V-HFK-200',
    });
  });

  it('accepts a token re-signed unchanged with the published key (the forging helper is sound)', async () => {
    expect(await asBearer(await forge({}))).toEqual({ role: 'benutzer', partnerNummer: '2000101' });
  });

  it('finds nobody without a header or with another scheme', async () => {
    expect(await authenticate(request())).toBeNull();
    expect(await authenticate(request(`Basic ${customerAccess}`))).toBeNull();
    expect(await authenticate(request('Bearer nonsense'))).toBeNull();
  });

  it('refuses an expired token', async () => {
    offsetMs = 3601 * 1000;
    try {
      expect(await asBearer(customerAccess)).toBeNull();
    } finally {
      offsetMs = 0;
    }
    const expired = await forge({ exp: Math.floor(Date.now() / 1000) - 10 });
    expect(await asBearer(expired)).toBeNull();
  });

  it('refuses a token signed by another key under the same key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect(await asBearer(await forge({}, { key: privateKey }))).toBeNull();
  });

  it('refuses a token with a tampered payload', async () => {
    const [header, , signature] = customerAccess.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...jwtPayload(customerAccess), 'custom:partnernummer': '3000101' }),
    ).toString('base64url');
    expect(await asBearer(`${header}.${payload}.${signature}`)).toBeNull();
  });

  it('refuses a token for another app client or another issuer', async () => {
    expect(await asBearer(await forge({ client_id: 'fremder-client' }))).toBeNull();
    expect(await asBearer(await forge({ client_id: 'vermittlerportal-web' }))).toBeNull();
    expect(
      await asBearer(await forge({ iss: 'https://evil.invalid/eu-central-1_Benutzer' })),
    ).toBeNull();
  });

  it('refuses an ID token as an access token', async () => {
    expect(jwtPayload(customerId)['token_use']).toBe('id');
    expect(await asBearer(customerId)).toBeNull();
    expect(await asBearer(await forge({ token_use: 'id' }))).toBeNull();
  });

  it('refuses alg none and HS256 signed with the public key', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = customerAccess.split('.')[1] ?? '';
    expect(await asBearer(`${header}.${body}.`)).toBeNull();
    const keys = await loadKeys(server.db.database.db);
    const secret = new TextEncoder().encode(JSON.stringify(keys.jwks.keys[0]));
    const hs = await new SignJWT(jwtPayload(customerAccess))
      .setProtectedHeader({ alg: 'HS256', kid: keys.kid })
      .sign(secret);
    expect(await asBearer(hs)).toBeNull();
  });

  it('refuses a token whose sign-in does not exist', async () => {
    expect(
      await asBearer(await forge({ origin_jti: '00000000-0000-4000-8000-000000000000' })),
    ).toBeNull();
    expect(await asBearer(await forge({ sub: '00000000-0000-4000-8000-000000000000' }))).toBeNull();
  });

  it('refuses the tokens of a user after a global sign-out', async () => {
    const outcome = await signIn(
      await userPool(server.base, 'benutzer'),
      'klaus.mueller@beispiel.example',
      DEMO_PASSWORD,
    );
    if (outcome.kind !== 'success') throw new Error('sign-in failed');
    const access = outcome.session.getAccessToken().getJwtToken();
    expect(await asBearer(access)).toEqual({ role: 'benutzer', partnerNummer: '3000101' });
    await identityCall(server.base, 'benutzer', 'GlobalSignOut', { AccessToken: access });
    expect(await asBearer(access)).toBeNull();
    // A new sign-in afterwards works again.
    const again = await signIn(
      await userPool(server.base, 'benutzer'),
      'klaus.mueller@beispiel.example',
      DEMO_PASSWORD,
    );
    if (again.kind !== 'success') throw new Error('sign-in failed');
    expect(await asBearer(again.session.getAccessToken().getJwtToken())).not.toBeNull();
  });
});

describe('contract calls with bearer tokens', () => {
  const get = (url: string, token: string) =>
    server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('reads the own contracts and gets 404 for another customer’s contract', async () => {
    expect(
      (await get('/api/vertrag/vertrag/findByPartnerNummer/2000101', customerAccess)).statusCode,
    ).toBe(200);
    const foreign = await get('/api/vertrag/vertrag/findByPartnerNummer/3000101', customerAccess);
    const missing = await get('/api/vertrag/vertrag/findByPartnerNummer/9999999', customerAccess);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('answers 401 to an ID token on a contract call', async () => {
    expect(
      (await get('/api/vertrag/vertrag/findByPartnerNummer/2000101', customerId)).statusCode,
    ).toBe(401);
  });
});
