import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  IBAN_COUNTRIES,
  isMarketPostcode,
  isValidIban,
  literalAmount,
  TEXT_FORMATS,
} from '../../engine/index.ts';
import type { BrandConfig } from '../../generated/types/brand.ts';
import type { Tariff } from '../../generated/types/tariff.ts';

// What definitions/brands/*.json promise about each brand's market (brand.schema.json, `market`)
// and what the texts and tariffs must do so that a brand in another country is data: every brand
// declares its locale, currency, postcode rule and payment methods; the texts name no currency of
// their own; a tariff in francs is written for Switzerland.

const root = join(process.cwd(), 'definitions');
const json = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;
const files = (dir: string) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.json'));
const brands = files('brands').map((file) => json<BrandConfig>(`brands/${file}`));
const tariffs = files('tariffs').map((file) => json<Tariff>(`tariffs/${file}`));

/** Every string of a JSON value with its pointer. */
function strings(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${at}/${i}`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${at}/${key}`));
  return [];
}

const texts = files('locales/de').flatMap((file) =>
  strings(json(`locales/de/${file}`)).map(([at, text]) => [`${file}${at}`, text] as const),
);

describe('the market of every brand', () => {
  it.each(brands.map((brand) => [brand.id, brand] as const))(
    '%s declares locale, currency, postcodes and payment methods that fit together',
    (_id, brand) => {
      const { market } = brand;
      expect(Intl.NumberFormat.supportedLocalesOf(market.locale)).toEqual([market.locale]);
      expect(market.postcode.pattern).toMatch(/^\^.*\$$/);
      expect(isMarketPostcode(market.postcode.example, market)).toBe(true);
      // The postcode in the brand's own address is one of its country's.
      const postcode = /, (\S+) /.exec(brand.imprint.anschrift)?.[1] ?? '';
      expect(isMarketPostcode(postcode, market)).toBe(true);
      const debits = market.paymentMethods.some((m) => m === 'SEPA_LASTSCHRIFT' || m === 'LSV');
      expect(market.debit !== undefined).toBe(debits);
      if (market.debit) {
        expect(isValidIban(market.debit.ibanExample)).toBe(true);
        expect(market.debit.ibanCountries).toContain(market.debit.ibanExample.slice(0, 2));
        for (const country of market.debit.ibanCountries)
          expect(IBAN_COUNTRIES as readonly string[]).toContain(country);
      }
      if (market.paymentMethods.includes('LSV'))
        expect([...(market.debit?.ibanCountries ?? [])].sort()).toEqual(['CH', 'LI']);
    },
  );

  it('has a Swiss brand that writes Swiss German in francs and is paid the Swiss way', () => {
    const swiss = brands.find((brand) => brand.id === 'protect-ch');
    if (!swiss) throw new Error('protect-ch has no brand file');
    expect(swiss.market).toMatchObject({
      locale: 'de-CH',
      currency: 'CHF',
      paymentMethods: ['QR_RECHNUNG', 'LSV'],
    });
    expect(isMarketPostcode('8001', swiss.market)).toBe(true);
    expect(isMarketPostcode('80331', swiss.market)).toBe(false);
  });
});

describe('texts that follow the brand', () => {
  it('name no currency of their own: amounts go through money or amount, the name through {{waehrungName}}', () => {
    const fixed = texts.filter(([, text]) => /€|\bEuro\b|\bCHF\b|currency\(/.test(text));
    expect(fixed).toEqual([]);
  });

  it('use only the formats the platform has, and write every amount they state', () => {
    const germanMarket = brands.find((brand) => brand.id === 'andsafe')?.market;
    if (!germanMarket) throw new Error('andsafe has no brand file');
    for (const [at, text] of texts)
      for (const [whole, name, format = ''] of text.matchAll(
        /\{\{\s*([^,}]+?)\s*,\s*([^}]+)\}\}/g,
      )) {
        const formatName = format.replace(/\(.*$/, '').trim().toLowerCase();
        expect(TEXT_FORMATS as readonly string[], `${at}: ${whole}`).toContain(formatName);
        if (/^\d/.test(name ?? ''))
          expect(literalAmount(`${name},${format}`, germanMarket), `${at}: ${whole}`).toBeDefined();
      }
  });
});

describe('the tariffs in a currency', () => {
  it('price every product for each currency at most once', () => {
    const seen = new Set<string>();
    for (const tariff of tariffs)
      for (const product of tariff.products) {
        const key = `${product} ${tariff.currency}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
  });

  it('in francs are written for Switzerland: no euro, no ß', () => {
    const swiss = tariffs.filter((tariff) => tariff.currency === 'CHF');
    expect(swiss.map((tariff) => tariff.id).sort()).toEqual([
      'fahrrad-ch',
      'hausrat-ch',
      'reise-ch',
    ]);
    for (const tariff of swiss)
      for (const [at, text] of strings(tariff))
        expect(text, `${tariff.id}${at}`).not.toMatch(/€|\bEuro\b|ß/);
  });
});
