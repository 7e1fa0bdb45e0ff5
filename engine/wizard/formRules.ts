import { ruleHolds, type Rule } from '../rules/evaluate.ts';
import { collectVarReferences, type VarReference } from '../rules/references.ts';
import { DEFAULT_MESSAGE_PREFIX } from '../validation/messages.ts';
import { normalizeAnswers } from '../validation/normalizeAnswers.ts';
import type { Step } from '../definition/types.ts';
import { fixedValues, sameAnswer } from './derive.ts';
import { itemLimits } from './lists.ts';
import { isEmptyValue } from './state.ts';
import type { RuleInput } from './visibility.ts';

/** A problem the form's own rules found: the field path, its message keys and their values. */
export interface RuleProblem {
  path: string;
  keys: string[];
  values?: Record<string, unknown>;
}

const EMPTY: readonly string[] = [];

/**
 * The top-level fields of a step that are required now: the schema's `required` and every field
 * whose `requiredWhen` rule holds. The label of any other field says "(optional)". With `only`,
 * the `requiredWhen` rules of the other fields are not evaluated (their fields are left out).
 */
export function requiredFields(
  step: Step,
  input: RuleInput,
  only?: (field: string) => boolean,
): readonly string[] {
  const schema = step.form?.schema;
  const fixed = Array.isArray(schema?.['required']) ? (schema['required'] as string[]) : EMPTY;
  const when = step.form?.requiredWhen;
  if (!when) return fixed;
  const ruled = Object.entries(when)
    .filter(
      ([field, rule]) =>
        (only === undefined || only(field)) &&
        !fixed.includes(field) &&
        ruleHolds(rule, { ...input }),
    )
    .map(([field]) => field);
  return ruled.length === 0 ? fixed : [...fixed, ...ruled];
}

/** Reads a dotted path (`data.reise.beginn`, `data.reisende.personen.0.vorname`) in a scope. */
function readPath(scope: Record<string, unknown>, path: string): unknown {
  let node: unknown = scope;
  for (const segment of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

const referencesCache = new WeakMap<object, readonly VarReference[]>();

/** A rule's var references, walked once per rule object (a constraint is checked on every key). */
function varReferencesOf(rule: Rule): readonly VarReference[] {
  if (typeof rule !== 'object' || rule === null) return collectVarReferences(rule);
  let found = referencesCache.get(rule);
  if (!found) referencesCache.set(rule, (found = collectVarReferences(rule)));
  return found;
}

/**
 * Whether a rule reads an answer that is empty (a `data.…` variable with no value). Such a
 * constraint is skipped: the field's required check covers the missing answer, and JSON Logic
 * would compare null as 0 (`null <= 365` holds).
 */
export function readsEmptyAnswer(rule: Rule, scope: Record<string, unknown>): boolean {
  return varReferencesOf(rule).some(
    (ref) =>
      !ref.dynamic && ref.path.startsWith('data.') && isEmptyValue(readPath(scope, ref.path)),
  );
}

/** The top-level field of a dotted path (`personen.0.name` -> `personen`). */
const topField = (path: string): string => path.split('.')[0] ?? '';

const ownKeys = (step: Step, field: string, name: string): string[] => [
  `${step.i18nPrefix}.${field}.${name}`,
  `${DEFAULT_MESSAGE_PREFIX}.${name}`,
];

/**
 * The problems of a step that its form's rules find beyond the JSON Schema, in this order:
 * `requiredWhen` (an empty answer of a field that is required now), `itemCounts` (a list with too
 * few or too many items for the limits of the moment), read-only fields whose answer is not the
 * engine's value (`const`), and `constraints` (a rule between fields that does not hold, with its
 * own message key; skipped while it reads an empty answer). `data` is the step's normalised
 * answers without irrelevant fields; `input.data` holds it under the step's id. With `only`, just
 * the rules of the top-level fields it accepts run (the others' problems are left out); `data`
 * must then hold those fields and every answer of the step their rules read.
 */
export function formRuleProblems(
  step: Step,
  data: Record<string, unknown>,
  input: RuleInput,
  only?: (field: string) => boolean,
): RuleProblem[] {
  const form = step.form;
  if (!form) return [];
  const problems: RuleProblem[] = [];
  const wanted = (path: string): boolean => only === undefined || only(topField(path));
  if (form.requiredWhen) {
    const schemaRequired = form.schema['required'];
    for (const field of requiredFields(step, input, only)) {
      const already = Array.isArray(schemaRequired) && schemaRequired.includes(field);
      if (!already && isEmptyValue(data[field]))
        problems.push({ path: field, keys: ownKeys(step, field, 'required') });
    }
  }
  for (const field of Object.keys(form.itemCounts ?? {})) {
    if (!wanted(field)) continue;
    const items = data[field];
    const count = Array.isArray(items) ? items.length : 0;
    const { min, max } = itemLimits(step, field, input);
    if (count < min)
      problems.push({
        path: field,
        keys: ownKeys(step, field, 'minItems'),
        values: { limit: min },
      });
    else if (max !== undefined && count > max)
      problems.push({
        path: field,
        keys: ownKeys(step, field, 'maxItems'),
        values: { limit: max },
      });
  }
  for (const { field, value } of fixedValues(step, input.data, input.context)) {
    if (!wanted(field)) continue;
    const answer = data[field];
    const expected = normalizeAnswers(form.schema, { [field]: value })[field];
    if (answer !== undefined && !sameAnswer(answer, expected))
      problems.push({ path: field, keys: ownKeys(step, field, 'const') });
  }
  const scope = { ...input };
  for (const constraint of form.constraints ?? []) {
    if (!wanted(constraint.field)) continue;
    if (readsEmptyAnswer(constraint.rule, scope)) continue;
    if (!ruleHolds(constraint.rule, scope))
      problems.push({ path: constraint.field, keys: [constraint.messageKey] });
  }
  return problems;
}
