import { describe, expect, it } from 'vitest';
import { errorsOf, pretty, realJson, withFile, type JsonObject } from './fixtures.ts';

const PRODUCTS = 'definitions/claim-products.json';

/** The check's messages (pointer: message) of claim-products.json with these products. */
function messages(products: Record<string, JsonObject>): string[] {
  const file = realJson(PRODUCTS);
  file['products'] = { ...(file['products'] as JsonObject), ...products };
  return errorsOf(withFile(PRODUCTS, pretty(file)))
    .filter((e) => e.file === PRODUCTS)
    .map((e) => `${e.pointer}: ${e.message}`);
}

describe('the definitions check of claim products', () => {
  it('accepts the real claim products', () => {
    expect(messages({})).toEqual([]);
  });

  // Errors in the order of the file's lines.
  it('names a taken route or contract product, a foreign police question and texts that are missing', () => {
    expect(
      messages({
        DROHNE: {
          contractProducts: ['DROHNE', 'FAHRRAD'],
          route: 'phv',
          damageTypes: ['ABSTURZ', 'SACHSCHADEN'],
          policeReportFor: ['DIEBSTAHL'],
          requiredDocuments: ['FLUGBUCH'],
        },
      }),
    ).toEqual([
      `/products/DROHNE/contractProducts/1: the contract product "FAHRRAD" is reported under FAHRRAD already`,
      `/products/DROHNE/route: the route "phv" is PHV's already`,
      `/products/DROHNE/damageTypes/0: the damage type "ABSTURZ" has no text: add ClaimType.schadenart.options.ABSTURZ to definitions/locales/de/claim-report.json`,
      `/products/DROHNE/policeReportFor/0: "DIEBSTAHL" is not one of DROHNE's damageTypes`,
      `/products/DROHNE/requiredDocuments/0: the document "FLUGBUCH" has no text: add Documents.required.FLUGBUCH to definitions/locales/de/claim-report.json`,
    ]);
  });
});
