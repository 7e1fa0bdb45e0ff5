import type { KeyLabel, Produkt } from '../db/schema/index.ts';

const COMMON: KeyLabel[] = [
  { key: 'ABLAUF_VERSICHERUNGSJAHR', label: 'Kündigung zum Ende des Versicherungsjahres' },
  { key: 'BEITRAGSERHOEHUNG', label: 'Kündigung wegen Beitragserhöhung' },
  { key: 'NACH_SCHADENFALL', label: 'Kündigung nach einem Schadenfall' },
  { key: 'WEGFALL_RISIKO', label: 'Das versicherte Risiko besteht nicht mehr' },
];

const OTHER: KeyLabel = { key: 'SONSTIGES', label: 'Sonstiger Grund' };

const BY_LINE: Record<string, KeyLabel[]> = {
  PHV: [
    { key: 'TOD_VERSICHERUNGSNEHMER', label: 'Tod des Versicherungsnehmers' },
    { key: 'ZUSAMMENLEGUNG_HAUSHALT', label: 'Zusammenlegung mit dem Vertrag des Partners' },
  ],
  THV: [{ key: 'TIER_ABGEGEBEN', label: 'Abgabe oder Tod des Tieres' }],
  HAUSRAT: [
    { key: 'UMZUG_AUSLAND', label: 'Umzug ins Ausland' },
    { key: 'ZUSAMMENLEGUNG_HAUSHALT', label: 'Zusammenlegung von Haushalten' },
  ],
  FAHRRAD: [
    { key: 'FAHRRAD_VERKAUFT', label: 'Verkauf des Fahrrads' },
    { key: 'FAHRRAD_GESTOHLEN', label: 'Diebstahl des Fahrrads' },
  ],
  BHV: [
    { key: 'BETRIEBSAUFGABE', label: 'Aufgabe des Betriebs' },
    { key: 'INHABERWECHSEL', label: 'Wechsel des Inhabers' },
  ],
  VH: [
    { key: 'BETRIEBSAUFGABE', label: 'Aufgabe des Betriebs' },
    { key: 'UMZUG_BETRIEB', label: 'Umzug des Betriebs' },
  ],
  SI: [
    { key: 'BETRIEBSAUFGABE', label: 'Aufgabe des Betriebs' },
    { key: 'UMZUG_BETRIEB', label: 'Umzug des Betriebs' },
  ],
  REISE: [],
};

/** The line (product code) of a contract product. */
export const LINE_OF_PRODUKT: Record<Produkt, string> = {
  VH: 'VH',
  VH_2: 'VH',
  SI_ALLGEFAHREN: 'SI',
  SI_MEHRGEFAHREN: 'SI',
  REISE: 'REISE',
  HAUSRAT: 'HAUSRAT',
  FAHRRAD: 'FAHRRAD',
  FAHRRAD_2: 'FAHRRAD',
  PRIVATHAFTPFLICHT: 'PHV',
  TIERHALTERHAFTPFLICHT: 'THV',
  BHV_1: 'BHV',
  BHV_2: 'BHV',
};

/**
 * Cancellation reasons (Kündigungsgründe) of a product key: a product code (PHV, BHV, ...) or a
 * contract product (PRIVATHAFTPFLICHT, BHV_1, ...). Null for an unknown key.
 */
export function kuendigungsgruende(productKey: string): KeyLabel[] | null {
  const line = LINE_OF_PRODUKT[productKey] ?? (productKey === 'TIERHALTER' ? 'THV' : productKey);
  const specific = BY_LINE[line];
  return specific ? [...COMMON, ...specific, OTHER] : null;
}

/** Revocation reasons (Widerrufsgründe). */
export const WIDERRUFSGRUENDE: KeyLabel[] = [
  { key: 'GUENSTIGERES_ANGEBOT', label: 'Ich habe ein günstigeres Angebot gefunden.' },
  { key: 'BEDARF_ENTFALLEN', label: 'Ich benötige die Versicherung nicht mehr.' },
  { key: 'FALSCHE_ANGABEN', label: 'Ich habe beim Abschluss falsche Angaben gemacht.' },
  { key: 'KEIN_GRUND', label: 'Ich möchte keinen Grund angeben.' },
];
