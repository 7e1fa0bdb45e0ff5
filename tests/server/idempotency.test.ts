import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  auditLog,
  changeEvents,
  contracts,
  idempotencyKeys,
} from '../../apps/server/src/db/schema/index.ts';
import { asCustomer, startTestServer, TODAY, type TestServer } from './helpers/testDatabase.ts';
import { contractApi } from './helpers/contractApi.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const { view, patch, rows } = contractApi(() => server);

describe('Idempotency-Key on PATCH', () => {
  it('replays the first response for the same key and body and writes nothing new', async () => {
    const headers = { ...asCustomer('4000102'), 'idempotency-key': 'key-1' };
    const before = await view('SD-30000201', asCustomer('4000102'));
    const payload = {
      lastUpdated: before.lastUpdated,
      wirksamkeitsdatum: TODAY,
      zahlweise: 'JAEHRLICH',
    };
    const first = await patch('SD-30000201', payload, headers);
    expect(first.statusCode).toBe(200);
    const [events, audits] = [await rows(changeEvents), await rows(auditLog)];
    const again = await patch('SD-30000201', payload, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await rows(changeEvents)).toBe(events);
    expect(await rows(auditLog)).toBe(audits);
  });

  it('answers 422 to the same key with another body', async () => {
    const headers = { ...asCustomer('4000102'), 'idempotency-key': 'key-1' };
    const current = await view('SD-30000201', asCustomer('4000102'));
    const response = await patch(
      'SD-30000201',
      { lastUpdated: current.lastUpdated, wirksamkeitsdatum: TODAY, zahlweise: 'MONATLICH' },
      headers,
    );
    expect(response.statusCode).toBe(422);
    expect((await view('SD-30000201', asCustomer('4000102'))).zahlweise).toBe('JAEHRLICH');
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const current = await view('SD-30000202', asCustomer('4000102'));
    const payload = {
      lastUpdated: current.lastUpdated,
      wirksamkeitsdatum: TODAY,
      zahlweise: 'MONATLICH',
    };
    const { requestHash } = await import('../../apps/server/src/idempotency/idempotency.ts');
    await server.db.database.db.insert(idempotencyKeys).values({
      principal: 'benutzer:4000102',
      key: 'key-running',
      requestHash: requestHash({
        method: 'PATCH',
        route: 'vertrag',
        id: 'SD-30000202',
        body: payload,
      }),
    });
    const response = await patch('SD-30000202', payload, {
      ...asCustomer('4000102'),
      'idempotency-key': 'key-running',
    });
    expect(response.statusCode).toBe(409);
  });

  it('keeps keys apart per caller and releases the key of a failed save', async () => {
    const current = await view('SD-30000202', asCustomer('4000102'));
    const failing = await patch(
      'SD-30000202',
      { lastUpdated: '2000-01-01T00:00:00.000Z', wirksamkeitsdatum: TODAY, zahlweise: 'MONATLICH' },
      { ...asCustomer('4000102'), 'idempotency-key': 'key-retry' },
    );
    expect(failing.statusCode).toBe(409);
    const retry = await patch(
      'SD-30000202',
      { lastUpdated: current.lastUpdated, wirksamkeitsdatum: TODAY, zahlweise: 'MONATLICH' },
      { ...asCustomer('4000102'), 'idempotency-key': 'key-retry' },
    );
    expect(retry.statusCode).toBe(200);
    const [own] = await server.db.database.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'key-retry'));
    expect(own?.n).toBe(1);
  });

  it('stores the new version so that a save with the key leaves exactly one change', async () => {
    const [row] = await server.db.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.versicherungsNummer, 'SD-30000201'));
    expect(row?.zahlweise).toBe('JAEHRLICH');
  });
});
