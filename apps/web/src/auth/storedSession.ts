// The session as amazon-cognito-identity-js keeps it in storage, read without the library: a page
// of a portal that finds valid tokens there (every page after the sign-in, until the access token
// expires) needs neither the library nor its crypto code. Only a sign-in, a refresh, a sign-out
// and the account operations load it (session.ts).

/** What the app reads of a session: the library's CognitoUserSession has the same methods. */
export interface PortalSession {
  getAccessToken(): {
    getJwtToken(): string;
    /** Expiry in seconds since the epoch, on the identity service's clock. */
    getExpiration(): number;
    decodePayload(): Record<string, unknown>;
  };
  /** Local minus server time at sign-in, in seconds. */
  getClockDrift?(): number;
}

/** The storage the library keeps its tokens in (localStorage unless the app gives another). */
export interface TokenStorage {
  getItem(key: string): string | null;
}

/** The claims of a JWT, or null when it is not one. */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The stored session of the pool's last signed-in user when both its tokens are still valid at
 * `nowMs` (the library's own test, with the clock drift it stored); null otherwise, and then the
 * library decides (a refresh, or signed out).
 */
export function storedSession(
  storage: TokenStorage,
  clientId: string,
  nowMs: number = Date.now(),
): PortalSession | null {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const username = storage.getItem(`${prefix}.LastAuthUser`);
  if (!username) return null;
  const accessToken = storage.getItem(`${prefix}.${username}.accessToken`);
  const idToken = storage.getItem(`${prefix}.${username}.idToken`);
  if (!accessToken || !idToken) return null;
  const access = jwtClaims(accessToken);
  const id = jwtClaims(idToken);
  const drift = parseInt(storage.getItem(`${prefix}.${username}.clockDrift`) ?? '', 10) || 0;
  const serverNow = Math.floor(nowMs / 1000) - drift;
  const expiry = (claims: Record<string, unknown> | null): number =>
    typeof claims?.['exp'] === 'number' ? claims['exp'] : 0;
  if (!access || !(serverNow < expiry(access)) || !(serverNow < expiry(id))) return null;
  return {
    getAccessToken: () => ({
      getJwtToken: () => accessToken,
      getExpiration: () => expiry(access),
      decodePayload: () => access,
    }),
    getClockDrift: () => drift,
  };
}
