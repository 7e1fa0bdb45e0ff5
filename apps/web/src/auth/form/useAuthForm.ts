import { useState } from 'react';
import type { Rule } from './rules.ts';
import { useFormState } from './useFormState.ts';

/** What a submit action reports: null when it went through, else the i18n key of the error. */
export type Outcome = string | null;

/** The props a {@link TextField} takes from the form for one field. */
export interface BoundField {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * A sign-in form's whole state: values and field errors ({@link useFormState}), the busy flag,
 * the service error and whether the last submit went through. `status` spreads onto `AuthForm`,
 * `field(key)` onto a `TextField` whose id is the key.
 */
export function useAuthForm<K extends string>(
  initial: Record<K, string>,
  rules: Partial<Record<K, Rule>>,
  translate: (key: string) => string,
) {
  const form = useFormState(initial, rules, translate);
  const [busy, setBusy] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const [done, setDone] = useState(false);

  /** Validates, then runs `action` while busy; its error key shows in the error InfoBox. */
  const submit = async (action: () => Promise<Outcome>) => {
    setServiceError(undefined);
    setDone(false);
    if (!form.validate()) return;
    setBusy(true);
    try {
      const errorKey = await action();
      if (errorKey === null) setDone(true);
      else {
        setServiceError(translate(errorKey));
        form.bump();
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (key: K): BoundField => ({
    id: key,
    value: form.values[key],
    error: form.errors[key],
    onChange: (value) => form.set(key, value),
  });

  return {
    values: form.values,
    field,
    submit,
    /** True after the last submit went through, until the next one starts. */
    done,
    status: { errors: form.summary, attempt: form.attempt, serviceError, busy },
  };
}
