import type { FastifyRequest } from 'fastify';
import type { Authenticate, Identity } from '../auth/index.ts';
import { resolveConfig, type IdentityOptions } from './config.ts';
import { keyCache } from './keys.ts';
import { verifyAccessToken } from './verify.ts';

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * The `authenticate` hook over the identity service's access tokens: RS256 signature against
 * the published keys, issuer, expiry, `client_id`, `token_use` access and a sign-in that was not
 * signed out. A customer token yields its partner number, an agent token its agent number.
 */
export function bearerAuthentication(options: IdentityOptions): Authenticate {
  const config = resolveConfig(options);
  const keys = keyCache(config.db);
  return async (request) => {
    const token = bearerToken(request);
    if (!token) return null;
    const verified = await verifyAccessToken(config, await keys(), token);
    if (!verified) return null;
    const { pool, user } = verified;
    const identity: Identity | null =
      pool === 'benutzer'
        ? user.partnerNummer
          ? { role: 'benutzer', partnerNummer: user.partnerNummer }
          : null
        : user.vermittlerNummer
          ? { role: 'vermittler', vermittlerNummer: user.vermittlerNummer }
          : null;
    return identity;
  };
}
