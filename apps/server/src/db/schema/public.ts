import { date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Feedback from the public page /feedback/{source}/{score?}. */
export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  brand: text('brand').notNull(),
  quelle: text('quelle').notNull(),
  /** The scale of the score: 1 to 5 (satisfaction) or 0 to 10 (recommendation). */
  skala: text('skala').$type<'1-5' | '0-10'>().notNull().default('1-5'),
  bewertung: integer('bewertung'),
  kommentar: text('kommentar'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Consents to process health records (/einwilligung). */
export const healthConsents = pgTable('health_consents', {
  id: uuid('id').primaryKey().defaultRandom(),
  brand: text('brand').notNull(),
  name: text('name').notNull(),
  versicherungsNummer: text('versicherungs_nummer').notNull(),
  geburtsdatum: date('geburtsdatum', { mode: 'string' }).notNull(),
  art: text('art').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
