import {
  formatTextValue,
  inOrthography,
  isTextFormat,
  literalAmount,
  marketTextValues,
  type Market,
} from '../format/index.ts';

/** German bundles by namespace, as read from definitions/locales/de/<namespace>.json. */
export type Bundles = ReadonlyMap<string, unknown>;

/** Splits "ns:a.b" into namespace and key; a key without prefix belongs to the default namespace. */
export function splitKey(
  key: string,
  defaultNamespace: string,
): { namespace: string; path: string[] } {
  const colon = key.indexOf(':');
  const namespace = colon >= 0 ? key.slice(0, colon) : defaultNamespace;
  const rest = colon >= 0 ? key.slice(colon + 1) : key;
  return { namespace, path: rest.split('.') };
}

/** The text of a key, or undefined when the bundle has no string there. */
export function lookupText(
  bundles: Bundles,
  key: string,
  defaultNamespace: string,
): string | undefined {
  const { namespace, path } = splitKey(key, defaultNamespace);
  let node: unknown = bundles.get(namespace);
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text of a key for a count, as i18next chooses it: `<key>_<category>` by the locale's plural
 * rules (`_one` for 1 and `_other` otherwise in German) where the bundle has it, else the key's
 * own text. Without a count, the key's own text.
 */
export function lookupCountedText(
  bundles: Bundles,
  key: string,
  defaultNamespace: string,
  count: unknown,
  locale = 'de',
): string | undefined {
  if (typeof count === 'number') {
    const category = new Intl.PluralRules(locale).select(count);
    const counted = lookupText(bundles, `${key}_${category}`, defaultNamespace);
    if (counted !== undefined) return counted;
  }
  return lookupText(bundles, key, defaultNamespace);
}

/**
 * A text by key with `{{name}}` values filled in, or undefined when there is no text. A numeric
 * `count` among the values chooses the plural form, as in i18next.
 */
export type TextLookup = (key: string, values?: Record<string, unknown>) => string | undefined;

/**
 * Fills `{{name}}` placeholders of a text from values, as i18next does in the browser. Without a
 * market a value is inserted as it is (a format such as `{{name, datum}}` is left to i18next) and
 * a placeholder without a value stays as written. With the brand's market the text reads as the
 * browser shows it for that brand: the market's values (`{{waehrungName}}`, `{{plzBeispiel}}`, see
 * marketTextValues) are there, the formats `money`, `amount` and `datum` and figures in place of
 * names (`{{200, amount}}`) are written in its locale and currency, and the whole text follows
 * the locale's orthography (ss for ß in de-CH).
 */
export function interpolate(
  text: string,
  values?: Record<string, unknown>,
  market?: Market,
): string {
  if (!market && !values) return text;
  const all = market ? { ...marketTextValues(market), ...values } : (values ?? {});
  const filled = text.replace(
    /\{\{\s*([A-Za-z0-9_.]+)\s*(?:,([^}]*))?\}\}/g,
    (whole, name: string, format: string | undefined) => {
      const literal = market && format ? literalAmount(`${name},${format}`, market) : undefined;
      if (literal !== undefined) return literal;
      const value = all[name];
      if (value === undefined || value === null) return whole;
      const formatName = format?.replace(/\(.*$/, '').trim().toLowerCase();
      if (market && formatName && isTextFormat(formatName))
        return formatTextValue(value, formatName, market, {
          compact: /\(\s*compact\s*\)/.test(format ?? ''),
        });
      return String(value);
    },
  );
  return market ? inOrthography(filled, market.locale) : filled;
}

/**
 * A text lookup over German bundles (the server's way to the texts the browser shows), in the
 * brand's market when one is given (see {@link interpolate}); a `count` value chooses the plural
 * form (see {@link lookupCountedText}).
 */
export function textLookup(
  bundles: Bundles,
  defaultNamespace: string,
  market?: Market,
): TextLookup {
  return (key, values) => {
    const text = lookupCountedText(
      bundles,
      key,
      defaultNamespace,
      values?.['count'],
      market?.locale,
    );
    return text === undefined ? undefined : interpolate(text, values, market);
  };
}
