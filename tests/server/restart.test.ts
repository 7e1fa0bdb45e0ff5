import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { asCustomer, DATABASE_URL, openTestDatabase, TODAY } from './helpers/testDatabase.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pglite-restart-'));
let cleanup: (() => Promise<void>) | undefined;

afterAll(async () => {
  await cleanup?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('restart', () => {
  it(
    DATABASE_URL
      ? 'keeps saved changes when the server and its pool are restarted'
      : 'keeps saved changes when the PGlite data directory is reopened',
    async () => {
      const first = await openTestDatabase({ dataDir });
      cleanup = first.cleanup;
      const app = await buildServer({
        database: first.database,
        seed: true,
        testAuth: true,
        today: () => TODAY,
      });
      const before = await app.inject({
        method: 'GET',
        url: '/api/vertrag/vertrag/AS-10000101',
        headers: asCustomer('2000101'),
      });
      const saved = await app.inject({
        method: 'PATCH',
        url: '/api/vertrag/vertrag/AS-10000101',
        headers: asCustomer('2000101'),
        payload: {
          lastUpdated: before.json<{ lastUpdated: string }>().lastUpdated,
          wirksamkeitsdatum: TODAY,
          zahlweise: 'HALBJAEHRLICH',
        },
      });
      expect(saved.statusCode).toBe(200);
      await app.close();
      await first.database.close();

      const reopened = await openDatabase(first.reopenOptions);
      cleanup = async () => {
        await reopened.close();
        await first.cleanup();
      };
      const again = await buildServer({
        database: reopened,
        seed: true,
        testAuth: true,
        today: () => TODAY,
      });
      try {
        const after = await again.inject({
          method: 'GET',
          url: '/api/vertrag/vertrag/AS-10000101',
          headers: asCustomer('2000101'),
        });
        expect(after.json()).toMatchObject({
          zahlweise: 'HALBJAEHRLICH',
          lastUpdated: saved.json<{ lastUpdated: string }>().lastUpdated,
        });
      } finally {
        await again.close();
      }
    },
    60_000,
  );
});
