import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Market } from '#engine';
import type { BrandConfig } from '../../../../generated/types/brand.ts';

/** The folder of the brand files (definitions/brands). */
const BRANDS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'definitions',
  'brands',
);

const cache = new Map<string, BrandConfig>();

/**
 * A brand's configuration (definitions/brands/<brand>.json, checked by definitions:check), read
 * once per process. Throws for a brand without a file.
 */
export function brandConfig(brand: string): BrandConfig {
  let config = cache.get(brand);
  if (!config) {
    if (!/^[a-z][a-z-]*$/.test(brand)) throw new Error(`"${brand}" is no brand id`);
    config = JSON.parse(readFileSync(join(BRANDS_DIR, `${brand}.json`), 'utf8')) as BrandConfig;
    cache.set(brand, config);
  }
  return config;
}

/**
 * The market of a brand: the locale and currency its texts, amounts and documents are written in,
 * its postcode rule and payment methods. The server checks and prices answers in it, as the
 * browser does (context.market).
 */
export const marketOf = (brand: string): Market => brandConfig(brand).market;
