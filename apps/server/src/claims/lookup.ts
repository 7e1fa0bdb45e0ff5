import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { queryRows } from './sql.ts';
import type { ClaimCatalogue } from './claimProducts.ts';
import { comparableName, type ClaimCredential } from './credential.ts';

/** Minutes a claim-app token stays valid. */
export const TOKEN_MINUTES = 30;

interface ContractRow extends Record<string, unknown> {
  versicherungs_nummer: string;
  produkt: string;
  nachname: string;
  geburtsdatum: string | Date;
}

const isoDate = (value: string | Date): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** Whose uploads a claimant's files are until the report takes them. */
export const claimPrincipal = (token: string): string => `claim:${tokenHash(token)}`;

/** The hash under which a token is stored (the token itself is never stored). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a matching look-up answers: the claim product (null when it has none) and a token. */
export interface LookupResult {
  versicherung: string | null;
  token: string | null;
}

/**
 * Finds the contract of the brand whose claim entry asks (`brand`) whose number, customer last
 * name (case and accents ignored) and birth date match, and issues a short-lived token for its
 * claim app, under the claim product the catalogue files its contract product under (null when
 * none does). Undefined when nothing matches: the caller never learns which was wrong, and a
 * contract of another brand is as unknown as a missing one (its claim app would show the wrong
 * design and insurer).
 */
export async function lookUpContract(
  db: Db,
  credential: ClaimCredential,
  brand: string,
  now: Date,
  catalogue: ClaimCatalogue,
): Promise<LookupResult | undefined> {
  const rows = await queryRows<ContractRow>(
    db,
    sql`SELECT c.versicherungs_nummer, c.produkt, p.nachname, p.geburtsdatum
        FROM contracts c JOIN partners p ON p.partner_nummer = c.partner_nummer
        WHERE upper(c.versicherungs_nummer) = upper(${credential.contractId})
          AND c.brand = ${brand}`,
  );
  const row = rows[0];
  if (!row) return undefined;
  if (comparableName(row.nachname) !== comparableName(credential.lastname)) return undefined;
  if (isoDate(row.geburtsdatum) !== credential.birthDate) return undefined;
  const versicherung = catalogue.claimProductOf(row.produkt);
  if (!versicherung) return { versicherung: null, token: null };
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + TOKEN_MINUTES * 60_000);
  await db.execute(
    sql`INSERT INTO claim_tokens (token_hash, versicherungs_nummer, versicherung, expires_at)
        VALUES (${tokenHash(token)}, ${row.versicherungs_nummer}, ${versicherung}, ${expires.toISOString()})`,
  );
  return { versicherung, token };
}
