import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ClaimProducts } from '../../../../generated/types/claim-products.ts';

let cached: ClaimProducts['products'] | undefined;

/** definitions/claim-products.json, read once (checked by definitions:check). */
function products(): ClaimProducts['products'] {
  cached ??= (
    JSON.parse(
      readFileSync(resolve(process.cwd(), 'definitions/claim-products.json'), 'utf8'),
    ) as ClaimProducts
  ).products;
  return cached;
}

/** The claim product a contract product is reported under (PRIVATHAFTPFLICHT -> PHV), or null. */
export function claimProductOf(contractProduct: string): string | null {
  const found = Object.entries(products()).find(([, p]) =>
    p?.contractProducts.some((c) => c === contractProduct),
  );
  return found ? found[0] : null;
}

/** The claim app's route segment of a claim product (PHV -> phv), or "" when it has none. */
export function claimRouteOf(claimProduct: string): string {
  return products()[claimProduct]?.route ?? '';
}
