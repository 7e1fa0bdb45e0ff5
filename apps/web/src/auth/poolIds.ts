// The pool ids without the library: the stored session is looked up under the pool's client id.
import type { CognitoSetup } from './cognito.ts';
import type { Portal } from './pools.ts';

/** The ids of a portal's pool, from GET /api/{pool}/pool (no library needed). */
export interface PoolIds {
  userPoolId: string;
  userPoolWebClientId: string;
}

/** Fetches the ids of a portal's pool. */
export async function loadPoolIds(portal: Portal, setup: CognitoSetup = {}): Promise<PoolIds> {
  const origin = setup.origin ?? window.location.origin;
  const response = await fetch(`${origin}/api/${portal}/pool`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`pool ${portal}: ${response.status}`);
  return (await response.json()) as PoolIds;
}
