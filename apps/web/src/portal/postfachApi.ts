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
  nachricht: string;
  anhaenge: { id: string; name: string }[];
}

/** The signed-in customer's inbox, newest first. */
export const fetchInbox = (): Promise<{ nachrichten: PostfachItem[]; ungelesen: number }> =>
  getJson('/api/postfach/benutzer/eingang');

/** One message of the inbox. */
export const fetchMessage = (id: string): Promise<PostfachMessage> =>
  getJson(`/api/postfach/benutzer/nachrichten/${segment(id)}`);

/** Marks a message read. */
export const markRead = (id: string): Promise<unknown> =>
  call('PUT', `/api/postfach/benutzer/nachrichten/${segment(id)}/gelesen`);

/** Fetches an attachment with the session's token; the file, or null when it failed. */
export const fetchAttachment = (id: string): Promise<{ blob: Blob; name: string } | null> =>
  fetchSignedFile(`/api/postfach/benutzer/anhaenge/${segment(id)}`);
