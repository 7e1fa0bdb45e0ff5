export {
  emptyState,
  isEmptyValue,
  relevantData,
  relevantFormData,
  withoutIrrelevant,
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
export { type Refusal } from './refusal.ts';
export { journeyOf, type Journey } from './journey.ts';
export {
  irrelevantItemFields,
  irrelevantKeys,
  itemRuleKey,
  choiceOptions,
  offeredOptions,
  dataOptions,
  type DataOption,
  resolveGoTo,
  visibleSteps,
  computeValue,
  type RuleInput,
} from './visibility.ts';
export { stepProblems, type FieldProblem } from './stepProblems.ts';
export { answerShapeProblems, MAX_SAVED_TEXT, type ShapeProblem } from './answerShape.ts';
export { firstText, problemMessage } from './problemMessage.ts';
export {
  formRuleProblems,
  readsEmptyAnswer,
  requiredFields,
  type RuleProblem,
} from './formRules.ts';
export { applyDerived, fixedValues, sameAnswer, type EditedFields } from './derive.ts';
export {
  fieldSchema,
  isListField,
  isListSchema,
  itemLimits,
  listItemOf,
  listTextKeys,
  type ItemLimits,
  type ListText,
} from './lists.ts';
export { answerLine, answerText, type AnswerLine, type AnswerTexts } from './answerText.ts';
export {
  adviceContent,
  answeredSections,
  type AdviceContent,
  type StepAnswers,
} from './documents.ts';
export {
  answeredSection,
  contextLoads,
  documentLinks,
  downloadRequest,
  draftOffered,
  offeredDraft,
  draftRequest,
  draftToRestore,
  quoteRequest,
  quoteShownOn,
  summarySections,
  type ContentBlock,
  type ContextLoad,
  type DocumentLink,
  type DraftState,
  type SummaryField,
  type SummarySection,
} from './services.ts';
export { appliesToContract, type ContractOffer } from './contractOffer.ts';
export { resumeAnswers, resumedDraft, draftVersion, type ResumedAnswers } from './resume.ts';
export {
  changedAnswers,
  readsAny,
  readsChanged,
  ruleDependencies,
  type AnswerRef,
  type Reads,
  type RuleDependencies,
} from './dependencies.ts';
export {
  affectedFields,
  fieldsProblems,
  stepCoupling,
  type StepCoupling,
} from './fieldProblems.ts';
