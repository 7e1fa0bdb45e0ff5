import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

/** Header carrying the client's idempotency key (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The outcome of claiming a key. */
export type IdempotencyClaim =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' };

/** A stable hash of a request: method, route, path id and the canonical JSON of the body. */
export function requestHash(parts: {
  method: string;
  route: string;
  id: string;
  body: unknown;
}): string {
  return createHash('sha256')
    .update(JSON.stringify([parts.method, parts.route, parts.id, canonical(parts.body)]))
    .digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, canonical(inner)]),
    );
  }
  return value;
}

/**
 * Claims a key for a caller. The first request inserts a `running` row (committed at once, so
 * a concurrent duplicate sees it); a later one gets the stored response (same body), `mismatch`
 * (another body: 422) or `in-progress` (the first is still running: 409).
 */
export async function claimKey(
  db: Db,
  principal: string,
  key: string,
  hash: string,
): Promise<IdempotencyClaim> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ principal, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'new' };
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
  if (!row) return { kind: 'in-progress' };
  if (row.requestHash !== hash) return { kind: 'mismatch' };
  if (row.state === 'running' || row.responseStatus === null) return { kind: 'in-progress' };
  return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
}

/** Stores the response of a key (inside the transaction that did the work). */
export async function completeKey(
  db: Db,
  principal: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
}

/** Releases a key whose request failed, so that the client may retry with it. */
export async function releaseKey(db: Db, principal: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.principal, principal),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'running'),
      ),
    );
}
