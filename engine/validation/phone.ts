import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { PhoneNumber } from 'libphonenumber-js/max';
import { providePhoneFormatter, providePhoneNormalizer } from './phoneNormalizer.ts';

/** Country assumed for numbers written in national notation ("0151 23456789"). */
export const DEFAULT_PHONE_COUNTRY = 'DE';

function parsePhone(value: string): PhoneNumber | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return parsePhoneNumberFromString(text, DEFAULT_PHONE_COUNTRY);
}

/** Whether a value is a valid and possible telephone number of any type (default country DE). */
export function isValidPhone(value: string): boolean {
  const phone = parsePhone(value);
  return phone !== undefined && phone.isPossible() && phone.isValid();
}

/**
 * Whether a value is a valid and possible mobile number. Only type MOBILE counts: libphonenumber
 * reports German mobile numbers as MOBILE; FIXED_LINE_OR_MOBILE (countries such as the US, where
 * the two cannot be told apart) is not accepted.
 */
export function isValidMobilePhone(value: string): boolean {
  const phone = parsePhone(value);
  return (
    phone !== undefined && phone.isPossible() && phone.isValid() && phone.getType() === 'MOBILE'
  );
}

/**
 * E.164 form of a valid telephone number ("0151 23456789" -> "+4915123456789"); a value that is
 * not a valid number comes back trimmed but otherwise unchanged, so validation still rejects it.
 */
export function normalizePhone(value: string): string {
  const phone = parsePhone(value);
  return phone !== undefined && phone.isValid() ? phone.number : value.trim();
}

/**
 * A telephone number as people read it: a German number in national notation with the area code
 * apart ("+4916012345604" -> "0160 12345604"), a foreign one in international notation
 * ("+41 44 668 18 00"); a value that is no valid number stays as it is.
 */
export function formatPhone(value: string): string {
  const phone = parsePhone(value);
  if (phone === undefined || !phone.isValid()) return value;
  return phone.country === DEFAULT_PHONE_COUNTRY
    ? phone.formatNational()
    : phone.formatInternational();
}

// normalize.ts (normalizeByFormat) reaches the normaliser through phoneNormalizer.ts, so that the
// engine does not load libphonenumber-js for flows without telephone fields.
providePhoneNormalizer(normalizePhone);
providePhoneFormatter(formatPhone);
