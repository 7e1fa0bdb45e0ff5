/** Where bearer tokens come from: the signed-in session, or a fixed token in test modes. */
export type TokenMode = 'session' | 'proxy' | 'e2e';

/** The token proxy and test mode send (never in production). */
export const DUMMY_TOKEN = 'dummy-token';

/** The fixed token of end-to-end test mode (never in production). */
export const E2E_TEST_TOKEN = 'e2e-test-token';

/** Looks up the current session's access token; null when nobody is signed in. */
export type TokenLookup = () => Promise<string | null>;

/** The outcome of a token look-up. */
export type TokenOutcome = { kind: 'token'; token: string } | { kind: 'none' } | { kind: 'failed' };

/**
 * The bearer token of a call. Proxy/test mode and e2e mode use their fixed tokens, but only
 * outside production; otherwise the session's token. A throwing look-up reports `failed`.
 */
export async function resolveToken(
  mode: TokenMode,
  production: boolean,
  lookup: TokenLookup | undefined,
): Promise<TokenOutcome> {
  if (!production && mode === 'proxy') return { kind: 'token', token: DUMMY_TOKEN };
  if (!production && mode === 'e2e') return { kind: 'token', token: E2E_TEST_TOKEN };
  if (!lookup) return { kind: 'none' };
  try {
    const token = await lookup();
    return token ? { kind: 'token', token } : { kind: 'none' };
  } catch {
    return { kind: 'failed' };
  }
}
