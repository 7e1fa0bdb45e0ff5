import type { OutcomeCase } from '../definition/types.ts';
import type { WizardState } from './state.ts';
import { computeValue } from './visibility.ts';

/** What a refusal page shows: the reason, and the step holding the answer that caused it. */
export interface Refusal {
  /** The refusal's German reason (the tariff's). */
  reason: string;
  /** The visible step to go back to (of the first field named that is visible, else the one left). */
  step: string | null;
}

/**
 * The refusal of an outcome case (`refusal`): its reason computed from the answer, and the step to
 * go back to: the step of the first field named (`step.field` paths, the most direct cause first)
 * whose step is visible, else the step being left. None without `refusal` or without a reason.
 */
export function refusalOf(
  chosen: OutcomeCase,
  scope: Record<string, unknown>,
  state: WizardState,
): Refusal | undefined {
  if (!chosen.refusal) return undefined;
  const reason = computeValue(chosen.refusal.reason, scope);
  if (typeof reason !== 'string' || reason.trim() === '') return undefined;
  const fields = chosen.refusal.fields ? computeValue(chosen.refusal.fields, scope) : undefined;
  const stepsOfFields = Array.isArray(fields)
    ? fields.flatMap((field) => (typeof field === 'string' ? [field.split('.')[0] ?? ''] : []))
    : [];
  const visible = state.steps.map((s) => s.id);
  const step =
    stepsOfFields.find((id) => visible.includes(id)) ??
    (state.currentStep !== null && visible.includes(state.currentStep) ? state.currentStep : null);
  return { reason, step };
}
