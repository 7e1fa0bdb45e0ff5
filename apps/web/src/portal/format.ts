import { format, isValid, parseISO } from 'date-fns';

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** An ISO date (or date-time) as dd.MM.yyyy; an unreadable value as it is. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const parsed = parseISO(iso);
  return isValid(parsed) ? format(parsed, 'dd.MM.yyyy') : iso;
}

/** An ISO date-time as dd.MM.yyyy, HH:mm (local time). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const parsed = parseISO(iso);
  return isValid(parsed) ? format(parsed, 'dd.MM.yyyy, HH:mm') : iso;
}

/** An amount in euros, German style (1.234,50 €). */
export function formatEuro(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = typeof amount === 'number' ? amount : Number(String(amount).replace(',', '.'));
  return Number.isFinite(value) ? euro.format(value) : String(amount);
}

/** An IBAN with everything but its last 4 characters masked, in groups of four. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  const masked = '•'.repeat(Math.max(0, compact.length - 4)) + compact.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The last 4 characters of an IBAN (for the screen-reader text of a masked IBAN). */
export const ibanEnding = (iban: string): string => iban.replace(/\s+/g, '').slice(-4);
