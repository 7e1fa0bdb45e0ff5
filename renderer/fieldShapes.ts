import type { GlobalFormOptions, Registry } from '@rjsf/utils';
import type { Step } from '#engine';

type Node = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** How field ids are made (`feld-<field>`, in a list `feld-<list>-<index>-<field>`). */
export const FORM_OPTIONS: GlobalFormOptions = {
  idPrefix: 'feld',
  idSeparator: '-',
  useFallbackUiForUnsupportedType: false,
};

/** What widgets and templates read of a registry: the renderer's form context and the id rules. */
export type FieldRegistry = Pick<Registry, 'formContext' | 'globalFormOptions'>;

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
/** Keywords that make rjsf choose or merge subschemas: such a field goes through rjsf. */
const COMPOSED = ['anyOf', 'oneOf', 'allOf', '$ref', 'if', 'not', 'dependencies'];

/**
 * Whether a top-level field is one control: a string, number, integer or yes/no, a multiple choice
 * (an array of unique enum values) or an array with a widget of its own (files). Such a field
 * renders with our FieldTemplate and widget directly; nested objects and lists of items need rjsf's
 * fields, loaded only for the steps that have them.
 */
export function isPlainField(schema: unknown, uiSchema: unknown): boolean {
  if (!isNode(schema)) return false;
  const ui = isNode(uiSchema) ? uiSchema : {};
  if (ui['ui:field'] !== undefined || COMPOSED.some((key) => key in schema)) return false;
  const type = schema['type'];
  if (typeof type !== 'string') return false;
  if (PRIMITIVE_TYPES.has(type)) return true;
  if (type !== 'array' || !isNode(schema['items'])) return false;
  return isMultipleChoice(schema) || isArrayWidget(ui);
}

/** An array of unique enum values: rjsf's multi-select (checkboxes, a multiple select). */
export function isMultipleChoice(schema: Node): boolean {
  const items = schema['items'];
  return schema['uniqueItems'] === true && isNode(items) && Array.isArray(items['enum']);
}

/** An array whose control takes the whole list (a file picker): `ui:widget` names a widget. */
function isArrayWidget(uiSchema: Node): boolean {
  const widget = uiSchema['ui:widget'];
  return typeof widget === 'string' && widget !== 'hidden';
}

/**
 * Whether a top-level field is a list of items whose fields are each one control (people,
 * further trades): it renders with our list, item and object templates and PlainField per input.
 */
export function isPlainList(schema: unknown, uiSchema: unknown): boolean {
  if (!isNode(schema) || COMPOSED.some((key) => key in schema)) return false;
  const ui = isNode(uiSchema) ? uiSchema : {};
  if (schema['type'] !== 'array' || ui['ui:field'] !== undefined || 'ui:widget' in ui) return false;
  const items = schema['items'];
  if (!isNode(items) || items['type'] !== 'object' || COMPOSED.some((key) => key in items))
    return false;
  const properties = items['properties'];
  if (!isNode(properties) || 'additionalProperties' in items) return false;
  const itemUi = isNode(ui['items']) ? ui['items'] : {};
  return Object.entries(properties).every(([name, field]) => isPlainField(field, itemUi[name]));
}

/** Whether a step has a field that rjsf's fields must render (a nested object, another list). */
export function needsNestedFields(step: Step): boolean {
  const properties = step.form?.schema['properties'];
  if (!isNode(properties)) return false;
  const ui = step.form?.uiSchema ?? {};
  return Object.entries(properties).some(
    ([name, schema]) => !isPlainField(schema, ui[name]) && !isPlainList(schema, ui[name]),
  );
}
