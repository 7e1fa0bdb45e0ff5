/**
 * Applications saved to continue later (table saved_applications): a signed-in customer's, listed
 * on their start page, and a public applicant's, reached by a resume link sent by e-mail and
 * opened with their birth date. Every saved application ends after a configured number of days
 * on the server's clock and is deleted then.
 */
import { createHash, randomBytes } from 'node:crypto';
import { addDays, formatISO, parseISO } from 'date-fns';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { queryRows } from '../claims/sql.ts';

/** How long saved applications and resume links last (days). */
export interface SavedApplicationOptions {
  /** Days a saved application is kept after its last save (default 30). */
  keepDays?: number;
  /** Days a resume link sent by e-mail stays valid (default 7). */
  linkDays?: number;
}

export const DEFAULT_KEEP_DAYS = 30;
export const DEFAULT_LINK_DAYS = 7;
/** Wrong birth dates after which a resume link no longer opens. */
export const MAX_FAILED_ATTEMPTS = 5;

/** What the wizard keeps: every page's answers and the step shown. */
export interface Zustand {
  formData: Record<string, Record<string, unknown>>;
  currentStep: string | null;
}

/** A date `days` after an ISO date, as an ISO date. */
export function plusDays(today: string, days: number): string {
  return formatISO(addDays(parseISO(today), days), { representation: 'date' });
}

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
const isoDate = (value: unknown): string =>
  value instanceof Date ? formatISO(value, { representation: 'date' }) : String(value).slice(0, 10);

/** The hash a resume link's token is stored under (the token itself is only in the e-mail). */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** A new resume link token: 32 random bytes, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Deletes every saved application that ended before today. */
export async function purgeExpired(db: Db, today: string): Promise<void> {
  await db.execute(sql`DELETE FROM saved_applications WHERE expires_on < ${today}::date`);
}

/**
 * Creates or replaces a customer's saved application under its client-chosen id; null when the
 * id belongs to something that is not this customer's.
 */
export async function saveForCustomer(
  db: Db,
  input: {
    id: string;
    partnerNummer: string;
    flow: string;
    version: number;
    zustand: Zustand;
    expiresOn: string;
  },
): Promise<{ created: boolean; aktualisiert: string; gueltigBis: string } | null> {
  const [row] = await queryRows<{ created: boolean; updated_at: unknown; expires_on: unknown }>(
    db,
    sql`INSERT INTO saved_applications AS s
          (id, flow, flow_version, partner_nummer, data, expires_on)
        VALUES (${input.id}, ${input.flow}, ${input.version}, ${input.partnerNummer},
                ${JSON.stringify(input.zustand)}::jsonb, ${input.expiresOn}::date)
        ON CONFLICT (id) DO UPDATE SET
          flow = EXCLUDED.flow, flow_version = EXCLUDED.flow_version, data = EXCLUDED.data,
          expires_on = EXCLUDED.expires_on, updated_at = clock_timestamp()
        WHERE s.partner_nummer = ${input.partnerNummer}
        RETURNING (xmax = 0) AS created, updated_at, expires_on`,
  );
  return row
    ? {
        created: row.created === true,
        aktualisiert: iso(row.updated_at),
        gueltigBis: isoDate(row.expires_on),
      }
    : null;
}

interface SavedRow extends Record<string, unknown> {
  id: string;
  flow: string;
  flow_version: number;
  data: Zustand;
  updated_at: unknown;
  expires_on: unknown;
}

/** A customer's saved applications, newest first. */
export async function listForCustomer(db: Db, partnerNummer: string) {
  const rows = await queryRows<SavedRow>(
    db,
    sql`SELECT id, flow, flow_version, data, updated_at, expires_on FROM saved_applications
        WHERE partner_nummer = ${partnerNummer} ORDER BY updated_at DESC, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    flow: row.flow,
    version: row.flow_version,
    schritt: row.data.currentStep ?? null,
    aktualisiert: iso(row.updated_at),
    gueltigBis: isoDate(row.expires_on),
  }));
}

/** One of the customer's saved applications with its answers, or null (missing or another's). */
export async function findForCustomer(db: Db, partnerNummer: string, id: string) {
  const [row] = await queryRows<SavedRow>(
    db,
    sql`SELECT id, flow, flow_version, data, updated_at, expires_on FROM saved_applications
        WHERE id = ${id} AND partner_nummer = ${partnerNummer}`,
  );
  return row
    ? {
        id: row.id,
        flow: row.flow,
        version: row.flow_version,
        zustand: row.data,
        aktualisiert: iso(row.updated_at),
        gueltigBis: isoDate(row.expires_on),
      }
    : null;
}

/** Deletes one of the customer's saved applications; false when there was none. */
export async function deleteForCustomer(
  db: Db,
  partnerNummer: string,
  id: string,
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`DELETE FROM saved_applications WHERE id = ${id} AND partner_nummer = ${partnerNummer}
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Saves a public applicant's answers behind a new resume link; answers the link's token. */
export async function saveForLink(
  db: Db,
  input: {
    brand: string;
    flow: string;
    version: number;
    email: string;
    geburtsdatum: string;
    zustand: Zustand;
    linkExpiresOn: string;
    expiresOn: string;
  },
): Promise<{ id: string; token: string }> {
  const token = newToken();
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO saved_applications
          (id, brand, flow, flow_version, email, geburtsdatum, link_token_hash, link_expires_on,
           data, expires_on)
        VALUES (gen_random_uuid(), ${input.brand}, ${input.flow}, ${input.version}, ${input.email},
                ${input.geburtsdatum}::date, ${tokenHash(token)}, ${input.linkExpiresOn}::date,
                ${JSON.stringify(input.zustand)}::jsonb, ${input.expiresOn}::date)
        RETURNING id`,
  );
  return { id: row?.id ?? '', token };
}

/** What opening a resume link gives. */
export type LinkOutcome =
  | { status: 'ok'; flow: string; version: number; marke: string | null; zustand: Zustand }
  | { status: 'not-found' }
  | { status: 'expired' }
  | { status: 'wrong-birth-date'; attemptsLeft: number };

/**
 * Opens a resume link with the applicant's birth date (on the server's today): the saved answers,
 * or why not. A link is void after its end or after too many wrong birth dates.
 */
export async function openLink(
  db: Db,
  token: string,
  geburtsdatum: string,
  today: string,
): Promise<LinkOutcome> {
  const [row] = await queryRows<{
    id: string;
    brand: string | null;
    flow: string;
    flow_version: number;
    geburtsdatum: unknown;
    link_expires_on: unknown;
    failed_attempts: number;
    data: Zustand;
  }>(
    db,
    sql`SELECT id, brand, flow, flow_version, geburtsdatum, link_expires_on, failed_attempts, data
        FROM saved_applications WHERE link_token_hash = ${tokenHash(token)}`,
  );
  if (!row) return { status: 'not-found' };
  if (isoDate(row.link_expires_on) < today || row.failed_attempts >= MAX_FAILED_ATTEMPTS)
    return { status: 'expired' };
  if (isoDate(row.geburtsdatum) !== geburtsdatum) {
    await db.execute(
      sql`UPDATE saved_applications SET failed_attempts = failed_attempts + 1 WHERE id = ${row.id}`,
    );
    return {
      status: 'wrong-birth-date',
      attemptsLeft: Math.max(0, MAX_FAILED_ATTEMPTS - row.failed_attempts - 1),
    };
  }
  return {
    status: 'ok',
    flow: row.flow,
    version: row.flow_version,
    marke: row.brand,
    zustand: row.data,
  };
}

/** Puts the e-mail with the resume link into the local outbox (the demo's "sent" e-mails). */
export async function sendLinkMail(db: Db, email: string, link: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO identity_outbox (pool, username, channel, destination, purpose, code)
        VALUES ('benutzer', ${email.trim().toLowerCase()}, 'EMAIL', ${email}, 'antrag-fortsetzen',
                ${link})`,
  );
}
