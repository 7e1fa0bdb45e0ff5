import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { IdentityConfig } from './config.ts';
import { canonicalUsername } from './errors.ts';
import { identityOutbox, type PoolName } from './schema.ts';

/** One message of the outbox as the dev endpoint lists it. */
export interface OutboxMessage {
  pool: PoolName;
  username: string;
  channel: 'EMAIL' | 'SMS';
  destination: string;
  purpose: string;
  code: string;
  createdAt: string;
}

/** The newest 50 outbox messages, optionally of one user and pool (dev and tests only). */
export async function readOutbox(
  config: IdentityConfig,
  filter: { username?: string; pool?: PoolName },
): Promise<OutboxMessage[]> {
  const conditions: SQL[] = [];
  if (filter.username)
    conditions.push(eq(identityOutbox.username, canonicalUsername(filter.username)));
  if (filter.pool) conditions.push(eq(identityOutbox.pool, filter.pool));
  const rows = await config.db
    .select()
    .from(identityOutbox)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(identityOutbox.id))
    .limit(50);
  return rows.map((row) => ({
    pool: row.pool,
    username: row.username,
    channel: row.channel,
    destination: row.destination,
    purpose: row.purpose,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
  }));
}
