import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findVisibleContract, type ContractRow } from '../contracts/access.ts';
import { changeFieldErrors, type Change, type ChangeKind } from '../contracts/changeCatalogue.ts';
import { quote } from '../contracts/quote.ts';
import { sendContractNotFound, sendValidationError } from '../http/errors.ts';
import type { PremiumResult } from '../tariffs/index.ts';
import { idParams, requireIdentity, type RouteContext } from './context.ts';
import { coverageParams, hausratChange, productTypeParams, umsatzFits } from './pathParams.ts';
import { VERTRAG_BASE } from './vertragRead.ts';
import { partOf } from '../contracts/parts.ts';

/** Body of a calculate call: the contract number, the effective date and the new value. */
export type BeitragBody = { versicherungsNummer: string; wirksamkeitsdatum: string } & Record<
  string,
  unknown
>;

/** The body schema of a calculate call whose new value lies in `field`. */
export function beitragBodySchema(field: string, valueSchema: unknown, required = true) {
  return {
    type: 'object',
    properties: {
      versicherungsNummer: { type: 'string', minLength: 1, maxLength: 64 },
      wirksamkeitsdatum: { type: 'string', format: 'date' },
      [field]: valueSchema,
    },
    required: ['versicherungsNummer', 'wirksamkeitsdatum', ...(required ? [field] : [])],
    additionalProperties: false,
  };
}

/** The spec's premium calculation result, exactly its six fields. */
export function premiumResultOf(result: PremiumResult): PremiumResult {
  return {
    beitrag: result.beitrag,
    anteiligerBeitrag: result.anteiligerBeitrag,
    zahlweise: result.zahlweise,
    wirksamkeitsdatum: result.wirksamkeitsdatum,
    ungueltig: result.ungueltig,
    fehlermeldung: result.fehlermeldung,
  };
}

type Params = { id: string } & Record<string, string>;
type Pricer = (row: ContractRow, params: Params, body: BeitragBody) => Change | 'not-found';

/** Registers one calculate call: find the visible contract, check its number, quote, answer. */
function calculateRoute(
  app: FastifyInstance,
  context: RouteContext,
  path: string,
  schema: { params: unknown; body: unknown },
  changeOf: Pricer,
  extra: (row: ContractRow, change: Change) => Record<string, unknown> = () => ({}),
): void {
  app.post<{ Params: Params; Body: BeitragBody }>(
    `${VERTRAG_BASE}/:id/beitrag/${path}`,
    { schema },
    async (request: FastifyRequest<{ Params: Params; Body: BeitragBody }>, reply: FastifyReply) => {
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
      const change = changeOf(row, request.params, request.body);
      if (change === 'not-found') return sendContractNotFound(reply);
      const fieldErrors = changeFieldErrors(context.kinds, [change], {
        row,
        tariffs: context.tariffs,
      });
      if (fieldErrors.length > 0) return sendValidationError(reply, fieldErrors);
      const { result, worksheet } = quote(
        context,
        row,
        [change],
        request.body.wirksamkeitsdatum,
        context.today(),
      );
      // Agents see the rating worksheet, as with the price of an application.
      const rechenweg = identity.role === 'vermittler' && worksheet ? { rechenweg: worksheet } : {};
      return { ...premiumResultOf(result), ...extra(row, change), ...rechenweg };
    },
  );
}

/**
 * The calculate calls: POST .../{id}/beitrag/<beitragPath> of every change of the server's
 * catalogue that has one (docs/api.md lists them), and the household cover and revenue quotes
 * with their path parameters (.../hausrat/{coverageType}, .../{productType}/umsatz): each prices
 * the contract with the new value; nothing is written.
 */
export function registerVertragBeitragRoutes(app: FastifyInstance, context: RouteContext): void {
  const kindSpec = (kind: ChangeKind) => context.kinds.spec(kind);
  for (const kind of context.kinds.names) {
    const spec = kindSpec(kind);
    if (spec.beitragPath === null) continue;
    calculateRoute(
      app,
      context,
      spec.beitragPath,
      { params: idParams, body: beitragBodySchema(spec.field, spec.valueSchema) },
      (_row, _params, body) => ({ kind, value: body[spec.field] }),
    );
  }
  const hausrat = kindSpec('hausrat').valueSchema as { properties: Record<string, unknown> };
  const hausratBody = beitragBodySchema('eingeschlossen', hausrat.properties['eingeschlossen']);
  hausratBody.properties['versicherungssumme'] = hausrat.properties['versicherungssumme'];
  calculateRoute(
    app,
    context,
    'hausrat/:coverageType',
    { params: coverageParams, body: hausratBody },
    (_row, params, body) => hausratChange(params['coverageType'] ?? '', body),
  );
  if (context.kinds.has('umsatz'))
    calculateRoute(
      app,
      context,
      ':productType/umsatz',
      {
        params: productTypeParams,
        body: beitragBodySchema('jahresumsatz', kindSpec('umsatz').valueSchema),
      },
      (row, params, body) =>
        umsatzFits(context.tariffs, row, params['productType'] ?? '')
          ? { kind: 'umsatz', value: body['jahresumsatz'] }
          : 'not-found',
      (row, change) => ({
        jahresumsatz: change.value,
        alterJahresumsatz: partOf(row, 'jahresumsatz')?.value ?? null,
        alterBeitrag: row.versicherungsPraemie,
      }),
    );
}
