import type { ContractRow } from '../contracts/access.ts';
import type { Change } from '../contracts/changeCatalogue.ts';
import { HAUSRAT_DECKUNGEN } from '../contracts/householdKinds.ts';
import { lineOfProduct } from '../contracts/lines.ts';
import type { TariffCatalogue } from '../tariffs/index.ts';

/** Params of the household cover calls: the contract and the cover type (basis, glasbruch, ...). */
export const coverageParams = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    coverageType: { enum: Object.keys(HAUSRAT_DECKUNGEN) },
  },
  required: ['id', 'coverageType'],
  additionalProperties: false,
} as const;

/** Params of the revenue calls: the contract and its product type (its line or its product). */
export const productTypeParams = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    productType: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{1,30}$' },
  },
  required: ['id', 'productType'],
  additionalProperties: false,
} as const;

/** The household cover change of a cover type and a body with `eingeschlossen`. */
export function hausratChange(coverageType: string, body: Record<string, unknown>): Change {
  const deckung = HAUSRAT_DECKUNGEN[coverageType as keyof typeof HAUSRAT_DECKUNGEN];
  return {
    kind: 'hausrat',
    value: {
      deckung,
      eingeschlossen: body['eingeschlossen'],
      ...(body['versicherungssumme'] === undefined
        ? {}
        : { versicherungssumme: body['versicherungssumme'] }),
    },
  };
}

/**
 * Whether a path's product type names the contract's product or its line (the line of the tariff
 * pricing the product), in any case.
 */
export function umsatzFits(
  tariffs: TariffCatalogue,
  row: ContractRow,
  productType: string,
): boolean {
  const wanted = productType.toUpperCase();
  return wanted === row.produkt || wanted === lineOfProduct(tariffs, row.produkt);
}
