/**
 * How answers and figures read, shared by the browser (summary, widgets, texts), the server (PDF
 * documents, messages) and the portals: dates as TT.MM.JJJJ, numbers and amounts in the brand
 * market's locale and currency through Intl ("1.234,50 €", "CHF 1'234.50"), IBANs in blocks of
 * four, telephone numbers in national notation (once libphonenumber-js is loaded, see
 * phoneNormalizer.ts), and what texts take from the market (marketTexts.ts).
 */
import { normalizeIban } from '../validation/iban.ts';
import { formatPhoneIfLoaded } from '../validation/phoneNormalizer.ts';

export { formatDate, formatDateTime, formatGermanDate } from './dates.ts';
export {
  currencyName,
  currencySign,
  formatAmount,
  formatMoney,
  formatNumber,
  numberSigns,
  NUMBER_DECIMALS,
  type AmountNotation,
  type MoneyFormat,
} from './numbers.ts';
export {
  formatTextValue,
  inOrthography,
  isTextFormat,
  literalAmount,
  marketTextValues,
  TEXT_FORMATS,
  type Market,
  type TextFormat,
} from './marketTexts.ts';
export { roundHalfAway } from './rounding.ts';

/** A telephone number in national notation ("0160 12345604"), see phone.ts `formatPhone`. */
export function formatPhone(value: string | null | undefined): string {
  return value ? formatPhoneIfLoaded(value) : '';
}

/** IBAN display in blocks of four ("DE89370400440532013000" -> "DE89 3704 0044 0532 0130 00"). */
export function groupIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}
