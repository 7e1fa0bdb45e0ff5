import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerShapeProblems, draftDeclarations, type WizardDefinition } from '#engine';
import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import type { CustomerIdentity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import {
  sendError,
  sendValidationError,
  sendTooManyRequests,
  type FieldError,
} from '../http/errors.ts';
import { admit, type Counter } from '../throttle/counters.ts';
import { requireRole, type RouteContext } from './context.ts';
import {
  DEFAULT_KEEP_DAYS,
  DEFAULT_LINK_DAYS,
  deleteForCustomer,
  findForCustomer,
  listForCustomer,
  openLink,
  plusDays,
  purgeExpired,
  saveForCustomer,
  saveForLink,
  sendLinkMail,
  type SavedApplicationOptions,
  type Zustand,
} from '../applications/saved.ts';

const MAX_BYTES = 256 * 1024;

/** Resume links a client may ask for per hour, and links sent to one address per hour. */
export const RESUME_LINKS_PER_CLIENT = 10;
export const RESUME_LINKS_PER_ADDRESS = 5;
/** Openings of resume links a client may try in 15 minutes (each link also locks after 5). */
export const RESUME_OPENINGS_PER_CLIENT = 30;

/**
 * Admits a public call under its counters: true when admitted; otherwise it answers 429 in German
 * with Retry-After and is false. (A boolean, not the reply: a reply is thenable, so an async
 * function cannot hand it back.) A mail goes out only for an admitted request, so the link cannot
 * be used to flood an address.
 */
async function admitted(
  database: Db,
  reply: FastifyReply,
  counters: readonly Counter[],
): Promise<boolean> {
  const admission = await admit(database, counters, new Date());
  if (admission.admitted) return true;
  sendTooManyRequests(reply, admission.retryAfterSeconds);
  return false;
}
const BRANDS = ['andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch'] as const;

const uuid = {
  type: 'string',
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
} as const;
const isoDate = { type: 'string', format: 'date' } as const;
const flowName = { type: 'string', pattern: '^[a-z][a-z0-9-]{0,59}$' } as const;
const version = { type: 'integer', minimum: 1, maximum: 1000 } as const;
const zustand = {
  type: 'object',
  properties: {
    formData: { type: 'object', maxProperties: 40, additionalProperties: { type: 'object' } },
    currentStep: { type: ['string', 'null'], maxLength: 100 },
  },
  required: ['formData', 'currentStep'],
  additionalProperties: false,
} as const;
const idParams = {
  type: 'object',
  properties: { id: uuid },
  required: ['id'],
  additionalProperties: false,
} as const;

/** The endpoint names a flow's draft declarations use to opt in to these saves. */
export const CUSTOMER_SAVE_ENDPOINT = 'customer-saved-application-save';
export const RESUME_LINK_ENDPOINT = 'resume-link-request';

const NOT_FOUND =
  'Diesen gespeicherten Antrag haben wir nicht gefunden. Vielleicht ist er abgelaufen.';
const TOO_LARGE = 'Der Antrag ist zu groß, um gespeichert zu werden.';

/** Whether a flow opts in to a kind of save (a draft declaration with that endpoint). */
const optsIn = (definition: WizardDefinition | undefined, endpoint: string): boolean =>
  definition !== undefined && draftDeclarations(definition).some((d) => d.endpoint === endpoint);

/** Problems of saved answers against the flow's current version (400 field errors). */
function answerProblems(
  definition: WizardDefinition,
  saved: Zustand,
  at: string,
  savedVersion: number,
): FieldError[] {
  if (savedVersion !== definition.version)
    return [{ path: `${at}/version`, keyword: 'const', message: common.validation.enum }];
  const problems: FieldError[] = answerShapeProblems(definition, saved.formData).map((p) => ({
    path: `${at}/zustand/formData${p.path}`,
    keyword: p.keyword,
    message: common.validation[p.keyword],
  }));
  if (saved.currentStep !== null && !definition.steps.some((s) => s.id === saved.currentStep))
    problems.push({
      path: `${at}/zustand/currentStep`,
      keyword: 'enum',
      message: common.validation.enum,
    });
  return problems;
}

/**
 * Saving an application to continue later: a signed-in customer's saved applications
 * (`GET|PUT|DELETE /api/portal/gespeicherte-antraege[/{id}]`, only their own), and a public
 * applicant's resume link (`POST /api/antrag/{flow}/fortsetzungslink`: e-mail through the
 * outbox, `POST /api/antrag/fortsetzen/{token}` with the birth date). Only flows that declare
 * such a save (definition `draft`) accept it. Saved applications end after `keepDays` days
 * (counted from the last save), links after `linkDays`; both on `context.today()`.
 */
export function registerSavedApplicationRoutes(
  app: FastifyInstance,
  context: RouteContext,
  options: SavedApplicationOptions = {},
): void {
  const keepDays = options.keepDays ?? DEFAULT_KEEP_DAYS;
  const linkDays = options.linkDays ?? DEFAULT_LINK_DAYS;
  const db = (): Db => context.db;

  const customer = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<CustomerIdentity | null> => {
    const identity = await requireRole(context, request, reply, 'benutzer');
    if (!identity) return null;
    await purgeExpired(db(), context.today());
    return identity;
  };

  app.get('/api/portal/gespeicherte-antraege', async (request, reply) => {
    const identity = await customer(request, reply);
    if (!identity) return reply;
    reply.header('cache-control', 'private, no-store');
    return listForCustomer(db(), identity.partnerNummer);
  });

  app.get<{ Params: { id: string } }>(
    '/api/portal/gespeicherte-antraege/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const identity = await customer(request, reply);
      if (!identity) return reply;
      reply.header('cache-control', 'private, no-store');
      const found = await findForCustomer(db(), identity.partnerNummer, request.params.id);
      return found ?? sendError(reply, 404, 'not-found', NOT_FOUND);
    },
  );

  app.put<{
    Params: { id: string };
    Body: { flow: string; version: number; zustand: Zustand };
  }>(
    '/api/portal/gespeicherte-antraege/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: { flow: flowName, version, zustand },
          required: ['flow', 'version', 'zustand'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const identity = await customer(request, reply);
      if (!identity) return reply;
      const body = request.body;
      if (Buffer.byteLength(JSON.stringify(body.zustand)) > MAX_BYTES)
        return sendError(reply, 413, 'too-large', TOO_LARGE);
      const definition = context.flows.definition(body.flow);
      if (!definition || !optsIn(definition, CUSTOMER_SAVE_ENDPOINT))
        return sendValidationError(reply, [
          { path: '/body/flow', keyword: 'enum', message: common.validation.enum },
        ]);
      const problems = answerProblems(definition, body.zustand, '/body', body.version);
      if (problems.length > 0) return sendValidationError(reply, problems);
      const saved = await saveForCustomer(db(), {
        id: request.params.id,
        partnerNummer: identity.partnerNummer,
        flow: body.flow,
        version: body.version,
        zustand: body.zustand,
        expiresOn: plusDays(context.today(), keepDays),
      });
      if (!saved) return sendError(reply, 404, 'not-found', NOT_FOUND);
      return reply.code(saved.created ? 201 : 200).send({
        id: request.params.id,
        aktualisiert: saved.aktualisiert,
        gueltigBis: saved.gueltigBis,
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/portal/gespeicherte-antraege/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const identity = await customer(request, reply);
      if (!identity) return reply;
      const deleted = await deleteForCustomer(db(), identity.partnerNummer, request.params.id);
      return deleted ? reply.code(204).send() : sendError(reply, 404, 'not-found', NOT_FOUND);
    },
  );

  app.post<{
    Params: { flow: string };
    Body: {
      email: string;
      geburtsdatum: string;
      marke?: (typeof BRANDS)[number];
      version: number;
      zustand: Zustand;
    };
  }>(
    '/api/antrag/:flow/fortsetzungslink',
    {
      schema: {
        params: {
          type: 'object',
          properties: { flow: flowName },
          required: ['flow'],
          additionalProperties: false,
        },
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', format: 'email', maxLength: 254 },
            geburtsdatum: isoDate,
            marke: { enum: BRANDS },
            version,
            zustand,
          },
          required: ['email', 'geburtsdatum', 'version', 'zustand'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const today = context.today();
      await purgeExpired(db(), today);
      if (Buffer.byteLength(JSON.stringify(body.zustand)) > MAX_BYTES)
        return sendError(reply, 413, 'too-large', TOO_LARGE);
      const definition = context.flows.definition(request.params.flow);
      if (!definition || !optsIn(definition, RESUME_LINK_ENDPOINT))
        return sendError(reply, 404, 'not-found', 'Diesen Antrag gibt es nicht.');
      const allowed = await admitted(db(), reply, [
        {
          key: `resume-link:client:${request.ip}`,
          limit: RESUME_LINKS_PER_CLIENT,
          windowSeconds: 3600,
        },
        {
          key: `resume-link:address:${body.email.trim().toLowerCase()}`,
          limit: RESUME_LINKS_PER_ADDRESS,
          windowSeconds: 3600,
        },
      ]);
      if (!allowed) return reply;
      if (body.geburtsdatum >= today)
        return sendValidationError(reply, [
          { path: '/body/geburtsdatum', keyword: 'format', message: common.validation.date },
        ]);
      const problems = answerProblems(definition, body.zustand, '/body', body.version);
      if (problems.length > 0) return sendValidationError(reply, problems);
      const linkEnds = plusDays(today, linkDays);
      const { token } = await saveForLink(db(), {
        brand: body.marke ?? 'andsafe',
        flow: definition.id,
        version: body.version,
        email: body.email,
        geburtsdatum: body.geburtsdatum,
        zustand: body.zustand,
        linkExpiresOn: linkEnds,
        expiresOn: plusDays(today, Math.max(keepDays, linkDays)),
      });
      const brand = body.marke ? `?brand=${body.marke}` : '';
      await sendLinkMail(db(), body.email, `/antrag/fortsetzen/${token}${brand}`);
      return reply.code(202).send({ gueltigBis: linkEnds });
    },
  );

  app.post<{ Params: { token: string }; Body: { geburtsdatum: string } }>(
    '/api/antrag/fortsetzen/:token',
    {
      schema: {
        params: {
          type: 'object',
          properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{20,100}$' } },
          required: ['token'],
          additionalProperties: false,
        },
        body: {
          type: 'object',
          properties: { geburtsdatum: isoDate },
          required: ['geburtsdatum'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const today = context.today();
      await purgeExpired(db(), today);
      reply.header('cache-control', 'no-store');
      const allowed = await admitted(db(), reply, [
        {
          key: `resume-open:client:${request.ip}`,
          limit: RESUME_OPENINGS_PER_CLIENT,
          windowSeconds: 900,
        },
      ]);
      if (!allowed) return reply;
      const outcome = await openLink(db(), request.params.token, request.body.geburtsdatum, today);
      switch (outcome.status) {
        case 'ok':
          return {
            flow: outcome.flow,
            version: outcome.version,
            marke: outcome.marke,
            zustand: outcome.zustand,
          };
        case 'not-found':
          return sendError(
            reply,
            404,
            'not-found',
            'Diesen Link kennen wir nicht. Bitte prüfen Sie, ob Sie ihn vollständig geöffnet haben.',
          );
        case 'expired':
          return sendError(
            reply,
            410,
            'expired',
            'Dieser Link ist abgelaufen. Bitte füllen Sie den Antrag neu aus oder fordern Sie einen neuen Link an.',
          );
        case 'wrong-birth-date':
          return sendError(
            reply,
            422,
            'wrong-birth-date',
            outcome.attemptsLeft > 0
              ? `Das Geburtsdatum stimmt nicht mit dem gespeicherten überein. Bitte prüfen Sie Ihre Eingabe (noch ${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? 'Versuch' : 'Versuche'}).`
              : 'Das Geburtsdatum stimmt nicht mit dem gespeicherten überein. Der Link ist jetzt gesperrt; bitte füllen Sie den Antrag neu aus.',
          );
      }
    },
  );
}
