import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';

// The all-risk business contents flow (inhalt-allgefahren) on the one SI tariff
// (definitions/tariffs/si.json), priced by hand from the tariff's figures. Rate per 1,000 € of the sum by product and sector
// (all-risk Buchhandlung: HANDEL 3.0 ‰, risk class 1: 0.9), every hazard not excluded (100 %),
// the factor of the postcode area of the business residence (Kiel, 2: 1.05), claims and
// security factors, simple theft +15 %, business interruption +20 %, elementary +89 €, glass
// +60 €, the deductible discount; at least 199 € a year; payment period factor and instalments;
// the tax share is 19/119 of the annual premium.

const si = defaultTariffs().get('SI_ALLGEFAHREN', 'EUR') as Tariff;

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
  deckungen: [],
  zusatzbausteine: [],
  vorschaeden: 'KEINE',
  sicherung: 'KEINE',
  zahlweise: 'JAEHRLICH',
};

/** The flow's answers (step and field names of inhalt-allgefahren.json) for a case. */
function answersOf(input: Input): Record<string, Record<string, unknown>> {
  return {
    betrieb: {
      hauptgewerbe: input.hauptgewerbe,
      nebengewerbe: input.nebengewerbe.map((gewerbe) => ({ gewerbe })),
    },
    betriebsstaette: { plz: input.plz, flaeche: input.flaeche },
    inhalt: {
      produkt: 'SI_ALLGEFAHREN',
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
  // 100 * 3.0 = 300 * 100 % (every hazard not excluded) * 0.9 (class 1) * 1.05 (postcode area 2)
  // = 283.50; tax 283.50 - 238.24 = 45.26
  [
    'a bookshop in Kiel, annual payment',
    {},
    { beitrag: 283.5, jahresbeitrag: 283.5, versicherungsteuer: 45.26 },
  ],
  // 283.50 * 1.05 / 12 = 24.806 -> 24.81, a year 297.72; tax 297.72 - 250.18 = 47.54
  [
    'monthly payment',
    { zahlweise: 'MONATLICH' },
    { beitrag: 24.81, jahresbeitrag: 297.72, versicherungsteuer: 47.54 },
  ],
  // 283.50 * 1.03 / 4 = 73.001 -> 73.00, a year 292.00; tax 292.00 - 245.38 = 46.62
  [
    'quarterly payment',
    { zahlweise: 'VIERTELJAEHRLICH' },
    { beitrag: 73, jahresbeitrag: 292, versicherungsteuer: 46.62 },
  ],
  // 283.50 + 89 elementary = 372.50; tax 372.50 - 313.03 = 59.47
  [
    'with elementary damage',
    { deckungen: ['ELEMENTAR'] },
    { beitrag: 372.5, jahresbeitrag: 372.5, versicherungsteuer: 59.47 },
  ],
  // 120 * 3.0 = 360 * 0.9 * 1.05 = 340.20, + 15 % simple theft = 391.23; tax 391.23 - 328.76 = 62.47
  [
    'simple theft without a break-in, 120,000 €',
    { versicherungssumme: 120000, deckungen: ['EINFACHER_DIEBSTAHL'] },
    { beitrag: 391.23, jahresbeitrag: 391.23, versicherungsteuer: 62.47 },
  ],
  // 283.50 * 1.2 (interruption) = 340.20, + 60 glass = 400.20; tax 400.20 - 336.30 = 63.90
  [
    'business interruption and glass',
    { zusatzbausteine: ['BETRIEBSUNTERBRECHUNG', 'GLASBRUCH'] },
    { beitrag: 400.2, jahresbeitrag: 400.2, versicherungsteuer: 63.9 },
  ],
  // 283.50 - 10 % (deductible 500) = 255.15; tax 255.15 - 214.41 = 40.74
  [
    'deductible of 500 €',
    { selbstbeteiligung: 'SB_500' },
    { beitrag: 255.15, jahresbeitrag: 255.15, versicherungsteuer: 40.74 },
  ],
  // Dresden, postcode area 0 (0.95): 300 * 0.9 * 0.95 = 256.50; tax 256.50 - 215.55 = 40.95
  [
    'a business in Dresden',
    { plz: '01067' },
    { beitrag: 256.5, jahresbeitrag: 256.5, versicherungsteuer: 40.95 },
  ],
  // Restaurant: GASTRONOMIE 4.5 ‰, class 2 (1.0): 100 * 4.5 = 450 * 1.05 = 472.50, * 1.15 (one
  // claim) = 543.375, - 10 % burglar alarm = 489.0375 -> 489.04; tax 489.04 - 410.96 = 78.08
  [
    'a restaurant with one claim and a burglar alarm',
    { hauptgewerbe: 'Restaurant', vorschaeden: 'EINER', sicherung: 'EINBRUCHMELDEANLAGE' },
    { beitrag: 489.04, jahresbeitrag: 489.04, versicherungsteuer: 78.08 },
  ],
  // 283.50 + 30 % for three additional trades = 368.55; tax 368.55 - 309.71 = 58.84
  [
    'three additional trades',
    { nebengewerbe: ['Kiosk', 'Café', 'Onlinehandel'] },
    { beitrag: 368.55, jahresbeitrag: 368.55, versicherungsteuer: 58.84 },
  ],
  // Webdesign: BUERO 2.0 ‰, class 1: 10 * 2.0 * 0.9 * 1.05 = 18.90 -> minimum 199; tax 199 - 167.23 = 31.77
  [
    'the minimum premium for a small office',
    { hauptgewerbe: 'Webdesign', versicherungssumme: 10000 },
    { beitrag: 199, jahresbeitrag: 199, versicherungsteuer: 31.77 },
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
];

describe('all-risk business contents (SI) quotes, worked out by hand from the tariff', () => {
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
    expect(result.outputs['produkt']).toBe('SI_ALLGEFAHREN');
  });
});
