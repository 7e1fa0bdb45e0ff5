import type { VersicherteGewerbe } from '../db/schema/index.ts';
import { contractTariff } from '../pricing/index.ts';
import type { ChangeContext, ChangeKindSpec } from './changeKind.ts';
import { contractCurrency } from './pricingInput.ts';
import { partOf } from './parts.ts';

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

/** Family status of a private liability contract (POST .../beitrag/phv/familienstand). */
export const familienstand: ChangeKindSpec = {
  field: 'familienstand',
  valueSchema: { type: 'string', pattern: '^[A-Z][A-Z_]{0,39}$' },
  art: 'FAMILIENSTAND',
  eventTyp: 'FamilienstandGeaendert',
  beitragPath: 'phv/familienstand',
  generic: true,
  check: (value, { row }) => {
    const phv = partOf(row, 'phv');
    if (!phv) return 'Zu diesem Vertrag gehört kein Familienstand.';
    return phv.familienstand.options.some((option) => option.key === value)
      ? null
      : 'Diesen Familienstand gibt es für Ihren Vertrag nicht.';
  },
  apply: (input, value) => ({ ...input, familienstand: value as string }),
  columns: (value, { row }) => {
    const phv = partOf(row, 'phv');
    const option = phv?.familienstand.options.find((candidate) => candidate.key === value);
    if (!phv || !option) return {};
    return { phv: { ...phv, familienstand: { ...phv.familienstand, current: option } } };
  },
  current: (row) => partOf(row, 'phv')?.familienstand.current.key ?? null,
};

/** Annual revenue of a business contract (POST/PATCH .../{productType}/umsatz). */
export const umsatz: ChangeKindSpec = {
  field: 'jahresumsatz',
  valueSchema: { type: 'number', minimum: 0, maximum: 100_000_000_000 },
  art: 'JAHRESUMSATZ',
  eventTyp: 'JahresumsatzGeaendert',
  beitragPath: null,
  generic: false,
  check: (_value, { row }) => {
    const jahresumsatz = partOf(row, 'jahresumsatz');
    if (!jahresumsatz) return 'Zu diesem Vertrag gehört kein Jahresumsatz.';
    return jahresumsatz.isAdjustable
      ? null
      : 'Ihren Jahresumsatz können Sie nicht online ändern. Bitte sprechen Sie uns an.';
  },
  apply: (input, value) => ({ ...input, jahresumsatz: value as number }),
  columns: (value, { row }) => ({
    jahresumsatz: {
      value: value as number,
      isAdjustable: partOf(row, 'jahresumsatz')?.isAdjustable ?? true,
    },
  }),
  current: (row) => partOf(row, 'jahresumsatz')?.value ?? null,
  eventFields: (value, { row }, price) => ({
    jahresumsatz: value,
    alterJahresumsatz: partOf(row, 'jahresumsatz')?.value ?? null,
    beitrag: price.beitrag,
    alterBeitrag: row.versicherungsPraemie,
  }),
};

/** Insured sum, one of the product's cover variants (POST .../beitrag/versicherungssumme). */
export const versicherungssumme: ChangeKindSpec = {
  field: 'versicherungssumme',
  valueSchema: { type: 'string', pattern: '^[0-9]{1,12}([.,][0-9]{1,2})?$' },
  art: 'VERSICHERUNGSSUMME',
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

const gewerbe = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' };

/** Insured business types (PATCH .../betriebsart). */
export const betriebsart: ChangeKindSpec = {
  field: 'versicherteGewerbe',
  valueSchema: {
    type: 'object',
    properties: {
      hauptgewerbe: gewerbe,
      nebengewerbe: { type: 'array', maxItems: 5, uniqueItems: true, items: gewerbe },
    },
    required: ['hauptgewerbe', 'nebengewerbe'],
    additionalProperties: false,
  },
  art: 'BETRIEBSART',
  eventTyp: 'BetriebsartGeaendert',
  beitragPath: null,
  generic: false,
  check: (value, { row }) => {
    const neu = value as VersicherteGewerbe;
    if (!partOf(row, 'versicherteGewerbe')) return 'Zu diesem Vertrag gehören keine Betriebsarten.';
    return neu.nebengewerbe.includes(neu.hauptgewerbe)
      ? 'Das Hauptgewerbe kann nicht zugleich Nebengewerbe sein.'
      : null;
  },
  apply: (input) => input,
  columns: (value) => ({ versicherteGewerbe: value as VersicherteGewerbe }),
  current: (row) => partOf(row, 'versicherteGewerbe'),
};
