import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';

// The multi-risk business contents flow (inhalt-mehrgefahren) on the one SI tariff
// (definitions/tariffs/si.json), priced by hand from the tariff's figures. Rate per 1,000 € of
// the sum by product and sector (multi-risk Buchhandlung: HANDEL 2.2 ‰, risk class 1: 0.9), the
// share of the named hazards chosen (fire 30, burglary 35, tap water 20, storm and hail 15 %),
// the factor of the postcode area (Kiel, 2: 1.05), claims and security factors, business
// interruption +20 %, elementary +89 €, glass +60 €, the deductible discount; at least 199 € a
// year; payment period factor and instalments; the tax share is 19/119 of the annual premium.

const si = defaultTariffs().get('SI_MEHRGEFAHREN', 'EUR') as Tariff;

interface Input {
  hauptgewerbe: string;
  nebengewerbe: string[];
  plz: string;
  flaeche: number;
  versicherungssumme: number;
  selbstbeteiligung: string;
  deckungen: string[];
  zusatzbausteine: string[];
  vorschaeden: string;
  sicherung: string;
  zahlweise: string;
}

const base: Input = {
  hauptgewerbe: 'Buchhandlung',
  nebengewerbe: [],
  plz: '24103',
  flaeche: 100,
  versicherungssumme: 100000,
  selbstbeteiligung: 'SB_KEINE',
  deckungen: ['FEUER', 'EINBRUCHDIEBSTAHL', 'LEITUNGSWASSER', 'STURM_HAGEL'],
  zusatzbausteine: [],
  vorschaeden: 'KEINE',
  sicherung: 'KEINE',
  zahlweise: 'JAEHRLICH',
};

/** The flow's answers (step and field names of inhalt-mehrgefahren.json) for a case. */
function answersOf(input: Input): Record<string, Record<string, unknown>> {
  return {
    betrieb: {
      hauptgewerbe: input.hauptgewerbe,
      nebengewerbe: input.nebengewerbe.map((gewerbe) => ({ gewerbe })),
    },
    betriebsstaette: { plz: input.plz, flaeche: input.flaeche },
    inhalt: {
      produkt: 'SI_MEHRGEFAHREN',
      versicherungssumme: input.versicherungssumme,
      selbstbeteiligung: input.selbstbeteiligung,
    },
    gefahren: { deckungen: input.deckungen },
    bausteine: { zusatzbausteine: input.zusatzbausteine },
    risiko: { vorschaeden: input.vorschaeden, sicherung: input.sicherung },
    zahlweise: { zahlweise: input.zahlweise },
    beginn: { versicherungsbeginn: '2025-07-01' },
  };
}

type Expected =
  { beitrag: number; jahresbeitrag: number; versicherungsteuer: number } | { grund: string };

const cases: [string, Partial<Input>, Expected][] = [
  // 100 * 2.2 = 220 * 100 % (fire 30 + burglary 35 + tap water 20 + storm 15) * 0.9 (class 1)
  // * 1.05 (postcode area 2) = 207.90; tax 207.90 - 174.71 = 33.19
  [
    'a bookshop in Kiel insured against the four named hazards, annual payment',
    {},
    { beitrag: 207.9, jahresbeitrag: 207.9, versicherungsteuer: 33.19 },
  ],
  // 207.90 * 1.05 / 12 = 18.191 -> 18.19, a year 218.28; tax 218.28 - 183.43 = 34.85
  [
    'monthly payment',
    { zahlweise: 'MONATLICH' },
    { beitrag: 18.19, jahresbeitrag: 218.28, versicherungsteuer: 34.85 },
  ],
  // 207.90 * 1.02 / 2 = 106.029 -> 106.03, a year 212.06; tax 212.06 - 178.20 = 33.86
  [
    'half-yearly payment',
    { zahlweise: 'HALBJAEHRLICH' },
    { beitrag: 106.03, jahresbeitrag: 212.06, versicherungsteuer: 33.86 },
  ],
  // 300 * 2.2 = 660 * 65 % (fire and burglary) = 429 * 0.9 * 1.05 = 405.405 -> 405.41;
  // tax 405.41 - 340.68 = 64.73
  [
    'fire and burglary only, 300,000 €',
    { versicherungssumme: 300000, deckungen: ['FEUER', 'EINBRUCHDIEBSTAHL'] },
    { beitrag: 405.41, jahresbeitrag: 405.41, versicherungsteuer: 64.73 },
  ],
  // 207.90 + 89 elementary = 296.90; tax 296.90 - 249.50 = 47.40
  [
    'the four hazards and elementary damage',
    { deckungen: ['FEUER', 'EINBRUCHDIEBSTAHL', 'LEITUNGSWASSER', 'STURM_HAGEL', 'ELEMENTAR'] },
    { beitrag: 296.9, jahresbeitrag: 296.9, versicherungsteuer: 47.4 },
  ],
  // 207.90 * 1.2 (interruption) = 249.48; tax 249.48 - 209.65 = 39.83
  [
    'business interruption',
    { zusatzbausteine: ['BETRIEBSUNTERBRECHUNG'] },
    { beitrag: 249.48, jahresbeitrag: 249.48, versicherungsteuer: 39.83 },
  ],
  // 207.90 + 60 glass = 267.90; tax 267.90 - 225.13 = 42.77
  [
    'glass',
    { zusatzbausteine: ['GLASBRUCH'] },
    { beitrag: 267.9, jahresbeitrag: 267.9, versicherungsteuer: 42.77 },
  ],
  // 200 * 2.2 = 440 * 0.9 * 1.05 = 415.80, - 15 % (deductible 1,000) = 353.43; tax 353.43 - 297.00 = 56.43
  [
    'deductible of 1,000 € on 200,000 €',
    { versicherungssumme: 200000, selbstbeteiligung: 'SB_1000' },
    { beitrag: 353.43, jahresbeitrag: 353.43, versicherungsteuer: 56.43 },
  ],
  // Schreinerei in Berlin: HANDWERK 2.8 ‰, class 3 (1.2), postcode area 1 (1.1): 100 * 2.8 = 280
  // * 1.2 = 336 * 1.1 = 369.60; tax 369.60 - 310.59 = 59.01
  [
    'a joinery in Berlin',
    { hauptgewerbe: 'Schreinerei', plz: '10115' },
    { beitrag: 369.6, jahresbeitrag: 369.6, versicherungsteuer: 59.01 },
  ],
  // 207.90 * 1.35 (two claims) = 280.665, - 10 % burglar alarm = 252.5985 -> 252.60;
  // tax 252.60 - 212.27 = 40.33
  [
    'two claims and a burglar alarm',
    { vorschaeden: 'ZWEI', sicherung: 'EINBRUCHMELDEANLAGE' },
    { beitrag: 252.6, jahresbeitrag: 252.6, versicherungsteuer: 40.33 },
  ],
  // 220 * 30 % (fire only) * 0.9 * 1.05 = 62.37 -> minimum 199; tax 199 - 167.23 = 31.77
  [
    'the minimum premium for fire only',
    { deckungen: ['FEUER'] },
    { beitrag: 199, jahresbeitrag: 199, versicherungsteuer: 31.77 },
  ],
  [
    'refused: premises above 1,000 m²',
    { flaeche: 1500 },
    { grund: 'Geschäftsräume mit mehr als 1.000 m² versichern wir online leider nicht.' },
  ],
  [
    'refused: a trade that is not in the catalogue',
    { hauptgewerbe: 'Goldschmiede' },
    {
      grund:
        'Diese Gewerbeart finden wir nicht in unserer Liste. Bitte wählen Sie Ihr Hauptgewerbe aus den Vorschlägen.',
    },
  ],
];

describe('multi-risk business contents (SI) quotes, worked out by hand from the tariff', () => {
  it.each(cases)('%s', (_name, change, expected) => {
    const result = rate(si, answersOf({ ...base, ...change }), { today: '2025-06-15' });
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
    expect(result.outputs['produkt']).toBe('SI_MEHRGEFAHREN');
  });
});
