/** A value the rating worked with: a number, a text, a date, a yes/no, or nothing. */
export type RatingValue = number | string | boolean | null;

/** Where a step's value came from, as the worksheet records it. */
export type ValueSource =
  | { art: 'konstante' }
  | { art: 'regel' }
  | { art: 'tabelle'; tabelle: string; bezeichnung: string; schluessel: RatingValue[] }
  | { art: 'tarif'; zeiger: string; standardwert?: boolean };

/** One input of the rating with the value it had. */
export interface WorksheetInput {
  name: string;
  bezeichnung: string;
  wert: RatingValue;
}

/** One insurability rule and whether it held. */
export interface WorksheetCheck {
  id: string;
  grund: string;
  erfuellt: boolean;
}

/** One step of the rate routine: what it did, with which value, and the result. */
export interface WorksheetStep {
  id: string;
  bezeichnung: string;
  operation: string;
  ziel: string;
  /** False when the step's `when` did not hold; then nothing changed. */
  ausgefuehrt: boolean;
  /** The operand's value (absent for round and skipped steps). */
  wert?: RatingValue;
  quelle?: ValueSource;
  /** Decimals of a round step. */
  stellen?: number;
  /** The target's value after the step. */
  ergebnis?: number;
}

/**
 * The rating worksheet of one quote: the tariff it used, the inputs, the insurability rules and
 * every step of the routine with the values it used, so a premium can be explained years later.
 */
export interface Worksheet {
  tarif: { id: string; version: number; gueltigAb: string };
  stichtag: string;
  eingaben: WorksheetInput[];
  pruefungen: WorksheetCheck[];
  schritte: WorksheetStep[];
}
