import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { sendError, sendValidationError } from '../http/errors.ts';
import type { GuardedOutcome, IdempotencyScope } from '../idempotency/guard.ts';
import {
  IDEMPOTENCY_HEADER,
  claimKey,
  completeKey,
  releaseKey,
  requestHash,
} from '../idempotency/idempotency.ts';

/** The idempotency principal of callers without sign-in (public applications). */
export const PUBLIC_PRINCIPAL = 'oeffentlich';

/** What identifies a request whose caller may be anonymous. */
export interface PrincipalRequest {
  db: Db;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Whose keys: `principalOf(identity)` of a signed-in caller, else {@link PUBLIC_PRINCIPAL}. */
  principal: string;
  route: string;
  id: string;
  body: unknown;
}

/**
 * As `withIdempotency` (idempotency/guard.ts), for calls that anyone may make: the keys of
 * anonymous callers share one principal, so a replay needs the same key and the same body.
 * Same key and body replay the first response; another body gets 422; a duplicate while the first
 * runs gets 409. A 2xx outcome is kept (the work may complete the key in its own transaction);
 * anything else releases the key.
 */
export async function withPrincipalIdempotency(
  guarded: PrincipalRequest,
  work: (scope: IdempotencyScope | null) => Promise<GuardedOutcome>,
): Promise<FastifyReply> {
  const { db, request, reply, principal } = guarded;
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (
    header !== undefined &&
    (typeof header !== 'string' || header.length < 1 || header.length > 255)
  ) {
    return sendValidationError(reply, [
      {
        path: '/headers/idempotency-key',
        keyword: 'maxLength',
        message: 'Der Idempotency-Key ist ungültig.',
      },
    ]);
  }
  const scope = header ? { principal, key: header } : null;
  if (scope) {
    const hash = requestHash({
      method: request.method,
      route: guarded.route,
      id: guarded.id,
      body: guarded.body,
    });
    const claim = await claimKey(db, principal, scope.key, hash);
    if (claim.kind === 'replay')
      return reply.code(claim.status).header('idempotent-replayed', 'true').send(claim.body);
    if (claim.kind === 'mismatch') {
      return sendError(
        reply,
        422,
        'unprocessable',
        'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.',
      );
    }
    if (claim.kind === 'in-progress')
      return sendError(reply, 409, 'conflict', 'Diese Anfrage wird gerade schon bearbeitet.');
  }
  let outcome: GuardedOutcome;
  try {
    outcome = await work(scope);
  } catch (error) {
    if (scope) await releaseKey(db, principal, scope.key).catch(() => undefined);
    throw error;
  }
  if (scope) {
    if (outcome.status >= 200 && outcome.status < 300)
      await completeKey(db, principal, scope.key, outcome.status, outcome.body);
    else await releaseKey(db, principal, scope.key);
  }
  if (outcome.headers) reply.headers(outcome.headers);
  return reply.code(outcome.status).send(outcome.body);
}
