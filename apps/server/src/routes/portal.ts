import type { FastifyInstance, FastifyReply } from 'fastify';
import { principalOf, type Identity } from '../auth/index.ts';
import { attachments, claimMessages } from '../db/schema/index.ts';
import { sendError } from '../http/errors.ts';
import { withIdempotency } from '../idempotency/guard.ts';
import {
  claimDetail,
  claimMessageDetail,
  handInRequiredDocument,
  markClaimMessagesRead,
  visibleClaim,
  visibleClaims,
} from '../portal/claimsView.ts';
import {
  deleteMessage,
  listBox,
  markRead,
  messageDetail,
  ownAttachment,
  sendMessage,
  unreadCount,
  type Box,
  type NewMessage,
} from '../portal/postfach.ts';
import { attachmentDisposition } from '../portal/displayName.ts';
import { readBytes, type UploadConfig } from '../portal/uploadStore.ts';
import { requireIdentity, type RouteContext } from './context.ts';
import { and, eq } from 'drizzle-orm';

const uuid = {
  type: 'string',
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
} as const;
const pool = { enum: ['benutzer', 'vermittler'] } as const;
const params = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});
const aktenId = { type: 'string', minLength: 1, maxLength: 64 } as const;

const notFound = (reply: FastifyReply, what: string) =>
  sendError(reply, 404, 'not-found', `${what} haben wir nicht gefunden.`);

async function sendFile(
  reply: FastifyReply,
  config: UploadConfig,
  file: { name: string; contentType: string; storageKey: string } | null,
) {
  const bytes = file ? await readBytes(config, file.storageKey) : null;
  if (!file || !bytes) return notFound(reply, 'Diesen Anhang');
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/**
 * The portal calls: claims of the signed-in customer (an agent: of the agency's customers) with
 * their messages, and the Postfach per pool (inbox, outbox, unread count, read, delete, download,
 * send). A foreign id gets the same 404 as a missing one; a pool that is not the caller's too.
 */
export function registerPortalRoutes(
  app: FastifyInstance,
  context: RouteContext,
  config: UploadConfig,
): void {
  const caller = async (
    request: Parameters<typeof requireIdentity>[1],
    reply: FastifyReply,
    wanted?: string,
  ) => {
    const identity = await requireIdentity(context, request, reply);
    if (!identity) return null;
    if (wanted !== undefined && identity.role !== wanted) {
      notFound(reply, 'Dieses Postfach');
      return null;
    }
    return identity;
  };

  app.get('/api/portal/schaeden', async (request, reply) => {
    const identity = await caller(request, reply);
    if (!identity) return reply;
    return (await visibleClaims(context.db, identity)).map((claim) => ({
      aktenId: claim.aktenId,
      versicherungsNummer: claim.versicherungsNummer,
      status: claim.status,
      schadendatum: claim.schadendatum,
    }));
  });

  app.get<{ Params: { aktenId: string } }>(
    '/api/portal/schaeden/:aktenId',
    { schema: { params: params({ aktenId }) } },
    async (request, reply) => {
      const identity = await caller(request, reply);
      if (!identity) return reply;
      const claim = await visibleClaim(context.db, identity, request.params.aktenId);
      if (!claim) return notFound(reply, 'Diesen Schaden');
      const detail = await claimDetail(context.db, claim);
      // The claim page shows every message's text: a customer has read them now.
      if (identity.role === 'benutzer') await markClaimMessagesRead(context.db, claim.aktenId);
      return detail;
    },
  );

  app.post<{ Params: { aktenId: string; id: string }; Body: { upload: string } }>(
    '/api/portal/schaeden/:aktenId/unterlagen/:id',
    {
      schema: {
        params: params({ aktenId, id: uuid }),
        body: {
          type: 'object',
          properties: { upload: uuid },
          required: ['upload'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const identity = await caller(request, reply, 'benutzer');
      if (!identity) return reply;
      const claim = await visibleClaim(context.db, identity, request.params.aktenId);
      if (!claim) return notFound(reply, 'Diesen Schaden');
      return withIdempotency(
        {
          store: context.idempotency,
          request,
          reply,
          identity,
          route: 'schaeden/unterlagen',
          id: request.params.id,
          body: request.body,
        },
        async (db) => {
          const outcome = await handInRequiredDocument(
            db,
            principalOf(identity),
            claim.aktenId,
            request.params.id,
            request.body.upload,
          );
          if (outcome === 'missing')
            return {
              status: 404,
              body: { error: 'not-found', message: 'Diese Unterlage haben wir nicht gefunden.' },
            };
          if (outcome === 'received')
            return {
              status: 409,
              body: { error: 'conflict', message: 'Diese Unterlage liegt uns schon vor.' },
            };
          if (outcome === 'upload')
            return {
              status: 400,
              body: {
                error: 'validation',
                message: 'Bitte prüfen Sie Ihre Eingaben.',
                fieldErrors: [
                  {
                    path: '/body/upload',
                    keyword: 'upload',
                    message: 'Diese Datei wurde nicht vollständig hochgeladen.',
                  },
                ],
              },
            };
          return { status: 201, body: await claimDetail(db, claim) };
        },
      );
    },
  );

  app.get<{ Params: { aktenId: string; id: string } }>(
    '/api/portal/schaeden/:aktenId/nachrichten/:id',
    { schema: { params: params({ aktenId, id: uuid }) } },
    async (request, reply) => {
      const identity = await caller(request, reply);
      if (!identity) return reply;
      const claim = await visibleClaim(context.db, identity, request.params.aktenId);
      const detail =
        claim && (await claimMessageDetail(context.db, identity, claim.aktenId, request.params.id));
      return detail || notFound(reply, 'Diese Nachricht');
    },
  );

  app.get<{ Params: { aktenId: string; id: string } }>(
    '/api/portal/schaeden/:aktenId/anhaenge/:id',
    { schema: { params: params({ aktenId, id: uuid }) } },
    async (request, reply) => {
      const identity = await caller(request, reply);
      if (!identity) return reply;
      const claim = await visibleClaim(context.db, identity, request.params.aktenId);
      const [file] = claim
        ? await context.db
            .select({
              name: attachments.name,
              contentType: attachments.contentType,
              storageKey: attachments.storageKey,
            })
            .from(attachments)
            .innerJoin(claimMessages, eq(attachments.claimMessageId, claimMessages.id))
            .where(
              and(eq(claimMessages.aktenId, claim.aktenId), eq(attachments.id, request.params.id)),
            )
        : [];
      return sendFile(reply, config, file ?? null);
    },
  );

  registerPostfach(app, context, config, caller);
}

type Caller = (
  request: Parameters<typeof requireIdentity>[1],
  reply: FastifyReply,
  wanted?: string,
) => Promise<Identity | null>;

function registerPostfach(
  app: FastifyInstance,
  context: RouteContext,
  config: UploadConfig,
  caller: Caller,
): void {
  const base = '/api/postfach/:pool';
  app.get<{ Params: { pool: string; box: Box } }>(
    `${base}/:box`,
    { schema: { params: params({ pool, box: { enum: ['eingang', 'gesendet'] } }) } },
    async (request, reply) => {
      const identity = await caller(request, reply, request.params.pool);
      return identity ? listBox(context.db, identity, request.params.box) : reply;
    },
  );
  app.get<{ Params: { pool: string } }>(
    `${base}/ungelesen`,
    { schema: { params: params({ pool }) } },
    async (request, reply) => {
      const identity = await caller(request, reply, request.params.pool);
      return identity ? { anzahl: await unreadCount(context.db, identity) } : reply;
    },
  );
  app.get<{ Params: { pool: string; id: string } }>(
    `${base}/nachrichten/:id`,
    { schema: { params: params({ pool, id: uuid }) } },
    async (request, reply) => {
      const identity = await caller(request, reply, request.params.pool);
      if (!identity) return reply;
      return (
        (await messageDetail(context.db, identity, request.params.id)) ??
        notFound(reply, 'Diese Nachricht')
      );
    },
  );
  app.put<{ Params: { pool: string; id: string } }>(
    `${base}/nachrichten/:id/gelesen`,
    { schema: { params: params({ pool, id: uuid }) } },
    async (request, reply) => {
      const identity = await caller(request, reply, request.params.pool);
      if (!identity) return reply;
      if (!(await markRead(context.db, identity, request.params.id)))
        return notFound(reply, 'Diese Nachricht');
      return { gelesen: true, ungelesen: await unreadCount(context.db, identity) };
    },
  );
  app.delete<{ Params: { pool: string; id: string } }>(
    `${base}/nachrichten/:id`,
    { schema: { params: params({ pool, id: uuid }) } },
    async (request, reply) => {
      const identity = await caller(request, reply, request.params.pool);
      if (!identity) return reply;
      if (!(await deleteMessage(context.db, identity, request.params.id)))
        return notFound(reply, 'Diese Nachricht');
      return reply.code(204).send();
    },
  );
  app.get<{ Params: { pool: string; id: string } }>(
    `${base}/anhaenge/:id`,
    { schema: { params: params({ pool, id: uuid }) } },
    async (request, reply) => {
      const identity = await caller(request, reply, request.params.pool);
      if (!identity) return reply;
      return sendFile(reply, config, await ownAttachment(context.db, identity, request.params.id));
    },
  );
  app.post<{ Params: { pool: string }; Body: NewMessage }>(
    `${base}/nachrichten`,
    {
      schema: {
        params: params({ pool }),
        body: {
          type: 'object',
          properties: {
            betreff: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
            nachricht: { type: 'string', minLength: 1, maxLength: 10_000, pattern: '\\S' },
            anhaenge: { type: 'array', maxItems: config.maxCount, uniqueItems: true, items: uuid },
          },
          required: ['betreff', 'nachricht'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const identity = await caller(request, reply, request.params.pool);
      if (!identity) return reply;
      return withIdempotency(
        {
          store: context.idempotency,
          request,
          reply,
          identity,
          route: 'postfach/nachrichten',
          id: request.params.pool,
          body: request.body,
        },
        async (db) => {
          const sent = await sendMessage(db, identity, request.body);
          if (sent) return { status: 201, body: sent };
          return {
            status: 400,
            body: {
              error: 'validation',
              message: 'Bitte prüfen Sie Ihre Eingaben.',
              fieldErrors: [
                {
                  path: '/body/anhaenge',
                  keyword: 'upload',
                  message: 'Dieser Anhang wurde nicht vollständig hochgeladen.',
                },
              ],
            },
          };
        },
      );
    },
  );
}
