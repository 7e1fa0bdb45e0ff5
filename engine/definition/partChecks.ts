import type { SchemaHost } from './schemaHost.ts';
import type { Tariff } from '../../generated/types/tariff.ts';
import { uriOfPath } from './types.ts';

type Report = (pointer: string, message: string) => void;
type Node = Record<string, unknown>;

/** The contract view schema, which lists the spec's parts under `$defs.teile`. */
export const CONTRACT_VIEW_FILE = 'definitions/schema/contract-view.schema.json';

/** A tariff file as the part checks read it. */
export interface TariffSource {
  path: string;
  value: Tariff;
  report: Report;
}

/** The parts a line declares: part name -> the URI its schema is compiled under. */
export interface LineParts {
  line: string;
  parts: ReadonlyMap<string, string>;
}

const isObject = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escape = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');

/** The $id a tariff's part schema is compiled under: beside the tariff, so relative $refs resolve. */
export const partSchemaId = (tariffPath: string, part: string): string =>
  uriOfPath(tariffPath).replace(/\.json$/, `.part.${part}.json`);

/** The parts a tariff declares: part name -> the URI its schema is compiled under. */
export const tariffPartUris = (tariffPath: string, tariff: Tariff): Map<string, string> =>
  new Map(Object.keys(tariff.parts ?? {}).map((name) => [name, partSchemaId(tariffPath, name)]));

/**
 * The contract view of a line's contracts: the spec's view with the line's own parts (those the
 * view does not name) referred to by their compiled schemas, as the server answers it.
 */
export function lineViewOf(specView: Node, parts: ReadonlyMap<string, string>): Node {
  const { specParts } = viewFieldsOf(specView);
  const own = Object.fromEntries(
    [...parts].filter(([name]) => !specParts.has(name)).map(([name, uri]) => [name, { $ref: uri }]),
  );
  const properties = isObject(specView['properties']) ? specView['properties'] : {};
  return { ...specView, properties: { ...properties, ...own } };
}

/** The spec's part names and the view's common fields, from the contract view schema. */
export function viewFieldsOf(view: unknown): { specParts: Set<string>; common: Set<string> } {
  const properties = isObject(view) && isObject(view['properties']) ? view['properties'] : {};
  const defs = isObject(view) && isObject(view['$defs']) ? view['$defs'] : {};
  const teile = isObject(defs['teile']) ? defs['teile'] : {};
  const specParts = new Set(Object.keys(isObject(teile['properties']) ? teile['properties'] : {}));
  return {
    specParts,
    common: new Set(Object.keys(properties).filter((name) => !specParts.has(name))),
  };
}

/** Whether a part schema is a plain reference to the view's definition of the spec part `name`. */
function refersToSpecPart(schema: unknown, base: string, name: string): boolean {
  if (!isObject(schema) || Object.keys(schema).length !== 1) return false;
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return false;
  const target = new URL(ref, base).toString();
  const view = uriOfPath(CONTRACT_VIEW_FILE);
  return (
    target === `${view}#/properties/${name}` || target === `${view}#/$defs/teile/properties/${name}`
  );
}

/**
 * Compiles every tariff's part schemas into `ajv` (beside the tariff file) and checks them: a part
 * named like a part of the spec (the contract view's `$defs.teile`) refers to the view's definition
 * of it; any other part has a name the view's common fields do not use; every tariff of a line
 * declares the same parts. Answers the parts of each product (by the tariffs that name it).
 */
export function checkTariffParts(
  tariffs: readonly TariffSource[],
  host: SchemaHost,
): Map<string, LineParts> {
  const { specParts, common } = viewFieldsOf(
    host.ajv.getSchema(uriOfPath(CONTRACT_VIEW_FILE))?.schema,
  );
  const byProduct = new Map<string, LineParts>();
  const firstOfLine = new Map<string, TariffSource>();
  for (const tariff of tariffs) {
    const declared = tariff.value.parts ?? {};
    const parts = new Map<string, string>();
    for (const [name, schema] of Object.entries(declared)) {
      const at = `/parts/${escape(name)}`;
      const id = partSchemaId(tariff.path, name);
      if (common.has(name)) {
        tariff.report(
          at,
          `"${name}" is a common field of the contract view (${CONTRACT_VIEW_FILE}), not a part: a part of the line's own needs a name the view does not use`,
        );
        continue;
      }
      if (specParts.has(name) && !refersToSpecPart(schema, uriOfPath(tariff.path), name)) {
        tariff.report(
          at,
          `"${name}" is a part of the spec: refer to its definition ({"$ref": "../schema/contract-view.schema.json#/properties/${name}"}), or give a part of the line's own another name`,
        );
        continue;
      }
      try {
        host.compile(id, schema as object);
        parts.set(name, id);
      } catch (error) {
        tariff.report(at, `the part's schema does not compile: ${(error as Error).message}`);
      }
    }
    const first = firstOfLine.get(tariff.value.line);
    if (!first) firstOfLine.set(tariff.value.line, tariff);
    else if (JSON.stringify(first.value.parts ?? {}) !== JSON.stringify(declared))
      tariff.report(
        '/parts',
        `every tariff of the line ${tariff.value.line} declares the same parts: ${first.path} declares others`,
      );
    for (const product of tariff.value.products)
      byProduct.set(product, { line: tariff.value.line, parts });
  }
  return byProduct;
}
