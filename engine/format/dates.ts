/** Dates as every brand writes them (German and Swiss German alike): TT.MM.JJJJ. */
import { isValid, lightFormat, parseISO } from 'date-fns';
import { parseIsoDate } from '../validation/dates.ts';

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
