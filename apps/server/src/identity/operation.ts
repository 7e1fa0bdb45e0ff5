import type { IdentityConfig } from './config.ts';
import { CognitoError, requireString, type RequestBody } from './errors.ts';
import type { KeyMaterial } from './keys.ts';
import type { PoolName } from './schema.ts';

/** What every operation gets: configuration, keys, the pool addressed and the caller's client key. */
export interface OperationContext {
  config: IdentityConfig;
  keys: KeyMaterial;
  pool: PoolName;
  /** Identifies the client for the throttle (the remote address by default). */
  client: string;
}

/** One `AWSCognitoIdentityProviderService.<Operation>`: request body in, response body out. */
export type Operation = (context: OperationContext, body: RequestBody) => Promise<object>;

/** Checks the body's ClientId against the pool's app client. */
export function requireClient(context: OperationContext, body: RequestBody): string {
  const clientId = requireString(body, 'ClientId');
  if (clientId !== context.config.pools[context.pool].userPoolWebClientId) {
    throw new CognitoError(
      'ResourceNotFoundException',
      `User pool client ${clientId} does not exist.`,
    );
  }
  return clientId;
}
