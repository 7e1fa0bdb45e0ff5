import type { Catalogue } from '../../generated/types/catalogue.ts';

type Entry = Catalogue['entries'][number];

/** Catalogues as rules read them: the entry a text names (its key, or its label). */
export interface CatalogueLookup {
  /** Whether there is a catalogue with this id. */
  has(id: string): boolean;
  /** The entry of catalogue `id` that `text` names (its key, or its label ignoring case and spaces). */
  entry(id: string, text: string): Entry | undefined;
}

/**
 * The key of a rule's scope that holds the catalogues the `catalogue` operator reads (a
 * {@link CatalogueLookup}). No rule reads it by name: the engine reads no files and keeps no
 * catalogues; whoever evaluates a rule that uses the operator (the server's rating, its checks)
 * passes them in its scope.
 */
export const CATALOGUES_SCOPE = '$catalogues';

/** A label as catalogues compare it: without surrounding spaces, ignoring case. */
export const catalogueLabelKey = (label: string): string => label.trim().toLocaleLowerCase('de');

/** The lookup of some catalogues (definitions/catalogues/, or a test's). */
export function catalogueLookup(catalogues: readonly Catalogue[]): CatalogueLookup {
  const byId = new Map(
    catalogues.map((catalogue) => [
      catalogue.id,
      {
        byKey: new Map(catalogue.entries.map((entry) => [entry.key, entry])),
        byLabel: new Map(catalogue.entries.map((entry) => [catalogueLabelKey(entry.label), entry])),
      },
    ]),
  );
  return {
    has: (id) => byId.has(id),
    entry: (id, text) => {
      const catalogue = byId.get(id);
      return catalogue?.byKey.get(text) ?? catalogue?.byLabel.get(catalogueLabelKey(text));
    },
  };
}

const isLookup = (value: unknown): value is CatalogueLookup =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<CatalogueLookup>).entry === 'function';

/** The catalogues of a rule's scope: the data it runs on, or an enclosing one (inside `map`). */
function lookupOf(scope: unknown, above: unknown): CatalogueLookup | undefined {
  for (const data of [scope, ...(Array.isArray(above) ? above : [])]) {
    const found =
      typeof data === 'object' && data !== null
        ? (data as Record<string, unknown>)[CATALOGUES_SCOPE]
        : undefined;
    if (isLookup(found)) return found;
  }
  return undefined;
}

/**
 * `{"catalogue": [id, text, attribute]}`: the attribute of the entry of catalogue `id` that
 * `text` names (its key or its label), or the entry's key when no attribute is given; null when
 * the text names no entry (or the scope holds no such catalogue). Tariffs use it to rate by a
 * dog's breed or a business type; definitions:check allows it only where the server evaluates.
 */
export function catalogueOperator(
  [id, text, attribute]: unknown[],
  scope?: unknown,
  above?: unknown,
): string | number | boolean | null {
  if (typeof id !== 'string' || typeof text !== 'string') return null;
  const entry = lookupOf(scope, above)?.entry(id, text);
  if (!entry) return null;
  if (attribute === undefined) return entry.key;
  if (typeof attribute !== 'string') return null;
  return entry.attributes[attribute] ?? null;
}
