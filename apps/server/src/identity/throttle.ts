import { and, gt, inArray, sql } from 'drizzle-orm';
import type { IdentityConfig } from './config.ts';
import { identityThrottle, type PoolName } from './schema.ts';

/** The counters one sign-in attempt touches. */
export interface ThrottleKeys {
  /** The account from any client: after the limit, a short wait per further failure. */
  account: string;
  /** The client from any account: after the limit, blocked until the window ends. */
  client: string;
  /** The account from this client: after the limit, blocked until the window ends. */
  pair: string;
}

/** The counter keys of an attempt on `username` from `client` (sign-in or code requests). */
export function throttleKeys(
  pool: PoolName,
  username: string,
  client: string,
  scope: 'signin' | 'code' = 'signin',
): ThrottleKeys {
  return {
    account: `${scope}:account:${pool}:${username}`,
    client: `${scope}:client:${client}`,
    pair: `${scope}:pair:${pool}:${username}:${client}`,
  };
}

/** Whether any of the counters makes the caller wait now. */
export async function isThrottled(config: IdentityConfig, keys: ThrottleKeys): Promise<boolean> {
  const now = new Date(config.now());
  const rows = await config.db
    .select({ key: identityThrottle.key })
    .from(identityThrottle)
    .where(
      and(
        inArray(identityThrottle.key, [keys.account, keys.client, keys.pair]),
        gt(identityThrottle.blockedUntil, now),
      ),
    );
  return rows.length > 0;
}

/**
 * Counts a failure on all three counters in one statement each (atomic across processes). A
 * counter whose window has passed starts again at 1. At the limit the pair and the client wait
 * until the window ends; the account only waits `accountWaitSeconds` after each further failure,
 * so a stranger cannot lock the owner out for long, while guessing stays slow.
 */
export async function recordFailure(config: IdentityConfig, keys: ThrottleKeys): Promise<void> {
  const now = new Date(config.now());
  const windowMs = config.throttleWindowSeconds * 1000;
  const windowStartCutoff = new Date(now.getTime() - windowMs);
  const limit = config.maxFailures;
  const upsert = async (key: string, waitExpression: ReturnType<typeof sql>) => {
    const fresh = sql`${identityThrottle.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz`;
    const failures = sql`CASE WHEN ${fresh} THEN 1 ELSE ${identityThrottle.failures} + 1 END`;
    await config.db
      .insert(identityThrottle)
      .values({ key, failures: 1, windowStart: now, blockedUntil: null })
      .onConflictDoUpdate({
        target: identityThrottle.key,
        set: {
          failures,
          windowStart: sql`CASE WHEN ${fresh} THEN ${now.toISOString()}::timestamptz ELSE ${identityThrottle.windowStart} END`,
          blockedUntil: sql`CASE WHEN ${failures} >= ${limit} THEN ${waitExpression} ELSE NULL END`,
        },
      });
  };
  const windowEnd = sql`(CASE WHEN ${identityThrottle.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz THEN ${now.toISOString()}::timestamptz ELSE ${identityThrottle.windowStart} END) + make_interval(secs => ${config.throttleWindowSeconds})`;
  const shortWait = sql`${new Date(now.getTime() + config.accountWaitSeconds * 1000).toISOString()}::timestamptz`;
  await upsert(keys.pair, windowEnd);
  await upsert(keys.client, windowEnd);
  await upsert(keys.account, shortWait);
}

/** After a successful sign-in the pair counter starts again (the account counter runs out). */
export async function clearPair(config: IdentityConfig, keys: ThrottleKeys): Promise<void> {
  await config.db.delete(identityThrottle).where(inArray(identityThrottle.key, [keys.pair]));
}
