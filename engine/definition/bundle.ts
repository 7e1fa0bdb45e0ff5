import type { SchemaLookup } from './schemaPaths.ts';
import { stepSchemaId, type WizardDefinition } from './types.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function omit<T extends Record<string, unknown>>(value: T, keys: string[]): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => !keys.includes(key)),
  ) as Partial<T>;
}

/**
 * A copy of a schema with every $ref replaced by the schema it points to (resolved against base),
 * so that a renderer that knows no other files can use it. Keywords beside a $ref are kept.
 */
export function inlineRefs(
  schema: unknown,
  base: string,
  lookup: SchemaLookup,
  depth = 0,
): unknown {
  if (depth > 32) throw new Error(`$ref nesting too deep at ${base}`);
  if (Array.isArray(schema)) return schema.map((s) => inlineRefs(s, base, lookup, depth + 1));
  if (!isObject(schema)) return schema;
  const { $ref, ...rest } = schema;
  const own = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, inlineRefs(v, base, lookup, depth + 1)]),
  );
  if (typeof $ref !== 'string') return own;
  const target = new URL($ref, base).toString();
  const resolved = lookup(target);
  if (resolved === undefined) throw new Error(`$ref "${$ref}" does not resolve (from ${base})`);
  const targetBase = target.split('#')[0] ?? base;
  const inlined = inlineRefs(resolved, targetBase, lookup, depth + 1);
  return {
    ...omit(isObject(inlined) ? inlined : {}, ['$id', '$schema', '$defs', 'title']),
    ...own,
  };
}

/** The definition with every step's form schema self-contained (no $ref left). */
export function bundleDefinition(
  definition: WizardDefinition,
  path: string,
  lookup: SchemaLookup,
): WizardDefinition {
  return {
    ...(omit(definition, ['$schema']) as WizardDefinition),
    steps: definition.steps.map((step) =>
      step.form
        ? {
            ...step,
            form: {
              ...step.form,
              schema: inlineRefs(step.form.schema, stepSchemaId(path, step.id), lookup) as Record<
                string,
                unknown
              >,
            },
          }
        : step,
    ) as WizardDefinition['steps'],
  };
}
