import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Market } from '#engine';
import { marketTexts, type MarketTexts } from '#renderer';
import { brands } from '../config/brand.ts';
import { defaultFlags } from '../config/environment.ts';
import { bundleBackend } from './bundleBackend.ts';
import {
  bundlePath,
  translationSource,
  type TranslationSource,
} from '../../../../engine/i18n/translationSource.ts';

/** Options of {@link setupI18n}. */
export interface I18nOptions {
  /** The market of the brand shown: its locale, amounts and orthography (see marketTexts). */
  market: Market;
  /** Preview or live bundles; default from the page's host and the default flags. */
  source?: TranslationSource;
  /**
   * Namespaces fetched with `common` (the flow of the page's route), so that the route's texts
   * are requested together with the common ones, not after the first render.
   */
  namespaces?: readonly string[];
}

/** Where the bundles come from now; {@link switchTranslationSource} changes it. */
let currentSource: TranslationSource = 'live';

/** The market wiring of the texts, once set up. */
let market: MarketTexts | undefined;

/**
 * i18next over the German bundles in the brand market's locale (de, or de-CH with de as its
 * fallback: only the German bundles are loaded, shown in Swiss orthography with Swiss amounts)
 * and `common` as the default namespace; bundles come from /api/i18n/{preview|live}/{namespace}
 * (see engine/i18n/translationSource.ts).
 */
export async function setupI18n(options: I18nOptions): Promise<typeof i18next> {
  currentSource = options.source ?? translationSource(window.location.hostname, defaultFlags());
  const texts = installMarketTexts(marketTexts(options.market));
  await i18next
    .use(bundleBackend((namespace) => bundlePath(currentSource, namespace)))
    .use(initReactI18next)
    .use(texts.postProcessor)
    .init({
      ...texts.options,
      supportedLngs: [...new Set(['de', ...[...brands.values()].map((b) => b.market.locale)])],
      defaultNS: 'common',
      ns: ['common', ...(options.namespaces ?? []).filter((ns) => ns !== 'common')],
      returnNull: false,
    });
  texts.addFormats(i18next);
  return i18next;
}

/**
 * Makes a market wiring the app's (setupI18n does; a test that sets up i18next itself does too),
 * so that {@link currentMarket} and {@link switchMarket} reach it. Answers it.
 */
export function installMarketTexts(texts: MarketTexts): MarketTexts {
  market = texts;
  return texts;
}

/** The market of the brand shown now: what the portals write amounts in. */
export function currentMarket(): Market {
  if (!market) throw new Error('The texts are not set up yet');
  return market.current();
}

/** Shows the texts in another brand's market (the brand switch): its locale, amounts, spelling. */
export async function switchMarket(next: Market): Promise<void> {
  if (!market) throw new Error('The texts are not set up yet');
  await market.switchTo(i18next, next);
}

/**
 * Switches to the other bundles (the flag use-contentful-preview arrived after the texts were
 * requested from the defaults' source), loads every namespace loaded so far again from there and
 * has the shown texts render again.
 */
export async function switchTranslationSource(source: TranslationSource): Promise<void> {
  if (source === currentSource) return;
  currentSource = source;
  await i18next.reloadResources();
  // react-i18next renders again on a language change (the same language: the new bundles).
  await i18next.changeLanguage(i18next.language);
}

/**
 * Loads a namespace's bundle (a flow's texts) from the same source; resolves when it is there.
 * An already loaded one resolves at once: i18next's `loadNamespaces` waits for every namespace
 * still in flight (the portal texts the app shell requests after its first render), which held
 * a flow's first step back by that request.
 */
export async function loadNamespace(namespace: string): Promise<void> {
  if (i18next.hasLoadedNamespace(namespace)) return;
  await i18next.loadNamespaces(namespace);
}
