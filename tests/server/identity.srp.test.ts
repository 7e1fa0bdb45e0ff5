import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CognitoUser, CognitoUserPool, CognitoUserSession } from 'amazon-cognito-identity-js';
import { identityUsers } from '../../apps/server/src/identity/schema.ts';
import { makeVerifier } from '../../apps/server/src/identity/srp.ts';
import { DEMO_PASSWORD, DEMO_START_PASSWORD } from '../../apps/server/src/seed/identityUsers.ts';
import {
  identityCall,
  jwtPayload,
  signIn,
  startIdentityServer,
  userPool,
  type IdentityServer,
} from './identityHelpers.ts';
import type { TestDatabase } from './helpers/testDatabase.ts';

let server: IdentityServer & { db: TestDatabase };
let customers: CognitoUserPool;
let agents: CognitoUserPool;

beforeAll(async () => {
  // The throttle has its own test; here many wrong passwords must not make anyone wait.
  server = await startIdentityServer({ maxFailures: 1000, devOutbox: true });
  customers = await userPool(server.base, 'benutzer');
  agents = await userPool(server.base, 'vermittler');
}, 60_000);
afterAll(async () => {
  await server.close();
});

/** A random password that meets the policy, with characters beyond ASCII now and then. */
function randomPassword(): string {
  const core = randomBytes(12).toString('base64').replace(/[+/=]/g, 'x');
  return `Aa1${core}${Math.random() < 0.5 ? 'ß€' : '!'}`;
}

async function createUser(
  password: string,
  status: 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' = 'CONFIRMED',
) {
  const username = `test.${randomUUID().slice(0, 8)}@beispiel.example`;
  await server.db.database.db.insert(identityUsers).values({
    pool: 'benutzer',
    username,
    email: username,
    partnerNummer: '2000101',
    status,
    ...makeVerifier('Benutzer', username, password),
  });
  return username;
}

const call = <T>(run: (done: (error: unknown, result?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => {
    run((error, result) => (error ? reject(error as Error) : resolve(result as T)));
  });

describe('the pool endpoints', () => {
  it('publishes pool id and client id of both pools in the Cognito format', async () => {
    for (const pool of ['benutzer', 'vermittler']) {
      const response = await fetch(`${server.base}/api/${pool}/pool`);
      const ids = (await response.json()) as Record<string, string>;
      expect(ids['userPoolId']).toMatch(/^[\w-]+_[0-9a-zA-Z]+$/);
      expect(ids['userPoolWebClientId']).toEqual(expect.any(String));
    }
  });

  it('publishes one RS256 signing key as a JWKS without private parts', async () => {
    const jwks = (await (
      await fetch(`${server.base}/api/identity/benutzer/.well-known/jwks.json`)
    ).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('answers an unknown operation with a Cognito error body and header', async () => {
    const response = await identityCall(server.base, 'benutzer', 'DeleteUserPool', {});
    expect(response.status).toBe(400);
    expect(response.body['__type']).toBe('UnknownOperationException');
  });
});

describe('SRP sign-in with the unchanged amazon-cognito-identity-js', () => {
  it('signs in 40 users with random passwords, half through CUSTOM_AUTH starting with SRP_A', async () => {
    for (let run = 0; run < 40; run += 1) {
      const password = randomPassword();
      const username = await createUser(password);
      const outcome = await signIn(
        customers,
        username,
        password,
        run % 2 ? 'CUSTOM_AUTH' : 'USER_SRP_AUTH',
      );
      expect(outcome.kind, `run ${run}`).toBe('success');
    }
  }, 180_000);

  it('issues Cognito-shaped access and ID tokens for a demo customer', async () => {
    const outcome = await signIn(customers, 'anna.schmidt@beispiel.example', DEMO_PASSWORD);
    if (outcome.kind !== 'success') throw new Error(JSON.stringify(outcome));
    const access = jwtPayload(outcome.session.getAccessToken().getJwtToken());
    const id = jwtPayload(outcome.session.getIdToken().getJwtToken());
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: 'kundenportal-web',
      'cognito:username': 'anna.schmidt@beispiel.example',
      'custom:partnernummer': '2000101',
      iss: 'https://identity.platform.invalid/eu-central-1_Benutzer',
    });
    expect(id).toMatchObject({
      token_use: 'id',
      aud: 'kundenportal-web',
      email: 'anna.schmidt@beispiel.example',
    });
    expect(access['sub']).toBe(id['sub']);
    expect(Number(access['exp']) - Number(access['iat'])).toBe(3600);
    expect(outcome.session.getRefreshToken().getToken()).not.toBe('');
  });

  it('signs in a demo agent whose token names the agent number', async () => {
    const outcome = await signIn(agents, 'ole.petersen@hfk-petersen.example', DEMO_PASSWORD);
    if (outcome.kind !== 'success') throw new Error(JSON.stringify(outcome));
    expect(jwtPayload(outcome.session.getAccessToken().getJwtToken())).toMatchObject({
      client_id: 'vermittlerportal-web',
      'custom:vermittlernummer': 'V-HFK-200',
    });
  });

  it('answers a wrong password and an unknown user with the same error', async () => {
    const wrong = await signIn(customers, 'anna.schmidt@beispiel.example', 'Falsches-Passwort-1');
    const unknown = await signIn(customers, 'niemand@beispiel.example', 'Falsches-Passwort-1');
    expect(wrong).toEqual({
      kind: 'failure',
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(unknown).toEqual(wrong);
  });

  it('gives an unknown user a stable salt like a real account', async () => {
    const start = (username: string) =>
      identityCall(server.base, 'benutzer', 'InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: 'kundenportal-web',
        AuthParameters: { USERNAME: username, SRP_A: 'abc123' },
      });
    const first = await start('niemand@beispiel.example');
    const second = await start('niemand@beispiel.example');
    const known = await start('anna.schmidt@beispiel.example');
    const params = (response: typeof first) =>
      response.body['ChallengeParameters'] as Record<string, string>;
    expect(first.status).toBe(200);
    expect(params(first)['SALT']).toBe(params(second)['SALT']);
    expect(params(first)['SRP_B']).not.toBe(params(second)['SRP_B']);
    expect(Object.keys(params(first)).sort()).toEqual(Object.keys(params(known)).sort());
  });

  it('refuses CUSTOM_AUTH without SRP as Cognito does without a Lambda trigger', async () => {
    const response = await identityCall(server.base, 'benutzer', 'InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: 'kundenportal-web',
      AuthParameters: { USERNAME: 'anna.schmidt@beispiel.example' },
    });
    expect(response.body['__type']).toBe('InvalidParameterException');
  });

  it('refuses a client id of another pool', async () => {
    const response = await identityCall(server.base, 'benutzer', 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: 'vermittlerportal-web',
      AuthParameters: { USERNAME: 'anna.schmidt@beispiel.example', SRP_A: 'abc' },
    });
    expect(response.body['__type']).toBe('ResourceNotFoundException');
  });
});

describe('the new-password challenge', () => {
  it('asks for a new password and the nickname, then signs in with the new one', async () => {
    const outcome = await signIn(customers, 'jonas.wagner@beispiel.example', DEMO_START_PASSWORD);
    if (outcome.kind !== 'newPassword') throw new Error(JSON.stringify(outcome));
    expect(outcome.required).toEqual(['nickname']);
    expect(outcome.attributes['email']).toBe('jonas.wagner@beispiel.example');
    const session = await new Promise<string>((resolve, reject) => {
      outcome.user.completeNewPasswordChallenge(
        'Neues-Passwort-7',
        { nickname: 'Jonas' },
        {
          onSuccess: (result) => resolve(result.getIdToken().getJwtToken()),
          onFailure: reject,
        },
      );
    });
    expect(jwtPayload(session)['nickname']).toBe('Jonas');
    expect(
      (await signIn(customers, 'jonas.wagner@beispiel.example', 'Neues-Passwort-7')).kind,
    ).toBe('success');
    expect(
      (await signIn(customers, 'jonas.wagner@beispiel.example', DEMO_START_PASSWORD)).kind,
    ).toBe('failure');
  });

  it('refuses the new password without a nickname', async () => {
    const username = await createUser('Start-Passwort-9', 'FORCE_CHANGE_PASSWORD');
    const outcome = await signIn(customers, username, 'Start-Passwort-9');
    if (outcome.kind !== 'newPassword') throw new Error(JSON.stringify(outcome));
    const error = await new Promise<{ code: string }>((resolve) => {
      outcome.user.completeNewPasswordChallenge(
        'Neues-Passwort-8',
        {},
        {
          onSuccess: () => resolve({ code: 'none' }),
          onFailure: resolve,
        },
      );
    });
    expect(error.code).toBe('InvalidParameterException');
  });
});

describe('a signed-in session', () => {
  async function signedIn(): Promise<{ user: CognitoUser; username: string; password: string }> {
    const password = randomPassword();
    const username = await createUser(password);
    const outcome = await signIn(customers, username, password);
    if (outcome.kind !== 'success') throw new Error(JSON.stringify(outcome));
    return { user: outcome.user, username, password };
  }

  it('refreshes its tokens and keeps the refresh token the server left out', async () => {
    const { user } = await signedIn();
    const before = user.getSignInUserSession();
    if (!before) throw new Error('no session');
    const after = await call<CognitoUserSession>((done) =>
      user.refreshSession(before.getRefreshToken(), done),
    );
    expect(after.getAccessToken().getJwtToken()).not.toBe(before.getAccessToken().getJwtToken());
    expect(after.getRefreshToken().getToken()).toBe(before.getRefreshToken().getToken());
    expect(jwtPayload(after.getAccessToken().getJwtToken())['origin_jti']).toBe(
      jwtPayload(before.getAccessToken().getJwtToken())['origin_jti'],
    );
  });

  it('reads the user attributes and changes the password', async () => {
    const { user, username, password } = await signedIn();
    const attributes = await call<{ getName(): string; getValue(): string }[]>((done) =>
      user.getUserAttributes(done),
    );
    expect(attributes.find((a) => a.getName() === 'email')?.getValue()).toBe(username);
    const wrong = await call((done) =>
      user.changePassword('Falsch-Passwort-1', 'Anders-Passwort-2', done),
    ).catch((error: { code: string }) => error.code);
    expect(wrong).toBe('NotAuthorizedException');
    await call((done) => user.changePassword(password, 'Anders-Passwort-2', done));
    expect((await signIn(customers, username, 'Anders-Passwort-2')).kind).toBe('success');
    expect((await signIn(customers, username, password)).kind).toBe('failure');
  });

  it('stops working everywhere after a global sign-out', async () => {
    const { user } = await signedIn();
    const session = user.getSignInUserSession();
    if (!session) throw new Error('no session');
    const access = session.getAccessToken().getJwtToken();
    const contracts = () =>
      fetch(`${server.base}/api/vertrag/vertrag/findByPartnerNummer/2000101`, {
        headers: { Authorization: `Bearer ${access}` },
      });
    expect((await contracts()).status).toBe(200);
    await new Promise<void>((resolve, reject) =>
      user.globalSignOut({ onSuccess: () => resolve(), onFailure: reject }),
    );
    expect((await contracts()).status).toBe(401);
    const getUser = await identityCall(server.base, 'benutzer', 'GetUser', { AccessToken: access });
    expect(getUser.body['__type']).toBe('NotAuthorizedException');
    const refreshed = await identityCall(server.base, 'benutzer', 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'kundenportal-web',
      AuthParameters: { REFRESH_TOKEN: session.getRefreshToken().getToken() },
    });
    expect(refreshed.body['__type']).toBe('NotAuthorizedException');
  });
});

describe('password forgotten', () => {
  const outbox = async (username: string) =>
    (await (
      await fetch(`${server.base}/api/identity/dev/outbox?username=${encodeURIComponent(username)}`)
    ).json()) as {
      code: string;
      purpose: string;
    }[];

  it('mails a code to the outbox and sets the new password with it', async () => {
    const username = await createUser('Alt-Passwort-1');
    const { CognitoUser } = await import('amazon-cognito-identity-js');
    const user = new CognitoUser({ Username: username, Pool: customers });
    const details = await new Promise<unknown>((resolve, reject) =>
      user.forgotPassword({ onSuccess: resolve, onFailure: reject }),
    );
    expect(details).toMatchObject({
      CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: 't***@b***' },
    });
    const [message] = await outbox(username);
    expect(message?.purpose).toBe('FORGOT_PASSWORD');
    const wrong = await new Promise<string>((resolve) =>
      user.confirmPassword('000000' === message?.code ? '111111' : '000000', 'Neu-Passwort-1', {
        onSuccess: () => resolve('ok'),
        onFailure: (error: Error) => resolve((error as Error & { code?: string }).code ?? ''),
      }),
    );
    expect(wrong).toBe('CodeMismatchException');
    await new Promise((resolve, reject) =>
      user.confirmPassword(message?.code ?? '', 'Neu-Passwort-1', {
        onSuccess: resolve,
        onFailure: reject,
      }),
    );
    expect((await signIn(customers, username, 'Neu-Passwort-1')).kind).toBe('success');
  });

  it('answers an unknown user like a known one and sends nothing', async () => {
    const response = await identityCall(server.base, 'benutzer', 'ForgotPassword', {
      ClientId: 'kundenportal-web',
      Username: 'niemand@beispiel.example',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } });
    expect(await outbox('niemand@beispiel.example')).toEqual([]);
  });
});

describe('registration of a customer', () => {
  it('registers with partner number and e-mail on file and confirms with the mailed code', async () => {
    const { CognitoUserAttribute } = await import('amazon-cognito-identity-js');
    const email = 'kontakt@schneider-gastro.example';
    const result = await call<{ userConfirmed: boolean }>((done) =>
      customers.signUp(
        email,
        'Gastro-Passwort-1',
        [
          new CognitoUserAttribute({ Name: 'email', Value: email }),
          new CognitoUserAttribute({ Name: 'custom:partnernummer', Value: '4000102' }),
        ],
        [],
        done,
      ),
    );
    expect(result.userConfirmed).toBe(false);
    // Before the code comes back there is no account: the answer of a wrong password.
    expect(await signIn(customers, email, 'Gastro-Passwort-1')).toMatchObject({
      code: 'NotAuthorizedException',
    });
    const messages = (await (
      await fetch(`${server.base}/api/identity/dev/outbox?username=${email}`)
    ).json()) as {
      code: string;
    }[];
    const { CognitoUser } = await import('amazon-cognito-identity-js');
    await call((done) =>
      new CognitoUser({ Username: email, Pool: customers }).confirmRegistration(
        messages[0]?.code ?? '',
        false,
        done,
      ),
    );
    expect((await signIn(customers, email, 'Gastro-Passwort-1')).kind).toBe('success');
  });

  it('answers a partner number that does not match the e-mail like one that does, and sends nothing', async () => {
    const response = await identityCall(server.base, 'benutzer', 'SignUp', {
      ClientId: 'kundenportal-web',
      Username: 'fremd@beispiel.example',
      Password: 'Irgendein-Kennwort-1',
      UserAttributes: [{ Name: 'custom:partnernummer', Value: '2000101' }],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ UserConfirmed: false });
    const messages = (await (
      await fetch(`${server.base}/api/identity/dev/outbox?username=fremd@beispiel.example`)
    ).json()) as unknown[];
    expect(messages).toEqual([]);
  });
});
