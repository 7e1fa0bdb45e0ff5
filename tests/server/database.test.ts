import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { migrate, readMigrations } from '../../apps/server/src/db/migrate.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import {
  contracts,
  contractTasks,
  partners,
  pendingChanges,
  VERTRAGSSTATUS,
} from '../../apps/server/src/db/schema/index.ts';
import { SPEC_PRODUCTS } from '../support/specProducts.ts';
import { isEmpty, seedDatabase } from '../../apps/server/src/seed/seed.ts';
import { openTestDatabase, TODAY, type TestDatabase } from './helpers/testDatabase.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(async () => {
  await testDb.cleanup();
});

const tables = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [value] : []));

/** Rows of a raw query (catalogue look-ups the query builder does not cover). */
async function rawRows<T extends Record<string, unknown>>(text: string): Promise<T[]> {
  return testDb.database.withExclusiveSession((session) => session.query<T>(text));
}

describe('migrations', () => {
  it('apply every file in order and record each in schema_migrations', async () => {
    const applied = await migrate(testDb.database);
    expect(applied).toEqual(readMigrations().map((migration) => migration.name));
    const rows = await rawRows<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(rows.map((row) => row.name)).toEqual(applied);
  });

  it('apply nothing the second time', async () => {
    expect(await migrate(testDb.database)).toEqual([]);
  });

  it('refuse a recorded migration whose file was changed', async () => {
    const changed = readMigrations().map((migration, index) =>
      index === 0 ? { ...migration, checksum: 'x' } : migration,
    );
    await expect(migrate(testDb.database, changed)).rejects.toThrow(/verändert/);
  });

  it('roll a failing migration back completely', async () => {
    const broken = [
      ...readMigrations(),
      {
        name: '9999_broken.sql',
        sql: 'CREATE TABLE half_done (id int); SELECT nope;',
        checksum: 'b',
      },
    ];
    await expect(migrate(testDb.database, broken)).rejects.toThrow();
    const found = await rawRows<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'half_done' AND table_schema = current_schema()",
    );
    expect(found[0]?.n).toBe(0);
    expect(await migrate(testDb.database)).toEqual([]);
  });

  it('create every column the drizzle schema describes', async () => {
    const result = await rawRows<{ table_name: string; column_name: string }>(
      'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()',
    );
    const existing = new Set(result.map((row) => `${row.table_name}.${row.column_name}`));
    expect(tables.length).toBeGreaterThanOrEqual(15);
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns)
        expect(existing, `${config.name}.${column.name}`).toContain(
          `${config.name}.${column.name}`,
        );
    }
  });
});

describe('seed', () => {
  it('writes the demo data into an empty database and nothing into a filled one', async () => {
    expect(await isEmpty(testDb.database.db)).toBe(true);
    const first = await seedDatabase(testDb.database.db, { today: TODAY });
    expect(first).toMatchObject({ seeded: true, partners: 11, agents: 10 });
    const again = await seedDatabase(testDb.database.db, { today: TODAY });
    expect(again.seeded).toBe(false);
    const [row] = await testDb.database.db.select({ n: count() }).from(partners);
    expect(row?.n).toBe(11);
  });

  it('has customers of every brand, contracts of every product and every status', async () => {
    const rows = await testDb.database.db.select().from(contracts);
    expect(new Set(rows.map((row) => row.produkt))).toEqual(new Set(SPEC_PRODUCTS));
    expect(new Set(rows.map((row) => row.vertragsstatus))).toEqual(new Set(VERTRAGSSTATUS));
    expect(new Set(rows.map((row) => row.brand))).toEqual(
      new Set(['andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch']),
    );
    expect(
      rows.filter((row) => row.mahnung && row.bankverbindung === null).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('has pending changes in the future and open revenue tasks', async () => {
    const pending = await testDb.database.db.select().from(pendingChanges);
    expect(pending.length).toBeGreaterThanOrEqual(4);
    for (const change of pending) expect(change.wirksamAb > TODAY).toBe(true);
    const open = await testDb.database.db
      .select()
      .from(contractTasks)
      .where(eq(contractTasks.status, 'Offen'));
    expect(open.length).toBeGreaterThanOrEqual(2);
  });

  it('has the hfk PHV, HAUSRAT and BHV contracts of the claim entry with known names and birth dates', async () => {
    const rows = await testDb.database.db
      .select({
        nr: contracts.versicherungsNummer,
        produkt: contracts.produkt,
        nachname: partners.nachname,
        geburtsdatum: partners.geburtsdatum,
      })
      .from(contracts)
      .innerJoin(partners, eq(partners.partnerNummer, contracts.partnerNummer))
      .where(eq(contracts.brand, 'hfk'));
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          nr: 'HFK-20000101',
          produkt: 'PRIVATHAFTPFLICHT',
          nachname: 'Müller',
          geburtsdatum: '1968-07-22',
        },
        { nr: 'HFK-20000102', produkt: 'HAUSRAT', nachname: 'Müller', geburtsdatum: '1968-07-22' },
        { nr: 'HFK-20000201', produkt: 'BHV_2', nachname: 'Hoffmann', geburtsdatum: '1979-11-05' },
      ]),
    );
  });
});
