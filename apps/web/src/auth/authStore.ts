import { useSyncExternalStore } from 'react';
import { http } from '../http/index.ts';
import { portalOfPath, type Portal } from './pools.ts';
import { portalAuth, sessionExpiresAt, type PortalAuth } from './session.ts';
import type { PortalSession } from './storedSession.ts';

/** What the app knows about a portal's sign-in: unknown while checking, then in or out. */
export type PortalState =
  { status: 'unknown' } | { status: 'signedOut' } | { status: 'signedIn'; expiresAt: number };

/** The sign-in state of both portals and the actions the pages use. */
export interface AuthContextValue {
  state: Record<Portal, PortalState>;
  auth: Record<Portal, PortalAuth>;
  /** Reads the session (forcing a refresh when expired) and updates the state. */
  check(portal: Portal): Promise<boolean>;
  /** Records a fresh session (after sign-in). */
  signedIn(portal: Portal, session: PortalSession): void;
  /** Forces a refresh now (the expiry warning's button). */
  extend(portal: Portal): Promise<boolean>;
  signOut(portal: Portal): Promise<void>;
}

/**
 * A store of the sign-in state over {@link PortalAuth} (no React provider needed). It also
 * wires an HTTP client: bearer calls take the token of the portal the page belongs to, and a
 * failing token look-up signs that portal out.
 */
export function createAuthStore(
  auth: Record<Portal, PortalAuth>,
  client: Pick<typeof http, 'configure'> = http,
): AuthContextValue & {
  subscribe(listener: () => void): () => void;
  snapshot(): AuthContextValue;
} {
  let state: Record<Portal, PortalState> = {
    benutzer: { status: 'unknown' },
    vermittler: { status: 'unknown' },
  };
  const listeners = new Set<() => void>();
  const update = (portal: Portal, session: PortalSession | null) => {
    state = {
      ...state,
      [portal]: session
        ? { status: 'signedIn', expiresAt: sessionExpiresAt(session) }
        : { status: 'signedOut' },
    };
    value = { ...value, state };
    for (const listener of listeners) listener();
  };
  const actions = {
    auth,
    check: async (portal: Portal) => {
      const session = await auth[portal].session();
      update(portal, session);
      return session !== null;
    },
    signedIn: (portal: Portal, session: PortalSession) => update(portal, session),
    extend: async (portal: Portal) => {
      const session = await auth[portal].extend();
      update(portal, session);
      return session !== null;
    },
    signOut: async (portal: Portal) => {
      await auth[portal].signOut();
      update(portal, null);
    },
  };
  let value: AuthContextValue = { state, ...actions };
  const portalNow = (): Portal => portalOfPath(window.location.pathname) ?? 'benutzer';
  client.configure({
    getToken: async () => {
      const portal = portalNow();
      const token = await auth[portal].accessToken();
      if (token === null) update(portal, null);
      return token;
    },
    onAuthFailure: () => void actions.signOut(portalNow()),
  });
  return {
    ...actions,
    get state() {
      return state;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => value,
  };
}

/** The app's store (both portals, the app's HTTP client). */
export const authStore = createAuthStore(portalAuth);

/** The sign-in state and actions, re-rendering on changes. */
export function useAuth(): AuthContextValue {
  return useSyncExternalStore(authStore.subscribe, authStore.snapshot);
}
