/**
 * The contract products of the spec (section 3, "Contract list item"), written down here as the
 * tests' independent statement of them: the server knows products only from the tariffs.
 */
export const SPEC_PRODUCTS = [
  'VH',
  'VH_2',
  'SI_ALLGEFAHREN',
  'SI_MEHRGEFAHREN',
  'REISE',
  'HAUSRAT',
  'FAHRRAD',
  'FAHRRAD_2',
  'PRIVATHAFTPFLICHT',
  'TIERHALTERHAFTPFLICHT',
  'BHV_1',
  'BHV_2',
] as const;
