import { roundHalfAway } from '#engine';
import type {
  PersonenAnzahl,
  Produkt,
  Selbstbeteiligung,
  Zahlweise,
} from '../db/schema/contractTypes.ts';
import { parseDay, remainingShare, type Hauptfaelligkeit } from './insuranceYear.ts';
import { optionalCovers, revenueFactorOf } from './options.ts';
import { contractTariff, type Currency, type TariffCatalogue } from './tariff.ts';

/** Premiums are rounded to cents with the platform's one rounding (half away from zero). */
const CENTS = 2;

/** What a premium depends on: the contract's (possibly changed) cover and the effective date. */
export interface PricingInput {
  produkt: Produkt;
  /** The currency of the contract's brand: it is priced with the product's tariff in it. */
  waehrung: Currency;
  deckungsIdentifier: string;
  zahlweise: Zahlweise;
  selbstbeteiligung: Selbstbeteiligung | null;
  elementar: boolean;
  buerohaftpflicht: boolean;
  phvAnzahl: PersonenAnzahl | null;
  /** Family status key of a private liability contract (phv.familienstand.current.key). */
  familienstand?: string | null;
  /** Optional household covers included besides BASIS and ELEMENTAR (GLASBRUCH, FAHRRAD, ...). */
  hausratDeckungen?: readonly string[];
  /** Annual revenue of a business contract. */
  jahresumsatz?: number | null;
  hauptfaelligkeit: Hauptfaelligkeit;
  /** ISO date from which the priced cover applies. */
  wirksamkeitsdatum: string;
  /** ISO dates bounding the contract; a wirksamkeitsdatum outside is invalid. */
  vertragsBeginn?: string | null;
  ablaufdatum?: string | null;
}

/** The spec's premium calculation result (section 3, "Other"). */
export interface PremiumResult {
  /** Premium per payment of the chosen zahlweise; null when ungueltig. */
  beitrag: number | null;
  /** Premium for the rest of the current insurance year from wirksamkeitsdatum; null when ungueltig. */
  anteiligerBeitrag: number | null;
  zahlweise: Zahlweise;
  wirksamkeitsdatum: string;
  ungueltig: boolean;
  /** German reason when ungueltig, else null. */
  fehlermeldung: string | null;
}

/** A valid calculation, with the annual total the contract stores as jahresVersicherungsPraemie. */
export interface PricedResult extends PremiumResult {
  ungueltig: false;
  beitrag: number;
  anteiligerBeitrag: number;
  jahresbeitrag: number;
}

function invalid(input: PricingInput, fehlermeldung: string): PremiumResult {
  return {
    beitrag: null,
    anteiligerBeitrag: null,
    zahlweise: input.zahlweise,
    wirksamkeitsdatum: input.wirksamkeitsdatum,
    ungueltig: true,
    fehlermeldung,
  };
}

/**
 * Prices a cover with the declarative tariffs: base premium of the variant plus surcharges, less
 * the deductible discount, at least the minimum, times the payment-period factor; the instalment is
 * that annual total divided by the payments per year, and the pro-rata premium covers the rest of
 * the insurance year from the effective date (a single payment is not prorated).
 */
export function calculatePremium(
  catalogue: TariffCatalogue,
  input: PricingInput,
): PricedResult | PremiumResult {
  const tariff = contractTariff(catalogue, input.produkt, input.waehrung);
  if (!tariff) return invalid(input, 'Für dieses Produkt gibt es keinen Tarif.');
  const variant = tariff.coverVariants.find(
    (candidate) =>
      candidate.id === input.deckungsIdentifier && candidate.products.includes(input.produkt),
  );
  if (!variant) return invalid(input, 'Die gewählte Deckung gibt es in diesem Tarif nicht.');
  const period = tariff.paymentPeriods[input.zahlweise];
  if (!period) return invalid(input, 'Diese Zahlweise ist für das Produkt nicht möglich.');

  let day: Date;
  try {
    day = parseDay(input.wirksamkeitsdatum);
  } catch {
    return invalid(input, 'Das Wirksamkeitsdatum ist kein gültiges Datum.');
  }
  if (
    (input.vertragsBeginn && input.wirksamkeitsdatum < input.vertragsBeginn) ||
    (input.ablaufdatum && input.wirksamkeitsdatum >= input.ablaufdatum)
  ) {
    return invalid(input, 'Das Wirksamkeitsdatum liegt außerhalb der Vertragslaufzeit.');
  }

  let annual = variant.basePremium;
  if (input.elementar) {
    if (!variant.elementarIncludable || tariff.surcharges.elementar === undefined) {
      return invalid(input, 'Elementarschutz kann in dieser Deckung nicht eingeschlossen werden.');
    }
    annual += tariff.surcharges.elementar;
  }
  if (input.buerohaftpflicht) {
    if (tariff.surcharges.buerohaftpflicht === undefined) {
      return invalid(input, 'Bürohaftpflicht kann in diesem Tarif nicht eingeschlossen werden.');
    }
    annual += tariff.surcharges.buerohaftpflicht;
  }
  if (input.phvAnzahl && input.phvAnzahl !== 'KEINE') {
    if (!tariff.surcharges.phvPersons) {
      return invalid(input, 'Weitere Personen können in diesem Tarif nicht mitversichert werden.');
    }
    annual += tariff.surcharges.phvPersons[input.phvAnzahl];
  }
  const options = optionalCovers(tariff, input);
  if (typeof options === 'string') return invalid(input, options);
  annual += options;
  const sb = input.selbstbeteiligung ?? 'SB_KEINE';
  const discount = tariff.deductibleDiscounts[sb];
  if (discount === undefined)
    return invalid(input, 'Diese Selbstbeteiligung ist für das Produkt nicht möglich.');
  annual = Math.max(tariff.minimumAnnualPremium, annual * (1 - discount));
  const revenueFactor = revenueFactorOf(tariff, input.jahresumsatz);
  if (typeof revenueFactor === 'string') return invalid(input, revenueFactor);
  annual *= revenueFactor;

  const beitrag = roundHalfAway((annual * period.factor) / period.installments, CENTS);
  // A single payment may buy a multi-year term: its annual total is the payment per year.
  const termYears = 'termYears' in period ? (period.termYears ?? 1) : 1;
  const jahresbeitrag = roundHalfAway((beitrag * period.installments) / termYears, CENTS);
  const anteiligerBeitrag =
    input.zahlweise === 'EINMALIG'
      ? beitrag
      : roundHalfAway(jahresbeitrag * remainingShare(day, input.hauptfaelligkeit), CENTS);
  return {
    beitrag,
    anteiligerBeitrag,
    jahresbeitrag,
    zahlweise: input.zahlweise,
    wirksamkeitsdatum: input.wirksamkeitsdatum,
    ungueltig: false,
    fehlermeldung: null,
  };
}

/** Narrows a result to a valid one. */
export function isPriced(result: PremiumResult): result is PricedResult {
  return !result.ungueltig;
}
