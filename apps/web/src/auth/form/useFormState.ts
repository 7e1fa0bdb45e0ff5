import { useCallback, useState } from 'react';
import type { SummaryEntry } from '#renderer';
import type { Rule } from './rules.ts';

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
