import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { sendError } from '../http/errors.ts';
import { parseClaimCredential } from './credential.ts';
import { lookUpContract } from './lookup.ts';
import { recordFailure, secondsToWait } from './throttle.ts';

/** What the claim routes need. */
export interface ClaimRouteOptions {
  db: Db;
  /** The clock (injectable for tests). */
  now?: () => Date;
}

const NOT_FOUND = 'Wir konnten keinen passenden Vertrag finden. Bitte prüfen Sie Ihre Angaben.';

/**
 * The claim entry's look-up: `GET /api/schadenmeldung/vertrag` with the custom credential. Answers
 * `{ versicherung, token }`; every mismatch gets the same 404, and more than ten failures of a
 * client within 15 minutes get 429 until the oldest of them has aged out.
 */
export function registerClaimRoutes(app: FastifyInstance, options: ClaimRouteOptions): void {
  const now = options.now ?? (() => new Date());
  app.get('/api/schadenmeldung/vertrag', async (request, reply) => {
    const clientKey = request.ip;
    const wait = await secondsToWait(options.db, clientKey, now());
    if (wait > 0) {
      return reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({
          error: 'too-many-requests',
          message:
            'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
        });
    }
    const credential = parseClaimCredential(request.headers.authorization);
    const found = credential ? await lookUpContract(options.db, credential, now()) : undefined;
    if (!found) {
      await recordFailure(options.db, clientKey, now());
      return sendError(reply, 404, 'not-found', NOT_FOUND);
    }
    reply.header('Cache-Control', 'no-store');
    return found;
  });
}
