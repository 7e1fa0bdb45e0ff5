import type { FastifyInstance } from 'fastify';
import type { Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { type Change } from '../contracts/changeCatalogue.ts';
import { closeRevenueTasks, confirmRevenue } from '../contracts/revenueTasks.ts';
import { NOT_FOUND, saveChanges, type SaveRequest } from '../contracts/saveChange.ts';
import { findVisibleContract } from '../contracts/access.ts';
import { withIdempotency } from '../idempotency/guard.ts';
import { idParams, requireIdentity, type RouteContext } from './context.ts';
import { coverageParams, hausratChange, productTypeParams, umsatzFits } from './pathParams.ts';
import { SAVE_BASE_PROPERTIES } from './saveSchema.ts';
import { VERTRAG_BASE } from './vertragRead.ts';

type Params = { id: string } & Record<string, string>;
type Body = {
  versicherungsNummer?: string;
  lastUpdated: string;
  wirksamkeitsdatum: string;
} & Record<string, unknown>;

interface SaveRoute {
  method: 'PATCH' | 'POST';
  path: string;
  params: unknown;
  /** Properties of the body besides versicherungsNummer, lastUpdated and wirksamkeitsdatum. */
  properties: Record<string, unknown>;
  required: string[];
  /** The change, read in the save's transaction `db`; null when the path does not fit the contract (404). */
  changeOf(db: Db, params: Params, body: Body, identity: Identity): Promise<Change | null>;
  afterWrite?: SaveRequest['afterWrite'];
}

function saveRoute(app: FastifyInstance, context: RouteContext, route: SaveRoute): void {
  app.route<{ Params: Params; Body: Body }>({
    method: route.method,
    url: `${VERTRAG_BASE}/:id/${route.path}`,
    schema: {
      params: route.params,
      body: {
        type: 'object',
        properties: { ...SAVE_BASE_PROPERTIES, ...route.properties },
        required: ['lastUpdated', 'wirksamkeitsdatum', ...route.required],
        additionalProperties: false,
      },
    },
    handler: async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
      const { id } = request.params;
      const body = request.body;
      return withIdempotency(
        { store: context.idempotency, request, reply, identity, route: route.path, id, body },
        async (db) => {
          const change = await route.changeOf(db, request.params, body, identity);
          if (!change) return NOT_FOUND;
          return saveChanges({
            db,
            tariffs: context.tariffs,
            kinds: context.kinds,
            identity,
            id,
            versicherungsNummer: body.versicherungsNummer,
            lastUpdated: body.lastUpdated,
            wirksamkeitsdatum: body.wirksamkeitsdatum,
            changes: [change],
            today: context.today(),
            requestId: request.id,
            ...(route.afterWrite ? { afterWrite: route.afterWrite } : {}),
          });
        },
      );
    },
  });
}

/**
 * The saves with routes of their own: PATCH .../{id}/deckung/hausrat/{coverageType},
 * .../{id}/{productType}/umsatz, .../{id}/versicherungssumme, .../{id}/betriebsart and
 * POST .../{id}/umsatz/bestaetigen. Each re-validates and re-prices, is conditional on
 * lastUpdated and honours Idempotency-Key.
 */
export function registerVertragSaveRoutes(app: FastifyInstance, context: RouteContext): void {
  const kindSpec = (kind: string) => context.kinds.spec(kind);
  const hausrat = kindSpec('hausrat').valueSchema as { properties: Record<string, unknown> };
  saveRoute(app, context, {
    method: 'PATCH',
    path: 'deckung/hausrat/:coverageType',
    params: coverageParams,
    properties: {
      eingeschlossen: hausrat.properties['eingeschlossen'],
      versicherungssumme: hausrat.properties['versicherungssumme'],
    },
    required: ['eingeschlossen'],
    changeOf: async (_db, params, body) => hausratChange(params['coverageType'] ?? '', body),
  });
  // The revenue change, where the server's definitions declare it.
  if (context.kinds.has('umsatz'))
    saveRoute(app, context, {
      method: 'PATCH',
      path: ':productType/umsatz',
      params: productTypeParams,
      properties: { jahresumsatz: kindSpec('umsatz').valueSchema },
      required: ['jahresumsatz'],
      changeOf: async (db, params, body, identity) => {
        const row = await findVisibleContract(db, identity, params.id);
        return row && umsatzFits(context.tariffs, row, params['productType'] ?? '')
          ? { kind: 'umsatz', value: body['jahresumsatz'] }
          : null;
      },
      afterWrite: async (tx, row) => {
        await closeRevenueTasks(tx, row.versicherungsNummer, context.today());
      },
    });
  for (const [path, kind] of [
    ['versicherungssumme', 'versicherungssumme'],
    ['betriebsart', 'betriebsart'],
  ] as const) {
    if (!context.kinds.has(kind)) continue;
    const spec = kindSpec(kind);
    saveRoute(app, context, {
      method: 'PATCH',
      path,
      params: idParams,
      properties: { [spec.field]: spec.valueSchema },
      required: [spec.field],
      changeOf: async (_db, _params, body) => ({ kind, value: body[spec.field] }),
    });
  }

  app.post<{ Params: { id: string }; Body: { versicherungsNummer?: string; lastUpdated: string } }>(
    `${VERTRAG_BASE}/:id/umsatz/bestaetigen`,
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: {
            versicherungsNummer: SAVE_BASE_PROPERTIES.versicherungsNummer,
            lastUpdated: SAVE_BASE_PROPERTIES.lastUpdated,
          },
          required: ['lastUpdated'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
      const { id } = request.params;
      return withIdempotency(
        {
          store: context.idempotency,
          request,
          reply,
          identity,
          route: 'umsatz/bestaetigen',
          id,
          body: request.body,
        },
        (db) =>
          confirmRevenue({
            db,
            identity,
            id,
            versicherungsNummer: request.body.versicherungsNummer,
            lastUpdated: request.body.lastUpdated,
            today: context.today(),
            requestId: request.id,
          }),
      );
    },
  );
}
