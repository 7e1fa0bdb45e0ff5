import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { partners } from '../../apps/server/src/db/schema/index.ts';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';

// A move of a household contract with the moving service: the new address becomes the
// customer's postal address on the day of the move, not before.

let now = TODAY;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ today: () => now, settleIntervalMs: 0 });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const BASE = '/api/vertrag/vertrag';
const ANNA = asCustomer('2000101');
const plusDays = (days: number): string => {
  const day = new Date(`${TODAY}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
const move = {
  strasse: 'Hafenstraße',
  hausnummer: '7',
  plz: '20095',
  ort: 'Hamburg',
  wohnflaeche: 60,
  etage: 2,
  gebaeudeart: 'MEHRFAMILIENHAUS',
  umzugsservice: { postanschriftUebernehmen: true },
};
const postalAddress = async () => {
  const [row] = await server.db.database.db
    .select({ strasse: partners.strasse, plz: partners.plz, ort: partners.ort })
    .from(partners)
    .where(eq(partners.partnerNummer, '2000101'));
  return row;
};

describe('moving a household contract with the moving service', () => {
  it('prices the move with the household data and the service', async () => {
    const quote = await server.app.inject({
      method: 'POST',
      url: `${BASE}/AS-10000102/beitrag/risikoort`,
      headers: ANNA,
      payload: {
        versicherungsNummer: 'AS-10000102',
        wirksamkeitsdatum: plusDays(10),
        risikoOrt: move,
      },
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ ungueltig: false });
  });

  it('takes the new address over as the postal address on the day of the move', async () => {
    const before = await postalAddress();
    const read = await server.app.inject({
      method: 'GET',
      url: `${BASE}/AS-10000102`,
      headers: ANNA,
    });
    const saved = await server.app.inject({
      method: 'PATCH',
      url: `${BASE}/AS-10000102`,
      headers: ANNA,
      payload: {
        lastUpdated: read.json<{ lastUpdated: string }>().lastUpdated,
        wirksamkeitsdatum: plusDays(10),
        risikoOrt: move,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ vorgemerkterRisikoOrt: [{ wirksamAb: plusDays(10) }] });
    expect(await postalAddress()).toEqual(before);
    now = plusDays(10);
    const after = await server.app.inject({
      method: 'GET',
      url: `${BASE}/AS-10000102`,
      headers: ANNA,
    });
    expect(after.json()).toMatchObject({
      risikoOrt: { strasse: 'Hafenstraße', hausnummer: '7', plz: '20095', ort: 'Hamburg' },
      hausrat: { plz: '20095', wohnflaeche: 60 },
      vorgemerkterRisikoOrt: [],
    });
    expect(await postalAddress()).toEqual({ strasse: 'Hafenstraße', plz: '20095', ort: 'Hamburg' });
  });

  it('refuses a service answer of the wrong shape with 400', async () => {
    const quote = await server.app.inject({
      method: 'POST',
      url: `${BASE}/AS-10000102/beitrag/risikoort`,
      headers: ANNA,
      payload: {
        versicherungsNummer: 'AS-10000102',
        wirksamkeitsdatum: now,
        risikoOrt: { ...move, umzugsservice: { ja: true } },
      },
    });
    expect(quote.statusCode).toBe(400);
  });
});
