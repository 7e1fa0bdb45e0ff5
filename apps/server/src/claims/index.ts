import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { sendError, sendTooManyRequests, VALIDATION_MESSAGE } from '../http/errors.ts';
import { withIdempotency } from '../idempotency/guard.ts';
import type { IdempotencyStore } from '../idempotency/idempotency.ts';
import { parseClaimCredential } from './credential.ts';
import { loadServerFlow, type ServerFlow } from '../flows/flowAnswers.ts';
import { createClaimReport } from './report.ts';
import { tokenHash } from './lookup.ts';
import { lookUpContract } from './lookup.ts';
import { BRANDS } from '../db/schema/partners.ts';
import { admitLookup } from './throttle.ts';
import { claimCatalogue } from './claimProducts.ts';

/** What the claim routes need. */
export interface ClaimRouteOptions {
  db: Db;
  /** Where the report's idempotency keys are kept. */
  idempotency: IdempotencyStore;
  /** The clock (injectable for tests). */
  now?: () => Date;
  /** The claim-report flow; default generated/definitions/claim-report.json of `root`. */
  reportFlow?: ServerFlow;
  /** The folder holding definitions/ and generated/ (claim products, the flow); default the working directory. */
  root?: string;
}

const EXPIRED =
  'Der Link zu Ihrer Schadenmeldung ist abgelaufen. Bitte starten Sie die Schadenmeldung neu.';

const NOT_FOUND = 'Wir konnten keinen passenden Vertrag finden. Bitte prüfen Sie Ihre Angaben.';

const NO_CLAIM_PRODUCT = 'Für diese Adresse gibt es keine Schadenmeldung.';

/**
 * The claim routes. The claim entry's look-up: `GET /api/schadenmeldung/vertrag?marke=<brand>` with
 * the custom credential (a contract of another brand is not found). Answers
 * `{ versicherung, token }`; every mismatch gets the same 404; ten failures of a client within 15
 * minutes make it wait (429 with Retry-After) until the window ends, ten on one contract make
 * that contract take one attempt a minute (claims/throttle.ts). The claim apps' report:
 * `POST /api/schadenmeldung/meldung` with `Authorization: Bearer <token>` and the flow's answers;
 * answers `201 { aktenId }`, accepts an Idempotency-Key. The claim apps' product:
 * `GET /api/schadenmeldung/produkt/<route>` answers the claim product of definitions/claim-products.json
 * with that route (damage types and documents with their German texts), 404 for any other route.
 */
export function registerClaimRoutes(app: FastifyInstance, options: ClaimRouteOptions): void {
  const now = options.now ?? (() => new Date());
  const catalogue = claimCatalogue(options.root);
  app.get<{ Params: { route: string } }>(
    '/api/schadenmeldung/produkt/:route',
    async (request, reply) => {
      const product = catalogue.viewOf(request.params.route);
      if (!product) return sendError(reply, 404, 'not-found', NO_CLAIM_PRODUCT);
      return product;
    },
  );
  app.get<{ Querystring: { marke?: unknown } }>(
    '/api/schadenmeldung/vertrag',
    async (request, reply) => {
      const credential = parseClaimCredential(request.headers.authorization);
      const admission = await admitLookup(options.db, request.ip, credential?.contractId, now());
      if (!admission.admitted) return sendTooManyRequests(reply, admission.retryAfterSeconds);
      // The brand whose claim entry asks; a contract of another brand answers as a missing one.
      const brand = request.query.marke;
      const found =
        credential && typeof brand === 'string' && (BRANDS as readonly string[]).includes(brand)
          ? await lookUpContract(options.db, credential, brand, now(), catalogue)
          : undefined;
      if (!found) return sendError(reply, 404, 'not-found', NOT_FOUND);
      await admission.release();
      reply.header('Cache-Control', 'no-store');
      return found;
    },
  );

  const flow = options.reportFlow ?? loadServerFlow('claim-report', options.root);
  app.post('/api/schadenmeldung/meldung', async (request, reply) => {
    const token = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return sendError(reply, 401, 'unauthorized', EXPIRED);
    return withIdempotency(
      {
        store: options.idempotency,
        request,
        reply,
        identity: null,
        principal: `claim:${tokenHash(token)}`,
        route: 'schadenmeldung',
        id: '',
        body: request.body,
      },
      async (db) => {
        const outcome = await createClaimReport(db, flow, token, request.body, now(), catalogue);
        if (outcome.status === 201) return outcome;
        if (outcome.status === 401)
          return { status: 401, body: { error: 'unauthorized', message: EXPIRED } };
        return {
          status: 400,
          body: {
            error: 'validation',
            message: VALIDATION_MESSAGE,
            fieldErrors: outcome.fieldErrors,
          },
        };
      },
    );
  });
}
