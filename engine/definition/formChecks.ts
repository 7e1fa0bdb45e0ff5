import { isListField } from '../wizard/lists.ts';
import { lookupText, type Bundles } from './i18n.ts';
import { derefSchema, propertiesOf, type SchemaLookup } from './schemaPaths.ts';
import { walkSchema } from './schemaWalk.ts';
import { toPointer } from './source.ts';
import { stepSchemaId, type Step, type WizardDefinition } from './types.ts';

type Node = Record<string, unknown>;
type Fields = Map<string, { schema: unknown; base: string }>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the form checks need: where the definition is, its schemas, the texts and a reporter. */
export interface FormCheckEnvironment {
  path: string;
  lookup: SchemaLookup;
  bundles: Bundles;
  report: (pointer: string, message: string) => void;
}

/** A schema after following its $ref, with the base its own $refs resolve against. */
function resolve(
  field: { schema: unknown; base: string } | undefined,
  env: FormCheckEnvironment,
): { schema: Node; base: string } | undefined {
  if (!field) return undefined;
  const resolved = derefSchema(field.schema, field.base, env.lookup);
  return isNode(resolved.schema) ? { schema: resolved.schema, base: resolved.base } : undefined;
}

/** The fields of a list's items (after $ref), or an empty map. */
function itemFields(list: { schema: Node; base: string }, env: FormCheckEnvironment): Fields {
  return propertiesOf(list.schema['items'], list.base, env.lookup) ?? new Map();
}

/** requiredWhen, derive, constraints and itemCounts name fields of the step; itemCounts a list. */
function checkFieldNames(step: Step, at: string, fields: Fields, env: FormCheckEnvironment): void {
  const form = step.form;
  if (!form) return;
  const notAField = (pointer: string, name: string): void =>
    env.report(pointer, `"${name}" is not a field of step "${step.id}"`);
  for (const part of ['requiredWhen', 'derive'] as const)
    for (const name of Object.keys(form[part] ?? {}))
      if (!fields.has(name)) notAField(`${at}/${part}/${name}`, name);
  form.constraints?.forEach((constraint, n) => {
    if (!fields.has(constraint.field)) notAField(`${at}/constraints/${n}/field`, constraint.field);
  });
  for (const name of Object.keys(form.itemCounts ?? {})) {
    const schema = resolve(fields.get(name), env)?.schema;
    if (!fields.has(name)) notAField(`${at}/itemCounts/${name}`, name);
    else if (schema?.['type'] !== 'array')
      env.report(
        `${at}/itemCounts/${name}`,
        `"${name}" is not a list: itemCounts limits the items of an array field ("type": "array")`,
      );
  }
}

/** A read-only field shows a value the engine fills: it needs const, default or a derive rule. */
function checkReadOnly(step: Step, at: string, fields: Fields, env: FormCheckEnvironment): void {
  for (const [name, field] of fields) {
    const schema = resolve(field, env)?.schema;
    if (schema?.['readOnly'] !== true) continue;
    if ('const' in schema || 'default' in schema || step.form?.derive?.[name] !== undefined)
      continue;
    env.report(
      `${at}/schema/properties/${name}`,
      `the read-only field "${name}" needs the value it shows: "const" or "default" in its schema, or a rule in form.derive.${name}`,
    );
  }
}

/** A list's uiSchema has only ui: options and `items`, whose entries name the items' fields. */
function checkListUi(step: Step, at: string, fields: Fields, env: FormCheckEnvironment): void {
  const ui = (step.form?.uiSchema ?? {}) as Record<string, unknown>;
  for (const [name, field] of fields) {
    const list = resolve(field, env);
    const own = ui[name];
    if (!list || !isListField(derefItems(list, env), own) || !isNode(own)) continue;
    const items = itemFields(list, env);
    for (const [key, value] of Object.entries(own)) {
      if (key.startsWith('ui:')) continue;
      if (key !== 'items') {
        env.report(
          `${at}/uiSchema/${name}/${key}`,
          `"${key}" is not a part of the list "${name}"; the fields of its items go under "items"`,
        );
        continue;
      }
      for (const child of Object.keys(isNode(value) ? value : {}))
        if (!child.startsWith('ui:') && !items.has(child))
          env.report(
            `${at}/uiSchema/${name}/items/${child}`,
            `uiSchema names "${child}", which is not a field of the items of list "${name}" in step "${step.id}"`,
          );
    }
  }
}

/** A list schema with its items' $ref followed, so that isListSchema can look at them. */
function derefItems(list: { schema: Node; base: string }, env: FormCheckEnvironment): Node {
  const items = derefSchema(list.schema['items'], list.base, env.lookup).schema;
  return { ...list.schema, items };
}

const BRANCHES = ['then', 'else', 'dependentSchemas'] as const;

/**
 * `required` inside if/then/else or dependentSchemas, and dependentRequired, make a field
 * required under a condition that the label's "(optional)" cannot follow: refused, pointing at
 * the exact nested place and naming form.requiredWhen as the way to say it.
 */
function checkConditionalRequired(step: Step, at: string, env: FormCheckEnvironment): void {
  walkSchema(step.form?.schema, ({ node, segments, via }) => {
    const branch = BRANCHES.find((keyword) => via.includes(keyword));
    const required = node['required'];
    if (branch && Array.isArray(required) && required.length > 0) {
      const names = required.map((n) => `"${String(n)}"`).join(', ');
      env.report(
        `${at}/schema${toPointer([...segments, 'required'])}`,
        `"required" inside "${branch}" makes ${names} required only under a condition, which the label's "(optional)" cannot follow; state the condition as form.requiredWhen: { "${String(required[0])}": <rule> } instead`,
      );
    }
    if (isNode(node['dependentRequired']))
      env.report(
        `${at}/schema${toPointer([...segments, 'dependentRequired'])}`,
        `"dependentRequired" makes fields required only when another is answered, which the label's "(optional)" cannot follow; state the condition as form.requiredWhen: { "<field>": <rule> } instead`,
      );
  });
}

/** The texts of a list: its item heading, add and remove buttons (or their shared fallbacks) and its items' fields. */
function checkListTexts(
  def: WizardDefinition,
  step: Step,
  at: string,
  fields: Fields,
  env: FormCheckEnvironment,
): void {
  const ns = def.i18nNamespace;
  const has = (key: string): boolean => lookupText(env.bundles, key, ns) !== undefined;
  const missing = (pointer: string, key: string, why: string): void =>
    env.report(
      pointer,
      `the text "${key}" (${why}) is missing in definitions/locales/de/${ns}.json`,
    );
  const ui = (step.form?.uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const prefix = step.i18nPrefix;
  for (const [name, field] of fields) {
    const list = resolve(field, env);
    if (!list || !isListField(derefItems(list, env), ui[name])) continue;
    const pointer = `${at}/schema/properties/${name}`;
    const purposes = { item: 'heading of each item', add: 'add button', remove: 'remove button' };
    for (const [which, why] of Object.entries(purposes)) {
      const key = `${prefix}.${name}.${which}`;
      if (!has(key) && !has(`common:list.${which}`))
        missing(pointer, key, `${why} of list "${name}", and common:list.${which} is missing too`);
    }
    const itemUi = (isNode(ui[name]?.['items']) ? ui[name]['items'] : {}) as Record<
      string,
      { 'ui:widget'?: unknown; 'ui:help'?: unknown } | undefined
    >;
    for (const [child, childField] of itemFields(list, env)) {
      if (itemUi[child]?.['ui:widget'] === 'hidden') continue;
      const childAt = `${pointer}/items/properties/${child}`;
      const base = `${prefix}.${name}.${child}`;
      if (!has(`${base}.label`))
        missing(childAt, `${base}.label`, `label of field "${child}" in the items of "${name}"`);
      const options = resolve(childField, env)?.schema['enum'];
      for (const option of Array.isArray(options) ? options : [])
        if (!has(`${base}.options.${String(option)}`))
          missing(
            childAt,
            `${base}.options.${String(option)}`,
            `label of option ${JSON.stringify(option)}`,
          );
      if (itemUi[child]?.['ui:help'] === true && !has(`${base}.help`))
        missing(`${at}/uiSchema/${name}/items/${child}/ui:help`, `${base}.help`, 'help text');
    }
  }
}

/**
 * The checks of the form features a JSON Schema cannot make: requiredWhen, derive, constraints
 * and itemCounts name fields of their step (itemCounts a list), read-only fields have a value,
 * lists' uiSchema entries name their items' fields, no `required` hides in a condition, and
 * lists have their texts. (Their rules are checked with every other rule, in semantic.ts.)
 */
export function checkFormFeatures(def: WizardDefinition, env: FormCheckEnvironment): void {
  def.steps.forEach((step, i) => {
    if (!step.form) return;
    const at = `/steps/${i}/form`;
    const fields: Fields =
      propertiesOf(step.form.schema, stepSchemaId(env.path, step.id), env.lookup) ?? new Map();
    checkFieldNames(step, at, fields, env);
    checkReadOnly(step, at, fields, env);
    checkListUi(step, at, fields, env);
    checkConditionalRequired(step, at, env);
    checkListTexts(def, step, at, fields, env);
  });
}
