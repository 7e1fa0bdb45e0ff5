import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { queryRows } from './sql.ts';

/** At most this many failed look-ups per client in the window, then a wait. */
export const MAX_FAILURES = 10;
/** The window of the throttle, in minutes. */
export const WINDOW_MINUTES = 15;

interface Row extends Record<string, unknown> {
  failures: number | string;
  oldest: string | Date | null;
}

/** Seconds the client must wait before the next look-up, or 0 when it may try now. */
export async function secondsToWait(db: Db, clientKey: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - WINDOW_MINUTES * 60_000);
  const rows = await queryRows<Row>(
    db,
    sql`SELECT count(*) AS failures, min(attempted_at) AS oldest FROM claim_lookup_failures
        WHERE client_key = ${clientKey} AND attempted_at > ${since.toISOString()}`,
  );
  const row = rows[0];
  if (!row || Number(row.failures) < MAX_FAILURES || !row.oldest) return 0;
  const oldest = new Date(row.oldest);
  return Math.max(
    1,
    Math.ceil((oldest.getTime() + WINDOW_MINUTES * 60_000 - now.getTime()) / 1000),
  );
}

/** Records a failed look-up of a client (and forgets failures older than the window). */
export async function recordFailure(db: Db, clientKey: string, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - WINDOW_MINUTES * 60_000);
  await db.execute(
    sql`DELETE FROM claim_lookup_failures WHERE attempted_at < ${cutoff.toISOString()}`,
  );
  await db.execute(
    sql`INSERT INTO claim_lookup_failures (client_key, attempted_at) VALUES (${clientKey}, ${now.toISOString()})`,
  );
}
