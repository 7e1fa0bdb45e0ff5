import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultTariffs,
  tariffCatalogue,
  type Tariff,
} from '../../apps/server/src/tariffs/index.ts';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';

// The self-service calculation rounds as the rating of applications does: half away from zero on
// the decimal value, also where binary floating point lands a hair below the half cent
// (517.50 × 1.19 = 615.825 is 615.8249999… as a double, 2.01 / 2 = 1.005 is 1.00499999…).

/**
 * The private liability tariff with prices that land exactly on half cents: its rating's base
 * premium is 1 for every family status, times 517.50 at 10 million and 2.01 at 50 million, with
 * no minimum premium and no module the contract could carry.
 */
function halfCentTariff(tariff: Tariff): Tariff {
  const copy = structuredClone(tariff);
  const rating = copy.rating;
  const base = rating?.tables?.['grundbeitrag'];
  const sums = rating?.tables?.['summenfaktor'];
  if (!rating?.contractInputs || !base || !sums) throw new Error('phv rates no contracts');
  copy.minimumAnnualPremium = 0;
  base.values = Object.fromEntries(Object.keys(base.values).map((status) => [status, 1]));
  sums.values = { '10000000': 517.5, '50000000': 2.01 };
  rating.contractInputs['diensthaftpflicht'] = false;
  copy.paymentPeriods = {
    ...copy.paymentPeriods,
    JAEHRLICH: { factor: 1.19, installments: 1 },
    HALBJAEHRLICH: { factor: 1, installments: 2 },
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
