import { readFileSync } from 'node:fs';
import type { Market } from '../../engine/format/index.ts';
import type { WizardDefinition } from '../../engine/definition/types.ts';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';
import type { WizardSetup } from '../../engine/wizard/transition.ts';

/** Reads a JSON file of definitions/ (test helper), of the repository or of another root. */
export function readDefinitionJson<T>(path: string, root = '.'): T {
  return JSON.parse(readFileSync(`${root}/definitions/${path}`, 'utf8')) as T;
}

/** The real API catalogue. */
export const endpoints = readDefinitionJson<EndpointCatalogue>('api/endpoints.json').endpoints;

/** The real claim-entry definition. */
export const claimEntry = readDefinitionJson<WizardDefinition>('claims/claim-entry.json');

/**
 * A claim-entry setup for a brand, with the brand's products and local claim apps (of the
 * repository's definitions, or of another root: a fixture laid over them).
 */
export function claimSetup(
  brand: string,
  flags: Record<string, boolean> = {},
  root = '.',
): WizardSetup {
  const brandConfig = readDefinitionJson<{ claimProducts: string[] }>(`brands/${brand}.json`, root);
  const env = readDefinitionJson<{ claimApps: Record<string, Record<string, string>> }>(
    'environments/localhost.json',
    root,
  );
  return {
    definition: claimEntry,
    endpoints,
    context: {
      brand,
      environment: 'localhost',
      role: 'claimant',
      flags: {
        'enable-vehicle-insurance-claim-report': false,
        'use-contentful-preview': false,
        ...flags,
      },
      config: { claimProducts: brandConfig.claimProducts, claimApps: env.claimApps[brand] ?? {} },
      market: brandMarket(brand),
    },
  };
}

/**
 * The setup of an application flow in one of its variants: the agent variant runs for customer
 * `partnerNummer` (its route parameter) and with the given context (a loaded `customer`, say).
 */
export function applicationSetup(
  definition: WizardDefinition,
  variant: 'customer' | 'agent' | 'advice',
  options: { brand: string; today: string; partnerNummer: string; extra?: Record<string, unknown> },
): WizardSetup {
  return {
    definition,
    endpoints,
    context: {
      brand: options.brand,
      environment: 'localhost',
      role: variant === 'agent' ? 'vermittler' : 'claimant',
      variant,
      today: options.today,
      flags: {},
      config: { claimProducts: [], claimApps: {} },
      market: brandMarket(options.brand),
      route: variant === 'agent' ? { partnerNummer: options.partnerNummer } : {},
      entry: {},
      ...options.extra,
    },
  };
}

/** A brand's market as its file declares it (definitions/brands/<brand>.json, `market`). */
export function brandMarket(brand: string): Market {
  return readDefinitionJson<{ market: Market }>(`brands/${brand}.json`).market;
}
