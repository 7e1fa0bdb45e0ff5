import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Market } from '#engine';
import { marketTexts, type MarketTexts } from '#renderer';
import type { BrandConfig } from '../../../generated/types/brand.ts';
import studio from './locales/de/studio.json';

// The flows' German bundles straight from definitions/locales (the studio needs no server).
const bundles = import.meta.glob('../../../definitions/locales/de/*.json', {
  import: 'default',
  eager: true,
}) as Record<string, Record<string, unknown>>;

const brandFiles = import.meta.glob<BrandConfig>('../../../definitions/brands/*.json', {
  import: 'default',
  eager: true,
});

/** Every brand's market by brand id (the preview runs a flow in the chosen brand's market). */
export const brandMarkets: ReadonlyMap<string, Market> = new Map(
  Object.values(brandFiles).map((brand) => [brand.id, brand.market]),
);

const markets = new WeakMap<i18n, MarketTexts>();

/**
 * The studio's own i18next: its texts (namespace `studio`) and every bundle of definitions/, in
 * the market of a brand (the first until the preview picks one, {@link showMarket}).
 */
export function createStudioI18n(): i18n {
  const instance = createInstance();
  const resources: Record<string, Record<string, unknown>> = { studio };
  for (const [key, bundle] of Object.entries(bundles)) {
    const namespace = key.replace(/^.*\//, '').replace(/\.json$/, '');
    resources[namespace] = Object.fromEntries(
      Object.entries(bundle).filter(([key]) => key !== '$schema'),
    );
  }
  const first = [...brandMarkets.values()][0];
  if (!first) throw new Error('definitions/brands/ has no brand');
  const texts = marketTexts(first);
  markets.set(instance, texts);
  void instance
    .use(initReactI18next)
    .use(texts.postProcessor)
    .init({
      ...texts.options,
      defaultNS: 'studio',
      ns: Object.keys(resources),
      resources: { de: resources },
      returnNull: false,
      initAsync: false,
    });
  texts.addFormats(instance);
  return instance;
}

/** Shows the texts of the studio's i18next in a brand's market (the preview's brand). */
export async function showMarket(instance: i18n, market: Market): Promise<void> {
  await markets.get(instance)?.switchTo(instance, market);
}
