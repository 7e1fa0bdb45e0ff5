import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildServer } from '../../apps/server/src/app.ts';
import { settleDue } from '../../apps/server/src/contracts/settle.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import {
  changeEvents,
  contractTasks,
  pendingChanges,
} from '../../apps/server/src/db/schema/index.ts';
import { defaultTariffs } from '../../apps/server/src/tariffs/index.ts';
import { defaultChangeKinds } from '../../apps/server/src/contracts/changeCatalogue.ts';

import { demoLogins } from '../../apps/server/src/seed/identityUsers.ts';
import {
  asCustomer,
  DATABASE_URL,
  startTestServer,
  TODAY,
  type TestServer,
} from './helpers/testDatabase.ts';
import { startServerProcess, urlWithSchema } from './helpers/serverProcess.ts';
import { signIn, userPool } from './identityHelpers.ts';

/** The repository's tariffs and change kinds, as a server without a definitions root has them. */
const PRICING = { tariffs: defaultTariffs(), kinds: defaultChangeKinds() };

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

  // The saves every test of this story starts from, made once before them: each test sets the
  // day it looks at, so each also runs alone (vitest -t).
  let afterSaves: View;
  beforeAll(async () => {
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
    afterSaves = saved.json<View>();
  });

  it('are saved as pending, and a new one of a kind replaces the earlier one', () => {
    expect(afterSaves).toMatchObject({
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
    now = ZW_DAY;
    await Promise.all([view(ID, ANNA), view(ID, ANNA), view(ID, ANNA)]);
    await settleDue(server.db.database.db, PRICING, now);
    await settleDue(server.db.database.db, PRICING, now);
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
    await settleDue(server.db.database.db, PRICING, now);
    expect(await eventsOf('AS-10000104', 'VertragBeendet')).toHaveLength(1);
  });
});

describe('a later save of a kind', () => {
  ownServer();

  it('effective today removes the pending change of its kind, which then never takes effect', async () => {
    now = TODAY;
    const ID = 'AS-10000101';
    const before = await view(ID, ANNA);
    const pending = await send('PATCH', ID, ANNA, {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: plusDays(10),
      zahlweise: 'JAEHRLICH',
    });
    expect(pending.json()).toMatchObject({
      vorgemerkteZahlweise: [{ wert: 'JAEHRLICH', wirksamAb: plusDays(10) }],
    });
    const atOnce = await send('PATCH', ID, ANNA, {
      lastUpdated: pending.json<View>().lastUpdated,
      wirksamkeitsdatum: TODAY,
      zahlweise: 'VIERTELJAEHRLICH',
    });
    expect(atOnce.statusCode).toBe(200);
    expect(atOnce.json()).toMatchObject({
      zahlweise: 'VIERTELJAEHRLICH',
      vorgemerkteZahlweise: [],
    });
    now = plusDays(11);
    expect(await view(ID, ANNA)).toMatchObject({
      zahlweise: 'VIERTELJAEHRLICH',
      vorgemerkteZahlweise: [],
      aenderungshistorie: [],
    });
    const effective = (await eventsOf(ID, 'ZahlweiseGeaendert')).filter(
      (event) => event.payload['wirksamGeworden'] === true,
    );
    expect(effective).toHaveLength(0);
  });

  it('of a household cover replaces only the pending change of the same cover', async () => {
    now = TODAY;
    const ID = 'PCH-50000102';
    const LENA = asCustomer('6000101');
    type Household = View & { hausrat: { hausratDeckungen: { deckungsIdentifier: string }[] } };
    const covers = (contract: Household) =>
      contract.hausrat.hausratDeckungen.map((deckung) => deckung.deckungsIdentifier);
    let current = (await view(ID, LENA)) as Household;
    const had = covers(current);
    const cover = async (path: string, eingeschlossen: boolean, day: string) => {
      const saved = await send('PATCH', `${ID}/deckung/hausrat/${path}`, LENA, {
        lastUpdated: current.lastUpdated,
        wirksamkeitsdatum: day,
        eingeschlossen,
      });
      expect(saved.statusCode).toBe(200);
      current = saved.json<Household>();
    };
    const glass = !had.includes('GLASBRUCH');
    const assistance = !had.includes('SCHUTZBRIEF');
    await cover('glasbruch', glass, plusDays(20));
    await cover('schutzbrief', assistance, plusDays(20));
    // A second glass change replaces the first, the assistance change stays.
    await cover('glasbruch', glass, plusDays(25));
    expect(current['vorgemerkteHausratDeckungen']).toEqual([
      expect.objectContaining({ wert: { deckung: 'SCHUTZBRIEF', eingeschlossen: assistance } }),
      expect.objectContaining({
        wert: { deckung: 'GLASBRUCH', eingeschlossen: glass },
        wirksamAb: plusDays(25),
      }),
    ]);
    now = plusDays(25);
    const after = (await view(ID, LENA)) as Household;
    expect(covers(after).includes('GLASBRUCH')).toBe(glass);
    expect(covers(after).includes('SCHUTZBRIEF')).toBe(assistance);
    expect(after['vorgemerkteHausratDeckungen']).toEqual([]);
    expect(after['aenderungshistorie']).toEqual([
      expect.objectContaining({ art: 'HAUSRAT_DECKUNG', wirksamAb: plusDays(25) }),
      expect.objectContaining({ art: 'HAUSRAT_DECKUNG', wirksamAb: plusDays(20) }),
    ]);
    const effective = (await eventsOf(ID, 'HausratDeckungGeaendert')).filter(
      (event) => event.payload['wirksamGeworden'] === true,
    );
    expect(effective).toHaveLength(2);
  });
});

describe('a contract that ends before a pending change’s day', () => {
  ownServer();

  it('drops the change: at the cancellation, and when it comes due on an ended contract', async () => {
    // HFK-20000201 (BHV_2, yearly, SB_250) is cancelled for 2025-07-01 (day 16); a payment-period
    // change for day 10 takes effect, a deductible change for day 35 never does.
    now = TODAY;
    const ID = 'HFK-20000201';
    const HOFFMANN = asCustomer('3000102');
    let current = await view(ID, HOFFMANN);
    for (const [field, wert, day] of [
      ['zahlweise', 'HALBJAEHRLICH', plusDays(10)],
      ['neueSelbstbeteiligung', 'SB_500', plusDays(35)],
    ] as const) {
      const saved = await send('PATCH', ID, HOFFMANN, {
        lastUpdated: current.lastUpdated,
        wirksamkeitsdatum: day,
        [field]: wert,
      });
      expect(saved.statusCode).toBe(200);
      current = saved.json<View>();
    }
    const cancelled = await server.app.inject({
      method: 'DELETE',
      url: `${BASE}/${ID}/kuendigung/BETRIEBSAUFGABE?kuendigungsdatum=2025-07-01`,
      headers: HOFFMANN,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      vertragsstatus: 'AUSLAUFEND',
      vorgemerkteZahlweise: [{ wert: 'HALBJAEHRLICH' }],
      vorgemerkteSelbstBeteiligung: [],
    });
    now = plusDays(10);
    expect(await view(ID, HOFFMANN)).toMatchObject({
      zahlweise: 'HALBJAEHRLICH',
      vertragsstatus: 'AUSLAUFEND',
    });
    now = plusDays(17);
    expect(await view(ID, HOFFMANN)).toMatchObject({ vertragsstatus: 'BEENDET' });
    // A pending change left on the ended contract (written straight to the table) is dropped on
    // its day, without an event; the open automatic adjustment (day 21) is cancelled unapplied.
    await server.db.database.db.insert(pendingChanges).values({
      versicherungsNummer: ID,
      art: 'SELBSTBETEILIGUNG',
      wert: 'SB_500',
      wirksamAb: plusDays(30),
    });
    now = plusDays(30);
    const ended = await view(ID, HOFFMANN);
    expect(ended).toMatchObject({
      neueSelbstbeteiligung: 'SB_250',
      vorgemerkteSelbstBeteiligung: [],
      aenderungshistorie: [{ art: 'ZAHLWEISE', wert: 'HALBJAEHRLICH', wirksamAb: plusDays(10) }],
    });
    expect(ended['aufgaben']).toContainEqual(
      expect.objectContaining({ typ: 'UmsatzAutomatischAnpassen', status: 'Storniert' }),
    );
    const deductible = (await eventsOf(ID, 'SelbstbeteiligungGeaendert')).filter(
      (event) => event.payload['wirksamGeworden'] === true,
    );
    expect(deductible).toHaveLength(0);
    expect(await eventsOf(ID, 'JahresumsatzAutomatischAngepasst')).toHaveLength(0);
    expect(await eventsOf(ID, 'VertragBeendet')).toHaveLength(1);
  });
});

describe('the sweep', () => {
  ownServer();

  /** Waits until `check` holds (the sweep runs in the background); fails after 10 seconds. */
  async function eventually(check: () => Promise<boolean>): Promise<void> {
    for (let waited = 0; waited < 10_000; waited += 50) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('not settled within 10 seconds');
  }

  const effective = async (id: string, typ: string) =>
    (await eventsOf(id, typ)).filter((event) => event.payload['wirksamGeworden'] === true);

  it('lets a change take effect when no one asks: at a server’s start and on its interval', async () => {
    now = TODAY;
    const ID = 'AS-10000101';
    let current = await view(ID, ANNA);
    for (const [field, wert, day] of [
      ['zahlweise', 'JAEHRLICH', plusDays(5)],
      ['neueSelbstbeteiligung', 'SB_500', plusDays(8)],
    ] as const) {
      const saved = await send('PATCH', ID, ANNA, {
        lastUpdated: current.lastUpdated,
        wirksamkeitsdatum: day,
        [field]: wert,
      });
      expect(saved.statusCode).toBe(200);
      current = saved.json<View>();
    }
    // More servers over the same database, to which nobody sends a request. The first starts on
    // day 5 and never sweeps again: its start lets the payment period take effect.
    let day = plusDays(5);
    const serverOn = (settleIntervalMs: number) =>
      buildServer({
        database: server.db.database,
        migrate: false,
        testAuth: true,
        today: () => day,
        settleIntervalMs,
      });
    const atStart = await serverOn(0);
    try {
      await atStart.ready();
      await eventually(async () => (await effective(ID, 'ZahlweiseGeaendert')).length === 1);
    } finally {
      await atStart.close();
    }
    expect(await effective(ID, 'SelbstbeteiligungGeaendert')).toHaveLength(0);
    // The second sweeps every 20 ms: when its clock reaches day 8 the deductible follows.
    const onInterval = await serverOn(20);
    try {
      await onInterval.ready();
      day = plusDays(8);
      await eventually(
        async () => (await effective(ID, 'SelbstbeteiligungGeaendert')).length === 1,
      );
    } finally {
      await onInterval.close();
    }
    now = plusDays(8);
    expect(await view(ID, ANNA)).toMatchObject({
      zahlweise: 'JAEHRLICH',
      neueSelbstbeteiligung: 'SB_500',
      aenderungshistorie: [
        { art: 'SELBSTBETEILIGUNG', wirksamAb: plusDays(8) },
        { art: 'ZAHLWEISE', wirksamAb: plusDays(5) },
      ],
    });
    expect(await effective(ID, 'ZahlweiseGeaendert')).toHaveLength(1);
    expect(await effective(ID, 'SelbstbeteiligungGeaendert')).toHaveLength(1);
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

describe.runIf(DATABASE_URL)('two servers with their own pools on one PostgreSQL database', () => {
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
        settleDue(server.db.database.db, PRICING, target),
        settleDue(second.db, PRICING, target),
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

describe.runIf(DATABASE_URL)('two server processes (main.ts) on one PostgreSQL database', () => {
  beforeAll(async () => {
    now = TODAY;
    // The identity routes write the demo sign-ins the processes check passwords against.
    server = await startTestServer({ today: () => now, settleIntervalMs: 0, identity: {} });
  }, 60_000);
  afterAll(async () => {
    await server.close();
  });

  it('apply each due change exactly once under concurrent reads, quotes and sweeps', async () => {
    const ID = 'HFK-20000101';
    const KLAUS = asCustomer('3000101');
    const target = plusDays(40);
    // Two processes whose clocks (SERVER_TODAY, honoured outside production) are already on the
    // day; each sweeps at its start and then every 20 ms, besides settling before each request.
    const env = {
      DATABASE_URL: urlWithSchema(DATABASE_URL ?? '', server.db.reopenOptions.searchPath ?? ''),
      SEED: 'off',
      SERVER_TODAY: target,
      SETTLE_INTERVAL_MS: '20',
    };
    const processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    try {
      const login = demoLogins().find((entry) => entry.partnerNummer === '3000101');
      if (!login) throw new Error('no demo sign-in of 3000101');
      const tokens = await Promise.all(
        processes.map(async ({ base }) => {
          const outcome = await signIn(
            await userPool(base, 'benutzer'),
            login.username,
            login.password,
          );
          if (outcome.kind !== 'success') throw new Error(`sign-in failed: ${outcome.kind}`);
          return outcome.session.getAccessToken().getJwtToken();
        }),
      );
      /** One call; a 503 of the load shedding (main.ts turns it on) is tried again. */
      const call = async (index: number, path: string, body?: object): Promise<Response> => {
        for (let attempt = 0; ; attempt += 1) {
          const response = await fetch(`${processes[index]?.base}${BASE}/${path}`, {
            method: body ? 'POST' : 'GET',
            headers: {
              authorization: `Bearer ${tokens[index]}`,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          if (response.status !== 503 || attempt === 20) return response;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      // This test's server, still on TODAY, saves both changes for the day: from that moment
      // they are due for both processes, which race for them with their sweeps, the requests
      // below and two more sweeps of this test.
      const current = await view(ID, KLAUS);
      const saved = await send('PATCH', ID, KLAUS, {
        lastUpdated: current.lastUpdated,
        wirksamkeitsdatum: target,
        neueSelbstbeteiligung: 'SB_500',
        zahlweise: 'HALBJAEHRLICH',
      });
      expect(saved.statusCode).toBe(200);
      const storm = Array.from({ length: 30 }, (_, i) => {
        const index = i % 2;
        if (i % 3 === 0) return call(index, `findByPartnerNummer/3000101`);
        if (i % 3 === 1)
          return call(index, `${ID}/beitrag/selbstbeteiligung`, {
            versicherungsNummer: ID,
            wirksamkeitsdatum: target,
            neueSelbstbeteiligung: 'SB_500',
          });
        return call(index, ID);
      });
      const db = server.db.database.db;
      const responses = await Promise.all([
        ...storm,
        settleDue(db, PRICING, target),
        settleDue(db, PRICING, target),
      ]);
      for (const response of responses.slice(0, storm.length))
        expect((response as Response).status).toBe(200);
      const effective = async (typ: string) =>
        (await eventsOf(ID, typ)).filter((event) => event.payload['wirksamGeworden'] === true);
      expect(await effective('SelbstbeteiligungGeaendert')).toHaveLength(1);
      expect(await effective('ZahlweiseGeaendert')).toHaveLength(1);
      for (const index of [0, 1]) {
        const read = await call(index, ID);
        const body = (await read.json()) as Record<string, unknown>;
        expect(body).toMatchObject({
          neueSelbstbeteiligung: 'SB_500',
          zahlweise: 'HALBJAEHRLICH',
          vorgemerkteSelbstBeteiligung: [],
          vorgemerkteZahlweise: [],
        });
        expect(body['aenderungshistorie']).toHaveLength(2);
        // The quote each process answers starts from the contract as it now stands.
        const quote = await call(index, `${ID}/beitrag/selbstbeteiligung`, {
          versicherungsNummer: ID,
          wirksamkeitsdatum: target,
          neueSelbstbeteiligung: 'SB_500',
        });
        expect(await quote.json()).toMatchObject({
          zahlweise: 'HALBJAEHRLICH',
          beitrag: body['versicherungsPraemie'],
        });
      }
    } finally {
      await Promise.all(processes.map((child) => child.stop()));
    }
  }, 180_000);
});
