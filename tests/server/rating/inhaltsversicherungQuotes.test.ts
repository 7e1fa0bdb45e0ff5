import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';

// The business contents line (definitions/tariffs/vh.json, flow inhaltsversicherung), priced by
// hand from the tariff's figures. Rate per 1,000 € of the sum by sector (Buchhandlung: HANDEL
// 2.4 ‰, risk class 1: 0.9), times the share of the hazards (30 + 35 + 20 + 15 %), the revenue
// band, claims and security factors, business interruption +20 %, elementary +45 €, the
// deductible discount, office liability +79 €, private liability +29 €; at least 99 € a year;
// payment period factor and instalments; the tax share is 19/119 of the annual premium.

const vh = defaultTariffs().get('VH', 'EUR') as Tariff;
const ALL = ['FEUER', 'EINBRUCHDIEBSTAHL', 'LEITUNGSWASSER', 'STURM_HAGEL'];

interface Input {
  hauptgewerbe: string;
  nebengewerbe: string[];
  jahresumsatz: number;
  flaeche: number;
  versicherungssumme: number;
  selbstbeteiligung: string;
  gefahren: string[];
  elementar: boolean;
  zusatzbausteine: string[];
  vorschaeden: string;
  sicherung: string;
  zahlweise: string;
}

const base: Input = {
  hauptgewerbe: 'Buchhandlung',
  nebengewerbe: [],
  jahresumsatz: 200000,
  flaeche: 100,
  versicherungssumme: 100000,
  selbstbeteiligung: 'SB_KEINE',
  gefahren: ALL,
  elementar: false,
  zusatzbausteine: [],
  vorschaeden: 'KEINE',
  sicherung: 'KEINE',
  zahlweise: 'JAEHRLICH',
};

/** The flow's answers (step and field names of inhaltsversicherung.json) for a case. */
function answersOf(input: Input): Record<string, Record<string, unknown>> {
  return {
    betrieb: {
      hauptgewerbe: input.hauptgewerbe,
      nebengewerbe: input.nebengewerbe.map((gewerbe) => ({ gewerbe })),
      jahresumsatz: input.jahresumsatz,
    },
    betriebsstaette: { flaeche: input.flaeche },
    inhalt: {
      versicherungssumme: input.versicherungssumme,
      selbstbeteiligung: input.selbstbeteiligung,
    },
    gefahren: { gefahren: input.gefahren, elementar: input.elementar },
    bausteine: { zusatzbausteine: input.zusatzbausteine },
    risiko: { vorschaeden: input.vorschaeden, sicherung: input.sicherung },
    zahlweise: { zahlweise: input.zahlweise },
    beginn: { versicherungsbeginn: '2025-07-01' },
  };
}

type Expected =
  { beitrag: number; jahresbeitrag: number; versicherungsteuer: number } | { grund: string };

const cases: [string, Partial<Input>, Expected][] = [
  // 100 * 2.4 = 240 * 100 % * 0.9 = 216 * 1 (revenue up to 250,000) = 216; tax 216 - 181.51 = 34.49
  [
    'a bookshop, annual payment',
    {},
    { beitrag: 216, jahresbeitrag: 216, versicherungsteuer: 34.49 },
  ],
  // 216 * 1.05 / 12 = 18.90, a year 226.80; tax 226.80 - 190.59 = 36.21
  [
    'monthly payment',
    { zahlweise: 'MONATLICH' },
    { beitrag: 18.9, jahresbeitrag: 226.8, versicherungsteuer: 36.21 },
  ],
  // 216 * 1.03 / 4 = 55.62, a year 222.48; tax 222.48 - 186.96 = 35.52
  [
    'quarterly payment',
    { zahlweise: 'VIERTELJAEHRLICH' },
    { beitrag: 55.62, jahresbeitrag: 222.48, versicherungsteuer: 35.52 },
  ],
  // 216 * 1.02 / 2 = 110.16, a year 220.32; tax 220.32 - 185.14 = 35.18
  [
    'half-yearly payment',
    { zahlweise: 'HALBJAEHRLICH' },
    { beitrag: 110.16, jahresbeitrag: 220.32, versicherungsteuer: 35.18 },
  ],
  // fire 30 % + tap water 20 % = 50 %: 240 * 0.5 * 0.9 = 108; tax 108 - 90.76 = 17.24
  [
    'fire and tap water only',
    { gefahren: ['FEUER', 'LEITUNGSWASSER'] },
    { beitrag: 108, jahresbeitrag: 108, versicherungsteuer: 17.24 },
  ],
  // 216 + 45 elementary = 261; tax 261 - 219.33 = 41.67
  [
    'with elementary damage',
    { elementar: true },
    { beitrag: 261, jahresbeitrag: 261, versicherungsteuer: 41.67 },
  ],
  // 216 * 1.2 (interruption) = 259.20, + 79 office liability + 29 private liability = 367.20;
  // tax 367.20 - 308.57 = 58.63
  [
    'every option: office and private liability, business interruption',
    { zusatzbausteine: ['BUEROHAFTPFLICHT', 'PHV', 'BETRIEBSUNTERBRECHUNG'] },
    { beitrag: 367.2, jahresbeitrag: 367.2, versicherungsteuer: 58.63 },
  ],
  // 216 - 15 % (deductible 1,000) = 183.60; tax 183.60 - 154.29 = 29.31
  [
    'deductible of 1,000 €',
    { selbstbeteiligung: 'SB_1000' },
    { beitrag: 183.6, jahresbeitrag: 183.6, versicherungsteuer: 29.31 },
  ],
  // Restaurant: GASTRONOMIE 3.6 ‰, class 2 (1.0): 100 * 3.6 = 360 * 1.45 (revenue 800,000)
  // = 522, + 20 % for two additional trades = 626.40, * 1.35 (two claims) = 845.64, - 5 % locks
  // = 803.358 -> 803.36; tax 803.36 - 675.09 = 128.27
  [
    'a restaurant with two additional trades, two claims and security locks',
    {
      hauptgewerbe: 'Restaurant',
      nebengewerbe: ['Café', 'Kiosk'],
      jahresumsatz: 800000,
      vorschaeden: 'ZWEI',
      sicherung: 'MECHANISCH',
    },
    { beitrag: 803.36, jahresbeitrag: 803.36, versicherungsteuer: 128.27 },
  ],
  // Dachdeckerei: HANDWERK 3.0 ‰, class 4 (1.45): 100 * 3.0 = 300 * 1.45 = 435; tax 435 - 365.55 = 69.45
  [
    'a roofer of the highest risk class',
    { hauptgewerbe: 'Dachdeckerei' },
    { beitrag: 435, jahresbeitrag: 435, versicherungsteuer: 69.45 },
  ],
  // Webdesign: BUERO 1.6 ‰, class 1: 10 * 1.6 * 30 % (fire only) * 0.9 = 4.32 -> minimum 99;
  // tax 99 - 83.19 = 15.81
  [
    'the minimum premium for a small office insured against fire only',
    { hauptgewerbe: 'Webdesign', versicherungssumme: 10000, gefahren: ['FEUER'] },
    { beitrag: 99, jahresbeitrag: 99, versicherungsteuer: 15.81 },
  ],
  [
    'refused: more than two claims',
    { vorschaeden: 'MEHR' },
    {
      grund:
        'Bei mehr als zwei Schäden in den letzten fünf Jahren können wir Ihren Betrieb online leider nicht versichern.',
    },
  ],
  [
    'refused: a trade that is not in the catalogue',
    { hauptgewerbe: 'Goldschmiede' },
    {
      grund:
        'Diese Gewerbeart finden wir nicht in unserer Liste. Bitte wählen Sie Ihr Hauptgewerbe aus den Vorschlägen.',
    },
  ],
  [
    'refused: a revenue above 10 million',
    { jahresumsatz: 12000000 },
    { grund: 'Bei einem Jahresumsatz über 10.000.000 € beraten wir Sie gern persönlich.' },
  ],
  [
    'refused: premises above 1,000 m²',
    { flaeche: 1200 },
    { grund: 'Geschäftsräume mit mehr als 1.000 m² versichern wir online leider nicht.' },
  ],
];

describe('business contents (VH) quotes, worked out by hand from the tariff', () => {
  it.each(cases)('%s', (_name, change, expected) => {
    const result = rate(vh, answersOf({ ...base, ...change }), { today: '2025-06-15' });
    if ('grund' in expected) {
      expect(result).toMatchObject({ kind: 'refused', grund: expected.grund });
      return;
    }
    expect(result.kind).toBe('priced');
    if (result.kind !== 'priced') return;
    expect({
      beitrag: result.beitrag,
      jahresbeitrag: result.jahresbeitrag,
      versicherungsteuer: result.outputs['versicherungsteuer'],
    }).toEqual(expected);
    expect(result.outputs['zahlweise']).toBe(change.zahlweise ?? 'JAEHRLICH');
  });
});
