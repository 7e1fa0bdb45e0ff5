import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { auditLog, changeEvents, pendingChanges } from '../../apps/server/src/db/schema/index.ts';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';
import { ANNA, BASE, contractApi, type View } from './helpers/contractApi.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const { view, patch, rows } = contractApi(() => server);

describe('POST .../{id}/beitrag/zahlweise', () => {
  it('prices the new payment period without writing anything', async () => {
    const before = await view('AS-10000101');
    const response = await server.app.inject({
      method: 'POST',
      url: `${BASE}/AS-10000101/beitrag/zahlweise`,
      headers: ANNA,
      payload: {
        versicherungsNummer: 'AS-10000101',
        wirksamkeitsdatum: TODAY,
        zahlweise: 'JAEHRLICH',
      },
    });
    expect(response.statusCode).toBe(200);
    // By the tariff's rating: family status PAAR 58.00 × 1 (10 Mio.), paid yearly; 290 of 365
    // days left until 1 April: 58.00 × 290 / 365 = 46.08.
    expect(response.json()).toEqual({
      beitrag: 58,
      anteiligerBeitrag: 46.08,
      zahlweise: 'JAEHRLICH',
      wirksamkeitsdatum: TODAY,
      ungueltig: false,
      fehlermeldung: null,
    });
    expect((await view('AS-10000101')).lastUpdated).toBe(before.lastUpdated);
  });

  it('marks a change of an inactive contract as ungueltig', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${BASE}/AS-10000105/beitrag/zahlweise`,
      headers: ANNA,
      payload: {
        versicherungsNummer: 'AS-10000105',
        wirksamkeitsdatum: TODAY,
        zahlweise: 'JAEHRLICH',
      },
    });
    expect(response.json()).toMatchObject({
      ungueltig: true,
      beitrag: null,
      fehlermeldung: expect.stringContaining('nicht aktiv'),
    });
  });

  it('prices the other change kinds too', async () => {
    const sb = await server.app.inject({
      method: 'POST',
      url: `${BASE}/AS-10000102/beitrag/selbstbeteiligung`,
      headers: ANNA,
      payload: {
        versicherungsNummer: 'AS-10000102',
        wirksamkeitsdatum: TODAY,
        neueSelbstbeteiligung: 'SB_500',
      },
    });
    // HR_KOMFORT 119.00 + glass 18.00 + bicycle 29.00, less 15 %
    expect(sb.json()).toMatchObject({ beitrag: 141.1, ungueltig: false });
    const elementar = await server.app.inject({
      method: 'POST',
      url: `${BASE}/AS-10000102/beitrag/elementar`,
      headers: ANNA,
      payload: { versicherungsNummer: 'AS-10000102', wirksamkeitsdatum: TODAY, elementar: true },
    });
    // (166.00 + elementary 36.00) less 10 %
    expect(elementar.json()).toMatchObject({ beitrag: 181.8, ungueltig: false });
  });

  it('answers invalid input with 400 and field errors in the documented shape', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${BASE}/AS-10000101/beitrag/zahlweise`,
      headers: ANNA,
      payload: {
        versicherungsNummer: 'AS-10000101',
        wirksamkeitsdatum: '15.06.2025',
        zahlweise: 'WOECHENTLICH',
        preis: 1,
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      error: string;
      message: string;
      fieldErrors: { path: string; keyword: string; message: string }[];
    }>();
    expect(body.error).toBe('validation');
    expect(body.message).toBe('Bitte prüfen Sie Ihre Eingaben.');
    expect(body.fieldErrors).toEqual(
      expect.arrayContaining([
        {
          path: '/body/wirksamkeitsdatum',
          keyword: 'format',
          message: 'Bitte geben Sie ein gültiges Datum ein.',
        },
        {
          path: '/body/zahlweise',
          keyword: 'enum',
          message: 'Bitte wählen Sie eine der angebotenen Möglichkeiten.',
        },
        {
          path: '/body/preis',
          keyword: 'additionalProperties',
          message: 'Dieses Feld ist nicht vorgesehen.',
        },
      ]),
    );
  });
});

describe('PATCH /api/vertrag/vertrag/{id}', () => {
  it('saves a change effective today, re-priced by the server, with one event and one audit row', async () => {
    const before = await view('AS-10000103');
    const [events, audits] = [await rows(changeEvents), await rows(auditLog)];
    const response = await patch('AS-10000103', {
      versicherungsNummer: 'AS-10000103',
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      zahlweise: 'JAEHRLICH',
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<View>();
    // FR_KOMFORT 119.00, paid yearly: the server's price, whatever the client believed.
    expect(saved).toMatchObject({
      zahlweise: 'JAEHRLICH',
      versicherungsPraemie: 119,
      jahresVersicherungsPraemie: 119,
    });
    expect(saved.lastUpdated > before.lastUpdated).toBe(true);
    expect(await rows(changeEvents)).toBe(events + 1);
    expect(await rows(auditLog)).toBe(audits + 1);
    const [event] = await server.db.database.db
      .select()
      .from(changeEvents)
      .where(eq(changeEvents.versicherungsnummer, 'AS-10000103'));
    expect(event).toMatchObject({
      typ: 'ZahlweiseGeaendert',
      wirksamkeitsdatum: TODAY,
      partnernummer: '2000101',
      payload: {
        neu: 'JAEHRLICH',
        alt: 'VIERTELJAEHRLICH',
        beitrag: 119,
        alterBeitrag: 30.64,
        vorgemerkt: false,
      },
    });
    expect(event?.partnerKenntnisstand.toISOString()).toBe(before.lastUpdated);
  });

  it('stores a change effective in the future as a pending change and leaves the contract as it is', async () => {
    const before = await view('AS-10000102');
    const response = await patch('AS-10000102', {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: '2025-10-01',
      neueSelbstbeteiligung: 'SB_500',
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json<View & { vorgemerkteSelbstBeteiligung: unknown[] }>();
    expect(saved.neueSelbstbeteiligung).toBe('SB_250');
    expect(saved.versicherungsPraemie).toBe(before.versicherungsPraemie);
    expect(saved.vorgemerkteSelbstBeteiligung).toEqual([
      { wert: 'SB_500', wirksamAb: '2025-10-01', wirksamBis: null },
    ]);
  });

  it('refuses a stale lastUpdated with 409 and the current version', async () => {
    const before = await view('SD-30000101', asCustomer('4000101'));
    const first = await patch(
      'SD-30000101',
      { lastUpdated: before.lastUpdated, wirksamkeitsdatum: TODAY, zahlweise: 'JAEHRLICH' },
      asCustomer('4000101'),
    );
    expect(first.statusCode).toBe(200);
    const events = await rows(changeEvents);
    const stale = await patch(
      'SD-30000101',
      { lastUpdated: before.lastUpdated, wirksamkeitsdatum: TODAY, zahlweise: 'MONATLICH' },
      asCustomer('4000101'),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'conflict',
      aktuell: { zahlweise: 'JAEHRLICH', lastUpdated: first.json<View>().lastUpdated },
    });
    expect(await rows(changeEvents)).toBe(events);
  });

  it('lets exactly one of several concurrent saves of the same version win', async () => {
    const headers = asCustomer('5000101');
    const before = await view('PR-40000101', headers);
    const periods = [
      'JAEHRLICH',
      'HALBJAEHRLICH',
      'VIERTELJAEHRLICH',
      'JAEHRLICH',
      'HALBJAEHRLICH',
      'VIERTELJAEHRLICH',
    ];
    const responses = await Promise.all(
      periods.map((zahlweise) =>
        patch(
          'PR-40000101',
          { lastUpdated: before.lastUpdated, wirksamkeitsdatum: TODAY, zahlweise },
          headers,
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = responses.find((response) => response.statusCode === 200)?.json<View>();
    const [events] = await server.db.database.db
      .select({ n: count() })
      .from(changeEvents)
      .where(eq(changeEvents.versicherungsnummer, 'PR-40000101'));
    expect(events?.n).toBe(1);
    expect((await view('PR-40000101', headers)).zahlweise).toBe(winner?.zahlweise);
  });

  it('answers 400 with field errors and writes nothing for an invalid body', async () => {
    const events = await rows(changeEvents);
    const response = await patch('AS-10000101', { wirksamkeitsdatum: TODAY });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; message: string; fieldErrors: unknown[] }>();
    expect(body).toMatchObject({ error: 'validation', message: 'Bitte prüfen Sie Ihre Eingaben.' });
    expect(body.fieldErrors).toHaveLength(2);
    expect(body.fieldErrors).toEqual(
      expect.arrayContaining([
        {
          path: '/body/lastUpdated',
          keyword: 'required',
          message: 'Bitte füllen Sie dieses Feld aus.',
        },
        { path: '/body', keyword: 'anyOf', message: 'Bitte geben Sie eine Änderung an.' },
      ]),
    );
    expect(await rows(changeEvents)).toBe(events);
  });

  it('answers 422 when the tariff does not offer the change', async () => {
    const before = await view('AS-10000101');
    const response = await patch('AS-10000101', {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      neueSelbstbeteiligung: 'SB_5000',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'unprocessable',
      // The reason the tariff's rating gives for a deductible it has no discount for.
      message: 'Diese Selbstbeteiligung bieten wir nicht an.',
    });
  });

  it('writes the change, its event and its audit row together or not at all', async () => {
    const db = server.db.database.db;
    const before = await view('HFK-20000202', asCustomer('3000102'));
    const [events, pending] = [await rows(changeEvents), await rows(pendingChanges)];
    // Make the last write of the transaction (the audit row) fail.
    await db.execute(
      sql`ALTER TABLE audit_log ADD CONSTRAINT audit_blocked CHECK (action <> 'vertrag.aendern') NOT VALID`,
    );
    try {
      const response = await patch(
        'HFK-20000202',
        { lastUpdated: before.lastUpdated, wirksamkeitsdatum: TODAY, buerohaftpflicht: false },
        asCustomer('3000102'),
      );
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: 'internal',
        message: 'Leider ist ein unerwarteter Fehler aufgetreten.',
      });
    } finally {
      await db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT audit_blocked`);
    }
    const after = await view('HFK-20000202', asCustomer('3000102'));
    expect(after).toEqual(before);
    expect(await rows(changeEvents)).toBe(events);
    expect(await rows(pendingChanges)).toBe(pending);
  });
});
