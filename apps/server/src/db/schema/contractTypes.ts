/** The products of the contract list (spec section 3, "Contract list item"). */
export const PRODUKTE = [
  'VH',
  'VH_2',
  'SI_ALLGEFAHREN',
  'SI_MEHRGEFAHREN',
  'REISE',
  'HAUSRAT',
  'FAHRRAD',
  'FAHRRAD_2',
  'PRIVATHAFTPFLICHT',
  'TIERHALTERHAFTPFLICHT',
  'BHV_1',
  'BHV_2',
] as const;

/** A product of a contract. */
export type Produkt = (typeof PRODUKTE)[number];

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

/** Counts of additionally insured persons of the private liability part. */
export const PHV_ANZAHLEN = ['KEINE', 'EINS', 'ZWEI', 'DREI'] as const;

/** A person count. */
export type PhvAnzahl = (typeof PHV_ANZAHLEN)[number];

/** Whether and when a contract may be cancelled. */
export type Kuendbar = 'NEIN' | 'TAEGLICH' | 'VERTRAGSENDE';

/** Kinds of pending change (vorgemerkte Änderungen). */
export type PendingChangeArt =
  | 'PHV_ANZAHL'
  | 'BUEROHAFTPFLICHT'
  | 'SELBSTBETEILIGUNG'
  | 'ZAHLWEISE'
  | 'ELEMENTAR'
  | 'FAMILIENSTAND'
  | 'RISIKOORT'
  | 'HAUSRAT_DECKUNG'
  | 'JAHRESUMSATZ'
  | 'VERSICHERUNGSSUMME'
  | 'BETRIEBSART';

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

/** Diensthaftpflicht cover of a private liability contract. */
export interface Diensthaftpflicht {
  ausschlussZum: string | null;
  beruf: string | null;
  eingeschlossen: boolean;
  einschlussZum: string | null;
}

/** Annual revenue of a business contract. */
export interface Jahresumsatz {
  value: number;
  isAdjustable: boolean;
}

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

/** Bicycle part. */
export interface FahrradTeil {
  hersteller: string;
  rahmennummer: string;
  typ: string;
  versicherteRisiken: {
    diebstahl: boolean;
    reparatur: boolean;
    reparaturOhneVerschleiss: boolean;
    schutzbrief: boolean;
  };
}

/** Risk address. */
export interface RisikoOrt {
  plz: string;
  ort: string;
  hausnummer: string;
  strasse: string;
}

/** One insured dog. */
export interface Hund {
  name: string;
  rasse: string;
  mischling: boolean;
  mischlingsRasse: string | null;
  chipOrTattoo: string | null;
}

/** Insured business types. */
export interface VersicherteGewerbe {
  hauptgewerbe: string;
  nebengewerbe: string[];
}

/** A key/label pair. */
export interface KeyLabel {
  key: string;
  label: string;
}

/** Private liability part. */
export interface PhvTeil {
  familienstand: { current: KeyLabel; options: KeyLabel[] };
  hfkVariante: string | null;
}

/** One household cover. */
export interface HausratDeckung {
  deckungsIdentifier: string;
  versicherungssumme: number | null;
  selbstbeteiligung: number | null;
  gebaeudeart: string | null;
}

/** Household contents part. */
export interface HausratTeil {
  plz: string;
  wohnflaeche: number;
  hausratDeckungen: HausratDeckung[];
  elementarEinschliessbar: boolean;
  hfkVariante: string | null;
}

/** Travel part. */
export interface ReiseTeil {
  personenkreis: 'SINGLE' | 'PAAR' | 'FAMILIE' | 'SINGLE_PLUS_KIND';
  beginn: string;
  ende: string;
  dauer: number;
}

/** Business contents part. */
export interface VhTeil {
  versicherteGefahren: { buerohaftpflicht: boolean; phv: boolean };
}
