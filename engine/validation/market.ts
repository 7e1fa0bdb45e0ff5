/**
 * The checks that follow the brand's market (definitions/brands/<brand>.json, `market`): a
 * postcode of its country and an IBAN it can debit. A validator reads the market from the rule
 * context it is called with (`validate.call(context, data)`, ajv's passContext), so the browser
 * and the server check the same answers against the same brand.
 */
import type { WizardContext } from '../../generated/types/wizard-context.ts';
import { normalizeIban } from './iban.ts';

type Market = WizardContext['market'];

/** The market of the rule context a validator was called with; throws when there is none. */
export function marketOfContext(context: unknown): Market {
  const market = (context as { market?: Market } | null | undefined)?.market;
  if (typeof market !== 'object' || market === null)
    throw new Error(
      'A keyword of the brand market (postcode, debitIban) needs the rule context with context.market: validate.call(context, data)',
    );
  return market;
}

const patterns = new Map<string, RegExp>();

/** Whether a (trimmed) value is a postcode of the market's country. */
export function isMarketPostcode(value: string, market: Market): boolean {
  const source = market.postcode.pattern;
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source)));
  return pattern.test(value.trim());
}

/** Whether an IBAN's country is one the market debits from (its format is checked apart). */
export function isMarketDebitIban(value: string, market: Market): boolean {
  const countries: readonly string[] = market.debit?.ibanCountries ?? [];
  return countries.includes(normalizeIban(value).slice(0, 2));
}

/** The countries the market debits from as a German list: "CH oder LI". */
export function debitCountriesText(market: Market): string {
  return new Intl.ListFormat('de', { type: 'disjunction' }).format(
    market.debit?.ibanCountries ?? [],
  );
}
