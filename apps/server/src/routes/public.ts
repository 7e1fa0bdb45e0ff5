import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError, sendTooManyRequests, sendValidationError } from '../http/errors.ts';
import { admit } from '../throttle/counters.ts';
import type { RouteContext } from './context.ts';
import { BRANDS, feedback, healthConsents, type Brand } from '../db/schema/index.ts';

/** Public posts per client address: at most this many in 15 minutes. */
export const PUBLIC_POSTS_PER_WINDOW = 20;

const brand = { enum: [...BRANDS] } as const;

/** Admits one public post of a client, or answers 429 and returns false. */
async function admitted(
  context: RouteContext,
  request: FastifyRequest,
  reply: Parameters<typeof sendTooManyRequests>[0],
  kind: string,
): Promise<boolean> {
  const admission = await admit(
    context.db,
    [{ key: `${kind}:client:${request.ip}`, limit: PUBLIC_POSTS_PER_WINDOW, windowSeconds: 900 }],
    new Date(),
  );
  if (!admission.admitted) sendTooManyRequests(reply, admission.retryAfterSeconds);
  return admission.admitted;
}

/**
 * The public posts: `POST /api/feedback` (a score 1 to 5 and/or a comment from a page or a mail,
 * named by its source) and `POST /api/einwilligung` (the consent to process health records for a
 * contract: name, contract number, date of birth, which consent). Validated, German messages,
 * at most 20 per client in 15 minutes; answers 201 and nothing of what others sent.
 */
export function registerPublicRoutes(app: FastifyInstance, context: RouteContext): void {
  app.post<{
    Body: { marke: Brand; quelle: string; bewertung?: number; kommentar?: string };
  }>(
    '/api/feedback',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            marke: brand,
            quelle: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,39}$' },
            bewertung: { type: 'integer', minimum: 1, maximum: 5 },
            kommentar: { type: 'string', maxLength: 2000 },
          },
          required: ['marke', 'quelle'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const kommentar = request.body.kommentar?.trim() || undefined;
      if (request.body.bewertung === undefined && kommentar === undefined) {
        return sendValidationError(reply, [
          {
            path: '/body/bewertung',
            keyword: 'required',
            message: 'Bitte geben Sie eine Bewertung oder einen Kommentar an.',
          },
        ]);
      }
      if (!(await admitted(context, request, reply, 'feedback'))) return reply;
      await context.db.insert(feedback).values({
        brand: request.body.marke,
        quelle: request.body.quelle,
        bewertung: request.body.bewertung ?? null,
        kommentar: kommentar ?? null,
      });
      return reply.code(201).send({ gespeichert: true });
    },
  );

  app.post<{
    Body: {
      marke: Brand;
      name: string;
      versicherungsNummer: string;
      geburtsdatum: string;
      art: 'PERSONENSCHAEDEN' | 'REISEGESUNDHEIT';
      einwilligung: true;
    };
  }>(
    '/api/einwilligung',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            marke: brand,
            name: { type: 'string', minLength: 2, maxLength: 100, pattern: '\\S' },
            versicherungsNummer: {
              type: 'string',
              pattern: '^[A-Za-z]{2,4}-\\d{6,10}$',
            },
            geburtsdatum: { type: 'string', format: 'date' },
            art: { enum: ['PERSONENSCHAEDEN', 'REISEGESUNDHEIT'] },
            einwilligung: { const: true },
          },
          required: ['marke', 'name', 'versicherungsNummer', 'geburtsdatum', 'art', 'einwilligung'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.geburtsdatum >= context.today()) {
        return sendValidationError(reply, [
          {
            path: '/body/geburtsdatum',
            keyword: 'past',
            message: 'Das Geburtsdatum muss in der Vergangenheit liegen.',
          },
        ]);
      }
      if (!(await admitted(context, request, reply, 'einwilligung'))) return reply;
      const [row] = await context.db
        .insert(healthConsents)
        .values({
          brand: body.marke,
          name: body.name.trim(),
          versicherungsNummer: body.versicherungsNummer.toUpperCase(),
          geburtsdatum: body.geburtsdatum,
          art: body.art,
        })
        .returning({ id: healthConsents.id, createdAt: healthConsents.createdAt });
      if (!row) return sendError(reply, 500, 'internal', 'Leider ist ein Fehler aufgetreten.');
      return reply.code(201).send({ id: row.id, erteiltAm: row.createdAt.toISOString() });
    },
  );
}
