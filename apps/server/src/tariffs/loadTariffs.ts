import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { catalogueLookup } from '#engine';
import { readCatalogues, repositoryCatalogues } from '../finders/catalogues.ts';
import { REPO_ROOT } from '../repoRoot.ts';
import { join } from 'node:path';
import { createAjv } from '../../../../engine/validation/createAjv.ts';
import {
  tariffCatalogue,
  type Tariff,
  type TariffCatalogue,
  type TariffProduct,
} from './tariff.ts';

/** Folder of the tariff files. */
export const TARIFFS_DIR = join(REPO_ROOT, 'definitions', 'tariffs');

/**
 * Reads and validates every tariff file of `dir` against the tariff schema of `root` (the folder
 * holding definitions/) and indexes it by product (contract products and lines sold by
 * application only) and currency. Throws on a file that breaks the schema, names a variant
 * product outside its products list, or prices a product twice in one currency.
 */
export function loadTariffs(dir: string = TARIFFS_DIR, root: string = REPO_ROOT): TariffCatalogue {
  const schema = (name: string): object =>
    JSON.parse(readFileSync(join(root, 'definitions', 'schema', name), 'utf8')) as object;
  const ajv = createAjv();
  ajv.addSchema(schema('rule.schema.json'));
  const validate = ajv.compile<Tariff>(schema('tariff.schema.json'));
  const tariffs: Tariff[] = [];
  const priced = new Set<string>();
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const data: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    if (!validate(data)) {
      throw new Error(`Tarif ${name} ist ungültig: ${ajv.errorsText(validate.errors)}`);
    }
    for (const variant of data.coverVariants ?? []) {
      const foreign = variant.products.find(
        (product) => !data.products.includes(product as TariffProduct),
      );
      if (foreign)
        throw new Error(`Tarif ${name}: Deckung ${variant.id} nennt fremdes Produkt ${foreign}.`);
    }
    for (const product of data.products) {
      const key = `${product} ${data.currency}`;
      if (priced.has(key))
        throw new Error(
          `Produkt ${product} hat mehr als einen Tarif in ${data.currency} (${name}).`,
        );
      priced.add(key);
    }
    tariffs.push(data);
  }
  // The catalogues of the same definitions (a test's copy has its own; the repository's are shared).
  const catalogueDir = join(root, 'definitions', 'catalogues');
  return tariffCatalogue(
    tariffs,
    root === REPO_ROOT || !existsSync(catalogueDir)
      ? repositoryCatalogues()
      : catalogueLookup([...readCatalogues(catalogueDir).values()]),
  );
}

let cached: TariffCatalogue | undefined;

/** The tariffs of definitions/tariffs/, read once per process. */
export function defaultTariffs(): TariffCatalogue {
  cached ??= loadTariffs();
  return cached;
}
