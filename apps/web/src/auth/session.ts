import type { CognitoUser, CognitoUserPool, CognitoUserSession } from 'amazon-cognito-identity-js';
import type * as CognitoLibrary from './cognito.ts';
import type { CognitoSetup, SignInResult } from './cognito.ts';
import { errorCode, errorMessage, promisify } from './libraryCalls.ts';
import { loadPoolIds, type PoolIds } from './poolIds.ts';
import { storedSession, type PortalSession } from './storedSession.ts';
import { normalizeUsername, type Portal } from './pools.ts';

// The library (and the Buffer and crypto code it brings) loads on the first sign-in or session
// look-up, so public pages such as a claim wizard never download it.
type CognitoModule = typeof CognitoLibrary;
let cognitoModule: Promise<CognitoModule> | undefined;
const cognito = (): Promise<CognitoModule> => {
  cognitoModule ??= import('./cognito.ts').catch((error: unknown) => {
    cognitoModule = undefined;
    throw error;
  });
  return cognitoModule;
};

/** The library's clock drift of a session in seconds (local minus server time at sign-in). */
function clockDrift(session: PortalSession): number {
  return session.getClockDrift?.() ?? 0;
}

/** Whether the access token has expired (its expiry, on the session's clock, is in the past). */
export function isSessionExpired(session: PortalSession, nowMs: number = Date.now()): boolean {
  const serverNow = Math.floor(nowMs / 1000) - clockDrift(session);
  return session.getAccessToken().getExpiration() <= serverNow;
}

/** When the access token expires, in local epoch ms. */
export function sessionExpiresAt(session: PortalSession): number {
  return (session.getAccessToken().getExpiration() + clockDrift(session)) * 1000;
}

/** A result of an account operation: ok or a Cognito error code and its message. */
export type AccountResult = { ok: true } | { ok: false; code: string; message: string };

const attempt = async (run: () => Promise<unknown>): Promise<AccountResult> => {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    return { ok: false, code: errorCode(error), message: errorMessage(error) };
  }
};

/**
 * The sign-in state of one portal over amazon-cognito-identity-js. Framework-free: the React
 * provider and the HTTP layer use it.
 */
export class PortalAuth {
  constructor(
    readonly portal: Portal,
    private readonly setup: CognitoSetup = {},
  ) {}

  private pending: Promise<CognitoUserPool> | undefined;
  private pendingIds: Promise<PoolIds> | undefined;

  /** The pool's ids, fetched once per instance (again after a failure). */
  private ids(): Promise<PoolIds> {
    this.pendingIds ??= loadPoolIds(this.portal, this.setup).catch((error: unknown) => {
      this.pendingIds = undefined;
      throw error;
    });
    return this.pendingIds;
  }

  /** The library's pool, loaded once per instance (again after a failure). */
  private pool(): Promise<CognitoUserPool> {
    this.pending ??= Promise.all([cognito(), this.ids()])
      .then(([{ createPool }, ids]) => createPool(this.portal, ids, this.setup))
      .catch((error: unknown) => {
        this.pending = undefined;
        throw error;
      });
    return this.pending;
  }

  /** The stored session while its tokens are valid, read without the library; else null. */
  private async stored(nowMs: number): Promise<PortalSession | null> {
    const { userPoolWebClientId } = await this.ids();
    try {
      // The library falls back to memory where the browser denies localStorage (an embedded
      // page): then nothing is stored across pages, and the library answers.
      const storage = this.setup.storage ?? globalThis.localStorage;
      return storedSession(storage, userPoolWebClientId, nowMs);
    } catch {
      return null;
    }
  }

  /** A library user object of this portal's pool for a (lowercased) username. */
  private async userNamed(username: string): Promise<CognitoUser> {
    const pool = await this.pool();
    const { userFor } = await cognito();
    return userFor(pool, username, this.setup.storage);
  }

  private async currentUser(): Promise<CognitoUser | null> {
    return (await this.pool()).getCurrentUser();
  }

  /** Signs in; the username is lowercased first. */
  async signIn(username: string, password: string): Promise<SignInResult> {
    const pool = await this.pool();
    const { authenticate, userFor } = await cognito();
    return authenticate(userFor(pool, username, this.setup.storage), password);
  }

  /**
   * The valid session, or null. Valid stored tokens answer without the library; an expired
   * access token forces a refresh; when no user results (no stored user, or the refresh fails)
   * the user is signed out locally.
   */
  async session(nowMs: number = Date.now()): Promise<PortalSession | null> {
    const stored = await this.stored(nowMs);
    if (stored) return stored;
    const user = await this.currentUser();
    if (!user) return null;
    try {
      const session = await promisify<CognitoUserSession | null>((done) => user.getSession(done));
      if (!session) throw new Error('no session');
      if (!isSessionExpired(session, nowMs)) return session;
      return await this.forceRefresh(user, session);
    } catch {
      user.signOut();
      return null;
    }
  }

  private async forceRefresh(
    user: CognitoUser,
    session: CognitoUserSession,
  ): Promise<CognitoUserSession> {
    const refreshed = await promisify<CognitoUserSession>((done) =>
      user.refreshSession(session.getRefreshToken(), done),
    );
    return refreshed;
  }

  /** Extends the session now (the expiry warning's button): a forced refresh. */
  async extend(): Promise<CognitoUserSession | null> {
    const user = await this.currentUser();
    if (!user) return null;
    try {
      const session = await promisify<CognitoUserSession | null>((done) => user.getSession(done));
      if (!session) throw new Error('no session');
      return await this.forceRefresh(user, session);
    } catch {
      user.signOut();
      return null;
    }
  }

  /** The access token for API calls; null when signed out. */
  async accessToken(): Promise<string | null> {
    return (await this.session())?.getAccessToken().getJwtToken() ?? null;
  }

  /** Signs out everywhere (GlobalSignOut, best effort) and clears the stored tokens. */
  async signOut(): Promise<void> {
    const user = await this.currentUser();
    if (!user) return;
    try {
      await promisify<CognitoUserSession | null>((done) => user.getSession(done));
      await new Promise<void>((resolve) => {
        user.globalSignOut({ onSuccess: () => resolve(), onFailure: () => resolve() });
      });
    } catch {
      // Signed out locally below in any case.
    }
    user.signOut();
  }

  /** Asks for a password-reset code (sent by e-mail). */
  async forgotPassword(username: string): Promise<AccountResult> {
    const user = await this.userNamed(username);
    return attempt(
      () =>
        new Promise((resolve, reject) =>
          user.forgotPassword({ onSuccess: resolve, onFailure: reject }),
        ),
    );
  }

  /** Sets a new password with the mailed code. */
  async confirmPassword(username: string, code: string, password: string): Promise<AccountResult> {
    const user = await this.userNamed(username);
    return attempt(
      () =>
        new Promise((resolve, reject) =>
          user.confirmPassword(code.trim(), password, { onSuccess: resolve, onFailure: reject }),
        ),
    );
  }

  /** Registers a customer by e-mail and partner number. */
  async register(email: string, partnerNummer: string, password: string): Promise<AccountResult> {
    const pool = await this.pool();
    const { attribute } = await cognito();
    const username = normalizeUsername(email);
    return attempt(() =>
      promisify((done) =>
        pool.signUp(
          username,
          password,
          [attribute('email', username), attribute('custom:partnernummer', partnerNummer.trim())],
          [],
          done,
        ),
      ),
    );
  }

  /** Confirms a registration with the mailed code. */
  async confirmRegistration(email: string, code: string): Promise<AccountResult> {
    const user = await this.userNamed(email);
    return attempt(() => promisify((done) => user.confirmRegistration(code.trim(), false, done)));
  }

  private async signedInUser(): Promise<CognitoUser> {
    const user = await this.currentUser();
    if (!user || !(await this.session()))
      throw Object.assign(new Error('signed out'), { code: 'NotAuthorizedException' });
    await promisify((done) => user.getSession(done));
    return user;
  }

  /** Changes the password of the signed-in user. */
  async changePassword(previous: string, proposed: string): Promise<AccountResult> {
    return attempt(async () => {
      const user = await this.signedInUser();
      await promisify((done) => user.changePassword(previous, proposed, done));
    });
  }

  /**
   * Asks to change the e-mail address or the mobile number (E.164) of the signed-in user: the
   * service sends a code to the new address (by SMS to the new number); {@link verifyAttribute}
   * with that code makes the change.
   */
  async requestAttributeChange(name: VerifiedAttribute, value: string): Promise<AccountResult> {
    return attempt(async () => {
      const user = await this.signedInUser();
      const { attribute } = await cognito();
      await promisify((done) => user.updateAttributes([attribute(name, value)], done));
    });
  }

  /** Confirms a requested change with its code. */
  async verifyAttribute(name: VerifiedAttribute, code: string): Promise<AccountResult> {
    return attempt(async () => {
      const user = await this.signedInUser();
      await new Promise<void>((resolve, reject) =>
        user.verifyAttribute(name, code.trim(), {
          onSuccess: () => resolve(),
          onFailure: reject,
        }),
      );
    });
  }

  /** Sends the code of a requested change once more. */
  async resendAttributeCode(name: VerifiedAttribute): Promise<AccountResult> {
    return attempt(async () => {
      const user = await this.signedInUser();
      await new Promise<void>((resolve, reject) =>
        user.getAttributeVerificationCode(name, {
          onSuccess: () => resolve(),
          onFailure: reject,
        }),
      );
    });
  }
}

/** The attributes a user changes with a code sent to the new value. */
export type VerifiedAttribute = 'email' | 'phone_number';

/** One {@link PortalAuth} per portal for the app. */
export const portalAuth: Record<Portal, PortalAuth> = {
  benutzer: new PortalAuth('benutzer'),
  vermittler: new PortalAuth('vermittler'),
};
