import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTariffs, tariffCatalogue } from '../../apps/server/src/tariffs/index.ts';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

// Every product key GET .../kuendigungsgruende/{productKey} answered before the reasons became data
// of the lines' tariffs, with the answer it gave then (written out here, not read from the source).

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const reasonsOf = (productKey: string) =>
  server.app.inject({
    method: 'GET',
    url: `/api/vertrag/vertrag/kuendigungsgruende/${productKey}`,
    headers: asCustomer('2000101'),
  });

const COMMON = [
  { key: 'ABLAUF_VERSICHERUNGSJAHR', label: 'Kündigung zum Ende des Versicherungsjahres' },
  { key: 'BEITRAGSERHOEHUNG', label: 'Kündigung wegen Beitragserhöhung' },
  { key: 'NACH_SCHADENFALL', label: 'Kündigung nach einem Schadenfall' },
  { key: 'WEGFALL_RISIKO', label: 'Das versicherte Risiko besteht nicht mehr' },
];
const OTHER = { key: 'SONSTIGES', label: 'Sonstiger Grund' };

const PHV = [
  { key: 'TOD_VERSICHERUNGSNEHMER', label: 'Tod des Versicherungsnehmers' },
  { key: 'ZUSAMMENLEGUNG_HAUSHALT', label: 'Zusammenlegung mit dem Vertrag des Partners' },
];
const THV = [{ key: 'TIER_ABGEGEBEN', label: 'Abgabe oder Tod des Tieres' }];
const HAUSRAT = [
  { key: 'UMZUG_AUSLAND', label: 'Umzug ins Ausland' },
  { key: 'ZUSAMMENLEGUNG_HAUSHALT', label: 'Zusammenlegung von Haushalten' },
];
const FAHRRAD = [
  { key: 'FAHRRAD_VERKAUFT', label: 'Verkauf des Fahrrads' },
  { key: 'FAHRRAD_GESTOHLEN', label: 'Diebstahl des Fahrrads' },
];
const BHV = [
  { key: 'BETRIEBSAUFGABE', label: 'Aufgabe des Betriebs' },
  { key: 'INHABERWECHSEL', label: 'Wechsel des Inhabers' },
];
const BUSINESS_CONTENT = [
  { key: 'BETRIEBSAUFGABE', label: 'Aufgabe des Betriebs' },
  { key: 'UMZUG_BETRIEB', label: 'Umzug des Betriebs' },
];

/** Each key answered before, and the line-specific reasons between the common ones and SONSTIGES. */
const ANSWERED: Record<string, { key: string; label: string }[]> = {
  PHV,
  PRIVATHAFTPFLICHT: PHV,
  THV,
  TIERHALTER: THV,
  TIERHALTERHAFTPFLICHT: THV,
  HAUSRAT,
  FAHRRAD,
  FAHRRAD_2: FAHRRAD,
  BHV,
  BHV_1: BHV,
  BHV_2: BHV,
  VH: BUSINESS_CONTENT,
  VH_2: BUSINESS_CONTENT,
  SI: BUSINESS_CONTENT,
  SI_ALLGEFAHREN: BUSINESS_CONTENT,
  SI_MEHRGEFAHREN: BUSINESS_CONTENT,
  REISE: [],
};

describe('GET /api/vertrag/vertrag/kuendigungsgruende/{productKey}', () => {
  for (const [productKey, own] of Object.entries(ANSWERED))
    it(`answers ${productKey} with the common reasons, its line's own and SONSTIGES`, async () => {
      const response = await reasonsOf(productKey);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([...COMMON, ...own, OTHER]);
    });

  it('answers 404 with a German message for a key that is no product, line or application', async () => {
    for (const productKey of ['KFZ', 'TIERHALTERHAFTPFLICHT_2', 'SONSTIGES']) {
      const response = await reasonsOf(productKey);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Dieses Produkt kennen wir nicht.' });
    }
  });
});

describe('GET /api/vertrag/vertrag/{id}/kuendigungsdaten', () => {
  it('offers the reasons of the contract line', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/vertrag/vertrag/AS-10000101/kuendigungsdaten',
      headers: asCustomer('2000101'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ gruende: unknown }>().gruende).toEqual([...COMMON, ...PHV, OTHER]);
  });
});

describe('a line whose tariff declares its own reasons', () => {
  let vshServer: TestServer;
  // The financial-loss liability's tariff with a reason of its own: no code names the line.
  const OWN = { key: 'BERUFSAUFGABE', label: 'Aufgabe der beruflichen Tätigkeit' };
  beforeAll(async () => {
    const tariffs = defaultTariffs()
      .all()
      .map((tariff) =>
        tariff.line === 'VSH' ? { ...tariff, service: { terminationReasons: [OWN] } } : tariff,
      );
    vshServer = await startTestServer({ tariffs: tariffCatalogue(tariffs) });
  }, 60_000);
  afterAll(async () => {
    await vshServer.close();
  });

  it('answers them between the common reasons and SONSTIGES', async () => {
    const response = await vshServer.app.inject({
      method: 'GET',
      url: '/api/vertrag/vertrag/kuendigungsgruende/VSH',
      headers: asCustomer('2000101'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([...COMMON, OWN, OTHER]);
  });
});
