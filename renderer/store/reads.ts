import { atom, type Atom } from 'jotai';
import { readsChanged, ruleDependencies, type Reads, type WizardState } from '#engine';
import type { WizardController } from './controller.ts';

/**
 * An atom of something rules compute from the state, computed again only when an answer the rules
 * read changed (their reads from the definition's dependency index), the stored result did or the
 * context did (flags that arrived).
 * Otherwise, as when `equal` finds the new value the same, it keeps the previous value, so a
 * component reading it does not re-render on a keystroke in a field the rules do not read.
 */
export function atomOfReads<T>(
  controller: WizardController,
  reads: Reads | undefined,
  compute: (state: WizardState) => T,
  equal: (a: T, b: T) => boolean = Object.is,
): Atom<T> {
  let last:
    { formData: WizardState['formData']; result: unknown; context: number; value: T } | undefined;
  return atom((get) => {
    const state = get(controller.atoms.state);
    const context = get(controller.contextChanges);
    if (
      last &&
      last.result === state.applicationResult &&
      last.context === context &&
      (reads === undefined || !readsChanged(reads, last.formData, state.formData))
    ) {
      last.formData = state.formData;
      return last.value;
    }
    const computed = compute(state);
    const value = last && equal(last.value, computed) ? last.value : computed;
    last = { formData: state.formData, result: state.applicationResult, context, value };
    return value;
  });
}

/** What the rules of one field (options, item counts) read. */
export function fieldReads(controller: WizardController, step: string, field: string) {
  return ruleDependencies(controller.setup.definition).field.get(step)?.get(field);
}
