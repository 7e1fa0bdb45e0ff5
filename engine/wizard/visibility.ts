import { evaluateRule, ruleHolds } from '../rules/evaluate.ts';
import type { Step, WizardDefinition } from '../definition/types.ts';

/** What rules read: the answers keyed by step id, the context, and the stored result. */
export interface RuleInput {
  data: Record<string, Record<string, unknown> | undefined>;
  context: Record<string, unknown>;
  result?: unknown;
}

/** The steps whose visibleWhen rule holds, in definition order. */
export function visibleSteps(definition: WizardDefinition, input: RuleInput): Step[] {
  return definition.steps.filter(
    (step) => step.visibleWhen === undefined || ruleHolds(step.visibleWhen, { ...input }),
  );
}

/** The fields of a step whose irrelevantWhen rule holds. */
export function irrelevantKeys(step: Step, input: RuleInput): string[] {
  return Object.entries(step.form?.irrelevantWhen ?? {})
    .filter(([, rule]) => ruleHolds(rule, { ...input }))
    .map(([field]) => field);
}

/** The options of a choice field: its `enum`, or for a multiple choice its items' `enum`. */
export function choiceOptions(schema: unknown): unknown[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as { enum?: unknown; items?: { enum?: unknown } };
  if (Array.isArray(node.enum)) return node.enum;
  return Array.isArray(node.items?.enum) ? node.items.enum : [];
}

/**
 * The offered options of a choice field (an enum, or an array of enum values answered with
 * checkboxes): those whose optionsWhen rule holds (all without one).
 */
export function offeredOptions(step: Step, field: string, input: RuleInput): unknown[] {
  const schema = (step.form?.schema['properties'] as Record<string, unknown> | undefined)?.[field];
  const all = choiceOptions(schema);
  const rule = step.form?.optionsWhen?.[field];
  if (rule === undefined) return all;
  return all.filter((option) => ruleHolds(rule, { ...input, option }));
}

/**
 * Where a jump to a step lands: the step itself when visible, otherwise the first visible step
 * after it in definition order, otherwise undefined.
 */
export function resolveGoTo(
  definition: WizardDefinition,
  visible: readonly Step[],
  target: string,
): Step | undefined {
  const index = definition.steps.findIndex((s) => s.id === target);
  if (index < 0) return undefined;
  const ids = new Set(visible.map((s) => s.id));
  return definition.steps.slice(index).find((s) => ids.has(s.id));
}

/** Evaluates a rule that computes a value (a URL, a body field, an interpolation). */
export function computeValue(rule: unknown, scope: Record<string, unknown>): unknown {
  return evaluateRule(rule, scope);
}
