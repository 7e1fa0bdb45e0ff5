import type { Produkt } from '../db/schema/contractTypes.ts';

import type { Tariff } from '../../../../generated/types/tariff.ts';

export type { Tariff };

/** One cover variant of a tariff (definitions/schema/tariff.schema.json). */
export type TariffCoverVariant = Tariff['coverVariants'][number];

/** How a payment period changes the premium. */
export type TariffPaymentPeriod = NonNullable<Tariff['paymentPeriods']['JAEHRLICH']>;

/** The tariffs by product, as the pricing looks them up. */
export type TariffCatalogue = ReadonlyMap<Produkt, Tariff>;
