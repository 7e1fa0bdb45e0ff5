import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  messageKeyCandidates,
  normalizeAnswers,
  validationFieldPath,
} from '../validation/index.ts';
import type { Step } from '../definition/types.ts';
import { offeredOptions, type RuleInput } from './visibility.ts';

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
 * Validates a step's answers with its validator (precompiled in the browser, compiled on the
 * server), after normalisation (IBAN without spaces, E.164 phone, trimmed text, no empty strings). Fields marked irrelevant are left out; an answer that is not among the offered
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
