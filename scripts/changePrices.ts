/**
 * The price of each self-service change (the calculate calls POST /api/vertrag/vertrag/{id}/beitrag/…
 * of docs/api.md), one representative demo contract and change each, through the server as a
 * customer calls it: a server over an in-memory database seeded for a fixed day.
 *
 *   npx tsx scripts/changePrices.ts                     the table of today's prices
 *   npx tsx scripts/changePrices.ts --json > a.json     the same as JSON (to compare later)
 *   npx tsx scripts/changePrices.ts --vorher a.json     the table beside an earlier run's prices
 *                                                       (of another commit), with each difference
 *                                                       and its reason
 *
 * `--alle` prices every value of every change on every running demo contract instead (with
 * `--vorher`: how many prices differ, and the rows that do). `--stichtag 2025-06-15` sets the seed
 * day and the effective date (default that day, the server tests' day).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildServer } from '../apps/server/src/app.ts';
import { HAUSRAT_DECKUNGEN } from '../apps/server/src/contracts/householdKinds.ts';
import {
  PERSONEN_ANZAHLEN,
  SELBSTBETEILIGUNGEN,
  ZAHLWEISEN,
} from '../apps/server/src/db/schema/index.ts';
import { defaultTariffs } from '../apps/server/src/tariffs/index.ts';
import { marketOf } from '../apps/server/src/platform/brands.ts';
import { ratesContracts } from '../apps/server/src/tariffs/index.ts';
import { CONTRACT_SPECS } from '../apps/server/src/seed/contractSpecs.ts';
import { SEED_PARTNERS } from '../apps/server/src/seed/people.ts';

/** One change priced: the calculate call's path below the contract, its contract and its value. */
interface ChangeCase {
  pfad: string;
  vertrag: string;
  wert: Record<string, unknown>;
}

/** What the calculate call answered for a case. */
interface PricedCase extends ChangeCase {
  beitrag: number | null;
  anteiligerBeitrag: number | null;
  /** The German reason of an ungueltig answer, or the status and message of a refused call. */
  fehlermeldung: string | null;
}

const NEW_HOME = { plz: '50667', ort: 'Köln', strasse: 'Domkloster', hausnummer: '4' };
const change = (pfad: string, vertrag: string, wert: Record<string, unknown>): ChangeCase => ({
  pfad,
  vertrag,
  wert,
});

/** The changes, each on a running contract of the demo data that can take it. */
const REPRESENTATIVE: ChangeCase[] = [
  change('zahlweise', 'AS-10000101', { zahlweise: 'VIERTELJAEHRLICH' }),
  change('selbstbeteiligung', 'SD-30000101', { neueSelbstbeteiligung: 'SB_500' }),
  change('elementar', 'AS-10000203', { elementar: true }),
  change('phv', 'AS-10000202', { phvAnzahl: 'EINS' }),
  change('buerohaftpflicht', 'PR-40000201', { buerohaftpflicht: true }),
  change('phv/familienstand', 'AS-10000101', { familienstand: 'FAMILIE' }),
  change('risikoort', 'AS-10000102', { risikoOrt: { ...NEW_HOME, wohnflaeche: 140 } }),
  change('versicherungssumme', 'AS-10000103', { versicherungssumme: '1500' }),
  change('hausrat/basis', 'SD-30000102', { eingeschlossen: true, versicherungssumme: 70000 }),
  change('hausrat/glasbruch', 'SD-30000102', { eingeschlossen: true }),
  change('hausrat/elementar', 'SD-30000102', { eingeschlossen: true }),
  change('hausrat/fahrrad', 'HFK-20000102', { eingeschlossen: true, versicherungssumme: 2000 }),
  change('hausrat/schutzbrief', 'HFK-20000102', { eingeschlossen: true }),
  change('hausrat/unbenannte-gefahren', 'PCH-50000102', { eingeschlossen: true }),
  change('bhv/umsatz', 'AS-10000201', { jahresumsatz: 412_345 }),
];

/** Every value of every change on every running demo contract (most do not fit: ungueltig). */
function everyCase(): ChangeCase[] {
  const sums = new Set(
    defaultTariffs()
      .all()
      .flatMap((tariff) => (tariff.coverVariants ?? []).map((v) => String(v.insuranceSum))),
  );
  const values: [string, Record<string, unknown>[]][] = [
    ['zahlweise', ZAHLWEISEN.map((zahlweise) => ({ zahlweise }))],
    ['selbstbeteiligung', SELBSTBETEILIGUNGEN.map((sb) => ({ neueSelbstbeteiligung: sb }))],
    ['elementar', [{ elementar: true }, { elementar: false }]],
    ['phv', PERSONEN_ANZAHLEN.map((phvAnzahl) => ({ phvAnzahl }))],
    ['buerohaftpflicht', [{ buerohaftpflicht: true }, { buerohaftpflicht: false }]],
    [
      'phv/familienstand',
      ['SINGLE', 'PAAR', 'FAMILIE', 'ALLEINERZIEHEND'].map((familienstand) => ({ familienstand })),
    ],
    [
      'risikoort',
      [45, 80, 120].map((wohnflaeche) => ({ risikoOrt: { ...NEW_HOME, wohnflaeche } })),
    ],
    ['versicherungssumme', [...sums].map((versicherungssumme) => ({ versicherungssumme }))],
    ...Object.keys(HAUSRAT_DECKUNGEN).map((cover): [string, Record<string, unknown>[]] => [
      `hausrat/${cover}`,
      cover === 'basis'
        ? [40_000, 80_000].map((summe) => ({ eingeschlossen: true, versicherungssumme: summe }))
        : [{ eingeschlossen: true }, { eingeschlossen: false }],
    ]),
  ];
  return CONTRACT_SPECS.filter((spec) => spec.status === 'LAUFEND').flatMap((spec) => [
    ...values.flatMap(([pfad, list]) => list.map((wert) => change(pfad, spec.nr, wert))),
    ...[150_000, 412_345, 999_999].map((jahresumsatz) =>
      change(`${spec.produkt.toLowerCase()}/umsatz`, spec.nr, { jahresumsatz }),
    ),
  ]);
}

/** Prices the cases through the calculate calls of a server seeded for `day`, as the customer. */
async function priceCases(cases: ChangeCase[], day: string): Promise<PricedCase[]> {
  const app = await buildServer({
    dataDir: 'memory://',
    seed: true,
    testAuth: true,
    today: () => day,
    settleIntervalMs: 0,
  });
  try {
    const rows: PricedCase[] = [];
    for (const { pfad, vertrag, wert } of cases) {
      const partner = CONTRACT_SPECS.find((spec) => spec.nr === vertrag)?.partner ?? '';
      const response = await app.inject({
        method: 'POST',
        url: `/api/vertrag/vertrag/${vertrag}/beitrag/${pfad}`,
        headers: { 'x-test-partner': partner },
        payload: { versicherungsNummer: vertrag, wirksamkeitsdatum: day, ...wert },
      });
      const body = response.json<Partial<PricedCase> & { message?: string }>();
      const refused = response.statusCode === 200 ? null : `${response.statusCode} ${body.message}`;
      rows.push({
        pfad,
        vertrag,
        wert,
        beitrag: body.beitrag ?? null,
        anteiligerBeitrag: body.anteiligerBeitrag ?? null,
        fehlermeldung: refused ?? body.fehlermeldung ?? null,
      });
    }
    return rows;
  } finally {
    await app.close();
  }
}

const keyOf = (row: ChangeCase): string => `${row.pfad} ${row.vertrag} ${JSON.stringify(row.wert)}`;
const cents = (value: number | null | undefined): number => Math.round((value ?? 0) * 100);
const money = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : value.toFixed(2).replace('.', ',');
const valueText = (wert: Record<string, unknown>): string =>
  JSON.stringify(wert).replace(/"(plz|ort|strasse|hausnummer)":"[^"]*",?/g, '');

/** Whether a demo contract's tariff rates contracts (its changes are priced by the rating). */
function ratedContract(vertrag: string): boolean {
  const spec = CONTRACT_SPECS.find((candidate) => candidate.nr === vertrag);
  const brand = SEED_PARTNERS.find((partner) => partner.partnerNummer === spec?.partner)?.brand;
  const currency = marketOf(brand ?? 'andsafe').currency;
  return spec !== undefined && ratesContracts(defaultTariffs().get(spec.produkt, currency));
}

/**
 * Why a price moved between two runs. A change of contract whose tariff now rates contracts is
 * priced by the rating. A cent on the instalment, or on the pro-rata premium alone,
 * is a value on a half cent (x.xx5) that the two roundings round apart; more is not rounding.
 */
function reasonOf(before: PricedCase | undefined, after: PricedCase): string {
  if (!before) return 'nicht im früheren Lauf';
  if (before.fehlermeldung !== after.fehlermeldung)
    return `Ergebnis anders: ${before.fehlermeldung ?? 'berechnet'} → ${after.fehlermeldung ?? 'berechnet'}`;
  const beitrag = cents(after.beitrag) - cents(before.beitrag);
  const anteilig = cents(after.anteiligerBeitrag) - cents(before.anteiligerBeitrag);
  if (beitrag === 0 && anteilig === 0) return 'keine';
  if (Math.abs(beitrag) === 1 || (beitrag === 0 && Math.abs(anteilig) === 1))
    return 'Rundung: ein Wert auf einem halben Cent, jetzt kaufmännisch aufgerundet';
  if (ratedContract(after.vertrag))
    return 'Tarif: jetzt das Rating des Tarifs (rating.contractInputs) statt der Vertragsabschnitte';
  return 'UNGEKLÄRT: mehr als ein halber Cent';
}

/** The markdown table of the prices, beside an earlier run's when given. */
function table(rows: PricedCase[], earlier: Map<string, PricedCase> | undefined): string {
  if (!earlier)
    return [
      '| Änderung | Vertrag | Wert | Beitrag | anteilig | Hinweis |',
      '| --- | --- | --- | ---: | ---: | --- |',
      ...rows.map(
        (row) =>
          `| ${row.pfad} | ${row.vertrag} | ${valueText(row.wert)} | ${money(row.beitrag)} | ${money(row.anteiligerBeitrag)} | ${row.fehlermeldung ?? ''} |`,
      ),
    ].join('\n');
  const lines = [
    '| Änderung | Vertrag | Wert | Beitrag vorher | nachher | anteilig vorher | nachher | Differenz | Grund |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const before = earlier.get(keyOf(row));
    const diff =
      before?.beitrag != null && row.beitrag !== null
        ? money((cents(row.beitrag) - cents(before.beitrag)) / 100)
        : '–';
    const note = row.fehlermeldung ? ` (${row.fehlermeldung})` : '';
    lines.push(
      `| ${row.pfad} | ${row.vertrag} | ${valueText(row.wert)} | ${money(before?.beitrag)} | ${money(row.beitrag)} | ${money(before?.anteiligerBeitrag)} | ${money(row.anteiligerBeitrag)} | ${diff} | ${reasonOf(before, row)}${note} |`,
    );
  }
  return lines.join('\n');
}

const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    alle: { type: 'boolean', default: false },
    vorher: { type: 'string' },
    stichtag: { type: 'string', default: '2025-06-15' },
  },
});
const rows = await priceCases(args.alle ? everyCase() : REPRESENTATIVE, args.stichtag);
const earlier = args.vorher
  ? new Map(
      (JSON.parse(readFileSync(args.vorher, 'utf8')) as PricedCase[]).map((row) => [
        keyOf(row),
        row,
      ]),
    )
  : undefined;
if (args.json) console.log(JSON.stringify(rows, null, 2));
else if (args.alle && earlier) {
  const priced = rows.filter((row) => row.beitrag !== null);
  const moved = rows.filter((row) => reasonOf(earlier.get(keyOf(row)), row) !== 'keine');
  console.log(`${rows.length} Anfragen, ${priced.length} berechnet, ${moved.length} anders:\n`);
  console.log(table(moved, earlier));
} else console.log(table(rows, earlier));
