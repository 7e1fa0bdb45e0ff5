import { useCallback, useState } from 'react';
import type { SummaryEntry } from '#renderer';

/** A validation rule: the i18n key of its message when the value is wrong, else null. */
export type Rule = (value: string, values: Record<string, string>) => string | null;

/** Form values, per-field errors after a submit, and the submit counter. */
export function useFormState<K extends string>(
  initial: Record<K, string>,
  rules: Partial<Record<K, Rule>>,
  translate: (key: string) => string,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [submitted, setSubmitted] = useState(false);

  const check = useCallback(
    (next: Record<K, string>) => {
      const found: Partial<Record<K, string>> = {};
      for (const key of Object.keys(next) as K[]) {
        const key18n = rules[key]?.(next[key], next);
        if (key18n) found[key] = translate(key18n);
      }
      return found;
    },
    [rules, translate],
  );

  const set = useCallback(
    (key: K, value: string) => {
      setValues((current) => {
        const next = { ...current, [key]: value };
        if (submitted) setErrors(check(next));
        return next;
      });
    },
    [submitted, check],
  );

  /** Validates all fields; true when the form may be sent. Nothing typed is cleared. */
  const validate = useCallback((): boolean => {
    const found = check(values);
    setErrors(found);
    setSubmitted(true);
    setAttempt((n) => n + 1);
    return Object.keys(found).length === 0;
  }, [check, values]);

  const summary: SummaryEntry[] = (Object.keys(values) as K[])
    .filter((key) => errors[key])
    .map((key) => ({ fieldId: key, message: errors[key] ?? '' }));

  return { values, set, errors, validate, summary, attempt, bump: () => setAttempt((n) => n + 1) };
}

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
