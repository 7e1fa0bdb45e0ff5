import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** A user pool: customers (benutzer) or agents (vermittler). */
export type PoolName = 'benutzer' | 'vermittler';

/** Account states as Cognito names them. */
export type UserStatus = 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'UNCONFIRMED';

/** The token signing key (one row) and the server secret for fake salts. */
export const identityKeys = pgTable('identity_keys', {
  slot: integer('slot').primaryKey(),
  kid: text('kid').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Users of both pools: SRP salt and verifier, never a password. */
export const identityUsers = pgTable('identity_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  pool: text('pool').$type<PoolName>().notNull(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  emailVerified: boolean('email_verified').notNull().default(true),
  phoneNumber: text('phone_number'),
  nickname: text('nickname'),
  partnerNummer: text('partner_nummer'),
  vermittlerNummer: text('vermittler_nummer'),
  status: text('status').$type<UserStatus>().notNull(),
  saltHex: text('salt_hex').notNull(),
  verifierHex: text('verifier_hex').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user row. */
export type IdentityUser = typeof identityUsers.$inferSelect;

/** One sign-in: its id is the tokens' `origin_jti`; revoked on sign-out. */
export const identityRefreshTokens = pgTable('identity_refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => identityUsers.id),
  clientId: text('client_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Open sign-in challenges; each is used once. */
export const identityChallenges = pgTable('identity_challenges', {
  id: text('id').primaryKey(),
  pool: text('pool').$type<PoolName>().notNull(),
  clientId: text('client_id').notNull(),
  username: text('username').notNull(),
  userId: uuid('user_id'),
  kind: text('kind').$type<'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED'>().notNull(),
  secretHex: text('secret_hex'),
  srpAHex: text('srp_a_hex'),
  srpBHex: text('srp_b_hex'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a one-time code is for. */
export type CodePurpose = 'FORGOT_PASSWORD' | 'SIGN_UP' | 'VERIFY_EMAIL' | 'VERIFY_PHONE';

/** One-time codes, hashed. */
export const identityCodes = pgTable(
  'identity_codes',
  {
    pool: text('pool').$type<PoolName>().notNull(),
    username: text('username').notNull(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** The new e-mail address or mobile number a VERIFY_* code confirms. */
    pendingValue: text('pending_value'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pool, table.username, table.purpose] })],
);

/** Messages with codes the service sends (a developer reads them with DEV_OUTBOX=on: outbox.ts). */
export const identityOutbox = pgTable('identity_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  pool: text('pool').$type<PoolName>().notNull(),
  username: text('username').notNull(),
  channel: text('channel').$type<'EMAIL' | 'SMS'>().notNull(),
  destination: text('destination').notNull(),
  purpose: text('purpose').notNull(),
  code: text('code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
