import type { Db } from '../db/database.ts';
import type { PoolName } from './schema.ts';

/** The two user pools. */
export const POOLS: readonly PoolName[] = ['benutzer', 'vermittler'];

/** Ids of one pool as the web client sees them (GET /api/{pool}/pool). */
export interface PoolIds {
  /** `<region>_<name>`; the name part is hashed into every SRP verifier of the pool. */
  userPoolId: string;
  /** The app client id; access tokens carry it as `client_id`, ID tokens as `aud`. */
  userPoolWebClientId: string;
}

/** Options of the identity service and of the bearer verification. */
export interface IdentityOptions {
  /** The database holding users, challenges, counters, keys and the outbox. */
  db: Db;
  /** Production never serves the dev outbox (default: NODE_ENV === 'production'). */
  production?: boolean;
  /**
   * Serves `GET /api/identity/dev/outbox` (every user's codes) to callers on this machine that
   * talk to the server directly (default off; main.ts: DEV_OUTBOX=on; ignored in production).
   */
  devOutbox?: boolean;
  /** Lifetime of access and ID tokens in seconds (default 3600). */
  accessTokenSeconds?: number;
  /** Lifetime of refresh tokens in seconds (default 30 days). */
  refreshTokenSeconds?: number;
  /** Issuer prefix; a pool's issuer is `<issuerBase>/<userPoolId>`. */
  issuerBase?: string;
  /** Pool and client ids per pool (defaults below). */
  pools?: Partial<Record<PoolName, PoolIds>>;
  /** Failed sign-ins allowed per window before a wait (default 10). */
  maxFailures?: number;
  /** Length of the throttle window in seconds (default 15 minutes). */
  throttleWindowSeconds?: number;
  /** Wait per further failure of an account once the limit is reached (default 60 s). */
  accountWaitSeconds?: number;
  /** The clock in epoch ms (tests). */
  now?: () => number;
}

/** Default pool ids. */
export const DEFAULT_POOLS: Record<PoolName, PoolIds> = {
  benutzer: { userPoolId: 'eu-central-1_Benutzer', userPoolWebClientId: 'kundenportal-web' },
  vermittler: {
    userPoolId: 'eu-central-1_Vermittler',
    userPoolWebClientId: 'vermittlerportal-web',
  },
};

/** Default issuer prefix (the .invalid TLD never resolves). */
export const DEFAULT_ISSUER_BASE = 'https://identity.platform.invalid';

/** Options with every default filled in. */
export interface IdentityConfig {
  db: Db;
  production: boolean;
  devOutbox: boolean;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  pools: Record<PoolName, PoolIds & { poolName: string; issuer: string }>;
  maxFailures: number;
  throttleWindowSeconds: number;
  accountWaitSeconds: number;
  now: () => number;
}

/** Fills in the defaults. */
export function resolveConfig(options: IdentityOptions): IdentityConfig {
  const issuerBase = options.issuerBase ?? DEFAULT_ISSUER_BASE;
  const pool = (name: PoolName) => {
    const ids = options.pools?.[name] ?? DEFAULT_POOLS[name];
    return {
      ...ids,
      poolName: ids.userPoolId.split('_')[1] ?? ids.userPoolId,
      issuer: `${issuerBase}/${ids.userPoolId}`,
    };
  };
  const production = options.production ?? process.env['NODE_ENV'] === 'production';
  return {
    db: options.db,
    production,
    devOutbox: options.devOutbox === true && !production,
    accessTokenSeconds: options.accessTokenSeconds ?? 3600,
    refreshTokenSeconds: options.refreshTokenSeconds ?? 30 * 24 * 3600,
    pools: { benutzer: pool('benutzer'), vermittler: pool('vermittler') },
    maxFailures: options.maxFailures ?? 10,
    throttleWindowSeconds: options.throttleWindowSeconds ?? 15 * 60,
    accountWaitSeconds: options.accountWaitSeconds ?? 60,
    now: options.now ?? Date.now,
  };
}

/** Whether a string names a pool. */
export function isPool(value: string): value is PoolName {
  return value === 'benutzer' || value === 'vermittler';
}
