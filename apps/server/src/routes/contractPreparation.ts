import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import type { FastifyInstance } from 'fastify';
import { VALIDATION_MESSAGE } from '../http/errors.ts';
import type { GuardedOutcome } from '../idempotency/guard.ts';
import type { RouteContext } from './context.ts';
import { FLOW_NOT_FOUND, isCaller, resolveCaller } from '../applications/caller.ts';
import { CONTRACT_NOT_FOUND } from '../applications/contract.ts';

const text = { type: 'string', minLength: 1, maxLength: 64 } as const;

const send = (
  reply: { code: (n: number) => { send: (b: unknown) => unknown } },
  outcome: GuardedOutcome,
) => reply.code(outcome.status).send(outcome.body);

/**
 * `GET /api/antrag/{flow}/vertrag/{id}[?partnerNummer=]`: prepares a flow offered for existing
 * contracts (`forContracts`, a change of tariff). The variant is the one for the caller's role;
 * the contract must be the signed-in customer's or, with `partnerNummer`, that of the agent's
 * customer, and one the flow is offered for (the same checks as the flow's price and submit
 * calls). Answers the contract's customer view, which the flow reads as `context.contract`.
 */
export function registerContractPreparation(app: FastifyInstance, context: RouteContext): void {
  app.get<{ Params: { flow: string; id: string }; Querystring: { partnerNummer?: string } }>(
    '/api/antrag/:flow/vertrag/:id',
    {
      schema: {
        params: {
          type: 'object',
          properties: { flow: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,59}$' }, id: text },
          required: ['flow', 'id'],
          additionalProperties: false,
        },
        querystring: {
          type: 'object',
          properties: { partnerNummer: text },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const application = context.flows.application(request.params.flow);
      const definition = application?.flow.definition;
      if (!application || !definition?.forContracts) return send(reply, FLOW_NOT_FOUND);
      const identity = await context.authenticate(request);
      if (!identity)
        return send(reply, {
          status: 401,
          body: { error: 'unauthorized', message: 'Bitte melden Sie sich an.' },
        });
      const variant = (definition.variants ?? []).find((v) => v.roles.includes(identity.role));
      if (!variant) return send(reply, CONTRACT_NOT_FOUND);
      const partnerNummer = request.query.partnerNummer ?? null;
      if (variant.baseRoute.includes('{partnerNummer}') && !partnerNummer)
        return send(reply, {
          status: 400,
          body: {
            error: 'validation',
            message: VALIDATION_MESSAGE,
            fieldErrors: [
              {
                path: '/querystring/partnerNummer',
                keyword: 'required',
                message: common.validation.required,
              },
            ],
          },
        });
      const caller = await resolveCaller(context, application.flow, request, {
        variante: variant.id,
        partnerNummer,
        vertragsNummer: request.params.id,
      });
      if (!isCaller(caller)) return send(reply, caller);
      return caller.contract;
    },
  );
}
