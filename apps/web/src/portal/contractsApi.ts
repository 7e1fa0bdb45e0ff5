import type { ContractView } from '../../../../generated/types/contract-view.ts';
import { getJson, segment } from './api.ts';
import { ownPartnerNummer } from './sessionClaims.ts';

/** Contract statuses (active: LAUFEND, AUSLAUFEND). */
export type Vertragsstatus =
  'LAUFEND' | 'AUSLAUFEND' | 'BEENDET' | 'AUFGEHOBEN' | 'STORNIERT' | 'UNBEKANNT';

/** Payment periods. */
export type Zahlweise =
  'MONATLICH' | 'VIERTELJAEHRLICH' | 'HALBJAEHRLICH' | 'JAEHRLICH' | 'EINMALIG';

/** A contract as listed (GET /api/vertrag/vertrag/findByPartnerNummer/{id}). */
export interface ContractListItem {
  versicherungsNummer: string;
  produkt: string;
  vertragsart?: string;
  vertragsstatus: Vertragsstatus | string;
  versicherungsName: string;
  marke?: string;
  vertragsBeginn: string;
  ablaufdatum?: string | null;
  zahlweise: Zahlweise | string;
  versicherungsPraemie: number;
  aktiv: boolean;
  ueberfaellig?: boolean;
  /** The contract's open tasks (confirm the revenue by a date). */
  offeneAufgaben?: { typ: ContractTask['typ']; faelligAm: string }[];
}

/** One pending change (vorgemerkte Änderung): the new value and when it applies. */
export interface PendingChange {
  wert: unknown;
  wirksamAb: string;
  wirksamBis: string | null;
}

export {
  PENDING_LISTS,
  type PendingList,
} from '../../../../generated/types/contract-view-lists.ts';

/** An address (risk location). */
export interface Address {
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
}

/** The customer view of one contract (GET /api/vertrag/vertrag/{id}), generated from its schema. */
export type Contract = ContractView;

/** One task of a contract (revenue reminders). */
export type ContractTask = ContractView['aufgaben'][number];

/** A pending change that took effect. */
export type HistoryEntry = ContractView['aenderungshistorie'][number];

/** A document of a contract: its name, kind and URL (a PDF). */
export interface ContractDocument {
  name: string;
  typ: string;
  url: string;
}

/** A key/label pair. */
export interface KeyLabel {
  key: string;
  label: string;
}

/** A partner's contracts. */
export const fetchContracts = (partnerNummer: string): Promise<ContractListItem[]> =>
  getJson(`/api/vertrag/vertrag/findByPartnerNummer/${segment(partnerNummer)}`);

/** The signed-in customer's contracts (partner number from the session's token). */
export const fetchOwnContracts = async (): Promise<ContractListItem[]> =>
  fetchContracts(await ownPartnerNummer());

/** One contract (a missing or foreign one: ApiError 404). */
export const fetchContract = (versicherungsNummer: string): Promise<Contract> =>
  getJson(`/api/vertrag/vertrag/${segment(versicherungsNummer)}`);
