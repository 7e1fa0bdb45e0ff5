import type { FastifyInstance } from 'fastify';
import { findVisibleContract } from '../contracts/access.ts';
import { confirmContract } from '../contracts/confirmation.ts';
import { widerrufsinfoOf } from '../contracts/revocation.ts';
import { cancellationDates, endContract } from '../contracts/termination.ts';
import { sendContractNotFound } from '../http/errors.ts';
import { idParams, requireIdentity, type RouteContext } from './context.ts';
import { VERTRAG_BASE } from './vertragRead.ts';

const reasonParams = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    reason: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{1,60}$' },
  },
  required: ['id', 'reason'],
  additionalProperties: false,
} as const;

const endQuery = {
  type: 'object',
  properties: {
    freitext: { type: 'string', maxLength: 1000 },
    kuendigungsdatum: { type: 'string', format: 'date' },
  },
  additionalProperties: false,
} as const;

const number = { type: 'string', minLength: 1, maxLength: 64 } as const;

/**
 * Ending and confirming a contract: DELETE .../{id}/kuendigung/{reason}, DELETE
 * .../{id}/widerruf/{reason}, GET .../{id}/widerrufsinfo, GET .../{id}/kuendigungsdaten (the days
 * a cancellation may take effect) and POST .../confirmation/{partner}/{contract}.
 */
export function registerVertragEndeRoutes(app: FastifyInstance, context: RouteContext): void {
  for (const art of ['kuendigung', 'widerruf'] as const) {
    app.delete<{
      Params: { id: string; reason: string };
      Querystring: { freitext?: string; kuendigungsdatum?: string };
    }>(
      `${VERTRAG_BASE}/:id/${art}/:reason`,
      {
        schema: {
          params: reasonParams,
          querystring:
            art === 'kuendigung'
              ? endQuery
              : { ...endQuery, properties: { freitext: endQuery.properties.freitext } },
        },
      },
      async (request, reply) => {
        const identity = await requireIdentity(context, request, reply);
        if (!identity) return reply;
        const ifMatch = request.headers['if-match'];
        const outcome = await endContract({
          db: context.db,
          identity,
          id: request.params.id,
          art,
          grund: request.params.reason,
          freitext: request.query.freitext ?? null,
          kuendigungsdatum: request.query.kuendigungsdatum ?? null,
          ifMatch: typeof ifMatch === 'string' ? ifMatch.replaceAll('"', '') : null,
          today: context.today(),
          requestId: request.id,
          reasons: context.reasons,
        });
        return reply.code(outcome.status).send(outcome.body);
      },
    );
  }

  app.get<{ Params: { id: string } }>(
    `${VERTRAG_BASE}/:id/widerrufsinfo`,
    { schema: { params: idParams } },
    async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
      const row = await findVisibleContract(context.db, identity, request.params.id);
      if (!row) return sendContractNotFound(reply);
      return widerrufsinfoOf(row, context.today());
    },
  );

  app.get<{ Params: { id: string } }>(
    `${VERTRAG_BASE}/:id/kuendigungsdaten`,
    { schema: { params: idParams } },
    async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
      const row = await findVisibleContract(context.db, identity, request.params.id);
      if (!row) return sendContractNotFound(reply);
      const dates = cancellationDates(row, context.today(), context.reasons);
      return 'status' in dates ? reply.code(dates.status).send(dates.body) : dates;
    },
  );

  app.post<{ Params: { partner: string; contract: string } }>(
    `${VERTRAG_BASE}/confirmation/:partner/:contract`,
    {
      schema: {
        params: {
          type: 'object',
          properties: { partner: number, contract: number },
          required: ['partner', 'contract'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
      const outcome = await confirmContract({
        db: context.db,
        identity,
        partner: request.params.partner,
        contract: request.params.contract,
        today: context.today(),
        requestId: request.id,
      });
      return reply.code(outcome.status).send(outcome.body);
    },
  );
}
