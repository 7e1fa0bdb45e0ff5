/** Looks up a schema by absolute URI (with fragment), as ajv knows it. */
export type SchemaLookup = (uri: string) => unknown;

type SchemaNode = Record<string, unknown>;

function isObject(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows $ref (relative to base) until a schema without $ref. */
export function derefSchema(
  schema: unknown,
  base: string,
  lookup: SchemaLookup,
): { schema: unknown; base: string } {
  let current = schema;
  let currentBase = base;
  for (let i = 0; i < 16 && isObject(current) && typeof current['$ref'] === 'string'; i++) {
    const target = new URL(current['$ref'], currentBase).toString();
    currentBase = target.split('#')[0] ?? currentBase;
    current = lookup(target);
  }
  return { schema: current, base: currentBase };
}

/** Names of the properties an object schema declares (after $ref), or undefined if it is open. */
export function propertiesOf(
  schema: unknown,
  base: string,
  lookup: SchemaLookup,
): Map<string, { schema: unknown; base: string }> | undefined {
  const resolved = derefSchema(schema, base, lookup);
  if (!isObject(resolved.schema)) return undefined;
  const props = resolved.schema['properties'];
  const additional = resolved.schema['additionalProperties'];
  if (!isObject(props) || additional === true || isObject(additional)) return undefined;
  return new Map(Object.entries(props).map(([k, v]) => [k, { schema: v, base: resolved.base }]));
}

/**
 * Whether a dotted path (a.b.c) exists in a schema. Open objects accept any key; a string, number
 * or boolean has no parts. Returns the first segment that does not exist, or undefined.
 */
export function missingSegment(
  schema: unknown,
  base: string,
  segments: string[],
  lookup: SchemaLookup,
): string | undefined {
  let current = { schema, base };
  for (const segment of segments) {
    const resolved = derefSchema(current.schema, current.base, lookup);
    const node = resolved.schema;
    if (!isObject(node)) return undefined;
    const type = node['type'];
    if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean')
      return segment;
    if (type === 'array') {
      if (!/^\d+$/.test(segment) && segment !== 'length') return segment;
      current = { schema: node['items'] ?? {}, base: resolved.base };
      continue;
    }
    const props = propertiesOf(node, resolved.base, lookup);
    if (!props) {
      const additional = node['additionalProperties'];
      current = { schema: isObject(additional) ? additional : {}, base: resolved.base };
      continue;
    }
    const next = props.get(segment);
    if (!next) return segment;
    current = next;
  }
  return undefined;
}
