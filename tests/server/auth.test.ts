import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import {
  asAgent,
  asCustomer,
  startTestServer,
  TODAY,
  type TestServer,
} from './helpers/testDatabase.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

describe('authentication and access', () => {
  it('answers 401 to every contract call without a signed-in caller', async () => {
    for (const url of [
      '/api/vertrag/vertrag/findByPartnerNummer/2000101',
      '/api/vertrag/vertrag/AS-10000101',
      '/api/vertrag/vertrag/kuendigungsgruende/PHV',
      '/api/vertrag/vertrag/widerrufsgruende',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({
        error: 'unauthorized',
        message: 'Bitte melden Sie sich an.',
      });
    }
    const save = await server.app.inject({
      method: 'PATCH',
      url: '/api/vertrag/vertrag/AS-10000101',
      payload: {
        lastUpdated: new Date().toISOString(),
        wirksamkeitsdatum: TODAY,
        zahlweise: 'JAEHRLICH',
      },
    });
    expect(save.statusCode).toBe(401);
  });

  it('ignores the test headers unless testAuth is switched on', async () => {
    const strict = await buildServer({ database: server.db.database, migrate: false });
    try {
      const response = await strict.inject({
        method: 'GET',
        url: '/api/vertrag/vertrag/AS-10000101',
        headers: asCustomer('2000101'),
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it('gives a foreign contract the same 404 as a missing one', async () => {
    const foreign = await get('/api/vertrag/vertrag/HFK-20000101', asCustomer('2000101'));
    const missing = await get('/api/vertrag/vertrag/HFK-99999999', asCustomer('2000101'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it('does not list the contracts of another customer', async () => {
    const foreign = await get(
      '/api/vertrag/vertrag/findByPartnerNummer/3000101',
      asCustomer('2000101'),
    );
    const missing = await get(
      '/api/vertrag/vertrag/findByPartnerNummer/9999999',
      asCustomer('2000101'),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });

  it('keeps an agent to the customers of its own agency', async () => {
    expect((await get('/api/vertrag/vertrag/HFK-20000101', asAgent('V-HFK-200'))).statusCode).toBe(
      200,
    );
    expect((await get('/api/vertrag/vertrag/HFK-20000101', asAgent('V-AS-100'))).statusCode).toBe(
      404,
    );
    expect(
      (await get('/api/vertrag/vertrag/findByPartnerNummer/3000101', asAgent('V-AS-100')))
        .statusCode,
    ).toBe(404);
    expect(
      (await get('/api/vertrag/vertrag/HFK-20000101', asAgent('V-UNBEKANNT'))).statusCode,
    ).toBe(404);
  });

  it('does not let a customer calculate or save on a foreign contract', async () => {
    const calc = await server.app.inject({
      method: 'POST',
      url: '/api/vertrag/vertrag/HFK-20000101/beitrag/zahlweise',
      headers: asCustomer('2000101'),
      payload: {
        versicherungsNummer: 'HFK-20000101',
        wirksamkeitsdatum: TODAY,
        zahlweise: 'MONATLICH',
      },
    });
    expect(calc.statusCode).toBe(404);
    const view = await get('/api/vertrag/vertrag/HFK-20000101', asCustomer('3000101'));
    const save = await server.app.inject({
      method: 'PATCH',
      url: '/api/vertrag/vertrag/HFK-20000101',
      headers: asCustomer('2000101'),
      payload: {
        lastUpdated: view.json<{ lastUpdated: string }>().lastUpdated,
        wirksamkeitsdatum: TODAY,
        zahlweise: 'MONATLICH',
      },
    });
    expect(save.statusCode).toBe(404);
  });
});
