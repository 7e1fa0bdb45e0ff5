import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../auth/index.ts';
import { claimPrincipal, tokenHash } from '../claims/lookup.ts';
import { queryRows } from '../claims/sql.ts';
import { sendError } from '../http/errors.ts';
import { detectFileType } from '#engine';
import { principalOf } from '../auth/index.ts';
import { uploads } from '../db/schema/index.ts';
import { UPLOAD_TEXTS } from '../http/errors.ts';
import { withIdempotency, type GuardedOutcome } from '../idempotency/guard.ts';
import { isActiveContent } from '../portal/activeContent.ts';
import { displayName } from '../portal/displayName.ts';
import { openSlot } from '../portal/uploadSlots.ts';
import { newStorageKey, sha256, storeBytes, type UploadConfig } from '../portal/uploadStore.ts';
import { requireIdentity, type RouteContext } from './context.ts';

const uuidParams = {
  type: 'object',
  properties: {
    id: {
      type: 'string',
      pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    },
  },
  required: ['id'],
  additionalProperties: false,
} as const;

const CLAIM_TOKEN_EXPIRED =
  'Ihre Sitzung zur Schadenmeldung ist abgelaufen. Bitte starten Sie die Schadenmeldung neu.';

const NO_UPLOAD: GuardedOutcome = {
  status: 404,
  body: { error: 'not-found', message: 'Diesen Upload gibt es nicht.' },
};

type UploadRow = typeof uploads.$inferSelect;
const finished = (row: UploadRow) => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
});

/**
 * Who uploads: a claimant with the claim app's token (`Authorization: Bearer <token>`, valid and
 * not yet used for a report; the files belong to that token until the report takes them), else a
 * signed-in user. Null after answering 401.
 */
async function uploader(
  context: RouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
): Promise<{ identity: Identity | null; principal: string } | null> {
  const token = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];
  if (token) {
    const hash = tokenHash(token);
    const [valid] = await queryRows<{ ok: number }>(
      context.db,
      sql`SELECT 1 AS ok FROM claim_tokens
          WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > ${now.toISOString()}`,
    );
    if (!valid) {
      sendError(reply, 401, 'unauthorized', CLAIM_TOKEN_EXPIRED);
      return null;
    }
    return { identity: null, principal: claimPrincipal(token) };
  }
  const identity = await requireIdentity(context, request, reply);
  return identity ? { identity, principal: principalOf(identity) } : null;
}

/**
 * The presigned-style upload: POST /api/uploads opens a slot (name in, upload URL out), PUT
 * /api/uploads/{id} stores the bytes on disk under a server-made name. The type is decided by the
 * content (415 otherwise, and for SVG, HTML and script whatever the name), size and count by
 * configuration (413); the name is kept only as a sanitised display name. Both accept
 * Idempotency-Key. `clock` is the claim look-up's clock: a claim token is valid until the
 * expiry that clock gave it.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  context: RouteContext,
  config: UploadConfig,
  clock: () => Date = () => new Date(),
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: config.maxSizeBytes },
      (_request, body, done) => {
        done(null, body);
      },
    );

    scope.post<{ Body: { name: string } }>(
      '/api/uploads',
      {
        schema: {
          body: {
            type: 'object',
            properties: { name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
      },
      async (request, reply) => {
        const caller = await uploader(context, request, reply, clock());
        if (!caller) return reply;
        const { identity, principal } = caller;
        return withIdempotency(
          {
            store: context.idempotency,
            request,
            reply,
            identity,
            principal,
            route: 'uploads',
            id: '',
            body: request.body,
          },
          async (db) => {
            const row = await openSlot(db, principal, config, {
              name: displayName(request.body.name),
              storageKey: newStorageKey(),
              expiresAt: new Date(Date.now() + config.slotMinutes * 60_000),
            });
            if (!row)
              return { status: 413, body: { error: 'too-large', message: UPLOAD_TEXTS.count } };
            return {
              status: 201,
              body: {
                id: row.id,
                name: row.name,
                uploadUrl: `/api/uploads/${row.id}`,
                method: 'PUT',
                maxSizeBytes: config.maxSizeBytes,
                expiresAt: row.expiresAt.toISOString(),
              },
            };
          },
        );
      },
    );

    scope.put<{ Params: { id: string }; Body: Buffer }>(
      '/api/uploads/:id',
      { schema: { params: uuidParams } },
      async (request, reply) => {
        const caller = await uploader(context, request, reply, clock());
        if (!caller) return reply;
        const { identity, principal } = caller;
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const digest = sha256(bytes);
        return withIdempotency(
          {
            store: context.idempotency,
            request,
            reply,
            identity,
            principal,
            route: 'uploads',
            id: request.params.id,
            body: digest,
          },
          async (db) => {
            const [slot] = await db
              .select()
              .from(uploads)
              .where(and(eq(uploads.id, request.params.id), eq(uploads.principal, principal)));
            if (!slot) return NO_UPLOAD;
            if (slot.state !== 'offen') {
              return slot.sha256 === digest
                ? { status: 200, body: finished(slot) }
                : {
                    status: 409,
                    body: { error: 'conflict', message: 'Dieser Upload ist schon abgeschlossen.' },
                  };
            }
            if (slot.expiresAt.getTime() < Date.now()) return NO_UPLOAD;
            if (bytes.length > config.maxSizeBytes)
              return { status: 413, body: { error: 'too-large', message: UPLOAD_TEXTS.size } };
            const type = detectFileType(bytes);
            // SVG, HTML and script are refused whatever the name says (an SVG is text to the check).
            if (!type || isActiveContent(bytes, type === 'text/plain'))
              return {
                status: 415,
                body: { error: 'unsupported-type', message: UPLOAD_TEXTS.type },
              };
            await storeBytes(config, slot.storageKey, bytes);
            const [row] = await db
              .update(uploads)
              .set({
                state: 'hochgeladen',
                contentType: type,
                sizeBytes: bytes.length,
                sha256: digest,
              })
              .where(and(eq(uploads.id, slot.id), eq(uploads.state, 'offen')))
              .returning();
            if (!row)
              return {
                status: 409,
                body: { error: 'conflict', message: 'Dieser Upload ist schon abgeschlossen.' },
              };
            return { status: 200, body: finished(row) };
          },
        );
      },
    );
  });
}
