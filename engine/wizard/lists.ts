import { evaluateRule } from '../rules/evaluate.ts';
import type { Step } from '../definition/types.ts';
import type { RuleInput } from './visibility.ts';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a field schema is a list: an array whose items are objects with properties. */
export function isListSchema(schema: unknown): boolean {
  if (!isNode(schema) || schema['type'] !== 'array') return false;
  const items = schema['items'];
  return isNode(items) && items['type'] === 'object' && isNode(items['properties']);
}

/**
 * Whether a field is shown as a list of items (the German list template): a list schema with no
 * widget of its own (an upload field is an array of file objects shown by the file widget).
 */
export function isListField(schema: unknown, uiSchema: unknown): boolean {
  return isListSchema(schema) && !(isNode(uiSchema) && typeof uiSchema['ui:widget'] === 'string');
}

/** The schema of a top-level field of a step (self-contained schemas, as the engine runs them). */
export function fieldSchema(step: Step, field: string): Node | undefined {
  const properties = step.form?.schema['properties'];
  const schema = isNode(properties) ? properties[field] : undefined;
  return isNode(schema) ? schema : undefined;
}

/** The texts of a list, each with its own key first and the shared one of common.json second. */
export type ListText = 'item' | 'add' | 'remove' | 'removed';

/**
 * The keys of a list text, best first: `<prefix>.<list>.<which>`, then `common:list.<which>`.
 * `item` is an item's heading and `remove` its remove button (both read `{{nummer}}`), `add` the
 * add button, `removed` what is announced after a removal (`{{item}}`).
 */
export function listTextKeys(prefix: string, list: string, which: ListText): string[] {
  return [`${prefix}.${list}.${which}`, `common:list.${which}`];
}

/** The list item a field path lies in (`personen.1.vorname`: item 1 of `personen`), if any. */
export function listItemOf(path: string): { list: string; index: number } | undefined {
  const [list, index, field] = path.split('.');
  if (list === undefined || index === undefined || field === undefined) return undefined;
  return /^\d+$/.test(index) ? { list, index: Number(index) } : undefined;
}

/** How many items a list may have now: the least (0 when unbounded) and the most, if bounded. */
export interface ItemLimits {
  min: number;
  max?: number;
}

const wholeNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : undefined;

/**
 * The effective item limits of a list field: the schema's minItems and maxItems narrowed by the
 * form's `itemCounts` rules (which may read other answers). A rule that computes no number is
 * ignored.
 */
export function itemLimits(step: Step, field: string, input: RuleInput): ItemLimits {
  const schema = fieldSchema(step, field) ?? {};
  let min = wholeNumber(schema['minItems']) ?? 0;
  let max = wholeNumber(schema['maxItems']);
  const counts = step.form?.itemCounts?.[field];
  if (counts?.min !== undefined) {
    const ruled = wholeNumber(evaluateRule(counts.min, { ...input }));
    if (ruled !== undefined) min = Math.max(min, ruled);
  }
  if (counts?.max !== undefined) {
    const ruled = wholeNumber(evaluateRule(counts.max, { ...input }));
    if (ruled !== undefined) max = max === undefined ? ruled : Math.min(max, ruled);
  }
  return max === undefined ? { min } : { min, max };
}
