import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../apps/server/src/db/migrate.ts';
import { openTestDatabase, type TestDatabase } from './helpers/testDatabase.ts';

// Migration 0018 (one contract model) must move the parts of contracts written before it, one
// column per part, into `teile`: every non-null value as it was (a part's own null fields too),
// no key for a part the contract does not have, and the columns gone.

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await testDb.cleanup();
});

const rows = <T extends Record<string, unknown>>(text: string) =>
  testDb.database.withExclusiveSession((session) => session.query<T>(text));

const PHV = {
  familienstand: {
    current: { key: 'SINGLE', label: 'Single' },
    options: [{ key: 'SINGLE', label: 'Single' }],
  },
  hfkVariante: null,
};
const DIENST = {
  ausschlussZum: null,
  beruf: 'Lehrerin',
  eingeschlossen: true,
  einschlussZum: null,
};
const FAHRRAD = {
  hersteller: 'Cube',
  rahmennummer: 'WBK-1',
  typ: 'Trekking',
  versicherteRisiken: {
    diebstahl: true,
    reparatur: false,
    reparaturOhneVerschleiss: false,
    schutzbrief: false,
  },
};
const ORT = { plz: '10115', ort: 'Berlin', hausnummer: '1', strasse: 'Hauptstr.' };

/** A contract row of the old model (columns as migrations 0002..0017 left them). */
const oldContract = (nummer: string, produkt: string, parts: string) => `
  INSERT INTO contracts (versicherungs_nummer, partner_nummer, brand, produkt, vertragsart,
    vertragsstatus, kuendbar, versicherungs_praemie, jahres_versicherungs_praemie, zahlweise,
    versicherungs_typ, versicherungs_name, antragsdatum, vertrags_beginn, hauptfaelligkeit_tag,
    hauptfaelligkeit_monat, produkt_identifier, deckungs_identifier ${parts ? ',' : ''}
    ${parts.split(';')[0] ?? ''})
  VALUES ('${nummer}', '2000101', 'andsafe', '${produkt}', 'PRIVAT', 'LAUFEND', 'VERTRAGSENDE',
    10, 120, 'MONATLICH', '${produkt}', '${produkt}', '2025-01-01', '2025-01-15', 15, 1, '${produkt}',
    'BASIS' ${parts ? ',' : ''} ${parts.split(';')[1] ?? ''})`;

describe('migration 0018 on contracts of the old model', () => {
  it(
    'moves every non-null part into teile and drops the columns',
    { timeout: 60_000 },
    async () => {
      await migrate(
        testDb.database,
        readMigrations().filter((migration) => migration.name < '0018'),
      );
      await rows(`INSERT INTO partners (partner_nummer, brand, kundentyp, vorname, nachname, email,
                  strasse, hausnummer, plz, ort)
                VALUES ('2000101', 'andsafe', 'PRIVAT', 'Anna', 'Schmidt', 'anna@example.invalid',
                  'Hauptstr.', '1', '10115', 'Berlin')`);
      await rows(
        oldContract(
          'PH-1',
          'PRIVATHAFTPFLICHT',
          `phv, phv_anzahl, neue_selbstbeteiligung, diensthaftpflicht, elementar;
         '${JSON.stringify(PHV)}', 'EINS', 'SB_250', '${JSON.stringify(DIENST)}', NULL`,
        ),
      );
      await rows(
        oldContract(
          'FA-1',
          'FAHRRAD',
          `fahrrad, risiko_ort, buerohaftpflicht;
         '${JSON.stringify(FAHRRAD)}', '${JSON.stringify(ORT)}', false`,
        ),
      );
      await rows(oldContract('RE-1', 'REISE', ''));

      expect(await migrate(testDb.database)).toContain('0018_contract_parts.sql');
      expect(
        await rows(
          'SELECT versicherungs_nummer, teile FROM contracts ORDER BY versicherungs_nummer',
        ),
      ).toEqual([
        {
          versicherungs_nummer: 'FA-1',
          teile: { fahrrad: FAHRRAD, risikoOrt: ORT, buerohaftpflicht: false },
        },
        {
          versicherungs_nummer: 'PH-1',
          teile: {
            phv: PHV,
            phvAnzahl: 'EINS',
            neueSelbstbeteiligung: 'SB_250',
            diensthaftpflicht: DIENST,
          },
        },
        { versicherungs_nummer: 'RE-1', teile: {} },
      ]);
      const columns = await rows<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
       WHERE table_name = 'contracts' AND table_schema = current_schema()`,
      );
      const names = columns.map((column) => column.column_name);
      expect(names).toContain('teile');
      for (const gone of [
        'phv',
        'phv_anzahl',
        'fahrrad',
        'risiko_ort',
        'hausrat',
        'elementar',
        'vh',
      ])
        expect(names).not.toContain(gone);
    },
  );
});
