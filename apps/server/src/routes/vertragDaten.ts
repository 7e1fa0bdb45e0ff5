import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../auth/index.ts';
import {
  bankChange,
  bankDetailsOf,
  CONTRACT_DATA_MESSAGES,
  type BankBody,
} from '../contracts/contractData.ts';
import { loadDataChangeRoutes } from '../contracts/dataChanges.ts';
import { saveContractData, type DataSaveRequest } from '../contracts/dataSave.ts';
import type { SaveOutcome } from '../contracts/saveChange.ts';
import { withIdempotency } from '../idempotency/guard.ts';
import { idParams, requireIdentity, type RouteContext } from './context.ts';
import { SAVE_BASE_PROPERTIES } from './saveSchema.ts';
import { VERTRAG_BASE } from './vertragRead.ts';

const base = {
  versicherungsNummer: SAVE_BASE_PROPERTIES.versicherungsNummer,
  lastUpdated: SAVE_BASE_PROPERTIES.lastUpdated,
};

/** Body of PATCH .../{id}/bankverbindung: IBAN and BIC checked by the platform's ajv formats. */
const bankBodySchema = {
  type: 'object',
  properties: {
    ...base,
    iban: { type: 'string', maxLength: 64, format: 'iban' },
    kontoinhaber: { type: 'string', maxLength: 200, trimmedRequired: true },
    swiftBic: { type: ['string', 'null'], maxLength: 20, format: 'bic' },
    sepaMandat: { type: 'boolean' },
  },
  required: ['lastUpdated', 'iban', 'kontoinhaber', 'sepaMandat'],
  additionalProperties: false,
} as const;

/** Body of a contract data change: the version read and the value in the change's field. */
interface DataBody extends Record<string, unknown> {
  versicherungsNummer?: string;
  lastUpdated: string;
}

type Prepare = DataSaveRequest['prepare'];

/**
 * A data save under the request's Idempotency-Key: `check` refuses the body (400) or answers how
 * the contract row becomes the change.
 */
async function runDataSave(
  context: RouteContext,
  request: FastifyRequest<{ Params: { id: string }; Body: { versicherungsNummer?: string } }>,
  reply: FastifyReply,
  route: string,
  body: { versicherungsNummer?: string; lastUpdated: string },
  check: () => Prepare | SaveOutcome,
): Promise<FastifyReply> {
  const identity: Identity | null = await requireIdentity(context, request, reply);
  if (!identity) return reply;
  const prepare = check();
  if (typeof prepare !== 'function') return reply.code(prepare.status).send(prepare.body);
  const { id } = request.params;
  return withIdempotency(
    { store: context.idempotency, request, reply, identity, route, id, body },
    (db) =>
      saveContractData({
        db,
        identity,
        id,
        versicherungsNummer: body.versicherungsNummer,
        lastUpdated: body.lastUpdated,
        today: context.today(),
        requestId: request.id,
        inactiveMessage: CONTRACT_DATA_MESSAGES.inactive,
        prepare,
      }),
  );
}

/**
 * Contract data a customer (or the agent) changes at once, without a premium:
 * PATCH .../{id}/bankverbindung (IBAN, BIC, account holder and the SEPA mandate), and one
 * PATCH .../{id}/<path> per contract data change of the definitions root (definitions/contract-data/:
 * a path, a body field, its rules, register checks and effect). All are
 * conditional on lastUpdated, honour Idempotency-Key and answer the contract view.
 */
export function registerVertragDatenRoutes(
  app: FastifyInstance,
  context: RouteContext,
  { root }: { root: string },
): void {
  app.patch<{ Params: { id: string }; Body: BankBody }>(
    `${VERTRAG_BASE}/:id/bankverbindung`,
    { schema: { params: idParams, body: bankBodySchema } },
    (request, reply) =>
      runDataSave(context, request, reply, 'bankverbindung', request.body, () => {
        const bank = bankDetailsOf(request.body);
        return 'status' in bank ? bank : (row) => bankChange(row, bank, request.body.sepaMandat);
      }),
  );

  for (const route of loadDataChangeRoutes(root)) {
    const { path, field, value } = route.declaration;
    app.patch<{ Params: { id: string }; Body: DataBody }>(
      `${VERTRAG_BASE}/:id/${path}`,
      {
        schema: {
          params: idParams,
          body: {
            type: 'object',
            properties: { ...base, [field]: value },
            required: ['lastUpdated', field],
            additionalProperties: false,
          },
        },
      },
      (request, reply) =>
        runDataSave(context, request, reply, path, request.body, () => {
          const stored = route.stored(request.body[field]);
          return 'status' in stored ? stored : (row) => route.change(row, stored.value);
        }),
    );
  }
}
