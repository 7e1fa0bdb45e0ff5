import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  messageKeyCandidates,
  normalizeAnswers,
  validationFieldPath,
} from '../validation/index.ts';
import type { Step } from '../definition/types.ts';
import { formRuleProblems, type RuleProblem } from './formRules.ts';
import { listItemOf, listTextKeys } from './lists.ts';
import { withoutIrrelevant } from './state.ts';
import { offeredOptions, type RuleInput } from './visibility.ts';

/**
 * One validation problem of a field: its dotted path, the translation keys to try (best first)
 * and the values their texts read (`{{limit}}`). A problem inside a list item carries the item:
 * the keys of its heading and its number from 1, so that its message names it
 * (see `problemMessage`).
 */
export interface FieldProblem {
  path: string;
  keys: string[];
  values?: Record<string, unknown>;
  item?: { keys: string[]; nummer: number };
}

function requiredError(field: string): ErrorObject {
  return {
    keyword: 'required',
    instancePath: '',
    schemaPath: '#/required',
    params: { missingProperty: field },
  };
}

/** A multiple choice holding an option that is not offered: the field's `enum` message. */
function notOfferedError(field: string, offered: unknown[]): ErrorObject {
  return {
    keyword: 'enum',
    instancePath: `/${field}`,
    schemaPath: `#/properties/${field}/items/enum`,
    params: { allowedValues: offered },
  };
}

const COUNT_KEYWORDS = new Set(['minItems', 'maxItems']);

/** The top-level field of a dotted path ('' for the step as a whole). */
const topOf = (path: string): string => path.split('.')[0] ?? '';

/** The top-level field of an ajv error, as `validationFieldPath` names it, without building it. */
function errorField(error: ErrorObject): string {
  const path = error.instancePath;
  if (path === '')
    return error.keyword === 'required' ? topOf(String(error.params['missingProperty'])) : '';
  const end = path.indexOf('/', 1);
  const segment = end < 0 ? path.slice(1) : path.slice(1, end);
  return topOf(segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment);
}

/** The value at an ajv instance path of the data (`/konto/iban`). */
function valueAt(data: unknown, instancePath: string): unknown {
  let node = data;
  for (const raw of instancePath.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The values an ajv error's text may read: its params (limit, format, missingProperty). */
function valuesOf(error: ErrorObject): Record<string, unknown> | undefined {
  const params = error.params as Record<string, unknown>;
  return Object.keys(params).length > 0 ? { ...params } : undefined;
}

/**
 * Validates a step's answers with its validator (precompiled in the browser, compiled on the
 * server), after normalisation (IBAN without spaces, E.164 phone, trimmed text, no empty
 * strings), then applies the form's own rules (requiredWhen, itemCounts, read-only values,
 * constraints; see formRules.ts). Fields marked irrelevant are left out (top-level fields and
 * fields of list items, `hunde.1.mischlingsRasse`); an answer that is not among the offered
 * options counts as missing, and a multiple choice holding an option that is not offered fails
 * with the field's `enum` message. Returns one problem per field path: the schema's
 * first, in the order ajv reports them, then the rules'. Browser and server call this alike.
 */
export function stepProblems(
  step: Step,
  validate: ValidateFunction,
  answers: Record<string, unknown>,
  irrelevant: readonly string[],
  input: RuleInput,
): FieldProblem[] {
  const data = normalizeAnswers(step.form?.schema ?? {}, withoutIrrelevant(answers, irrelevant));
  return collectProblems(step, validate, { validated: data, ruled: data }, irrelevant, input);
}

/**
 * The normalised answers {@link collectProblems} works on: `validated` goes to the validator,
 * `ruled` to the form's rules (both the whole step's answers, or for some fields only those and
 * what their checks read).
 */
export interface ProblemData {
  validated: Record<string, unknown>;
  ruled: Record<string, unknown>;
}

/**
 * The problems of a step's normalised answers (see {@link stepProblems}). With `only`, just the
 * problems of the top-level fields it accepts ('' for problems of the step as a whole), with the
 * same keys, values and order as among the whole step's problems.
 */
export function collectProblems(
  step: Step,
  validate: ValidateFunction,
  { validated, ruled }: ProblemData,
  irrelevant: readonly string[],
  input: RuleInput,
  only?: (field: string) => boolean,
): FieldProblem[] {
  const form = step.form;
  // The rule context is the validator's `this`: the keywords of the brand market read it.
  validate.call(input.context, validated);
  const counted = form?.itemCounts;
  const errors: ErrorObject[] = [];
  for (const e of validate.errors ?? []) {
    // A list with itemCounts is counted against its effective limits below, not the schema's.
    if (counted && COUNT_KEYWORDS.has(e.keyword) && validationFieldPath(e) in counted) continue;
    if (only && !only(errorField(e))) continue;
    errors.push(e);
  }
  for (const field of [
    ...Object.keys(form?.optionsWhen ?? {}),
    ...Object.keys(form?.optionsFrom ?? {}),
  ]) {
    if (only && !only(field)) continue;
    const value = validated[field];
    if (value === undefined) continue;
    const offered = offeredOptions(step, field, input);
    if (!Array.isArray(value)) {
      if (!offered.includes(value)) errors.push(requiredError(field));
    } else if (value.some((item) => !offered.includes(item))) {
      errors.push(notOfferedError(field, offered));
    }
  }
  const found: RuleProblem[] = errors.map((error) => {
    const values = valuesOf(error);
    return {
      path: validationFieldPath(error),
      keys: messageKeyCandidates(error, step.i18nPrefix, valueAt(validated, error.instancePath)),
      ...(values ? { values } : {}),
    };
  });
  if (form?.requiredWhen || form?.itemCounts || form?.constraints || hasReadOnly(step))
    found.push(
      ...formRuleProblems(
        step,
        ruled,
        { ...input, data: { ...input.data, [step.id]: ruled } },
        only,
      ),
    );
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const problem of found) {
    const top = topOf(problem.path);
    const hidden = irrelevant.some(
      (key) => problem.path === key || problem.path.startsWith(`${key}.`),
    );
    if (irrelevant.includes(top) || hidden || seen.has(problem.path)) continue;
    seen.add(problem.path);
    const item = listItemOf(problem.path);
    problems.push(
      item
        ? {
            ...problem,
            item: {
              keys: listTextKeys(step.i18nPrefix, item.list, 'item'),
              nummer: item.index + 1,
            },
          }
        : problem,
    );
  }
  return problems;
}

const readOnlyCache = new WeakMap<Step, boolean>();

/** Whether a step has a read-only field (computed once per step). */
function hasReadOnly(step: Step): boolean {
  let found = readOnlyCache.get(step);
  if (found === undefined) {
    const properties = step.form?.schema['properties'];
    found =
      typeof properties === 'object' &&
      properties !== null &&
      Object.values(properties).some(
        (p) =>
          typeof p === 'object' && p !== null && (p as { readOnly?: unknown }).readOnly === true,
      );
    readOnlyCache.set(step, found);
  }
  return found;
}
