import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { interpolate } from '../../engine/index.ts';
import { marketTexts } from '../../renderer/index.ts';
import { TEXTS } from '../support/marketTexts.ts';
import { brandMarket } from '../support/definitions.ts';

const andsafe = brandMarket('andsafe');
const protectCh = brandMarket('protect-ch');

/** i18next as the app sets it up for a market, over some texts of the bundles' shapes. */
async function i18nFor(market: ReturnType<typeof brandMarket>, texts: Record<string, string>) {
  const wiring = marketTexts(market);
  const i18n = createInstance();
  await i18n.use(wiring.postProcessor).init({
    ...wiring.options,
    resources: { de: { translation: texts } },
    initAsync: false,
  });
  wiring.addFormats(i18n);
  return { i18n, wiring };
}

describe('texts in the brand market, in the browser (i18next)', () => {
  it('shows the same texts as the server, for either market, and follows a brand switch', async () => {
    const { i18n, wiring } = await i18nFor(andsafe, TEXTS);
    expect(i18n.language).toBe('de');
    expect(i18n.t('label')).toBe('Kaufpreis in Euro');
    expect(i18n.t('premium', { beitrag: 149.94 })).toBe(
      interpolate(TEXTS.premium, { beitrag: 149.94 }, andsafe),
    );
    await wiring.switchTo(i18n, protectCh);
    expect(i18n.language).toBe('de-CH');
    expect(i18n.t('label')).toBe('Kaufpreis in Schweizer Franken');
    expect(i18n.t('help')).toBe(interpolate(TEXTS.help, undefined, protectCh));
    expect(i18n.t('premium', { beitrag: 1234.5 })).toBe(
      interpolate(TEXTS.premium, { beitrag: 1234.5 }, protectCh),
    );
    expect(i18n.t('street')).toBe('Strasse');
  });

  it('takes the German bundles as the Swiss language’s fallback', async () => {
    const { i18n } = await i18nFor(protectCh, TEXTS);
    expect(i18n.language).toBe('de-CH');
    expect(i18n.resolvedLanguage).toBe('de');
    expect(i18n.t('street')).toBe('Strasse');
  });
});
