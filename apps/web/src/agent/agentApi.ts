import { http } from '../http/index.ts';
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

/** The agent's own data (GET /api/vermittler/profil). */
export interface AgentProfile {
  vermittlerNummer: string;
  name: string;
  email: string;
  benachrichtigungEmail: string;
  vertriebsweg: string;
  untervermittler: boolean;
  /** The brand the agent works for (a brand id). */
  marke: string;
  agentur: { agenturNummer: string; name: string };
}

/** An agent of the agency as listed. */
export interface AgencyMember {
  vermittlerNummer: string;
  name: string;
  email: string;
  vertriebsweg: string;
  untervermittler: boolean;
  /** Sub-agents only: the first sign-in (with the temporary password) is still open. */
  erstanmeldungOffen?: boolean;
}

/** The agency (GET /api/vermittler/agentur). */
export interface Agency {
  agenturNummer: string;
  name: string;
  anschrift: Address;
  vermittler: AgencyMember[];
}

/** A contract of the agency's customers (GET /api/vermittler/vertraege). */
export type AgencyContract = ContractListItem & { partnerNummer: string; kunde: string };

export const fetchProfile = (): Promise<AgentProfile> => getJson('/api/vermittler/profil');
export const fetchAgency = (): Promise<Agency> => getJson('/api/vermittler/agentur');
export const fetchAgencyContracts = (): Promise<AgencyContract[]> =>
  getJson('/api/vermittler/vertraege');
export const fetchSubAgents = (): Promise<AgencyMember[]> =>
  getJson('/api/vermittler/untervermittler');

/** A refused agent call with the server's German message (and field messages). */
export class AgentCallRefused extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text);
  }
}

/** Sends a JSON body; resolves with the answer, rejects with {@link AgentCallRefused}. */
async function sendJson<T>(
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  key?: string,
): Promise<T> {
  const result = await http.answer({
    method,
    url,
    auth: 'bearer',
    body,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
  if (result.ok) return result.body as T;
  const answer = result.body as { message?: string; fieldErrors?: { message: string }[] } | null;
  throw new AgentCallRefused(
    result.status,
    answer?.fieldErrors?.[0]?.message ?? answer?.message ?? '',
  );
}

export const saveNotificationEmail = (benachrichtigungEmail: string): Promise<AgentProfile> =>
  sendJson('PUT', '/api/vermittler/einstellungen', { benachrichtigungEmail });

export const createSubAgent = (
  input: { name: string; email: string },
  key: string,
): Promise<{ vermittlerNummer: string; name: string; email: string }> =>
  sendJson('POST', '/api/vermittler/untervermittler', input, key);

/** Sends a sub-agent whose first sign-in is open a new temporary password. */
export const resendSubAgentAccess = (
  vermittlerNummer: string,
  key: string,
): Promise<{ email: string }> =>
  sendJson(
    'POST',
    `/api/vermittler/untervermittler/${encodeURIComponent(vermittlerNummer)}/zugang`,
    undefined,
    key,
  );
