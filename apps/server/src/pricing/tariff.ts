import type { Produkt } from '../db/schema/contractTypes.ts';

import type { Tariff } from '../../../../generated/types/tariff.ts';

export type { Tariff };

/** A product a tariff prices: a contract product, or a line sold by application only (VSH). */
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

/** The tariffs by product, as the pricing and the application service look them up. */
export type TariffCatalogue = ReadonlyMap<TariffProduct, Tariff>;

/** Whether a tariff carries every section contract self-service prices with. */
export const isContractTariff = (tariff: Tariff): tariff is ContractTariff =>
  CONTRACT_SECTIONS.every((section) => tariff[section] !== undefined);

/**
 * The tariff of a contract product with the sections contract self-service prices with, or
 * undefined when there is none (the schema requires the sections of every tariff that prices a
 * contract product, so a loaded catalogue always has them).
 */
export function contractTariff(
  catalogue: TariffCatalogue,
  produkt: Produkt,
): ContractTariff | undefined {
  const tariff = catalogue.get(produkt);
  return tariff && isContractTariff(tariff) ? tariff : undefined;
}
