import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';
import type { Db } from './queryLayer.ts';
import { attachReadCache, ReadCache, trackWrites } from './readCache.ts';

export type { Db } from './queryLayer.ts';

/** A raw SQL session for migrations: one connection, multi-statement scripts allowed. */
export interface RawSession {
  /** Runs a script of one or more statements without parameters. */
  exec(script: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** An open database: the drizzle handle plus what migrations and shutdown need. */
export interface Database {
  /** `pglite` (embedded, in process) or `postgres` (a server reached through `pg`). */
  kind: 'pglite' | 'postgres';
  /** The query layer every route uses. */
  db: Db;
  /** Runs `work` on one raw connection, holding the migration lock on PostgreSQL. */
  withExclusiveSession<T>(work: (session: RawSession) => Promise<T>): Promise<T>;
  /** Closes the connection(s). */
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball (a template for tests). */
  dumpDataDir?(): Promise<Blob>;
}

/** Where to find the data: a PostgreSQL URL, else a PGlite data directory (or memory). */
export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set PostgreSQL is used. */
  url?: string;
  /** PGlite data directory; `memory://` (or omitted with `memory: true`) keeps it in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (search_path); used by tests to isolate each file. */
  searchPath?: string;
  /** Maximum connections of the PostgreSQL pool (default 10). */
  poolSize?: number;
  /** PGlite in memory only: start from a data directory dumped by `dumpDataDir` (tests' template). */
  loadDataDir?: Blob;
}

/** The default embedded data directory, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.data/pglite';

/** Arbitrary but fixed key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 4_600_001;

/** Opens PostgreSQL when `url` is given, otherwise PGlite on `dataDir` (default `.data/pglite`). */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  return openPglite(options.dataDir ?? DEFAULT_DATA_DIR, options.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (loadDataDir && !inMemory) throw new Error('loadDataDir needs an in-memory database.');
  if (!inMemory) mkdirSync(resolve(dataDir), { recursive: true });
  const client = inMemory
    ? new PGlite(loadDataDir ? { loadDataDir } : {})
    : new PGlite(resolve(dataDir));
  await client.waitReady;
  // This process is the one writer of an embedded database: reads may be kept until a write.
  const cache = new ReadCache();
  const db = drizzlePglite(trackWrites(client, cache), { schema }) as unknown as Db;
  attachReadCache(db, cache);
  const session: RawSession = {
    exec: async (script) => {
      await client.exec(script);
    },
    query: async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
      (await client.query<T>(text, params)).rows,
  };
  return {
    kind: 'pglite',
    db,
    // PGlite is one connection in this process: nothing else can interleave.
    withExclusiveSession: (work) => work(session),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 1_000,
    ...(options.searchPath ? { options: `-c search_path=${quoteIdent(options.searchPath)}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    withExclusiveSession: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          return await work({
            exec: async (script) => {
              await client.query(script);
            },
            query: async <T extends Record<string, unknown>>(
              text: string,
              params: unknown[] = [],
            ) => (await client.query<T>(text, params)).rows,
          });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Quotes an SQL identifier (schema names in search_path). */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
