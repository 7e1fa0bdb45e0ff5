import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../apps/server/src/db/migrate.ts';
import { openTestDatabase, type TestDatabase } from './helpers/testDatabase.ts';

// Migration 0015 (one open change per contract) must start on a database that already holds two
// changes of one contract (made before the rule): the first stays the open one, the start does
// not fail on the unique index.

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(async () => {
  await testDb.cleanup();
});

const rows = <T extends Record<string, unknown>>(text: string) =>
  testDb.database.withExclusiveSession((session) => session.query<T>(text));

describe('migration 0015 on a database with two changes of one contract', () => {
  it('marks the first as the open change and applies', async () => {
    const before = readMigrations().filter((migration) => migration.name < '0015');
    await migrate(testDb.database, before);
    await rows(`INSERT INTO applications (antragsnummer, brand, produkt, status, owner_role,
                  owner_id, data, submitted_at)
                VALUES
                  ('BW-00000001', 'andsafe', 'BHV', 'submitted', 'benutzer', '2000102',
                   '{"vertrag": {"versicherungsNummer": "AS-10000201"}}', '2025-06-01T10:00:00Z'),
                  ('BW-00000002', 'andsafe', 'BHV', 'submitted', 'benutzer', '2000102',
                   '{"vertrag": {"versicherungsNummer": "AS-10000201"}}', '2025-06-02T10:00:00Z'),
                  ('FA-00000001', 'andsafe', 'FAHRRAD', 'submitted', 'oeffentlich', NULL,
                   '{}', '2025-06-02T10:00:00Z')`);
    expect(await migrate(testDb.database)).toContain('0015_open_contract_changes.sql');
    expect(
      await rows('SELECT antragsnummer, open_change_of FROM applications ORDER BY antragsnummer'),
    ).toEqual([
      { antragsnummer: 'BW-00000001', open_change_of: 'AS-10000201' },
      { antragsnummer: 'BW-00000002', open_change_of: null },
      { antragsnummer: 'FA-00000001', open_change_of: null },
    ]);
  });
});
