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
