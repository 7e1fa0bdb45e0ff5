// One @, no whitespace, no leading, trailing or doubled dot before the @, a dotted domain whose
// last label has at least two letters. Deliberately a pattern check (spec section 5), not a full
// RFC 5322 parser.
const emailPattern =
  /^(?!\.)(?!.*\.\..*@)[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+(?<!\.)@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** Whether a value looks like an e-mail address (pattern check, surrounding spaces ignored). */
export function isValidEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}
