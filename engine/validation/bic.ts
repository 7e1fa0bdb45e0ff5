/** Electronic form of a BIC: every whitespace removed, upper case ("deut de ff" -> "DEUTDEFF"). */
export function normalizeBic(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Whether a value is a BIC: after {@link normalizeBic}, 8 or 11 letters and digits. */
export function isValidBic(value: string): boolean {
  return /^(?:[A-Z0-9]{8}|[A-Z0-9]{11})$/.test(normalizeBic(value));
}
