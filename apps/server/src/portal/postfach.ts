import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { actorIdOf, principalOf, type Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { attachments, messages, uploads } from '../db/schema/index.ts';
import { newStorageKey, storeBytes, type UploadConfig } from './uploadStore.ts';

type MessageRow = typeof messages.$inferSelect;

/** The two Postfach boxes. */
export type Box = 'eingang' | 'gesendet';

/** The rows of the caller's own Postfach (pool and owner), not deleted. */
function own(identity: Identity) {
  return and(
    eq(messages.pool, identity.role),
    eq(messages.ownerId, actorIdOf(identity)),
    eq(messages.geloescht, false),
  );
}

/** A Postfach message as a list item. */
export function messageItem(row: MessageRow) {
  return {
    id: row.id,
    erstelldatum: row.erstelldatum.toISOString(),
    betreff: row.betreff,
    gelesen: row.gelesen,
  };
}

/** One box of the caller, newest first, with the unread count of the inbox. */
export async function listBox(db: Db, identity: Identity, box: Box) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(own(identity), eq(messages.box, box)))
    .orderBy(desc(messages.erstelldatum));
  return { nachrichten: rows.map(messageItem), ungelesen: await unreadCount(db, identity) };
}

/** Unread messages in the caller's inbox. */
export async function unreadCount(db: Db, identity: Identity): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(own(identity), eq(messages.box, 'eingang'), eq(messages.gelesen, false)));
  return row?.n ?? 0;
}

/** One own message with its text and attachments, or null (missing, foreign and deleted alike). */
export async function messageDetail(db: Db, identity: Identity, id: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(own(identity), eq(messages.id, id)));
  if (!row) return null;
  const files = await db
    .select({ id: attachments.id, name: attachments.name })
    .from(attachments)
    .where(eq(attachments.messageId, id))
    .orderBy(asc(attachments.name));
  return { ...messageItem(row), box: row.box, nachricht: row.nachricht, anhaenge: files };
}

/** Marks an own message read; false when there is none. */
export async function markRead(db: Db, identity: Identity, id: string): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ gelesen: true })
    .where(and(own(identity), eq(messages.id, id)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** Deletes an own message (kept as deleted for the record); false when there is none. */
export async function deleteMessage(db: Db, identity: Identity, id: string): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ geloescht: true })
    .where(and(own(identity), eq(messages.id, id)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** An attachment of an own, not deleted message, or null. */
export async function ownAttachment(db: Db, identity: Identity, id: string) {
  const [row] = await db
    .select({
      name: attachments.name,
      contentType: attachments.contentType,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .innerJoin(messages, eq(attachments.messageId, messages.id))
    .where(and(own(identity), eq(attachments.id, id)));
  return row ?? null;
}

/** What the caller sends. */
export interface NewMessage {
  betreff: string;
  nachricht: string;
  anhaenge?: string[];
}

/**
 * Sends a message: stored in the caller's outbox with the caller's finished uploads as
 * attachments, in one transaction. Null when an upload id is not a finished upload of the caller.
 */
export async function sendMessage(db: Db, identity: Identity, message: NewMessage) {
  return db.transaction(async (tx) => {
    const ids = [...new Set(message.anhaenge ?? [])];
    const files = ids.length
      ? await tx
          .select()
          .from(uploads)
          .where(
            and(
              inArray(uploads.id, ids),
              eq(uploads.principal, principalOf(identity)),
              eq(uploads.state, 'hochgeladen'),
              gt(uploads.expiresAt, sql`now() - interval '1 day'`),
            ),
          )
      : [];
    if (files.length !== ids.length) return null;
    const [row] = await tx
      .insert(messages)
      .values({
        pool: identity.role,
        ownerId: actorIdOf(identity),
        box: 'gesendet',
        betreff: message.betreff.trim(),
        nachricht: message.nachricht,
        gelesen: true,
      })
      .returning();
    if (!row) throw new Error('message not stored');
    const stored = files.length
      ? await tx
          .insert(attachments)
          .values(
            files.map((file) => ({
              messageId: row.id,
              name: file.name,
              contentType: file.contentType ?? 'application/octet-stream',
              sizeBytes: file.sizeBytes ?? 0,
              storageKey: file.storageKey,
            })),
          )
          .returning({ id: attachments.id, name: attachments.name })
      : [];
    if (ids.length)
      await tx.update(uploads).set({ state: 'verwendet' }).where(inArray(uploads.id, ids));
    // A customer's message is confirmed in their inbox at once (the service team answers later
    // in the same way): the reply names the subject and says what happens next.
    if (identity.role === 'benutzer') {
      await placeMessage(tx, identity.partnerNummer, receipt(row.betreff, files.length));
    }
    return { ...messageItem(row), box: row.box, nachricht: row.nachricht, anhaenge: stored };
  });
}

/** The confirmation of a customer's message, placed in their inbox. */
function receipt(betreff: string, attachmentCount: number): PlatformMessage {
  const anhaenge =
    attachmentCount === 0
      ? ''
      : attachmentCount === 1
        ? ' mit 1 Anhang'
        : ` mit ${attachmentCount} Anhängen`;
  return {
    betreff: `Eingangsbestätigung: ${betreff}`.slice(0, 200),
    nachricht:
      `Vielen Dank für Ihre Nachricht „${betreff}“${anhaenge}. Sie ist bei uns eingegangen und ` +
      'wird von unserem Kundenservice bearbeitet. Wir antworten Ihnen in der Regel innerhalb von ' +
      'zwei Werktagen hier in Ihrem Postfach.\n\nFreundliche Grüße\nIhr Kundenservice',
  };
}

/** A message the platform sends a customer: subject and text. */
export interface PlatformMessage {
  betreff: string;
  nachricht: string;
}

/**
 * Places an unread message of the platform in a customer's inbox, in the caller's transaction
 * when `db` is one (a confirmation written together with what it confirms). Answers its id.
 */
export async function placeMessage(
  db: Db,
  partnerNummer: string,
  message: PlatformMessage,
): Promise<string> {
  const [row] = await db
    .insert(messages)
    .values({
      pool: 'benutzer',
      ownerId: partnerNummer,
      box: 'eingang',
      betreff: message.betreff,
      nachricht: message.nachricht,
      gelesen: false,
    })
    .returning({ id: messages.id });
  if (!row) throw new Error('message not stored');
  return row.id;
}

/** A document for a customer's inbox: the message and the file it carries. */
export interface DeliveredDocument extends PlatformMessage {
  file: { name: string; contentType: string; bytes: Uint8Array };
}

/**
 * Places a document the platform made (an offer, an advice record) in a customer's inbox: the
 * bytes under a server-made storage key and the unread message with its attachment in one
 * transaction (in the database store the bytes too; `db` may be the caller's transaction).
 * Answers the message's id.
 */
export async function deliverToCustomer(
  db: Db,
  config: UploadConfig,
  partnerNummer: string,
  document: DeliveredDocument,
): Promise<string> {
  const storageKey = newStorageKey();
  return db.transaction(async (tx) => {
    await storeBytes(config, storageKey, document.file.bytes, document.file.contentType, tx);
    const id = await placeMessage(tx, partnerNummer, document);
    await tx.insert(attachments).values({
      messageId: id,
      name: document.file.name,
      contentType: document.file.contentType,
      sizeBytes: document.file.bytes.byteLength,
      storageKey,
    });
    return id;
  });
}
