import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticate, Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { sendError, sendNoSuchAddress } from '../http/errors.ts';
import type { IssueContext } from '../applications/issue.ts';
import type { FlowRegistry } from '../flows/registry.ts';
import type { IdempotencyStore } from '../idempotency/idempotency.ts';
import type { TariffCatalogue } from '../tariffs/index.ts';
import type { ReasonCatalogue } from '../contracts/reasons.ts';
import type { ChangeCatalogue } from '../contracts/changeCatalogue.ts';

/** What the route modules need from the server. */
export interface RouteContext {
  db: Db;
  authenticate: Authenticate;
  tariffs: TariffCatalogue;
  /** The change kinds of the server's definitions/changes/ and those still in code. */
  kinds: ChangeCatalogue;
  /** The flows of generated/definitions (application flows with their tariffs, draft flows). */
  flows: FlowRegistry;
  /** The reasons a contract may be ended for (definitions/contract-reasons.json, the lines' tariffs). */
  reasons: ReasonCatalogue;
  /** Today as an ISO date (injectable for tests). */
  today: () => string;
  /** The idempotency keys: the database, the lease of a claim and its clock. */
  idempotency: IdempotencyStore;
  /** The clock of the throttles (ServerOptions `clock`); default the system clock. */
  clock?: () => Date;
  /** Issuing submitted applications as contracts (absent: applications are never issued). */
  issue?: IssueContext;
}

/** The caller, or null after answering 401 (the route then returns the reply). */
export async function requireIdentity(
  context: RouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Identity | null> {
  const identity = await context.authenticate(request);
  if (!identity) {
    sendError(reply, 401, 'unauthorized', 'Bitte melden Sie sich an.');
    return null;
  }
  return identity;
}

/**
 * The signed-in caller of one role, or null after answering: 401 without sign-in, and for the other
 * role the 404 of an address that does not exist (the calls of one portal are not there for the
 * other).
 */
export async function requireRole<R extends Identity['role']>(
  context: RouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  role: R,
): Promise<Extract<Identity, { role: R }> | null> {
  const identity = await requireIdentity(context, request, reply);
  if (!identity) return null;
  if (identity.role !== role) {
    sendNoSuchAddress(reply);
    return null;
  }
  return identity as Extract<Identity, { role: R }>;
}

/** Params schema of a route with one `{id}` (a contract or partner number). */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['id'],
  additionalProperties: false,
} as const;
