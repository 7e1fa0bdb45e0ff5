import { evaluateRule } from '#engine';
import type { ContractRow } from '../contracts/access.ts';
import { contractViewOf } from '../contracts/contractView.ts';
import type { Currency, Tariff, TariffCatalogue, TariffProduct } from '../tariffs/index.ts';
import type { PdfRow } from './pdf.ts';
import type { StrictTexts } from '../platform/texts.ts';

/** A fact a line prints on its policy (its tariff's `service.documentFacts`). */
export type DocumentFact = NonNullable<NonNullable<Tariff['service']>['documentFacts']>[number];

/**
 * The facts the line of a contract product prints, from the tariff pricing the product in the
 * contract's currency (every tariff of a line declares the same service); none without one.
 */
export function documentFactsOf(
  tariffs: TariffCatalogue,
  produkt: string,
  currency: Currency,
): readonly DocumentFact[] {
  return tariffs.get(produkt as TariffProduct, currency)?.service?.documentFacts ?? [];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The policy rows of a line's facts, in their order: each value is its rule over the contract view
 * (the spec's customer view of the row), put into its text when the fact names one (the value's
 * fields are the text's placeholders), else printed as it is; a fact whose value is missing, null,
 * empty or not printable is left out.
 */
export function documentFactRows(
  facts: readonly DocumentFact[],
  row: ContractRow,
  texts: StrictTexts,
): PdfRow[] {
  if (facts.length === 0) return [];
  const view = contractViewOf(row, [], [], null);
  return facts.flatMap((fact): PdfRow[] => {
    const value = evaluateRule(fact.value, view);
    if (value === null || value === undefined || value === '') return [];
    if (fact.text !== undefined)
      return [
        {
          label: texts.t(fact.label),
          text: texts.t(fact.text, isRecord(value) ? value : { value }),
        },
      ];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    return [{ label: texts.t(fact.label), text: String(value) }];
  });
}
