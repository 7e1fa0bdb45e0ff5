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

/**
 * Rule: the pools' password length (at least 12 characters, counted as the service counts them);
 * the service also refuses common passwords and the user's name, each with its own text.
 */
export const strongPassword =
  (key: string): Rule =>
  (value) =>
    [...value].length >= 12 ? null : key;

/** Rule: the 6-digit code. */
export const sixDigits =
  (key: string): Rule =>
  (value) =>
    /^\d{6}$/.test(value.trim()) ? null : key;
