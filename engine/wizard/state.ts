/**
 * The wizard state, exactly the spec's "Wizard state": plain serialisable data, so it can be
 * persisted per tab and compared in tests.
 */
export interface WizardState {
  productName: string | null;
  productIdentifier: string | null;
  baseRoute: string;
  /** The currently visible steps, in order. */
  steps: { id: string }[];
  /** Id of the step shown, or null when there is none (it was hidden by a change of the steps). */
  currentStep: string | null;
  /** Answers keyed by page (step id). */
  formData: Record<string, Record<string, unknown>>;
  /** Per page, the keys whose answers do not count (irrelevantWhen rules). */
  irrelevantKeys: Record<string, string[]>;
  /** The answer of the last call whose outcome stores its result (application, price). */
  applicationResult: unknown;
  applicationSent: boolean;
  prefilled: boolean;
}

/** A state with nothing in it, for a definition's product and base route. */
export function emptyState(init: {
  productName: string | null;
  productIdentifier: string | null;
  baseRoute: string;
}): WizardState {
  return {
    productName: init.productName,
    productIdentifier: init.productIdentifier,
    baseRoute: init.baseRoute,
    steps: [],
    currentStep: null,
    formData: {},
    irrelevantKeys: {},
    applicationResult: null,
    applicationSent: false,
    prefilled: false,
  };
}

/** Whether a value counts as empty: undefined, null, a blank string, an empty array or object. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/**
 * A page's answers without its irrelevant keys: a top-level field by name, a field of a list
 * item by its path (`hunde.1.mischlingsRasse`, which leaves the rest of item 1).
 */
export function withoutIrrelevant(
  answers: Readonly<Record<string, unknown>>,
  irrelevant: readonly string[],
): Record<string, unknown> {
  const result: Record<string, unknown> = Object.fromEntries(
    Object.entries(answers).filter(([key]) => !irrelevant.includes(key)),
  );
  for (const key of irrelevant) {
    const [list, index, field, ...rest] = key.split('.');
    const items = list === undefined ? undefined : result[list];
    if (
      field === undefined ||
      rest.length > 0 ||
      !Array.isArray(items) ||
      !/^\d+$/.test(index ?? '')
    )
      continue;
    const item: unknown = items[Number(index)];
    if (typeof item !== 'object' || item === null || !Object.hasOwn(item, field)) continue;
    const copy = [...(items as unknown[])];
    copy[Number(index)] = Object.fromEntries(
      Object.entries(item as Record<string, unknown>).filter(([name]) => name !== field),
    );
    result[list as string] = copy;
  }
  return result;
}

/** A page's answers without empty values and without the keys marked irrelevant for that page. */
export function relevantData(state: WizardState, page: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(
      withoutIrrelevant(state.formData[page] ?? {}, state.irrelevantKeys[page] ?? []),
    ).filter(([, value]) => !isEmptyValue(value)),
  );
}

/** The relevant answers of every visible step, keyed by step id (steps without answers left out). */
export function relevantFormData(state: WizardState): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    state.steps
      .map((s) => [s.id, relevantData(state, s.id)] as const)
      .filter(([, data]) => Object.keys(data).length > 0),
  );
}
