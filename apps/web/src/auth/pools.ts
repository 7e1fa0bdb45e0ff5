/** The two portals and their user pools. */
export type Portal = 'benutzer' | 'vermittler';

/** Paths of a portal's sign-in pages and its start page after sign-in. */
export interface PortalPaths {
  base: string;
  login: string;
  forgotPassword: string;
  home: string;
}

/** The route table's sign-in paths (spec section 2). */
export const PORTAL_PATHS: Record<Portal, PortalPaths> = {
  benutzer: {
    base: '/kunden',
    login: '/kunden/login',
    forgotPassword: '/kunden/passwort-vergessen',
    home: '/kunden/',
  },
  vermittler: {
    base: '/vermittler',
    login: '/vermittler/login',
    forgotPassword: '/vermittler/passwort-vergessen',
    home: '/vermittler/',
  },
};

/** The portal a path belongs to, or null (public pages). */
export function portalOfPath(pathname: string): Portal | null {
  if (pathname === '/kunden' || pathname.startsWith('/kunden/')) return 'benutzer';
  if (pathname === '/vermittler' || pathname.startsWith('/vermittler/')) return 'vermittler';
  return null;
}

/** The query parameter that carries the page to return to after sign-in. */
export const RETURN_PARAM = 'ziel';

/** Paths outside a portal's base that need its sign-in: the broker mail's extranet links. */
const RETURN_PREFIXES: Partial<Record<Portal, readonly string[]>> = {
  vermittler: ['/vermittler-nachricht', '/extranet/vertrag/', '/extranet/kundendaten/'],
};

/** Only same-portal, same-origin paths are followed after sign-in (no open redirect). */
export function safeReturnPath(portal: Portal, target: string | null): string {
  const paths = PORTAL_PATHS[portal];
  const allowed = [`${paths.base}/`, ...(RETURN_PREFIXES[portal] ?? [])];
  if (!target || !allowed.some((prefix) => target.startsWith(prefix)) || target.startsWith('//'))
    return paths.home;
  return target.startsWith(paths.login) ? paths.home : target;
}

/** Usernames and e-mails are lowercased (and trimmed) before sign-in, reset and challenge. */
export const normalizeUsername = (value: string): string => value.trim().toLowerCase();

/**
 * Whether this browser keeps a signed-in user of a pool: amazon-cognito-identity-js writes
 * `CognitoIdentityServiceProvider.<client>.LastAuthUser` to its storage (localStorage) at sign-in
 * and removes it at sign-out. Read without loading the library, so a public page loads it only
 * for a visitor who signed in before.
 */
export function remembersSignIn(
  storage: () => Pick<Storage, 'length' | 'key'> = () => localStorage,
): boolean {
  try {
    const stored = storage();
    for (let index = 0; index < stored.length; index += 1) {
      const key = stored.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser'))
        return true;
    }
    return false;
  } catch {
    // A page embedded on another site may be denied localStorage: nothing is remembered there.
    return false;
  }
}
