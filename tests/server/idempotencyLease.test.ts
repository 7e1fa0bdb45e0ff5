import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import type { Db } from '../../apps/server/src/db/database.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { withIdempotency } from '../../apps/server/src/idempotency/guard.ts';
import { requestHash } from '../../apps/server/src/idempotency/idempotency.ts';
import { antworten, applicationApi, startApplicationServer } from './helpers/applications.ts';
import { DATABASE_URL, openTestDatabase, type TestServer } from './helpers/testDatabase.ts';

// A running key's lease: what a request that died with its process leaves behind (its claim
// committed, its work rolled back with the connection) is taken over once the lease has lapsed,
// by the server's clock (injected here), and the work runs once.

let server: TestServer;
let clock = new Date();
beforeAll(async () => {
  server = await startApplicationServer(undefined, {
    clock: () => clock,
    idempotency: { leaseSeconds: 30 },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { apply, countApplications } = applicationApi(() => server);
const body = { variante: 'customer', antworten };

/** Leaves the key as a server killed during its request leaves it: claimed, running, no work. */
async function crashedClaim(key: string): Promise<void> {
  const hash = requestHash({ method: 'POST', route: 'antrag/fahrrad', id: '', body });
  await server.db.database.db.execute(
    sql`INSERT INTO idempotency_keys (principal, key, request_hash)
        VALUES ('oeffentlich', ${key}, ${hash})`,
  );
}

describe('a key whose request died with its process', () => {
  it('answers 409 while its lease holds, then runs the work once for the retry', async () => {
    await crashedClaim('abgestuerzt-1');
    const before = await countApplications();
    clock = new Date();
    const early = await apply(body, { 'idempotency-key': 'abgestuerzt-1' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      error: 'conflict',
      message: 'Diese Anfrage wird gerade schon bearbeitet.',
    });

    // 31 seconds later by the server's clock the lease (30 s from the claim) has lapsed.
    clock = new Date(Date.now() + 31_000);
    const retry = await apply(body, { 'idempotency-key': 'abgestuerzt-1' });
    expect(retry.statusCode).toBe(201);
    const again = await apply(body, { 'idempotency-key': 'abgestuerzt-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retry.json());
    expect(await countApplications()).toBe(before + 1);
  });

  it('is taken over by one of many concurrent retries; the others answer 409 or the replay', async () => {
    await crashedClaim('abgestuerzt-2');
    const before = await countApplications();
    clock = new Date(Date.now() + 31_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => apply(body, { 'idempotency-key': 'abgestuerzt-2' })),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThan(0);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect(
      new Set(created.map((a) => a.json<{ antragsnummer: string }>().antragsnummer)).size,
    ).toBe(1);
    expect(await countApplications()).toBe(before + 1);
  });

  it('another body with the key still gets 422 after the lease, and takes nothing over', async () => {
    await crashedClaim('abgestuerzt-3');
    clock = new Date(Date.now() + 31_000);
    const other = await apply(
      { ...body, antworten: { ...antworten, zahlweise: { zahlweise: 'JAEHRLICH' } } },
      { 'idempotency-key': 'abgestuerzt-3' },
    );
    expect(other.statusCode).toBe(422);
  });
});

// Two connections are needed for a claim to lapse while its work still runs: PGlite runs one
// statement at a time, so there the first request finishes before the second is claimed.
describe.runIf(DATABASE_URL)('a claim whose lease lapsed while its work still ran', () => {
  it('cannot commit its work once a retry took the key over: the work is written once', async () => {
    const testDb = await openTestDatabase();
    await migrate(testDb.database);
    const db = testDb.database.db;
    let now = new Date();
    const gates: (() => void)[] = [];
    const app = Fastify();
    app.post('/werk', (request, reply) =>
      withIdempotency(
        {
          store: { db, leaseSeconds: 30, now: () => now },
          request,
          reply,
          identity: null,
          route: 'werk',
          id: '',
          body: request.body,
        },
        async (tx: Db) => {
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`INSERT INTO audit_log (actor_role, actor_id, action, entity, entity_id)
                VALUES ('oeffentlich', 'test', 'werk', 'werk', 'werk') RETURNING id`,
          );
          await new Promise<void>((resolve) => gates.push(resolve));
          return { status: 201, body: { id: row?.id } };
        },
      ),
    );
    /** Waits (at most 5 s) until `n` works wait at their gates. */
    const runningWorks = async (n: number) => {
      for (let i = 0; i < 1_000 && gates.length < n; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(gates.length).toBe(n);
    };
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/werk',
        headers: { 'idempotency-key': 'langsam' },
        payload: { wert: 1 },
      });
    try {
      const first = post();
      await runningWorks(1);
      now = new Date(now.getTime() + 31_000);
      const second = post();
      await runningWorks(2);
      gates[1]?.();
      const secondAnswer = await second;
      gates[0]?.();
      const firstAnswer = await first;
      expect(secondAnswer.statusCode).toBe(201);
      expect(firstAnswer.statusCode).toBe(201);
      expect(firstAnswer.headers['idempotent-replayed']).toBe('true');
      expect(firstAnswer.json()).toEqual(secondAnswer.json());
      const rows = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'werk'`,
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await app.close();
      await testDb.cleanup();
    }
  });
});
