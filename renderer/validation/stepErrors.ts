import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  messageKeyCandidates,
  normalizeAnswers,
  offeredOptions,
  validationFieldPath,
  type RuleInput,
  type Step,
} from '#engine';

/** One validation problem of a field: its dotted path and the translation keys to try, best first. */
export interface FieldProblem {
  path: string;
  keys: string[];
}

function requiredError(field: string): ErrorObject {
  return {
    keyword: 'required',
    instancePath: '',
    schemaPath: '#/required',
    params: { missingProperty: field },
  };
}

/**
 * Validates a step's answers with its precompiled validator, after the same normalisation the
 * server applies. Fields marked irrelevant are left out; an answer that is not among the offered
 * options counts as missing. Returns one problem per field path, in the order ajv reports them.
 */
export function stepProblems(
  step: Step,
  validate: ValidateFunction,
  answers: Record<string, unknown>,
  irrelevant: readonly string[],
  input: RuleInput,
): FieldProblem[] {
  const schema = step.form?.schema ?? {};
  const relevant = Object.fromEntries(
    Object.entries(answers).filter(([key]) => !irrelevant.includes(key)),
  );
  const data = normalizeAnswers(schema, relevant);
  validate(data);
  const errors: ErrorObject[] = [...(validate.errors ?? [])];
  for (const field of Object.keys(step.form?.optionsWhen ?? {})) {
    const value = data[field];
    if (value !== undefined && !offeredOptions(step, field, input).includes(value))
      errors.push(requiredError(field));
  }
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const error of errors) {
    const path = validationFieldPath(error);
    const top = path.split('.')[0] ?? '';
    if (irrelevant.includes(top) || seen.has(path)) continue;
    seen.add(path);
    problems.push({ path, keys: messageKeyCandidates(error, step.i18nPrefix) });
  }
  return problems;
}
