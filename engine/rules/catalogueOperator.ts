import type { Catalogue } from '../../generated/types/catalogue.ts';

/** One catalogue as the operator reads it: entries by key and by folded label. */
interface CatalogueIndex {
  byKey: ReadonlyMap<string, Catalogue['entries'][number]>;
  byLabel: ReadonlyMap<string, Catalogue['entries'][number]>;
}

let provided = new Map<string, CatalogueIndex>();

/** A label as catalogues compare it: without surrounding spaces, ignoring case. */
export const catalogueLabelKey = (label: string): string => label.trim().toLocaleLowerCase('de');

/**
 * Gives the `catalogue` operator its data. The engine reads no files: the server provides the
 * catalogues of definitions/catalogues/ when it starts (and tests the ones they need). Replaces
 * what was provided before.
 */
export function provideCatalogues(catalogues: readonly Catalogue[]): void {
  provided = new Map(
    catalogues.map((catalogue) => [
      catalogue.id,
      {
        byKey: new Map(catalogue.entries.map((entry) => [entry.key, entry])),
        byLabel: new Map(catalogue.entries.map((entry) => [catalogueLabelKey(entry.label), entry])),
      },
    ]),
  );
}

/** The entry of a catalogue a text names (its key, or its label ignoring case and spaces). */
export function catalogueEntry(id: string, text: string): Catalogue['entries'][number] | undefined {
  const catalogue = provided.get(id);
  return catalogue?.byKey.get(text) ?? catalogue?.byLabel.get(catalogueLabelKey(text));
}

/**
 * `{"catalogue": [id, text, attribute]}`: the attribute of the entry of catalogue `id` that
 * `text` names (its key or its label), or the entry's key when no attribute is given; null when
 * the text names no entry (or the catalogue was not provided). Tariffs use it to rate by a
 * dog's breed or a business type; definitions:check allows it only where the server evaluates.
 */
export function catalogueOperator([id, text, attribute]: unknown[]):
  string | number | boolean | null {
  if (typeof id !== 'string' || typeof text !== 'string') return null;
  const entry = catalogueEntry(id, text);
  if (!entry) return null;
  if (attribute === undefined) return entry.key;
  if (typeof attribute !== 'string') return null;
  return entry.attributes[attribute] ?? null;
}
