import { contractTariff } from '../pricing/index.ts';
import type { ChangeContext, ChangeKindSpec } from './changeKind.ts';
import { contractCurrency } from './pricingInput.ts';

/** The variant of the contract's product whose insured sum is exactly `value` (a decimal string). */
function variantWithSum(value: unknown, context: ChangeContext) {
  const sum = Number(String(value).replace(',', '.'));
  return contractTariff(
    context.tariffs,
    context.row.produkt,
    contractCurrency(context.row),
  )?.coverVariants.find(
    (variant) => variant.products.includes(context.row.produkt) && variant.insuranceSum === sum,
  );
}

/** Insured sum, one of the product's cover variants (POST .../beitrag/versicherungssumme). */
export const versicherungssumme: ChangeKindSpec = {
  field: 'versicherungssumme',
  valueSchema: { type: 'string', pattern: '^[0-9]{1,12}([.,][0-9]{1,2})?$' },
  art: 'VERSICHERUNGSSUMME',
  pendingList: 'vorgemerkteVersicherungssumme',
  eventTyp: 'VersicherungssummeGeaendert',
  beitragPath: 'versicherungssumme',
  generic: false,
  check: (value, context) =>
    variantWithSum(value, context)
      ? null
      : 'Diese Versicherungssumme bieten wir für Ihren Vertrag nicht an.',
  apply: (input, value, context) => ({
    ...input,
    deckungsIdentifier: variantWithSum(value, context)?.id ?? input.deckungsIdentifier,
  }),
  columns: (value, context) => {
    const variant = variantWithSum(value, context);
    return variant
      ? { deckungsIdentifier: variant.id, versicherungsSumme: variant.insuranceSum }
      : {};
  },
  current: (row) => row.versicherungsSumme,
};
