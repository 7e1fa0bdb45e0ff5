import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** State of an upload slot: created, filled with bytes, attached to a message. */
export type UploadState = 'offen' | 'hochgeladen' | 'verwendet';

/** Upload slots of the portal (presigned-style): the bytes live on disk under `storageKey`. */
export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  principal: text('principal').notNull(),
  state: text('state').$type<UploadState>().notNull().default('offen'),
  name: text('name').notNull(),
  contentType: text('content_type'),
  sizeBytes: integer('size_bytes'),
  sha256: text('sha256'),
  storageKey: text('storage_key').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
