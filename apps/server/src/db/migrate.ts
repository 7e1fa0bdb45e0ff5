import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

/** The folder of the plain SQL migrations (`NNNN_name.sql`, applied in name order). */
export const MIGRATIONS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'migrations',
);

/** One migration file. */
export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** Reads the migrations of a folder, sorted by name. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction
 * together with its record. Idempotent; on PostgreSQL an advisory lock keeps two starting
 * servers from racing. A recorded migration whose file changed since is refused.
 * Returns the names applied now.
 */
export async function migrate(
  database: Database,
  migrations: Migration[] = readMigrations(),
): Promise<string[]> {
  return database.withExclusiveSession(async (session) => {
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await session.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations',
    );
    const applied = new Map(rows.map((row) => [row.name, row.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const known = applied.get(migration.name);
      if (known !== undefined) {
        if (known !== migration.checksum) {
          throw new Error(`Migration ${migration.name} wurde nach dem Einspielen verändert.`);
        }
        continue;
      }
      await session.exec('BEGIN');
      try {
        await session.exec(migration.sql);
        await session.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
          migration.name,
          migration.checksum,
        ]);
        await session.exec('COMMIT');
      } catch (error) {
        await session.exec('ROLLBACK');
        throw error;
      }
      done.push(migration.name);
    }
    return done;
  });
}
