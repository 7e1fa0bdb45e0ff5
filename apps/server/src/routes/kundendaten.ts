import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import kontaktdatenSchema from '../../../../definitions/schema/kontaktdaten.schema.json' with { type: 'json' };
import type { Kontaktdaten } from '../../../../generated/types/kontaktdaten.ts';
import type { Kundendaten } from '../../../../generated/types/kundendaten.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { auditLog, partners } from '../db/schema/index.ts';
import { interpolate, isMarketPostcode } from '#engine';
import { sendError, sendValidationError, toFieldErrors } from '../http/errors.ts';
import { marketOf } from '../platform/brands.ts';
import { identityUsers } from '../identity/schema.ts';
import { requireRole, type RouteContext } from './context.ts';

export type { Kundendaten, Kontaktdaten };

/**
 * The contact data's body schema: definitions/schema/kontaktdaten.schema.json, the one the web
 * app's type is generated from (without its $id, so every server compiles it anew).
 */
const KONTAKTDATEN_SCHEMA = Object.fromEntries(
  Object.entries(kontaktdatenSchema).filter(([key]) => key !== '$id' && key !== '$schema'),
);

/** The signed-in customer's data, or undefined when the partner record is missing. */
export async function readKundendaten(
  db: Db,
  partnerNummer: string,
): Promise<Kundendaten | undefined> {
  const [partner] = await db
    .select()
    .from(partners)
    .where(eq(partners.partnerNummer, partnerNummer));
  if (!partner) return undefined;
  const [user] = await db
    .select({ phoneNumber: identityUsers.phoneNumber })
    .from(identityUsers)
    .where(and(eq(identityUsers.pool, 'benutzer'), eq(identityUsers.partnerNummer, partnerNummer)));
  return {
    partnerNummer,
    anrede: partner.anrede,
    vorname: partner.vorname,
    nachname: partner.nachname,
    firmenname: partner.firmenname,
    email: partner.email,
    handynummer: user?.phoneNumber ?? null,
    adresse: {
      strasse: partner.strasse,
      hausnummer: partner.hausnummer,
      plz: partner.plz,
      ort: partner.ort,
    },
    kontaktkanal: partner.kontaktkanal,
  };
}

/**
 * The customer portal's own data: `GET /api/portal/kundendaten` (name, address, e-mail, mobile,
 * preferred contact channel) and `PUT /api/portal/kundendaten/kontaktdaten` (address and channel;
 * the e-mail address and the mobile number change through the identity service with a code).
 * Customers only: an agent gets the 404 of an address that does not exist.
 */
export function registerKundendatenRoutes(app: FastifyInstance, context: RouteContext): void {
  const customer = async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = await requireRole(context, request, reply, 'benutzer');
    if (!identity) return null;
    return identity;
  };
  const missing = 'Ihre Kundendaten haben wir nicht gefunden. Bitte wenden Sie sich an uns.';

  app.get('/api/portal/kundendaten', async (request, reply) => {
    const identity = await customer(request, reply);
    if (!identity) return reply;
    reply.header('cache-control', 'private, no-store');
    return (
      (await readKundendaten(context.db, identity.partnerNummer)) ??
      sendError(reply, 404, 'not-found', missing)
    );
  });

  app.put<{ Body: Kontaktdaten }>(
    '/api/portal/kundendaten/kontaktdaten',
    // The schema's errors are answered together with the postcode check of the customer's brand.
    { schema: { body: KONTAKTDATEN_SCHEMA }, attachValidation: true },
    async (request, reply) => {
      const identity = await customer(request, reply);
      if (!identity) return reply;
      const [partner] = await context.db
        .select({ brand: partners.brand })
        .from(partners)
        .where(eq(partners.partnerNummer, identity.partnerNummer));
      if (!partner) return sendError(reply, 404, 'not-found', missing);
      const fieldErrors = request.validationError
        ? toFieldErrors(
            request.validationError.validationContext ?? 'body',
            request.validationError.validation,
          )
        : [];
      const market = marketOf(partner.brand);
      const plz: unknown = (request.body as Partial<Kontaktdaten> | undefined)?.plz;
      if (
        typeof plz === 'string' &&
        !fieldErrors.some((error) => error.path === '/body/plz') &&
        !isMarketPostcode(plz, market)
      )
        fieldErrors.push({
          path: '/body/plz',
          keyword: 'postcode',
          message: interpolate(
            common.validation.postcode,
            { beispiel: market.postcode.example },
            market,
          ),
        });
      if (fieldErrors.length > 0) return sendValidationError(reply, fieldErrors);
      const body = request.body;
      const values = {
        strasse: body.strasse.trim(),
        hausnummer: body.hausnummer.trim(),
        plz: body.plz.trim(),
        ort: body.ort.trim(),
        kontaktkanal: body.kontaktkanal,
      };
      const changed = await context.db.transaction(async (tx) => {
        const rows = await tx
          .update(partners)
          .set(values)
          .where(eq(partners.partnerNummer, identity.partnerNummer))
          .returning({ partnerNummer: partners.partnerNummer });
        if (rows.length === 0) return false;
        await tx.insert(auditLog).values({
          actorRole: 'benutzer',
          actorId: identity.partnerNummer,
          action: 'kontaktdaten.geaendert',
          entity: 'partner',
          entityId: identity.partnerNummer,
          requestId: request.id,
          details: values,
        });
        return true;
      });
      if (!changed) return sendError(reply, 404, 'not-found', missing);
      return readKundendaten(context.db, identity.partnerNummer);
    },
  );
}
