/** The brand of a demo contract by its number's prefix (seed/contractSpecs.ts). */
const BRAND_OF_PREFIX: Record<string, string> = {
  AS: 'andsafe',
  HFK: 'hfk',
  SD: 's-direkt',
  PR: 'protect',
  PCH: 'protect-ch',
};

/**
 * The claim entry's look-up address for a demo contract, asked by the claim entry of the
 * contract's own brand (`?marke=`; another brand's entry does not find it).
 */
export function claimLookupUrl(contract: string): string {
  const brand = BRAND_OF_PREFIX[contract.split('-')[0]?.toUpperCase() ?? ''] ?? 'andsafe';
  return `/api/schadenmeldung/vertrag?marke=${brand}`;
}
