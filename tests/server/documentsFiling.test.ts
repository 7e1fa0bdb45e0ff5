import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../apps/server/src/claims/sql.ts';
import {
  adviceAnswers,
  agentAnswers,
  HANSEN,
  startApplicationServer,
  without,
} from './helpers/applications.ts';
import { asCustomer, type TestServer } from './helpers/testDatabase.ts';

// Offers and advice records a signed-in caller asks for are filed in the customer's Postfach.
// Repeating a call must not fill it: the same Idempotency-Key answers the same document and files
// nothing new, and each customer takes at most 20 of each kind within 24 hours (the default of
// ServerOptions.documents), counted in one statement, whoever asks.

let server: TestServer;
const uploads = mkdtempSync(join(tmpdir(), 'documents-filing-'));
beforeAll(async () => {
  server = await startApplicationServer(undefined, { uploads: { dir: uploads } });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(uploads, { recursive: true, force: true });
});

const post = (kind: 'angebot' | 'beratungsdokumentation', body: unknown, headers = {}) =>
  server.app.inject({
    method: 'POST',
    url: `/api/antrag/fahrrad/${kind}`,
    headers,
    payload: body as object,
  });

const offer = { variante: 'advice', antworten: without(adviceAnswers, 'einwilligungen') };

/** Unread messages in a customer's inbox and their attachments (the filed PDFs). */
async function filed(partnerNummer: string): Promise<{ messages: number; pdfs: number }> {
  const [row] = await queryRows<{ messages: number; pdfs: number }>(
    server.db.database.db,
    sql`SELECT count(DISTINCT m.id)::int AS messages, count(a.id)::int AS pdfs
        FROM messages m LEFT JOIN attachments a ON a.message_id = m.id
        WHERE m.pool = 'benutzer' AND m.owner_id = ${partnerNummer} AND m.box = 'eingang'
          AND NOT m.gelesen`,
  );
  return { messages: row?.messages ?? 0, pdfs: row?.pdfs ?? 0 };
}

describe('an offer asked for 50 times', () => {
  it('with one Idempotency-Key is filed once and answered with the same PDF each time', async () => {
    const anna = { ...asCustomer('2000101'), 'idempotency-key': 'angebot-1' };
    const before = await filed('2000101');
    const answers = [];
    for (let i = 0; i < 50; i += 1) answers.push(await post('angebot', offer, anna));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const [first, ...rest] = answers;
    for (const again of rest) {
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe('application/pdf');
      expect(again.headers['content-disposition']).toBe(first?.headers['content-disposition']);
      expect(again.headers['x-postfach-nachricht']).toBe(first?.headers['x-postfach-nachricht']);
      expect(Buffer.compare(again.rawPayload, first?.rawPayload ?? Buffer.alloc(0))).toBe(0);
    }
    const after = await filed('2000101');
    expect({ messages: after.messages - before.messages, pdfs: after.pdfs - before.pdfs }).toEqual({
      messages: 1,
      pdfs: 1,
    });
  });

  it('with another body under the same key gets 422 and files nothing', async () => {
    const anna = { ...asCustomer('2000101'), 'idempotency-key': 'angebot-1' };
    const before = await filed('2000101');
    const other = await post('angebot', { ...offer, marke: 'hfk' }, anna);
    expect(other.statusCode).toBe(422);
    expect(await filed('2000101')).toEqual(before);
  });

  it('without a key files 20 for the customer, then answers a German 429 and files nothing', async () => {
    const klaus = asCustomer('3000101');
    const before = await filed('3000101');
    const statuses: number[] = [];
    for (let i = 0; i < 50; i += 1) statuses.push((await post('angebot', offer, klaus)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array.from({ length: 30 }, () => 429));
    const refused = await post('angebot', offer, klaus);
    expect(refused.json()).toEqual({
      error: 'too-many-requests',
      message:
        'Für dieses Kundenkonto wurden in den letzten 24 Stunden schon 20 Angebote erstellt und ins Postfach gelegt. Weitere sind später wieder möglich.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const after = await filed('3000101');
    expect({ messages: after.messages - before.messages, pdfs: after.pdfs - before.pdfs }).toEqual({
      messages: 20,
      pdfs: 20,
    });
  });
});

describe('the limit per customer', () => {
  it('counts what the agents of the agency file for a customer, each kind on its own', async () => {
    const body = {
      variante: 'agent',
      partnerNummer: '2000103',
      antworten: without(agentAnswers, 'einwilligungen'),
    };
    const before = await filed('2000103');
    const statuses = await Promise.all(
      Array.from({ length: 25 }, () => post('beratungsdokumentation', body, HANSEN)),
    );
    expect(statuses.filter((s) => s.statusCode === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s.statusCode === 429)).toHaveLength(5);
    // The customer's own record counts against the same 20; an offer is counted apart.
    const own = await post('beratungsdokumentation', offer, asCustomer('2000103'));
    expect(own.statusCode).toBe(429);
    expect(own.json<{ message: string }>().message).toContain('20 Beratungsdokumentationen');
    expect((await post('angebot', offer, asCustomer('2000103'))).statusCode).toBe(200);
    expect((await filed('2000103')).pdfs - before.pdfs).toBe(21);
  });
});

describe('a limit of one per customer', () => {
  let single: TestServer;
  beforeAll(async () => {
    single = await startApplicationServer(undefined, {
      uploads: { dir: uploads },
      documents: { filedPerCustomerPerDay: 1 },
    });
  }, 60_000);
  afterAll(() => single.close());

  it('says it in the singular: one offer was made already', async () => {
    const ask = () =>
      single.app.inject({
        method: 'POST',
        url: '/api/antrag/fahrrad/angebot',
        headers: asCustomer('3000101'),
        payload: offer,
      });
    expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(
      'Für dieses Kundenkonto wurde in den letzten 24 Stunden schon 1 Angebot erstellt und ins Postfach gelegt. Weitere sind später wieder möglich.',
    );
  });
});
