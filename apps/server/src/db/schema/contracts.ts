import type { RatingWorksheet } from '../../../../../generated/types/rating-worksheet.ts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents, partners, type Brand } from './partners.ts';
import type {
  Bankverbindung,
  ContractTeile,
  DeckungsVariante,
  Kuendbar,
  PendingChangeArt,
  Produkt,
  SelbstBeteiligungWert,
  TaskStatus,
  TaskTyp,
  Vertragsende,
  Vertragsstatus,
  Zahlweise,
} from './contractTypes.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** Contracts: the common fields of the spec's "Contract (customer view)"; the parts in `teile`. */
export const contracts = pgTable('contracts', {
  versicherungsNummer: text('versicherungs_nummer').primaryKey(),
  partnerNummer: text('partner_nummer')
    .notNull()
    .references(() => partners.partnerNummer),
  vermittlerNummer: text('vermittler_nummer').references(() => agents.vermittlerNummer),
  brand: text('brand').$type<Brand>().notNull(),
  produkt: text('produkt').$type<Produkt>().notNull(),
  vertragsart: text('vertragsart').$type<'GEWERBE' | 'PRIVAT'>().notNull(),
  vertragsstatus: text('vertragsstatus').$type<Vertragsstatus>().notNull(),
  kuendbar: text('kuendbar').$type<Kuendbar>().notNull(),
  widerrufbar: boolean('widerrufbar').notNull().default(false),
  versicherungsSumme: numeric('versicherungs_summe', { precision: 14, scale: 2, mode: 'number' }),
  versicherungsPraemie: money('versicherungs_praemie').notNull(),
  jahresVersicherungsPraemie: money('jahres_versicherungs_praemie').notNull(),
  folgePraemie: money('folge_praemie'),
  zahlweise: text('zahlweise').$type<Zahlweise>().notNull(),
  versicherungsTyp: text('versicherungs_typ').notNull(),
  versicherungsName: text('versicherungs_name').notNull(),
  bankverbindung: jsonb('bankverbindung').$type<Bankverbindung>(),
  ablaufdatum: date('ablaufdatum', { mode: 'string' }),
  beendigungsdatum: date('beendigungsdatum', { mode: 'string' }),
  antragsdatum: date('antragsdatum', { mode: 'string' }).notNull(),
  vertragsBeginn: date('vertrags_beginn', { mode: 'string' }).notNull(),
  beginnverlegung: date('beginnverlegung', { mode: 'string' }),
  hauptfaelligkeitTag: smallint('hauptfaelligkeit_tag').notNull(),
  hauptfaelligkeitMonat: smallint('hauptfaelligkeit_monat').notNull(),
  mahnung: boolean('mahnung').notNull().default(false),
  wirksamkeitsdatum: date('wirksamkeitsdatum', { mode: 'string' }),
  produktIdentifier: text('produkt_identifier').notNull(),
  deckungsIdentifier: text('deckungs_identifier').notNull(),
  deckungsVarianten: jsonb('deckungs_varianten').$type<DeckungsVariante[]>().notNull().default([]),
  selbstBeteiligung: jsonb('selbst_beteiligung').$type<SelbstBeteiligungWert>(),
  /**
   * The contract's parts (what its line's tariff declares as `parts`), keyed by part name; a part
   * the contract does not have is absent. Read and written through contracts/parts.ts.
   */
  teile: jsonb('teile').$type<ContractTeile>().notNull().default({}),
  bestaetigtAm: timestamp('bestaetigt_am', { withTimezone: true, mode: 'date' }),
  kuendigung: jsonb('kuendigung').$type<Vertragsende>(),
  widerruf: jsonb('widerruf').$type<Vertragsende>(),
  lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`date_trunc('milliseconds', now())`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Documents of a partner, optionally of one contract (policy, invoices). */
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  partnerNummer: text('partner_nummer')
    .notNull()
    .references(() => partners.partnerNummer),
  versicherungsNummer: text('versicherungs_nummer').references(() => contracts.versicherungsNummer),
  name: text('name').notNull(),
  typ: text('typ').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull().default('application/pdf'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pending changes (vorgemerkte Änderungen), effective from a future date; applied ones are history.
 * One table for both: taking effect only sets `angewendet_am` on the row, and that conditional
 * update is what claims the change exactly once; a history table would need a move (insert plus
 * delete) that the claim must guard as well.
 */
export const pendingChanges = pgTable('pending_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  versicherungsNummer: text('versicherungs_nummer')
    .notNull()
    .references(() => contracts.versicherungsNummer),
  art: text('art').$type<PendingChangeArt>().notNull(),
  /** The contract view's list that shows it (its change's `pendingList` when it was saved). */
  liste: text('liste'),
  wert: jsonb('wert').$type<unknown>().notNull(),
  wirksamAb: date('wirksam_ab', { mode: 'string' }).notNull(),
  wirksamBis: date('wirksam_bis', { mode: 'string' }),
  /** The day the change took effect (then it is history, no longer pending). */
  angewendetAm: date('angewendet_am', { mode: 'string' }),
  /** The rating worksheet the change was priced with (a tariff that rates contracts), or null. */
  rechenweg: jsonb('rechenweg').$type<RatingWorksheet | null>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Contract tasks (revenue reminders and automatic adjustment). */
export const contractTasks = pgTable('contract_tasks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  versicherungsNummer: text('versicherungs_nummer')
    .notNull()
    .references(() => contracts.versicherungsNummer),
  typ: text('typ').$type<TaskTyp>().notNull(),
  status: text('status').$type<TaskStatus>().notNull().default('Offen'),
  faelligAm: date('faellig_am', { mode: 'string' }).notNull(),
  erledigtAm: date('erledigt_am', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
