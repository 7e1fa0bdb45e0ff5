import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildServer } from '../../apps/server/src/app.ts';
import { settleDue } from '../../apps/server/src/contracts/settle.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { changeEvents, contractTasks } from '../../apps/server/src/db/schema/index.ts';
import { defaultTariffs } from '../../apps/server/src/pricing/index.ts';
import {
  asCustomer,
  DATABASE_URL,
  startTestServer,
  TODAY,
  type TestServer,
} from './helpers/testDatabase.ts';

// Pending changes take effect on their day, an expiring contract ends after its last day and
// revenue reminders run out: all on the server's injectable clock, which the tests move.

const plusDays = (days: number): string => {
  const day = new Date(`${TODAY}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

let now = TODAY;
let server: TestServer;

/** Each group of tests moves the clock its own way: it gets a server of its own. */
function ownServer(): void {
  beforeAll(async () => {
    now = TODAY;
    server = await startTestServer({ today: () => now, settleIntervalMs: 0 });
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });
}

const BASE = '/api/vertrag/vertrag';
const ANNA = asCustomer('2000101');
const BECKER = asCustomer('2000102');
type View = Record<string, unknown> & {
  lastUpdated: string;
  versicherungsPraemie: number;
  jahresVersicherungsPraemie: number;
};

async function view(id: string, headers: Record<string, string>): Promise<View> {
  const response = await server.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<View>();
}

const send = (
  method: 'PATCH' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload: Record<string, unknown>,
) => server.app.inject({ method, url: `${BASE}/${url}`, headers, payload });

async function eventsOf(id: string, typ: string) {
  return server.db.database.db
    .select()
    .from(changeEvents)
    .where(and(eq(changeEvents.versicherungsnummer, id), eq(changeEvents.typ, typ)));
}

describe('pending changes take effect on their day', () => {
  ownServer();

  const ID = 'AS-10000101';
  const SB_DAY = plusDays(30);
  const ZW_DAY = plusDays(45);

  it('are saved as pending, and a new one of a kind replaces the earlier one', async () => {
    now = TODAY;
    let current = await view(ID, ANNA);
    expect(current).toMatchObject({ neueSelbstbeteiligung: 'SB_KEINE', zahlweise: 'MONATLICH' });
    // A first deductible change for day 20, replaced by one for day 30.
    for (const [wert, day] of [
      ['SB_500', plusDays(20)],
      ['SB_250', SB_DAY],
    ] as const) {
      const saved = await send('PATCH', ID, ANNA, {
        lastUpdated: current.lastUpdated,
        wirksamkeitsdatum: day,
        neueSelbstbeteiligung: wert,
      });
      expect(saved.statusCode).toBe(200);
      current = saved.json<View>();
    }
    const saved = await send('PATCH', ID, ANNA, {
      lastUpdated: current.lastUpdated,
      wirksamkeitsdatum: ZW_DAY,
      zahlweise: 'JAEHRLICH',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      neueSelbstbeteiligung: 'SB_KEINE',
      zahlweise: 'MONATLICH',
      vorgemerkteSelbstBeteiligung: [{ wert: 'SB_250', wirksamAb: SB_DAY }],
      vorgemerkteZahlweise: [{ wert: 'JAEHRLICH', wirksamAb: ZW_DAY }],
      aenderungshistorie: [],
    });
  });

  it('nothing changes before the day', async () => {
    now = plusDays(29);
    expect(await view(ID, ANNA)).toMatchObject({
      neueSelbstbeteiligung: 'SB_KEINE',
      vorgemerkteSelbstBeteiligung: [{ wert: 'SB_250' }],
    });
    expect(await eventsOf(ID, 'SelbstbeteiligungGeaendert')).toHaveLength(2);
  });

  it('on its day the contract reads, prices and saves with the new value', async () => {
    // The price of the deductible change as the customer was shown it when saving.
    now = TODAY;
    const shown = await send('POST', `${ID}/beitrag/selbstbeteiligung`, ANNA, {
      versicherungsNummer: ID,
      wirksamkeitsdatum: SB_DAY,
      neueSelbstbeteiligung: 'SB_250',
    });
    const { beitrag } = shown.json<{ beitrag: number }>();
    now = SB_DAY;
    const after = await view(ID, ANNA);
    expect(after).toMatchObject({
      neueSelbstbeteiligung: 'SB_250',
      selbstBeteiligung: { value: 250, unit: 'ABSOLUT' },
      versicherungsPraemie: beitrag,
      wirksamkeitsdatum: SB_DAY,
      vorgemerkteSelbstBeteiligung: [],
      vorgemerkteZahlweise: [{ wert: 'JAEHRLICH', wirksamAb: ZW_DAY }],
      aenderungshistorie: [
        { art: 'SELBSTBETEILIGUNG', wert: 'SB_250', wirksamAb: SB_DAY, angewendetAm: SB_DAY },
      ],
    });
    // A new quote starts from SB_250: asking for SB_250 again costs what the contract costs.
    const quote = await send('POST', `${ID}/beitrag/selbstbeteiligung`, ANNA, {
      versicherungsNummer: ID,
      wirksamkeitsdatum: SB_DAY,
      neueSelbstbeteiligung: 'SB_250',
    });
    expect(quote.json()).toMatchObject({ ungueltig: false, beitrag });
  });

  it('the payment period follows on its own day; quotes and saves use both new values', async () => {
    now = ZW_DAY;
    const after = await view(ID, ANNA);
    expect(after).toMatchObject({
      neueSelbstbeteiligung: 'SB_250',
      zahlweise: 'JAEHRLICH',
      vorgemerkteZahlweise: [],
      aenderungshistorie: [
        { art: 'ZAHLWEISE', wert: 'JAEHRLICH', angewendetAm: ZW_DAY },
        { art: 'SELBSTBETEILIGUNG', wert: 'SB_250' },
      ],
    });
    // Yearly now: one payment a year is the whole annual premium.
    expect(after.versicherungsPraemie).toBe(after.jahresVersicherungsPraemie);
    const quote = await send('POST', `${ID}/beitrag/phv`, ANNA, {
      versicherungsNummer: ID,
      wirksamkeitsdatum: ZW_DAY,
      phvAnzahl: 'EINS',
    });
    expect(quote.json()).toMatchObject({
      ungueltig: false,
      zahlweise: 'JAEHRLICH',
      beitrag: after.versicherungsPraemie,
    });
    // A save with the version read after the change took effect goes through.
    const saved = await send('PATCH', ID, ANNA, {
      lastUpdated: after.lastUpdated,
      wirksamkeitsdatum: ZW_DAY,
      phvAnzahl: 'ZWEI',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      phvAnzahl: 'ZWEI',
      zahlweise: 'JAEHRLICH',
      neueSelbstbeteiligung: 'SB_250',
    });
  });

  it('writes exactly one event per change taking effect, however often it is read or swept', async () => {
    await Promise.all([view(ID, ANNA), view(ID, ANNA), view(ID, ANNA)]);
    await settleDue(server.db.database.db, defaultTariffs(), now);
    await settleDue(server.db.database.db, defaultTariffs(), now);
    const sb = (await eventsOf(ID, 'SelbstbeteiligungGeaendert')).filter(
      (event) => event.payload['wirksamGeworden'] === true,
    );
    const zw = (await eventsOf(ID, 'ZahlweiseGeaendert')).filter(
      (event) => event.payload['wirksamGeworden'] === true,
    );
    expect(sb).toHaveLength(1);
    expect(sb[0]).toMatchObject({
      wirksamkeitsdatum: SB_DAY,
      payload: { neu: 'SB_250', alt: 'SB_KEINE' },
    });
    expect(zw).toHaveLength(1);
    expect(zw[0]).toMatchObject({
      wirksamkeitsdatum: ZW_DAY,
      payload: { neu: 'JAEHRLICH', alt: 'MONATLICH' },
    });
  });
});

describe('an expiring contract', () => {
  ownServer();

  it('becomes BEENDET after its last day, once', async () => {
    now = TODAY;
    const before = await view('AS-10000104', ANNA);
    expect(before['vertragsstatus']).toBe('AUSLAUFEND');
    const last = before['ablaufdatum'] as string;
    now = last;
    expect((await view('AS-10000104', ANNA))['vertragsstatus']).toBe('AUSLAUFEND');
    const next = new Date(`${last}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    now = next.toISOString().slice(0, 10);
    expect(await view('AS-10000104', ANNA)).toMatchObject({
      vertragsstatus: 'BEENDET',
      aktiv: false,
      beendigungsdatum: last,
    });
    await settleDue(server.db.database.db, defaultTariffs(), now);
    expect(await eventsOf('AS-10000104', 'VertragBeendet')).toHaveLength(1);
  });
});

describe('revenue reminders that run out', () => {
  ownServer();

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
    const after = await view('AS-10000201', BECKER);
    expect(after).toMatchObject({
      jahresumsatz: { value: 1_034_000, isAdjustable: true },
      versicherungsPraemie: expected.json<{ beitrag: number }>().beitrag,
    });
    expect(after['aufgaben']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ typ: 'UmsatzErinnern2', status: 'Storniert' }),
        expect.objectContaining({ typ: 'UmsatzAutomatischAnpassen', status: 'Erledigt' }),
      ]),
    );
    await settleDue(server.db.database.db, defaultTariffs(), now);
    const events = await eventsOf('AS-10000201', 'JahresumsatzAutomatischAngepasst');
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toMatchObject({
      jahresumsatz: 1_034_000,
      alterJahresumsatz: 940_000,
      alterBeitrag: before.versicherungsPraemie,
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
  });
});

describe.runIf(DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  ownServer();

  it('apply each due change exactly once when both are asked at the same moment', async () => {
    let day = TODAY;
    const second = await openDatabase(server.db.reopenOptions);
    const other = await buildServer({
      database: second,
      migrate: false,
      testAuth: true,
      today: () => day,
      settleIntervalMs: 0,
    });
    try {
      now = TODAY;
      day = TODAY;
      const ID = 'HFK-20000101';
      const KLAUS = asCustomer('3000101');
      const current = await view(ID, KLAUS);
      const target = plusDays(60);
      const saved = await send('PATCH', ID, KLAUS, {
        lastUpdated: current.lastUpdated,
        wirksamkeitsdatum: target,
        neueSelbstbeteiligung: 'SB_500',
      });
      expect(saved.statusCode).toBe(200);
      const saved2 = await send('PATCH', ID, KLAUS, {
        lastUpdated: saved.json<View>().lastUpdated,
        wirksamkeitsdatum: target,
        zahlweise: 'HALBJAEHRLICH',
      });
      expect(saved2.statusCode).toBe(200);
      // Both clocks pass the day; many reads on both, and both sweeps, at once.
      now = target;
      day = target;
      const reads = Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? server.app : other).inject({
          method: 'GET',
          url: `${BASE}/${ID}`,
          headers: KLAUS,
        }),
      );
      await Promise.all([
        ...reads,
        settleDue(server.db.database.db, defaultTariffs(), target),
        settleDue(second.db, defaultTariffs(), target),
      ]);
      const effective = async (typ: string) =>
        (await eventsOf(ID, typ)).filter((event) => event.payload['wirksamGeworden'] === true);
      expect(await effective('SelbstbeteiligungGeaendert')).toHaveLength(1);
      expect(await effective('ZahlweiseGeaendert')).toHaveLength(1);
      const both = await Promise.all([
        server.app.inject({ method: 'GET', url: `${BASE}/${ID}`, headers: KLAUS }),
        other.inject({ method: 'GET', url: `${BASE}/${ID}`, headers: KLAUS }),
      ]);
      for (const response of both)
        expect(response.json()).toMatchObject({
          neueSelbstbeteiligung: 'SB_500',
          zahlweise: 'HALBJAEHRLICH',
          vorgemerkteSelbstBeteiligung: [],
          vorgemerkteZahlweise: [],
        });
      expect(both[0]?.json<{ aenderungshistorie: unknown[] }>().aenderungshistorie).toHaveLength(2);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
