import { http } from '../http/index.ts';
import { ApiError, getJson } from './api.ts';

/** How a customer prefers to be contacted (spec "Contact channel"). */
export type Kontaktkanal = 'CHAT' | 'EMAIL';

/** The signed-in customer's data (GET /api/portal/kundendaten). */
export interface Kundendaten {
  partnerNummer: string;
  anrede: string | null;
  vorname: string;
  nachname: string;
  firmenname: string | null;
  email: string;
  handynummer: string | null;
  adresse: { strasse: string; hausnummer: string; plz: string; ort: string };
  kontaktkanal: Kontaktkanal;
}

/** The contact data a customer changes. */
export interface Kontaktdaten {
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
  kontaktkanal: Kontaktkanal;
}

/** The field messages of a refused change, by field name, or the thrown error for anything else. */
export class KontaktdatenRefused extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('refused');
  }
}

export const fetchKundendaten = (): Promise<Kundendaten> => getJson('/api/portal/kundendaten');

/** Saves address and channel; rejects with the server's German field messages on 400. */
export async function saveKontaktdaten(data: Kontaktdaten): Promise<Kundendaten> {
  const result = await http.answer({
    method: 'PUT',
    url: '/api/portal/kundendaten/kontaktdaten',
    auth: 'bearer',
    body: data,
  });
  if (result.ok) return result.body as Kundendaten;
  if (result.status === 400) {
    const errors =
      (result.body as { fieldErrors?: { path: string; message: string }[] } | null)?.fieldErrors ??
      [];
    throw new KontaktdatenRefused(
      Object.fromEntries(errors.map((e) => [e.path.split('/').pop() ?? '', e.message])),
    );
  }
  throw new ApiError(result.status, `PUT kontaktdaten: ${result.status}`);
}
