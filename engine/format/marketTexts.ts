/**
 * What the German texts take from the brand's market, the same in the browser (i18next's
 * formatters, default variables and post-processor, apps/web/src/i18n) and on the server
 * (engine/definition/i18n.ts): amounts in the market's currency and locale, the currency's name,
 * the example postcode and IBAN of error messages, and the orthography of the locale.
 */
import type { WizardContext } from '../../generated/types/wizard-context.ts';
import { formatGermanDate } from './dates.ts';
import { currencyName, currencySign, formatAmount, formatMoney } from './numbers.ts';

/** A brand's market (definitions/brands/<brand>.json, `market`), as flows read it (context.market). */
export type Market = WizardContext['market'];

/**
 * The values every text may name without being given them: `{{waehrung}}` (€, CHF),
 * `{{waehrungName}}` (Euro, Schweizer Franken), `{{plzBeispiel}}` and `{{ibanBeispiel}}`.
 */
export function marketTextValues(market: Market): Record<string, string> {
  return {
    waehrung: currencySign(market),
    waehrungName: currencyName(market),
    plzBeispiel: market.postcode.example,
    ibanBeispiel: market.debit?.ibanExample ?? '',
  };
}

/** The formats texts name (`{{beitrag, money}}`), lower case as i18next keeps them. */
export const TEXT_FORMATS = ['money', 'amount', 'datum'] as const;

/** A format of {@link TEXT_FORMATS}. */
export type TextFormat = (typeof TEXT_FORMATS)[number];

/** Whether a format name is one the texts may use. */
export const isTextFormat = (name: string): name is TextFormat =>
  (TEXT_FORMATS as readonly string[]).includes(name);

/**
 * A value written in a text's format: `money` a price with cents in the market's currency
 * ("1.234,50 €", "CHF 1'234.50"), `amount` an amount with cents only when it has any ("200 €"),
 * with the option `compact` short ("5 Mio. €"), `datum` an ISO date as TT.MM.JJJJ.
 */
export function formatTextValue(
  value: unknown,
  format: TextFormat,
  market: Market,
  options: { compact?: boolean } = {},
): string {
  if (format === 'datum')
    return typeof value === 'string' ? formatGermanDate(value) : value == null ? '' : String(value);
  if (format === 'money')
    return formatMoney(
      typeof value === 'number' || typeof value === 'string' ? value : null,
      market,
    );
  const figure = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(figure)) return value == null ? '' : String(value);
  return formatAmount(figure, market, options.compact ? 'compact' : 'standard');
}

// `{{200, amount}}`: a figure in place of a name is that amount itself (texts state limits and
// prices in the brand's currency this way); `(compact)` writes it short.
const LITERAL = /^\s*(\d+(?:\.\d+)?)\s*,\s*(money|amount)\s*(\(\s*compact\s*\))?\s*$/i;

/**
 * The text of a placeholder whose name is a figure (`{{200, amount}}`, `{{5000000,
 * amount(compact)}}`) in the market's currency, or undefined for any other placeholder.
 */
export function literalAmount(placeholder: string, market: Market): string | undefined {
  const match = LITERAL.exec(placeholder);
  if (!match) return undefined;
  const format = match[2]?.toLowerCase() === 'money' ? 'money' : 'amount';
  return formatTextValue(Number(match[1]), format, market, { compact: match[3] !== undefined });
}

/** Locales written without ß: Swiss and Liechtenstein Standard German use ss. */
const WITHOUT_ESZETT = new Set(['de-CH', 'de-LI']);

/**
 * A German text as the locale writes it: ß becomes ss (ẞ SS) for de-CH; and a sentence that ends
 * on a short amount keeps one dot ("CHF 5 Mio." + "." is "CHF 5 Mio.").
 */
export function inOrthography(text: string, locale: string): string {
  const dotted = text.replace(/\b(Mio|Mrd)\.\./g, '$1.');
  return WITHOUT_ESZETT.has(locale) ? dotted.replace(/ß/g, 'ss').replace(/ẞ/g, 'SS') : dotted;
}
