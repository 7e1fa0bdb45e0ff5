// Dates and amounts read the same everywhere (summary, portals, PDFs): the engine's formatting
// module. Telephone numbers are formatted by phoneFormat.ts, which brings libphonenumber-js: only
// the pages that show one import it.
import { formatMoney } from '#engine';
import { currentMarket } from '../i18n/setup.ts';

export { formatDate, formatDateTime } from '#engine';

/**
 * An amount of a contract in the brand's currency and locale, from a figure or its text:
 * "1.234,50 €", "CHF 1'234.50"; empty for nothing.
 */
export const formatAmount = (amount: number | string | null | undefined): string =>
  formatMoney(amount, currentMarket());

/** An IBAN with everything but its last 4 characters masked, in groups of four. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  const masked = '•'.repeat(Math.max(0, compact.length - 4)) + compact.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The last 4 characters of an IBAN (for the screen-reader text of a masked IBAN). */
export const ibanEnding = (iban: string): string => iban.replace(/\s+/g, '').slice(-4);
