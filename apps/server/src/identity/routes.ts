import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePassword,
  getUser,
  getUserAttributeVerificationCode,
  globalSignOut,
  revokeToken,
  updateUserAttributes,
  verifyUserAttribute,
} from './account.ts';
import { POOLS, resolveConfig, type IdentityConfig, type IdentityOptions } from './config.ts';
import { CognitoError, type RequestBody } from './errors.ts';
import { keyCache } from './keys.ts';
import type { Operation } from './operation.ts';
import { registerDevOutbox } from './outbox.ts';
import { confirmForgotPassword, forgotPassword } from './recovery.ts';
import { confirmSignUp, signUp } from './signUp.ts';
import { initiateAuth, respondToAuthChallenge } from './signIn.ts';
import { classifyDatabaseError } from '../http/databaseErrors.ts';
import { sendUnavailable } from '../http/errors.ts';

const OPERATIONS: Record<string, Operation> = {
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetUser: getUser,
  ChangePassword: changePassword,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  UpdateUserAttributes: updateUserAttributes,
  VerifyUserAttribute: verifyUserAttribute,
  GetUserAttributeVerificationCode: getUserAttributeVerificationCode,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
};

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** Options of {@link registerIdentityRoutes}. */
export interface IdentityRouteOptions extends IdentityOptions {
  /**
   * Writes the demo users (idempotent) before the routes serve: the server passes the seed's
   * (seed/identityUsers.ts) when it seeds; the identity service knows no demo data itself.
   */
  seedUsers?: (db: IdentityConfig['db'], config: IdentityConfig) => Promise<unknown>;
  /** The throttle's client key of a request (default: its remote address). */
  clientKey?: (request: FastifyRequest) => string;
}

function sendCognitoError(reply: FastifyReply, error: CognitoError): FastifyReply {
  return reply
    .code(error.status)
    .header('x-amzn-errortype', `${error.code}:`)
    .type('application/x-amz-json-1.1')
    .send({ __type: error.code, message: error.message });
}

/**
 * The local Cognito-compatible identity service of both pools:
 * `POST /api/identity/{pool}/` (X-Amz-Target operations, application/x-amz-json-1.1),
 * `GET /api/{pool}/pool` (pool and client id), `GET /api/identity/{pool}/.well-known/jwks.json`
 * and, when switched on, `GET /api/identity/dev/outbox?username=` (the codes "sent") for callers
 * on this machine only.
 */
export async function registerIdentityRoutes(
  app: FastifyInstance,
  options: IdentityRouteOptions,
): Promise<void> {
  const config = resolveConfig(options);
  const keys = keyCache(config.db);
  if (options.seedUsers) await options.seedUsers(config.db, config);
  const clientKey = options.clientKey ?? ((request: FastifyRequest) => request.ip);

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-amz-json-1.1',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, text, done) => {
        try {
          done(null, text === '' ? {} : (JSON.parse(String(text)) as unknown));
        } catch {
          done(null, null);
        }
      },
    );

    for (const pool of POOLS) {
      scope.get(`/api/${pool}/pool`, async (_request, reply) => {
        const ids = config.pools[pool];
        return reply
          .header('cache-control', 'no-store')
          .send({ userPoolId: ids.userPoolId, userPoolWebClientId: ids.userPoolWebClientId });
      });
      scope.get(`/api/identity/${pool}/.well-known/jwks.json`, async () => (await keys()).jwks);
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', 'no-store');
        const target = request.headers['x-amz-target'];
        const name =
          typeof target === 'string' && target.startsWith(TARGET_PREFIX)
            ? target.slice(TARGET_PREFIX.length)
            : '';
        const operation = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
        if (!operation) {
          return sendCognitoError(
            reply,
            new CognitoError('UnknownOperationException', 'Unknown operation'),
          );
        }
        const body = request.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          return sendCognitoError(
            reply,
            new CognitoError('SerializationException', 'Malformed request body'),
          );
        }
        try {
          const result = await operation(
            { config, keys: await keys(), pool, client: clientKey(request) },
            body as RequestBody,
          );
          return reply.type('application/x-amz-json-1.1').send(result);
        } catch (error) {
          if (error instanceof CognitoError) return sendCognitoError(reply, error);
          if (classifyDatabaseError(error) === 'unavailable') {
            request.log.warn({ err: error }, 'database unavailable');
            return sendUnavailable(reply);
          }
          request.log.error({ err: error }, 'identity operation failed');
          return sendCognitoError(
            reply,
            new CognitoError('InternalErrorException', 'Internal error', 500),
          );
        }
      };
      scope.post(`/api/identity/${pool}`, handler);
      scope.post(`/api/identity/${pool}/`, handler);
    }

    registerDevOutbox(scope, config);
  });
}
