import viewSchema from '../../../../definitions/schema/contract-view.schema.json' with { type: 'json' };
import type { ValidateFunction } from 'ajv';
import { partSchemaId, uriOfPath } from '#engine';
import { createAjv } from '../../../../engine/validation/createAjv.ts';
import type { Tariff, TariffCatalogue } from '../tariffs/index.ts';
import { SPEC_PARTS } from './parts.ts';

/** A contract whose parts do not fit its line's declaration, with what is wrong. */
export class ContractPartError extends Error {}

/** The parts a line declares (its tariff's `parts`), compiled. */
export interface LineParts {
  line: string;
  /** The tariff file the parts are declared in (for messages). */
  tariff: string;
  /** Part name -> the validator of its schema. */
  parts: ReadonlyMap<string, ValidateFunction>;
  /** The contract view of the line's contracts: the spec's view with the line's own parts. */
  view: ValidateFunction;
}

const VIEW_FILE = 'definitions/schema/contract-view.schema.json';

const errorsText = (validate: ValidateFunction): string =>
  (validate.errors ?? [])
    .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`.trim())
    .join('; ');

/** Compiles the parts of one tariff (its schemas refer to the contract view beside them). */
function compileLine(ajv: ReturnType<typeof createAjv>, tariff: Tariff): LineParts {
  const file = `definitions/tariffs/${tariff.id}.json`;
  const parts = new Map<string, ValidateFunction>();
  const own: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(tariff.parts ?? {})) {
    const id = partSchemaId(file, name);
    parts.set(name, ajv.getSchema(id) ?? ajv.compile({ ...(schema as object), $id: id }));
    if (!SPEC_PARTS.has(name)) own[name] = { $ref: id };
  }
  const viewId = uriOfPath(VIEW_FILE).replace(/\.json$/, `.line.${tariff.line}.json`);
  const view =
    ajv.getSchema(viewId) ??
    ajv.compile({
      ...viewSchema,
      $id: viewId,
      properties: { ...viewSchema.properties, ...own },
    });
  return { line: tariff.line, tariff: file, parts, view };
}

/** The compiled lines of a tariff catalogue, by product. */
export interface LinePartsCatalogue {
  /** The parts of a product's line, or undefined when no tariff declares the product. */
  of(produkt: string): LineParts | undefined;
}

const catalogues = new WeakMap<TariffCatalogue, LinePartsCatalogue>();

/** The lines' parts of a tariff catalogue, compiled once per catalogue. */
export function linePartsOf(tariffs: TariffCatalogue): LinePartsCatalogue {
  const known = catalogues.get(tariffs);
  if (known) return known;
  const ajv = createAjv();
  ajv.addSchema(viewSchema);
  const byProduct = new Map<string, LineParts>();
  const byLine = new Map<string, LineParts>();
  for (const tariff of tariffs.all()) {
    const line = byLine.get(tariff.line) ?? compileLine(ajv, tariff);
    byLine.set(tariff.line, line);
    for (const product of tariff.products) byProduct.set(product, line);
  }
  const catalogue = { of: (produkt: string) => byProduct.get(produkt) };
  catalogues.set(tariffs, catalogue);
  return catalogue;
}

/**
 * The parts of a contract view as its line declares them, keyed by part name (a part the view has
 * as null is left out), each checked against its schema. Throws {@link ContractPartError} naming
 * the contract, the line and the part when the product is declared by no tariff, when the view
 * has a part its line does not declare, or when a part does not fit its schema.
 */
export function partsOfView(
  catalogue: LinePartsCatalogue,
  view: { versicherungsNummer: string; produkt: string } & Record<string, unknown>,
): Record<string, unknown> {
  const contract = `contract ${view.versicherungsNummer} (${view.produkt})`;
  const line = catalogue.of(view.produkt);
  if (!line)
    throw new ContractPartError(
      `${contract}: no tariff declares the product ${view.produkt} (definitions/tariffs/*.json, products)`,
    );
  for (const name of SPEC_PARTS)
    if (view[name] !== null && view[name] !== undefined && !line.parts.has(name))
      throw new ContractPartError(
        `${contract}: the line ${line.line} declares no part "${name}" (${line.tariff}, parts)`,
      );
  const teile: Record<string, unknown> = {};
  for (const [name, validate] of line.parts) {
    const value = view[name];
    if (value === null || value === undefined) continue;
    if (!validate(value))
      throw new ContractPartError(
        `${contract}: the part "${name}" does not fit its schema (${line.tariff}, parts.${name}): ${errorsText(validate)}`,
      );
    teile[name] = value;
  }
  return teile;
}

/**
 * Checks a whole contract view against the view of its line (the spec's view with the line's own
 * parts); answers ajv's findings as text, or null when it fits.
 */
export function viewProblems(
  catalogue: LinePartsCatalogue,
  view: { produkt: string } & Record<string, unknown>,
): string | null {
  const line = catalogue.of(view.produkt);
  if (!line) return `no tariff declares the product ${view.produkt}`;
  return line.view(view) ? null : errorsText(line.view);
}
