import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { partners } from '../../apps/server/src/db/schema/index.ts';
import { passwordMatches } from '../../apps/server/src/identity/srp.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/identityUsers.ts';
import { signIn, userPool } from './identityHelpers.ts';
import {
  DATABASE_URL,
  openTestDatabase,
  TODAY,
  type TestDatabase,
} from './helpers/testDatabase.ts';

// Registration of a customer: it tells a stranger nothing about which e-mail address and partner
// number belong together, the account exists only once the code sent to the address on file
// comes back, it is throttled per client and per partner number, and concurrent registrations
// never answer 500. Two server processes over one database (on PostgreSQL each with its own
// pool; PGlite is one connection, where the race of concurrent registrations cannot show).

let db: TestDatabase;
let second: Database;
let first: FastifyInstance;
let other: FastifyInstance;
/** A server with the default throttle limits (the others allow 1000 failures). */
let strict: FastifyInstance;
let base = '';

async function server(database: Database, seed: boolean, maxFailures?: number) {
  const app = await buildServer({
    database,
    seed,
    migrate: seed,
    today: () => TODAY,
    trustProxy: '127.0.0.1',
    identity: maxFailures ? { maxFailures } : {},
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  db = await openTestDatabase({ template: true });
  first = await server(db.database, true, 1000);
  second = DATABASE_URL ? await openDatabase(db.reopenOptions) : db.database;
  other = await server(second, false, 1000);
  strict = await server(db.database, false);
  await first.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(first.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await Promise.all([other.close(), first.close(), strict.close()]);
  if (second !== db.database) await second.close();
  await db.cleanup();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** An identity operation from a client address (through the trusted proxy 127.0.0.1). */
async function identity(
  app: FastifyInstance,
  operation: string,
  body: object,
  client: string,
): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/identity/benutzer/',
    remoteAddress: '127.0.0.1',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      'x-forwarded-for': client,
    },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const register = (
  app: FastifyInstance,
  email: string,
  partnerNummer: string,
  password: string,
  client: string,
) =>
  identity(
    app,
    'SignUp',
    {
      ClientId: 'kundenportal-web',
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'custom:partnernummer', Value: partnerNummer },
      ],
    },
    client,
  );

const confirm = (email: string, code: string, client: string) =>
  identity(
    first,
    'ConfirmSignUp',
    { ClientId: 'kundenportal-web', Username: email, ConfirmationCode: code },
    client,
  );

let partnerCount = 0;
/** A customer of the insurer without an account: the partner record with an e-mail on file. */
async function customerOnFile(): Promise<{ email: string; partnerNummer: string }> {
  partnerCount += 1;
  const partnerNummer = `77${String(partnerCount).padStart(5, '0')}`;
  const email = `kunde.${partnerNummer}@beispiel.example`;
  await db.database.db.insert(partners).values({
    partnerNummer,
    brand: 'andsafe',
    kundentyp: 'PRIVAT',
    vorname: 'Test',
    nachname: `Kunde ${partnerNummer}`,
    email,
    strasse: 'Teststraße',
    hausnummer: '1',
    plz: '24103',
    ort: 'Kiel',
  });
  return { email, partnerNummer };
}

/** The outbox messages "sent" for a user name, newest first. */
const outbox = (username: string) =>
  queryRows<{ code: string; purpose: string; destination: string }>(
    db.database.db,
    sql`SELECT code, purpose, destination FROM identity_outbox
        WHERE username = ${username} ORDER BY id DESC`,
  );

async function signsIn(email: string, password: string): Promise<string> {
  const outcome = await signIn(await userPool(base, 'benutzer'), email, password);
  return outcome.kind === 'failure' ? outcome.code : outcome.kind;
}

/** The shape of an answer without its random parts. */
const shape = (answer: Answer) => ({
  status: answer.status,
  keys: Object.keys(answer.body).sort(),
  userConfirmed: answer.body['UserConfirmed'],
  delivery: answer.body['CodeDeliveryDetails'],
});

describe('concurrent registrations of one customer', () => {
  it('answer 20 at once alike and never 500; the newest code confirms one of their passwords', async () => {
    const { email, partnerNummer } = await customerOnFile();
    const passwords = Array.from({ length: 20 }, (_, i) => `Gleichzeitig-${i}-Kiel`);
    const answers = await Promise.all(
      passwords.map((password, i) =>
        register(i % 2 ? other : first, email, partnerNummer, password, `10.9.0.${i}`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(passwords.map(() => 200));
    expect(new Set(answers.map((answer) => JSON.stringify(shape(answer)))).size).toBe(1);
    const [newest] = await outbox(email);
    expect(await confirm(email, newest?.code ?? '', '10.9.1.1')).toMatchObject({ status: 200 });
    const [account] = await queryRows<{ salt_hex: string; verifier_hex: string }>(
      db.database.db,
      sql`SELECT salt_hex, verifier_hex FROM identity_users WHERE username = ${email}`,
    );
    const matching = passwords.filter((password) =>
      passwordMatches(
        'Benutzer',
        email,
        password,
        account?.salt_hex ?? '',
        account?.verifier_hex ?? '',
      ),
    );
    expect(matching).toHaveLength(1);
    expect(await signsIn(email, matching[0] ?? '')).toBe('success');
  }, 60_000);
});

describe('a registration tells a stranger nothing', () => {
  it('answers an e-mail address with 29 wrong partner numbers and the right one alike', async () => {
    const email = 'anna.schmidt@beispiel.example';
    const numbers = [
      '2000101', // Anna's own (she has an account)
      '3000101', // another customer's
      ...Array.from({ length: 28 }, (_, i) => String(8100000 + i)), // nobody's
    ];
    const answers = [];
    for (const [i, number] of numbers.entries()) {
      answers.push(await register(first, email, number, 'Fremdes-Kennwort-42', `10.10.0.${i}`));
    }
    expect(new Set(answers.map((answer) => JSON.stringify(shape(answer)))).size).toBe(1);
    expect(shape(answers[0] as Answer)).toEqual({
      status: 200,
      keys: ['CodeDeliveryDetails', 'UserConfirmed', 'UserSub'],
      userConfirmed: false,
      delivery: { Destination: 'a***@b***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    // Anna's account is untouched; she gets a notice, no code.
    expect(await signsIn(email, DEMO_PASSWORD)).toBe('success');
    expect(await signsIn(email, 'Fremdes-Kennwort-42')).toBe('NotAuthorizedException');
    const [notice] = await outbox(email);
    expect(notice).toMatchObject({ purpose: 'SIGN_UP_EXISTS', destination: email, code: '' });
  }, 60_000);

  it('answers an address that is not the one on file like one that is, and sends no code', async () => {
    const { email, partnerNummer } = await customerOnFile();
    const stranger = `fremd.${partnerNummer}@beispiel.example`;
    const right = await register(first, email, partnerNummer, 'Richtiges-Kennwort-7', '10.11.0.1');
    const wrong = await register(first, stranger, partnerNummer, 'Fremdes-Kennwort-7', '10.11.0.2');
    expect({ ...shape(wrong), delivery: undefined }).toEqual({
      ...shape(right),
      delivery: undefined,
    });
    expect(await outbox(stranger)).toEqual([]);
    const [sent] = await outbox(email);
    expect(sent).toMatchObject({ purpose: 'SIGN_UP', destination: email });
  });

  it('lets a stranger who knows both neither sign in nor keep the customer out', async () => {
    const { email, partnerNummer } = await customerOnFile();
    await register(first, email, partnerNummer, 'Des-Fremden-Kennwort-9', '10.12.0.1');
    // Not even "not confirmed": the same answer as a wrong password.
    expect(await signsIn(email, 'Des-Fremden-Kennwort-9')).toBe('NotAuthorizedException');
    // The customer registers after the stranger, gets a code at the address on file and the
    // account with their own password.
    const own = await register(first, email, partnerNummer, 'Meine-eigene-Wahl-2026', '10.12.0.2');
    expect(own.status).toBe(200);
    const [sent] = await outbox(email);
    expect(sent).toMatchObject({ purpose: 'SIGN_UP', destination: email });
    expect(await confirm(email, sent?.code ?? '', '10.12.0.2')).toMatchObject({ status: 200 });
    expect(await signsIn(email, 'Meine-eigene-Wahl-2026')).toBe('success');
    expect(await signsIn(email, 'Des-Fremden-Kennwort-9')).toBe('NotAuthorizedException');
  }, 60_000);
});

describe('the registration throttle', () => {
  it('refuses a client its eleventh registration', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await register(
          strict,
          `x${i}@beispiel.example`,
          `820000${i}`,
          'Ein-Kennwort-42',
          '10.13.0.1',
        ),
      );
    }
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[10]).toMatchObject({
      status: 400,
      body: { __type: 'LimitExceededException' },
    });
  });

  it('refuses a partner number its eleventh registration from any client', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await register(
          strict,
          `y${i}@beispiel.example`,
          '8300000',
          'Ein-Kennwort-42',
          `10.14.0.${i}`,
        ),
      );
    }
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    expect(answers[10]).toMatchObject({
      status: 400,
      body: { __type: 'LimitExceededException' },
    });
  });
});

describe('the password policy', () => {
  it('refuses short, common and name-bearing passwords at registration and reset', async () => {
    const { email, partnerNummer } = await customerOnFile();
    for (const password of ['12345678aA', 'Passwort1234', 'P@ssw0rd1234!', `${email}-2025`]) {
      const answer = await register(first, email, partnerNummer, password, '10.15.0.1');
      expect(answer, password).toMatchObject({
        status: 400,
        body: { __type: 'InvalidPasswordException' },
      });
    }
    const reset = await identity(
      first,
      'ConfirmForgotPassword',
      {
        ClientId: 'kundenportal-web',
        Username: 'anna.schmidt@beispiel.example',
        ConfirmationCode: '123456',
        Password: '12345678aA',
      },
      '10.15.0.2',
    );
    expect(reset).toMatchObject({ status: 400, body: { __type: 'InvalidPasswordException' } });
  });
});
