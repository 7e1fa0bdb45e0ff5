import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Identity } from '../auth/index.ts';
import { maySeePartner, visibleTo } from '../auth/visibility.ts';
import type { Db } from '../db/database.ts';
import {
  attachments,
  claimMessages,
  claimRequiredDocuments,
  claims,
  uploads,
} from '../db/schema/index.ts';

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

/** `claims.partner_nummer`, qualified for {@link visibleTo}'s subquery. */
const CLAIM_PARTNER = sql`${sql.identifier('claims')}.${sql.identifier('partner_nummer')}`;

/**
 * The claims the caller may see, newest file first: a customer their own, an agent those of the
 * agency's customers (one query, the same condition as the contract reads).
 */
export async function visibleClaims(db: Db, identity: Identity): Promise<ClaimRow[]> {
  return db
    .select()
    .from(claims)
    .where(visibleTo(identity, CLAIM_PARTNER))
    .orderBy(desc(claims.aktenId));
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

/**
 * The claim with its messages, newest first, each with its text and attachments, and the
 * documents the claim still needs or has received (required claim uploads).
 */
export async function claimDetail(db: Db, claim: ClaimRow) {
  const messages = await db
    .select()
    .from(claimMessages)
    .where(eq(claimMessages.aktenId, claim.aktenId))
    .orderBy(desc(claimMessages.erstelldatum));
  const files = messages.length
    ? await db
        .select({
          id: attachments.id,
          name: attachments.name,
          messageId: attachments.claimMessageId,
        })
        .from(attachments)
        .where(
          inArray(
            attachments.claimMessageId,
            messages.map((m) => m.id),
          ),
        )
        .orderBy(asc(attachments.name))
    : [];
  const required = await db
    .select()
    .from(claimRequiredDocuments)
    .where(eq(claimRequiredDocuments.aktenId, claim.aktenId))
    .orderBy(asc(claimRequiredDocuments.createdAt), asc(claimRequiredDocuments.art));
  return {
    aktenId: claim.aktenId,
    versicherungsNummer: claim.versicherungsNummer,
    status: claim.status,
    schadendatum: claim.schadendatum,
    beschreibung: claim.beschreibung,
    nachrichten: messages.map((row) => ({
      ...claimMessageItem(row),
      richtung: row.richtung,
      nachricht: row.nachricht,
      anhaenge: files
        .filter((file) => file.messageId === row.id)
        .map((file) => ({ id: file.id, name: file.name })),
    })),
    unterlagen: required.map((row) => ({
      id: row.id,
      art: row.art,
      beschreibung: row.beschreibung,
      erhaltenAm: row.erhaltenAm?.toISOString() ?? null,
    })),
  };
}

/** A customer saw every message of the claim on its page: they count as read. */
export async function markClaimMessagesRead(db: Db, aktenId: string): Promise<void> {
  await db
    .update(claimMessages)
    .set({ gelesen: true })
    .where(and(eq(claimMessages.aktenId, aktenId), eq(claimMessages.gelesen, false)));
}

/** What handing in a required document answers. */
export type HandInOutcome = 'ok' | 'missing' | 'received' | 'upload';

/**
 * Hands in a document the claim still needs: the caller's finished upload becomes the attachment
 * of a message from the customer, and the document counts as received. One transaction; an upload
 * of someone else or an unfinished one is refused, a document received before too.
 */
export async function handInRequiredDocument(
  db: Db,
  principal: string,
  aktenId: string,
  documentId: string,
  uploadId: string,
): Promise<HandInOutcome> {
  return db.transaction(async (tx) => {
    const [required] = await tx
      .select()
      .from(claimRequiredDocuments)
      .where(
        and(eq(claimRequiredDocuments.aktenId, aktenId), eq(claimRequiredDocuments.id, documentId)),
      )
      .for('update');
    if (!required) return 'missing' as const;
    if (required.erhaltenAm) return 'received' as const;
    const [file] = await tx
      .select()
      .from(uploads)
      .where(
        and(
          eq(uploads.id, uploadId),
          eq(uploads.principal, principal),
          eq(uploads.state, 'hochgeladen'),
        ),
      );
    if (!file) return 'upload' as const;
    const [message] = await tx
      .insert(claimMessages)
      .values({
        aktenId,
        richtung: 'AUSGANG',
        betreff: `Unterlage: ${required.beschreibung}`,
        nachricht: `Im Kundenportal hochgeladen: ${file.name}.`,
        gelesen: true,
      })
      .returning({ id: claimMessages.id });
    if (!message) throw new Error('claim message not stored');
    await tx.insert(attachments).values({
      claimMessageId: message.id,
      name: file.name,
      contentType: file.contentType ?? 'application/octet-stream',
      sizeBytes: file.sizeBytes ?? 0,
      storageKey: file.storageKey,
    });
    await tx.update(uploads).set({ state: 'verwendet' }).where(eq(uploads.id, file.id));
    await tx
      .update(claimRequiredDocuments)
      .set({ erhaltenAm: new Date(), claimMessageId: message.id })
      .where(eq(claimRequiredDocuments.id, required.id));
    return 'ok' as const;
  });
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
