import './globalShim.ts';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import { errorCode, errorMessage } from './libraryCalls.ts';
import type { CognitoSetup, PoolIds } from './poolIds.ts';
import { normalizeUsername, type Portal } from './pools.ts';

export { errorCode, errorMessage, promisify } from './libraryCalls.ts';

export type { CognitoSetup } from './poolIds.ts';

/** The library's pool of a portal, configured from its ids. */
export function createPool(
  portal: Portal,
  ids: PoolIds,
  setup: CognitoSetup = {},
): CognitoUserPool {
  const origin = setup.origin ?? window.location.origin;
  return new CognitoUserPool({
    UserPoolId: ids.userPoolId,
    ClientId: ids.userPoolWebClientId,
    endpoint: `${origin}/api/identity/${portal}/`,
    ...(setup.storage ? { Storage: setup.storage } : {}),
  });
}

/** A library user object for a (lowercased) username. */
export function userFor(
  pool: CognitoUserPool,
  username: string,
  storage?: ICognitoStorage,
): CognitoUser {
  return new CognitoUser({
    Username: normalizeUsername(username),
    Pool: pool,
    ...(storage ? { Storage: storage } : {}),
  });
}

/** What a sign-in attempt ended with. */
export type SignInResult =
  | { kind: 'success'; session: CognitoUserSession }
  | {
      kind: 'newPassword';
      /** Sets the new password and the nickname the challenge requires. */
      complete(newPassword: string, nickname: string): Promise<SignInResult>;
    }
  | { kind: 'error'; code: string; message: string };

/** Signs in with SRP (CUSTOM_AUTH starting with SRP_A, as the platform's pools are set up). */
export function authenticate(user: CognitoUser, password: string): Promise<SignInResult> {
  user.setAuthenticationFlowType('CUSTOM_AUTH');
  return new Promise((resolve) => {
    const callbacks = {
      onSuccess: (session: CognitoUserSession) => resolve({ kind: 'success', session }),
      onFailure: (error: unknown) =>
        resolve({ kind: 'error', code: errorCode(error), message: errorMessage(error) }),
      customChallenge: () => resolve({ kind: 'error', code: 'UnsupportedChallenge', message: '' }),
      newPasswordRequired: () =>
        resolve({
          kind: 'newPassword',
          complete: (newPassword: string, nickname: string) =>
            new Promise<SignInResult>((done) => {
              user.completeNewPasswordChallenge(
                newPassword,
                { nickname },
                {
                  onSuccess: (session: CognitoUserSession) => done({ kind: 'success', session }),
                  onFailure: (error: unknown) =>
                    done({ kind: 'error', code: errorCode(error), message: errorMessage(error) }),
                },
              );
            }),
        }),
    };
    user.authenticateUser(
      new AuthenticationDetails({ Username: user.getUsername(), Password: password }),
      callbacks,
    );
  });
}

/** A user attribute for updateAttributes / signUp. */
export const attribute = (Name: string, Value: string) => new CognitoUserAttribute({ Name, Value });
