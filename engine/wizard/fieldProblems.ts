import type { ValidateFunction } from 'ajv';
import { normalizeAnswers } from '../validation/index.ts';
import type { Rule } from '../rules/evaluate.ts';
import type { Step, WizardDefinition } from '../definition/types.ts';
import {
  readsAny,
  ruleDependencies,
  ruleReads,
  type AnswerRef,
  type Reads,
} from './dependencies.ts';
import { collectProblems, type FieldProblem } from './stepProblems.ts';
import { withoutIrrelevant } from './state.ts';
import type { RuleInput } from './visibility.ts';

/**
 * How a step's schema ties its top-level fields together. `separable`: each field's errors depend
 * only on its own answer, except for the `coupled` fields, which the schema's conditions (if/then,
 * allOf, dependentRequired, ...) read and check together; they report at the step as a whole
 * too (path ''). Not separable: a keyword whose errors no field's answer alone decides.
 */
export interface StepCoupling {
  separable: boolean;
  coupled: ReadonlySet<string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords of a step schema that only describe or hold per-field schemas. */
const PER_FIELD = new Set([
  'type',
  'properties',
  'required',
  'title',
  'description',
  '$comment',
  '$schema',
  '$id',
  '$defs',
  'definitions',
]);
/** Keywords under which a schema reads several fields of the step. */
const CONDITIONS = new Set(['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not']);
const DESCRIBING = new Set(['type', 'title', 'description', '$comment']);

/**
 * Collects the fields a condition's subschema names; false when it has a keyword whose reads
 * cannot be named (patternProperties, additionalProperties, propertyNames, $ref, ...).
 */
function namedFields(schema: unknown, into: Set<string>): boolean {
  if (typeof schema === 'boolean') return true;
  if (!isRecord(schema)) return false;
  for (const [keyword, value] of Object.entries(schema)) {
    if (DESCRIBING.has(keyword)) continue;
    if (keyword === 'properties' && isRecord(value)) Object.keys(value).forEach((f) => into.add(f));
    else if (keyword === 'required' && Array.isArray(value))
      value.forEach((f) => into.add(String(f)));
    else if (keyword === 'dependentRequired' && isRecord(value))
      for (const [field, needs] of Object.entries(value)) {
        into.add(field);
        if (Array.isArray(needs)) needs.forEach((f) => into.add(String(f)));
      }
    else if (keyword === 'dependentSchemas' && isRecord(value)) {
      for (const [field, sub] of Object.entries(value)) {
        into.add(field);
        if (!namedFields(sub, into)) return false;
      }
    } else if (CONDITIONS.has(keyword)) {
      const subs = Array.isArray(value) ? (value as unknown[]) : [value];
      if (!subs.every((sub) => namedFields(sub, into))) return false;
    } else return false;
  }
  return true;
}

const couplingCache = new WeakMap<Step, StepCoupling>();

/** How a step's schema ties its fields together (computed once per step). */
export function stepCoupling(step: Step): StepCoupling {
  let found = couplingCache.get(step);
  if (found) return found;
  const schema: Record<string, unknown> = step.form?.schema ?? {};
  const coupled = new Set<string>();
  let separable = true;
  for (const [keyword, value] of Object.entries(schema)) {
    if (PER_FIELD.has(keyword)) continue;
    if (keyword === 'additionalProperties' && value === true) continue;
    if (
      CONDITIONS.has(keyword) ||
      keyword === 'dependentRequired' ||
      keyword === 'dependentSchemas'
    ) {
      if (!namedFields({ [keyword]: value }, coupled)) separable = false;
    } else separable = false;
  }
  found = { separable, coupled };
  couplingCache.set(step, found);
  return found;
}

/** Fields of the step a rule reads, or undefined when it may read any of them. */
function stepFieldsRead(reads: Reads, stepId: string): ReadonlySet<string> | undefined {
  if (reads.any) return undefined;
  return reads.fields.get(stepId) ?? new Set();
}

/** The rules that check one of the fields: what the answers those checks read must hold. */
function rulesOf(step: Step, wanted: ReadonlySet<string>): Rule[] {
  const form = step.form;
  const rules: Rule[] = [];
  for (const [field, rule] of Object.entries(form?.requiredWhen ?? {}))
    if (wanted.has(field)) rules.push(rule as Rule);
  for (const constraint of form?.constraints ?? [])
    if (wanted.has(constraint.field.split('.')[0] ?? '')) rules.push(constraint.rule as Rule);
  for (const [field, counts] of Object.entries(form?.itemCounts ?? {}))
    if (counts && wanted.has(field))
      for (const limit of [counts.min, counts.max]) if (limit !== undefined) rules.push(limit);
  return rules;
}

const readOnlyCache = new WeakMap<Step, string[]>();

/** The read-only top-level fields of a step. */
function readOnlyFields(step: Step): string[] {
  let found = readOnlyCache.get(step);
  if (!found) {
    const properties = step.form?.schema['properties'];
    found = isRecord(properties)
      ? Object.entries(properties)
          .filter(([, schema]) => isRecord(schema) && schema['readOnly'] === true)
          .map(([field]) => field)
      : [];
    readOnlyCache.set(step, found);
  }
  return found;
}

/**
 * The problems of some top-level fields of a step ('' for the step as a whole): exactly the
 * problems {@link stepProblems} finds for them, in the same order, while validating and
 * normalising only those fields' answers and what their checks read (the schema's coupled fields,
 * the answers their rules read). `fields` are the fields checked: the ones asked, and all coupled
 * fields with '' when one of them was asked. Undefined when the step cannot be checked field by
 * field (its schema is not separable, or a read-only field is asked): validate the whole step.
 */
export function fieldsProblems(
  step: Step,
  validate: ValidateFunction,
  answers: Record<string, unknown>,
  irrelevant: readonly string[],
  input: RuleInput,
  fields: ReadonlySet<string>,
): { problems: FieldProblem[]; fields: ReadonlySet<string> } | undefined {
  const form = step.form;
  const { separable, coupled } = stepCoupling(step);
  if (!form || !separable) return undefined;
  const wanted = new Set(fields);
  if (wanted.has('') || [...coupled].some((f) => wanted.has(f)))
    for (const f of ['', ...coupled]) wanted.add(f);
  // Read-only fields compare with values computed from any answer: check the whole step.
  if (readOnlyFields(step).some((f) => wanted.has(f))) return undefined;
  const read = new Set(wanted);
  for (const rule of rulesOf(step, wanted)) {
    const fieldsRead = stepFieldsRead(ruleReads(rule), step.id);
    if (fieldsRead === undefined) return undefined;
    fieldsRead.forEach((f) => read.add(f));
  }
  const pick = (keys: ReadonlySet<string>): Record<string, unknown> => {
    const picked: Record<string, unknown> = {};
    for (const key of keys) if (Object.hasOwn(answers, key)) picked[key] = answers[key];
    return normalizeAnswers(form.schema, withoutIrrelevant(picked, irrelevant));
  };
  const validated = pick(wanted);
  const ruled = read.size === wanted.size ? validated : pick(read);
  const problems = collectProblems(step, validate, { validated, ruled }, irrelevant, input, (f) =>
    wanted.has(f),
  );
  return { problems, fields: wanted };
}

/**
 * The top-level fields of a step ('' for the step as a whole) whose problems a change of answers
 * can change: the changed answers of the step, the fields whose irrelevance changed, the fields
 * whose rules (requiredWhen, constraints, options, item counts, irrelevantWhen) read a changed
 * answer, the fields the engine fills, and all of the schema's coupled fields when one of them
 * changed. Undefined: any field may be affected (validate the whole step).
 */
export function affectedFields(
  definition: WizardDefinition,
  step: Step,
  changed: readonly AnswerRef[],
  irrelevantBefore: readonly string[],
  irrelevantAfter: readonly string[],
): ReadonlySet<string> | undefined {
  const form = step.form;
  const { separable, coupled } = stepCoupling(step);
  if (!form || !separable) return undefined;
  const all: AnswerRef[] = [...changed];
  if (irrelevantBefore !== irrelevantAfter)
    for (const key of new Set([...irrelevantBefore, ...irrelevantAfter]))
      if (irrelevantBefore.includes(key) !== irrelevantAfter.includes(key))
        all.push({ step: step.id, field: key.split('.')[0] ?? '' });
  const affected = new Set<string>();
  for (const { step: s, field } of all) if (s === step.id) affected.add(field);
  const deps = ruleDependencies(definition);
  for (const field of deps.filled.get(step.id) ?? []) affected.add(field);
  const reading = (rule: unknown): boolean => readsAny(ruleReads(rule as Rule), all);
  for (const [field, rule] of Object.entries(form.requiredWhen ?? {}))
    if (reading(rule)) affected.add(field);
  for (const [key, rule] of Object.entries(form.irrelevantWhen ?? {}))
    if (reading(rule)) affected.add(key.split('.')[0] ?? '');
  for (const constraint of form.constraints ?? [])
    if (reading(constraint.rule)) affected.add(constraint.field.split('.')[0] ?? '');
  for (const [field, reads] of deps.field.get(step.id) ?? [])
    if (readsAny(reads, all)) affected.add(field);
  if ([...coupled].some((f) => affected.has(f))) for (const f of ['', ...coupled]) affected.add(f);
  return affected;
}
