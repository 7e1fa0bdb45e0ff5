import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache } from '../../apps/server/src/db/readCache.ts';
import {
  asCustomer,
  DATABASE_URL,
  startTestServer,
  TODAY,
  type TestServer,
} from './helpers/testDatabase.ts';

let server: TestServer;
const ANNA = asCustomer('2000101');
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

const read = async () =>
  (
    await server.app.inject({
      method: 'GET',
      url: '/api/vertrag/vertrag/AS-10000101',
      headers: ANNA,
    })
  ).json<{ zahlweise: string; lastUpdated: string; versicherungsName: string }>();

describe(
  DATABASE_URL ? 'contract reads on PostgreSQL (no cache)' : 'the read cache of PGlite',
  () => {
    it('shows a save through the API at the next read', async () => {
      const before = await read();
      expect(await read()).toEqual(before);
      const saved = await server.app.inject({
        method: 'PATCH',
        url: '/api/vertrag/vertrag/AS-10000101',
        headers: ANNA,
        payload: {
          lastUpdated: before.lastUpdated,
          wirksamkeitsdatum: TODAY,
          zahlweise: before.zahlweise === 'MONATLICH' ? 'JAEHRLICH' : 'MONATLICH',
        },
      });
      expect(saved.statusCode).toBe(200);
      expect((await read()).zahlweise).toBe(saved.json<{ zahlweise: string }>().zahlweise);
    });

    it('shows a change written with plain SQL or in a transaction at the next read', async () => {
      const db = server.db.database.db;
      await read();
      await db.execute(
        sql`UPDATE contracts SET versicherungs_name = 'Neu per SQL' WHERE versicherungs_nummer = 'AS-10000101'`,
      );
      expect((await read()).versicherungsName).toBe('Neu per SQL');
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE contracts SET versicherungs_name = 'Neu in Transaktion' WHERE versicherungs_nummer = 'AS-10000101'`,
        );
      });
      expect((await read()).versicherungsName).toBe('Neu in Transaktion');
    });
  },
);

describe('ReadCache', () => {
  it('does not keep an answer read while a write ran', async () => {
    const cache = new ReadCache();
    let loads = 0;
    let release: () => void = () => undefined;
    const slow = cache.read('k', async () => {
      loads += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return 'alt';
    });
    cache.invalidate();
    release();
    expect(await slow).toBe('alt');
    expect(await cache.read('k', async () => ((loads += 1), 'neu'))).toBe('neu');
    expect(await cache.read('k', async () => ((loads += 1), 'nie'))).toBe('neu');
    expect(loads).toBe(2);
  });
});
