import type { AddressInfo } from 'node:net';
import { seedIdentityUsers } from '../../apps/server/src/seed/identityUsers.ts';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../apps/server/src/app.ts';
import {
  bearerAuthentication,
  registerIdentityRoutes,
  type IdentityRouteOptions,
} from '../../apps/server/src/identity/index.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { openTestDatabase, TODAY, type TestDatabase } from './helpers/testDatabase.ts';

/** A listening server with the identity routes and bearer authentication, and its base URL. */
export interface IdentityServer {
  app: FastifyInstance;
  base: string;
  close(): Promise<void>;
}

/** Identity options of a test server (without the database). */
export type TestIdentityOptions = Omit<Partial<IdentityRouteOptions>, 'db'>;

/** Starts one server process over `database` (several may share one database). */
export async function listenIdentityServer(
  database: Database,
  options: TestIdentityOptions = {},
  seed = true,
): Promise<IdentityServer> {
  const identity = { db: database.db, production: false, ...options };
  const app = await buildServer({
    database,
    seed,
    today: () => TODAY,
    authenticate: bearerAuthentication(identity),
  });
  await registerIdentityRoutes(app, {
    ...(seed ? { seedUsers: seedIdentityUsers } : {}),
    ...identity,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, base: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A fresh database and one server over it. */
export async function startIdentityServer(
  options: TestIdentityOptions = {},
): Promise<IdentityServer & { db: TestDatabase }> {
  // The server migrates and seeds with TODAY: the run's template holds the same data.
  const db = await openTestDatabase({ template: true });
  const server = await listenIdentityServer(db.database, options);
  return {
    ...server,
    db,
    close: async () => {
      await server.close();
      await db.cleanup();
    },
  };
}

/** An in-memory storage for the client library (one per test user, nothing shared). */
export function memoryStorage(): ICognitoStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    setItem: (key, value) => void data.set(key, value),
    getItem: (key) => data.get(key) ?? null,
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
  };
}

/** The client library's pool for a server, configured from GET /api/{pool}/pool. */
export async function userPool(
  base: string,
  pool: 'benutzer' | 'vermittler',
  storage: ICognitoStorage = memoryStorage(),
): Promise<CognitoUserPool> {
  const response = await fetch(`${base}/api/${pool}/pool`);
  if (!response.ok)
    throw new Error(`GET /api/${pool}/pool answered ${response.status}: ${await response.text()}`);
  const ids = (await response.json()) as { userPoolId: string; userPoolWebClientId: string };
  return new CognitoUserPool({
    UserPoolId: ids.userPoolId,
    ClientId: ids.userPoolWebClientId,
    endpoint: `${base}/api/identity/${pool}/`,
    Storage: storage,
  });
}

/** What a sign-in through the unchanged client library ended with. */
export type SignInOutcome =
  | { kind: 'success'; session: CognitoUserSession; user: CognitoUser }
  | {
      kind: 'newPassword';
      user: CognitoUser;
      attributes: Record<string, string>;
      required: string[];
    }
  | { kind: 'failure'; code: string; message: string };

/** Signs in with the library's SRP flow (USER_SRP_AUTH or CUSTOM_AUTH starting with SRP_A). */
export function signIn(
  pool: CognitoUserPool,
  username: string,
  password: string,
  flow: 'USER_SRP_AUTH' | 'CUSTOM_AUTH' = 'USER_SRP_AUTH',
  storage: ICognitoStorage = memoryStorage(),
): Promise<SignInOutcome> {
  const user = new CognitoUser({ Username: username, Pool: pool, Storage: storage });
  user.setAuthenticationFlowType(flow);
  return new Promise((resolve) => {
    user.authenticateUser(new AuthenticationDetails({ Username: username, Password: password }), {
      onSuccess: (session) => resolve({ kind: 'success', session, user }),
      onFailure: (error: { code?: string; message?: string }) =>
        resolve({ kind: 'failure', code: error.code ?? '', message: error.message ?? '' }),
      newPasswordRequired: (attributes: Record<string, string>, required: string[]) =>
        resolve({ kind: 'newPassword', user, attributes, required }),
      customChallenge: () => resolve({ kind: 'failure', code: 'CustomChallenge', message: '' }),
    });
  });
}

/** Calls an identity operation directly, as the library would. */
export async function identityCall(
  base: string,
  pool: 'benutzer' | 'vermittler',
  operation: string,
  body: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}/api/identity/${pool}/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The JSON payload of a JWT (no verification). */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}
