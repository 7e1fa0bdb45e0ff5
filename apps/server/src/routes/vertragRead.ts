import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { maySeePartner } from '../auth/visibility.ts';
import { readVisibleContractView } from '../contracts/access.ts';
import { listItemsOf } from '../contracts/listItems.ts';
import { admitContractTypeLookup, DEFAULT_VERTRAGSART } from '../contracts/contractTypeLookup.ts';
import { contracts } from '../db/schema/index.ts';
import { sendContractNotFound, sendError, sendTooManyRequests } from '../http/errors.ts';
import { idParams, requireIdentity, type RouteContext } from './context.ts';

/** Base path of the contract calls (spec section 7). */
export const VERTRAG_BASE = '/api/vertrag/vertrag';

/** The read-only contract calls: list, detail, contract type, cancellation and revocation reasons. */
export function registerVertragReadRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get<{ Params: { id: string } }>(
    `${VERTRAG_BASE}/findByPartnerNummer/:id`,
    { schema: { params: idParams } },
    async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
      if (!(await maySeePartner(context.db, identity, request.params.id))) {
        return sendError(
          reply,
          404,
          'not-found',
          'Zu diesem Kunden haben wir keine Verträge gefunden.',
        );
      }
      const rows = await context.db
        .select()
        .from(contracts)
        .where(eq(contracts.partnerNummer, request.params.id))
        .orderBy(asc(contracts.versicherungsNummer));
      return listItemsOf(context.db, request.params.id, rows);
    },
  );

  app.get<{ Params: { id: string } }>(
    `${VERTRAG_BASE}/widerrufsgruende`,
    async (request, reply) => {
      if (!(await requireIdentity(context, request, reply))) return reply;
      return context.reasons.widerrufsgruende();
    },
  );

  app.get<{ Params: { productKey: string } }>(
    `${VERTRAG_BASE}/kuendigungsgruende/:productKey`,
    {
      schema: {
        params: {
          type: 'object',
          properties: { productKey: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{1,40}$' } },
          required: ['productKey'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      if (!(await requireIdentity(context, request, reply))) return reply;
      const reasons = context.reasons.kuendigungsgruende(request.params.productKey);
      if (!reasons) return sendError(reply, 404, 'not-found', 'Dieses Produkt kennen wir nicht.');
      return reasons;
    },
  );

  app.get<{ Params: { id: string } }>(
    `${VERTRAG_BASE}/:id`,
    { schema: { params: idParams } },
    async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
      const view = await readVisibleContractView(context.db, identity, request.params.id);
      return view ?? sendContractNotFound(reply);
    },
  );

  // Without auth (spec section 7): whether a contract is GEWERBE or PRIVAT. Throttled per client,
  // and an unknown number answers the usual kind, so the answer does not say whether it exists.
  app.get<{ Params: { id: string } }>(
    `${VERTRAG_BASE}/:id/vertragsart`,
    { schema: { params: idParams } },
    async (request, reply) => {
      const now = context.clock?.() ?? new Date();
      const admission = await admitContractTypeLookup(context.db, request.ip, now);
      if (!admission.admitted) return sendTooManyRequests(reply, admission.retryAfterSeconds);
      const [row] = await context.db
        .select({ vertragsart: contracts.vertragsart })
        .from(contracts)
        .where(eq(contracts.versicherungsNummer, request.params.id));
      return { vertragsart: row?.vertragsart ?? DEFAULT_VERTRAGSART };
    },
  );
}
