import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import {
  DATABASE_URL,
  openTestDatabase,
  TODAY,
  type TestDatabase,
} from './helpers/testDatabase.ts';

// Codes sent by e-mail (password reset, registration, a new address) allow five tries each, and
// a client gets ten wrong codes per window over all confirm calls. Both hold under concurrency:
// two server processes over one database (on PostgreSQL each with its own pool; PGlite is one
// connection, where a race cannot show).

let db: TestDatabase;
let second: Database;
let first: FastifyInstance;
let other: FastifyInstance;

async function server(database: Database, seed: boolean): Promise<FastifyInstance> {
  const app = await buildServer({
    database,
    seed,
    today: () => TODAY,
    trustProxy: '127.0.0.1',
    identity: {},
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  db = await openTestDatabase({ template: true });
  first = await server(db.database, true);
  second = DATABASE_URL ? await openDatabase(db.reopenOptions) : db.database;
  other = await server(second, false);
}, 60_000);
afterAll(async () => {
  await other.close();
  await first.close();
  if (second !== db.database) await second.close();
  await db.cleanup();
});

/** An identity operation from a client address (through the trusted proxy 127.0.0.1). */
async function identity(app: FastifyInstance, operation: string, body: object, client: string) {
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
  return { status: response.statusCode, type: response.json<{ __type?: string }>().__type };
}

/** The newest code the outbox holds for a user (the mail "sent"). */
async function newestCode(username: string): Promise<string> {
  const [row] = await queryRows<{ code: string }>(
    db.database.db,
    sql`SELECT code FROM identity_outbox WHERE username = ${username} ORDER BY id DESC LIMIT 1`,
  );
  return row?.code ?? '';
}

const confirmReset = (app: FastifyInstance, username: string, code: string, client: string) =>
  identity(
    app,
    'ConfirmForgotPassword',
    {
      ClientId: 'kundenportal-web',
      Username: username,
      ConfirmationCode: code,
      Password: 'Ein-ganz-neues-Passwort-7',
    },
    client,
  );

/** A code that differs from `code` in every digit. */
const wrongCode = (code: string, n: number) =>
  [...code].map((digit, i) => String((Number(digit) + 1 + ((n + i) % 9)) % 10)).join('');

describe('the tries of a reset code', () => {
  it('checks at most five of 60 concurrent wrong codes from 60 clients, and the right one after them is refused', async () => {
    const username = 'julia.fischer@beispiel.example';
    const requested = await identity(
      first,
      'ForgotPassword',
      { ClientId: 'kundenportal-web', Username: username },
      '10.6.0.1',
    );
    expect(requested.status).toBe(200);
    const code = await newestCode(username);
    expect(code).toMatch(/^\d{6}$/);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        confirmReset(i % 2 ? other : first, username, wrongCode(code, i), `10.6.1.${i}`),
      ),
    );
    const types = answers.map((answer) => answer.type);
    expect(types.filter((type) => type === 'CodeMismatchException').length).toBeLessThanOrEqual(5);
    expect(
      types.every((t) => t === 'CodeMismatchException' || t === 'LimitExceededException'),
    ).toBe(true);
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    expect(await confirmReset(first, username, code, '10.6.2.1')).toEqual({
      status: 400,
      type: 'LimitExceededException',
    });
  }, 60_000);
});

describe('the per-client throttle of confirm calls', () => {
  it('refuses a client its eleventh wrong code, over every kind of confirm call', async () => {
    const client = '10.7.0.1';
    for (let n = 0; n < 10; n++) {
      expect(await confirmReset(first, `niemand.${n}@beispiel.example`, '123456', client)).toEqual({
        status: 400,
        type: 'CodeMismatchException',
      });
    }
    expect(await confirmReset(other, 'niemand.10@beispiel.example', '123456', client)).toEqual({
      status: 400,
      type: 'LimitExceededException',
    });
    const signUp = await identity(
      first,
      'ConfirmSignUp',
      {
        ClientId: 'kundenportal-web',
        Username: 'niemand.11@beispiel.example',
        ConfirmationCode: '1',
      },
      client,
    );
    expect(signUp).toEqual({ status: 400, type: 'LimitExceededException' });
    // Another client is not held up.
    expect(await confirmReset(first, 'niemand.12@beispiel.example', '123456', '10.7.0.2')).toEqual({
      status: 400,
      type: 'CodeMismatchException',
    });
  });

  it('does not count a right code against the client', async () => {
    const client = '10.8.0.1';
    const username = 'laura.meyer@beispiel.example';
    for (let n = 0; n < 9; n++) {
      await confirmReset(first, `niemand.${n}@beispiel.example`, '123456', client);
    }
    await identity(
      first,
      'ForgotPassword',
      { ClientId: 'kundenportal-web', Username: username },
      client,
    );
    expect(await confirmReset(first, username, await newestCode(username), client)).toEqual({
      status: 200,
      type: undefined,
    });
    expect(await confirmReset(first, 'niemand.9@beispiel.example', '123456', client)).toEqual({
      status: 400,
      type: 'CodeMismatchException',
    });
  });
});
