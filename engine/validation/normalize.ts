import { normalizeBic } from './bic.ts';
import { normalizeIban } from './iban.ts';
import { normalizePhoneIfLoaded } from './phoneNormalizer.ts';

/** Free text as stored: surrounding whitespace removed. */
export function normalizeText(value: string): string {
  return value.trim();
}

/** A username or e-mail as sent to sign-in, password reset and challenge: trimmed, lower case. */
export function lowercaseUsername(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The stored form of a field's value, chosen by the field's `format` (undefined for plain text):
 * IBAN and BIC in electronic form, phone numbers in E.164, everything else trimmed. Non-strings
 * are returned unchanged. The renderer applies it on blur and the server before validating, so the
 * validators themselves never change data.
 */
export function normalizeByFormat(format: string | undefined, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  switch (format) {
    case 'iban':
    case 'iban-de':
      return normalizeIban(value);
    case 'bic':
      return normalizeBic(value);
    case 'phone':
    case 'phone-mobile':
      return normalizePhoneIfLoaded(value);
    default:
      return normalizeText(value);
  }
}

/**
 * A copy of form data without properties whose value is the empty string, at every depth of
 * nested objects (array items keep their places). Run it before validating: an empty optional
 * field then counts as absent and passes, an empty required field fails with `required`.
 */
export function omitEmptyStrings<T>(data: T): T {
  if (Array.isArray(data)) return data.map((item: unknown) => omitEmptyStrings(item)) as T;
  if (typeof data !== 'object' || data === null) return data;
  const entries = Object.entries(data).filter(([, value]) => value !== '');
  return Object.fromEntries(entries.map(([key, value]) => [key, omitEmptyStrings(value)])) as T;
}
