import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueLookup, type CatalogueLookup } from '#engine';
import type { Catalogue } from '../../../../generated/types/catalogue.ts';
import { REPO_ROOT } from '../repoRoot.ts';

/** Folder of the catalogue files (dog breeds, business types). */
export const CATALOGUES_DIR = join(REPO_ROOT, 'definitions', 'catalogues');

/** The catalogue files of a folder (definitions:check validated them), by id. */
export function readCatalogues(dir: string = CATALOGUES_DIR): ReadonlyMap<string, Catalogue> {
  const list = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Catalogue);
  return new Map(list.map((catalogue) => [catalogue.id, catalogue]));
}

let loaded: ReadonlyMap<string, Catalogue> | undefined;
let lookup: CatalogueLookup | undefined;

/** The catalogues of the repository's definitions/catalogues/ by id (read once per process). */
export function catalogues(): ReadonlyMap<string, Catalogue> {
  return (loaded ??= readCatalogues());
}

/** The same catalogues as rules read them (the scope of a rule using `catalogue`). */
export function repositoryCatalogues(): CatalogueLookup {
  return (lookup ??= catalogueLookup([...catalogues().values()]));
}
