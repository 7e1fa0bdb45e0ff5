import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lookupText, type Bundles } from '#engine';
import type { ClaimProducts } from '../../../../generated/types/claim-products.ts';
import type { WizardContext } from '../../../../generated/types/wizard-context.ts';

/** A claim product as the claim report reads it (context.claimProduct). */
export type ClaimProductView = NonNullable<WizardContext['claimProduct']>;

/** The claim products of one definitions root, with the claim report's texts. */
export interface ClaimCatalogue {
  /** The claim product whose contractProducts hold a contract product, or null. */
  claimProductOf(contractProduct: string): string | null;
  /** The claim app's route segment of a claim product, or "" when it has none. */
  routeOf(claimProduct: string): string;
  /** The claim product of a route segment with its German texts, or undefined for none. */
  viewOf(route: string): ClaimProductView | undefined;
  /** The documents every claim of a claim product needs: art and German description. */
  requiredDocumentsOf(claimProduct: string): { art: string; beschreibung: string }[];
}

const catalogues = new Map<string, ClaimCatalogue>();

/**
 * definitions/claim-products.json of a root (default the working directory), read once and
 * checked by definitions:check; texts from the claim report's bundle
 * (ClaimType.schadenart.options.<type>, Documents.required.<art>). Nothing here knows a line.
 */
export function claimCatalogue(root = process.cwd()): ClaimCatalogue {
  const dir = resolve(root);
  const known = catalogues.get(dir);
  if (known) return known;
  const read = (path: string): unknown =>
    JSON.parse(readFileSync(resolve(dir, 'definitions', path), 'utf8'));
  const products = (read('claim-products.json') as ClaimProducts).products;
  const bundles: Bundles = new Map([['claim-report', read('locales/de/claim-report.json')]]);
  const text = (key: string): string => lookupText(bundles, key, 'claim-report') ?? key;
  const entries = Object.entries(products).flatMap(([code, product]) =>
    product ? [{ code, product }] : [],
  );
  const catalogue: ClaimCatalogue = {
    claimProductOf: (contractProduct) =>
      entries.find(({ product }) => product.contractProducts.includes(contractProduct))?.code ??
      null,
    routeOf: (claimProduct) => products[claimProduct]?.route ?? '',
    viewOf: (route) => {
      const found = entries.find(({ product }) => product.route === route);
      if (!found) return undefined;
      const { code, product } = found;
      return {
        versicherung: code,
        route: product.route,
        schadenarten: product.damageTypes.map((key) => ({
          key,
          label: text(`ClaimType.schadenart.options.${key}`),
        })),
        polizeiFuer: product.policeReportFor ?? [],
        unterlagen: (product.requiredDocuments ?? []).map((key) => ({
          key,
          label: text(`Documents.required.${key}`),
        })),
      };
    },
    requiredDocumentsOf: (claimProduct) =>
      (products[claimProduct]?.requiredDocuments ?? []).map((art) => ({
        art,
        beschreibung: text(`Documents.required.${art}`),
      })),
  };
  catalogues.set(dir, catalogue);
  return catalogue;
}
