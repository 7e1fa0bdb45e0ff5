import type { ErrorObject } from 'ajv';

/** One schema violation, as a pointer into the file and a sentence. */
export interface SchemaProblem {
  pointer: string;
  message: string;
}

const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'then', 'else', 'not', '$ref']);

function describe(error: ErrorObject): SchemaProblem {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        pointer: error.instancePath,
        message: `the property "${String(params['missingProperty'])}" is required here`,
      };
    case 'additionalProperties':
      return {
        pointer: `${error.instancePath}/${String(params['additionalProperty'])}`,
        message: `"${String(params['additionalProperty'])}" is not a known property here (check its spelling)`,
      };
    case 'enum':
      return {
        pointer: error.instancePath,
        message: `must be one of: ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return {
        pointer: error.instancePath,
        message: `must be ${JSON.stringify(params['allowedValue'])}`,
      };
    case 'propertyNames':
      return {
        pointer: `${error.instancePath}/${String(params['propertyName'])}`,
        message: `"${String(params['propertyName'])}" is not allowed as a name here`,
      };
    default:
      return { pointer: error.instancePath, message: error.message ?? `violates ${error.keyword}` };
  }
}

/**
 * Turns ajv's errors into one problem per place, preferring concrete violations over the
 * "must match a schema in anyOf" noise of combinators.
 */
export function describeAjvErrors(errors: readonly ErrorObject[]): SchemaProblem[] {
  const concrete = errors.filter((e) => !COMBINATORS.has(e.keyword));
  const chosen = concrete.length > 0 ? concrete : errors;
  const seen = new Set<string>();
  const out: SchemaProblem[] = [];
  for (const error of chosen) {
    if (
      error.keyword === 'propertyNames' &&
      !(error.params as Record<string, unknown>)['propertyName']
    )
      continue;
    const problem = describe(error);
    const key = `${problem.pointer}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  // An anyOf alternative that is not an object produces "must be object" beside the real problem
  // of the other alternative; keep the more specific one.
  return out.filter(
    (p) =>
      !(
        p.message.startsWith('must be ') &&
        out.some((o) => o !== p && o.pointer.startsWith(p.pointer) && o.pointer !== p.pointer)
      ),
  );
}
