export {
  emptyState,
  isEmptyValue,
  relevantData,
  relevantFormData,
  type WizardState,
} from './state.ts';
export {
  initialState,
  transition,
  type Feedback,
  type TransitionResult,
  type WizardEffect,
  type WizardEvent,
  type WizardSetup,
} from './transition.ts';
export {
  irrelevantKeys,
  offeredOptions,
  resolveGoTo,
  visibleSteps,
  computeValue,
  type RuleInput,
} from './visibility.ts';
export { stepProblems, type FieldProblem } from './stepProblems.ts';
