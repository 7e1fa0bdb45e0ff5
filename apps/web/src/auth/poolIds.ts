// The pool ids without the library: the stored session is looked up under the pool's client id.
import { serviceUnavailable } from '../http/index.ts';
import type { ICognitoStorage } from 'amazon-cognito-identity-js';

/** Where the pool ids and the identity endpoint are (the app's own origin by default). */
export interface CognitoSetup {
  /** Absolute origin of the API, e.g. http://localhost:4600 (default: window.location.origin). */
  origin?: string;
  /** Token storage (default: the library's, i.e. localStorage). */
  storage?: ICognitoStorage;
}
import type { Portal } from './pools.ts';

/** The ids of a portal's pool, from GET /api/{pool}/pool (no library needed). */
export interface PoolIds {
  userPoolId: string;
  userPoolWebClientId: string;
}

/** Fetches the ids of a portal's pool; a 503 marks the service as away (http/unavailable.ts). */
export async function loadPoolIds(portal: Portal, setup: CognitoSetup = {}): Promise<PoolIds> {
  const origin = setup.origin ?? window.location.origin;
  const response = await fetch(`${origin}/api/${portal}/pool`, {
    headers: { Accept: 'application/json' },
  });
  // A 503 (outage, overload) shows the app's unavailable notice, as for every other call.
  if (response.status === 503) serviceUnavailable.report();
  if (!response.ok) throw new Error(`pool ${portal}: ${response.status}`);
  return (await response.json()) as PoolIds;
}
