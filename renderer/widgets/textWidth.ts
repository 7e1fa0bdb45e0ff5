/** How wide a text input is drawn: for the answer it expects, not the same for every field. */
export type TextWidth = 'short' | 'medium' | 'long';

/** A pattern that allows a fixed number of characters of one class: `^[0-9]{5}$`, `^\d{4,5}$`. */
const FIXED_LENGTH = /^\^(?:\[[^\]]+\]|\\d|\\w)\{(?:\d+,)?(\d+)\}\$$/;

/**
 * The longest answer a text field's schema allows: its `maxLength`, else the count of a pattern of
 * fixed length (a postcode's `^[0-9]{5}$`); undefined when the schema does not say.
 */
export function expectedLength(schema: unknown): number | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const { maxLength, pattern } = schema as { maxLength?: unknown; pattern?: unknown };
  if (typeof maxLength === 'number') return maxLength;
  const fixed = typeof pattern === 'string' ? FIXED_LENGTH.exec(pattern) : null;
  return fixed?.[1] === undefined ? undefined : Number(fixed[1]);
}

/**
 * The width of a text input from its schema, the same in every flow: a postcode (5 characters)
 * (also one of the keyword postcode, whatever the market) short, a house number (up to 10) medium, a street, a town or a name long.
 */
export function textWidth(schema: unknown): TextWidth {
  // A postcode of the brand's market (keyword postcode) is short in every country.
  if (typeof schema === 'object' && schema !== null && 'postcode' in schema) return 'short';
  const length = expectedLength(schema);
  if (length === undefined || length > 12) return 'long';
  return length <= 6 ? 'short' : 'medium';
}
