import { http } from '../http/index.ts';
import { ApiError, getJson } from './api.ts';
import type { Kontaktdaten } from '../../../../generated/types/kontaktdaten.ts';
import type { Kundendaten } from '../../../../generated/types/kundendaten.ts';

// The API's types, generated from definitions/schema/kundendaten.schema.json and
// kontaktdaten.schema.json, which the server validates with and answers by.
export type { Kontaktkanal, Kundendaten } from '../../../../generated/types/kundendaten.ts';
export type { Kontaktdaten } from '../../../../generated/types/kontaktdaten.ts';

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
