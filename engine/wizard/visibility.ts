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

/**
 * An irrelevantWhen key of the fields of a list's items, `<list>.<field>` (`hunde.mischlingsRasse`):
 * its list and field, or undefined for a key of a top-level field.
 */
export function itemRuleKey(key: string): { list: string; field: string } | undefined {
  const [list, field, ...rest] = key.split('.');
  return list && field && rest.length === 0 ? { list, field } : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of one item of a list that are irrelevant now: those whose `<list>.<field>` rule of
 * irrelevantWhen holds while `item` reads this item's answers (an empty item: `{}`).
 */
export function irrelevantItemFields(
  step: Step,
  list: string,
  item: unknown,
  input: RuleInput,
): string[] {
  const fields: string[] = [];
  for (const [key, rule] of Object.entries(step.form?.irrelevantWhen ?? {})) {
    const named = itemRuleKey(key);
    if (named?.list === list && ruleHolds(rule, { ...input, item: isRecord(item) ? item : {} }))
      fields.push(named.field);
  }
  return fields;
}

/**
 * The fields of a step whose irrelevantWhen rule holds: top-level fields by name, fields of list
 * items (rules keyed `<list>.<field>`, reading the item as `item`) by their path in the step's
 * answers, `hunde.1.mischlingsRasse`, for each item the answers have.
 */
export function irrelevantKeys(step: Step, input: RuleInput): string[] {
  const keys: string[] = [];
  const lists = new Set<string>();
  for (const [key, rule] of Object.entries(step.form?.irrelevantWhen ?? {})) {
    const named = itemRuleKey(key);
    if (named) lists.add(named.list);
    else if (ruleHolds(rule, { ...input })) keys.push(key);
  }
  for (const list of lists) {
    const items = input.data[step.id]?.[list];
    if (!Array.isArray(items)) continue;
    items.forEach((item, index) => {
      for (const field of irrelevantItemFields(step, list, item, input))
        keys.push(`${list}.${index}.${field}`);
    });
  }
  return keys;
}

/** The options of a choice field: its `enum`, or for a multiple choice its items' `enum`. */
export function choiceOptions(schema: unknown): unknown[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as { enum?: unknown; items?: { enum?: unknown } };
  if (Array.isArray(node.enum)) return node.enum;
  return Array.isArray(node.items?.enum) ? node.items.enum : [];
}

/** One option of a field whose options are data (`optionsFrom`): the answer and its German text. */
export interface DataOption {
  value: unknown;
  label: string;
}

/**
 * The options of a field whose options come from data (`form.optionsFrom`): the items of the list
 * its rule yields while its rule `when` holds for the item (read as option.*), each item's `value`
 * property the answer and its `label` property the text. Items without a usable value are left out.
 */
export function dataOptions(step: Step, field: string, input: RuleInput): DataOption[] {
  const from = step.form?.optionsFrom?.[field];
  if (!from) return [];
  const list = evaluateRule(from.list, { ...input });
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    if (from.when !== undefined && !ruleHolds(from.when, { ...input, option: item })) return [];
    const record = item as Record<string, unknown>;
    const value = record[from.value];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const label = record[from.label];
    return [{ value, label: typeof label === 'string' ? label : String(value) }];
  });
}

/**
 * The offered options of a choice field (an enum, or an array of enum values answered with
 * checkboxes): those whose optionsWhen rule holds (all without one).
 */
export function offeredOptions(step: Step, field: string, input: RuleInput): unknown[] {
  if (step.form?.optionsFrom?.[field])
    return dataOptions(step, field, input).map((option) => option.value);
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
