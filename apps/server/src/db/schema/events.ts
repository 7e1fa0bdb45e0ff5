import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { contracts } from './contracts.ts';
import { partners } from './partners.ts';

/** Change events: the common fields of spec section 3 plus a JSONB payload per event type. */
export const changeEvents = pgTable('change_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  typ: text('typ').notNull(),
  versicherungsnummer: text('versicherungsnummer')
    .notNull()
    .references(() => contracts.versicherungsNummer),
  wirksamkeitsdatum: date('wirksamkeitsdatum', { mode: 'string' }).notNull(),
  partnernummer: text('partnernummer')
    .notNull()
    .references(() => partners.partnerNummer),
  partnerKenntnisstand: timestamp('partner_kenntnisstand', {
    withTimezone: true,
    mode: 'date',
  }).notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The audit trail: who did what to which record, under which request id. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorRole: text('actor_role').notNull(),
  actorId: text('actor_id').notNull(),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id').notNull(),
  requestId: text('request_id'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Idempotency keys (IETF Idempotency-Key draft), scoped per caller. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'running' | 'done'>().notNull().default('running'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The token of the claim that runs the work now (a takeover writes a new one). */
    claimToken: text('claim_token'),
    /** Until when a running claim holds the key; after it a retry may take the key over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 seconds'`),
  },
  (table) => [primaryKey({ columns: [table.principal, table.key] })],
);
