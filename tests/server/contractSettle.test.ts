import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { settleDue } from '../../apps/server/src/contracts/settle.ts';
import { pendingChanges } from '../../apps/server/src/db/schema/index.ts';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';
import { BASE, plusDays, PRICING, settleCalls, type View } from './helpers/settleHelpers.ts';

// Pending changes take effect on their day, an expiring contract ends after its last day and
// revenue reminders run out: all on the server's injectable clock, which the tests move.

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

const ANNA = asCustomer('2000101');
const { view, send, eventsOf } = settleCalls(() => server);

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
