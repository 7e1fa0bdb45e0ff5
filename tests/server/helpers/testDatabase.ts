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
import { readDatabaseTemplate, TODAY } from './databaseTemplate.ts';

export { TODAY };

/** Where the tests run: PostgreSQL when DATABASE_URL is set, else PGlite. */
export const DATABASE_URL = process.env['DATABASE_URL'] || undefined;

/** A database of one test file, with what reopening and cleaning up it needs. */
export interface TestDatabase {
  database: Database;
  /** Options that open the same data again (a restart). */
  reopenOptions: OpenDatabaseOptions;
  /** Whether it started as a copy of the run's template (migrated, seeded with TODAY). */
  fromTemplate: boolean;
  /** Closes and removes it. */
  cleanup(): Promise<void>;
}

/** Options of {@link openTestDatabase}. */
export interface TestDatabaseOptions {
  /** PGlite: a data directory on disk instead of memory (always empty at first). */
  dataDir?: string;
  /**
   * Start from the run's template when there is one (PGlite in memory): migrated and seeded with
   * TODAY. Only for a caller whose server then migrates and seeds with TODAY anyway, so the data
   * is the same either way; without a template the database is empty as usual.
   */
  template?: boolean;
}

/**
 * Opens a database for one test file: on PostgreSQL a fresh empty schema of its own (files run in
 * parallel); on PGlite an in-memory instance (empty, or with `template` this file's own copy of the
 * run's template) or, with `dataDir`, an empty one on disk.
 */
export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (!DATABASE_URL) {
    const reopenOptions = { dataDir: options.dataDir ?? 'memory://' };
    const template =
      options.template && options.dataDir === undefined ? await readDatabaseTemplate() : undefined;
    const database = await openDatabase(
      template ? { ...reopenOptions, loadDataDir: template } : reopenOptions,
    );
    let closed = false;
    return {
      database,
      reopenOptions,
      fromTemplate: template !== undefined,
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
    fromTemplate: false,
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

/**
 * For each server option: whether a value of it leaves the data a start writes (migrations, the
 * seed with TODAY) as the template holds it. Every option must be listed, so a new one is
 * classified when it is added.
 */
const KEEPS_TEMPLATE_DATA: Record<keyof ServerOptions, (value: unknown) => boolean> = {
  seed: (value) => value === true,
  migrate: (value) => value === true,
  today: () => false,
  database: () => false,
  databaseUrl: () => false,
  dataDir: () => false,
  definitionsRoot: () => false,
  webRoot: () => true,
  logger: () => true,
  logStream: () => true,
  testAuth: () => true,
  authenticate: () => true,
  settleIntervalMs: () => true,
  clock: () => true,
  idempotency: () => true,
  trustProxy: () => true,
  tariffs: () => true,
  identity: () => true,
  loadShedding: () => true,
  localPorts: () => true,
  uploads: () => true,
  s3: () => true,
  documents: () => true,
  savedApplications: () => true,
  lifecycle: () => true,
  metrics: () => true,
};

/** Whether a test server with these options starts with exactly the template's data. */
function startsLikeTemplate(options: Partial<ServerOptions>): boolean {
  return Object.entries(options).every(
    ([key, value]) =>
      value === undefined || KEEPS_TEMPLATE_DATA[key as keyof ServerOptions](value) === true,
  );
}

/**
 * Starts a server for one test file over a migrated database seeded with TODAY: on PGlite a copy
 * of the run's template when the options write the same data, else a fresh database.
 */
export async function startTestServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const db = await openTestDatabase({ template: startsLikeTemplate(options) });
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
