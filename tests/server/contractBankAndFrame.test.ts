import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import common from '../../definitions/locales/de/common.json' with { type: 'json' };
import { auditLog, changeEvents } from '../../apps/server/src/db/schema/index.ts';
import { ANNA, BASE, contractApi } from './helpers/contractApi.ts';
import { asAgent, asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const api = contractApi(() => server);
/** Lea Weber (2000103): her e-bike contract AS-10000301 is overdue (dunning, no bank details). */
const LEA = asCustomer('2000103');
const OTHER = asCustomer('2000102');

/** A checksum-valid German IBAN that is no test IBAN, as a person types it. */
const IBAN_TYPED = 'de08 5001 0517 5407 3241 24';
const IBAN = 'DE08500105175407324124';
const IBAN_MESSAGE = common.validation.iban;

interface ContractView {
  lastUpdated: string;
  ueberfaellig: boolean;
  mahnung: boolean;
  bankverbindung: { iban: string; swiftBic: string | null; kontoinhaber: string } | null;
  fahrrad: { rahmennummer: string; hersteller: string } | null;
}

const read = async (id: string, headers: Record<string, string>) =>
  (await api.view(id, headers)) as unknown as ContractView;

const patch = (
  path: string,
  payload: Record<string, unknown>,
  headers: Record<string, string>,
  extra: Record<string, string> = {},
) =>
  server.app.inject({
    method: 'PATCH',
    url: `${BASE}/${path}`,
    headers: { ...headers, ...extra },
    payload,
  });

const bankBody = (lastUpdated: string, changes: Record<string, unknown> = {}) => ({
  versicherungsNummer: 'AS-10000301',
  lastUpdated,
  iban: IBAN_TYPED,
  kontoinhaber: '  Lea Weber ',
  swiftBic: 'solade s1 lpz',
  sepaMandat: true,
  ...changes,
});

async function lastEvent(id: string) {
  const [event] = await server.db.database.db
    .select()
    .from(changeEvents)
    .where(eq(changeEvents.versicherungsnummer, id))
    .orderBy(desc(changeEvents.id))
    .limit(1);
  return event;
}

/** Every change event and audit row as text: where a full IBAN must never appear. */
async function eventsAndAudit(): Promise<string> {
  const db = server.db.database.db;
  const events = await db.select().from(changeEvents);
  const audit = await db.select().from(auditLog);
  return JSON.stringify([events, audit]);
}

describe('PATCH .../{id}/bankverbindung', () => {
  it('refuses each invalid IBAN with the message the browser shows, writing nothing', async () => {
    const before = await read('AS-10000301', LEA);
    const events = await api.rows(changeEvents);
    for (const iban of [
      'DE89 3704 0044 0532 0130 00', // a test IBAN (checksum valid)
      'DE02120300000000202051', // the other test IBAN
      'DE08500105175407324125', // wrong checksum
      'TR330006100519786457841326', // valid, but Turkey is not one of the 37 countries
    ]) {
      const response = await patch(
        'AS-10000301/bankverbindung',
        bankBody(before.lastUpdated, { iban }),
        LEA,
      );
      expect(response.statusCode, iban).toBe(400);
      expect(response.json(), iban).toEqual({
        error: 'validation',
        message: 'Bitte prüfen Sie Ihre Eingaben.',
        fieldErrors: [{ path: '/body/iban', keyword: 'format', message: IBAN_MESSAGE }],
      });
    }
    expect(IBAN_MESSAGE).toBe('Bitte geben Sie eine gültige IBAN ein.');
    expect(await api.rows(changeEvents)).toBe(events);
    expect(await read('AS-10000301', LEA)).toEqual(before);
  });

  it('refuses a missing mandate, a bad BIC and an empty holder with German field errors', async () => {
    const { lastUpdated } = await read('AS-10000301', LEA);
    const noMandate = await patch(
      'AS-10000301/bankverbindung',
      bankBody(lastUpdated, { sepaMandat: false }),
      LEA,
    );
    expect(noMandate.statusCode).toBe(400);
    expect(noMandate.json()).toMatchObject({
      fieldErrors: [
        {
          path: '/body/sepaMandat',
          keyword: 'const',
          message: 'Bitte erteilen Sie das SEPA-Lastschriftmandat.',
        },
      ],
    });
    const withoutMandate: Record<string, unknown> = bankBody(lastUpdated);
    delete withoutMandate['sepaMandat'];
    const missing = await patch('AS-10000301/bankverbindung', withoutMandate, LEA);
    expect(missing.json()).toMatchObject({
      fieldErrors: [{ path: '/body/sepaMandat', keyword: 'required' }],
    });
    const bic = await patch(
      'AS-10000301/bankverbindung',
      bankBody(lastUpdated, { swiftBic: 'SOLA' }),
      LEA,
    );
    expect(bic.json()).toMatchObject({
      fieldErrors: [{ path: '/body/swiftBic', keyword: 'format', message: common.validation.bic }],
    });
    const holder = await patch(
      'AS-10000301/bankverbindung',
      bankBody(lastUpdated, { kontoinhaber: '   ' }),
      LEA,
    );
    expect(holder.json()).toMatchObject({
      fieldErrors: [{ path: '/body/kontoinhaber', keyword: 'trimmedRequired' }],
    });
    const tooLong = await patch(
      'AS-10000301/bankverbindung',
      bankBody(lastUpdated, { kontoinhaber: 'x'.repeat(71) }),
      LEA,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ fieldErrors: [{ path: '/body/kontoinhaber' }] });
    const extra = await patch(
      'AS-10000301/bankverbindung',
      bankBody(lastUpdated, { bankname: 'Sparkasse' }),
      LEA,
    );
    expect(extra.statusCode).toBe(400);
    expect((await read('AS-10000301', LEA)).bankverbindung).toBeNull();
  });

  it('answers a stale version with 409 and the current contract, writing nothing', async () => {
    const before = await read('AS-10000301', LEA);
    const events = await api.rows(changeEvents);
    const response = await patch(
      'AS-10000301/bankverbindung',
      bankBody('2024-01-01T00:00:00.000Z'),
      LEA,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'conflict',
      aktuell: { versicherungsNummer: 'AS-10000301', lastUpdated: before.lastUpdated },
    });
    expect(await api.rows(changeEvents)).toBe(events);
    expect(await read('AS-10000301', LEA)).toEqual(before);
  });

  it("answers another customer's contract with the same 404 as a missing one", async () => {
    const { lastUpdated } = await read('AS-10000301', LEA);
    const foreign = await patch('AS-10000301/bankverbindung', bankBody(lastUpdated), OTHER);
    const missing = await patch(
      'XX-404/bankverbindung',
      bankBody(lastUpdated, { versicherungsNummer: 'XX-404' }),
      OTHER,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await read('AS-10000301', LEA)).bankverbindung).toBeNull();
  });

  it('refuses a body naming another contract and an inactive contract', async () => {
    const { lastUpdated } = await read('AS-10000301', LEA);
    const wrong = await patch(
      'AS-10000301/bankverbindung',
      bankBody(lastUpdated, { versicherungsNummer: 'AS-10000302' }),
      LEA,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fieldErrors: [{ path: '/body/versicherungsNummer' }] });
    const storniert = await read('AS-10000302', LEA);
    const inactive = await patch(
      'AS-10000302/bankverbindung',
      bankBody(storniert.lastUpdated, { versicherungsNummer: 'AS-10000302' }),
      LEA,
    );
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json()).toEqual({
      error: 'unprocessable',
      message: 'Dieser Vertrag ist nicht mehr aktiv und kann nicht mehr geändert werden.',
    });
  });

  it('saves the bank details at once: the overdue contract is no longer overdue', async () => {
    const before = await read('AS-10000301', LEA);
    expect(before).toMatchObject({ mahnung: true, bankverbindung: null, ueberfaellig: true });
    const response = await patch('AS-10000301/bankverbindung', bankBody(before.lastUpdated), LEA, {
      'idempotency-key': 'bank-1',
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<ContractView>();
    expect(saved).toMatchObject({
      bankverbindung: { iban: IBAN, swiftBic: 'SOLADES1LPZ', kontoinhaber: 'Lea Weber' },
      mahnung: true,
      ueberfaellig: false,
    });
    expect(saved.lastUpdated > before.lastUpdated).toBe(true);
    expect(await read('AS-10000301', LEA)).toEqual(saved);
    const list = await server.app.inject({
      method: 'GET',
      url: `${BASE}/findByPartnerNummer/2000103`,
      headers: LEA,
    });
    expect(list.json()).toContainEqual(
      expect.objectContaining({ versicherungsNummer: 'AS-10000301', ueberfaellig: false }),
    );

    expect(await lastEvent('AS-10000301')).toMatchObject({
      typ: 'BankverbindungGeaendert',
      wirksamkeitsdatum: '2025-06-15',
      partnernummer: '2000103',
      payload: {
        neu: { iban: '******************4124', swiftBic: 'SOLADES1LPZ', kontoinhaber: 'Lea Weber' },
        alt: null,
      },
    });
    const [audit] = await server.db.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'vertrag.bankverbindungAendern'));
    expect(audit).toMatchObject({
      actorRole: 'benutzer',
      actorId: '2000103',
      entityId: 'AS-10000301',
    });

    // The same key and body replay the answer and write nothing more.
    const events = await api.rows(changeEvents);
    const replay = await patch('AS-10000301/bankverbindung', bankBody(before.lastUpdated), LEA, {
      'idempotency-key': 'bank-1',
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(saved);
    expect(await api.rows(changeEvents)).toBe(events);
    // Without the key, the version read is stale now.
    const again = await patch('AS-10000301/bankverbindung', bankBody(before.lastUpdated), LEA);
    expect(again.statusCode).toBe(409);
  });

  it('replaces existing bank details (also by the agent) and masks old and new IBAN', async () => {
    const before = await read('AS-10000102', ANNA);
    const old = before.bankverbindung?.iban ?? '';
    expect(old).toMatch(/^DE\d{20}$/);
    const response = await patch(
      'AS-10000102/bankverbindung',
      {
        lastUpdated: before.lastUpdated,
        iban: 'CH93 0076 2011 6238 5295 7',
        kontoinhaber: 'Anna Schmidt',
        swiftBic: null,
        sepaMandat: true,
      },
      asAgent('V-AS-100'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      bankverbindung: { iban: 'CH9300762011623852957', swiftBic: null },
    });
    expect(await lastEvent('AS-10000102')).toMatchObject({
      typ: 'BankverbindungGeaendert',
      payload: {
        neu: { iban: '*****************2957' },
        alt: { iban: `${'*'.repeat(old.length - 4)}${old.slice(-4)}` },
      },
    });
    const stored = await eventsAndAudit();
    for (const iban of [IBAN, 'CH9300762011623852957', old]) expect(stored).not.toContain(iban);
  });
});

describe('PATCH .../{id}/fahrrad/rahmennummer', () => {
  const frameBody = (lastUpdated: string, rahmennummer: string) => ({ lastUpdated, rahmennummer });

  it('refuses a number in the register of stolen frames, writing nothing', async () => {
    const before = await read('AS-10000103', ANNA);
    const events = await api.rows(changeEvents);
    for (const number of ['DEMO-GESTOHLEN-1', ' wbk123456789 ', 'de-fr-2023-004711']) {
      const response = await patch(
        'AS-10000103/fahrrad/rahmennummer',
        frameBody(before.lastUpdated, number),
        ANNA,
      );
      expect(response.statusCode, number).toBe(422);
      expect(response.json()).toEqual({
        error: 'unprocessable',
        message:
          'Diese Rahmennummer ist als gestohlen gemeldet und kann nicht übernommen werden. Bitte wenden Sie sich an unseren Kundenservice.',
      });
    }
    expect(await api.rows(changeEvents)).toBe(events);
    expect(await read('AS-10000103', ANNA)).toEqual(before);
  });

  it('refuses a contract without a bike and a number of the wrong form', async () => {
    const phv = await read('AS-10000101', ANNA);
    const noBike = await patch(
      'AS-10000101/fahrrad/rahmennummer',
      frameBody(phv.lastUpdated, 'ABC-123'),
      ANNA,
    );
    expect(noBike.statusCode).toBe(422);
    expect(noBike.json()).toEqual({
      error: 'unprocessable',
      message: 'Zu diesem Vertrag gehört kein Fahrrad.',
    });
    const bike = await read('AS-10000103', ANNA);
    for (const number of ['AB', 'ABC 123', 'x'.repeat(31), 'ÄBC-1']) {
      const response = await patch(
        'AS-10000103/fahrrad/rahmennummer',
        frameBody(bike.lastUpdated, number),
        ANNA,
      );
      expect(response.statusCode, number).toBe(400);
      expect(response.json()).toMatchObject({
        fieldErrors: [
          {
            path: '/body/rahmennummer',
            keyword: 'pattern',
            message:
              'Die Rahmennummer besteht aus 3 bis 30 Buchstaben, Ziffern oder Bindestrichen.',
          },
        ],
      });
    }
  });

  it('answers 404 for another customer and 409 for a stale version', async () => {
    const bike = await read('AS-10000103', ANNA);
    const foreign = await patch(
      'AS-10000103/fahrrad/rahmennummer',
      frameBody(bike.lastUpdated, 'ABC-123'),
      OTHER,
    );
    expect(foreign.statusCode).toBe(404);
    const stale = await patch(
      'AS-10000103/fahrrad/rahmennummer',
      frameBody('2024-01-01T00:00:00.000Z', 'ABC-123'),
      ANNA,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ aktuell: { lastUpdated: bike.lastUpdated } });
    expect(await read('AS-10000103', ANNA)).toEqual(bike);
  });

  it('saves the frame number trimmed and in upper case, once per Idempotency-Key', async () => {
    const before = await read('AS-10000103', ANNA);
    const old = before.fahrrad?.rahmennummer;
    const body = {
      versicherungsNummer: 'AS-10000103',
      ...frameBody(before.lastUpdated, ' wbk-2024-0815 '),
    };
    const response = await patch('AS-10000103/fahrrad/rahmennummer', body, ANNA, {
      'idempotency-key': 'rahmen-1',
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<ContractView>();
    expect(saved.fahrrad).toEqual({ ...before.fahrrad, rahmennummer: 'WBK-2024-0815' });
    expect(saved.lastUpdated > before.lastUpdated).toBe(true);
    expect(await lastEvent('AS-10000103')).toMatchObject({
      typ: 'RahmennummerGeaendert',
      payload: { neu: 'WBK-2024-0815', alt: old },
    });
    const events = await api.rows(changeEvents);
    const replay = await patch('AS-10000103/fahrrad/rahmennummer', body, ANNA, {
      'idempotency-key': 'rahmen-1',
    });
    expect(replay.json()).toEqual(saved);
    expect(await api.rows(changeEvents)).toBe(events);
    expect((await read('AS-10000103', ANNA)).fahrrad?.rahmennummer).toBe('WBK-2024-0815');
  });
});
