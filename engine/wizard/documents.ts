import { ruleHolds } from '../rules/evaluate.ts';
import type { Step, WizardDefinition } from '../definition/types.ts';
import { answeredSection, type SummarySection } from './services.ts';

/** Answers keyed by step id, as the server checked them (visible steps, relevant fields). */
export type StepAnswers = Readonly<Record<string, Record<string, unknown>>>;

/**
 * The answered steps of a flow in step order: for each step with answers its answered fields
 * (ui:order first, hidden fields and empty answers left out), as the summary lists them.
 */
export function answeredSections(
  definition: WizardDefinition,
  answers: StepAnswers,
): SummarySection[] {
  return definition.steps.flatMap((step) => answeredSection(step, answers[step.id]) ?? []);
}

/** What an advice record holds besides the premium, read from the flow's `documents.advice`. */
export interface AdviceContent {
  /** The needs step's answers (without the decision, when it is a field of that step). */
  needs: SummarySection | undefined;
  /** The step holding the decision, the field and the option chosen (undefined: not answered). */
  decision: { step: Step; field: string; value: unknown };
  /** The recommendation texts the decision's step shows for these answers, in its order. */
  recommendationKeys: string[];
}

/**
 * The content of the advice record for checked answers, or undefined when the flow declares no
 * advice record (or names steps it does not have; definitions:check reports that). A
 * recommendation counts when its content block on the decision's step is visible for the
 * answers and the rule context (the same rule the browser applied when it showed it).
 */
export function adviceContent(
  definition: WizardDefinition,
  answers: StepAnswers,
  context: Record<string, unknown>,
): AdviceContent | undefined {
  const advice = definition.documents?.advice;
  if (!advice) return undefined;
  const needsStep = definition.steps.find((s) => s.id === advice.needsStep);
  const [stepId, field = ''] = advice.decision.split('.');
  const decisionStep = definition.steps.find((s) => s.id === stepId);
  if (!needsStep || !decisionStep) return undefined;
  const scope = { data: answers, context };
  const wanted = new Set(advice.recommendationKeys);
  const recommendationKeys = (decisionStep.content ?? [])
    .filter((block) => block.textKey !== undefined && wanted.has(block.textKey))
    .filter((block) => block.visibleWhen === undefined || ruleHolds(block.visibleWhen, scope))
    .map((block) => block.textKey as string);
  const needsAnswers = Object.fromEntries(
    Object.entries(answers[needsStep.id] ?? {}).filter(
      ([name]) => decisionStep !== needsStep || name !== field,
    ),
  );
  return {
    needs: answeredSection(needsStep, needsAnswers),
    decision: { step: decisionStep, field, value: answers[decisionStep.id]?.[field] },
    recommendationKeys,
  };
}
