import { admit, isWaiting, type Admission, type Counter } from '../throttle/counters.ts';
import type { IdentityConfig } from './config.ts';
import type { PoolName } from './schema.ts';

/** The counters one sign-in attempt touches. */
export interface ThrottleKeys {
  /** The account from any client: after the limit, a short wait per further attempt. */
  account: string;
  /** The client from any account: after the limit, blocked until the window ends. */
  client: string;
  /** The account from this client: after the limit, blocked until the window ends. */
  pair: string;
}

/**
 * The counter keys of an attempt on `username` from `client`: a sign-in, a code request, or a
 * registration (`signup`, where the "account" is the partner number).
 */
export function throttleKeys(
  pool: PoolName,
  username: string,
  client: string,
  scope: 'signin' | 'code' | 'signup' = 'signin',
): ThrottleKeys {
  return {
    account: `${scope}:account:${pool}:${username}`,
    client: `${scope}:client:${client}`,
    pair: `${scope}:pair:${pool}:${username}:${client}`,
  };
}

/** Whether any of the counters makes the caller wait now (a look that counts nothing). */
export async function isThrottled(config: IdentityConfig, keys: ThrottleKeys): Promise<boolean> {
  return isWaiting(config.db, [keys.pair, keys.client, keys.account], new Date(config.now()));
}

/**
 * Admits one attempt before its password (or code) is checked: counted and decided in one
 * statement per counter, so 40 concurrent wrong passwords get at most `maxFailures` checked. The
 * pair and the client then wait until the window ends; the account only `accountWaitSeconds`
 * after each further attempt, so a stranger cannot lock the owner out for long (and a client
 * that is waiting counts nothing against the account). A successful attempt calls `release`.
 */
export async function admitAttempt(config: IdentityConfig, keys: ThrottleKeys): Promise<Admission> {
  const window = { limit: config.maxFailures, windowSeconds: config.throttleWindowSeconds };
  const counters: Counter[] = [
    { key: keys.pair, ...window },
    { key: keys.client, ...window },
    { key: keys.account, ...window, waitSeconds: config.accountWaitSeconds },
  ];
  return admit(config.db, counters, new Date(config.now()));
}
