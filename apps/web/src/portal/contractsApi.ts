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
}

/** One pending change (vorgemerkte Änderung): the new value and when it applies. */
export interface PendingChange {
  wert: unknown;
  wirksamAb: string;
  wirksamBis: string | null;
}

/** The pending lists of the contract view, in the order the page shows them. */
export const PENDING_LISTS = [
  'vorgemerkteZahlweise',
  'vorgemerkteSelbstBeteiligung',
  'vorgemerkteElementar',
  'vorgemerktePhvAnzahl',
  'vorgemerkteBuerohaftpflicht',
  'vorgemerkterFamilienstand',
  'vorgemerkterRisikoOrt',
  'vorgemerkteHausratDeckungen',
  'vorgemerkterJahresumsatz',
  'vorgemerkteVersicherungssumme',
  'vorgemerkteBetriebsarten',
] as const;

/** The name of a pending list. */
export type PendingList = (typeof PENDING_LISTS)[number];

/** An address (risk location). */
export interface Address {
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
}

/** The customer view of one contract (GET /api/vertrag/vertrag/{id}); the fields the page uses. */
export interface Contract extends Partial<Record<PendingList, PendingChange[]>> {
  versicherungsNummer: string;
  produkt: string;
  vertragsstatus: Vertragsstatus | string;
  versicherungsName: string;
  aktiv: boolean;
  vertragsBeginn: string;
  ablaufdatum?: string | null;
  versicherungsPraemie: number;
  zahlweise: Zahlweise | string;
  bankverbindung: { iban: string; kontoinhaber?: string; swiftBic?: string | null } | null;
  risikoOrt: Address | null;
  phv?: { familienstand: { current: KeyLabel; options: KeyLabel[] } } | null;
  /** The contract's documents (customer information, agent information) and where they are served. */
  dokumente?: ContractDocument[];
}

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
