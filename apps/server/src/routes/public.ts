import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendValidationError, TOO_MANY_REQUESTS } from '../http/errors.ts';
import { withIdempotency, type GuardedOutcome } from '../idempotency/guard.ts';
import { admit } from '../throttle/counters.ts';
import type { Db } from '../db/database.ts';
import type { RouteContext } from './context.ts';
import { readStaticDocuments } from '../documents/staticDocuments.ts';
import { BRANDS, feedback, healthConsents, type Brand } from '../db/schema/index.ts';

/** Public posts per client address: at most this many in 15 minutes. */
export const PUBLIC_POSTS_PER_WINDOW = 20;

const brand = { enum: [...BRANDS] } as const;

/**
 * Admits one public post of a client: null when admitted, else the 429 to answer (with
 * Retry-After). Runs inside the idempotency guard, so a replayed post is not counted again.
 */
async function refusal(
  db: Db,
  request: FastifyRequest,
  kind: string,
): Promise<GuardedOutcome | null> {
  const admission = await admit(
    db,
    [{ key: `${kind}:client:${request.ip}`, limit: PUBLIC_POSTS_PER_WINDOW, windowSeconds: 900 }],
    new Date(),
  );
  if (admission.admitted) return null;
  return {
    status: 429,
    body: {
      error: 'too-many-requests',
      message: TOO_MANY_REQUESTS,
    },
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(admission.retryAfterSeconds))) },
  };
}

/** The range of each feedback scale. */
const SCALES = { '1-5': { min: 1, max: 5 }, '0-10': { min: 0, max: 10 } } as const;

/** Runs a public post under its Idempotency-Key (shared public principal), rate-limited. */
function guardedPost(
  context: RouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: string,
  store: (db: Db) => Promise<GuardedOutcome>,
): Promise<FastifyReply> {
  return withIdempotency(
    {
      store: context.idempotency,
      request,
      reply,
      identity: null,
      route: kind,
      id: '',
      body: request.body,
    },
    async (db) => (await refusal(db, request, kind)) ?? store(db),
  );
}

/**
 * The public posts: `POST /api/feedback` (a score on a scale of 1 to 5 or 0 to 10 and/or a
 * comment from a page or a mail, named by its source) and `POST /api/einwilligung` (the consent
 * to process health records for a contract: name, contract number, date of birth, which consent).
 * Validated, German messages, at most 20 per client in 15 minutes, Idempotency-Key accepted (the
 * same key and body replay the first answer and store nothing twice); answers 201 and nothing of
 * what others sent.
 */
export function registerPublicRoutes(
  app: FastifyInstance,
  context: RouteContext,
  options: { root: string },
): void {
  // The kinds of consent are the consent forms' (definitions/documents, `consent.art`).
  const consentKinds = readStaticDocuments(options.root).flatMap((document) =>
    document.consent ? [document.consent.art] : [],
  );
  app.post<{
    Body: {
      marke: Brand;
      quelle: string;
      skala?: keyof typeof SCALES;
      bewertung?: number;
      kommentar?: string;
    };
  }>(
    '/api/feedback',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            marke: brand,
            quelle: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,39}$' },
            skala: { enum: Object.keys(SCALES) },
            // The range depends on the scale: checked below, with its German message.
            bewertung: { type: 'integer' },
            kommentar: { type: 'string', maxLength: 2000 },
          },
          required: ['marke', 'quelle'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const kommentar = request.body.kommentar?.trim() || undefined;
      const skala = request.body.skala ?? '1-5';
      const { bewertung } = request.body;
      if (bewertung === undefined && kommentar === undefined) {
        return sendValidationError(reply, [
          {
            path: '/body/bewertung',
            keyword: 'required',
            message: 'Bitte geben Sie eine Bewertung oder einen Kommentar an.',
          },
        ]);
      }
      const range = SCALES[skala];
      if (bewertung !== undefined && (bewertung < range.min || bewertung > range.max)) {
        return sendValidationError(reply, [
          {
            path: '/body/bewertung',
            keyword: 'scale',
            message: `Bitte wählen Sie eine Bewertung von ${range.min} bis ${range.max}.`,
          },
        ]);
      }
      return guardedPost(context, request, reply, 'feedback', async (db) => {
        await db.insert(feedback).values({
          brand: request.body.marke,
          quelle: request.body.quelle,
          skala,
          bewertung: bewertung ?? null,
          kommentar: kommentar ?? null,
        });
        return { status: 201, body: { gespeichert: true } };
      });
    },
  );

  app.post<{
    Body: {
      marke: Brand;
      name: string;
      versicherungsNummer: string;
      geburtsdatum: string;
      art: string;
      einwilligung: boolean;
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
            art: { enum: consentKinds },
            einwilligung: { type: 'boolean' },
          },
          required: ['marke', 'name', 'versicherungsNummer', 'geburtsdatum', 'art', 'einwilligung'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!body.einwilligung) {
        return sendValidationError(reply, [
          {
            path: '/body/einwilligung',
            keyword: 'const',
            message: 'Bitte bestätigen Sie die Einwilligung.',
          },
        ]);
      }
      if (body.geburtsdatum >= context.today()) {
        return sendValidationError(reply, [
          {
            path: '/body/geburtsdatum',
            keyword: 'past',
            message: 'Das Geburtsdatum muss in der Vergangenheit liegen.',
          },
        ]);
      }
      return guardedPost(context, request, reply, 'einwilligung', async (db) => {
        const [row] = await db
          .insert(healthConsents)
          .values({
            brand: body.marke,
            name: body.name.trim(),
            versicherungsNummer: body.versicherungsNummer.toUpperCase(),
            geburtsdatum: body.geburtsdatum,
            art: body.art,
          })
          .returning({ id: healthConsents.id, createdAt: healthConsents.createdAt });
        if (!row) throw new Error('consent not stored');
        return { status: 201, body: { id: row.id, erteiltAm: row.createdAt.toISOString() } };
      });
    },
  );
}
