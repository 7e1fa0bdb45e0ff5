import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CognitoUserPool } from 'amazon-cognito-identity-js';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/identityUsers.ts';
import { openTestDatabase, type TestDatabase } from './helpers/testDatabase.ts';
import {
  identityCall,
  listenIdentityServer,
  signIn,
  userPool,
  type IdentityServer,
} from './identityHelpers.ts';

// Two server processes over one database; the client key comes from a variable so one test can
// play several clients.
let db: TestDatabase;
let first: IdentityServer;
let second: IdentityServer;
let poolOnFirst: CognitoUserPool;
let poolOnSecond: CognitoUserPool;
let client = 'client-a';
let offsetMs = 0;
const now = () => Date.now() + offsetMs;

beforeAll(async () => {
  // The first server migrates and seeds with TODAY: the run's template holds the same data.
  db = await openTestDatabase({ template: true });
  // A 4-minute window keeps the simulated clock within the SRP timestamp's allowed skew.
  const options = { now, clientKey: () => client, throttleWindowSeconds: 240 };
  first = await listenIdentityServer(db.database, options);
  second = await listenIdentityServer(db.database, options, false);
  poolOnFirst = await userPool(first.base, 'benutzer');
  poolOnSecond = await userPool(second.base, 'benutzer');
}, 60_000);
afterAll(async () => {
  await first.close();
  await second.close();
  await db.cleanup();
});

const EXCEEDED = {
  kind: 'failure',
  code: 'NotAuthorizedException',
  message: 'Password attempts exceeded',
};

describe('the sign-in throttle', () => {
  it('counts failures across both processes and makes the eleventh attempt wait', async () => {
    client = 'client-a';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const pool = attempt % 2 ? poolOnSecond : poolOnFirst;
      expect(
        await signIn(pool, 'anna.schmidt@beispiel.example', `Falsch-${attempt}-Xy`),
      ).toMatchObject({
        message: 'Incorrect username or password.',
      });
    }
    expect(await signIn(poolOnFirst, 'anna.schmidt@beispiel.example', DEMO_PASSWORD)).toEqual(
      EXCEEDED,
    );
    expect(await signIn(poolOnSecond, 'anna.schmidt@beispiel.example', DEMO_PASSWORD)).toEqual(
      EXCEEDED,
    );
  }, 120_000);

  it('locks the owner on another client out for a minute only, the guessing client for the window', async () => {
    client = 'client-b';
    expect(await signIn(poolOnFirst, 'anna.schmidt@beispiel.example', DEMO_PASSWORD)).toEqual(
      EXCEEDED,
    );
    offsetMs = 61_000;
    expect((await signIn(poolOnFirst, 'anna.schmidt@beispiel.example', DEMO_PASSWORD)).kind).toBe(
      'success',
    );
    client = 'client-a';
    expect(await signIn(poolOnFirst, 'anna.schmidt@beispiel.example', DEMO_PASSWORD)).toEqual(
      EXCEEDED,
    );
    offsetMs = 241_000;
    expect((await signIn(poolOnSecond, 'anna.schmidt@beispiel.example', DEMO_PASSWORD)).kind).toBe(
      'success',
    );
  }, 60_000);

  it('throttles an unknown user exactly like a known one', async () => {
    client = 'client-c';
    offsetMs = 0;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        await signIn(poolOnFirst, 'niemand@beispiel.example', `Falsch-${attempt}-Xy`),
      ).toMatchObject({
        message: 'Incorrect username or password.',
      });
    }
    expect(await signIn(poolOnFirst, 'niemand@beispiel.example', 'Falsch-11-Xy')).toEqual(EXCEEDED);
  }, 120_000);

  it('makes a client that failed on ten accounts wait before trying another', async () => {
    client = 'client-d';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await signIn(poolOnFirst, `unbekannt-${attempt}@beispiel.example`, 'Falsch-Passwort-1');
    }
    expect(await signIn(poolOnFirst, 'julia.fischer@beispiel.example', DEMO_PASSWORD)).toEqual(
      EXCEEDED,
    );
    client = 'client-e';
    expect((await signIn(poolOnFirst, 'julia.fischer@beispiel.example', DEMO_PASSWORD)).kind).toBe(
      'success',
    );
  }, 120_000);

  it('lets a refresh token from one process work on the other', async () => {
    client = 'client-f';
    const outcome = await signIn(poolOnFirst, 'laura.meyer@beispiel.example', DEMO_PASSWORD);
    if (outcome.kind !== 'success') throw new Error('sign-in failed');
    const refreshed = await identityCall(second.base, 'benutzer', 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'kundenportal-web',
      AuthParameters: { REFRESH_TOKEN: outcome.session.getRefreshToken().getToken() },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body['AuthenticationResult']).not.toHaveProperty('RefreshToken');
  });
});
