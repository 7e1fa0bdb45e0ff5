import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { changeEvents, contractTasks } from '../../apps/server/src/db/schema/index.ts';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const BASE = '/api/vertrag/vertrag';
type View = Record<string, unknown> & { lastUpdated: string; versicherungsPraemie: number };

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

async function lastEvent(id: string) {
  const [event] = await server.db.database.db
    .select()
    .from(changeEvents)
    .where(eq(changeEvents.versicherungsnummer, id))
    .orderBy(desc(changeEvents.id))
    .limit(1);
  return event;
}

describe('PATCH .../{id}/deckung/hausrat/{coverageType}', () => {
  const LENA = asCustomer('6000101');

  it('saves the cover at the price the calculation showed, re-priced by the server', async () => {
    const before = await view('PCH-50000102', LENA);
    const quote = await send('POST', 'PCH-50000102/beitrag/hausrat/schutzbrief', LENA, {
      versicherungsNummer: 'PCH-50000102',
      wirksamkeitsdatum: TODAY,
      eingeschlossen: true,
    });
    const saved = await send('PATCH', 'PCH-50000102/deckung/hausrat/schutzbrief', LENA, {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      eingeschlossen: true,
    });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<
      View & { hausrat: { hausratDeckungen: { deckungsIdentifier: string }[] } }
    >();
    expect(body.versicherungsPraemie).toBe(quote.json<{ beitrag: number }>().beitrag);
    expect(body.hausrat.hausratDeckungen.map((d) => d.deckungsIdentifier)).toContain('SCHUTZBRIEF');
    expect(await lastEvent('PCH-50000102')).toMatchObject({
      typ: 'HausratDeckungGeaendert',
      payload: { neu: { deckung: 'SCHUTZBRIEF', eingeschlossen: true }, vorgemerkt: false },
    });
  });

  it('refuses a stale version with 409 and the current contract', async () => {
    const stale = await send('PATCH', 'PCH-50000102/deckung/hausrat/glasbruch', LENA, {
      lastUpdated: '2025-01-01T00:00:00.000Z',
      wirksamkeitsdatum: TODAY,
      eingeschlossen: false,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'conflict',
      aktuell: { versicherungsNummer: 'PCH-50000102' },
    });
  });

  it('replays a save with the same Idempotency-Key and writes nothing new', async () => {
    const before = await view('PCH-50000102', LENA);
    const headers = { ...LENA, 'idempotency-key': 'hausrat-1' };
    const payload = {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      eingeschlossen: false,
    };
    const first = await send('PATCH', 'PCH-50000102/deckung/hausrat/glasbruch', headers, payload);
    expect(first.statusCode).toBe(200);
    const event = await lastEvent('PCH-50000102');
    const again = await send('PATCH', 'PCH-50000102/deckung/hausrat/glasbruch', headers, payload);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await lastEvent('PCH-50000102'))?.id).toBe(event?.id);
  });
});

describe('revenue: PATCH .../{id}/{productType}/umsatz and POST .../{id}/umsatz/bestaetigen', () => {
  const FIRMA = asCustomer('2000102');
  const openTasks = async (id: string) =>
    server.db.database.db
      .select()
      .from(contractTasks)
      .where(and(eq(contractTasks.versicherungsNummer, id), eq(contractTasks.status, 'Offen')));

  it('confirms the revenue on file: the open revenue task becomes Erledigt', async () => {
    expect(await openTasks('AS-10000201')).toHaveLength(1);
    const before = await view('AS-10000201', FIRMA);
    const response = await send('POST', 'AS-10000201/umsatz/bestaetigen', FIRMA, {
      lastUpdated: before.lastUpdated,
    });
    expect(response.statusCode).toBe(200);
    expect(await openTasks('AS-10000201')).toHaveLength(0);
    expect(await lastEvent('AS-10000201')).toMatchObject({ typ: 'JahresumsatzBestaetigt' });
    const again = await send('POST', 'AS-10000201/umsatz/bestaetigen', FIRMA, {
      lastUpdated: response.json<View>().lastUpdated,
    });
    expect(again.statusCode).toBe(422);
  });

  it('saves a new revenue with an event carrying old and new revenue and premium', async () => {
    const before = await view('AS-10000201', FIRMA);
    const oldRevenue = (before['jahresumsatz'] as { value: number }).value;
    const response = await send('PATCH', 'AS-10000201/bhv/umsatz', FIRMA, {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      jahresumsatz: 400_000,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      jahresumsatz: { value: 400_000, isAdjustable: true },
      versicherungsPraemie: 159.18,
    });
    expect(await lastEvent('AS-10000201')).toMatchObject({
      typ: 'JahresumsatzGeaendert',
      payload: {
        jahresumsatz: 400_000,
        alterJahresumsatz: oldRevenue,
        beitrag: 159.18,
        alterBeitrag: before.versicherungsPraemie,
      },
    });
  });

  it('answers 422 with the German reason when the revenue cannot be priced online', async () => {
    const before = await view('AS-10000201', FIRMA);
    const response = await send('PATCH', 'AS-10000201/bhv/umsatz', FIRMA, {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      jahresumsatz: 50_000_000,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toContain(
      'beraten wir Sie gern persönlich',
    );
  });
});

describe('PATCH .../{id}/versicherungssumme and .../{id}/betriebsart', () => {
  it('switches to the cover variant of the insured sum', async () => {
    const ANNA = asCustomer('2000101');
    const before = await view('AS-10000103', ANNA);
    const response = await send('PATCH', 'AS-10000103/versicherungssumme', ANNA, {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      versicherungssumme: '1500',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      deckungsIdentifier: 'FR_BASIS',
      versicherungsSumme: 1500,
      versicherungsPraemie: 17.77,
    });
  });

  it('saves the business types and returns the full contract', async () => {
    const HOFFMANN = asCustomer('3000102');
    const before = await view('HFK-20000201', HOFFMANN);
    const gewerbe = { hauptgewerbe: 'Tischlerei', nebengewerbe: ['Montage', 'Handel mit Holz'] };
    const response = await send('PATCH', 'HFK-20000201/betriebsart', HOFFMANN, {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      versicherteGewerbe: gewerbe,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      versicherungsNummer: 'HFK-20000201',
      versicherteGewerbe: gewerbe,
    });
    const twice = await send('PATCH', 'HFK-20000201/betriebsart', HOFFMANN, {
      lastUpdated: response.json<View>().lastUpdated,
      wirksamkeitsdatum: TODAY,
      versicherteGewerbe: { hauptgewerbe: 'Montage', nebengewerbe: ['Montage'] },
    });
    expect(twice.statusCode).toBe(422);
  });
});

describe('PATCH /api/vertrag/vertrag/{id} with the new change kinds', () => {
  it('saves a move with an event carrying the address and the household data', async () => {
    const TOM = asCustomer('4000101');
    const before = await view('SD-30000102', TOM);
    const risikoOrt = {
      plz: '80331',
      ort: 'München',
      strasse: 'Marienplatz',
      hausnummer: '8',
      wohnflaeche: 90,
      etage: 3,
      gebaeudeart: 'MEHRFAMILIENHAUS',
      auspraegungen: [{ name: 'Fahrradkeller', value: 'ja' }],
    };
    const response = await send('PATCH', 'SD-30000102', TOM, {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      risikoOrt,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      risikoOrt: { plz: '80331', ort: 'München', strasse: 'Marienplatz', hausnummer: '8' },
      deckungsIdentifier: 'HR_KOMFORT',
      hausrat: { plz: '80331', wohnflaeche: 90 },
    });
    expect(await lastEvent('SD-30000102')).toMatchObject({
      typ: 'NeueAdresse',
      partnernummer: '4000101',
      payload: {
        plz: '80331',
        ort: 'München',
        hausnummer: '8',
        strasse: 'Marienplatz',
        wohnflaeche: 90,
        versicherungssumme: 58_500,
        etage: 3,
        gebaeudeart: 'MEHRFAMILIENHAUS',
        auspraegungen: [{ name: 'Fahrradkeller', value: 'ja' }],
      },
    });
  });

  it('keeps a future family status as a pending change and leaves the contract as it is', async () => {
    const ANNA = asCustomer('2000101');
    const before = await view('AS-10000101', ANNA);
    const response = await send('PATCH', 'AS-10000101', ANNA, {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: '2025-09-01',
      familienstand: 'FAMILIE',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      versicherungsPraemie: before.versicherungsPraemie,
      phv: { familienstand: { current: { key: 'PAAR' } } },
      vorgemerkterFamilienstand: [{ wert: 'FAMILIE', wirksamAb: '2025-09-01', wirksamBis: null }],
    });
  });
});
