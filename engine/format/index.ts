/**
 * How answers and figures read in German, shared by the browser (summary, widgets) and the server
 * (PDF documents) and the portals: dates as TT.MM.JJJJ (also of a date-time), numbers with a
 * decimal comma and dot grouping, euro amounts, IBANs in blocks of four, telephone numbers in
 * national notation (once libphonenumber-js is loaded, see phoneNormalizer.ts).
 */
import { isValid, lightFormat, parseISO } from 'date-fns';
import { parseIsoDate } from '../validation/dates.ts';
import { normalizeIban } from '../validation/iban.ts';
import { formatPhoneIfLoaded } from '../validation/phoneNormalizer.ts';

/** Digits after the decimal comma the number mask shows (spec section 5: two decimals). */
export const NUMBER_DECIMALS = 2;

/** German display "TT.MM.JJJJ" of an ISO date; a value that is no ISO date is shown as it is. */
export function formatGermanDate(value: string | undefined): string {
  if (value === undefined) return '';
  const date = parseIsoDate(value);
  return date === undefined ? value : lightFormat(date, 'dd.MM.yyyy');
}

/**
 * "TT.MM.JJJJ" of an ISO date or date-time (a date-time in the local time zone); empty for
 * nothing, an unreadable value as it is.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatGermanDate(value);
  const parsed = parseISO(value);
  return isValid(parsed) ? lightFormat(parsed, 'dd.MM.yyyy') : value;
}

/** "TT.MM.JJJJ, HH:mm" of an ISO date-time (local time); empty for nothing. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = parseISO(value);
  return isValid(parsed) ? lightFormat(parsed, 'dd.MM.yyyy, HH:mm') : value;
}

/**
 * A euro amount from a figure or its text ("1234.5", "1234,5"): "1.234,50 €"; empty for nothing,
 * a text that is no number as it is.
 */
export function formatMoney(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = typeof amount === 'number' ? amount : Number(String(amount).replace(',', '.'));
  return Number.isFinite(value) ? formatEuro(value) : String(amount);
}

/** A telephone number in national notation ("0160 12345604"), see phone.ts `formatPhone`. */
export function formatPhone(value: string | null | undefined): string {
  return value ? formatPhoneIfLoaded(value) : '';
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
