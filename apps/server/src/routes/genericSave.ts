import type { FastifyInstance } from 'fastify';
import { changesOfBody } from '../contracts/changeCatalogue.ts';
import { saveChanges } from '../contracts/saveChange.ts';
import { withIdempotency } from '../idempotency/guard.ts';
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
    { schema: { params: idParams, body: saveBodySchema(context.kinds) } },
    async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
      const { id } = request.params;
      const body = request.body;
      return withIdempotency(
        { store: context.idempotency, request, reply, identity, route: 'vertrag', id, body },
        (db) =>
          saveChanges({
            db,
            tariffs: context.tariffs,
            kinds: context.kinds,
            identity,
            id,
            versicherungsNummer: body.versicherungsNummer,
            lastUpdated: body.lastUpdated,
            wirksamkeitsdatum: body.wirksamkeitsdatum,
            changes: changesOfBody(context.kinds, body as unknown as Record<string, unknown>),
            today: context.today(),
            requestId: request.id,
          }),
      );
    },
  );
}
