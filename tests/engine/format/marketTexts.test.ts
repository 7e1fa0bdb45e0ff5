import { describe, expect, it } from 'vitest';
import { interpolate, textLookup } from '../../../engine/index.ts';
import { brandMarket, readDefinitionJson } from '../../support/definitions.ts';
import { TEXTS } from '../../support/marketTexts.ts';

const andsafe = brandMarket('andsafe');
const protectCh = brandMarket('protect-ch');

describe('texts in the brand market, on the server (engine interpolate)', () => {
  it('writes a German brand’s texts with euros and ß', () => {
    const t = (key: keyof typeof TEXTS, values?: Record<string, unknown>) =>
      interpolate(TEXTS[key], values, andsafe);
    expect(t('label')).toBe('Kaufpreis in Euro');
    expect(t('help')).toBe('Wir versichern Fahrräder von 200\u00a0€ bis 10.000\u00a0€.');
    expect(t('premium', { beitrag: 149.94 })).toBe(
      'Ihr Beitrag: 149,94\u00a0€ jährlich, Versicherungssumme 5\u00a0Mio.\u00a0€.',
    );
    expect(t('street')).toBe('Straße');
  });

  it('writes the Swiss brand’s texts in francs, in Swiss notation and without ß', () => {
    const t = (key: keyof typeof TEXTS, values?: Record<string, unknown>) =>
      interpolate(TEXTS[key], values, protectCh);
    expect(t('label')).toBe('Kaufpreis in Schweizer Franken');
    expect(t('help')).toBe("Wir versichern Fahrräder von CHF\u00a0200 bis CHF\u00a010'000.");
    expect(t('premium', { beitrag: 1234.5 })).toBe(
      "Ihr Beitrag: CHF\u00a01'234.50 jährlich, Versicherungssumme CHF\u00a05\u00a0Mio.",
    );
    expect(t('street')).toBe('Strasse');
    expect(t('missing')).toBe('Beitrag {{beitrag, money}}');
  });

  it('gives the server the Swiss messages of a real bundle', () => {
    const bundles = new Map([
      ['common', readDefinitionJson('locales/de/common.json')],
      ['fahrrad', readDefinitionJson('locales/de/fahrrad.json')],
    ]);
    const text = textLookup(bundles, 'fahrrad', protectCh);
    expect(text('Bike.kaufpreis.minimum')).toBe(
      'Wir versichern Fahrräder ab einem Kaufpreis von CHF\u00a0200.',
    );
    expect(text('Cover.schutzbrief.label')).toBe('Schutzbrief einschliessen?');
    expect(text('common:validation.postcode', { beispiel: '8001' })).toBe(
      'Bitte geben Sie eine gültige Postleitzahl an, zum Beispiel 8001.',
    );
  });
});
