import type { Db } from '../db/database.ts';
import { admit, type Admission } from '../throttle/counters.ts';

/** At most this many failed look-ups per client and per contract in the window, then a wait. */
export const MAX_FAILURES = 10;
/** The window of the throttle, in minutes. */
export const WINDOW_MINUTES = 15;
/** The wait of a contract after each further attempt once its limit is reached, in seconds. */
export const CONTRACT_WAIT_SECONDS = 60;

/**
 * Admits one look-up before anything is compared: the client (its address) at most ten per 15
 * minutes, then it waits until the window ends; the contract (from any address) at most ten, then
 * one attempt a minute, so many addresses cannot guess a birth date and nobody can lock the
 * customer's own look-up out for longer than a minute. Counted and decided in one statement per
 * counter; a matching look-up calls `release`.
 */
export async function admitLookup(
  db: Db,
  clientKey: string,
  contractId: string | undefined,
  now: Date,
): Promise<Admission> {
  const window = { limit: MAX_FAILURES, windowSeconds: WINDOW_MINUTES * 60 };
  return admit(
    db,
    [
      { key: `claim:client:${clientKey}`, ...window },
      ...(contractId === undefined
        ? []
        : [
            {
              key: `claim:contract:${contractId.toUpperCase()}`,
              ...window,
              waitSeconds: CONTRACT_WAIT_SECONDS,
            },
          ]),
    ],
    now,
  );
}
