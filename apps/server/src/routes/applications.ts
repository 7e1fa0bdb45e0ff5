import type { FastifyInstance } from 'fastify';
import { withIdempotency, type GuardedOutcome } from '../idempotency/guard.ts';
import type { RouteContext } from './context.ts';
import { sendError } from '../http/errors.ts';
import { FLOW_NOT_FOUND, isCaller, resolveCaller } from '../applications/caller.ts';
import { registerContractPreparation } from './contractPreparation.ts';
import { isPriced, priceAnswers } from '../applications/pricing.ts';
import { DRAFT_NOT_FOUND, submitApplication } from '../applications/submit.ts';
import {
  applicationBodySchema,
  flowParams,
  priceBodySchema,
  type PriceBody,
  type SubmitBody,
} from '../applications/requestSchemas.ts';

const send = (
  reply: { code: (n: number) => { send: (b: unknown) => unknown } },
  outcome: GuardedOutcome,
) => reply.code(outcome.status).send(outcome.body);

/**
 * The one application service, for every flow of kind application: `POST /api/antrag/{flow}/beitrag`
 * prices the answers given so far (200 also when not insurable, with the German reason; the rating
 * worksheet for signed-in agents) and `POST /api/antrag/{flow}` submits them (public, customer or
 * agent, as the flow's variants allow; Idempotency-Key honoured); a flow offered for existing
 * contracts is prepared with `GET /api/antrag/{flow}/vertrag/{id}` (preparation.ts). Nothing here
 * names a line: the flow's definition, its tariff and its registers decide.
 */
export function registerApplicationRoutes(app: FastifyInstance, context: RouteContext): void {
  registerContractPreparation(app, context);
  app.post<{ Params: { flow: string }; Body: PriceBody }>(
    '/api/antrag/:flow/beitrag',
    { schema: { params: flowParams, body: priceBodySchema } },
    async (request, reply) => {
      const application = context.flows.application(request.params.flow);
      if (!application) return send(reply, FLOW_NOT_FOUND);
      const caller = await resolveCaller(context, application.flow, request, request.body);
      if (!isCaller(caller)) return send(reply, caller);
      const priced = priceAnswers(
        application,
        caller,
        request.body.antworten,
        context.today(),
        false,
      );
      if (!isPriced(priced)) return send(reply, priced);
      const { rating, tariff } = priced;
      const worksheet =
        caller.identity?.role === 'vermittler' ? { rechenweg: rating.worksheet } : {};
      if (rating.kind === 'refused') {
        const given = Object.fromEntries(rating.worksheet.eingaben.map((i) => [i.name, i.wert]));
        const outputs = Object.fromEntries(
          (tariff.rating?.outputs ?? []).map((name) => [name, given[name] ?? null]),
        );
        return {
          versicherbar: false,
          grund: rating.grund,
          grundFelder: rating.felder,
          beitrag: null,
          jahresbeitrag: null,
          waehrung: tariff.currency,
          ...outputs,
          ...worksheet,
        };
      }
      return {
        versicherbar: true,
        grund: null,
        beitrag: rating.beitrag,
        jahresbeitrag: rating.jahresbeitrag,
        waehrung: tariff.currency,
        ...rating.outputs,
        ...worksheet,
      };
    },
  );

  app.post<{ Params: { flow: string }; Body: SubmitBody }>(
    '/api/antrag/:flow',
    { schema: { params: flowParams, body: applicationBodySchema } },
    async (request, reply) => {
      const application = context.flows.application(request.params.flow);
      if (!application) return send(reply, FLOW_NOT_FOUND);
      const { definition } = application.flow;
      const caller = await resolveCaller(context, application.flow, request, request.body);
      if (!isCaller(caller)) return send(reply, caller);
      const body = request.body;
      if (body.version !== undefined && body.version !== definition.version)
        return sendError(
          reply,
          409,
          'outdated-version',
          `Dieser Antrag wurde mit einer anderen Fassung des Formulars ausgefüllt (Version ${body.version}; aktuell ist Version ${definition.version}). Bitte laden Sie die Seite neu: Ihre Angaben werden übernommen, und Sie ergänzen, was sich geändert hat.`,
        );
      if (body.entwurf && (caller.identity?.role !== 'vermittler' || !definition.draft))
        return send(reply, DRAFT_NOT_FOUND);
      return withIdempotency(
        {
          store: context.idempotency,
          request,
          reply,
          identity: caller.identity,
          route: `antrag/${definition.id}`,
          id: '',
          body,
        },
        (db) =>
          submitApplication({
            db,
            application,
            caller,
            today: context.today(),
            requestId: request.id,
            body,
            ...(context.issue
              ? {
                  issue: {
                    context: context.issue,
                    log: (error: unknown) =>
                      request.log.error({ err: error }, 'issuing the application failed'),
                  },
                }
              : {}),
          }),
      );
    },
  );
}
