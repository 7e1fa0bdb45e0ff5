import { describe, expect, it } from 'vitest';
import { defaultTariffs, type Tariff } from '../../../apps/server/src/tariffs/index.ts';
import { rate } from '../../../apps/server/src/tariffs/index.ts';

// The financial-loss liability (definitions/tariffs/vsh.json, flow vermoegensschadenhaftpflicht),
// priced by hand from the tariff's figures: base premium by sum (250,000 €: 290, 500,000 €: 390,
// 1 Mio. €: 520) times the risk class of the trade (IT-Beratung: 1, factor 0.9), the band of the
// fees (up to 100,000 €: 1.0), +10 % per additional trade, Europe 1.15, prior acts +20 %, the
// deductible discount (250: 5 %, 500: 8 %, 1,000: 12 %); at least 250 € a year; payment period
// factor and instalments; the tax share is 19/119 of the annual premium. Only trades that give
// advice (catalogue attribute beratend) are insurable.

const vsh = defaultTariffs().get('VSH', 'EUR') as Tariff;

interface Input {
  hauptgewerbe: string;
  nebengewerbe: string[];
  jahresumsatz: number;
  auslandsbezug: string;
  versicherungssumme: number;
  selbstbeteiligung: string;
  rueckwaertsversicherung: boolean;
  bekannteSchaeden: boolean;
  vorversicherungGekuendigt: boolean;
  zahlweise: string;
}

const base: Input = {
  hauptgewerbe: 'IT-Beratung',
  nebengewerbe: [],
  jahresumsatz: 80000,
  auslandsbezug: 'NUR_DEUTSCHLAND',
  versicherungssumme: 250000,
  selbstbeteiligung: 'SB_KEINE',
  rueckwaertsversicherung: false,
  bekannteSchaeden: false,
  vorversicherungGekuendigt: false,
  zahlweise: 'JAEHRLICH',
};

/** The flow's answers (step and field names of vermoegensschadenhaftpflicht.json) for a case. */
function answersOf(input: Input): Record<string, Record<string, unknown>> {
  return {
    betrieb: {
      hauptgewerbe: input.hauptgewerbe,
      nebengewerbe: input.nebengewerbe.map((gewerbe) => ({ gewerbe })),
      jahresumsatz: input.jahresumsatz,
    },
    taetigkeit: { auslandsbezug: input.auslandsbezug },
    deckung: {
      versicherungssumme: input.versicherungssumme,
      selbstbeteiligung: input.selbstbeteiligung,
      rueckwaertsversicherung: input.rueckwaertsversicherung,
    },
    risiko: {
      bekannteSchaeden: input.bekannteSchaeden,
      vorversicherungGekuendigt: input.vorversicherungGekuendigt,
    },
    zahlweise: { zahlweise: input.zahlweise },
    beginn: { versicherungsbeginn: '2025-07-01' },
  };
}

type Expected =
  { beitrag: number; jahresbeitrag: number; versicherungsteuer: number } | { grund: string };

const NOT_ADVISORY =
  'Die Vermögensschadenhaftpflicht bieten wir nur für beratende und planende Berufe an, zum Beispiel Steuerberatung, IT-Beratung oder Architekturbüros. Für Ihre Tätigkeit passt eine Betriebshaftpflichtversicherung.';

const cases: [string, Partial<Input>, Expected][] = [
  // 290 * 0.9 (class 1) * 1.0 (fees up to 100,000) = 261; tax 261 - 219.33 = 41.67
  [
    'IT consulting, 250,000 €, annual payment',
    {},
    { beitrag: 261, jahresbeitrag: 261, versicherungsteuer: 41.67 },
  ],
  // 390 * 0.9 = 351; tax 351 - 294.96 = 56.04
  [
    'a sum of 500,000 €',
    { versicherungssumme: 500000 },
    { beitrag: 351, jahresbeitrag: 351, versicherungsteuer: 56.04 },
  ],
  // 520 * 0.9 = 468; tax 468 - 393.28 = 74.72
  [
    'a sum of 1 Mio. €',
    { versicherungssumme: 1000000 },
    { beitrag: 468, jahresbeitrag: 468, versicherungsteuer: 74.72 },
  ],
  // 351 * 1.05 / 12 = 30.7125 -> 30.71, a year 368.52; tax 368.52 - 309.68 = 58.84
  [
    'monthly payment of 500,000 €',
    { versicherungssumme: 500000, zahlweise: 'MONATLICH' },
    { beitrag: 30.71, jahresbeitrag: 368.52, versicherungsteuer: 58.84 },
  ],
  // 261 * 1.03 / 4 = 67.2075 -> 67.21, a year 268.84; tax 268.84 - 225.92 = 42.92
  [
    'quarterly payment',
    { zahlweise: 'VIERTELJAEHRLICH' },
    { beitrag: 67.21, jahresbeitrag: 268.84, versicherungsteuer: 42.92 },
  ],
  // Steuerberatung, class 2 (1.0), fees 400,000 (1.7): 290 * 1.7 = 493; tax 493 - 414.29 = 78.71
  [
    'a tax adviser with fees of 400,000 €',
    { hauptgewerbe: 'Steuerberatung', jahresumsatz: 400000 },
    { beitrag: 493, jahresbeitrag: 493, versicherungsteuer: 78.71 },
  ],
  // 261 * 1.15 (Europe) = 300.15, + 20 % prior acts = 360.18; tax 360.18 - 302.67 = 57.51
  [
    'clients in Europe and prior acts cover',
    { auslandsbezug: 'EUROPA', rueckwaertsversicherung: true },
    { beitrag: 360.18, jahresbeitrag: 360.18, versicherungsteuer: 57.51 },
  ],
  // 261 + 20 % for two additional trades = 313.20; tax 313.20 - 263.19 = 50.01
  [
    'two additional trades',
    { nebengewerbe: ['Webdesign', 'Softwareentwicklung'] },
    { beitrag: 313.2, jahresbeitrag: 313.2, versicherungsteuer: 50.01 },
  ],
  // Rechtsanwaltskanzlei, class 2, fees 1,500,000 (3.0): 290 * 3.0 = 870; tax 870 - 731.09 = 138.91
  [
    'a law firm with fees of 1.5 Mio. €',
    { hauptgewerbe: 'Rechtsanwaltskanzlei', jahresumsatz: 1500000 },
    { beitrag: 870, jahresbeitrag: 870, versicherungsteuer: 138.91 },
  ],
  // 261 - 12 % (deductible 1,000) = 229.68 -> minimum 250; tax 250 - 210.08 = 39.92
  [
    'the minimum premium after the deductible discount',
    { selbstbeteiligung: 'SB_1000' },
    { beitrag: 250, jahresbeitrag: 250, versicherungsteuer: 39.92 },
  ],
  // 261 - 5 % (deductible 250) = 247.95 -> minimum 250; half-yearly 250 * 1.02 / 2 = 127.50,
  // a year 255; tax 255 - 214.29 = 40.71
  [
    'half-yearly payment of the minimum premium',
    { selbstbeteiligung: 'SB_250', zahlweise: 'HALBJAEHRLICH' },
    { beitrag: 127.5, jahresbeitrag: 255, versicherungsteuer: 40.71 },
  ],
  ['refused: a bakery gives no advice', { hauptgewerbe: 'Bäckerei' }, { grund: NOT_ADVISORY }],
  [
    'refused: a trade that is not in the catalogue',
    { hauptgewerbe: 'Goldschmiede' },
    {
      grund:
        'Diese Tätigkeit finden wir nicht in unserer Liste. Bitte wählen Sie Ihr Hauptgewerbe aus den Vorschlägen.',
    },
  ],
  [
    'refused: clients outside Europe',
    { auslandsbezug: 'WELTWEIT' },
    {
      grund:
        'Tätigkeiten mit Bezug zu Ländern außerhalb Europas (zum Beispiel USA oder Kanada) versichern wir online leider nicht.',
    },
  ],
  [
    'refused: known claims or circumstances',
    { bekannteSchaeden: true },
    {
      grund:
        'Wenn Ihnen Schäden oder Umstände bekannt sind, die zu einem Anspruch führen können, beraten wir Sie gern persönlich.',
    },
  ],
  [
    'refused: an earlier policy cancelled by its insurer',
    { vorversicherungGekuendigt: true },
    {
      grund:
        'Hat ein Versicherer Ihre frühere Vermögensschadenhaftpflicht gekündigt, können wir Sie online leider nicht versichern.',
    },
  ],
  [
    'refused: fees above 2 Mio. €',
    { jahresumsatz: 2500000 },
    {
      grund:
        'Bei einem Honorarumsatz über 2.000.000 € erstellen wir Ihnen gern ein persönliches Angebot.',
    },
  ],
];

describe('financial-loss liability (VSH) quotes, worked out by hand from the tariff', () => {
  it.each(cases)('%s', (_name, change, expected) => {
    const result = rate(vsh, answersOf({ ...base, ...change }), { today: '2025-06-15' });
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
