import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../auth/index.ts';
import { claimPrincipal, tokenHash } from '../claims/lookup.ts';
import { queryRows } from '../claims/sql.ts';
import { sendError } from '../http/errors.ts';
import { principalOf } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { uploads } from '../db/schema/index.ts';
import { UPLOAD_TEXTS } from '../http/errors.ts';
import { withIdempotency, type GuardedOutcome } from '../idempotency/guard.ts';
import { displayName } from '../portal/displayName.ts';
import {
  ALREADY_DONE,
  checkBytes,
  fileUpload,
  finished,
  TOO_LARGE,
  type UploadRow,
} from '../portal/uploadCheck.ts';
import { openSlot as reserveSlot } from '../portal/uploadSlots.ts';
import { newStorageKey, sha256, type UploadConfig } from '../portal/uploadStore.ts';
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

const NOT_ARRIVED: GuardedOutcome = {
  status: 409,
  body: {
    error: 'conflict',
    message: 'Die Datei ist noch nicht angekommen. Bitte laden Sie sie erneut hoch.',
  },
};

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

/** Seconds a presigned URL of a direct upload stays valid. */
const PRESIGNED_SECONDS = 15 * 60;

/** The open slot of `id` that `principal` owns, or the answer when there is none to fill. */
async function slotToFill(
  db: Db,
  id: string,
  principal: string,
  digest: string | null,
): Promise<UploadRow | GuardedOutcome> {
  const [slot] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.principal, principal)));
  if (!slot) return NO_UPLOAD;
  if (slot.state !== 'offen')
    return digest === null || slot.sha256 === digest
      ? { status: 200, body: finished(slot) }
      : ALREADY_DONE;
  if (slot.expiresAt.getTime() < Date.now()) return NO_UPLOAD;
  return slot;
}

const isOutcome = (value: UploadRow | GuardedOutcome): value is GuardedOutcome => 'status' in value;

/**
 * The presigned upload: POST /api/uploads opens a slot (name in, upload URL out). The bytes go
 * either through the server (PUT /api/uploads/{id}: checked and filed at once) or, when an S3
 * bucket is configured and the caller declared `sizeBytes`, straight to the bucket with a
 * presigned PUT signed for exactly that size, after which POST /api/uploads/{id}/abschluss has
 * the server read them back, check them as any upload and file them (refused bytes are deleted).
 * The type is decided by the content (415 otherwise, and for SVG, HTML and script whatever the
 * name), size and count by configuration (413); the name is kept only as a sanitised display
 * name. All three accept Idempotency-Key. `clock` is the claim look-up's clock: a claim token is
 * valid until the expiry that clock gave it.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  context: RouteContext,
  config: UploadConfig,
  clock: () => Date = () => new Date(),
): Promise<void> {
  const direct = config.files.direct;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: config.maxSizeBytes },
      (_request, body, done) => {
        done(null, body);
      },
    );

    scope.post<{ Body: { name: string; sizeBytes?: number } }>(
      '/api/uploads',
      {
        schema: {
          body: {
            type: 'object',
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
              sizeBytes: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            },
            required: ['name'],
            additionalProperties: false,
          },
        },
      },
      async (request, reply) => {
        const caller = await uploader(context, request, reply, clock());
        if (!caller) return reply;
        const { identity, principal } = caller;
        const declared = request.body.sizeBytes;
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
            if (declared !== undefined && declared > config.maxSizeBytes) return TOO_LARGE;
            const storageKey = newStorageKey();
            const row = await reserveSlot(db, principal, config, {
              name: displayName(request.body.name),
              storageKey,
              expiresAt: new Date(Date.now() + config.slotMinutes * 60_000),
            });
            if (!row)
              return { status: 413, body: { error: 'too-large', message: UPLOAD_TEXTS.count } };
            const presigned =
              direct && declared !== undefined
                ? await direct.presignPut(
                    storageKey,
                    declared,
                    Math.min(PRESIGNED_SECONDS, config.slotMinutes * 60),
                  )
                : null;
            return {
              status: 201,
              body: {
                id: row.id,
                name: row.name,
                uploadUrl: presigned ?? `/api/uploads/${row.id}`,
                method: 'PUT',
                ...(presigned ? { completeUrl: `/api/uploads/${row.id}/abschluss` } : {}),
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
            const slot = await slotToFill(db, request.params.id, principal, digest);
            if (isOutcome(slot)) return slot;
            const checked = checkBytes(config, bytes);
            if ('refused' in checked) return checked.refused;
            return fileUpload(db, config, slot, bytes, checked.type);
          },
        );
      },
    );

    scope.post<{ Params: { id: string } }>(
      '/api/uploads/:id/abschluss',
      { schema: { params: uuidParams } },
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
            route: 'uploads-abschluss',
            id: request.params.id,
            body: null,
          },
          async (db) => {
            const slot = await slotToFill(db, request.params.id, principal, null);
            if (isOutcome(slot)) return slot;
            if (!direct) return NOT_ARRIVED;
            const staged = await direct.takeStaged(slot.storageKey, config.maxSizeBytes);
            if (staged.kind === 'missing') {
              // Another completion may have filed it meanwhile.
              const again = await slotToFill(db, slot.id, principal, null);
              return isOutcome(again) ? again : NOT_ARRIVED;
            }
            // Refused bytes are deleted; accepted ones are filed as read (what was checked is
            // what is kept, whatever is PUT to the staging key later) and their staging copy goes.
            const checked = staged.kind === 'bytes' ? checkBytes(config, staged.bytes) : null;
            if (staged.kind !== 'bytes' || !checked || 'refused' in checked) {
              await direct.discardStaged(slot.storageKey);
              return checked && 'refused' in checked ? checked.refused : TOO_LARGE;
            }
            const filed = await fileUpload(db, config, slot, staged.bytes, checked.type);
            await direct.discardStaged(slot.storageKey);
            return filed;
          },
        );
      },
    );
  });
}
