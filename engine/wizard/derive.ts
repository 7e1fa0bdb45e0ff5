import { evaluateRule, type Rule } from '../rules/evaluate.ts';
import { collectVarReferences } from '../rules/references.ts';
import type { Step, WizardDefinition } from '../definition/types.ts';
import { isEmptyValue, type WizardState } from './state.ts';

type FormData = WizardState['formData'];
type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field the engine fills: from a fixed value (const or default) or from a rule. */
interface FilledField {
  step: string;
  field: string;
  readOnly: boolean;
  fixed?: { value: unknown };
  rule?: Rule;
  /** The steps whose answers the rule reads; undefined when it computes a path (any step). */
  reads?: ReadonlySet<string>;
}

function readSteps(rule: Rule): ReadonlySet<string> | undefined {
  const steps = new Set<string>();
  for (const ref of collectVarReferences(rule)) {
    const [root, step] = ref.path.split('.');
    if (root !== 'data') continue;
    if (ref.dynamic || step === undefined || step === '') return undefined;
    steps.add(step);
  }
  return steps;
}

/** The fixed value of a read-only field: its `const`, else its `default`. */
function fixedOf(schema: Node): { value: unknown } | undefined {
  if ('const' in schema) return { value: schema['const'] };
  if ('default' in schema) return { value: schema['default'] };
  return undefined;
}

const stepCache = new WeakMap<Step, readonly FilledField[]>();

/** The derived and read-only fields of a step (computed once per step). */
function filledFieldsOf(step: Step): readonly FilledField[] {
  let fields = stepCache.get(step);
  if (!fields) {
    fields = collectFilledFields(step);
    stepCache.set(step, fields);
  }
  return fields;
}

function collectFilledFields(step: Step): FilledField[] {
  const form = step.form;
  if (!form) return [];
  const properties = isNode(form.schema['properties']) ? form.schema['properties'] : {};
  const fields: FilledField[] = [];
  for (const [field, schema] of Object.entries(properties)) {
    const rule = form.derive?.[field];
    const readOnly = isNode(schema) && schema['readOnly'] === true;
    if (!readOnly && rule === undefined) continue;
    const fixed = readOnly && isNode(schema) ? fixedOf(schema) : undefined;
    if (!fixed && rule === undefined) continue;
    fields.push({
      step: step.id,
      field,
      readOnly,
      ...(fixed ? { fixed } : {}),
      ...(rule !== undefined && !fixed ? { rule, reads: readSteps(rule) } : {}),
    });
  }
  return fields;
}

const cache = new WeakMap<WizardDefinition, readonly FilledField[]>();

/** Every derived or read-only field of a definition (computed once per definition). */
function filledFields(definition: WizardDefinition): readonly FilledField[] {
  let fields = cache.get(definition);
  if (!fields) {
    fields = definition.steps.flatMap(filledFieldsOf);
    cache.set(definition, fields);
  }
  return fields;
}

/** Equality of answers (JSON values). */
export function sameAnswer(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length && keysA.every((k) => sameAnswer((a as Node)[k], (b as Node)[k]))
  );
}

const copy = (value: unknown): unknown =>
  typeof value === 'object' && value !== null ? structuredClone(value) : value;

const valueOf = (
  spec: FilledField,
  data: Readonly<Record<string, Record<string, unknown> | undefined>>,
  context: Record<string, unknown>,
): unknown => (spec.fixed ? spec.fixed.value : evaluateRule(spec.rule, { data, context }));

/**
 * The read-only fields of a step with the value the engine expects of each for these answers:
 * its const or default, or its derive rule's value.
 */
export function fixedValues(
  step: Step,
  data: Readonly<Record<string, Record<string, unknown> | undefined>>,
  context: Record<string, unknown>,
): { field: string; value: unknown }[] {
  return filledFieldsOf(step)
    .filter((spec) => spec.readOnly)
    .map((spec) => ({ field: spec.field, value: valueOf(spec, data, context) }));
}

/** The page the user set in the event being applied: a field whose answer differs was edited. */
export interface EditedFields {
  page: string;
  /** The page's answers before the event. */
  before: Record<string, unknown> | undefined;
}

/**
 * Fills the derived and read-only answers after the answers changed from `before` to `after`
 * (pure; `after` is returned as is when nothing changes). A read-only field always takes its
 * const, default or rule value. A derived field takes its rule's value on `after` when it is empty
 * or still equals the rule's value on `before`, unless the user set it in this very event. An
 * empty rule value removes the answer. Unchanged answers keep their identity, so a field is
 * notified only when its own answer changes.
 */
export function applyDerived(
  definition: WizardDefinition,
  context: Record<string, unknown>,
  before: FormData,
  after: FormData,
  edited?: EditedFields,
): FormData {
  const fields = filledFields(definition);
  if (fields.length === 0) return after;
  let data = after;
  for (const spec of fields) {
    const current = data[spec.step]?.[spec.field];
    if (
      !spec.readOnly &&
      edited?.page === spec.step &&
      !Object.is(edited.before?.[spec.field], after[spec.step]?.[spec.field])
    )
      continue;
    const unchangedInputs =
      spec.reads !== undefined && [...spec.reads].every((s) => before[s] === data[s]);
    if (!spec.readOnly && !isEmptyValue(current) && unchangedInputs) continue;
    const next = valueOf(spec, data, context);
    if (!spec.readOnly && !isEmptyValue(current)) {
      const previous = valueOf(spec, before, context);
      if (!sameAnswer(current, previous)) continue;
    }
    if (sameAnswer(current, isEmptyValue(next) ? undefined : next)) continue;
    const page: Node = Object.fromEntries(
      Object.entries(data[spec.step] ?? {}).filter(([key]) => key !== spec.field),
    );
    if (!isEmptyValue(next)) page[spec.field] = copy(next);
    data = { ...data, [spec.step]: page };
  }
  return data;
}
