import { isValidIBAN } from 'ibantools';

/** The 37 countries (ISO 3166 alpha-2) whose IBANs the platform accepts (spec section 5). */
export const IBAN_COUNTRIES = [
  'BE',
  'BG',
  'DE',
  'NL',
  'DK',
  'EE',
  'FI',
  'FR',
  'GR',
  'GB',
  'IE',
  'IT',
  'HR',
  'LV',
  'LI',
  'LT',
  'LU',
  'MT',
  'MC',
  'NO',
  'PL',
  'PT',
  'RO',
  'SM',
  'SE',
  'CH',
  'SK',
  'SI',
  'ES',
  'VA',
  'CZ',
  'HU',
  'CY',
  'AT',
  'IS',
  'AD',
  'GI',
] as const;

/** A country code from {@link IBAN_COUNTRIES}. */
export type IbanCountry = (typeof IBAN_COUNTRIES)[number];

/** Well-known German test IBANs: checksum-valid, but never a real customer's account. */
export const TEST_IBANS: readonly string[] = ['DE02120300000000202051', 'DE89370400440532013000'];

/** Whether a value is one of the {@link TEST_IBANS} (spaces and case do not matter). */
export function isTestIban(value: unknown): boolean {
  return typeof value === 'string' && TEST_IBANS.includes(normalizeIban(value));
}

const ibanCountries: ReadonlySet<string> = new Set(IBAN_COUNTRIES);

/** Electronic form of an IBAN: every whitespace removed, upper case ("de89 3704" -> "DE893704"). */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether a value is an acceptable IBAN: after {@link normalizeIban}, not a test IBAN, from one of
 * the 37 countries, with the country's length and structure and a valid mod-97 checksum.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (TEST_IBANS.includes(iban)) return false;
  if (!ibanCountries.has(iban.slice(0, 2))) return false;
  return isValidIBAN(iban);
}

/** Whether a value is an acceptable IBAN ({@link isValidIban}) of a German account (prefix DE). */
export function isValidGermanIban(value: string): boolean {
  return isValidIban(value) && normalizeIban(value).startsWith('DE');
}
