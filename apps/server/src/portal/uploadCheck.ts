import { and, eq } from 'drizzle-orm';
import { detectFileType } from '#engine';
import type { Db } from '../db/database.ts';
import { uploads } from '../db/schema/index.ts';
import { UPLOAD_TEXTS } from '../http/errors.ts';
import type { GuardedOutcome } from '../idempotency/guard.ts';
import { isActiveContent } from './activeContent.ts';
import { sha256, storeBytes, type UploadConfig } from './uploadStore.ts';

/** An upload slot's row. */
export type UploadRow = typeof uploads.$inferSelect;

/** The answer of a filed upload. */
export const finished = (row: UploadRow) => ({
  id: row.id,
  name: row.name,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
});

/** 409: the slot already holds other bytes. */
export const ALREADY_DONE: GuardedOutcome = {
  status: 409,
  body: { error: 'conflict', message: 'Dieser Upload ist schon abgeschlossen.' },
};

/** 413: more bytes than the configured limit. */
export const TOO_LARGE: GuardedOutcome = {
  status: 413,
  body: { error: 'too-large', message: UPLOAD_TEXTS.size },
};

/**
 * The type of an upload's bytes by their content (magic bytes), or the refusal: 413 beyond the
 * size limit, 415 for a type not allowed and for SVG, HTML and script whatever the name says.
 */
export function checkBytes(
  config: UploadConfig,
  bytes: Uint8Array,
): { type: string } | { refused: GuardedOutcome } {
  if (bytes.length > config.maxSizeBytes) return { refused: TOO_LARGE };
  const type = detectFileType(bytes);
  // An SVG is text to the check: active content is refused by its content.
  if (!type || isActiveContent(bytes, type === 'text/plain'))
    return {
      refused: { status: 415, body: { error: 'unsupported-type', message: UPLOAD_TEXTS.type } },
    };
  return { type };
}

/**
 * Files checked bytes for an open slot: the bytes into the file store under the slot's
 * server-made key, then the slot becomes `hochgeladen` with type, size and digest. A slot
 * another request filed meanwhile answers as a repeat (200 for the same bytes, else 409).
 */
export async function fileUpload(
  db: Db,
  config: UploadConfig,
  slot: UploadRow,
  bytes: Uint8Array,
  type: string,
): Promise<GuardedOutcome> {
  const digest = sha256(bytes);
  await storeBytes(config, slot.storageKey, bytes, type, db);
  const [row] = await db
    .update(uploads)
    .set({ state: 'hochgeladen', contentType: type, sizeBytes: bytes.length, sha256: digest })
    .where(and(eq(uploads.id, slot.id), eq(uploads.state, 'offen')))
    .returning();
  if (row) return { status: 200, body: finished(row) };
  return repeatOf(db, slot.id, digest);
}

/** The answer to bytes for a slot that is no longer open: the first answer again, or 409. */
async function repeatOf(db: Db, id: string, digest: string): Promise<GuardedOutcome> {
  const [now] = await db.select().from(uploads).where(eq(uploads.id, id));
  return now && now.state !== 'offen' && now.sha256 === digest
    ? { status: 200, body: finished(now) }
    : ALREADY_DONE;
}
