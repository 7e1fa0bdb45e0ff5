/** A validation rule: the i18n key of its message when the value is wrong, else null. */
export type Rule = (value: string, values: Record<string, string>) => string | null;

/** Rule: required after trimming. */
export const required =
  (key: string): Rule =>
  (value) =>
    value.trim() === '' ? key : null;

/** Rule: an e-mail address. */
export const email =
  (emptyKey: string, invalidKey: string): Rule =>
  (value) =>
    value.trim() === ''
      ? emptyKey
      : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
        ? null
        : invalidKey;

/** Rule: Cognito's password policy (8+, lower, upper, digit). */
export const strongPassword =
  (key: string): Rule =>
  (value) =>
    value.length >= 8 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value)
      ? null
      : key;

/** Rule: the 6-digit code. */
export const sixDigits =
  (key: string): Rule =>
  (value) =>
    /^\d{6}$/.test(value.trim()) ? null : key;
