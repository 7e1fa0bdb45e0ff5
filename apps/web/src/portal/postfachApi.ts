import type { Portal } from '../auth/pools.ts';
import { call, fetchSignedFile, getJson, segment } from './api.ts';

/** A Postfach message as listed (spec: id, erstelldatum, betreff, gelesen). */
export interface PostfachItem {
  id: string;
  erstelldatum: string;
  betreff: string;
  gelesen: boolean;
}

/** One message with its text and attachments. */
export interface PostfachMessage extends PostfachItem {
  box: Box;
  nachricht: string;
  anhaenge: { id: string; name: string }[];
}

/** A box of the Postfach: received (eingang) or sent (gesendet) messages. */
export type Box = 'eingang' | 'gesendet';

/** A box of the signed-in customer's Postfach, newest first, with the unread count. */
export const fetchBox = (
  box: Box,
  pool: Portal = 'benutzer',
): Promise<{ nachrichten: PostfachItem[]; ungelesen: number }> =>
  getJson(`/api/postfach/${pool}/${box}`);

/** How many received messages are unread. */
export const fetchUnread = (pool: Portal = 'benutzer'): Promise<{ anzahl: number }> =>
  getJson(`/api/postfach/${pool}/ungelesen`);

/** Deletes a message (received or sent) with its attachments. */
export const deleteMessage = (id: string, pool: Portal = 'benutzer'): Promise<unknown> =>
  call('DELETE', `/api/postfach/${pool}/nachrichten/${segment(id)}`);

/** One message of the inbox. */
export const fetchMessage = (id: string, pool: Portal = 'benutzer'): Promise<PostfachMessage> =>
  getJson(`/api/postfach/${pool}/nachrichten/${segment(id)}`);

/** Marks a message read. */
export const markRead = (id: string, pool: Portal = 'benutzer'): Promise<unknown> =>
  call('PUT', `/api/postfach/${pool}/nachrichten/${segment(id)}/gelesen`);

/** Fetches an attachment with the session's token; the file, or null when it failed. */
export const fetchAttachment = (
  id: string,
  pool: Portal = 'benutzer',
): Promise<{ blob: Blob; name: string } | null> =>
  fetchSignedFile(`/api/postfach/${pool}/anhaenge/${segment(id)}`);
