import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/pricing/index.ts';
import { rate } from '../../../apps/server/src/rating/index.ts';

// The business liability tariff (definitions/tariffs/bhv.json, rating) prices both flows, the new
// application (betriebshaftpflicht) and the change of tariff (betriebshaftpflicht-wechsel), from
// the same step and field names. Every expected figure below is worked out by hand from the
// tariff's tables: net annual base premium by risk class (catalogue of business types) and revenue
// band, times the factor of the insured sum, surcharges (additional business of a higher class,
// 15 % per class; claims 15 % / 30 %), add-ons (product liability 12 % and work damage 10 % of the
// risk premium, environment 45 €, rented premises 30 €), the deductible discount
// (/deductibleDiscounts), the minimum of 120 € net (/minimumAnnualPremium), rounded to cents;
// then 19 % insurance tax, the payment period's factor (/paymentPeriods) and instalments.

const bhv = defaultTariffs().get('BHV_1') as Tariff;
const TODAY = '2025-06-15';

interface Case {
  hauptgewerbe: string;
  jahresumsatz: number;
  nebengewerbe?: readonly string[];
  versicherungssumme?: number;
  selbstbeteiligung?: string;
  bausteine?: readonly string[];
  vorschaeden?: string;
  auslandstaetigkeit?: boolean;
  arbeitenInHoehe?: boolean;
  zahlweise?: string;
}

/** A flow's answers carrying a case (step and field names shared by both flows). */
function answersOf(input: Case): Record<string, Record<string, unknown>> {
  return {
    betrieb: {
      hauptgewerbe: input.hauptgewerbe,
      jahresumsatz: input.jahresumsatz,
      ...(input.nebengewerbe
        ? { nebengewerbe: input.nebengewerbe.map((gewerbe) => ({ gewerbe })) }
        : {}),
    },
    deckung: {
      versicherungssumme: input.versicherungssumme ?? 3_000_000,
      selbstbeteiligung: input.selbstbeteiligung ?? 'SB_KEINE',
      ...(input.bausteine ? { bausteine: input.bausteine } : {}),
    },
    risiko: {
      vorschaeden: input.vorschaeden ?? 'KEINE',
      auslandstaetigkeit: input.auslandstaetigkeit ?? false,
      arbeitenInHoehe: input.arbeitenInHoehe ?? false,
    },
    beginn: { versicherungsbeginn: '2025-07-01' },
    zahlweise: { zahlweise: input.zahlweise ?? 'JAEHRLICH' },
  };
}

const priceOf = (input: Case) => {
  const result = rate(bhv, answersOf(input), { today: TODAY });
  if (result.kind !== 'priced') throw new Error(`not priced: ${JSON.stringify(result)}`);
  return {
    beitrag: result.beitrag,
    jahresbeitrag: result.jahresbeitrag,
    versicherungsteuer: result.outputs['versicherungsteuer'],
  };
};

/** [name, answers, beitrag, jahresbeitrag, versicherungsteuer] */
const priced: [string, Case, number, number, number][] = [
  // Class 1, up to 100,000 €: 150 net; 150 * 1.19 = 178.50 a year; tax 178.50 - 150.00 = 28.50.
  [
    'risk class 1 (Webdesign), lowest revenue band',
    { hauptgewerbe: 'Webdesign', jahresumsatz: 80_000 },
    178.5,
    178.5,
    28.5,
  ],
  // Class 2, up to 500,000 €: 450; 450 * 1.19 = 535.50; tax 85.50.
  [
    'risk class 2 (Bäckerei), band up to 500,000 €',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000 },
    535.5,
    535.5,
    85.5,
  ],
  // Class 3, up to 2.5 Mio. €: 1480 * 1.12 (5 Mio.) = 1657.60; * 1.19 = 1972.544 -> 1972.54;
  // net 1972.54 / 1.19 = 1657.597 -> 1657.60; tax 314.94.
  [
    'risk class 3 (Elektroinstallation), 5 Mio. €',
    { hauptgewerbe: 'Elektroinstallation', jahresumsatz: 1_200_000, versicherungssumme: 5_000_000 },
    1972.54,
    1972.54,
    314.94,
  ],
  // Class 4, 5 Mio. € revenue (last band): 3450 * 1.3 (10 Mio.) = 4485; SB 5,000 € -30 % = 3139.50;
  // * 1.19 = 3736.005; monthly * 1.05 / 12 = 326.9004 -> 326.90; a year 326.90 * 12 = 3922.80;
  // net 3922.80 / 1.19 = 3296.47; tax 626.33.
  [
    'risk class 4 (Dachdeckerei), highest band, 10 Mio. €, monthly',
    {
      hauptgewerbe: 'Dachdeckerei',
      jahresumsatz: 5_000_000,
      versicherungssumme: 10_000_000,
      selbstbeteiligung: 'SB_5000',
      zahlweise: 'MONATLICH',
    },
    326.9,
    3922.8,
    626.33,
  ],
  // A band's upper bound belongs to it: 100,000 € is still 150 (178.50); 100,001 € is 210:
  // 210 * 1.19 = 249.90, tax 39.90.
  [
    'the band limit 100,000 € belongs to the lower band',
    { hauptgewerbe: 'Webdesign', jahresumsatz: 100_000 },
    178.5,
    178.5,
    28.5,
  ],
  [
    '100,001 € is the next band',
    { hauptgewerbe: 'Webdesign', jahresumsatz: 100_001 },
    249.9,
    249.9,
    39.9,
  ],
  // Additional business two classes higher (Kfz-Werkstatt, class 3, over Webdesign, class 1):
  // 150 * (1 + 2 * 0.15) = 195; * 1.19 = 232.05; tax 37.05.
  [
    'an additional business of a higher class adds 15 % per class',
    { hauptgewerbe: 'Webdesign', jahresumsatz: 80_000, nebengewerbe: ['Kiosk', 'Kfz-Werkstatt'] },
    232.05,
    232.05,
    37.05,
  ],
  // Additional business of a lower class (Kiosk, 1, under Bäckerei, 2): no surcharge, 535.50.
  [
    'an additional business of a lower class adds nothing',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, nebengewerbe: ['Kiosk'] },
    535.5,
    535.5,
    85.5,
  ],
  // Café, class 2, up to 250,000 €: 330. Product liability + 12 % of 330 = 39.60 -> 369.60;
  // * 1.19 = 439.824 -> 439.82; net 369.60; tax 70.22.
  [
    'add-on product liability: 12 % of the risk premium',
    { hauptgewerbe: 'Café', jahresumsatz: 200_000, bausteine: ['PRODUKTHAFTPFLICHT'] },
    439.82,
    439.82,
    70.22,
  ],
  // Work damage + 10 % of 330 = 33 -> 363; * 1.19 = 431.97; tax 68.97.
  [
    'add-on work damage: 10 % of the risk premium',
    { hauptgewerbe: 'Café', jahresumsatz: 200_000, bausteine: ['TAETIGKEITSSCHAEDEN'] },
    431.97,
    431.97,
    68.97,
  ],
  // Environment + 45 -> 375; * 1.19 = 446.25; tax 71.25.
  [
    'add-on environmental liability: 45 € a year',
    { hauptgewerbe: 'Café', jahresumsatz: 200_000, bausteine: ['UMWELTHAFTPFLICHT'] },
    446.25,
    446.25,
    71.25,
  ],
  // Rented premises + 30 -> 360; * 1.19 = 428.40; tax 68.40.
  [
    'add-on damage to rented premises: 30 € a year',
    { hauptgewerbe: 'Café', jahresumsatz: 200_000, bausteine: ['MIETSACHSCHAEDEN'] },
    428.4,
    428.4,
    68.4,
  ],
  // All four: 330 + 39.60 + 33 + 45 + 30 = 477.60; * 1.19 = 568.344 -> 568.34; net 477.60; tax 90.74.
  [
    'all four add-ons together',
    {
      hauptgewerbe: 'Café',
      jahresumsatz: 200_000,
      bausteine: [
        'PRODUKTHAFTPFLICHT',
        'UMWELTHAFTPFLICHT',
        'MIETSACHSCHAEDEN',
        'TAETIGKEITSSCHAEDEN',
      ],
    },
    568.34,
    568.34,
    90.74,
  ],
  // 535.50 a year (Bäckerei) half-yearly: * 1.02 / 2 = 273.105 -> 273.11; a year 546.22;
  // net 546.22 / 1.19 = 459.01; tax 87.21.
  [
    'half-yearly: 2 % surcharge, two payments',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, zahlweise: 'HALBJAEHRLICH' },
    273.11,
    546.22,
    87.21,
  ],
  // Quarterly: 535.50 * 1.03 / 4 = 137.891 -> 137.89; a year 551.56; net 463.50; tax 88.06.
  [
    'quarterly: 3 % surcharge, four payments',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, zahlweise: 'VIERTELJAEHRLICH' },
    137.89,
    551.56,
    88.06,
  ],
  // Monthly: 535.50 * 1.05 / 12 = 46.856 -> 46.86; a year 562.32; net 472.54; tax 89.78.
  [
    'monthly: 5 % surcharge, twelve payments',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, zahlweise: 'MONATLICH' },
    46.86,
    562.32,
    89.78,
  ],
  // Schreinerei, class 3, up to 500,000 €: 720. SB 250 € -5 % = 684; * 1.19 = 813.96; tax 129.96.
  [
    'deductible 250 €: 5 % off',
    { hauptgewerbe: 'Schreinerei', jahresumsatz: 400_000, selbstbeteiligung: 'SB_250' },
    813.96,
    813.96,
    129.96,
  ],
  // SB 500 € -10 % = 648; * 1.19 = 771.12; tax 123.12.
  [
    'deductible 500 €: 10 % off',
    { hauptgewerbe: 'Schreinerei', jahresumsatz: 400_000, selbstbeteiligung: 'SB_500' },
    771.12,
    771.12,
    123.12,
  ],
  // SB 1,000 € -15 % = 612; * 1.19 = 728.28; tax 116.28.
  [
    'deductible 1,000 €: 15 % off',
    { hauptgewerbe: 'Schreinerei', jahresumsatz: 400_000, selbstbeteiligung: 'SB_1000' },
    728.28,
    728.28,
    116.28,
  ],
  // Class 1, 50,000 €, SB 5,000 €: 150 * 0.7 = 105, raised to the minimum of 120 net;
  // * 1.19 = 142.80; tax 22.80.
  [
    'the minimum premium of 120 € net',
    { hauptgewerbe: 'Grafikdesign', jahresumsatz: 50_000, selbstbeteiligung: 'SB_5000' },
    142.8,
    142.8,
    22.8,
  ],
  // One claim in five years: 450 * 1.15 = 517.50; * 1.19 = 615.825 -> 615.83; net 517.50;
  // tax 98.33.
  [
    'one claim in five years: 15 % surcharge',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, vorschaeden: 'EINER' },
    615.83,
    615.83,
    98.33,
  ],
  // Two claims: 450 * 1.3 = 585; * 1.19 = 696.15; tax 111.15.
  [
    'two claims in five years: 30 % surcharge',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, vorschaeden: 'ZWEI' },
    696.15,
    696.15,
    111.15,
  ],
];

describe('business liability quotes (bhv.json rating)', () => {
  it.each(priced)('%s', (_name, input, beitrag, jahresbeitrag, versicherungsteuer) => {
    expect(priceOf(input)).toEqual({ beitrag, jahresbeitrag, versicherungsteuer });
  });

  it('reads the risk class from the catalogue of business types and outputs it', () => {
    const result = rate(bhv, answersOf({ hauptgewerbe: 'dachdeckerei', jahresumsatz: 1 }), {
      today: TODAY,
    });
    expect(result).toMatchObject({ kind: 'priced', outputs: { risikoklasse: 4 } });
  });

  it.each([
    [
      'more than two claims',
      { vorschaeden: 'MEHR_ALS_ZWEI' },
      'Bei mehr als zwei Haftpflichtschäden in den letzten fünf Jahren können wir Ihren Betrieb online leider nicht versichern. Bitte wenden Sie sich an uns.',
    ],
    [
      'work abroad',
      { auslandstaetigkeit: true },
      'Tätigkeiten im Ausland versichern wir online leider nicht. Bitte wenden Sie sich an uns.',
    ],
    [
      'work at height',
      { arbeitenInHoehe: true },
      'Arbeiten in mehr als 20 Metern Höhe versichern wir online leider nicht. Bitte wenden Sie sich an uns.',
    ],
    [
      'a main business the catalogue does not list',
      { hauptgewerbe: 'Sprengmeisterei' },
      'Ihr Hauptgewerbe finden wir nicht in unserer Liste der Gewerbearten. Bitte wählen Sie es aus den Vorschlägen aus oder wenden Sie sich an uns.',
    ],
    [
      'an additional business the catalogue does not list',
      { nebengewerbe: ['Kiosk', 'Feuerwerk'] },
      'Ein Nebengewerbe finden wir nicht in unserer Liste der Gewerbearten. Bitte wählen Sie es aus den Vorschlägen aus oder wenden Sie sich an uns.',
    ],
  ] as const)('refuses %s with its German reason', (_name, change, grund) => {
    const result = rate(
      bhv,
      answersOf({ hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, ...change }),
      { today: TODAY },
    );
    expect(result).toMatchObject({ kind: 'refused', grund });
  });
});

describe('the change of tariff, priced in the new generation from the old contract’s data', () => {
  // Becker Elektrotechnik's BHV_1 contract of the seed: Elektroinstallation (class 3) with
  // Onlinehandel (class 1, no surcharge), 940,000 € revenue, 5 Mio. €, SB 500 €, half-yearly.
  const becker: Case = {
    hauptgewerbe: 'Elektroinstallation',
    nebengewerbe: ['Onlinehandel'],
    jahresumsatz: 940_000,
    versicherungssumme: 5_000_000,
    selbstbeteiligung: 'SB_500',
    zahlweise: 'HALBJAEHRLICH',
  };

  it('prices the contract as it is', () => {
    // 990 (class 3, up to 1 Mio. €) * 1.12 = 1108.80; -10 % = 997.92; * 1.19 = 1187.5248;
    // * 1.02 / 2 = 605.6376 -> 605.64; a year 1211.28; net 1211.28 / 1.19 = 1017.88; tax 193.40.
    expect(priceOf(becker)).toEqual({
      beitrag: 605.64,
      jahresbeitrag: 1211.28,
      versicherungsteuer: 193.4,
    });
  });

  it('prices a change that adds work damage and pays yearly', () => {
    // 1108.80 + 10 % of 1108.80 = 1219.68; -10 % = 1097.712 -> 1097.71; * 1.19 = 1306.2749
    // -> 1306.27; net 1306.27 / 1.19 = 1097.71; tax 208.56.
    expect(
      priceOf({ ...becker, bausteine: ['TAETIGKEITSSCHAEDEN'], zahlweise: 'JAEHRLICH' }),
    ).toEqual({ beitrag: 1306.27, jahresbeitrag: 1306.27, versicherungsteuer: 208.56 });
  });

  it('prices a change to a higher revenue band and a higher sum', () => {
    // 1480 (class 3, up to 2.5 Mio. €) * 1.3 (10 Mio.) = 1924; -10 % = 1731.60; * 1.19 =
    // 2060.604; * 1.02 / 2 = 1050.908 -> 1050.91; a year 2101.82; net 1766.24; tax 335.58.
    expect(priceOf({ ...becker, jahresumsatz: 1_500_000, versicherungssumme: 10_000_000 })).toEqual(
      { beitrag: 1050.91, jahresbeitrag: 2101.82, versicherungsteuer: 335.58 },
    );
  });
});
