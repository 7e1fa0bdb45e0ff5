import type { Db } from '../db/database.ts';
import { admit, type Admission } from '../throttle/counters.ts';

/** Look-ups of a contract's kind one client may make per window (the call needs no sign-in). */
export const CONTRACT_TYPE_LOOKUPS = 30;
/** The window of that throttle, in minutes. */
export const CONTRACT_TYPE_WINDOW_MINUTES = 15;

/**
 * The kind answered for a number no contract has: the usual kind, so an unknown number reads like
 * a private customer's contract. A caller asks before it knows more than the number (to offer the
 * private or the business path); for a mistyped number the next step, which needs more than the
 * number, says that it does not fit.
 */
export const DEFAULT_VERTRAGSART = 'PRIVAT';

/**
 * Admits one look-up of a contract's kind by a client (its address): every look-up counts, found or
 * not (counting only unknown numbers would let a client tell them apart by when the 429 comes), at
 * most {@link CONTRACT_TYPE_LOOKUPS} per {@link CONTRACT_TYPE_WINDOW_MINUTES} minutes, counted and
 * decided in one statement (throttle/counters.ts).
 */
export async function admitContractTypeLookup(
  db: Db,
  clientKey: string,
  now: Date,
): Promise<Admission> {
  return admit(
    db,
    [
      {
        key: `vertragsart:client:${clientKey}`,
        limit: CONTRACT_TYPE_LOOKUPS,
        windowSeconds: CONTRACT_TYPE_WINDOW_MINUTES * 60,
      },
    ],
    now,
  );
}
