import { numberSigns } from '#engine';

export { formatNumber, NUMBER_DECIMALS } from '#engine';

// German notation (de): "1.234.567,89" grouped by dots, an optional decimal comma.
const groupedGerman = /^-?\d{1,3}(?:\.\d{3})+(?:,\d*)?$/;
// "1234567,89" or "1234567": no grouping, an optional decimal comma.
const plainGerman = /^-?\d+(?:,\d*)?$/;
// ",5" (a leading comma as typed by some users).
const leadingComma = /^-?,\d+$/;
// "1234.5": a pasted number with a decimal point (only when it is not a German grouping).
const decimalPoint = /^-?\d*\.\d+$/;
// A locale with a decimal point (de-CH): "1234.5", "1234,5" or ".5" once the grouping is gone.
const pointOrComma = /^-?\d*(?:[.,]\d*)?$/;

function parseDecimalComma(compact: string): string | undefined {
  if (groupedGerman.test(compact)) return compact.replace(/\./g, '').replace(',', '.');
  if (plainGerman.test(compact) || leadingComma.test(compact)) return compact.replace(',', '.');
  return decimalPoint.test(compact) ? compact : undefined;
}

function parseDecimalPoint(compact: string, group: string): string | undefined {
  // Swiss grouping is an apostrophe: the typographic one, the typewriter one or a space.
  const plain = compact.split(group).join('').replace(/['’]/g, '');
  if (!pointOrComma.test(plain) || !/\d/.test(plain)) return undefined;
  return plain.replace(',', '.');
}

/**
 * The number a text typed in the locale's notation stands for; spaces are ignored; undefined for
 * empty or unreadable text. German (de): "1234,5", "1.234,50", "-3", ",5" and a pasted "12.5";
 * "1.234" is German grouping: 1234. With a decimal point (de-CH): "1'234.50", "1’234.5",
 * "1234,5" (a comma typed as the decimal sign).
 */
export function parseNumber(text: string, locale: string): number | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact === '') return undefined;
  const { group, decimal } = numberSigns(locale);
  const normalized =
    decimal === ',' ? parseDecimalComma(compact) : parseDecimalPoint(compact, group);
  if (normalized === undefined) return undefined;
  const number = Number(normalized.endsWith('.') ? normalized.slice(0, -1) : normalized);
  return Number.isFinite(number) ? number : undefined;
}
