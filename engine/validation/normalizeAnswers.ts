import { normalizeByFormat, omitEmptyStrings } from './normalize.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizeValue(schema: unknown, value: unknown): unknown {
  if (!isObject(schema)) return value;
  if (isObject(value) && isObject(schema['properties'])) {
    const properties = schema['properties'];
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, normalizeValue(properties[key], v)]),
    );
  }
  if (Array.isArray(value)) return value.map((item) => normalizeValue(schema['items'], item));
  return normalizeByFormat(
    typeof schema['format'] === 'string' ? schema['format'] : undefined,
    value,
  );
}

/**
 * The answers of a step as they are validated and stored: each string normalised by its field's
 * format (IBAN without spaces, E.164 phone, trimmed text) and empty strings left out, so an empty
 * optional field passes and an empty required field fails with `required`. Browser and server both
 * validate what this returns. The schema must be self-contained (no $ref).
 */
export function normalizeAnswers(
  schema: unknown,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return omitEmptyStrings(normalizeValue(schema, data) as Record<string, unknown>);
}
