import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';

// Quotes of the private liability line (definitions/tariffs/phv.json, rating) worked out by hand
// from the tariff's illustrative figures, gross of the 19 % insurance tax:
//   annual = base by family status (SINGLE 39, ALLEINERZIEHEND 49, PAAR 58, FAMILIE 66)
//            x sum factor (10 Mio 1, 20 Mio 1.1, 50 Mio 1.25)
//            + covers (key loss 9, bad debt 6, rented property 8, young children 5, civil service 18)
//            x 1.25 after one claim in five years
//            x (1 - deductible discount: none 0, SB_250 0.10, SB_500 0.15), at least 35
//   per payment = annual x period factor / payments, in cents (monthly 1.05 / 12, quarterly
//   1.03 / 4, half-yearly 1.02 / 2, yearly 1 / 1); per year = per payment x payments;
//   tax = per year - per year / 1.19 (each in cents).

const phv = defaultTariffs().get('PRIVATHAFTPFLICHT', 'EUR') as Tariff;
const TODAY = '2026-03-01';

interface Case {
  familienstand: string;
  summe: number;
  sb: string;
  bausteine?: string[];
  zahlweise?: string;
  vorschaeden?: string;
  gekuendigt?: boolean;
  geburtsdatum?: string;
  beginn?: string;
}

/** The answers of the private liability flow (step and field names of privathaftpflicht.json). */
function answersOf(c: Case): Record<string, Record<string, unknown>> {
  return {
    familie: { familienstand: c.familienstand, oeffentlicherDienst: false },
    deckung: {
      versicherungssumme: c.summe,
      selbstbeteiligung: c.sb,
      ...(c.bausteine ? { bausteine: c.bausteine } : {}),
    },
    risikofragen: { vorschaeden: c.vorschaeden ?? 'KEINE', gekuendigt: c.gekuendigt ?? false },
    ...(c.geburtsdatum ? { versicherungsnehmer: { geburtsdatum: c.geburtsdatum } } : {}),
    beginn: { versicherungsbeginn: c.beginn ?? '2026-04-01' },
    zahlweise: { zahlweise: c.zahlweise ?? 'JAEHRLICH' },
  };
}

const MIO = 1_000_000;
const priced: [string, Case, { beitrag: number; jahresbeitrag: number; steuer: number }][] = [
  // 39 x 1 = 39.00 a year; tax 39.00 - 32.77 = 6.23
  [
    'a single, 10 Mio, no deductible, yearly',
    { familienstand: 'SINGLE', summe: 10 * MIO, sb: 'SB_KEINE' },
    { beitrag: 39, jahresbeitrag: 39, steuer: 6.23 },
  ],
  // 49 x 1 + 5 (young children) = 54.00; tax 54.00 - 45.38 = 8.62
  [
    'a single parent with the young children cover, yearly',
    {
      familienstand: 'ALLEINERZIEHEND',
      summe: 10 * MIO,
      sb: 'SB_KEINE',
      bausteine: ['DELIKTUNFAEHIGE_KINDER'],
    },
    { beitrag: 54, jahresbeitrag: 54, steuer: 8.62 },
  ],
  // 58 x 1.1 = 63.80 + 9 + 8 = 80.80 x 0.9 = 72.72; monthly 72.72 x 1.05 / 12 = 6.363 -> 6.36,
  // x 12 = 76.32; tax 76.32 - 64.13 = 12.19
  [
    'a couple, 20 Mio, key loss and rented property, SB 250, monthly',
    {
      familienstand: 'PAAR',
      summe: 20 * MIO,
      sb: 'SB_250',
      bausteine: ['SCHLUESSELVERLUST', 'MIETSACHSCHAEDEN'],
      zahlweise: 'MONATLICH',
    },
    { beitrag: 6.36, jahresbeitrag: 76.32, steuer: 12.19 },
  ],
  // 66 x 1.25 = 82.50 + 9 + 6 + 8 + 5 + 18 = 128.50; quarterly 128.50 x 1.03 / 4 = 33.08875
  // -> 33.09, x 4 = 132.36; tax 132.36 - 111.23 = 21.13
  [
    'a family, 50 Mio, every cover, quarterly',
    {
      familienstand: 'FAMILIE',
      summe: 50 * MIO,
      sb: 'SB_KEINE',
      bausteine: [
        'SCHLUESSELVERLUST',
        'FORDERUNGSAUSFALL',
        'MIETSACHSCHAEDEN',
        'DELIKTUNFAEHIGE_KINDER',
        'DIENSTHAFTPFLICHT',
      ],
      zahlweise: 'VIERTELJAEHRLICH',
    },
    { beitrag: 33.09, jahresbeitrag: 132.36, steuer: 21.13 },
  ],
  // 39 x 0.85 = 33.15, below the minimum: 35.00; tax 35.00 - 29.41 = 5.59
  [
    'a single with SB 500 pays the minimum premium, yearly',
    { familienstand: 'SINGLE', summe: 10 * MIO, sb: 'SB_500' },
    { beitrag: 35, jahresbeitrag: 35, steuer: 5.59 },
  ],
  // minimum 35.00 x 1.05 / 12 = 3.0625 -> 3.06, x 12 = 36.72; tax 36.72 - 30.86 = 5.86
  [
    'the minimum premium paid monthly',
    { familienstand: 'SINGLE', summe: 10 * MIO, sb: 'SB_500', zahlweise: 'MONATLICH' },
    { beitrag: 3.06, jahresbeitrag: 36.72, steuer: 5.86 },
  ],
  // 58 + 6 (bad debt) = 64.00; half-yearly 64 x 1.02 / 2 = 32.64, x 2 = 65.28;
  // tax 65.28 - 54.86 = 10.42
  [
    'a couple with the bad debt cover, half-yearly',
    {
      familienstand: 'PAAR',
      summe: 10 * MIO,
      sb: 'SB_KEINE',
      bausteine: ['FORDERUNGSAUSFALL'],
      zahlweise: 'HALBJAEHRLICH',
    },
    { beitrag: 32.64, jahresbeitrag: 65.28, steuer: 10.42 },
  ],
  // 66 x 1.1 = 72.60 + 18 = 90.60 x 1.25 (one claim) = 113.25 x 0.85 = 96.2625 -> 96.26;
  // tax 96.26 - 80.89 = 15.37
  [
    'a family of a civil servant after one claim, 20 Mio, SB 500, yearly',
    {
      familienstand: 'FAMILIE',
      summe: 20 * MIO,
      sb: 'SB_500',
      bausteine: ['DIENSTHAFTPFLICHT'],
      vorschaeden: 'EINER',
    },
    { beitrag: 96.26, jahresbeitrag: 96.26, steuer: 15.37 },
  ],
  // 49 x 1.25 = 61.25 x 0.9 = 55.125; quarterly x 1.03 / 4 = 14.1946875 -> 14.19, x 4 = 56.76;
  // tax 56.76 - 47.70 = 9.06
  [
    'a single parent, 50 Mio, SB 250, quarterly',
    {
      familienstand: 'ALLEINERZIEHEND',
      summe: 50 * MIO,
      sb: 'SB_250',
      zahlweise: 'VIERTELJAEHRLICH',
    },
    { beitrag: 14.19, jahresbeitrag: 56.76, steuer: 9.06 },
  ],
  // 66 + 5 = 71 x 0.9 = 63.90; monthly x 1.05 / 12 = 5.59125 -> 5.59, x 12 = 67.08;
  // tax 67.08 - 56.37 = 10.71
  [
    'a family with young children, SB 250, monthly',
    {
      familienstand: 'FAMILIE',
      summe: 10 * MIO,
      sb: 'SB_250',
      bausteine: ['DELIKTUNFAEHIGE_KINDER'],
      zahlweise: 'MONATLICH',
    },
    { beitrag: 5.59, jahresbeitrag: 67.08, steuer: 10.71 },
  ],
  // Turning 18 today is old enough: 39.00 as the first case.
  [
    'a policyholder who turns 18 today',
    { familienstand: 'SINGLE', summe: 10 * MIO, sb: 'SB_KEINE', geburtsdatum: '2008-03-01' },
    { beitrag: 39, jahresbeitrag: 39, steuer: 6.23 },
  ],
];

const refused: [string, Case, string][] = [
  [
    'a policyholder whose previous insurer cancelled',
    { familienstand: 'PAAR', summe: 10 * MIO, sb: 'SB_KEINE', gekuendigt: true },
    'Hat ein Versicherer Ihnen in den letzten fünf Jahren die Privathaftpflichtversicherung gekündigt, können wir Sie online leider nicht versichern.',
  ],
  [
    'two or more claims in five years',
    { familienstand: 'SINGLE', summe: 10 * MIO, sb: 'SB_KEINE', vorschaeden: 'MEHRERE' },
    'Bei zwei oder mehr Haftpflichtschäden in den letzten fünf Jahren können wir Sie online leider nicht versichern.',
  ],
  [
    'a policyholder who turns 18 tomorrow',
    { familienstand: 'SINGLE', summe: 10 * MIO, sb: 'SB_KEINE', geburtsdatum: '2008-03-02' },
    'Den Antrag können nur volljährige Personen stellen: Sie müssen mindestens 18 Jahre alt sein.',
  ],
  [
    'a start in the past',
    { familienstand: 'SINGLE', summe: 10 * MIO, sb: 'SB_KEINE', beginn: '2026-02-28' },
    'Der Versicherungsbeginn darf nicht in der Vergangenheit liegen.',
  ],
  [
    'a single payment, which the line does not offer',
    { familienstand: 'SINGLE', summe: 10 * MIO, sb: 'SB_KEINE', zahlweise: 'EINMALIG' },
    'Diese Zahlweise ist für das Produkt nicht möglich.',
  ],
];

describe('private liability quotes from the tariff rating', () => {
  it('covers every family status, cover, payment period and deductible', () => {
    const cases = priced.map(([, c]) => c);
    expect(new Set(cases.map((c) => c.familienstand)).size).toBe(4);
    expect(new Set(cases.map((c) => c.zahlweise ?? 'JAEHRLICH')).size).toBe(4);
    expect(new Set(cases.map((c) => c.sb)).size).toBe(3);
    expect(new Set(cases.map((c) => c.summe)).size).toBe(3);
    expect(new Set(cases.flatMap((c) => c.bausteine ?? [])).size).toBe(5);
  });

  it.each(priced)('prices %s', (_name, c, expected) => {
    const result = rate(phv, answersOf(c), { today: TODAY });
    expect(result.kind).toBe('priced');
    if (result.kind !== 'priced') return;
    expect({
      beitrag: result.beitrag,
      jahresbeitrag: result.jahresbeitrag,
      steuer: result.outputs['versicherungsteuer'],
      zahlweise: result.outputs['zahlweise'],
    }).toEqual({ ...expected, zahlweise: c.zahlweise ?? 'JAEHRLICH' });
  });

  it.each(refused)('refuses %s, with its reason', (_name, c, grund) => {
    expect(rate(phv, answersOf(c), { today: TODAY })).toMatchObject({ kind: 'refused', grund });
  });

  it('records the family status, the sum factor and the minimum premium in the worksheet', () => {
    const result = rate(
      phv,
      answersOf({ familienstand: 'SINGLE', summe: 10 * MIO, sb: 'SB_500' }),
      { today: TODAY },
    );
    if (result.kind !== 'priced') throw new Error(result.kind);
    const step = (id: string) => result.worksheet.schritte.find((s) => s.id === id);
    expect(step('grundbeitrag')).toMatchObject({ wert: 39, quelle: { schluessel: ['SINGLE'] } });
    expect(step('summe')).toMatchObject({ wert: 1, quelle: { schluessel: [10 * MIO] } });
    expect(step('mindestbeitrag')).toMatchObject({ wert: 35, ergebnis: 35 });
    expect(step('schluesselverlust')?.ausgefuehrt).toBe(false);
  });
});
