import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf, type Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { sendError, sendValidationError } from '../http/errors.ts';
import {
  claimKey,
  completeKey,
  IDEMPOTENCY_HEADER,
  releaseKey,
  requestHash,
} from './idempotency.ts';

/** A claimed key: the work completes it in its own transaction when it can. */
export interface IdempotencyScope {
  principal: string;
  key: string;
}

/** The response a guarded piece of work decided. */
export interface GuardedOutcome {
  status: number;
  body: unknown;
  /** Extra response headers (not replayed). */
  headers?: Record<string, string>;
}

/** Whose keys the keys of callers without sign-in are (public applications share one). */
export const PUBLIC_PRINCIPAL = 'oeffentlich';

/** What identifies a request for {@link withIdempotency}. */
export interface GuardedRequest {
  db: Db;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in caller, whose keys these are; null for a call anyone may make. */
  identity: Identity | null;
  /** A stable name of the route (part of the request hash). */
  route: string;
  /** The path id (part of the request hash). */
  id: string;
  /** What the hash covers as the body (the JSON body, or a digest of raw bytes). */
  body: unknown;
}

/**
 * Runs `work` under the request's `Idempotency-Key`, when it has one: the same key and body replay
 * the first response and run nothing; another body gets 422; a duplicate while the first still
 * runs gets 409. A 2xx outcome is stored; any other outcome or an exception releases the key.
 * Callers without sign-in share {@link PUBLIC_PRINCIPAL}, so their replay needs the same key and
 * the same body.
 */
export async function withIdempotency(
  guarded: GuardedRequest,
  work: (scope: IdempotencyScope | null) => Promise<GuardedOutcome>,
): Promise<FastifyReply> {
  const { db, request, reply } = guarded;
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
  const principal = guarded.identity ? principalOf(guarded.identity) : PUBLIC_PRINCIPAL;
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
