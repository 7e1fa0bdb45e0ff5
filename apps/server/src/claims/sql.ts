import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** Runs a raw SQL query and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] };
  return result.rows ?? [];
}
