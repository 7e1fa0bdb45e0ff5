import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultTariffs,
  tariffCatalogue,
  type Tariff,
} from '../../apps/server/src/pricing/index.ts';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';

// The self-service calculation rounds as the rating of applications does: half away from zero on
// the decimal value, also where binary floating point lands a hair below the half cent
// (517.50 × 1.19 = 615.825 is 615.8249999… as a double, 2.01 / 2 = 1.005 is 1.00499999…).

/** The private liability tariff with prices that land exactly on half cents, and no surcharges. */
function halfCentTariff(tariff: Tariff): Tariff {
  const copy = structuredClone(tariff);
  copy.minimumAnnualPremium = 0;
  for (const variant of copy.coverVariants ?? []) {
    if (variant.id === 'PHV_KOMFORT') variant.basePremium = 517.5;
    if (variant.id === 'PHV_PREMIUM') variant.basePremium = 2.01;
  }
  copy.paymentPeriods = {
    ...copy.paymentPeriods,
    JAEHRLICH: { factor: 1.19, installments: 1 },
    HALBJAEHRLICH: { factor: 1, installments: 2 },
  };
  const statuses = Object.keys(copy.surcharges?.familienstand ?? {});
  copy.surcharges = {
    ...copy.surcharges,
    phvPersons: { KEINE: 0, EINS: 0, ZWEI: 0, DREI: 0 },
    familienstand: Object.fromEntries(statuses.map((status) => [status, 0])),
  };
  return copy;
}

let server: TestServer;

beforeAll(async () => {
  const tariffs = defaultTariffs()
    .all()
    .map((tariff) => (tariff.id === 'phv' ? halfCentTariff(tariff) : tariff));
  server = await startTestServer({ tariffs: tariffCatalogue(tariffs) });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const quoteZahlweise = async (nr: string, partner: string, zahlweise: string) => {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/vertrag/vertrag/${nr}/beitrag/zahlweise`,
    headers: asCustomer(partner),
    payload: { versicherungsNummer: nr, wirksamkeitsdatum: TODAY, zahlweise },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ beitrag: number | null; ungueltig: boolean }>();
};

describe('rounding of a self-service calculation', () => {
  it('rounds 517.50 × 1.19 = 615.825 up to 615.83', async () => {
    // AS-10000101: PHV_KOMFORT, paid monthly; yearly now.
    expect(await quoteZahlweise('AS-10000101', '2000101', 'JAEHRLICH')).toMatchObject({
      beitrag: 615.83,
      ungueltig: false,
    });
  });

  it('rounds 2.01 / 2 = 1.005 up to 1.01', async () => {
    // HFK-20000101: PHV_PREMIUM, paid yearly; half-yearly now.
    expect(await quoteZahlweise('HFK-20000101', '3000101', 'HALBJAEHRLICH')).toMatchObject({
      beitrag: 1.01,
      ungueltig: false,
    });
  });
});
