import type { i18n as I18n, InitOptions, PostProcessorModule } from 'i18next';
import {
  formatTextValue,
  inOrthography,
  literalAmount,
  marketTextValues,
  TEXT_FORMATS,
  type Market,
} from '#engine';

/** How i18next shows the German bundles for a brand's market (see {@link marketTexts}). */
export interface MarketTexts {
  /** Options to give i18next's init beside the app's own. */
  options: InitOptions;
  /** The post-processor to `use` before init: the locale's orthography (ss for ß in de-CH). */
  postProcessor: PostProcessorModule;
  /** Adds the formats `money`, `amount` and `datum` once i18next is initialised. */
  addFormats: (i18n: I18n) => void;
  /** Shows the texts for another market (a switch of the brand): its values, locale and amounts. */
  switchTo: (i18n: I18n, market: Market) => Promise<void>;
  /** The market shown now. */
  current: () => Market;
}

/** The name of the post-processor {@link marketTexts} registers. */
export const MARKET_POST_PROCESSOR = 'marketOrthography';

/**
 * i18next for a brand's market, the browser's side of engine/format/marketTexts.ts (the server
 * reads the same texts the same way): the language is the market's locale (de, de-CH) with the
 * German bundles as its fallback, so only `de` bundles are ever loaded; every text may name the
 * market's values (`{{waehrungName}}`); `{{beitrag, money}}` and `{{200, amount}}` are written in
 * its currency and locale; and every text follows the locale's orthography.
 */
export function marketTexts(initial: Market): MarketTexts {
  let market = initial;
  return {
    options: {
      lng: market.locale,
      fallbackLng: 'de',
      load: 'languageOnly',
      postProcess: [MARKET_POST_PROCESSOR],
      interpolation: { escapeValue: false, defaultVariables: marketTextValues(market) },
      // A figure in place of a name (`{{200, amount}}`) is that amount; any other placeholder
      // without a value stays as written, as i18next leaves it.
      missingInterpolationHandler: (_text, match) =>
        literalAmount(String(match[1]), market) ?? String(match[0]),
    },
    postProcessor: {
      type: 'postProcessor',
      name: MARKET_POST_PROCESSOR,
      process: (
        value: string,
        _key,
        options: { lng?: string },
        translator: { language?: string },
      ) => inOrthography(value, options.lng ?? translator.language ?? market.locale),
    },
    addFormats(i18n) {
      for (const format of TEXT_FORMATS)
        i18n.services.formatter?.add(format, (value, _lng, options) =>
          formatTextValue(value, format, market, { compact: 'compact' in (options ?? {}) }),
        );
    },
    async switchTo(i18n, next) {
      market = next;
      if (i18n.options.interpolation)
        i18n.options.interpolation.defaultVariables = marketTextValues(next);
      await i18n.changeLanguage(next.locale);
    },
    current: () => market,
  };
}
