import type { Step } from '../definition/types.ts';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema at a dotted path below a step's fields (self-contained schemas, as flows run). */
function schemaAt(step: Step, path: readonly string[]): Node | undefined {
  let node: unknown = step.form?.schema;
  for (const segment of path) {
    if (!isNode(node)) return undefined;
    node = /^\d+$/.test(segment)
      ? node['items']
      : (node['properties'] as Node | undefined)?.[segment];
  }
  return isNode(node) ? node : undefined;
}

/**
 * A prefilled value as its target field holds it: the URL and a partner page give texts, so a
 * numeric text becomes a number for a number or integer field ("1500", "1.299,50" stays text:
 * only plain decimals with a dot are read), "true"/"false" a boolean for a boolean field, and a
 * text for a multiple choice (an array of options) the list of its comma-separated values
 * ("SCHLUESSELVERLUST,MIETSACHSCHAEDEN"). Anything else stays as it came, and the field's
 * validation speaks to it.
 */
export function prefillValue(
  step: Step | undefined,
  path: readonly string[],
  value: unknown,
): unknown {
  if (typeof value !== 'string' || !step) return value;
  const type = schemaAt(step, path)?.['type'];
  if ((type === 'number' || type === 'integer') && /^-?\d+(\.\d+)?$/.test(value.trim()))
    return Number(value.trim());
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'array' && schemaAt(step, [...path, '0'])?.['type'] === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  return value;
}
