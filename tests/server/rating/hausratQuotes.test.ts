import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';

// Quotes of the household contents line (definitions/tariffs/hausrat.json, rating) worked out by
// hand from the tariff's illustrative figures, gross of the 19 % insurance tax:
//   zone by the postcode's first two digits (01-09: 2, 10-14: 4, 20-22: 4, 23-29: 2, 30-31: 3,
//   50-51: 4, 60-61: 3, 70-79: 1, 80-81: 3, ...), rate per 1,000 € sum by zone
//   (1: 1.10, 2: 1.45, 3: 1.80, 4: 2.20)
//   annual = sum / 1000 x rate x building (flats 1, detached 1.15, terraced 1.10)
//            x floor (basement 1.2, ground 1.1, upper and top 1)
//            x 1.25 for timber or prefab x 1.2 after one claim
//            + covers (glass 18, bicycle 29, protection letter 9.90, unnamed hazards 24,
//              natural hazards 36 x flood class factor: 1: 1, 2: 1.5, 3: 2.5, class 4 refused)
//            x (1 - deductible discount: SB_250 0.10, SB_500 0.15, SB_1000 0.22), at least 45
//   per payment = annual x period factor / payments, in cents (monthly 1.05 / 12, quarterly
//   1.03 / 4, half-yearly 1.02 / 2, yearly 1 / 1); per year = per payment x payments;
//   tax = per year - per year / 1.19 (each in cents).

const hausrat = defaultTariffs().get('HAUSRAT', 'EUR') as Tariff;
const TODAY = '2026-03-01';

interface Case {
  plz: string;
  summe: number;
  gebaeudeart?: string;
  etage?: string;
  sb?: string;
  bausteine?: string[];
  zahlweise?: string;
  vorschaeden?: string;
  staendigBewohnt?: boolean;
  holzbauweise?: boolean;
}

/** The answers of the household flow (step and field names of hausrat.json). */
function answersOf(c: Case): Record<string, Record<string, unknown>> {
  return {
    adresse: { plz: c.plz, ort: 'Ort', strasse: 'Straße', hausnummer: '1' },
    wohnung: {
      wohnflaeche: 80,
      gebaeudeart: c.gebaeudeart ?? 'MEHRFAMILIENHAUS',
      etage: c.etage ?? 'OBERGESCHOSS',
    },
    deckung: {
      versicherungssumme: c.summe,
      selbstbeteiligung: c.sb ?? 'SB_KEINE',
      ...(c.bausteine ? { bausteine: c.bausteine } : {}),
    },
    risikofragen: {
      vorschaeden: c.vorschaeden ?? 'KEINE',
      staendigBewohnt: c.staendigBewohnt ?? true,
      holzbauweise: c.holzbauweise ?? false,
    },
    beginn: { versicherungsbeginn: '2026-04-01' },
    zahlweise: { zahlweise: c.zahlweise ?? 'JAEHRLICH' },
  };
}

const priced: [string, Case, { beitrag: number; jahresbeitrag: number; steuer: number }][] = [
  // Kiel, zone 2: 52 x 1.45 = 75.40; tax 75.40 - 63.36 = 12.04
  [
    'a flat in Kiel (zone 2), 80 m² at 650 €, yearly',
    { plz: '24103', summe: 52_000 },
    { beitrag: 75.4, jahresbeitrag: 75.4, steuer: 12.04 },
  ],
  // Berlin, zone 4: 40 x 2.2 = 88 x 1.1 (ground floor) = 96.80 + 18 (glass) = 114.80 x 0.9 =
  // 103.32; monthly x 1.05 / 12 = 9.0405 -> 9.04, x 12 = 108.48; tax 108.48 - 91.16 = 17.32
  [
    'a ground floor flat in Berlin (zone 4) with glass, SB 250, monthly',
    {
      plz: '10115',
      summe: 40_000,
      etage: 'ERDGESCHOSS',
      sb: 'SB_250',
      bausteine: ['GLASBRUCH'],
      zahlweise: 'MONATLICH',
    },
    { beitrag: 9.04, jahresbeitrag: 108.48, steuer: 17.32 },
  ],
  // Hannover, zone 3: 65 x 1.8 = 117 x 1.15 (detached) = 134.55 + 29 (bicycle) = 163.55 x 0.85
  // = 139.0175; quarterly x 1.03 / 4 = 35.797 -> 35.80, x 4 = 143.20; tax 143.20 - 120.34 = 22.86
  [
    'the top floor of a detached house in Hannover (zone 3) with bicycle theft, SB 500, quarterly',
    {
      plz: '30159',
      summe: 65_000,
      gebaeudeart: 'EIN_ZWEIFAMILIENHAUS',
      etage: 'DACHGESCHOSS',
      sb: 'SB_500',
      bausteine: ['FAHRRAD'],
      zahlweise: 'VIERTELJAEHRLICH',
    },
    { beitrag: 35.8, jahresbeitrag: 143.2, steuer: 22.86 },
  ],
  // Stuttgart, zone 1: 30 x 1.1 = 33 x 1.1 (terraced) = 36.30 x 1.1 (ground floor) = 39.93
  // + 9.90 + 24 = 73.83 x 0.78 = 57.5874; half-yearly x 1.02 / 2 = 29.3696 -> 29.37, x 2 = 58.74;
  // tax 58.74 - 49.36 = 9.38
  [
    'a terraced house in Stuttgart (zone 1) with protection letter and unnamed hazards, SB 1000, half-yearly',
    {
      plz: '70173',
      summe: 30_000,
      gebaeudeart: 'REIHENHAUS',
      etage: 'ERDGESCHOSS',
      sb: 'SB_1000',
      bausteine: ['SCHUTZBRIEF', 'UNBENANNTE_GEFAHREN'],
      zahlweise: 'HALBJAEHRLICH',
    },
    { beitrag: 29.37, jahresbeitrag: 58.74, steuer: 9.38 },
  ],
  // Stuttgart: 20 x 1.1 = 22 x 0.78 = 17.16, below the minimum: 45.00; tax 45.00 - 37.82 = 7.18
  [
    'a small sum with SB 1000 pays the minimum premium',
    { plz: '70173', summe: 20_000, sb: 'SB_1000' },
    { beitrag: 45, jahresbeitrag: 45, steuer: 7.18 },
  ],
  // Köln, zone 4, flood class 2: 52 x 2.2 = 114.40 + 18 (glass) + 36 x 1.5 = 54 = 186.40;
  // tax 186.40 - 156.64 = 29.76
  [
    'natural hazards in Köln (flood class 2) with glass, yearly',
    { plz: '50667', summe: 52_000, bausteine: ['ELEMENTAR', 'GLASBRUCH'] },
    { beitrag: 186.4, jahresbeitrag: 186.4, steuer: 29.76 },
  ],
  // Kiel, flood class 1: 75.40 + 36 = 111.40; tax 111.40 - 93.61 = 17.79
  [
    'natural hazards in Kiel (flood class 1), yearly',
    { plz: '24103', summe: 52_000, bausteine: ['ELEMENTAR'] },
    { beitrag: 111.4, jahresbeitrag: 111.4, steuer: 17.79 },
  ],
  // Dresden, zone 2: 46 x 1.45 = 66.70 x 1.2 (basement) = 80.04 x 1.25 (timber) = 100.05;
  // tax 100.05 - 84.08 = 15.97
  [
    'a basement flat in a timber house in Dresden (zone 2), yearly',
    { plz: '01067', summe: 46_000, etage: 'KELLER', holzbauweise: true },
    { beitrag: 100.05, jahresbeitrag: 100.05, steuer: 15.97 },
  ],
  // Frankfurt, zone 3: 50 x 1.8 = 90 x 1.2 (one claim) = 108; monthly x 1.05 / 12 = 9.45,
  // x 12 = 113.40; tax 113.40 - 95.29 = 18.11
  [
    'a flat in Frankfurt (zone 3) after one claim, monthly',
    { plz: '60311', summe: 50_000, vorschaeden: 'EINER', zahlweise: 'MONATLICH' },
    { beitrag: 9.45, jahresbeitrag: 113.4, steuer: 18.11 },
  ],
  // München, zone 3, flood class 1: 70 x 1.8 = 126 + 18 + 29 + 9.90 + 24 + 36 = 242.90 x 0.85 =
  // 206.465; quarterly x 1.03 / 4 = 53.1647 -> 53.16, x 4 = 212.64; tax 212.64 - 178.69 = 33.95
  [
    'every cover in München (zone 3), SB 500, quarterly',
    {
      plz: '80331',
      summe: 70_000,
      etage: 'DACHGESCHOSS',
      sb: 'SB_500',
      bausteine: ['GLASBRUCH', 'ELEMENTAR', 'FAHRRAD', 'SCHUTZBRIEF', 'UNBENANNTE_GEFAHREN'],
      zahlweise: 'VIERTELJAEHRLICH',
    },
    { beitrag: 53.16, jahresbeitrag: 212.64, steuer: 33.95 },
  ],
];

const refused: [string, Case, string][] = [
  [
    'natural hazards in Dresden (flood class 4)',
    { plz: '01067', summe: 52_000, bausteine: ['ELEMENTAR'] },
    'In Gebieten mit hoher Hochwassergefahr (Gefährdungsklasse 4) können wir Elementarschäden online leider nicht versichern. Bitte wählen Sie den Baustein Elementarschäden ab.',
  ],
  [
    'a flat that is not permanently inhabited',
    { plz: '24103', summe: 52_000, staendigBewohnt: false },
    'Eine Wohnung, die nicht ständig bewohnt ist – etwa leer stehend oder nur zeitweise genutzt –, können wir online leider nicht versichern.',
  ],
  [
    'two or more claims in five years',
    { plz: '24103', summe: 52_000, vorschaeden: 'MEHRERE' },
    'Bei zwei oder mehr Hausratschäden in den letzten fünf Jahren können wir Sie online leider nicht versichern.',
  ],
];

describe('household contents quotes from the tariff rating', () => {
  it('covers every building type, floor, payment period and deductible the tariff has, and every cover', () => {
    // What the tariff offers (definitions/tariffs/hausrat.json), against what the cases use: a
    // new floor or payment period in the tariff needs a case here.
    const cases = priced.map(([, c]) => c);
    const used = (values: (string | undefined)[], fallback: string) =>
      [...new Set(values.map((value) => value ?? fallback))].sort();
    const keysOf = (table: string) =>
      Object.keys(
        (hausrat.rating?.tables?.[table]?.values ?? {}) as Record<string, unknown>,
      ).sort();
    expect(
      used(
        cases.map((c) => c.gebaeudeart),
        'MEHRFAMILIENHAUS',
      ),
    ).toEqual(keysOf('gebaeudefaktor'));
    expect(
      used(
        cases.map((c) => c.etage),
        'OBERGESCHOSS',
      ),
    ).toEqual(keysOf('etagefaktor'));
    expect(
      used(
        cases.map((c) => c.zahlweise),
        'JAEHRLICH',
      ),
    ).toEqual(Object.keys(hausrat.paymentPeriods ?? {}).sort());
    expect(
      used(
        cases.map((c) => c.sb),
        'SB_KEINE',
      ),
    ).toEqual(Object.keys(hausrat.deductibleDiscounts ?? {}).sort());
    // Every optional cover the rating asks about (its boolean inputs named after a cover).
    const covers = ['glasbruch', 'elementar', 'fahrrad', 'schutzbrief', 'unbenannteGefahren'];
    for (const cover of covers) expect(hausrat.rating?.inputs).toHaveProperty(cover);
    expect(new Set(cases.flatMap((c) => c.bausteine ?? [])).size).toBe(covers.length);
  });

  it.each(priced)('prices %s', (_name, c, expected) => {
    const result = rate(hausrat, answersOf(c), { today: TODAY });
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
    expect(rate(hausrat, answersOf(c), { today: TODAY })).toMatchObject({
      kind: 'refused',
      grund,
    });
  });

  it('records the zone by postcode and the rate read with it in the worksheet', () => {
    const result = rate(
      hausrat,
      answersOf({ plz: '50667', summe: 52_000, bausteine: ['ELEMENTAR'] }),
      { today: TODAY },
    );
    if (result.kind !== 'priced') throw new Error(result.kind);
    const step = (id: string) => result.worksheet.schritte.find((s) => s.id === id);
    expect(step('tarifzone')).toMatchObject({ ergebnis: 4, quelle: { schluessel: [50] } });
    expect(step('satz')).toMatchObject({ wert: 2.2, quelle: { schluessel: [4] } });
    expect(step('elementar-faktor')).toMatchObject({ wert: 1.5, quelle: { schluessel: [2] } });
    expect(result.outputs['zone']).toBe(4);
  });
});
