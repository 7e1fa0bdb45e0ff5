import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import {
  DATABASE_URL,
  openTestDatabase,
  TODAY,
  type TestDatabase,
} from './helpers/testDatabase.ts';

// Two server processes over one database (on PostgreSQL each with its own connection pool; PGlite
// is one connection in one process, so both share it) and a clock the test moves.
let db: TestDatabase;
let second: Database;
let first: FastifyInstance;
let other: FastifyInstance;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

async function server(database: Database, seed: boolean): Promise<FastifyInstance> {
  const app = await buildServer({
    database,
    seed,
    testAuth: true,
    today: () => TODAY,
    clock,
    trustProxy: '127.0.0.1',
    identity: { now: () => clock().getTime(), throttleWindowSeconds: 240 },
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  // The first server migrates and seeds with TODAY: the run's template holds the same data.
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

const credential = (text: string) => `Custom ${Buffer.from(text, 'utf8').toString('base64')}`;
/** A claim look-up from a client address (sent through the trusted proxy 127.0.0.1). */
const lookUp = (app: FastifyInstance, text: string, client: string) =>
  app.inject({
    method: 'GET',
    url: '/api/schadenmeldung/vertrag?marke=hfk',
    remoteAddress: '127.0.0.1',
    headers: { authorization: credential(text), 'x-forwarded-for': client },
  });

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The SRP client's TIMESTAMP (`ddd MMM D HH:mm:ss UTC YYYY`) of the test clock. */
function srpTimestamp(): string {
  const d = clock();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${WEEKDAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}

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
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

/** Starts a sign-in (InitiateAuth) and returns its secret block. */
async function challenge(app: FastifyInstance, username: string, client: string): Promise<string> {
  const started = await identity(
    app,
    'InitiateAuth',
    {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: 'kundenportal-web',
      AuthParameters: { USERNAME: username, SRP_A: randomBytes(256).toString('hex') },
    },
    client,
  );
  const parameters = started.body['ChallengeParameters'] as Record<string, string> | undefined;
  return parameters?.['SECRET_BLOCK'] ?? '';
}

/** Answers a challenge with a wrong password (a signature that cannot match). */
const wrongPassword = (app: FastifyInstance, username: string, secret: string, client: string) =>
  identity(
    app,
    'RespondToAuthChallenge',
    {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: 'kundenportal-web',
      ChallengeResponses: {
        USERNAME: username,
        PASSWORD_CLAIM_SECRET_BLOCK: secret,
        TIMESTAMP: srpTimestamp(),
        PASSWORD_CLAIM_SIGNATURE: randomBytes(32).toString('base64'),
      },
    },
    client,
  );

const INCORRECT = 'Incorrect username or password.';
const EXCEEDED = 'Password attempts exceeded';

describe('the claim look-up throttle', () => {
  it('checks at most ten of 60 concurrent wrong look-ups from one client, on two servers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        lookUp(
          i % 2 ? other : first,
          `HFK-2000${String(i).padStart(4, '0')}:X:1970-01-01`,
          '10.1.0.1',
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
    const refused = answers.find((a) => a.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('limits one contract from 40 addresses, and the right answer waits a minute at most', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        lookUp(
          i % 2 ? other : first,
          `HFK-20000101:Müller:1968-01-${String((i % 28) + 1).padStart(2, '0')}`,
          `10.2.0.${i}`,
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 404).length).toBeLessThanOrEqual(10);
    const right = await lookUp(first, 'HFK-20000101:Müller:1968-07-22', '10.2.1.1');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The customer's own look-up on another contract is not touched, and a minute later theirs works.
    expect((await lookUp(first, 'HFK-20000102:Müller:1968-07-22', '10.2.1.1')).statusCode).toBe(
      200,
    );
    offsetMs += 61_000;
    const later = await lookUp(other, 'HFK-20000101:Müller:1968-07-22', '10.2.1.2');
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ versicherung: 'PHV' });
  });

  it('tells clients behind the trusted proxy apart by X-Forwarded-For', async () => {
    for (let i = 0; i < 10; i++) await lookUp(first, 'AS-99999999:X:1970-01-01', '10.3.0.1');
    expect((await lookUp(first, 'AS-99999998:X:1970-01-01', '10.3.0.1')).statusCode).toBe(429);
    expect((await lookUp(first, 'AS-99999998:X:1970-01-01', '10.3.0.2')).statusCode).toBe(404);
  });
});

describe('the sign-in throttle', () => {
  it('checks at most ten of 40 concurrent wrong passwords for one account, on two servers', async () => {
    const username = 'klaus.mueller@beispiel.example';
    const secrets = await Promise.all(
      Array.from({ length: 40 }, (_, i) => challenge(i % 2 ? other : first, username, '10.4.0.1')),
    );
    expect(secrets.every((secret) => secret.length > 20)).toBe(true);
    const answers = await Promise.all(
      secrets.map((secret, i) =>
        wrongPassword(i % 2 ? other : first, username, secret, '10.4.0.1'),
      ),
    );
    const messages = answers.map((a) => a.body['message']);
    expect(messages.filter((m) => m === INCORRECT).length).toBeLessThanOrEqual(10);
    expect(messages.filter((m) => m === EXCEEDED).length).toBeGreaterThanOrEqual(30);
    expect(messages.every((m) => m === INCORRECT || m === EXCEEDED)).toBe(true);
  }, 60_000);

  it('costs the same for an unknown user as for a wrong password (paired median within 2 ms or 10 %)', async () => {
    const known = 'julia.fischer@beispiel.example';
    const unknown = 'niemand.hier@beispiel.example';
    const timeOf = async (username: string, client: string): Promise<number> => {
      // A client per try and a minute between tries, so the throttle never answers in place
      // of the check (the account takes one attempt a minute once it reached its limit).
      offsetMs += 61_000;
      const started = performance.now();
      const secret = await challenge(first, username, client);
      const answer = await wrongPassword(first, username, secret, client);
      const ms = performance.now() - started;
      expect(answer.body['message']).toBe(INCORRECT);
      return ms;
    };
    const knownTimes: number[] = [];
    const differences: number[] = [];
    for (let round = 0; round < 44; round++) {
      // Each round times both, in turn first: a pair sees the same load, so the differences of
      // the pairs cancel what a busy machine adds to both.
      const order = round % 2 ? [known, unknown] : [unknown, known];
      const ms: Record<string, number> = {};
      for (const username of order)
        ms[username] = await timeOf(username, `10.5.${round}.${username === known ? 1 : 2}`);
      if (round < 4) continue; // the first rounds warm up
      knownTimes.push(ms[known] ?? 0);
      differences.push((ms[known] ?? 0) - (ms[unknown] ?? 0));
    }
    const median = (list: number[]) =>
      [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    expect(differences).toHaveLength(40);
    // A skipped password check would differ by the whole check (tens of ms) in every pair.
    expect(Math.abs(median(differences))).toBeLessThan(Math.max(2, median(knownTimes) * 0.1));
  }, 120_000);
});
