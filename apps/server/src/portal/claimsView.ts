import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Identity } from '../auth/index.ts';
import { maySeePartner } from '../contracts/access.ts';
import type { Db } from '../db/database.ts';
import { attachments, claimMessages, claims } from '../db/schema/index.ts';

type ClaimRow = typeof claims.$inferSelect;
type ClaimMessageRow = typeof claimMessages.$inferSelect;

/** A claim message as a list item (spec section 3): aktenId, erstelldatum, betreff, gelesen. */
export function claimMessageItem(row: ClaimMessageRow) {
  return {
    id: row.id,
    aktenId: row.aktenId,
    erstelldatum: row.erstelldatum.toISOString(),
    betreff: row.betreff,
    gelesen: row.gelesen,
  };
}

/** The claims the caller may see: a customer their own, an agent those of the agency's customers. */
export async function visibleClaims(db: Db, identity: Identity): Promise<ClaimRow[]> {
  const rows =
    identity.role === 'benutzer'
      ? await db.select().from(claims).where(eq(claims.partnerNummer, identity.partnerNummer))
      : await db.select().from(claims);
  if (identity.role === 'benutzer') return rows.sort((a, b) => (a.aktenId < b.aktenId ? 1 : -1));
  const partners = [...new Set(rows.map((row) => row.partnerNummer))];
  const allowed = new Set<string>();
  for (const partner of partners)
    if (await maySeePartner(db, identity, partner)) allowed.add(partner);
  return rows
    .filter((row) => allowed.has(row.partnerNummer))
    .sort((a, b) => (a.aktenId < b.aktenId ? 1 : -1));
}

/** One claim when it exists and the caller may see it; null otherwise (same 404 for both). */
export async function visibleClaim(
  db: Db,
  identity: Identity,
  aktenId: string,
): Promise<ClaimRow | null> {
  const [row] = await db.select().from(claims).where(eq(claims.aktenId, aktenId));
  if (!row) return null;
  return (await maySeePartner(db, identity, row.partnerNummer)) ? row : null;
}

/** The claim with its messages as list items, newest first. */
export async function claimDetail(db: Db, claim: ClaimRow) {
  const messages = await db
    .select()
    .from(claimMessages)
    .where(eq(claimMessages.aktenId, claim.aktenId))
    .orderBy(desc(claimMessages.erstelldatum));
  return {
    aktenId: claim.aktenId,
    versicherungsNummer: claim.versicherungsNummer,
    status: claim.status,
    schadendatum: claim.schadendatum,
    beschreibung: claim.beschreibung,
    nachrichten: messages.map(claimMessageItem),
  };
}

/** One message of a claim with nachricht and anhaenge {id, name}; a customer reading it marks it read. */
export async function claimMessageDetail(db: Db, identity: Identity, aktenId: string, id: string) {
  const [row] = await db
    .select()
    .from(claimMessages)
    .where(and(eq(claimMessages.aktenId, aktenId), eq(claimMessages.id, id)));
  if (!row) return null;
  if (identity.role === 'benutzer' && !row.gelesen)
    await db.update(claimMessages).set({ gelesen: true }).where(eq(claimMessages.id, id));
  const files = await db
    .select({ id: attachments.id, name: attachments.name })
    .from(attachments)
    .where(inArray(attachments.claimMessageId, [id]))
    .orderBy(asc(attachments.name));
  return {
    ...claimMessageItem(row),
    gelesen: identity.role === 'benutzer' ? true : row.gelesen,
    nachricht: row.nachricht,
    anhaenge: files,
  };
}
