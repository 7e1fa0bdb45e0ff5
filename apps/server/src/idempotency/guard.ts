import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf, type Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { sendError, sendValidationError } from '../http/errors.ts';
import {
  claimKey,
  completeKey,
  IDEMPOTENCY_HEADER,
  readKey,
  releaseKey,
  requestHash,
  type IdempotencyStore,
} from './idempotency.ts';

/** The response a guarded piece of work decided. */
export interface GuardedOutcome {
  status: number;
  body: unknown;
  /** Extra response headers (not replayed). */
  headers?: Record<string, string>;
}

/** A stored 2xx response as a route sends it: the first time and on every replay. */
export type SendStored = (
  reply: FastifyReply,
  stored: { status: number; body: unknown },
) => Promise<FastifyReply> | FastifyReply;

/** Whose keys the keys of callers without sign-in are (public applications share one). */
export const PUBLIC_PRINCIPAL = 'oeffentlich';

const IN_PROGRESS = 'Diese Anfrage wird gerade schon bearbeitet.';

/** What identifies a request for {@link withIdempotency}. */
export interface GuardedRequest {
  store: IdempotencyStore;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in caller, whose keys these are; null for a call anyone may make. */
  identity: Identity | null;
  /** Whose keys these are when it is not the identity's (a claimant's token). */
  principal?: string;
  /** A stable name of the route (part of the request hash). */
  route: string;
  /** The path id (part of the request hash). */
  id: string;
  /** What the hash covers as the body (the JSON body, or a digest of raw bytes). */
  body: unknown;
  /**
   * Sends a 2xx response that is not the stored JSON itself (a PDF the stored body names); used
   * for the first answer and for replays alike, so both are the same. Default: the JSON body.
   */
  sendStored?: SendStored;
}

/** The claim of this request lapsed and another request took the key over. */
class LeaseLapsed extends Error {}

/**
 * Runs `work` in one transaction under the request's `Idempotency-Key`, when it has one: the same
 * key and body replay the first response and run nothing; another body gets 422; a duplicate
 * while the first still runs gets 409. A 2xx outcome is stored in the work's own transaction, so
 * the work and the key's response are committed together or not at all; any other outcome or an
 * exception releases the key. A key whose request died with its process is taken over after its
 * lease (idempotency.ts), and a claim that lost its key that way rolls its work back. `work` must
 * use the database handle it is given (the transaction) for every statement. Callers without
 * sign-in share {@link PUBLIC_PRINCIPAL}, so their replay needs the same key and the same body.
 */
export async function withIdempotency(
  guarded: GuardedRequest,
  work: (db: Db) => Promise<GuardedOutcome>,
): Promise<FastifyReply> {
  const { store, request, reply } = guarded;
  const { db } = store;
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
  if (!header) return answer(guarded, await db.transaction((tx) => work(tx as unknown as Db)));
  const principal =
    guarded.principal ?? (guarded.identity ? principalOf(guarded.identity) : PUBLIC_PRINCIPAL);
  const hash = requestHash({
    method: request.method,
    route: guarded.route,
    id: guarded.id,
    body: guarded.body,
  });
  const claim = await claimKey(store, principal, header, hash);
  if (claim.kind === 'replay') return replay(guarded, claim);
  if (claim.kind === 'mismatch') {
    return sendError(
      reply,
      422,
      'unprocessable',
      'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.',
    );
  }
  if (claim.kind === 'in-progress') return sendError(reply, 409, 'conflict', IN_PROGRESS);
  const { token } = claim;
  let outcome: GuardedOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const inTx = tx as unknown as Db;
      const result = await work(inTx);
      if (result.status >= 200 && result.status < 300) {
        if (!(await completeKey(inTx, principal, header, token, result.status, result.body)))
          throw new LeaseLapsed();
      } else await releaseKey(inTx, principal, header, token);
      return result;
    });
  } catch (error) {
    if (error instanceof LeaseLapsed) {
      const now = await readKey(db, principal, header);
      return now.kind === 'replay'
        ? replay(guarded, now)
        : sendError(reply, 409, 'conflict', IN_PROGRESS);
    }
    await releaseKey(db, principal, header, token).catch(() => undefined);
    throw error;
  }
  return answer(guarded, outcome);
}

async function answer(guarded: GuardedRequest, outcome: GuardedOutcome): Promise<FastifyReply> {
  const { reply } = guarded;
  if (outcome.headers) reply.headers(outcome.headers);
  if (guarded.sendStored && outcome.status >= 200 && outcome.status < 300)
    return guarded.sendStored(reply, outcome);
  return reply.code(outcome.status).send(outcome.body);
}

async function replay(
  guarded: GuardedRequest,
  stored: { status: number; body: unknown },
): Promise<FastifyReply> {
  guarded.reply.header('idempotent-replayed', 'true');
  if (guarded.sendStored) return guarded.sendStored(guarded.reply, stored);
  return guarded.reply.code(stored.status).send(stored.body);
}
