import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

/** Header carrying the client's idempotency key (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The outcome of claiming a key. */
export type IdempotencyClaim =
  | { kind: 'new'; token: string }
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

/** Where keys are kept and how long a claim holds one. */
export interface IdempotencyStore {
  db: Db;
  /** Seconds a running claim holds its key; after them a retry may take the key over. */
  leaseSeconds: number;
  /** The clock of the leases (injectable for tests). */
  now: () => Date;
}

/** The lease of a claim when the server options name none: far longer than any request. */
export const DEFAULT_LEASE_SECONDS = 30;

/**
 * Claims a key for a caller. The first request inserts a `running` row with its own token and a
 * lease (committed at once, so a concurrent duplicate sees it); a later one gets the stored
 * response (same body), `mismatch` (another body: 422) or `in-progress` (the first is still
 * running: 409). A running key whose lease has lapsed (the process that ran it died) is taken over
 * by a request with the same body in one statement, which then runs the work again: the work of
 * a dead claim was never committed, because the work and the key's completion are one
 * transaction (guard.ts), and the old claim's completion names a token that is no longer there.
 */
export async function claimKey(
  store: IdempotencyStore,
  principal: string,
  key: string,
  hash: string,
): Promise<IdempotencyClaim> {
  const { db } = store;
  const token = randomUUID();
  const now = store.now();
  const leaseUntil = new Date(now.getTime() + store.leaseSeconds * 1000);
  const thisKey = and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key));
  // A key released between two statements is claimed again; three rounds are plenty.
  for (let round = 0; round < 3; round += 1) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ principal, key, requestHash: hash, claimToken: token, leaseUntil })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'new', token };
    const taken = await db
      .update(idempotencyKeys)
      .set({ claimToken: token, leaseUntil })
      .where(
        and(
          thisKey,
          eq(idempotencyKeys.state, 'running'),
          eq(idempotencyKeys.requestHash, hash),
          lt(idempotencyKeys.leaseUntil, now),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return { kind: 'new', token };
    const [row] = await db.select().from(idempotencyKeys).where(thisKey);
    if (!row) continue;
    if (row.requestHash !== hash) return { kind: 'mismatch' };
    return answerOf(row);
  }
  return { kind: 'in-progress' };
}

type KeyRow = typeof idempotencyKeys.$inferSelect;

function answerOf(row: KeyRow): IdempotencyClaim {
  if (row.state === 'running' || row.responseStatus === null) return { kind: 'in-progress' };
  return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
}

/** What a key answers now without claiming it: its stored response, else `in-progress`. */
export async function readKey(db: Db, principal: string, key: string): Promise<IdempotencyClaim> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.key, key)));
  return row ? answerOf(row) : { kind: 'in-progress' };
}

/**
 * Stores the response of a key, inside the transaction that did the work, if the claim `token`
 * still holds it. False when another request took the key over (this claim's lease lapsed): the
 * caller must then roll its work back.
 */
export async function completeKey(
  db: Db,
  principal: string,
  key: string,
  token: string,
  status: number,
  body: unknown,
): Promise<boolean> {
  const done = await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseBody: body })
    .where(
      and(
        eq(idempotencyKeys.principal, principal),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'running'),
        eq(idempotencyKeys.claimToken, token),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return done.length > 0;
}

/** Releases the key of a claim whose request failed, so that the client may retry with it. */
export async function releaseKey(
  db: Db,
  principal: string,
  key: string,
  token: string,
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.principal, principal),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'running'),
        eq(idempotencyKeys.claimToken, token),
      ),
    );
}
