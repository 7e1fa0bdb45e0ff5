import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

// The number of files a caller may hold (uploads.maxCount, default 10) is counted and decided in
// one statement: 40 uploads at once (slot, then bytes) store exactly 10, on PostgreSQL too, where
// the requests run on several connections at the same moment.

let server: TestServer;
const KLAUS = asCustomer('3000101');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

/** One upload as the browser makes it: a slot, then the bytes into it. */
async function upload(index: number) {
  const slot = await server.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...KLAUS, 'idempotency-key': `zaehlen-${index}` },
    payload: { name: `foto-${index}.png` },
  });
  if (slot.statusCode !== 201) return slot;
  return server.app.inject({
    method: 'PUT',
    url: slot.json<{ uploadUrl: string }>().uploadUrl,
    headers: { ...KLAUS, 'content-type': 'image/png' },
    payload: PNG,
  });
}

describe('the number of uploads a caller holds', () => {
  it('is 10 after 40 concurrent uploads; the others get the German 413 and leave no file', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => upload(i)));
    const stored = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(stored).toHaveLength(10);
    expect(refused).toHaveLength(30);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(413);
      expect(answer.json()).toEqual({
        error: 'too-large',
        message: 'Sie haben zu viele Dateien ausgewählt.',
      });
    }
    const rows = await queryRows<{ state: string; n: number }>(
      server.db.database.db,
      sql`SELECT state, count(*)::int AS n FROM uploads
          WHERE principal = 'benutzer:3000101' GROUP BY state`,
    );
    expect(rows).toEqual([{ state: 'hochgeladen', n: 10 }]);
    // The file store (the database's table by default) holds the 10 files and nothing else.
    const [files] = await queryRows<{ n: number }>(
      server.db.database.db,
      sql`SELECT count(*)::int AS n FROM files f JOIN uploads u ON u.storage_key = f.key
          WHERE u.principal = 'benutzer:3000101'`,
    );
    const [all] = await queryRows<{ n: number }>(
      server.db.database.db,
      sql`SELECT count(*)::int AS n FROM files f
          WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.storage_key = f.key)
            AND NOT EXISTS (SELECT 1 FROM attachments a WHERE a.storage_key = f.key)
            AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.storage_key = f.key)`,
    );
    expect(files?.n).toBe(10);
    expect(all?.n).toBe(0);
  });
});
