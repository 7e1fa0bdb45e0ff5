import type { ClaimProducts } from '../../generated/types/claim-products.ts';
import { lookupText, type Bundles } from './i18n.ts';

/** definitions/claim-products.json as checked, with a reporter at its JSON pointers. */
export interface ClaimProductsFile {
  value: ClaimProducts;
  report: (pointer: string, message: string) => void;
}

const BUNDLE = 'claim-report';
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * What the schema of claim-products.json cannot say: each route and each contract product belongs
 * to one claim product only, the police question asks only about the product's own damage types,
 * and every damage type and required document has its German text in the claim report's bundle
 * (ClaimType.schadenart.options.<type>, Documents.required.<art>), which the claim app shows.
 */
export function checkClaimProducts(file: ClaimProductsFile, bundles: Bundles): void {
  const routes = new Map<string, string>();
  const contractProducts = new Map<string, string>();
  const hasText = (key: string): boolean => lookupText(bundles, key, BUNDLE) !== undefined;
  for (const [code, product] of Object.entries(file.value.products)) {
    if (!product) continue;
    const at = `/products/${escape(code)}`;
    const other = routes.get(product.route);
    if (other) file.report(`${at}/route`, `the route "${product.route}" is ${other}'s already`);
    else routes.set(product.route, code);
    product.contractProducts.forEach((contractProduct, i) => {
      const owner = contractProducts.get(contractProduct);
      if (owner)
        file.report(
          `${at}/contractProducts/${i}`,
          `the contract product "${contractProduct}" is reported under ${owner} already`,
        );
      else contractProducts.set(contractProduct, code);
    });
    product.damageTypes.forEach((type, i) => {
      if (!hasText(`ClaimType.schadenart.options.${type}`))
        file.report(
          `${at}/damageTypes/${i}`,
          `the damage type "${type}" has no text: add ClaimType.schadenart.options.${type} to definitions/locales/de/${BUNDLE}.json`,
        );
    });
    (product.policeReportFor ?? []).forEach((type, i) => {
      if (!product.damageTypes.includes(type))
        file.report(`${at}/policeReportFor/${i}`, `"${type}" is not one of ${code}'s damageTypes`);
    });
    (product.requiredDocuments ?? []).forEach((art, i) => {
      if (!hasText(`Documents.required.${art}`))
        file.report(
          `${at}/requiredDocuments/${i}`,
          `the document "${art}" has no text: add Documents.required.${art} to definitions/locales/de/${BUNDLE}.json`,
        );
    });
  }
}
