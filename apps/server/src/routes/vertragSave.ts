import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/index.ts';
import { saveChanges } from '../contracts/saveChange.ts';
import { sendError, sendValidationError } from '../http/errors.ts';
import {
  claimKey,
  IDEMPOTENCY_HEADER,
  releaseKey,
  requestHash,
} from '../idempotency/idempotency.ts';
import { idParams, requireIdentity, type RouteContext } from './context.ts';
import { saveBodySchema, type SaveBody } from './saveSchema.ts';
import { VERTRAG_BASE } from './vertragRead.ts';

/**
 * PATCH /api/vertrag/vertrag/{id}: saves calculated changes. Honours `Idempotency-Key`: the same
 * key and body replay the first response and write nothing; another body gets 422; a duplicate
 * while the first still runs gets 409. A failed save releases its key.
 */
export function registerVertragSaveRoute(app: FastifyInstance, context: RouteContext): void {
  app.patch<{ Params: { id: string }; Body: SaveBody }>(
    `${VERTRAG_BASE}/:id`,
    { schema: { params: idParams, body: saveBodySchema } },
    async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
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
      const principal = principalOf(identity);
      const idempotency = header ? { principal, key: header } : null;
      if (idempotency) {
        const hash = requestHash({
          method: 'PATCH',
          route: 'vertrag',
          id: request.params.id,
          body: request.body,
        });
        const claim = await claimKey(context.db, principal, idempotency.key, hash);
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
        if (claim.kind === 'in-progress') {
          return sendError(reply, 409, 'conflict', 'Diese Anfrage wird gerade schon bearbeitet.');
        }
      }
      let outcome;
      try {
        outcome = await saveChanges({
          db: context.db,
          tariffs: context.tariffs,
          identity,
          id: request.params.id,
          body: request.body,
          today: context.today(),
          requestId: request.id,
          idempotency,
        });
      } catch (error) {
        if (idempotency)
          await releaseKey(context.db, principal, idempotency.key).catch(() => undefined);
        throw error;
      }
      if (outcome.status !== 200 && idempotency)
        await releaseKey(context.db, principal, idempotency.key);
      return reply.code(outcome.status).send(outcome.body);
    },
  );
}
