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

/** A text by key with `{{name}}` values filled in, or undefined when there is no text. */
export type TextLookup = (key: string, values?: Record<string, unknown>) => string | undefined;

/**
 * Fills `{{name}}` placeholders of a text from values, as i18next does for plain values (a
 * format such as `{{name, datum}}` is left to i18next; here the value is inserted as it is).
 * A placeholder without a value stays as written.
 */
export function interpolate(text: string, values?: Record<string, unknown>): string {
  if (!values) return text;
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*(?:,[^}]*)?\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** A text lookup over German bundles (the server's way to the texts the browser shows). */
export function textLookup(bundles: Bundles, defaultNamespace: string): TextLookup {
  return (key, values) => {
    const text = lookupText(bundles, key, defaultNamespace);
    return text === undefined ? undefined : interpolate(text, values);
  };
}
