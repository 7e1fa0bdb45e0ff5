import { describe, expect, it } from 'vitest';
import { jwtClaims, storedSession } from '../../../apps/web/src/auth/storedSession.ts';

const base64url = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>): string =>
  `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;

const CLIENT = 'client-1';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const inSeconds = (s: number): number => Math.floor(NOW / 1000) + s;

/** The keys amazon-cognito-identity-js writes after a sign-in. */
function stored(access: Record<string, unknown>, id: Record<string, unknown>, drift = 0) {
  const prefix = `CognitoIdentityServiceProvider.${CLIENT}`;
  const items = new Map<string, string>([
    [`${prefix}.LastAuthUser`, 'anna.schmidt@beispiel.example'],
    [`${prefix}.anna.schmidt@beispiel.example.accessToken`, jwt(access)],
    [`${prefix}.anna.schmidt@beispiel.example.idToken`, jwt(id)],
    [`${prefix}.anna.schmidt@beispiel.example.clockDrift`, String(drift)],
  ]);
  return { getItem: (key: string) => items.get(key) ?? null };
}

describe('the stored session, read without the library', () => {
  it('answers with the access token, its expiry and claims while both tokens are valid', () => {
    const access = { exp: inSeconds(600), 'custom:partnernummer': '1000001', ü: 'ß' };
    const session = storedSession(stored(access, { exp: inSeconds(600) }), CLIENT, NOW);
    expect(session?.getAccessToken().getJwtToken()).toBe(jwt(access));
    expect(session?.getAccessToken().getExpiration()).toBe(inSeconds(600));
    expect(session?.getAccessToken().decodePayload()).toEqual(access);
    expect(session?.getClockDrift?.()).toBe(0);
  });

  it('leaves an expired access or id token to the library (a refresh)', () => {
    expect(
      storedSession(stored({ exp: inSeconds(0) }, { exp: inSeconds(600) }), CLIENT, NOW),
    ).toBeNull();
    expect(
      storedSession(stored({ exp: inSeconds(600) }, { exp: inSeconds(-1) }), CLIENT, NOW),
    ).toBeNull();
  });

  it('reads the expiry on the service’s clock, with the drift the library stored', () => {
    const tokens = stored({ exp: inSeconds(60) }, { exp: inSeconds(600) }, -120);
    expect(storedSession(tokens, CLIENT, NOW)).toBeNull();
    expect(storedSession(tokens, CLIENT, NOW - 121_000)?.getClockDrift?.()).toBe(-120);
  });

  it('answers null without a signed-in user of that pool or with tokens that are no JWT', () => {
    const tokens = stored({ exp: inSeconds(600) }, { exp: inSeconds(600) });
    expect(storedSession(tokens, 'another-client', NOW)).toBeNull();
    expect(storedSession({ getItem: () => null }, CLIENT, NOW)).toBeNull();
    expect(jwtClaims('not-a-token')).toBeNull();
    expect(jwtClaims('a.!!!.c')).toBeNull();
  });
});
