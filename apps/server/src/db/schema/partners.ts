import { date, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A brand of the platform; every partner, agent and contract belongs to one. */
export type Brand = 'andsafe' | 'hfk' | 's-direkt' | 'protect' | 'protect-ch';

/** The brands, in the order the spec lists them. */
export const BRANDS: readonly Brand[] = ['andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch'];

/** Agencies (Agenturen): the unit an agent and its sub-agents work for. */
export const agencies = pgTable('agencies', {
  agenturNummer: text('agentur_nummer').primaryKey(),
  brand: text('brand').$type<Brand>().notNull(),
  name: text('name').notNull(),
  strasse: text('strasse').notNull(),
  hausnummer: text('hausnummer').notNull(),
  plz: text('plz').notNull(),
  ort: text('ort').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Agents (Vermittler); a sub-agent names its parent agent. */
export const agents = pgTable('agents', {
  vermittlerNummer: text('vermittler_nummer').primaryKey(),
  agenturNummer: text('agentur_nummer')
    .notNull()
    .references(() => agencies.agenturNummer),
  parentVermittlerNummer: text('parent_vermittler_nummer').references(
    (): AnyPgColumn => agents.vermittlerNummer,
  ),
  brand: text('brand').$type<Brand>().notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  vertriebsweg: text('vertriebsweg').notNull(),
  /** Where the agent's notifications go; null: the sign-in e-mail. */
  benachrichtigungEmail: text('benachrichtigung_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Partners: private and business customers. */
export const partners = pgTable('partners', {
  partnerNummer: text('partner_nummer').primaryKey(),
  brand: text('brand').$type<Brand>().notNull(),
  kundentyp: text('kundentyp').$type<'PRIVAT' | 'GEWERBE'>().notNull(),
  anrede: text('anrede'),
  vorname: text('vorname').notNull(),
  nachname: text('nachname').notNull(),
  firmenname: text('firmenname'),
  geburtsdatum: date('geburtsdatum', { mode: 'string' }),
  email: text('email').notNull(),
  telefon: text('telefon'),
  strasse: text('strasse').notNull(),
  hausnummer: text('hausnummer').notNull(),
  plz: text('plz').notNull(),
  ort: text('ort').notNull(),
  land: text('land').notNull().default('DE'),
  /** How the customer prefers to be contacted (spec "Contact channel"). */
  kontaktkanal: text('kontaktkanal').$type<'CHAT' | 'EMAIL'>().notNull().default('EMAIL'),
  vermittlerNummer: text('vermittler_nummer').references(() => agents.vermittlerNummer),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
