import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { vi } from 'vitest';
import type { Market, WizardDefinition, WizardSetup } from '../../engine/index.ts';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';
import { marketTexts, type TransportResult, type WizardServices } from '../../renderer/index.ts';

const read = <T,>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** i18next with the real German bundles of common and one flow namespace. */
export async function setupTexts(namespace: string): Promise<void> {
  if (!i18next.isInitialized) {
    // The texts in andsafe's market (German, euros), as the app sets them up.
    const texts = marketTexts(read<{ market: Market }>('definitions/brands/andsafe.json').market);
    await i18next
      .use(initReactI18next)
      .use(texts.postProcessor)
      .init({ ...texts.options, defaultNS: 'common', ns: ['common'], resources: {} });
    texts.addFormats(i18next);
  }
  for (const ns of ['common', namespace]) {
    if (!i18next.hasResourceBundle('de', ns))
      i18next.addResourceBundle('de', ns, read(`definitions/locales/de/${ns}.json`));
  }
}

/** The generated (self-contained) definition and precompiled validators of a flow. */
export async function loadGeneratedFlow(
  id: string,
): Promise<{ definition: WizardDefinition; validators: Record<string, ValidateFunction> }> {
  const { validatorLoaders } = await import('../../generated/validators/index.ts');
  const loaders = validatorLoaders[id];
  if (!loaders) throw new Error(`no validators for ${id}`);
  // Every step's validators at once (the app loads those of telephone steps later).
  const [validators, phone] = await Promise.all([loaders.load(), loaders.phone?.load()]);
  return {
    definition: read<WizardDefinition>(`generated/definitions/${id}.json`),
    validators: { ...validators, ...phone },
  };
}

/** A claim-entry setup for a brand with the localhost configuration. */
export function claimEntrySetup(
  definition: WizardDefinition,
  brand: string,
  flags: Record<string, boolean> = {},
): WizardSetup {
  const brandConfig = read<{ claimProducts: string[]; market: unknown }>(
    `definitions/brands/${brand}.json`,
  );
  const env = read<{ claimApps: Record<string, Record<string, string>> }>(
    'definitions/environments/localhost.json',
  );
  return {
    definition,
    endpoints: read<EndpointCatalogue>('definitions/api/endpoints.json').endpoints,
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
      market: brandConfig.market,
    },
  };
}

/** Services that record what the wizard does; the transport answers with `answer`. */
export function fakeServices(answer: TransportResult = { ok: false, status: 404, body: null }) {
  const storage = new Map<string, string>();
  const services = {
    transport: vi.fn(async () => answer),
    navigate: vi.fn(),
    forward: vi.fn(),
    report: vi.fn(),
    storage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
  } satisfies WizardServices;
  return { services, storage };
}
