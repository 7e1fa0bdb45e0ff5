import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Identity } from '../auth/index.ts';
import { agentOf, sendCustomerNotFound } from '../agents/index.ts';
import { loadServerFlow, type ServerFlow } from '../claims/flowAnswers.ts';
import { maySeePartner } from '../contracts/access.ts';
import { partners, type Brand } from '../db/schema/index.ts';
import { sendError, sendValidationError } from '../http/errors.ts';
import { withIdempotency } from '../idempotency/guard.ts';
import type { RouteContext } from '../routes/context.ts';
import type { Tariff } from '../pricing/index.ts';
import { bikePriceBodySchema, priceBike, type BikePriceBody } from './pricing.ts';
import { VARIANTEN, submitApplication, type ApplicationBody } from './submit.ts';

/** The brand of a public application (the browser does not tell the server its brand). */
export const DEFAULT_BRAND: Brand = 'andsafe';

const uuid = {
  type: ['string', 'null'],
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
} as const;

const applicationBodySchema = {
  type: 'object',
  properties: {
    variante: { enum: [...VARIANTEN] },
    partnerNummer: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
    entwurf: uuid,
    antworten: {
      type: 'object',
      maxProperties: 30,
      additionalProperties: { type: 'object' },
    },
  },
  required: ['variante', 'antworten'],
  additionalProperties: false,
} as const;

/** The common bundle's text of a missing field. */
const REQUIRED = common.validation.required;

/** The bike tariff of the catalogue. */
function bikeTariff(context: RouteContext): Tariff {
  const tariff = context.tariffs.get('FAHRRAD');
  if (!tariff) throw new Error('Der Fahrrad-Tarif fehlt.');
  return tariff;
}

/** The brand of an application: the customer's, else the agent's, else the default. */
async function brandOf(
  context: RouteContext,
  identity: Identity | null,
  partnerNummer: string | null,
): Promise<Brand> {
  if (partnerNummer) {
    const [partner] = await context.db
      .select({ brand: partners.brand })
      .from(partners)
      .where(eq(partners.partnerNummer, partnerNummer));
    if (partner) return partner.brand;
  }
  if (identity?.role === 'vermittler')
    return (await agentOf(context.db, identity.vermittlerNummer))?.brand ?? DEFAULT_BRAND;
  return DEFAULT_BRAND;
}

/**
 * The bike application calls: `POST /api/antrag/fahrrad/beitrag` prices an application (no
 * sign-in; 200 also when not insurable, with the German reason) and `POST /api/antrag/fahrrad`
 * submits one (public without an Authorization header, else the signed-in customer or agent;
 * Idempotency-Key honoured).
 */
export function registerApplicationRoutes(app: FastifyInstance, context: RouteContext): void {
  // Read on first use: the server starts (and its other calls work) without the generated flow.
  let flow: ServerFlow | undefined;
  const bikeFlow = (): ServerFlow => {
    flow ??= loadServerFlow('fahrrad');
    return flow;
  };

  app.post<{ Body: BikePriceBody }>(
    '/api/antrag/fahrrad/beitrag',
    { schema: { body: bikePriceBodySchema } },
    async (request) => {
      const price = priceBike(bikeTariff(context), request.body, context.today());
      return {
        versicherbar: price.versicherbar,
        grund: price.grund,
        beitrag: price.beitrag,
        jahresbeitrag: price.jahresbeitrag,
        zahlweise: price.zahlweise,
        versicherungssumme: price.versicherungssumme,
      };
    },
  );

  app.post<{ Body: ApplicationBody }>(
    '/api/antrag/fahrrad',
    { schema: { body: applicationBodySchema } },
    async (request, reply) => {
      const identity = await context.authenticate(request);
      // A token that is sent must be valid: only a call without one is a public application.
      if (!identity && request.headers.authorization !== undefined)
        return sendError(reply, 401, 'unauthorized', 'Bitte melden Sie sich an.');
      const body = request.body;
      if (body.variante === 'agent') {
        if (!identity) return sendError(reply, 401, 'unauthorized', 'Bitte melden Sie sich an.');
        if (identity.role !== 'vermittler') return sendCustomerNotFound(reply);
        if (!body.partnerNummer) {
          return sendValidationError(reply, [
            { path: '/body/partnerNummer', keyword: 'required', message: REQUIRED },
          ]);
        }
      }
      let partnerNummer: string | null = null;
      if (body.partnerNummer) {
        if (!identity || !(await maySeePartner(context.db, identity, body.partnerNummer)))
          return sendCustomerNotFound(reply);
        partnerNummer = body.partnerNummer;
      } else if (identity?.role === 'benutzer') {
        partnerNummer = identity.partnerNummer;
      }
      if (body.entwurf && identity?.role !== 'vermittler')
        return sendError(reply, 404, 'not-found', 'Diesen Entwurf haben wir nicht gefunden.');
      const brand = await brandOf(context, identity, partnerNummer);
      return withIdempotency(
        {
          db: context.db,
          request,
          reply,
          identity: identity ?? null,
          route: 'antrag/fahrrad',
          id: '',
          body,
        },
        (idempotency) =>
          submitApplication({
            db: context.db,
            flow: bikeFlow(),
            tariff: bikeTariff(context),
            today: context.today(),
            requestId: request.id,
            identity,
            brand,
            partnerNummer,
            body,
            idempotency,
          }),
      );
    },
  );
}
