import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerOptions } from '../../../apps/server/src/app.ts';
import {
  openDatabase,
  quoteIdent,
  type Database,
  type OpenDatabaseOptions,
} from '../../../apps/server/src/db/database.ts';

/** The fixed "today" of the server tests (seed dates and effective dates are relative to it). */
export const TODAY = '2025-06-15';

/** Where the tests run: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const DATABASE_URL = process.env['DATABASE_URL'] || undefined;

/** A database of one test file, with what reopening and cleaning up it needs. */
export interface TestDatabase {
  database: Database;
  /** Options that open the same data again (a restart). */
  reopenOptions: OpenDatabaseOptions;
  /** Closes and removes it. */
  cleanup(): Promise<void>;
}

/**
 * Opens an empty database for one test file: on PostgreSQL a fresh schema of its own (files run in
 * parallel), on PGlite an in-memory instance or, with `dataDir`, one on disk.
 */
export async function openTestDatabase(options: { dataDir?: string } = {}): Promise<TestDatabase> {
  if (!DATABASE_URL) {
    const reopenOptions = { dataDir: options.dataDir ?? 'memory://' };
    const database = await openDatabase(reopenOptions);
    let closed = false;
    return {
      database,
      reopenOptions,
      cleanup: async () => {
        if (!closed) await database.close().catch(() => undefined);
        closed = true;
      },
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE SCHEMA ${quoteIdent(schema)}`);
  const reopenOptions = { url: DATABASE_URL, searchPath: schema, poolSize: 20 };
  const database = await openDatabase(reopenOptions);
  return {
    database,
    reopenOptions,
    cleanup: async () => {
      await database.close().catch(() => undefined);
      await adminQuery(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A server over a fresh, migrated and seeded test database with test authentication. */
export interface TestServer {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

/** Starts a server for one test file. */
export async function startTestServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const db = await openTestDatabase();
  const app = await buildServer({
    database: db.database,
    seed: true,
    testAuth: true,
    today: () => TODAY,
    ...options,
  });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.cleanup();
    },
  };
}

/** Headers of a signed-in customer. */
export const asCustomer = (partnerNummer: string) => ({ 'x-test-partner': partnerNummer });

/** Headers of a signed-in agent. */
export const asAgent = (vermittlerNummer: string) => ({ 'x-test-vermittler': vermittlerNummer });
