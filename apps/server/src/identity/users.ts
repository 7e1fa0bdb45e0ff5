import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { IdentityConfig } from './config.ts';
import type { KeyMaterial } from './keys.ts';
import {
  identityRefreshTokens,
  identityUsers,
  type IdentityUser,
  type PoolName,
} from './schema.ts';
import { G, makeVerifier, modPow, N, padHex } from './srp.ts';

/** The user of a pool with this canonical username, or undefined. */
export async function findUser(
  config: IdentityConfig,
  pool: PoolName,
  username: string,
): Promise<IdentityUser | undefined> {
  const [user] = await config.db
    .select()
    .from(identityUsers)
    .where(and(eq(identityUsers.pool, pool), eq(identityUsers.username, username)));
  if (user) return user;
  // A changed and confirmed e-mail address signs in too (an alias of the username, which the SRP
  // computation keeps using as USER_ID_FOR_SRP).
  const [alias] = await config.db
    .select()
    .from(identityUsers)
    .where(
      and(
        eq(identityUsers.pool, pool),
        eq(identityUsers.email, username),
        eq(identityUsers.emailVerified, true),
      ),
    );
  return alias;
}

/**
 * Salt and verifier for a name nobody has: derived from the name with the server secret, so the
 * same name always gets the same salt, like a real account.
 */
export function fakeCredentials(
  keys: KeyMaterial,
  pool: PoolName,
  username: string,
): { saltHex: string; verifierHex: string } {
  const derive = (purpose: string) =>
    createHmac('sha256', keys.secret).update(`${purpose}:${pool}:${username}`).digest('hex');
  const saltHex = padHex(BigInt(`0x${derive('salt').slice(0, 32)}`));
  const verifierHex = padHex(modPow(G, BigInt(`0x${derive('verifier')}`), N));
  return { saltHex, verifierHex };
}

/** Sets a new password (fresh salt and verifier) and the given fields. */
export async function setPassword(
  config: IdentityConfig,
  user: IdentityUser,
  password: string,
  fields: Partial<Pick<IdentityUser, 'status' | 'nickname'>> = {},
): Promise<void> {
  const { saltHex, verifierHex } = makeVerifier(
    config.pools[user.pool].poolName,
    user.username,
    password,
  );
  await config.db
    .update(identityUsers)
    .set({ saltHex, verifierHex, updatedAt: new Date(config.now()), ...fields })
    .where(eq(identityUsers.id, user.id));
}

/** SHA-256 hex of an opaque token or code (only hashes are stored). */
export const tokenHash = (value: string): string =>
  createHash('sha256').update(value).digest('hex');

/** Starts a sign-in: a refresh token row whose id becomes the tokens' origin_jti. */
export async function createSignIn(
  config: IdentityConfig,
  user: IdentityUser,
  clientId: string,
): Promise<{ originJti: string; refreshToken: string }> {
  const refreshToken = randomBytes(48).toString('base64url');
  const [row] = await config.db
    .insert(identityRefreshTokens)
    .values({
      tokenHash: tokenHash(refreshToken),
      userId: user.id,
      clientId,
      expiresAt: new Date(config.now() + config.refreshTokenSeconds * 1000),
    })
    .returning({ id: identityRefreshTokens.id });
  if (!row) throw new Error('identity_refresh_tokens: insert failed');
  return { originJti: row.id, refreshToken };
}

/** Ends every sign-in of a user: their refresh and access tokens stop working. */
export async function revokeAllSignIns(config: IdentityConfig, userId: string): Promise<void> {
  await config.db
    .update(identityRefreshTokens)
    .set({ revokedAt: new Date(config.now()) })
    .where(and(eq(identityRefreshTokens.userId, userId), isNull(identityRefreshTokens.revokedAt)));
}

/** The attributes GetUser and the new-password challenge report. */
export function userAttributes(user: IdentityUser): Record<string, string> {
  const attributes: Record<string, string> = {
    sub: user.id,
    email: user.email,
    email_verified: String(user.emailVerified),
  };
  if (user.phoneNumber) attributes['phone_number'] = user.phoneNumber;
  if (user.nickname) attributes['nickname'] = user.nickname;
  if (user.partnerNummer) attributes['custom:partnernummer'] = user.partnerNummer;
  if (user.vermittlerNummer) attributes['custom:vermittlernummer'] = user.vermittlerNummer;
  return attributes;
}
