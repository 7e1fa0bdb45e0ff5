import { and, eq, isNull } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { POOLS, type IdentityConfig } from './config.ts';
import type { KeyMaterial } from './keys.ts';
import {
  identityRefreshTokens,
  identityUsers,
  type IdentityUser,
  type PoolName,
} from './schema.ts';

/** A verified access token: its pool, user and sign-in. */
export interface VerifiedAccess {
  pool: PoolName;
  user: IdentityUser;
  originJti: string;
  claims: JWTPayload;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies an access token: RS256 signature against the published keys (no other algorithm),
 * issuer of a known pool, expiry, `token_use` access (an ID token is refused), the pool's
 * `client_id`, and a sign-in that is not revoked (GlobalSignOut, RevokeToken). Null when any
 * check fails.
 */
export async function verifyAccessToken(
  config: IdentityConfig,
  keys: KeyMaterial,
  token: string,
  expectedPool?: PoolName,
): Promise<VerifiedAccess | null> {
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, createLocalJWKSet(keys.jwks), {
      algorithms: ['RS256'],
      issuer: POOLS.map((pool) => config.pools[pool].issuer),
      currentDate: new Date(config.now()),
      requiredClaims: ['exp', 'iat', 'sub', 'iss'],
    }));
  } catch {
    return null;
  }
  const pool = POOLS.find((name) => config.pools[name].issuer === claims.iss);
  if (!pool || (expectedPool && pool !== expectedPool)) return null;
  if (claims['token_use'] !== 'access') return null;
  if (claims['client_id'] !== config.pools[pool].userPoolWebClientId) return null;
  const originJti = claims['origin_jti'];
  if (typeof originJti !== 'string' || !UUID.test(originJti) || !UUID.test(claims.sub ?? '')) {
    return null;
  }
  const [row] = await config.db
    .select({ user: identityUsers })
    .from(identityRefreshTokens)
    .innerJoin(identityUsers, eq(identityUsers.id, identityRefreshTokens.userId))
    .where(
      and(
        eq(identityRefreshTokens.id, originJti),
        eq(identityRefreshTokens.userId, claims.sub ?? ''),
        isNull(identityRefreshTokens.revokedAt),
        eq(identityUsers.pool, pool),
      ),
    );
  if (!row) return null;
  return { pool, user: row.user, originJti, claims };
}
