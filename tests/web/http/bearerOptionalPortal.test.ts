// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from '../../../apps/web/src/auth/authStore.ts';
import type { Portal } from '../../../apps/web/src/auth/pools.ts';
import type { PortalAuth } from '../../../apps/web/src/auth/session.ts';
import { createHttpClient } from '../../../apps/web/src/http/index.ts';

/** Portal sessions that only know their access token (null: signed out). */
function fakeAuth(tokens: Record<Portal, string | null>): Record<Portal, PortalAuth> {
  const one = (portal: Portal) =>
    ({
      accessToken: vi.fn(async () => tokens[portal]),
      signOut: vi.fn(async () => undefined),
      session: vi.fn(async () => null),
    }) as unknown as PortalAuth;
  return { benutzer: one('benutzer'), vermittler: one('vermittler') };
}

function recordingFetch() {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return Response.json({}, { status: 201 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, requests };
}

const call = {
  method: 'POST' as const,
  url: 'http://localhost/api/antrag/fahrrad',
  auth: 'bearer-optional' as const,
};

afterEach(() => window.history.replaceState(null, '', '/'));

describe('bearer-optional with the app’s auth store', () => {
  it('sends the agent’s token on an agent page', async () => {
    const server = recordingFetch();
    const http = createHttpClient({ fetch: server.fetch });
    createAuthStore(fakeAuth({ benutzer: 'customer.jwt', vermittler: 'agent.jwt' }), http);
    window.history.replaceState(null, '', '/vermittler/kunde/2000101/antrag/fahrrad');
    await http.send(call);
    expect(server.requests[0]?.headers.get('authorization')).toBe('Bearer agent.jwt');
  });

  it('sends the customer’s token on a customer page', async () => {
    const server = recordingFetch();
    const http = createHttpClient({ fetch: server.fetch });
    createAuthStore(fakeAuth({ benutzer: 'customer.jwt', vermittler: 'agent.jwt' }), http);
    window.history.replaceState(null, '', '/kunden/vertraege');
    await http.send(call);
    expect(server.requests[0]?.headers.get('authorization')).toBe('Bearer customer.jwt');
  });

  it('sends no token and signs nobody out when the portal has no session', async () => {
    const server = recordingFetch();
    const http = createHttpClient({ fetch: server.fetch });
    const auth = fakeAuth({ benutzer: null, vermittler: null });
    const store = createAuthStore(auth, http);
    window.history.replaceState(null, '', '/vermittler/kunde/2000101/antrag/fahrrad');
    const result = await http.send(call);
    expect(result.ok).toBe(true);
    expect(server.requests[0]?.headers.get('authorization')).toBeNull();
    expect(auth.vermittler.signOut).not.toHaveBeenCalled();
    expect(auth.benutzer.signOut).not.toHaveBeenCalled();
    expect(store.state.vermittler).toEqual({ status: 'signedOut' });
  });
});
