export { formatGermanNumber, NUMBER_DECIMALS } from '#engine';

// "1.234.567,89": thousands grouped by dots, an optional decimal comma.
const groupedGerman = /^-?\d{1,3}(?:\.\d{3})+(?:,\d*)?$/;
// "1234567,89" or "1234567": no grouping, an optional decimal comma.
const plainGerman = /^-?\d+(?:,\d*)?$/;
// ",5" (a leading comma as typed by some users).
const leadingComma = /^-?,\d+$/;
// "1234.5": a pasted number with a decimal point (only when it is not a German grouping).
const decimalPoint = /^-?\d*\.\d+$/;

/**
 * The number a German text stands for: "1234,5", "1.234,50", "-3", ",5" and a pasted "12.5";
 * spaces are ignored; undefined for empty or unreadable text. "1.234" is German grouping: 1234.
 */
export function parseGermanNumber(text: string): number | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact === '') return undefined;
  let normalized: string | undefined;
  if (groupedGerman.test(compact)) normalized = compact.replace(/\./g, '').replace(',', '.');
  else if (plainGerman.test(compact) || leadingComma.test(compact))
    normalized = compact.replace(',', '.');
  else if (decimalPoint.test(compact)) normalized = compact;
  if (normalized === undefined) return undefined;
  const number = Number(normalized.endsWith('.') ? normalized.slice(0, -1) : normalized);
  return Number.isFinite(number) ? number : undefined;
}
