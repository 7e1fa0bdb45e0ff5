/**
 * Numbers and amounts as the brand's market writes them, through Intl: German "1.234,50 €",
 * Swiss "CHF 1'234.50". The market (definitions/brands/<brand>.json, `market`) gives the locale
 * and the currency; nothing here knows a country.
 */
import { roundHalfAway } from './rounding.ts';

/** Digits after the decimal separator the number mask shows (spec section 5: two decimals). */
export const NUMBER_DECIMALS = 2;

/** What amounts are written in: a BCP 47 locale (de, de-CH) and an ISO 4217 currency (EUR, CHF). */
export interface MoneyFormat {
  locale: string;
  currency: string;
}

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { signDisplay: 'negative', ...options });
    cache.set(key, format);
  }
  return format;
}

/**
 * An amount as a format writes it, rounded first by the platform's one rounding to the digits the
 * format shows: Intl would round the binary value and write 615.8249999… (517.50 × 1.19) as
 * 615,82 where the premium is 615,83.
 */
function inCents(format: Intl.NumberFormat, amount: number): string {
  return format.format(roundHalfAway(amount, format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** A figure or its text ("1234.5", "1234,5") as a number; undefined when it is none. */
function figureOf(amount: number | string): number | undefined {
  const value = typeof amount === 'number' ? amount : Number(String(amount).replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/**
 * A price or any computed amount, always with cents: 1234.5 -> "1.234,50 €" (de, EUR) or
 * "CHF 1'234.50" (de-CH, CHF). From a figure or its text; empty for nothing, a text that is no
 * number as it is.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  money: MoneyFormat,
): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = figureOf(amount);
  if (value === undefined) return String(amount);
  return inCents(
    numberFormat(money.locale, { style: 'currency', currency: money.currency }),
    value,
  );
}

/** How {@link formatAmount} writes an amount: in full (10.000 €) or short (10 Mio. €). */
export type AmountNotation = 'standard' | 'compact';

/**
 * An amount as a text states it, cents only when there are any: 200 -> "200 €" / "CHF 200",
 * 9.9 -> "9,90 €"; `compact` writes large ones short: 5000000 -> "5 Mio. €" / "CHF 5 Mio.".
 */
export function formatAmount(
  amount: number,
  money: MoneyFormat,
  notation: AmountNotation = 'standard',
): string {
  const format = numberFormat(money.locale, {
    style: 'currency',
    currency: money.currency,
    trailingZeroDisplay: 'stripIfInteger',
    ...(notation === 'compact' ? { notation: 'compact' } : {}),
  });
  return inCents(format, amount);
}

/** The currency's name in the locale's language: "Euro", "Schweizer Franken". */
export function currencyName(money: MoneyFormat): string {
  return (
    new Intl.DisplayNames(money.locale, { type: 'currency' }).of(money.currency) ?? money.currency
  );
}

/** The currency's sign as amounts show it: "€", "CHF". */
export function currencySign(money: MoneyFormat): string {
  const parts = numberFormat(money.locale, { style: 'currency', currency: money.currency });
  return parts.formatToParts(1).find((part) => part.type === 'currency')?.value ?? money.currency;
}

/**
 * A number with a fixed count of decimals in the locale's notation: 1234.5 -> "1.234,50" (de),
 * "1'234.50" (de-CH); `decimals` 0 for whole numbers ("1.234").
 */
export function formatNumber(
  value: number,
  locale: string,
  decimals: number = NUMBER_DECIMALS,
): string {
  return numberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(roundHalfAway(value, decimals));
}

/** The grouping and decimal signs of a locale ("." and "," in de, "'" and "." in de-CH). */
export function numberSigns(locale: string): { group: string; decimal: string } {
  const parts = numberFormat(locale, {}).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? '',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}
