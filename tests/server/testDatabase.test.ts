import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { seedDatabase } from '../../apps/server/src/seed/seed.ts';
import {
  asCustomer,
  DATABASE_URL,
  openTestDatabase,
  startTestServer,
  TODAY,
  type TestDatabase,
  type TestServer,
} from './helpers/testDatabase.ts';

/** Columns a start fills from the clock or at random: they differ between any two starts. */
const VARYING = ['id', 'created_at', 'updated_at', 'last_updated', 'applied_at'];

/** Every table's rows without the varying columns, in a stable order. */
async function contents(database: Database): Promise<Record<string, unknown>> {
  return database.withExclusiveSession(async (session) => {
    const tables = await session.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const result: Record<string, unknown> = {};
    for (const { name } of tables) {
      const [row] = await session.query<{ rows: unknown }>(
        `SELECT coalesce(jsonb_agg(x ORDER BY x::text), '[]'::jsonb) AS rows
         FROM (SELECT to_jsonb(t) - $1::text[] AS x FROM "${name}" t) s`,
        [VARYING],
      );
      result[name] = row?.rows;
    }
    return result;
  });
}

// PGlite only: on PostgreSQL every file starts from an empty schema of its own.
describe.skipIf(DATABASE_URL)('a test server started from the run’s template', () => {
  let fromTemplate: TestServer;
  let fresh: TestDatabase;

  beforeAll(async () => {
    fromTemplate = await startTestServer();
    fresh = await openTestDatabase();
    const app = await buildServer({ database: fresh.database, seed: true, today: () => TODAY });
    await app.close();
  }, 60_000);
  afterAll(async () => {
    await fromTemplate.close();
    await fresh.cleanup();
  });

  it('is a copy of the template, where migrating and seeding change nothing', async () => {
    expect(fromTemplate.db.fromTemplate).toBe(true);
    expect(await migrate(fromTemplate.db.database)).toEqual([]);
    expect(await seedDatabase(fromTemplate.db.database.db, { today: TODAY })).toMatchObject({
      seeded: false,
    });
  });

  it('holds the same rows as a fresh database its start migrated and seeded', async () => {
    expect(await contents(fromTemplate.db.database)).toEqual(await contents(fresh.database));
  });

  it(
    'keeps a write to itself: the next copy starts from the template again',
    { timeout: 60_000 },
    async () => {
      const headers = asCustomer('2000101');
      const changed = await fromTemplate.app.inject({
        method: 'PUT',
        url: '/api/portal/kundendaten/kontaktdaten',
        headers,
        payload: {
          strasse: 'Neue Straße',
          hausnummer: '1',
          plz: '22767',
          ort: 'Hamburg',
          kontaktkanal: 'CHAT',
        },
      });
      expect(changed.statusCode).toBe(200);
      const other = await startTestServer();
      try {
        expect(other.db.fromTemplate).toBe(true);
        const read = await other.app.inject({ url: '/api/portal/kundendaten', headers });
        expect(read.json()).toMatchObject({ kontaktkanal: 'EMAIL', adresse: { ort: 'Berlin' } });
      } finally {
        await other.close();
      }
    },
  );

  it('is not used when an option changes what a start writes', { timeout: 60_000 }, async () => {
    const unseeded = await startTestServer({ seed: false });
    try {
      expect(unseeded.db.fromTemplate).toBe(false);
      // No seed: the demo customer does not exist.
      const read = await unseeded.app.inject({
        url: '/api/portal/kundendaten',
        headers: asCustomer('2000101'),
      });
      expect(read.statusCode).toBe(404);
    } finally {
      await unseeded.close();
    }
  });
});
