import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AgentIdentity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { auditLog } from '../db/schema/index.ts';
import { sendError, sendValidationError, type FieldError } from '../http/errors.ts';
import { withIdempotency } from '../idempotency/guard.ts';
import { requireRole, type RouteContext } from '../routes/context.ts';
import { agentOf } from '../auth/visibility.ts';
import { agencyCustomer, customerDetail, customerList } from './customers.ts';
import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import { answerShapeProblems } from '#engine';
import { deleteDraft, findDraft, listDrafts, saveDraft, type DraftInput } from './drafts.ts';
import { contractForFlow, isContractFound } from '../applications/contract.ts';
import {
  agencyContracts,
  agencyOf,
  agentProfile,
  createSubAgent,
  resendTemporaryPassword,
  setNotificationEmail,
  subAgentsOf,
} from './agency.ts';

/** Largest saved wizard state of a draft (the JSON of `zustand`), in bytes. */
export const MAX_DRAFT_BYTES = 200 * 1024;

const uuid = {
  type: 'string',
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
} as const;
const partnerNummer = { type: 'string', minLength: 1, maxLength: 64 } as const;
const params = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/** The 404 of a customer that is missing or not the agency's: one status, one body. */
export const sendCustomerNotFound = (reply: FastifyReply) =>
  sendError(reply, 404, 'not-found', 'Diesen Kunden haben wir nicht gefunden.');

const sendDraftNotFound = (reply: FastifyReply) =>
  sendError(reply, 404, 'not-found', 'Diesen Entwurf haben wir nicht gefunden.');

/** The signed-in agent, or null after answering (401, or 404 for a customer). */
const requireAgent = (context: RouteContext, request: FastifyRequest, reply: FastifyReply) =>
  requireRole(context, request, reply, 'vermittler');

async function audit(
  db: Db,
  agent: AgentIdentity,
  action: string,
  id: string,
  requestId: string,
  details: Record<string, unknown>,
): Promise<void> {
  await db.insert(auditLog).values({
    actorRole: 'vermittler',
    actorId: agent.vermittlerNummer,
    action,
    entity: 'application',
    entityId: id,
    requestId,
    details,
  });
}

/**
 * The agent portal's calls (role vermittler): the agency's customer base
 * (`GET /api/vermittler/kunden`, `GET /api/vermittler/kunden/{partnerNummer}`) and the agent's
 * application drafts (`GET|PUT|DELETE /api/vermittler/entwuerfe[/{id}]`). A customer of another
 * agency and a draft of another agent get the same 404 as missing ones.
 */
export function registerAgentRoutes(
  app: FastifyInstance,
  context: RouteContext,
  options: { poolName: string } = { poolName: 'Vermittler' },
): void {
  registerAgencyRoutes(app, context, options.poolName);
  app.get('/api/vermittler/kunden', async (request, reply) => {
    const agent = await requireAgent(context, request, reply);
    if (!agent) return reply;
    return customerList(context.db, agent.vermittlerNummer);
  });

  app.get<{ Params: { partnerNummer: string } }>(
    '/api/vermittler/kunden/:partnerNummer',
    { schema: { params: params({ partnerNummer }) } },
    async (request, reply) => {
      const agent = await requireAgent(context, request, reply);
      if (!agent) return reply;
      const customer = await agencyCustomer(
        context.db,
        agent.vermittlerNummer,
        request.params.partnerNummer,
      );
      return customer ? customerDetail(context.db, customer) : sendCustomerNotFound(reply);
    },
  );

  app.get('/api/vermittler/entwuerfe', async (request, reply) => {
    const agent = await requireAgent(context, request, reply);
    if (!agent) return reply;
    return listDrafts(context.db, agent.vermittlerNummer);
  });

  app.get<{ Params: { id: string } }>(
    '/api/vermittler/entwuerfe/:id',
    { schema: { params: params({ id: uuid }) } },
    async (request, reply) => {
      const agent = await requireAgent(context, request, reply);
      if (!agent) return reply;
      const draft = await findDraft(context.db, agent.vermittlerNummer, request.params.id);
      return draft ?? sendDraftNotFound(reply);
    },
  );

  app.put<{ Params: { id: string }; Body: Omit<DraftInput, 'id' | 'produkt'> }>(
    '/api/vermittler/entwuerfe/:id',
    {
      schema: {
        params: params({ id: uuid }),
        body: {
          type: 'object',
          properties: {
            flow: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,59}$' },
            version: { type: 'integer', minimum: 1, maximum: 1000 },
            partnerNummer,
            vertragsNummer: partnerNummer,
            zustand: {
              type: 'object',
              properties: {
                formData: {
                  type: 'object',
                  maxProperties: 40,
                  additionalProperties: { type: 'object' },
                },
                currentStep: { type: ['string', 'null'], maxLength: 100 },
              },
              required: ['formData', 'currentStep'],
              additionalProperties: false,
            },
          },
          required: ['flow', 'version', 'partnerNummer', 'zustand'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const agent = await requireAgent(context, request, reply);
      if (!agent) return reply;
      const { id } = request.params;
      const body = request.body;
      if (Buffer.byteLength(JSON.stringify(body.zustand)) > MAX_DRAFT_BYTES) {
        return sendError(
          reply,
          413,
          'too-large',
          'Der Entwurf ist zu groß, um gespeichert zu werden.',
        );
      }
      const definition = context.flows.definition(body.flow);
      if (!definition?.draft || !definition.product)
        return sendValidationError(reply, [
          { path: '/body/flow', keyword: 'enum', message: common.validation.enum },
        ]);
      const produkt = definition.product.code;
      const problems: FieldError[] = answerShapeProblems(definition, body.zustand.formData).map(
        (problem) => ({
          path: `/body/zustand/formData${problem.path}`,
          keyword: problem.keyword,
          message: common.validation[problem.keyword],
        }),
      );
      const { currentStep } = body.zustand;
      if (currentStep !== null && !definition.steps.some((step) => step.id === currentStep))
        problems.push({
          path: '/body/zustand/currentStep',
          keyword: 'enum',
          message: common.validation.enum,
        });
      if (problems.length > 0) return sendValidationError(reply, problems);
      const customer = await agencyCustomer(context.db, agent.vermittlerNummer, body.partnerNummer);
      const agency = await agentOf(context.db, agent.vermittlerNummer);
      if (!customer || !agency) return sendCustomerNotFound(reply);
      // A draft of a change of a contract names the contract, which must be one the flow is for.
      const flow = definition.forContracts ? context.flows.application(body.flow)?.flow : undefined;
      if (flow) {
        if (!body.vertragsNummer)
          return sendValidationError(reply, [
            {
              path: '/body/vertragsNummer',
              keyword: 'required',
              message: common.validation.required,
            },
          ]);
        const found = await contractForFlow(
          context.db,
          flow,
          agent,
          body.partnerNummer,
          body.vertragsNummer,
        );
        if (!isContractFound(found)) return reply.code(found.status).send(found.body);
      } else if (body.vertragsNummer !== undefined)
        return sendValidationError(reply, [
          {
            path: '/body/vertragsNummer',
            keyword: 'additionalProperties',
            message: common.validation.additionalProperties,
          },
        ]);
      const saved = await context.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const result = await saveDraft(
          db,
          { vermittlerNummer: agent.vermittlerNummer, brand: agency.brand },
          { id, ...body, produkt },
        );
        if (result) {
          await audit(db, agent, 'entwurf.speichern', id, request.id, {
            flow: body.flow,
            partnerNummer: body.partnerNummer,
            neu: result.created,
          });
        }
        return result;
      });
      if (!saved) return sendDraftNotFound(reply);
      return reply.code(saved.created ? 201 : 200).send({ id, aktualisiert: saved.aktualisiert });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/vermittler/entwuerfe/:id',
    { schema: { params: params({ id: uuid }) } },
    async (request, reply) => {
      const agent = await requireAgent(context, request, reply);
      if (!agent) return reply;
      const { id } = request.params;
      const deleted = await context.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const done = await deleteDraft(db, agent.vermittlerNummer, id);
        if (done) await audit(db, agent, 'entwurf.loeschen', id, request.id, {});
        return done;
      });
      return deleted ? reply.code(204).send() : sendDraftNotFound(reply);
    },
  );
}

const EMAIL = { type: 'string', format: 'email', maxLength: 254 } as const;

/**
 * The agent's own data and agency: `GET /api/vermittler/profil`, `PUT /api/vermittler/einstellungen`
 * (notification e-mail), `GET /api/vermittler/agentur`, `GET /api/vermittler/vertraege` (the
 * agency's customers' contracts), `GET|POST /api/vermittler/untervermittler` (list, create a
 * sub-agent who can sign in; an e-mail in use 409, a sub-agent 403).
 */
function registerAgencyRoutes(app: FastifyInstance, context: RouteContext, poolName: string) {
  app.get('/api/vermittler/profil', async (request, reply) => {
    const agent = await requireAgent(context, request, reply);
    if (!agent) return reply;
    return (
      (await agentProfile(context.db, agent.vermittlerNummer)) ??
      sendError(reply, 404, 'not-found', 'Ihre Vermittlerdaten haben wir nicht gefunden.')
    );
  });

  app.put<{ Body: { benachrichtigungEmail: string } }>(
    '/api/vermittler/einstellungen',
    {
      schema: {
        body: {
          type: 'object',
          properties: { benachrichtigungEmail: EMAIL },
          required: ['benachrichtigungEmail'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const agent = await requireAgent(context, request, reply);
      if (!agent) return reply;
      return setNotificationEmail(
        context.db,
        agent.vermittlerNummer,
        request.body.benachrichtigungEmail.trim().toLowerCase(),
        request.id,
      );
    },
  );

  app.get('/api/vermittler/agentur', async (request, reply) => {
    const agent = await requireAgent(context, request, reply);
    if (!agent) return reply;
    return (
      (await agencyOf(context.db, agent.vermittlerNummer)) ??
      sendError(reply, 404, 'not-found', 'Ihre Agentur haben wir nicht gefunden.')
    );
  });

  app.get('/api/vermittler/vertraege', async (request, reply) => {
    const agent = await requireAgent(context, request, reply);
    if (!agent) return reply;
    return agencyContracts(context.db, agent.vermittlerNummer);
  });

  app.get('/api/vermittler/untervermittler', async (request, reply) => {
    const agent = await requireAgent(context, request, reply);
    if (!agent) return reply;
    return subAgentsOf(context.db, agent.vermittlerNummer);
  });

  app.post<{ Body: { name: string; email: string } }>(
    '/api/vermittler/untervermittler',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 2, maxLength: 100, pattern: '\\S' },
            email: EMAIL,
          },
          required: ['name', 'email'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const agent = await requireAgent(context, request, reply);
      if (!agent) return reply;
      return withIdempotency(
        {
          store: context.idempotency,
          request,
          reply,
          identity: agent,
          route: 'untervermittler',
          id: '',
          body: request.body,
        },
        async (db) => {
          const outcome = await createSubAgent(db, agent.vermittlerNummer, request.body, {
            poolName,
            requestId: request.id,
          });
          if (outcome.kind === 'taken')
            return {
              status: 409,
              body: {
                error: 'conflict',
                message:
                  'Für diese E-Mail-Adresse gibt es schon einen Zugang. Bitte verwenden Sie eine andere Adresse.',
              },
            };
          if (outcome.kind === 'not-allowed')
            return {
              status: 403,
              body: {
                error: 'forbidden',
                message: 'Untervermittler können keine weiteren Untervermittler anlegen.',
              },
            };
          return {
            status: 201,
            body: {
              vermittlerNummer: outcome.vermittlerNummer,
              name: outcome.name,
              email: outcome.email,
            },
          };
        },
      );
    },
  );

  app.post<{ Params: { vermittlerNummer: string } }>(
    '/api/vermittler/untervermittler/:vermittlerNummer/zugang',
    { schema: { params: params({ vermittlerNummer: partnerNummer }) } },
    async (request, reply) => {
      const agent = await requireAgent(context, request, reply);
      if (!agent) return reply;
      return withIdempotency(
        {
          store: context.idempotency,
          request,
          reply,
          identity: agent,
          route: 'untervermittler/zugang',
          id: request.params.vermittlerNummer,
          body: null,
        },
        async (db) => {
          const outcome = await resendTemporaryPassword(
            db,
            agent.vermittlerNummer,
            request.params.vermittlerNummer,
            { poolName, requestId: request.id },
          );
          if (outcome.kind === 'missing')
            return {
              status: 404,
              body: {
                error: 'not-found',
                message: 'Diesen Untervermittler haben wir nicht gefunden.',
              },
            };
          if (outcome.kind === 'not-allowed')
            return {
              status: 403,
              body: {
                error: 'forbidden',
                message: 'Untervermittler können keine Zugangsdaten versenden.',
              },
            };
          if (outcome.kind === 'signed-in')
            return {
              status: 409,
              body: {
                error: 'conflict',
                message:
                  'Dieser Untervermittler hat sein eigenes Passwort schon festgelegt. Ein vergessenes Passwort setzt er auf der Anmeldeseite zurück.',
              },
            };
          return { status: 200, body: { email: outcome.email } };
        },
      );
    },
  );
}
