import { http } from '../http/index.ts';

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

/** One claim with its description and messages. */
export interface ClaimDetail extends ClaimListItem {
  beschreibung: string;
  nachrichten: ClaimMessageItem[];
}

async function getJson<T>(url: string): Promise<T> {
  const result = await http.send({ method: 'GET', url, auth: 'bearer' });
  if (!result.ok) throw new Error(`GET ${url}: ${result.status}`);
  return result.body as T;
}

/** The signed-in customer's claims. */
export const fetchClaims = (): Promise<ClaimListItem[]> => getJson('/api/portal/schaeden');

/** One of the signed-in customer's claims with its messages. */
export const fetchClaim = (aktenId: string): Promise<ClaimDetail> =>
  getJson(`/api/portal/schaeden/${encodeURIComponent(aktenId)}`);
