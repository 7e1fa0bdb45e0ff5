import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

/** One counter an attempt passes: a key, a limit per window, and the wait once it is reached. */
export interface Counter {
  key: string;
  /** Attempts admitted per window; the one that reaches it starts the wait. */
  limit: number;
  /** Length of the window in seconds. */
  windowSeconds: number;
  /**
   * Wait after each attempt at or over the limit, in seconds (a short wait a stranger cannot use
   * to lock the owner out for long). Without it the counter waits until the window ends.
   */
  waitSeconds?: number;
}

/** The answer of {@link admit}: whether the attempt may be checked, and how to take it back. */
export interface Admission {
  admitted: boolean;
  /** When refused: seconds until the refusing counter lets attempts through again. */
  retryAfterSeconds: number;
  /** Takes the attempt back (it succeeded): its counts go, `forget` keys are reset. */
  release(forget?: readonly string[]): Promise<void>;
}

interface AdmitRow extends Record<string, unknown> {
  admitted: boolean;
  blocked_until: string | Date | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/**
 * Counts and decides in one statement per counter, atomic across connections and processes (the
 * row lock of the upsert orders concurrent attempts): a counter that is waiting refuses without
 * counting; otherwise the attempt counts (a passed window starts again at 1), and the attempt that
 * reaches the limit starts the wait. The attempt marker in the row tells this attempt whether it
 * was admitted. Counters are passed in order and the first refusal stops (the counts of the ones
 * before it are taken back), so a refused attempt never counts against anyone.
 */
async function admitOne(db: Db, counter: Counter, attempt: string, now: Date) {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - counter.windowSeconds * 1000).toISOString();
  const waiting = sql`t.blocked_until > ${nowIso}::timestamptz`;
  const fresh = sql`t.window_start <= ${cutoff}::timestamptz`;
  const counted = sql`(CASE WHEN ${fresh} THEN 1 ELSE t.attempts + 1 END)`;
  const windowEnd = sql`(CASE WHEN ${fresh} THEN ${nowIso}::timestamptz ELSE t.window_start END) + make_interval(secs => ${counter.windowSeconds})`;
  const wait =
    counter.waitSeconds === undefined
      ? windowEnd
      : sql`${nowIso}::timestamptz + make_interval(secs => ${counter.waitSeconds})`;
  const firstWait =
    counter.waitSeconds === undefined
      ? sql`${nowIso}::timestamptz + make_interval(secs => ${counter.windowSeconds})`
      : sql`${nowIso}::timestamptz + make_interval(secs => ${counter.waitSeconds})`;
  const result = await db.execute(sql`
    INSERT INTO throttle_counters AS t (key, attempts, window_start, blocked_until, last_attempt)
    VALUES (${counter.key}, 1, ${nowIso}::timestamptz,
            CASE WHEN 1 >= ${counter.limit} THEN ${firstWait} ELSE NULL END, ${attempt})
    ON CONFLICT (key) DO UPDATE SET
      attempts = CASE WHEN ${waiting} THEN t.attempts ELSE ${counted} END,
      window_start = CASE WHEN ${waiting} THEN t.window_start
                          WHEN ${fresh} THEN ${nowIso}::timestamptz ELSE t.window_start END,
      blocked_until = CASE WHEN ${waiting} THEN t.blocked_until
                           WHEN ${counted} >= ${counter.limit} THEN ${wait} ELSE NULL END,
      last_attempt = CASE WHEN ${waiting} THEN t.last_attempt ELSE ${attempt} END
    RETURNING t.last_attempt = ${attempt} AS admitted, t.blocked_until`);
  return rowsOf<AdmitRow>(result)[0];
}

/** Takes one attempt back from counters: one count less, and its own wait (if it started one) gone. */
async function takeBack(db: Db, keys: readonly string[], attempt: string): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`
    UPDATE throttle_counters SET
      attempts = GREATEST(attempts - 1, 0),
      blocked_until = CASE WHEN last_attempt = ${attempt} THEN NULL ELSE blocked_until END
    WHERE key IN (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`);
}

/**
 * Admits an attempt through every counter or refuses it (see {@link admitOne}). Call it before
 * the check it guards (a password, a birth date); on success call `release`, on failure nothing.
 */
export async function admit(db: Db, counters: readonly Counter[], now: Date): Promise<Admission> {
  const attempt = randomUUID();
  const passed: string[] = [];
  for (const counter of counters) {
    const row = await admitOne(db, counter, attempt, now);
    if (row && row.admitted !== true) {
      await takeBack(db, passed, attempt);
      const until = row.blocked_until ? new Date(row.blocked_until).getTime() : now.getTime();
      return {
        admitted: false,
        retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
        release: async () => undefined,
      };
    }
    passed.push(counter.key);
  }
  return {
    admitted: true,
    retryAfterSeconds: 0,
    release: async (forget = []) => {
      await takeBack(db, passed, attempt);
      if (forget.length > 0)
        await db.execute(
          sql`DELETE FROM throttle_counters WHERE key IN (${sql.join(
            forget.map((key) => sql`${key}`),
            sql`, `,
          )})`,
        );
    },
  };
}

/** Whether any of the counters waits now (a look without counting). */
export async function isWaiting(db: Db, keys: readonly string[], now: Date): Promise<boolean> {
  if (keys.length === 0) return false;
  const result = await db.execute(sql`
    SELECT 1 FROM throttle_counters
    WHERE key IN (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}) AND blocked_until > ${now.toISOString()}::timestamptz
    LIMIT 1`);
  return rowsOf(result).length > 0;
}
