import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';

// The travel tariff (definitions/tariffs/reise.json) across its options. Every figure below was
// worked out by hand from the tariff's tables (the arithmetic is in each case's comment), never
// by the code under test. Net premium, 19 % tax on it (rounded to the cent), paid once.

const reise = defaultTariffs().get('REISE', 'EUR') as Tariff;
const TODAY = '2026-11-24';

interface Trip {
  ziel: 'DEUTSCHLAND' | 'EUROPA' | 'WELT_OHNE_USA' | 'WELT';
  gruppe: 'SINGLE' | 'PAAR' | 'FAMILIE' | 'SINGLE_PLUS_KIND';
  personen: number;
  beginn: string;
  ende: string;
  reisepreis: number;
  reiseabbruch?: boolean;
  reisekranken?: boolean;
  gepaeck?: boolean;
}

function answersOf(trip: Trip): Record<string, Record<string, unknown>> {
  return {
    reise: {
      ziel: trip.ziel,
      gruppe: trip.gruppe,
      beginn: trip.beginn,
      ende: trip.ende,
      reisepreis: trip.reisepreis,
    },
    reisende: {
      personen: Array.from({ length: trip.personen }, (_, i) => ({ vorname: `Person ${i + 1}` })),
    },
    deckung: {
      reiseabbruch: trip.reiseabbruch ?? false,
      reisekranken: trip.reisekranken ?? false,
      gepaeck: trip.gepaeck ?? false,
    },
    zahlweise: { zahlweise: 'EINMALIG' },
  };
}

const priced: [string, Trip, { beitrag: number; steuer: number; tage: number }][] = [
  [
    // 2400 × 0.032 = 76.80, cancellation +35 % = 103.68; health 15 days × 2 × 0.90 = 27.00;
    // net 130.68, tax 24.8292 -> 24.83, premium 155.51
    'a couple in Europe, 2,400 €, 15 days, cancellation and health',
    {
      ziel: 'EUROPA',
      gruppe: 'PAAR',
      personen: 2,
      beginn: '2027-01-03',
      ende: '2027-01-17',
      reisepreis: 2400,
      reiseabbruch: true,
      reisekranken: true,
    },
    { beitrag: 155.51, steuer: 24.83, tage: 15 },
  ],
  [
    // 400 × 0.045 = 18.00 net, tax 3.42, premium 21.42
    'one person in Germany, 400 €, 5 days, trip cancellation only',
    {
      ziel: 'DEUTSCHLAND',
      gruppe: 'SINGLE',
      personen: 1,
      beginn: '2027-06-01',
      ende: '2027-06-05',
      reisepreis: 400,
    },
    { beitrag: 21.42, steuer: 3.42, tage: 5 },
  ],
  [
    // 300 × 0.045 = 13.50, below the minimum of 16.00 net; tax 3.04, premium 19.04
    'the minimum premium: 300 € in Germany',
    {
      ziel: 'DEUTSCHLAND',
      gruppe: 'SINGLE',
      personen: 1,
      beginn: '2027-06-01',
      ende: '2027-06-03',
      reisepreis: 300,
    },
    { beitrag: 19.04, steuer: 3.04, tage: 3 },
  ],
  [
    // 6000 × 0.025 = 150.00; health 21 × 4 × 2.00 = 168.00; luggage 19 × 4 × 1.6 = 121.60;
    // net 439.60, tax 83.524 -> 83.52, premium 523.12
    'a family of four worldwide, 6,000 €, 21 days, health and luggage',
    {
      ziel: 'WELT',
      gruppe: 'FAMILIE',
      personen: 4,
      beginn: '2027-02-01',
      ende: '2027-02-21',
      reisepreis: 6000,
      reisekranken: true,
      gepaeck: true,
    },
    { beitrag: 523.12, steuer: 83.52, tage: 21 },
  ],
  [
    // 1000 is in the band up to 1,000: × 0.038 = 38.00, cancellation +35 % = 51.30;
    // luggage 8 days: 14 × 2 × 1.3 = 36.40; net 87.70, tax 16.663 -> 16.66, premium 104.36
    'a parent with a child outside Europe without the USA, 1,000 €, 8 days, cancellation and luggage',
    {
      ziel: 'WELT_OHNE_USA',
      gruppe: 'SINGLE_PLUS_KIND',
      personen: 2,
      beginn: '2027-03-01',
      ende: '2027-03-08',
      reisepreis: 1000,
      reiseabbruch: true,
      gepaeck: true,
    },
    { beitrag: 104.36, steuer: 16.66, tage: 8 },
  ],
  [
    // 5000 × 0.028 = 140.00; health 31 × 1 × 0.95 = 29.45; luggage 31 days: 19 × 1 × 1.0 = 19.00;
    // net 188.45, tax 35.8055 -> 35.81, premium 224.26
    'one person in Europe for a month, 5,000 €, health and luggage',
    {
      ziel: 'EUROPA',
      gruppe: 'SINGLE',
      personen: 1,
      beginn: '2027-05-01',
      ende: '2027-05-31',
      reisepreis: 5000,
      reisekranken: true,
      gepaeck: true,
    },
    { beitrag: 224.26, steuer: 35.81, tage: 31 },
  ],
];

const refused: [string, Partial<Trip>, string][] = [
  [
    'travel health cover within Germany',
    { ziel: 'DEUTSCHLAND', reisekranken: true },
    'Eine Auslandsreise-Krankenversicherung gibt es nur für Reisen ins Ausland.',
  ],
  [
    'a trip price above 20,000 €',
    { reisepreis: 25000 },
    'Reisen mit einem Reisepreis über 20.000 € versichern wir online leider nicht.',
  ],
  [
    'a trip that started already',
    { beginn: '2026-11-20', ende: '2026-12-01' },
    'Der Reisebeginn muss in der Zukunft liegen.',
  ],
  [
    'a trip longer than a year',
    { beginn: '2027-01-01', ende: '2028-01-01' },
    'Wir versichern Reisen bis zu einem Jahr.',
  ],
];

const base: Trip = {
  ziel: 'EUROPA',
  gruppe: 'SINGLE',
  personen: 1,
  beginn: '2027-06-01',
  ende: '2027-06-10',
  reisepreis: 1500,
};

describe('travel quotes against figures worked out by hand', () => {
  it.each(priced)('%s', (_name, trip, expected) => {
    const result = rate(reise, answersOf(trip), { today: TODAY });
    expect(result.kind).toBe('priced');
    if (result.kind !== 'priced') return;
    expect({
      beitrag: result.beitrag,
      jahresbeitrag: result.jahresbeitrag,
      steuer: result.outputs['versicherungsteuer'],
      tage: result.outputs['reisetage'],
      zahlweise: result.outputs['zahlweise'],
    }).toEqual({
      beitrag: expected.beitrag,
      jahresbeitrag: expected.beitrag,
      steuer: expected.steuer,
      tage: expected.tage,
      zahlweise: 'EINMALIG',
    });
  });

  it.each(refused)('refuses %s with its German reason', (_name, change, grund) => {
    const result = rate(reise, answersOf({ ...base, ...change }), { today: TODAY });
    expect(result).toMatchObject({ kind: 'refused', grund });
  });
});
