import { sql } from 'drizzle-orm';
import { queryRows } from '../claims/sql.ts';
import type { Db } from '../db/database.ts';

/** A new upload slot as the upload route answers it. */
export interface OpenedSlot {
  id: string;
  name: string;
  expiresAt: Date;
}

interface SlotRow extends Record<string, unknown> {
  id: string;
  name: string;
  expires_at: Date | string;
}

/**
 * Opens an upload slot for `principal` unless it already holds `maxCount` slots that are open or
 * filled and not expired; null then. The count and the insert are one statement, and a
 * transaction lock per principal (taken first, held to the end of the caller's transaction) orders
 * concurrent slots of one principal: each statement starts after the previous slot is committed
 * and counts it, so 40 concurrent requests open exactly `maxCount` slots, on PostgreSQL too.
 * Nothing is written to storage here; a refused upload leaves nothing behind.
 */
export async function openSlot(
  db: Db,
  principal: string,
  config: { maxCount: number },
  slot: { name: string; storageKey: string; expiresAt: Date },
): Promise<OpenedSlot | null> {
  return db.transaction(async (tx) => {
    const inTx = tx as unknown as Db;
    await inTx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`uploads:${principal}`}, 0))`,
    );
    const [row] = await queryRows<SlotRow>(
      inTx,
      sql`INSERT INTO uploads (principal, name, storage_key, expires_at)
          SELECT ${principal}, ${slot.name}, ${slot.storageKey}, ${slot.expiresAt.toISOString()}
          WHERE (SELECT count(*) FROM uploads
                 WHERE principal = ${principal} AND state IN ('offen', 'hochgeladen')
                   AND expires_at > now()) < ${config.maxCount}
          RETURNING id, name, expires_at`,
    );
    return row ? { id: row.id, name: row.name, expiresAt: new Date(row.expires_at) } : null;
  });
}
