import { ApiError, call, getJson, segment } from '../portal/api.ts';
import type { Address, ContractListItem } from '../portal/contractsApi.ts';

/** A customer of the agent's agency as listed (GET /api/vermittler/kunden). */
export interface AgentCustomerItem {
  partnerNummer: string;
  anrede: string;
  vorname: string;
  nachname: string;
  geburtsdatum: string;
  plz: string;
  ort: string;
  anzahlVertraege: number;
}

/** One customer with contact data and contracts (GET /api/vermittler/kunden/{partnerNummer}). */
export interface AgentCustomer {
  partnerNummer: string;
  anrede: string;
  vorname: string;
  nachname: string;
  geburtsdatum: string;
  email: string | null;
  telefon: string | null;
  /** The brand the customer is with (andsafe, hfk, ...). */
  marke: string;
  adresse: Address;
  vertraege: ContractListItem[];
}

/** A saved application draft (GET /api/vermittler/entwuerfe). */
export interface Draft {
  id: string;
  flow: string;
  partnerNummer: string;
  /** The contract a draft of a change of tariff is for (absent for a new application). */
  vertragsNummer?: string;
  kundeName: string;
  schritt: string | number | null;
  aktualisiert: string;
}

/** The signed-in agent's customer base. */
export const fetchCustomers = (): Promise<AgentCustomerItem[]> => getJson('/api/vermittler/kunden');

/** One customer of the agency (another: ApiError 404). */
export const fetchCustomer = (partnerNummer: string): Promise<AgentCustomer> =>
  getJson(`/api/vermittler/kunden/${segment(partnerNummer)}`);

/** The signed-in agent's drafts. */
export const fetchDrafts = (): Promise<Draft[]> => getJson('/api/vermittler/entwuerfe');

/** Deletes a draft; one that is already gone (404) counts as deleted. */
export async function deleteDraft(id: string): Promise<void> {
  try {
    await call<unknown>('DELETE', `/api/vermittler/entwuerfe/${segment(id)}`);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** "Erika Mustermann" / "Mustermann, Erika" both match "erika", "muster", "erika muster". */
export function matchesName(
  customer: Pick<AgentCustomerItem, 'vorname' | 'nachname'>,
  filter: string,
) {
  const words = filter
    .trim()
    .toLocaleLowerCase('de-DE')
    .split(/[\s,]+/)
    .filter(Boolean);
  const name = `${customer.vorname} ${customer.nachname}`.toLocaleLowerCase('de-DE');
  return words.every((word) => name.includes(word));
}
