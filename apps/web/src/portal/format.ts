// Dates, amounts and telephone numbers read the same everywhere (summary, portals, PDFs): the
// engine's formatting module. The portal pages that show a telephone number load
// libphonenumber-js with this module.
import { formatPhone as formatValidPhone } from '../../../../engine/validation/phone.ts';

export { formatDate, formatDateTime, formatMoney as formatEuro } from '#engine';

/** A telephone number in national notation ("0160 12345604"); empty for none. */
export const formatPhone = (value: string | null | undefined): string =>
  value ? formatValidPhone(value) : '';

/** An IBAN with everything but its last 4 characters masked, in groups of four. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  const masked = '•'.repeat(Math.max(0, compact.length - 4)) + compact.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The last 4 characters of an IBAN (for the screen-reader text of a masked IBAN). */
export const ibanEnding = (iban: string): string => iban.replace(/\s+/g, '').slice(-4);
