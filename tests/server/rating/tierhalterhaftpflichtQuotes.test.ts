import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';

// Quotes of the pet owner liability (definitions/tariffs/thv.json, rating of the flow
// tierhalterhaftpflicht), worked out by hand from the tariff's illustrative rates:
// per dog a yearly premium by size class (KLEIN 45, MITTEL 60, GROSS 75 €, tax included; a mixed
// breed by the larger class of its two breeds), the second dog 20 % off, the third 30 % off;
// times the sum factor (5 Mio. 1, 10 Mio. 1.1, 20 Mio. 1.25); one claim in five years +25 %;
// options +12 (Mietsachschäden), +6 (Forderungsausfall), +9 (Welpen); deductible SB_250 -10 %,
// SB_500 -15 %; at least 40 € a year; then the payment period's factor (monthly 1.05, quarterly
// 1.03, half-yearly 1.02) divided into its payments, rounded to cents, the year = payment x
// payments; the tax part of the year = year - year / 1.19.

const thv = defaultTariffs().get('TIERHALTERHAFTPFLICHT', 'EUR') as Tariff;
const TODAY = '2026-02-01';

interface Dog {
  rasse: string;
  mischlingsRasse?: string;
}

interface Case {
  dogs: Dog[];
  versicherungssumme?: number;
  selbstbeteiligung?: string;
  options?: Partial<Record<'mietsachschaeden' | 'forderungsausfall' | 'welpen', boolean>>;
  risiko?: Partial<{ beissvorfall: boolean; vorschaeden: string; gekuendigt: boolean }>;
  zahlweise?: string;
  versicherungsbeginn?: string;
}

/** The flow's answers of a case (step and field names of tierhalterhaftpflicht.json). */
function answersOf(c: Case): Record<string, Record<string, unknown>> {
  return {
    hunde: {
      anzahl: c.dogs.length,
      hunde: c.dogs.map((dog, i) => ({
        name: `Hund ${i + 1}`,
        rasse: dog.rasse,
        mischling: dog.mischlingsRasse !== undefined,
        ...(dog.mischlingsRasse ? { mischlingsRasse: dog.mischlingsRasse } : {}),
        geburtsdatum: '2021-04-01',
      })),
    },
    deckung: {
      versicherungssumme: c.versicherungssumme ?? 5000000,
      selbstbeteiligung: c.selbstbeteiligung ?? 'SB_KEINE',
      mietsachschaeden: false,
      forderungsausfall: false,
      welpen: false,
      ...c.options,
    },
    risiko: { beissvorfall: false, vorschaeden: 'KEINE', gekuendigt: false, ...c.risiko },
    beginn: { versicherungsbeginn: c.versicherungsbeginn ?? '2026-03-01' },
    zahlweise: { zahlweise: c.zahlweise ?? 'JAEHRLICH' },
  };
}

const quote = (c: Case) => rate(thv, answersOf(c), { today: TODAY });

const MOPS = { rasse: 'Mops' }; // KLEIN
const BEAGLE = { rasse: 'Beagle' }; // MITTEL
const LABRADOR = { rasse: 'Labrador Retriever' }; // GROSS

const priced: [string, Case, { beitrag: number; jahresbeitrag: number; steuer: number }][] = [
  // 45 x 1 = 45.00; tax 45 - 45 / 1.19 (37.82) = 7.18
  [
    'a small dog (Mops), 5 Mio., yearly',
    { dogs: [MOPS] },
    { beitrag: 45, jahresbeitrag: 45, steuer: 7.18 },
  ],
  // 60 x 1.1 = 66.00; tax 66 - 55.46 = 10.54
  [
    'a medium dog (Beagle), 10 Mio.',
    { dogs: [BEAGLE], versicherungssumme: 10000000 },
    { beitrag: 66, jahresbeitrag: 66, steuer: 10.54 },
  ],
  // 75 x 1.25 = 93.75; tax 93.75 - 78.78 = 14.97
  [
    'a large dog (Labrador Retriever), 20 Mio.',
    { dogs: [LABRADOR], versicherungssumme: 20000000 },
    { beitrag: 93.75, jahresbeitrag: 93.75, steuer: 14.97 },
  ],
  // (75 + 45 x 0.8 = 36) = 111 x 1.1 = 122.10; tax 122.10 - 102.61 = 19.49
  [
    'two dogs: the second 20 % off',
    { dogs: [LABRADOR, MOPS], versicherungssumme: 10000000 },
    { beitrag: 122.1, jahresbeitrag: 122.1, steuer: 19.49 },
  ],
  // (75 + 60 x 0.8 = 48 + 45 x 0.7 = 31.50) = 154.50 x 1.1 = 169.95; quarterly x 1.03 = 175.0485
  // / 4 = 43.76 a quarter; the year 4 x 43.76 = 175.04; tax 175.04 - 147.09 = 27.95
  [
    'three dogs: the third 30 % off, paid quarterly',
    { dogs: [LABRADOR, BEAGLE, MOPS], versicherungssumme: 10000000, zahlweise: 'VIERTELJAEHRLICH' },
    { beitrag: 43.76, jahresbeitrag: 175.04, steuer: 27.95 },
  ],
  // Mops x Labrador is rated as the larger breed: 75, plus Welpen 9 = 84; tax 84 - 70.59 = 13.41
  [
    'a mixed breed by its larger breed, with the puppy cover',
    { dogs: [{ rasse: 'Mops', mischlingsRasse: 'Labrador Retriever' }], options: { welpen: true } },
    { beitrag: 84, jahresbeitrag: 84, steuer: 13.41 },
  ],
  // Beagle x Chihuahua: the larger class MITTEL, 60; tax 60 - 50.42 = 9.58
  [
    'a mixed breed whose second breed is smaller',
    { dogs: [{ rasse: 'Chihuahua', mischlingsRasse: 'Beagle' }] },
    { beitrag: 60, jahresbeitrag: 60, steuer: 9.58 },
  ],
  // 60 x 1.1 = 66 + 12 (Mietsachschäden) = 78; half-yearly x 1.02 = 79.56 / 2 = 39.78; the year
  // 79.56; tax 79.56 - 66.86 = 12.70
  [
    'the rented-property option, paid half-yearly',
    {
      dogs: [BEAGLE],
      versicherungssumme: 10000000,
      options: { mietsachschaeden: true },
      zahlweise: 'HALBJAEHRLICH',
    },
    { beitrag: 39.78, jahresbeitrag: 79.56, steuer: 12.7 },
  ],
  // 45 + 6 (Forderungsausfall) = 51; monthly x 1.05 = 53.55 / 12 = 4.4625, 4.46 a month; the
  // year 12 x 4.46 = 53.52; tax 53.52 - 44.97 = 8.55
  [
    'the default-of-payment option, paid monthly',
    { dogs: [MOPS], options: { forderungsausfall: true }, zahlweise: 'MONATLICH' },
    { beitrag: 4.46, jahresbeitrag: 53.52, steuer: 8.55 },
  ],
  // 75 x 1.1 = 82.50 + 12 + 6 + 9 = 109.50, SB_250 -10 % = 98.55; tax 98.55 - 82.82 = 15.73
  [
    'every option with a deductible of 250 €',
    {
      dogs: [LABRADOR],
      versicherungssumme: 10000000,
      selbstbeteiligung: 'SB_250',
      options: { mietsachschaeden: true, forderungsausfall: true, welpen: true },
    },
    { beitrag: 98.55, jahresbeitrag: 98.55, steuer: 15.73 },
  ],
  // 60 x 1 = 60, one claim +25 % = 75, SB_500 -15 % = 63.75; tax 63.75 - 53.57 = 10.18
  [
    'one claim in five years and a deductible of 500 €',
    { dogs: [BEAGLE], selbstbeteiligung: 'SB_500', risiko: { vorschaeden: 'EINER' } },
    { beitrag: 63.75, jahresbeitrag: 63.75, steuer: 10.18 },
  ],
  // 45 x 1 = 45, SB_500 -15 % = 38.25, below the minimum of 40 a year: 40; tax 40 - 33.61 = 6.39
  [
    'the minimum premium of 40 € a year',
    { dogs: [MOPS], selbstbeteiligung: 'SB_500' },
    { beitrag: 40, jahresbeitrag: 40, steuer: 6.39 },
  ],
];

const LISTENHUND =
  'Listenhunde, also Rassen, die ein Bundesland als gefährlich einstuft, und Kreuzungen mit ihnen können wir online leider nicht versichern.';

const refused: [string, Case, string][] = [
  ['a Listenhund', { dogs: [BEAGLE, { rasse: 'American Staffordshire Terrier' }] }, LISTENHUND],
  [
    'a cross with a Listenhund',
    { dogs: [{ rasse: 'Beagle', mischlingsRasse: 'Rottweiler' }] },
    LISTENHUND,
  ],
  [
    'a breed the catalogue does not know',
    { dogs: [{ rasse: 'Wolfshund' }] },
    'Wir kennen nicht jede angegebene Hunderasse. Bitte wählen Sie die Rasse jedes Hundes aus den Vorschlägen der Rassenliste; andere Rassen können wir online leider nicht versichern.',
  ],
  [
    'a dog that bit someone',
    { dogs: [MOPS], risiko: { beissvorfall: true } },
    'Einen Hund, der in den letzten fünf Jahren einen Menschen oder ein Tier gebissen hat, können wir online leider nicht versichern.',
  ],
  [
    'two or more claims in five years (a table without that row)',
    { dogs: [MOPS], risiko: { vorschaeden: 'MEHRERE' } },
    'Bei zwei oder mehr Haftpflichtschäden durch Hunde in den letzten fünf Jahren können wir Sie online leider nicht versichern.',
  ],
  [
    'a previous insurer’s cancellation',
    { dogs: [MOPS], risiko: { gekuendigt: true } },
    'Hat ein früherer Versicherer Ihre Hundehaftpflichtversicherung gekündigt, können wir Sie online leider nicht versichern.',
  ],
  [
    'a start that is not in the future',
    { dogs: [MOPS], versicherungsbeginn: TODAY },
    'Der Versicherungsbeginn muss in der Zukunft liegen.',
  ],
];

describe('pet owner liability quotes from the THV tariff', () => {
  it('rates the flow tierhalterhaftpflicht with version 2 of the THV tariff', () => {
    expect(thv.rating?.flows).toEqual(['tierhalterhaftpflicht']);
    expect(thv.version).toBe(2);
  });

  it.each(priced)('prices %s', (_name, c, expected) => {
    const result = quote(c);
    expect(result.kind).toBe('priced');
    if (result.kind !== 'priced') return;
    expect({
      beitrag: result.beitrag,
      jahresbeitrag: result.jahresbeitrag,
      steuer: result.outputs['versicherungsteuer'],
    }).toEqual(expected);
    expect(result.outputs).toMatchObject({
      zahlweise: c.zahlweise ?? 'JAEHRLICH',
      anzahlHunde: c.dogs.length,
      versicherungssumme: c.versicherungssumme ?? 5000000,
    });
  });

  it.each(refused)('refuses %s with its German reason', (_name, c, grund) => {
    expect(quote(c)).toMatchObject({ kind: 'refused', grund });
  });

  it('rates each dog by the one table of sizes, read with that dog’s size', () => {
    const result = quote({ dogs: [LABRADOR, BEAGLE, MOPS] });
    if (result.kind !== 'priced') throw new Error(result.kind);
    const step = (id: string) => result.worksheet.schritte.find((s) => s.id === id);
    expect(step('hund-1')).toMatchObject({
      wert: 75,
      quelle: { tabelle: 'grundbeitrag', schluessel: ['GROSS'] },
    });
    expect(step('hund-2')).toMatchObject({
      wert: 60,
      quelle: { tabelle: 'grundbeitrag', schluessel: ['MITTEL'] },
    });
    expect(step('hund-3')).toMatchObject({
      wert: 45,
      quelle: { tabelle: 'grundbeitrag', schluessel: ['KLEIN'] },
    });
    const one = quote({ dogs: [LABRADOR] });
    if (one.kind !== 'priced') throw new Error(one.kind);
    expect(one.worksheet.schritte.find((s) => s.id === 'hund-2')?.ausgefuehrt).toBe(false);
  });

  it('names the answers it needs before the dogs are given', () => {
    expect(rate(thv, {}, { today: TODAY })).toEqual({
      kind: 'incomplete',
      missing: [{ input: 'anzahlHunde', answer: 'hunde.hunde.length' }],
    });
  });
});
