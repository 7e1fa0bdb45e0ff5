import type { ErrorObject } from 'ajv';
import { createAjv } from '../../../engine/validation/index.ts';

const ajv = createAjv();

/** Validates `value` against `schema` with the platform's ajv; returns the errors ([] if valid). */
export function errorsOf(schema: object, value: unknown): ErrorObject[] {
  const validate = ajv.compile(schema);
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** Whether `value` satisfies `schema` under the platform's ajv. */
export function passes(schema: object, value: unknown): boolean {
  return errorsOf(schema, value).length === 0;
}
