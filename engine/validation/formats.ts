import type { Format } from 'ajv';
import { baseFormats } from './baseFormats.ts';
import { isValidMobilePhone, isValidPhone } from './phone.ts';

/**
 * Every string format a definition may name, by name. ajv, codegen's precompiled validators and
 * the server all take them from here, so browser and server agree exactly. Each rejects the empty
 * string; see docs/validation.md for how optional fields stay valid when left empty. Validators
 * that use no telephone format import {@link baseFormats} instead (the same functions without
 * libphonenumber-js).
 */
export const formats = {
  date: baseFormats.date,
  'date-time': baseFormats['date-time'],
  uri: baseFormats.uri,
  /** IBAN of one of the 37 accepted countries; spaces and lower case accepted; test IBANs rejected. */
  iban: baseFormats.iban,
  /** As `iban`, German accounts (DE) only. */
  'iban-de': baseFormats['iban-de'],
  /** BIC: 8 or 11 letters and digits, spaces and lower case accepted. */
  bic: baseFormats.bic,
  /** Valid and possible telephone number of any type; national notation means Germany. */
  phone: isValidPhone,
  /** Valid and possible mobile telephone number. */
  'phone-mobile': isValidMobilePhone,
  /** E-mail address (pattern check). */
  email: baseFormats.email,
} satisfies Record<string, Format>;

/** Name of a format a definition may use. */
export type FormatName = keyof typeof formats;

/** The names of all formats, for definitions:check and the docs. */
export const FORMAT_NAMES = Object.keys(formats) as FormatName[];
