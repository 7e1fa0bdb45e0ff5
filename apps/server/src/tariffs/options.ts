import type { ContractTariff, Tariff } from './tariff.ts';

/** What {@link optionalCovers} reads of a pricing input. */
interface OptionalCoverInput {
  familienstand?: string | null;
  hausratDeckungen?: readonly string[];
}

/**
 * The annual surcharges of the family status and of the optional household covers, or the German
 * reason why the tariff does not offer one of them.
 */
export function optionalCovers(tariff: ContractTariff, input: OptionalCoverInput): number | string {
  let sum = 0;
  const byStatus = tariff.surcharges.familienstand;
  if (input.familienstand && byStatus) {
    const surcharge = byStatus[input.familienstand];
    if (surcharge === undefined) return 'Dieser Familienstand ist in Ihrem Tarif nicht vorgesehen.';
    sum += surcharge;
  }
  const covers: Partial<Record<string, number>> = tariff.surcharges.hausratDeckungen ?? {};
  for (const cover of input.hausratDeckungen ?? []) {
    const surcharge = covers[cover];
    if (surcharge === undefined) return 'Diese Deckung wird in Ihrem Tarif nicht angeboten.';
    sum += surcharge;
  }
  return sum;
}

/** The largest annual revenue a tariff prices online, or null when it has no revenue bands. */
export function maxRevenueOf(tariff: Tariff): number | null {
  const bands = tariff.revenueBands;
  return bands ? Math.max(...bands.map((band) => band.upTo)) : null;
}

/** The factor of the revenue band of `jahresumsatz` (1 without bands), or the German reason. */
export function revenueFactorOf(
  tariff: Tariff,
  jahresumsatz: number | null | undefined,
): number | string {
  const bands = tariff.revenueBands;
  if (!bands || jahresumsatz === null || jahresumsatz === undefined) return 1;
  const band = [...bands].sort((a, b) => a.upTo - b.upTo).find((b) => jahresumsatz <= b.upTo);
  if (!band) {
    const limit = new Intl.NumberFormat('de-DE').format(maxRevenueOf(tariff) ?? 0);
    return `Bei einem Jahresumsatz über ${limit} € beraten wir Sie gern persönlich.`;
  }
  return band.factor;
}

/**
 * The cover variant of a product whose insured sum reaches `needed`: the smallest such, or
 * undefined when none does.
 */
export function variantForSum(
  tariff: ContractTariff,
  produkt: string,
  needed: number,
): ContractTariff['coverVariants'][number] | undefined {
  return tariff.coverVariants
    .filter((variant) => variant.products.includes(produkt) && variant.insuranceSum >= needed)
    .sort((a, b) => a.insuranceSum - b.insuranceSum)[0];
}
