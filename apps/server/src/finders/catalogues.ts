import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { provideCatalogues } from '#engine';
import type { Catalogue } from '../../../../generated/types/catalogue.ts';
import { REPO_ROOT } from '../tariffs/loadTariffs.ts';

/** Folder of the catalogue files (dog breeds, business types). */
export const CATALOGUES_DIR = join(REPO_ROOT, 'definitions', 'catalogues');

let loaded: ReadonlyMap<string, Catalogue> | undefined;

/**
 * The catalogues of definitions/catalogues/ by id, read once per process (definitions:check
 * validated them) and provided to the rule operator `catalogue` on first use.
 */
export function catalogues(): ReadonlyMap<string, Catalogue> {
  if (!loaded) {
    const list = readdirSync(CATALOGUES_DIR)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => JSON.parse(readFileSync(join(CATALOGUES_DIR, name), 'utf8')) as Catalogue);
    provideCatalogues(list);
    loaded = new Map(list.map((catalogue) => [catalogue.id, catalogue]));
  }
  return loaded;
}
