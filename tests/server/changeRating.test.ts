import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pendingChanges } from '../../apps/server/src/db/schema/index.ts';
import {
  asAgent,
  asCustomer,
  startTestServer,
  TODAY,
  type TestServer,
} from './helpers/testDatabase.ts';

// A change to a contract whose tariff rates contracts (rating.contractInputs: the private
// liability tariff) is priced by that rating over the contract view with the change's declared
// effect applied, keeps the rating worksheet with the pending change, and takes effect on its day
// with the declared effect and the rating's price.

const BASE = '/api/vertrag/vertrag';
const ID = 'AS-10000101';
const ANNA = asCustomer('2000101');
const HANSEN = asAgent('V-AS-100');
const DAY = '2025-09-01';

let now = TODAY;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ today: () => now, settleIntervalMs: 0 });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const familienstand = (headers: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: `${BASE}/${ID}/beitrag/phv/familienstand`,
    headers,
    payload: { versicherungsNummer: ID, wirksamkeitsdatum: DAY, familienstand: 'FAMILIE' },
  });

async function view(): Promise<Record<string, unknown> & { lastUpdated: string }> {
  const response = await server.app.inject({ method: 'GET', url: `${BASE}/${ID}`, headers: ANNA });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('a change priced by the rating of the contract tariff', () => {
  it('answers the worksheet to an agent and the bare result to the customer', async () => {
    const customer = await familienstand(ANNA);
    expect(customer.statusCode).toBe(200);
    // Rating: FAMILIE 66.00 × 1 (10 Mio.) × 1.05 / 12 = 5.775, rounded half away: 5.78; from
    // 1 September 212 of 365 days are left to 1 April: 69.36 × 212 / 365 = 40.29.
    expect(customer.json()).toEqual({
      beitrag: 5.78,
      anteiligerBeitrag: 40.29,
      zahlweise: 'MONATLICH',
      wirksamkeitsdatum: DAY,
      ungueltig: false,
      fehlermeldung: null,
    });
    const agent = await familienstand(HANSEN);
    expect(agent.statusCode).toBe(200);
    const { rechenweg } = agent.json<{ rechenweg: Record<string, unknown> }>();
    expect(rechenweg).toMatchObject({
      tarif: { id: 'phv' },
      eingaben: expect.arrayContaining([
        { name: 'familienstand', bezeichnung: expect.any(String), wert: 'FAMILIE' },
      ]),
    });
  });

  it('keeps the worksheet with the pending change and applies the effect on its day', async () => {
    const before = await view();
    const saved = await server.app.inject({
      method: 'PATCH',
      url: `${BASE}/${ID}`,
      headers: ANNA,
      payload: {
        lastUpdated: before.lastUpdated,
        wirksamkeitsdatum: DAY,
        familienstand: 'FAMILIE',
      },
    });
    expect(saved.statusCode).toBe(200);
    const [pending] = await server.db.database.db
      .select()
      .from(pendingChanges)
      .where(eq(pendingChanges.art, 'FAMILIENSTAND'));
    expect(pending?.rechenweg).toMatchObject({ tarif: { id: 'phv' }, stichtag: TODAY });

    now = DAY;
    const after = await view();
    expect(after['phv']).toMatchObject({
      familienstand: { current: { key: 'FAMILIE', label: 'Familie' } },
    });
    expect(after).toMatchObject({
      versicherungsPraemie: 5.78,
      jahresVersicherungsPraemie: 69.36,
      wirksamkeitsdatum: DAY,
    });
  });

  it('refuses a cover the contract does not carry, which the rating would not price', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${BASE}/${ID}/beitrag/elementar`,
      headers: ANNA,
      payload: { versicherungsNummer: ID, wirksamkeitsdatum: DAY, elementar: true },
    });
    expect(response.json()).toMatchObject({
      ungueltig: true,
      fehlermeldung: 'Elementarschutz kann in dieser Deckung nicht eingeschlossen werden.',
    });
    // A contract that carries the cover (switched off) takes it.
    const household = await server.app.inject({
      method: 'POST',
      url: `${BASE}/AS-10000203/beitrag/elementar`,
      headers: asCustomer('2000102'),
      payload: { versicherungsNummer: 'AS-10000203', wirksamkeitsdatum: DAY, elementar: true },
    });
    expect(household.json()).toMatchObject({ ungueltig: false });
  });

  it('prices a contract without a deductible on file as one without deductible', async () => {
    // HFK-20000401: PHV_KOMFORT, SINGLE, monthly, no deductible stored: 39.00 × 1.05 / 12 = 3.4125.
    const response = await server.app.inject({
      method: 'POST',
      url: `${BASE}/HFK-20000401/beitrag/zahlweise`,
      headers: asCustomer('3000103'),
      payload: {
        versicherungsNummer: 'HFK-20000401',
        wirksamkeitsdatum: DAY,
        zahlweise: 'MONATLICH',
      },
    });
    expect(response.json()).toMatchObject({ beitrag: 3.41, ungueltig: false });
  });

  it('prices a new insured sum (a declared change) by the rating, refusing sums it does not sell', async () => {
    const sum = (versicherungssumme: string) =>
      server.app.inject({
        method: 'POST',
        url: `${BASE}/HFK-20000401/beitrag/versicherungssumme`,
        headers: asCustomer('3000103'),
        payload: {
          versicherungsNummer: 'HFK-20000401',
          wirksamkeitsdatum: DAY,
          versicherungssumme,
        },
      });
    // PHV_PREMIUM, 50 Mio.: 39.00 × 1.25 × 1.05 / 12 = 4.265625.
    expect((await sum('50000000,00')).json()).toMatchObject({ beitrag: 4.27, ungueltig: false });
    // 5 Mio. is a variant of the contract, but the tariff no longer sells it.
    expect((await sum('5000000')).json()).toMatchObject({
      ungueltig: true,
      fehlermeldung: 'Diese Versicherungssumme bieten wir in der Privathaftpflicht nicht mehr an.',
    });
    // 20 Mio. is no variant of the contract (the change's appliesWhen).
    expect((await sum('20000000')).json()).toMatchObject({
      ungueltig: true,
      fehlermeldung: 'Diese Versicherungssumme bieten wir für Ihren Vertrag nicht an.',
    });
  });
});
