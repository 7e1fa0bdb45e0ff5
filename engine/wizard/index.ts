export {
  emptyState,
  isEmptyValue,
  relevantData,
  relevantFormData,
  type WizardState,
} from './state.ts';
export {
  initialState,
  variantBaseRoute,
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
export { answerShapeProblems, MAX_SAVED_TEXT, type ShapeProblem } from './answerShape.ts';
export {
  contextLoads,
  draftOffered,
  draftRequest,
  draftToRestore,
  quoteRequest,
  quoteShownOn,
  summarySections,
  type ContextLoad,
  type DraftState,
  type SummaryField,
  type SummarySection,
} from './services.ts';
