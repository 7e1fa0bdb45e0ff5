import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';

// The business liability tariff (definitions/tariffs/bhv.json, rating) prices both flows, the new
// application (betriebshaftpflicht) and the change of tariff (betriebshaftpflicht-wechsel), from
// the same step and field names. Every expected figure below is worked out by hand from the
// tariff's tables: net annual base premium by risk class (catalogue of business types) and revenue
// band, times the factor of the insured sum, surcharges (additional business of a higher class,
// 15 % per class; claims 15 % / 30 %), add-ons (product liability 12 % and work damage 10 % of the
// risk premium, environment 45 €, rented premises 30 €), the deductible discount
// (/deductibleDiscounts), the minimum of 120 € net (/minimumAnnualPremium), rounded to cents;
// then 19 % insurance tax, the payment period's factor (/paymentPeriods) and instalments.

const bhv = defaultTariffs().get('BHV_1', 'EUR') as Tariff;
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
  // Class 1, up to 100,000 €: 125 net; * 1.19 = 148.75 a year; tax 148.75 - 125.00 = 23.75.
  [
    'risk class 1 (Webdesign), lowest revenue band',
    { hauptgewerbe: 'Webdesign', jahresumsatz: 80_000 },
    148.75,
    148.75,
    23.75,
  ],
  // Class 2, up to 500,000 €: 232; * 1.19 = 276.08; tax 44.08.
  [
    'risk class 2 (Bäckerei), band up to 500,000 €',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000 },
    276.08,
    276.08,
    44.08,
  ],
  // Class 3, up to 2.5 Mio. €: 552 * 1.12 (5 Mio.) = 618.24; * 1.19 = 735.7056 -> 735.71;
  // net 735.71 / 1.19 = 618.24; tax 117.47.
  [
    'risk class 3 (Elektroinstallation), 5 Mio. €',
    { hauptgewerbe: 'Elektroinstallation', jahresumsatz: 1_200_000, versicherungssumme: 5_000_000 },
    735.71,
    735.71,
    117.47,
  ],
  // Class 4, 5 Mio. € revenue (last band): 1088 * 1.3 (10 Mio.) = 1414.40; SB 5,000 € -30 % =
  // 990.08; * 1.19 = 1178.1952; monthly * 1.05 / 12 = 103.0921 -> 103.09; a year 103.09 * 12 =
  // 1237.08; net 1237.08 / 1.19 = 1039.56; tax 197.52.
  [
    'risk class 4 (Dachdeckerei), highest band, 10 Mio. €, monthly',
    {
      hauptgewerbe: 'Dachdeckerei',
      jahresumsatz: 5_000_000,
      versicherungssumme: 10_000_000,
      selbstbeteiligung: 'SB_5000',
      zahlweise: 'MONATLICH',
    },
    103.09,
    1237.08,
    197.52,
  ],
  // A band's upper bound belongs to it: 100,000 € is still 125 (148.75); 100,001 € is 150:
  // * 1.19 = 178.50, tax 28.50.
  [
    'the band limit 100,000 € belongs to the lower band',
    { hauptgewerbe: 'Webdesign', jahresumsatz: 100_000 },
    148.75,
    148.75,
    23.75,
  ],
  [
    '100,001 € is the next band',
    { hauptgewerbe: 'Webdesign', jahresumsatz: 100_001 },
    178.5,
    178.5,
    28.5,
  ],
  // Additional business two classes higher (Kfz-Werkstatt, class 3, over Webdesign, class 1):
  // 125 * (1 + 2 * 0.15) = 162.50; * 1.19 = 193.375 -> 193.38 (half away from zero);
  // net 193.38 / 1.19 = 162.50; tax 30.88.
  [
    'an additional business of a higher class adds 15 % per class',
    { hauptgewerbe: 'Webdesign', jahresumsatz: 80_000, nebengewerbe: ['Kiosk', 'Kfz-Werkstatt'] },
    193.38,
    193.38,
    30.88,
  ],
  // Additional business of a lower class (Kiosk, 1, under Bäckerei, 2): no surcharge, 276.08.
  [
    'an additional business of a lower class adds nothing',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, nebengewerbe: ['Kiosk'] },
    276.08,
    276.08,
    44.08,
  ],
  // Café, class 2, up to 250,000 €: 192. Product liability + 12 % of 192 = 23.04 -> 215.04;
  // * 1.19 = 255.8976 -> 255.90; net 215.04; tax 40.86.
  [
    'add-on product liability: 12 % of the risk premium',
    { hauptgewerbe: 'Café', jahresumsatz: 200_000, bausteine: ['PRODUKTHAFTPFLICHT'] },
    255.9,
    255.9,
    40.86,
  ],
  // Work damage + 10 % of 192 = 19.20 -> 211.20; * 1.19 = 251.328 -> 251.33; tax 40.13.
  [
    'add-on work damage: 10 % of the risk premium',
    { hauptgewerbe: 'Café', jahresumsatz: 200_000, bausteine: ['TAETIGKEITSSCHAEDEN'] },
    251.33,
    251.33,
    40.13,
  ],
  // Environment + 45 -> 237; * 1.19 = 282.03; tax 45.03.
  [
    'add-on environmental liability: 45 € a year',
    { hauptgewerbe: 'Café', jahresumsatz: 200_000, bausteine: ['UMWELTHAFTPFLICHT'] },
    282.03,
    282.03,
    45.03,
  ],
  // Rented premises + 30 -> 222; * 1.19 = 264.18; tax 42.18.
  [
    'add-on damage to rented premises: 30 € a year',
    { hauptgewerbe: 'Café', jahresumsatz: 200_000, bausteine: ['MIETSACHSCHAEDEN'] },
    264.18,
    264.18,
    42.18,
  ],
  // All four: 192 + 23.04 + 19.20 + 45 + 30 = 309.24; * 1.19 = 367.9956 -> 368.00; net 309.24;
  // tax 58.76.
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
    368,
    368,
    58.76,
  ],
  // 276.08 a year (Bäckerei) half-yearly: * 1.02 / 2 = 140.8008 -> 140.80; a year 281.60;
  // net 281.60 / 1.19 = 236.64; tax 44.96.
  [
    'half-yearly: 2 % surcharge, two payments',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, zahlweise: 'HALBJAEHRLICH' },
    140.8,
    281.6,
    44.96,
  ],
  // Quarterly: 276.08 * 1.03 / 4 = 71.0906 -> 71.09; a year 284.36; net 238.96; tax 45.40.
  [
    'quarterly: 3 % surcharge, four payments',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, zahlweise: 'VIERTELJAEHRLICH' },
    71.09,
    284.36,
    45.4,
  ],
  // Monthly: 276.08 * 1.05 / 12 = 24.157 -> 24.16; a year 289.92; net 243.63; tax 46.29.
  [
    'monthly: 5 % surcharge, twelve payments',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, zahlweise: 'MONATLICH' },
    24.16,
    289.92,
    46.29,
  ],
  // Schreinerei, class 3, up to 500,000 €: 334. SB 250 € -5 % = 317.30; * 1.19 = 377.587
  // -> 377.59; tax 60.29.
  [
    'deductible 250 €: 5 % off',
    { hauptgewerbe: 'Schreinerei', jahresumsatz: 400_000, selbstbeteiligung: 'SB_250' },
    377.59,
    377.59,
    60.29,
  ],
  // SB 500 € -10 % = 300.60; * 1.19 = 357.714 -> 357.71; tax 57.11.
  [
    'deductible 500 €: 10 % off',
    { hauptgewerbe: 'Schreinerei', jahresumsatz: 400_000, selbstbeteiligung: 'SB_500' },
    357.71,
    357.71,
    57.11,
  ],
  // SB 1,000 € -15 % = 283.90; * 1.19 = 337.841 -> 337.84; tax 53.94.
  [
    'deductible 1,000 €: 15 % off',
    { hauptgewerbe: 'Schreinerei', jahresumsatz: 400_000, selbstbeteiligung: 'SB_1000' },
    337.84,
    337.84,
    53.94,
  ],
  // Class 1, 50,000 €, SB 5,000 €: 125 * 0.7 = 87.50, raised to the minimum of 120 net;
  // * 1.19 = 142.80; tax 22.80.
  [
    'the minimum premium of 120 € net',
    { hauptgewerbe: 'Grafikdesign', jahresumsatz: 50_000, selbstbeteiligung: 'SB_5000' },
    142.8,
    142.8,
    22.8,
  ],
  // One claim in five years: 232 * 1.15 = 266.80; * 1.19 = 317.492 -> 317.49; tax 50.69.
  [
    'one claim in five years: 15 % surcharge',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, vorschaeden: 'EINER' },
    317.49,
    317.49,
    50.69,
  ],
  // Two claims: 232 * 1.3 = 301.60; * 1.19 = 358.904 -> 358.90; tax 57.30.
  [
    'two claims in five years: 30 % surcharge',
    { hauptgewerbe: 'Bäckerei', jahresumsatz: 300_000, vorschaeden: 'ZWEI' },
    358.9,
    358.9,
    57.3,
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
    // 414 (class 3, up to 1 Mio. €) * 1.12 = 463.68; -10 % = 417.312 -> 417.31; * 1.19 =
    // 496.5989; * 1.02 / 2 = 253.2654 -> 253.27; a year 506.54; net 506.54 / 1.19 = 425.66;
    // tax 80.88.
    expect(priceOf(becker)).toEqual({
      beitrag: 253.27,
      jahresbeitrag: 506.54,
      versicherungsteuer: 80.88,
    });
  });

  it('prices a change that adds work damage and pays yearly', () => {
    // 463.68 + 10 % of 463.68 = 510.048; -10 % = 459.0432 -> 459.04; * 1.19 = 546.2576
    // -> 546.26; net 546.26 / 1.19 = 459.04; tax 87.22.
    expect(
      priceOf({ ...becker, bausteine: ['TAETIGKEITSSCHAEDEN'], zahlweise: 'JAEHRLICH' }),
    ).toEqual({ beitrag: 546.26, jahresbeitrag: 546.26, versicherungsteuer: 87.22 });
  });

  it('prices a change to a higher revenue band and a higher sum', () => {
    // 552 (class 3, up to 2.5 Mio. €) * 1.3 (10 Mio.) = 717.60; -10 % = 645.84; * 1.19 =
    // 768.5496; * 1.02 / 2 = 391.9603 -> 391.96; a year 783.92; net 658.76; tax 125.16.
    expect(priceOf({ ...becker, jahresumsatz: 1_500_000, versicherungssumme: 10_000_000 })).toEqual(
      { beitrag: 391.96, jahresbeitrag: 783.92, versicherungsteuer: 125.16 },
    );
  });
});
