import type { WizardSetup } from './setup.ts';
import type { WizardState } from './state.ts';
import { computeValue } from './visibility.ts';

/** Where a flow's steps stand in its journey: steps of other flows before and after them. */
export interface Journey {
  before: number;
  after: number;
}

/** A whole number of steps from a rule's value (a number or its text); 0 for anything else. */
function stepCount(value: unknown): number {
  const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 && count <= 50
    ? count
    : 0;
}

/**
 * The flow's place in its journey (`progress`): the steps of other flows before its first step
 * (the claim entry's, passed to the claim app) and after its last; 0 and 0 without `progress`.
 */
export function journeyOf(setup: WizardSetup): Journey {
  const progress = setup.definition.progress;
  const scope = { context: setup.context };
  return {
    before: progress?.before === undefined ? 0 : stepCount(computeValue(progress.before, scope)),
    after: progress?.after === undefined ? 0 : stepCount(computeValue(progress.after, scope)),
  };
}

/** What an outcome reads as `journey`: the steps of the journey done once the current one is. */
export function journeyScope(setup: WizardSetup, state: WizardState): { steps: number } {
  const done =
    state.currentStep === null ? 0 : state.steps.findIndex((s) => s.id === state.currentStep) + 1;
  return { steps: journeyOf(setup).before + done };
}
