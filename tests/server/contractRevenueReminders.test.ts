import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDue } from '../../apps/server/src/contracts/settle.ts';
import { contractTasks } from '../../apps/server/src/db/schema/index.ts';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';
import { BASE, plusDays, PRICING, settleCalls } from './helpers/settleHelpers.ts';

// Revenue reminders that run out raise the revenue by the tariff's percentage and re-price the
// contract, on the server's injectable clock, which the tests move (contractSettle.test.ts has
// the rest of settling).

let now = TODAY;
let server: TestServer;
beforeAll(async () => {
  now = TODAY;
  server = await startTestServer({ today: () => now, settleIntervalMs: 0 });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const BECKER = asCustomer('2000102');
const { view, send, eventsOf } = settleCalls(() => server);

describe('revenue reminders that run out', () => {
  it('raise the revenue by the tariff’s percentage and re-price the contract', async () => {
    // AS-10000201 (BHV_1) has an open second reminder due on day 14 and a revenue of 940,000 €.
    now = TODAY;
    const before = await view('AS-10000201', BECKER);
    expect(before['aufgaben']).toContainEqual(
      expect.objectContaining({ typ: 'UmsatzErinnern2', status: 'Offen', faelligAm: plusDays(14) }),
    );
    // 940,000 € + 10 % (definitions/tariffs/bhv.json revenueReminders) = 1,034,000 €.
    const expected = await send('POST', 'AS-10000201/beitrag/BHV/umsatz', BECKER, {
      versicherungsNummer: 'AS-10000201',
      wirksamkeitsdatum: plusDays(14),
      jahresumsatz: 1_034_000,
    });
    expect(expected.statusCode).toBe(200);
    now = plusDays(14);
    expect(await view('AS-10000201', BECKER)).toMatchObject({
      jahresumsatz: { value: 940_000 },
    });
    now = plusDays(15);
    // The first request of the day prepares the change of tariff: from the adjusted revenue.
    const prepared = await server.app.inject({
      method: 'GET',
      url: '/api/antrag/betriebshaftpflicht-wechsel/vertrag/AS-10000201',
      headers: BECKER,
    });
    expect(prepared.json()).toMatchObject({ jahresumsatz: { value: 1_034_000 } });
    const after = await view('AS-10000201', BECKER);
    // By hand (definitions/tariffs/bhv.json): BHV_M 289 € less 10 % for SB_500 = 260.10 €; the
    // revenue band up to 2.5 million € multiplies by 1.8 = 468.18 € a year; paid half-yearly
    // (factor 1.02, 2 payments): 468.18 × 1.02 / 2 = 238.7718 → 238.77 €, 477.54 € a year.
    // Before, 940,000 € was in the band up to 1 million € (1.45): 260.10 × 1.45 × 1.02 / 2 = 192.34 €.
    expect(before.versicherungsPraemie).toBe(192.34);
    expect(after).toMatchObject({
      jahresumsatz: { value: 1_034_000, isAdjustable: true },
      versicherungsPraemie: 238.77,
      jahresVersicherungsPraemie: 477.54,
    });
    expect(expected.json()).toMatchObject({ beitrag: 238.77 });
    expect(after['aufgaben']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ typ: 'UmsatzErinnern2', status: 'Storniert' }),
        expect.objectContaining({ typ: 'UmsatzAutomatischAnpassen', status: 'Erledigt' }),
      ]),
    );
    await settleDue(server.db.database.db, PRICING, now);
    const events = await eventsOf('AS-10000201', 'JahresumsatzAutomatischAngepasst');
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({
      jahresumsatz: 1_034_000,
      alterJahresumsatz: 940_000,
      beitrag: 238.77,
      alterBeitrag: 192.34,
    });
  });

  it('a first reminder that runs out is followed by a second one', async () => {
    // PR-40000201 (VH) has an open first reminder due on day 30 but no revenue on file: it is
    // closed without an adjustment. A first reminder of a contract with revenue gets a second.
    const db = server.db.database.db;
    now = plusDays(16);
    await db.insert(contractTasks).values({
      versicherungsNummer: 'AS-10000201',
      typ: 'UmsatzErinnern1',
      faelligAm: plusDays(20),
    });
    now = plusDays(21);
    const after = await view('AS-10000201', BECKER);
    // 14 days after the first reminder's end (definitions/tariffs/bhv.json).
    expect(after['aufgaben']).toContainEqual(
      expect.objectContaining({ typ: 'UmsatzErinnern2', status: 'Offen', faelligAm: plusDays(34) }),
    );
    const list = await server.app.inject({
      method: 'GET',
      url: `${BASE}/findByPartnerNummer/2000102`,
      headers: BECKER,
    });
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        versicherungsNummer: 'AS-10000201',
        offeneAufgaben: [{ typ: 'UmsatzErinnern2', faelligAm: plusDays(34) }],
      }),
    );
    now = plusDays(31);
    const vh = await view('PR-40000201', asCustomer('5000102'));
    expect(vh['aufgaben']).toContainEqual(
      expect.objectContaining({ typ: 'UmsatzErinnern1', status: 'Storniert' }),
    );
    expect(vh['aufgaben']).not.toContainEqual(expect.objectContaining({ typ: 'UmsatzErinnern2' }));
  });

  it('the second reminder of that first one runs out too: the revenue is raised again', async () => {
    // 1,034,000 € + 10 % = 1,137,400 €, still in the band up to 2.5 million €: the premium stays
    // 238.77 € (see above), the revenue on file and the event change.
    now = plusDays(35);
    const after = await view('AS-10000201', BECKER);
    expect(after).toMatchObject({
      jahresumsatz: { value: 1_137_400 },
      versicherungsPraemie: 238.77,
    });
    expect(after['aufgaben']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ typ: 'UmsatzErinnern1', status: 'Storniert' }),
        expect.objectContaining({
          typ: 'UmsatzErinnern2',
          status: 'Storniert',
          faelligAm: plusDays(34),
        }),
        expect.objectContaining({
          typ: 'UmsatzAutomatischAnpassen',
          status: 'Erledigt',
          faelligAm: plusDays(34),
          erledigtAm: plusDays(35),
        }),
      ]),
    );
    const events = await eventsOf('AS-10000201', 'JahresumsatzAutomatischAngepasst');
    expect(events.map((event) => event.payload['jahresumsatz'])).toEqual([1_034_000, 1_137_400]);
    const list = await server.app.inject({
      method: 'GET',
      url: `${BASE}/findByPartnerNummer/2000102`,
      headers: BECKER,
    });
    expect(list.json()).toContainEqual(
      expect.objectContaining({ versicherungsNummer: 'AS-10000201', offeneAufgaben: [] }),
    );
  });
});
