import type { ValidateFunction } from 'ajv';
import {
  affectedFields,
  fieldsProblems,
  stepProblems,
  type AnswerRef,
  type FieldProblem,
  type WizardSetup,
  type WizardState,
} from '#engine';
import type { StepProblems } from './atoms.ts';

/** Equal interpolation values (params of one ajv error: flat, mostly one key), without JSON. */
function sameValues(a: FieldProblem['values'], b: FieldProblem['values']): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => {
      const x = a[k];
      const y = b[k];
      return Object.is(x, y) || (typeof x === 'object' && JSON.stringify(x) === JSON.stringify(y));
    })
  );
}

function sameProblems(a: readonly FieldProblem[] | undefined, b: readonly FieldProblem[]): boolean {
  return (
    a !== undefined &&
    a.length === b.length &&
    a.every((p, i) => {
      const q = b[i];
      return (
        q !== undefined &&
        p.path === q.path &&
        p.keys.join() === q.keys.join() &&
        sameValues(p.values, q.values) &&
        p.item?.nummer === q.item?.nummer
      );
    })
  );
}

/**
 * A change since the last validation of the step: the state then, and the answers that changed
 * (a keystroke). With it only the fields the change can affect are validated again.
 */
export interface StepChange {
  before: WizardState;
  changed: readonly AnswerRef[];
}

/**
 * The problems of a step in a state, grouped by top-level field. Unchanged fields keep their
 * arrays from `previous`; with `change`, only the fields the change affects are validated (the
 * typed field, the fields whose rules read it, the schema's coupled fields), the others keep
 * their problems: the result equals a validation of the whole step. Returns `previous` itself
 * when nothing changed.
 */
export function validateStep(
  setup: WizardSetup,
  validate: ValidateFunction,
  stepId: string,
  state: WizardState,
  previous: StepProblems,
  change?: StepChange,
): StepProblems {
  const step = setup.definition.steps.find((s) => s.id === stepId);
  if (!step?.form) return previous;
  const answers = state.formData[stepId] ?? {};
  const irrelevant = state.irrelevantKeys[stepId] ?? [];
  const input = { data: state.formData, context: setup.context, result: state.applicationResult };
  const affected =
    change &&
    affectedFields(
      setup.definition,
      step,
      change.changed,
      change.before.irrelevantKeys[stepId] ?? [],
      irrelevant,
    );
  const partial = affected
    ? fieldsProblems(step, validate, answers, irrelevant, input, affected)
    : undefined;
  const grouped: Record<string, FieldProblem[]> = {};
  for (const problem of partial?.problems ??
    stepProblems(step, validate, answers, irrelevant, input))
    (grouped[problem.path.split('.')[0] ?? ''] ??= []).push(problem);
  // Only the affected fields were checked: the others keep their problems.
  const next: Record<string, readonly FieldProblem[]> = partial
    ? Object.fromEntries(Object.entries(previous).filter(([f]) => !partial.fields.has(f)))
    : {};
  for (const [field, list] of Object.entries(grouped)) {
    const before = previous[field];
    next[field] = before && sameProblems(before, list) ? before : list;
  }
  const unchanged =
    Object.keys(next).length === Object.keys(previous).length &&
    Object.entries(next).every(([f, l]) => previous[f] === l);
  return unchanged ? previous : next;
}
