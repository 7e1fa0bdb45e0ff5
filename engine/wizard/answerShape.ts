import type { WizardDefinition } from '../definition/types.ts';

/** A saved answer that does not fit its field: where (JSON pointer below the answers) and why. */
export interface ShapeProblem {
  path: string;
  /** type, additionalProperties or maxLength (the common bundle's validation.<keyword> names it). */
  keyword: 'type' | 'additionalProperties' | 'maxLength';
}

/** Longest text a saved, unfinished answer may hold. */
export const MAX_SAVED_TEXT = 10_000;

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeFits(type: unknown, value: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  if (type === undefined) return true;
  return types.some((t) => {
    if (t === 'string') return typeof value === 'string';
    if (t === 'number') return typeof value === 'number' && Number.isFinite(value);
    if (t === 'integer') return Number.isInteger(value);
    if (t === 'boolean') return typeof value === 'boolean';
    if (t === 'array') return Array.isArray(value);
    if (t === 'object') return isObject(value);
    if (t === 'null') return value === null;
    return false;
  });
}

function check(schema: unknown, value: unknown, path: string, out: ShapeProblem[]): void {
  if (!isObject(schema)) return;
  const s: Schema = schema;
  if (typeof value === 'number' && !Number.isFinite(value)) {
    out.push({ path, keyword: 'type' });
    return;
  }
  if (!typeFits(s['type'], value)) {
    // An unfinished text may still be empty where a number or a choice is due.
    if (!(value === '' || value === null)) out.push({ path, keyword: 'type' });
    return;
  }
  if (typeof value === 'string' && value.length > MAX_SAVED_TEXT) {
    out.push({ path, keyword: 'maxLength' });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => check(s['items'], item, `${path}/${i}`, out));
    return;
  }
  if (isObject(value) && isObject(s['properties'])) {
    const properties = s['properties'];
    const open = s['additionalProperties'] === true || isObject(s['additionalProperties']);
    for (const [key, child] of Object.entries(value)) {
      if (Object.hasOwn(properties, key)) check(properties[key], child, `${path}/${key}`, out);
      else if (!open) out.push({ path: `${path}/${key}`, keyword: 'additionalProperties' });
    }
  }
}

/**
 * Checks saved answers of a flow (an unfinished draft) as far as they go: every page must be a
 * step with a form, every answer a field of it with a value of the field's JSON type (finite
 * numbers, texts of at most {@link MAX_SAVED_TEXT} characters), lists and nested objects item by
 * item. Missing answers, formats and options are not checked: a draft may be unfinished. The
 * definition's step schemas must be self-contained (as generated/definitions has them).
 */
export function answerShapeProblems(
  definition: WizardDefinition,
  formData: Readonly<Record<string, unknown>>,
): ShapeProblem[] {
  const out: ShapeProblem[] = [];
  for (const [stepId, answers] of Object.entries(formData)) {
    const step = definition.steps.find((s) => s.id === stepId);
    if (!step?.form) out.push({ path: `/${stepId}`, keyword: 'additionalProperties' });
    else if (!isObject(answers)) out.push({ path: `/${stepId}`, keyword: 'type' });
    else check(step.form.schema, answers, `/${stepId}`, out);
  }
  return out;
}
