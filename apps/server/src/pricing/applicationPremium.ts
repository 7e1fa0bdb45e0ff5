import type { Zahlweise } from '../db/schema/contractTypes.ts';
import { roundCents } from './calculatePremium.ts';
import type { Tariff } from './tariff.ts';

/** The application pricing section of a tariff (bike lines). */
export type ApplicationTariff = NonNullable<Tariff['application']>;

/** The bike types a tariff can price (keys of `application.typeFactors`). */
export type Fahrradtyp = keyof ApplicationTariff['typeFactors'];

/** Every bike type of the tariff schema, in its order. */
export const FAHRRADTYPEN: readonly Fahrradtyp[] = [
  'CITYBIKE',
  'TREKKINGBIKE',
  'MOUNTAINBIKE',
  'RENNRAD',
  'KINDERRAD',
  'LASTENRAD',
  'PEDELEC',
  'E_BIKE',
];

/** What the premium of a new bike application depends on. */
export interface ApplicationPricingInput {
  /** Insured sum: the bike's purchase price in the tariff's currency. */
  versicherungssumme: number;
  fahrradtyp: Fahrradtyp;
  /** ISO purchase date; null when not known yet (the age limit is then not checked). */
  kaufdatum: string | null;
  reparatur: boolean;
  /** Counts only together with `reparatur`. */
  reparaturOhneVerschleiss: boolean;
  schutzbrief: boolean;
  zahlweise: Zahlweise;
  /** ISO date the cover starts. */
  versicherungsbeginn: string;
  /** Today (ISO date): the start must not lie before it, the purchase not after it. */
  today: string;
}

/** The answer of a bike application premium calculation. */
export interface ApplicationPremium {
  versicherbar: boolean;
  /** German reason when not insurable, else null. */
  grund: string | null;
  /** Premium per payment of the zahlweise (the single payment for EINMALIG); null when not insurable. */
  beitrag: number | null;
  /** Premium per year (a single payment divided by the years it covers); null when not insurable. */
  jahresbeitrag: number | null;
  zahlweise: Zahlweise;
  versicherungssumme: number;
  versicherungsbeginn: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a string is a real calendar date in ISO form. */
function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** An ISO date plus whole months; a day missing in the target month becomes its last day. */
export function addMonthsIso(iso: string, months: number): string {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new Error(`Kein gültiges Datum: ${iso}`);
  const total = Number(match[1]) * 12 + Number(match[2]) - 1 + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(match[3]), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const euro = (amount: number): string =>
  new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(amount);

/**
 * Prices a new bike application with the tariff's `application` section: the insured sum times
 * the rates of the chosen risks (theft always, repairs optional, wear and tear only with repairs)
 * times the bike type's factor, plus the flat assistance amount, at least the minimum; then the
 * payment period's factor and instalments. Sums outside the limits, a bike older than the maximum
 * age at the start, a start in the past or a purchase in the future are not insurable (with a
 * German reason). Pure: today comes in with the input.
 */
export function calculateApplicationPremium(
  tariff: Tariff,
  input: ApplicationPricingInput,
): ApplicationPremium {
  const base = {
    zahlweise: input.zahlweise,
    versicherungssumme: input.versicherungssumme,
    versicherungsbeginn: input.versicherungsbeginn,
  };
  const refuse = (grund: string): ApplicationPremium => ({
    versicherbar: false,
    grund,
    beitrag: null,
    jahresbeitrag: null,
    ...base,
  });
  const application = tariff.application;
  if (!application) return refuse('Für dieses Produkt ist kein Online-Antrag möglich.');
  const period = tariff.paymentPeriods[input.zahlweise];
  if (!period) return refuse('Diese Zahlweise ist für das Produkt nicht möglich.');
  const typeFactor = application.typeFactors[input.fahrradtyp];
  if (typeFactor === undefined) return refuse('Diesen Fahrradtyp können wir nicht versichern.');
  if (input.versicherungssumme < application.minimumSum) {
    return refuse(
      `Fahrräder mit einem Kaufpreis unter ${euro(application.minimumSum)} € können wir leider nicht versichern.`,
    );
  }
  if (input.versicherungssumme > application.maximumSum) {
    return refuse(
      `Fahrräder mit einem Kaufpreis über ${euro(application.maximumSum)} € können wir online leider nicht versichern.`,
    );
  }
  if (!isIsoDate(input.versicherungsbeginn))
    return refuse('Der Versicherungsbeginn ist kein gültiges Datum.');
  if (input.versicherungsbeginn < input.today)
    return refuse('Der Versicherungsbeginn darf nicht in der Vergangenheit liegen.');
  if (input.kaufdatum !== null) {
    if (!isIsoDate(input.kaufdatum)) return refuse('Das Kaufdatum ist kein gültiges Datum.');
    if (input.kaufdatum > input.today)
      return refuse('Das Kaufdatum darf nicht in der Zukunft liegen.');
    const limit = addMonthsIso(input.kaufdatum, application.maximumAgeMonths);
    if (input.versicherungsbeginn > limit) {
      return refuse(
        `Wir versichern Fahrräder, die zum Versicherungsbeginn höchstens ${application.maximumAgeMonths} Monate alt sind.`,
      );
    }
  }

  const { rates } = application;
  let rate = rates.diebstahl;
  if (input.reparatur) {
    rate += rates.reparatur;
    if (input.reparaturOhneVerschleiss) rate += rates.reparaturOhneVerschleiss;
  }
  const annual = Math.max(
    application.minimumAnnualPremium,
    input.versicherungssumme * rate * typeFactor +
      (input.schutzbrief ? application.schutzbrief : 0),
  );
  const termYears = 'termYears' in period ? (period.termYears ?? 1) : 1;
  const beitrag = roundCents((annual * period.factor) / period.installments);
  const jahresbeitrag = roundCents((beitrag * period.installments) / termYears);
  return { versicherbar: true, grund: null, beitrag, jahresbeitrag, ...base };
}
