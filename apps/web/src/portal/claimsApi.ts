import { http } from '../http/index.ts';
import { getJson } from './api.ts';

/** A claim in the customer's list (GET /api/portal/schaeden). */
export interface ClaimListItem {
  aktenId: string;
  versicherungsNummer: string;
  status: string;
  schadendatum: string;
}

/** A claim message as listed (spec: aktenId, erstelldatum, betreff, gelesen). */
export interface ClaimMessageItem {
  id: string;
  aktenId: string;
  erstelldatum: string;
  betreff: string;
  gelesen: boolean;
}

/** A message on the claim page: with who wrote it, its text and its attachments. */
export interface ClaimMessage extends ClaimMessageItem {
  richtung: 'EINGANG' | 'AUSGANG';
  nachricht: string;
  anhaenge: { id: string; name: string }[];
}

/** A document the claim needs (required claim upload); `erhaltenAm` once it arrived. */
export interface RequiredDocument {
  id: string;
  art: string;
  beschreibung: string;
  erhaltenAm: string | null;
}

/** One claim with its description, messages and the documents it needs. */
export interface ClaimDetail extends ClaimListItem {
  beschreibung: string;
  nachrichten: ClaimMessage[];
  unterlagen: RequiredDocument[];
}

/** The signed-in customer's claims. */
export const fetchClaims = (): Promise<ClaimListItem[]> => getJson('/api/portal/schaeden');

/** One of the signed-in customer's claims with its messages. */
export const fetchClaim = (aktenId: string): Promise<ClaimDetail> =>
  getJson(`/api/portal/schaeden/${encodeURIComponent(aktenId)}`);

/** An attachment of a claim message, fetched with the session's token. */
export async function fetchClaimAttachment(
  aktenId: string,
  id: string,
): Promise<{ blob: Blob; name: string } | null> {
  const result = await http.fetchFile({
    method: 'GET',
    url: `/api/portal/schaeden/${encodeURIComponent(aktenId)}/anhaenge/${encodeURIComponent(id)}`,
    auth: 'bearer',
  });
  return result.ok && result.file ? result.file : null;
}

/** Hands in an uploaded file for a document the claim needs; the new claim, or the German reason. */
export async function handInDocument(
  aktenId: string,
  documentId: string,
  uploadId: string,
): Promise<ClaimDetail | string> {
  const result = await http.answer({
    method: 'POST',
    url: `/api/portal/schaeden/${encodeURIComponent(aktenId)}/unterlagen/${encodeURIComponent(documentId)}`,
    auth: 'bearer',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: { upload: uploadId },
  });
  if (result.ok) return result.body as ClaimDetail;
  const answer = result.body as { message?: string; fieldErrors?: { message: string }[] } | null;
  return answer?.fieldErrors?.[0]?.message ?? answer?.message ?? '';
}
