import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { IdentityConfig } from './config.ts';
import type { KeyMaterial } from './keys.ts';
import type { IdentityUser, PoolName } from './schema.ts';

/** The tokens of a sign-in or refresh, in Cognito's AuthenticationResult shape. */
export interface TokenSet {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

/** The custom claims naming the caller: partner number (customers) or agent number (agents). */
export function customClaims(user: IdentityUser): Record<string, string> {
  const claims: Record<string, string> = {};
  if (user.partnerNummer) claims['custom:partnernummer'] = user.partnerNummer;
  if (user.vermittlerNummer) claims['custom:vermittlernummer'] = user.vermittlerNummer;
  return claims;
}

/**
 * Signs an access token (`token_use` access, `client_id`) and an ID token (`token_use` id, `aud`)
 * with RS256, both bound to the sign-in `originJti` that sign-out revokes.
 */
export async function issueTokens(
  config: IdentityConfig,
  keys: KeyMaterial,
  pool: PoolName,
  user: IdentityUser,
  originJti: string,
  authTime: number,
): Promise<TokenSet> {
  const ids = config.pools[pool];
  const now = Math.floor(config.now() / 1000);
  const exp = now + config.accessTokenSeconds;
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT({ ...claims, origin_jti: originJti, event_id: randomUUID(), auth_time: authTime })
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ids.issuer)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(keys.privateKey);
  const accessToken = await sign({
    token_use: 'access',
    client_id: ids.userPoolWebClientId,
    scope: 'aws.cognito.signin.user.admin',
    username: user.username,
    'cognito:username': user.username,
    ...customClaims(user),
  });
  const idToken = await sign({
    token_use: 'id',
    aud: ids.userPoolWebClientId,
    'cognito:username': user.username,
    email: user.email,
    email_verified: user.emailVerified,
    ...(user.nickname ? { nickname: user.nickname } : {}),
    ...(user.phoneNumber ? { phone_number: user.phoneNumber } : {}),
    ...customClaims(user),
  });
  return {
    AccessToken: accessToken,
    IdToken: idToken,
    ExpiresIn: config.accessTokenSeconds,
    TokenType: 'Bearer',
  };
}
