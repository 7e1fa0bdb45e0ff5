import type { ContractParts } from '../../../../../generated/types/contract-parts.ts';

/**
 * A product of a contract: one of the products a tariff declares (definitions/tariffs/*.json,
 * `products`; the contract view schema checks its form, storeView that a tariff declares it).
 */
export type Produkt = string;

/** Contract statuses; active means LAUFEND or AUSLAUFEND. */
export const VERTRAGSSTATUS = [
  'LAUFEND',
  'AUSLAUFEND',
  'BEENDET',
  'AUFGEHOBEN',
  'STORNIERT',
  'UNBEKANNT',
] as const;

/** A contract status. */
export type Vertragsstatus = (typeof VERTRAGSSTATUS)[number];

/** Payment periods. */
export const ZAHLWEISEN = [
  'MONATLICH',
  'VIERTELJAEHRLICH',
  'HALBJAEHRLICH',
  'JAEHRLICH',
  'EINMALIG',
] as const;

/** A payment period. */
export type Zahlweise = (typeof ZAHLWEISEN)[number];

/** Deductible levels. */
export const SELBSTBETEILIGUNGEN = ['SB_KEINE', 'SB_250', 'SB_500', 'SB_1000', 'SB_5000'] as const;

/** A deductible level. */
export type Selbstbeteiligung = (typeof SELBSTBETEILIGUNGEN)[number];

/** Counts of additionally insured persons (the contract view's `phvAnzahl`). */
export const PERSONEN_ANZAHLEN = ['KEINE', 'EINS', 'ZWEI', 'DREI'] as const;

/** A person count. */
export type PersonenAnzahl = (typeof PERSONEN_ANZAHLEN)[number];

/** Whether and when a contract may be cancelled. */
export type Kuendbar = 'NEIN' | 'TAEGLICH' | 'VERTRAGSENDE';

/**
 * Kind of pending change (vorgemerkte Änderungen): the `art` of a change of definitions/changes/
 * (or of one still written in code), checked there; the database keeps any.
 */
export type PendingChangeArt = string;

/** A received cancellation (Kündigung) or revocation (Widerruf) of a contract. */
export interface Vertragsende {
  grund: string;
  freitext: string | null;
  /** ISO date on which the contract ends. */
  zum: string;
  /** ISO date-time of receipt. */
  eingegangenAm: string;
}

/** Contract task types. */
export type TaskTyp = 'UmsatzErinnern1' | 'UmsatzErinnern2' | 'UmsatzAutomatischAnpassen';

/** Contract task statuses: Offen to Erledigt or Storniert. */
export type TaskStatus = 'Offen' | 'Erledigt' | 'Storniert';

/** Bank details of a contract. */
export interface Bankverbindung {
  iban: string;
  swiftBic: string | null;
  kontoinhaber: string;
}

/** Civil-service liability of a private liability contract. */
export type Diensthaftpflicht = NonNullable<ContractParts['diensthaftpflicht']>;

/** Annual revenue of a business contract. */
export type Jahresumsatz = NonNullable<ContractParts['jahresumsatz']>;

/** One cover variant a contract could switch to. */
export interface DeckungsVariante {
  deckungsVarianteIdentifier: string;
  deckungsVarianteName: string;
  versicherungssumme: number;
}

/** The deductible of a contract, absolute in euros or in percent. */
export interface SelbstBeteiligungWert {
  value: number;
  unit: 'PERCENT' | 'ABSOLUT';
}

/**
 * The parts of a contract as stored (`teile`): the spec's parts with the types the contract view
 * gives them, and a line's own parts under their names (their schemas are the line's).
 */
export type ContractTeile = Partial<ContractParts> & Record<string, unknown>;

/** Risk address. */
export type RisikoOrt = NonNullable<ContractParts['risikoOrt']>;

/** One insured dog. */
export type Hund = NonNullable<ContractParts['hunde']>[number];

/** Insured business types. */
export type VersicherteGewerbe = NonNullable<ContractParts['versicherteGewerbe']>;

/** A key and its German label (a reason, an option of a part). */
export interface KeyLabel {
  key: string;
  label: string;
}
