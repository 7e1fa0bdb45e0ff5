import { boolean, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { partners, type Brand } from './partners.ts';

/** Claims (Schadenakten) of a contract. */
export const claims = pgTable('claims', {
  aktenId: text('akten_id').primaryKey(),
  versicherungsNummer: text('versicherungs_nummer')
    .notNull()
    .references(() => contracts.versicherungsNummer),
  partnerNummer: text('partner_nummer')
    .notNull()
    .references(() => partners.partnerNummer),
  status: text('status')
    .$type<'GEMELDET' | 'IN_BEARBEITUNG' | 'ABGESCHLOSSEN' | 'ABGELEHNT'>()
    .notNull(),
  schadendatum: date('schadendatum', { mode: 'string' }).notNull(),
  beschreibung: text('beschreibung').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages of a claim, from (EINGANG) or to (AUSGANG) the insurer. */
export const claimMessages = pgTable('claim_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  aktenId: text('akten_id')
    .notNull()
    .references(() => claims.aktenId),
  richtung: text('richtung').$type<'EINGANG' | 'AUSGANG'>().notNull(),
  betreff: text('betreff').notNull(),
  nachricht: text('nachricht').notNull(),
  gelesen: boolean('gelesen').notNull().default(false),
  erstelldatum: timestamp('erstelldatum', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
});

/** Inbox and outbox (Postfach) of a customer or an agent. */
export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  pool: text('pool').$type<'benutzer' | 'vermittler'>().notNull(),
  ownerId: text('owner_id').notNull(),
  box: text('box').$type<'eingang' | 'gesendet'>().notNull(),
  betreff: text('betreff').notNull(),
  nachricht: text('nachricht').notNull(),
  gelesen: boolean('gelesen').notNull().default(false),
  geloescht: boolean('geloescht').notNull().default(false),
  erstelldatum: timestamp('erstelldatum', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
});

/** Attachments of a claim message or of a Postfach message, stored under server-made keys. */
export const attachments = pgTable('attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  claimMessageId: uuid('claim_message_id').references(() => claimMessages.id),
  messageId: uuid('message_id').references(() => messages.id),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Applications (Anträge): drafts and submitted ones. */
export const applications = pgTable('applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  antragsnummer: text('antragsnummer').unique(),
  brand: text('brand').$type<Brand>().notNull(),
  produkt: text('produkt').notNull(),
  status: text('status').$type<'draft' | 'submitted'>().notNull().default('draft'),
  ownerRole: text('owner_role').$type<'benutzer' | 'vermittler' | 'oeffentlich'>().notNull(),
  ownerId: text('owner_id'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The contract a submitted change of it (`forContracts`) changes, while it is open (unique). */
  openChangeOf: text('open_change_of'),
  /** The day the back office issues the application as a contract (its line declares `issue`). */
  issueOn: date('issue_on', { mode: 'string' }),
  /** The contract the application was issued as (set once, in the issuing transaction). */
  issuedContract: text('issued_contract'),
});

/** Documents a claim still needs from the customer; `erhaltenAm` once one arrived. */
export const claimRequiredDocuments = pgTable('claim_required_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  aktenId: text('akten_id')
    .notNull()
    .references(() => claims.aktenId),
  art: text('art').notNull(),
  beschreibung: text('beschreibung').notNull(),
  erhaltenAm: timestamp('erhalten_am', { withTimezone: true }),
  claimMessageId: uuid('claim_message_id').references(() => claimMessages.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
