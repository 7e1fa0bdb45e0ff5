import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { sendError, sendTooManyRequests, VALIDATION_MESSAGE } from '../http/errors.ts';
import { withIdempotency } from '../idempotency/guard.ts';
import type { IdempotencyStore } from '../idempotency/idempotency.ts';
import { parseClaimCredential } from './credential.ts';
import { loadServerFlow, type ServerFlow } from './flowAnswers.ts';
import { createClaimReport } from './report.ts';
import { tokenHash } from './lookup.ts';
import { lookUpContract } from './lookup.ts';
import { BRANDS } from '../db/schema/partners.ts';
import { admitLookup } from './throttle.ts';

/** What the claim routes need. */
export interface ClaimRouteOptions {
  db: Db;
  /** Where the report's idempotency keys are kept. */
  idempotency: IdempotencyStore;
  /** The clock (injectable for tests). */
  now?: () => Date;
  /** The claim-report flow; default generated/definitions/claim-report.json. */
  reportFlow?: ServerFlow;
}

const EXPIRED =
  'Der Link zu Ihrer Schadenmeldung ist abgelaufen. Bitte starten Sie die Schadenmeldung neu.';

const NOT_FOUND = 'Wir konnten keinen passenden Vertrag finden. Bitte prüfen Sie Ihre Angaben.';

/**
 * The claim routes. The claim entry's look-up: `GET /api/schadenmeldung/vertrag?marke=<brand>` with
 * the custom credential (a contract of another brand is not found). Answers
 * `{ versicherung, token }`; every mismatch gets the same 404; ten failures of a client within 15
 * minutes make it wait (429 with Retry-After) until the window ends, ten on one contract make
 * that contract take one attempt a minute (claims/throttle.ts). The claim apps' report:
 * `POST /api/schadenmeldung/meldung` with `Authorization: Bearer <token>` and the flow's answers;
 * answers `201 { aktenId }`, accepts an Idempotency-Key.
 */
export function registerClaimRoutes(app: FastifyInstance, options: ClaimRouteOptions): void {
  const now = options.now ?? (() => new Date());
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
          ? await lookUpContract(options.db, credential, brand, now())
          : undefined;
      if (!found) return sendError(reply, 404, 'not-found', NOT_FOUND);
      await admission.release();
      reply.header('Cache-Control', 'no-store');
      return found;
    },
  );

  const flow = options.reportFlow ?? loadServerFlow('claim-report');
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
        const outcome = await createClaimReport(db, flow, token, request.body, now());
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
