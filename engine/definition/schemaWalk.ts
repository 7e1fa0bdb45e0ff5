import { toPointer } from './source.ts';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is a map of names to subschemas. */
const MAP_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
/** Keywords whose value is a list of subschemas. */
const LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value is one subschema. */
const ONE_KEYWORDS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'not',
]);

/** A subschema met while walking a schema: the node, its path of segments and the keywords above it. */
export interface SchemaVisit {
  node: Node;
  segments: (string | number)[];
  /** The subschema keywords passed on the way down (`then`, `items`, `dependentSchemas`, ...). */
  via: readonly string[];
}

/**
 * Visits every subschema of a JSON Schema, depth first, parents before children: the schema
 * itself, each property, item, branch and definition. Names inside `properties` are never taken
 * for keywords.
 */
export function walkSchema(schema: unknown, visit: (at: SchemaVisit) => void): void {
  const go = (node: unknown, segments: (string | number)[], via: readonly string[]): void => {
    if (!isNode(node)) return;
    visit({ node, segments, via });
    for (const [key, value] of Object.entries(node)) {
      const below = [...via, key];
      if (MAP_KEYWORDS.has(key) && isNode(value))
        for (const [name, sub] of Object.entries(value)) go(sub, [...segments, key, name], below);
      else if (LIST_KEYWORDS.has(key) && Array.isArray(value))
        value.forEach((sub, i) => go(sub, [...segments, key, i], below));
      else if (ONE_KEYWORDS.has(key)) go(value, [...segments, key], below);
    }
  };
  go(schema, [], []);
}

/** The pointer of the first subschema that has a key (a keyword) of this name, if any. */
export function findKeyword(schema: unknown, keyword: string): string | undefined {
  let found: string | undefined;
  walkSchema(schema, ({ node, segments }) => {
    if (found === undefined && Object.hasOwn(node, keyword))
      found = toPointer([...segments, keyword]);
  });
  return found;
}

/** Whether a pointer names something inside a value. */
function exists(value: unknown, pointer: string): boolean {
  let node = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isNode(node) && Object.hasOwn(node, key)) node = node[key];
    else return false;
  }
  return true;
}

/**
 * Where inside a step schema an ajv compile error lies, as a JSON pointer relative to the
 * schema ('' for the schema itself): ajv names the schema path in its messages ("unknown format
 * "x" ignored in schema at path "#/properties/a/items/properties/d"", "missing type "string" for
 * keyword "maxAge" at "https://…step.json#/then/properties/b"", "schema is invalid:
 * data/properties/a/minLength must be >= 0"); a strict-mode "unknown keyword" names only the
 * keyword, which is found by walking the schema. The keyword itself is pointed at when it is
 * there.
 */
export function compileErrorPointer(schema: unknown, message: string): string {
  let pointer: string | undefined;
  const atPath = /at (?:path )?"[^"#]*#([^"]*)"/.exec(message);
  const invalid = /^schema is invalid: data(\/[^\s,]*)/.exec(message);
  const unknownKeyword = /unknown keyword: "([^"]+)"/.exec(message);
  if (atPath) {
    pointer = decodeURIComponent(atPath[1] ?? '');
    const keyword = /unknown format "/.test(message)
      ? 'format'
      : /keyword "([^"]+)"/.exec(message)?.[1];
    if (keyword !== undefined && exists(schema, `${pointer}/${keyword}`))
      pointer = `${pointer}/${keyword}`;
  } else if (invalid) pointer = invalid[1];
  else if (unknownKeyword?.[1] !== undefined) pointer = findKeyword(schema, unknownKeyword[1]);
  if (pointer === undefined) return '';
  // A path into a referenced fragment is not inside this schema: point at the nearest part that is.
  while (pointer !== '' && !exists(schema, pointer)) pointer = pointer.replace(/\/[^/]*$/, '');
  return pointer;
}
