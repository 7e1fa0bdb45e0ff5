/**
 * How answers and figures read in German, shared by the browser (summary, widgets) and the server
 * (PDF documents): dates as TT.MM.JJJJ, numbers with a decimal comma and dot grouping, euro
 * amounts, IBANs in blocks of four.
 */
import { format } from 'date-fns';
import { parseIsoDate } from '../validation/dates.ts';
import { normalizeIban } from '../validation/iban.ts';

/** Digits after the decimal comma the number mask shows (spec section 5: two decimals). */
export const NUMBER_DECIMALS = 2;

/** German display "TT.MM.JJJJ" of an ISO date; a value that is no ISO date is shown as it is. */
export function formatGermanDate(value: string | undefined): string {
  if (value === undefined) return '';
  const date = parseIsoDate(value);
  return date === undefined ? value : format(date, 'dd.MM.yyyy');
}

/** German display of a number: two decimals, dot as thousands separator (1234.5 -> "1.234,50"). */
export function formatGermanNumber(value: number, decimals: number = NUMBER_DECIMALS): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const sign = value < 0 && Number(Math.abs(value).toFixed(decimals)) !== 0 ? '-' : '';
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped},${fraction}`;
}

/** A euro amount as German texts show it: 1234.5 -> "1.234,50 €". */
export function formatEuro(value: number): string {
  return `${formatGermanNumber(value)}\u00a0€`;
}

/** IBAN display in blocks of four ("DE89370400440532013000" -> "DE89 3704 0044 0532 0130 00"). */
export function groupIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}
