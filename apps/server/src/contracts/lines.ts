import type { WizardDefinition } from '#engine';
import type { TariffCatalogue } from '../tariffs/index.ts';

/**
 * The line of a contract product: the `line` of the tariff whose `products` hold it (every tariff
 * of a product names the same line), or undefined for a product no tariff prices.
 */
export function lineOfProduct(tariffs: TariffCatalogue, product: string): string | undefined {
  return tariffs.all().find((tariff) => (tariff.products as readonly string[]).includes(product))
    ?.line;
}

/**
 * The line a product key names, as the reasons call takes it: a contract product (its tariff's
 * line), a line itself, or the product code of an application flow (the line of the tariff whose
 * rating prices the flow). Undefined for a key that names none.
 */
export function lineOfProductKey(
  tariffs: TariffCatalogue,
  flows: { definitions(): readonly WizardDefinition[] },
  key: string,
): string | undefined {
  const byProduct = lineOfProduct(tariffs, key);
  if (byProduct !== undefined) return byProduct;
  if (tariffs.all().some((tariff) => tariff.line === key)) return key;
  for (const definition of flows.definitions()) {
    if (definition.kind !== 'application' || definition.product?.code !== key) continue;
    const rating = tariffs.all().find((tariff) => tariff.rating?.flows.includes(definition.id));
    if (rating) return rating.line;
  }
  return undefined;
}
