import type { Produkt } from '../db/schema/contractTypes.ts';

import type { Tariff } from '../../../../generated/types/tariff.ts';
import type { CatalogueLookup } from '#engine';
import { repositoryCatalogues } from '../finders/catalogues.ts';

export type { Tariff };

/** A product a tariff prices: a contract product, or a product sold by application only. */
export type TariffProduct = Tariff['products'][number];

/** The sections contract self-service prices with (the schema requires them of contract tariffs). */
const CONTRACT_SECTIONS = [
  'coverVariants',
  'paymentPeriods',
  'deductibleDiscounts',
  'surcharges',
  'minimumAnnualPremium',
] as const;

/** A tariff of contract products: it carries every section contract self-service prices with. */
export type ContractTariff = Tariff & Required<Pick<Tariff, (typeof CONTRACT_SECTIONS)[number]>>;

/** One cover variant of a tariff (definitions/schema/tariff.schema.json). */
export type TariffCoverVariant = ContractTariff['coverVariants'][number];

/** How a payment period changes the premium. */
export type TariffPaymentPeriod = NonNullable<ContractTariff['paymentPeriods']['JAEHRLICH']>;

/** A currency tariffs state their amounts in (a brand prices in its market's currency). */
export type Currency = Tariff['currency'];

/**
 * The tariffs by product and currency, as the pricing and the application service look them up:
 * a brand prices with the tariffs in its market's currency (a Swiss brand with CHF tariffs), never
 * with another currency's rates.
 */
export interface TariffCatalogue {
  /** The tariff of a product whose amounts are in `currency`, or undefined when there is none. */
  get(product: TariffProduct, currency: Currency): Tariff | undefined;
  /** Every tariff, each once. */
  all(): readonly Tariff[];
  /** The catalogues the tariffs' rules read (those of the same definitions). */
  catalogues: CatalogueLookup;
}

/** A catalogue of tariffs (each product priced at most once per currency, see loadTariffs). */
export function tariffCatalogue(
  tariffs: readonly Tariff[],
  catalogues: CatalogueLookup = repositoryCatalogues(),
): TariffCatalogue {
  const byKey = new Map<string, Tariff>();
  for (const tariff of tariffs)
    for (const product of tariff.products) byKey.set(`${product} ${tariff.currency}`, tariff);
  return {
    get: (product, currency) => byKey.get(`${product} ${currency}`),
    all: () => tariffs,
    catalogues,
  };
}

/** Whether a tariff carries every section contract self-service prices with. */
export const isContractTariff = (tariff: Tariff): tariff is ContractTariff =>
  CONTRACT_SECTIONS.every((section) => tariff[section] !== undefined);

/**
 * The tariff of a contract product in a currency (the contract's brand's) with the sections
 * contract self-service prices with, or undefined when there is none (the schema requires the
 * sections of every tariff that prices a contract product, so a loaded catalogue always has them).
 */
export function contractTariff(
  catalogue: TariffCatalogue,
  produkt: Produkt,
  currency: Currency,
): ContractTariff | undefined {
  const tariff = catalogue.get(produkt, currency);
  return tariff && isContractTariff(tariff) ? tariff : undefined;
}
