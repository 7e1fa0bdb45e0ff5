import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the server's data files (apps/server/data). */
export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data');

/** One entry of a finder answer. */
export interface FinderItem {
  key: string;
  label: string;
}

/** A postcode of the demo address data with its place and streets. */
export interface Postleitzahl {
  plz: string;
  ort: string;
  land: 'DE' | 'CH';
  strassen: string[];
}

/** At most this many entries per finder answer. */
export const MAX_RESULTS = 20;

const cache = new Map<string, unknown>();

/** A JSON file of apps/server/data, read once. */
export function readDataFile<T>(name: string): T {
  if (!cache.has(name)) cache.set(name, JSON.parse(readFileSync(join(DATA_DIR, name), 'utf8')));
  return cache.get(name) as T;
}

/** Folds text for comparison: case, accents and punctuation do not matter (ß is ss). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** As {@link foldText}, but with the German umlauts spelt out (Müller -> mueller). */
function foldSpelledOut(text: string): string {
  return foldText(text.replace(/[äÄ]/g, 'ae').replace(/[öÖ]/g, 'oe').replace(/[üÜ]/g, 'ue'));
}

/**
 * The labels containing the query (case, accents and punctuation ignored; "mueller" also finds
 * "Müller"), names starting with it first, each group in German alphabetical order, at most
 * {@link MAX_RESULTS}. An empty query matches everything.
 */
export function search<T extends { label: string }>(items: readonly T[], query: string): T[] {
  const wanted = foldText(query);
  const scored: { item: T; prefix: boolean }[] = [];
  for (const item of items) {
    const forms = [foldText(item.label), foldSpelledOut(item.label)];
    if (!forms.some((form) => form.includes(wanted))) continue;
    scored.push({ item, prefix: forms.some((form) => form.startsWith(wanted)) });
  }
  return scored
    .sort(
      (a, b) =>
        Number(b.prefix) - Number(a.prefix) || a.item.label.localeCompare(b.item.label, 'de'),
    )
    .slice(0, MAX_RESULTS)
    .map((entry) => entry.item);
}

/** A key made of a text: lower case, umlauts spelt out, words joined by hyphens. */
export function slugOf(text: string): string {
  return foldSpelledOut(text).replace(/ /g, '-');
}

/** The demo postcodes of data/adressen.json. */
export function postleitzahlen(): Postleitzahl[] {
  return readDataFile<Postleitzahl[]>('adressen.json');
}
