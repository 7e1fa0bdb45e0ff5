import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** bytea as a Buffer (PGlite answers a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The embedded file store (files/databaseStore.ts): bytes by server-made storage key. */
export const files = pgTable('files', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
