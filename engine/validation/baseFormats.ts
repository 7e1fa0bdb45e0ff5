import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Format } from 'ajv';
import { isValidBic } from './bic.ts';
import { isValidEmail } from './email.ts';
import { isValidGermanIban, isValidIban } from './iban.ts';

/**
 * The formats of {@link formats} without the telephone formats, which need libphonenumber-js and
 * its metadata. Precompiled validators of a flow without a telephone field import these, so the
 * browser loads libphonenumber-js only for flows that check telephone numbers.
 */
export const baseFormats = {
  date: fullFormats.date,
  'date-time': fullFormats['date-time'],
  uri: fullFormats.uri,
  /** IBAN of one of the 37 accepted countries; spaces and lower case accepted; test IBANs rejected. */
  iban: isValidIban,
  /** As `iban`, German accounts (DE) only. */
  'iban-de': isValidGermanIban,
  /** BIC: 8 or 11 letters and digits, spaces and lower case accepted. */
  bic: isValidBic,
  /** E-mail address (pattern check). */
  email: isValidEmail,
} satisfies Record<string, Format>;

/** The formats that need libphonenumber-js (in {@link formats}, not in {@link baseFormats}). */
export const PHONE_FORMAT_NAMES = ['phone', 'phone-mobile'] as const;
