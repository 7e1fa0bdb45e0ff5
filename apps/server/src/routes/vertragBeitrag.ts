import type { FastifyInstance } from 'fastify';
import { findVisibleContract } from '../contracts/access.ts';
import { CHANGE_KINDS, type ChangeKind } from '../contracts/changeKinds.ts';
import { quoteChanges } from '../contracts/quote.ts';
import { sendContractNotFound, sendValidationError } from '../http/errors.ts';
import { idParams, requireIdentity, type RouteContext } from './context.ts';
import { VERTRAG_BASE } from './vertragRead.ts';

/** Body of a calculate call: the contract number, the effective date and the new value. */
export type BeitragBody = { versicherungsNummer: string; wirksamkeitsdatum: string } & Record<
  string,
  unknown
>;

/** The body schema of the calculate call of one change kind. */
export function beitragBodySchema(kind: ChangeKind): Record<string, unknown> {
  const spec = CHANGE_KINDS[kind];
  return {
    type: 'object',
    properties: {
      versicherungsNummer: { type: 'string', minLength: 1, maxLength: 64 },
      wirksamkeitsdatum: { type: 'string', format: 'date' },
      [spec.field]: spec.valueSchema,
    },
    required: ['versicherungsNummer', 'wirksamkeitsdatum', spec.field],
    additionalProperties: false,
  };
}

/**
 * The calculate calls (POST .../{id}/beitrag/zahlweise, /selbstbeteiligung, /elementar, /phv,
 * /buerohaftpflicht): price the contract with the new value; nothing is written.
 */
export function registerVertragBeitragRoutes(app: FastifyInstance, context: RouteContext): void {
  for (const kind of Object.keys(CHANGE_KINDS) as ChangeKind[]) {
    app.post<{ Params: { id: string }; Body: BeitragBody }>(
      `${VERTRAG_BASE}/:id/beitrag/${kind}`,
      { schema: { params: idParams, body: beitragBodySchema(kind) } },
      async (request, reply) => {
        const identity = await requireIdentity(context, request, reply);
        if (!identity) return reply;
        const row = await findVisibleContract(context.db, identity, request.params.id);
        if (!row) return sendContractNotFound(reply);
        if (request.body.versicherungsNummer !== row.versicherungsNummer) {
          return sendValidationError(reply, [
            {
              path: '/body/versicherungsNummer',
              keyword: 'const',
              message: 'Die Versicherungsnummer passt nicht zum Vertrag.',
            },
          ]);
        }
        const value = request.body[CHANGE_KINDS[kind].field];
        const result = quoteChanges(
          context.tariffs,
          row,
          [{ kind, value }],
          request.body.wirksamkeitsdatum,
          context.today(),
        );
        return {
          beitrag: result.beitrag,
          anteiligerBeitrag: result.anteiligerBeitrag,
          zahlweise: result.zahlweise,
          wirksamkeitsdatum: result.wirksamkeitsdatum,
          ungueltig: result.ungueltig,
          fehlermeldung: result.fehlermeldung,
        };
      },
    );
  }
}
