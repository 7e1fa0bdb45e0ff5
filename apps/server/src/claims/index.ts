import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { sendError, sendTooManyRequests, sendValidationError } from '../http/errors.ts';
import {
  IDEMPOTENCY_HEADER,
  claimKey,
  completeKey,
  releaseKey,
  requestHash,
} from '../idempotency/idempotency.ts';
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
    const principal = `claim:${tokenHash(token)}`;
    const key = request.headers[IDEMPOTENCY_HEADER];
    const idempotencyKey =
      typeof key === 'string' && key.length > 0 && key.length <= 255 ? key : undefined;
    if (idempotencyKey) {
      const claim = await claimKey(
        options.db,
        principal,
        idempotencyKey,
        requestHash({ method: 'POST', route: 'schadenmeldung', id: '', body: request.body }),
      );
      if (claim.kind === 'replay')
        return reply.code(claim.status).header('idempotent-replayed', 'true').send(claim.body);
      if (claim.kind === 'mismatch')
        return sendError(
          reply,
          422,
          'unprocessable',
          'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.',
        );
      if (claim.kind === 'in-progress')
        return sendError(reply, 409, 'conflict', 'Diese Anfrage wird gerade schon bearbeitet.');
    }
    let outcome;
    try {
      outcome = await createClaimReport(options.db, flow, token, request.body, now());
    } catch (error) {
      if (idempotencyKey)
        await releaseKey(options.db, principal, idempotencyKey).catch(() => undefined);
      throw error;
    }
    if (outcome.status !== 201) {
      if (idempotencyKey) await releaseKey(options.db, principal, idempotencyKey);
      if (outcome.status === 401) return sendError(reply, 401, 'unauthorized', EXPIRED);
      return sendValidationError(reply, outcome.fieldErrors);
    }
    if (idempotencyKey) await completeKey(options.db, principal, idempotencyKey, 201, outcome.body);
    return reply.code(201).send(outcome.body);
  });
}
