import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files, messages, uploads } from '../../apps/server/src/db/schema/index.ts';
import { asAgent, asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'uploads-'));
const ANNA = asCustomer('2000101');
const MUELLER = asCustomer('3000101');
const JONAS = asCustomer('2000103');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
const EXE = Buffer.from([
  0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0xff, 0xff, 0x00,
]);

beforeAll(async () => {
  server = await startTestServer({ uploads: { dir, maxSizeBytes: 1024, maxCount: 3 } });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function inject(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

async function upload(headers: Record<string, string>, bytes: Buffer, name = 'rechnung.pdf') {
  const slot = await inject('POST', '/api/uploads', headers, { name });
  expect(slot.statusCode).toBe(201);
  const { uploadUrl, id } = slot.json<{ uploadUrl: string; id: string }>();
  const put = await inject(
    'PUT',
    uploadUrl,
    { ...headers, 'content-type': 'application/octet-stream' },
    bytes,
  );
  return { id, put };
}

describe('claims of the portal', () => {
  it('lists only the signed-in customer’s claims, and an agent those of the agency', async () => {
    const own = await inject('GET', '/api/portal/schaeden', MUELLER);
    expect(own.json()).toEqual([
      expect.objectContaining({ aktenId: 'S-2025-000101', versicherungsNummer: 'HFK-20000102' }),
    ]);
    const anna = await inject('GET', '/api/portal/schaeden', ANNA);
    expect(anna.json<{ aktenId: string }[]>().map((c) => c.aktenId)).toEqual(['S-2025-000102']);
    const agent = await inject('GET', '/api/portal/schaeden', asAgent('V-AS-100'));
    expect(agent.json<{ aktenId: string }[]>().map((c) => c.aktenId)).toEqual(['S-2025-000102']);
  });

  it('shows a claim with its messages and a message with text and attachments, marking it read', async () => {
    const claim = await inject('GET', '/api/portal/schaeden/S-2025-000101', MUELLER);
    const nachrichten = claim.json<{
      nachrichten: { id: string; gelesen: boolean; betreff: string }[];
    }>().nachrichten;
    expect(nachrichten).toHaveLength(2);
    // The spec's list item, with the text, the attachments and who wrote it (the claim page shows
    // every message in full).
    expect(Object.keys(nachrichten[0] ?? {}).sort()).toEqual([
      'aktenId',
      'anhaenge',
      'betreff',
      'erstelldatum',
      'gelesen',
      'id',
      'nachricht',
      'richtung',
    ]);
    const unread = nachrichten.find((n) => !n.gelesen);
    const detail = await inject(
      'GET',
      `/api/portal/schaeden/S-2025-000101/nachrichten/${unread?.id ?? ''}`,
      MUELLER,
    );
    expect(detail.json()).toMatchObject({
      aktenId: 'S-2025-000101',
      gelesen: true,
      nachricht: expect.any(String),
      anhaenge: [],
    });
  });

  it('answers a foreign claim with the same 404 as a missing one', async () => {
    const foreign = await inject('GET', '/api/portal/schaeden/S-2025-000101', ANNA);
    const missing = await inject('GET', '/api/portal/schaeden/S-0', ANNA);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });
});

describe('uploads', () => {
  it('stores a PDF under a server-made name, whatever the client called it', async () => {
    const { id, put } = await upload(ANNA, PDF, '../../etc/passwd.pdf');
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ contentType: 'application/pdf', sizeBytes: PDF.length });
    // The embedded store: the bytes in the database under the slot's server-made key.
    const db = server.db.database.db;
    const [slot] = await db.select().from(uploads).where(eq(uploads.id, id));
    expect(slot?.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    const [stored] = await db
      .select()
      .from(files)
      .where(eq(files.key, slot?.storageKey ?? ''));
    expect(stored?.bytes.equals(PDF)).toBe(true);
  });

  it('refuses a declared size beyond the limit at once; without a bucket the bytes go through the server', async () => {
    // A customer of its own: the open slot must not count against the others' uploads.
    const big = await inject('POST', '/api/uploads', JONAS, { name: 'gross.pdf', sizeBytes: 1025 });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: 'Die Datei ist zu groß.' });
    const slot = await inject('POST', '/api/uploads', JONAS, { name: 'klein.pdf', sizeBytes: 10 });
    const { id, uploadUrl, completeUrl } = slot.json<Record<string, string | undefined>>();
    expect(uploadUrl).toBe(`/api/uploads/${id ?? ''}`);
    expect(completeUrl).toBeUndefined();
    // Nothing was sent anywhere else, so a completion finds nothing.
    const done = await inject('POST', `/api/uploads/${id ?? ''}/abschluss`, JONAS);
    expect(done.statusCode).toBe(409);
  });

  it('decides the type by content: an executable named .pdf gets 415 with a German message', async () => {
    const { put } = await upload(ANNA, EXE, 'scan.pdf');
    expect(put.statusCode).toBe(415);
    expect(put.json()).toEqual({
      error: 'unsupported-type',
      message: 'Dieser Dateityp wird nicht unterstützt.',
    });
  });

  it('refuses a file above the configured size and more slots than the configured count with 413', async () => {
    const { put } = await upload(MUELLER, Buffer.alloc(2048, 0x41), 'gross.txt');
    expect(put.statusCode).toBe(413);
    expect(put.json()).toMatchObject({ message: 'Die Datei ist zu groß.' });
    await upload(MUELLER, Buffer.from('eins'), 'a.txt');
    await upload(MUELLER, Buffer.from('zwei'), 'b.txt');
    const fourth = await inject('POST', '/api/uploads', MUELLER, { name: 'c.txt' });
    expect(fourth.statusCode).toBe(413);
    expect(fourth.json()).toMatchObject({ message: 'Sie haben zu viele Dateien ausgewählt.' });
  });
});

describe('Postfach', () => {
  it('lists the inbox with the unread count, sets read and deletes', async () => {
    const inbox = await inject('GET', '/api/postfach/benutzer/eingang', ANNA);
    const body = inbox.json<{
      nachrichten: { id: string; gelesen: boolean }[];
      ungelesen: number;
    }>();
    expect(body.ungelesen).toBe(1);
    const unread = body.nachrichten.find((n) => !n.gelesen)?.id ?? '';
    const read = await inject('PUT', `/api/postfach/benutzer/nachrichten/${unread}/gelesen`, ANNA);
    expect(read.json()).toEqual({ gelesen: true, ungelesen: 0 });
    expect((await inject('GET', '/api/postfach/benutzer/ungelesen', ANNA)).json()).toEqual({
      anzahl: 0,
    });
    expect(
      (await inject('DELETE', `/api/postfach/benutzer/nachrichten/${unread}`, ANNA)).statusCode,
    ).toBe(204);
    expect(
      (await inject('GET', `/api/postfach/benutzer/nachrichten/${unread}`, ANNA)).statusCode,
    ).toBe(404);
  });

  it('keeps pools and owners apart with the same 404', async () => {
    const [agentMessage] = await server.db.database.db
      .select()
      .from(messages)
      .where(eq(messages.pool, 'vermittler'));
    const foreign = await inject(
      'GET',
      `/api/postfach/benutzer/nachrichten/${agentMessage?.id ?? ''}`,
      ANNA,
    );
    const missing = await inject(
      'GET',
      '/api/postfach/benutzer/nachrichten/00000000-0000-4000-8000-000000000000',
      ANNA,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await inject('GET', '/api/postfach/vermittler/eingang', ANNA)).statusCode).toBe(404);
    expect(
      (await inject('GET', '/api/postfach/vermittler/eingang', asAgent('V-HFK-200'))).json(),
    ).toMatchObject({ ungelesen: 1 });
  });

  it('sends a message with an uploaded attachment once per Idempotency-Key and serves it as a download', async () => {
    const agent = asAgent('V-AS-100');
    const { id } = await upload(agent, PDF, 'Übersicht.pdf');
    const headers = { ...agent, 'idempotency-key': 'send-1' };
    const payload = { betreff: 'Unterlagen', nachricht: 'Anbei die Übersicht.', anhaenge: [id] };
    const first = await inject('POST', '/api/postfach/vermittler/nachrichten', headers, payload);
    expect(first.statusCode).toBe(201);
    const again = await inject('POST', '/api/postfach/vermittler/nachrichten', headers, payload);
    expect(again.json()).toEqual(first.json());
    const other = await inject('POST', '/api/postfach/vermittler/nachrichten', headers, {
      ...payload,
      betreff: 'Anders',
    });
    expect(other.statusCode).toBe(422);
    const outbox = await inject('GET', '/api/postfach/vermittler/gesendet', agent);
    expect(outbox.json<{ nachrichten: unknown[] }>().nachrichten).toHaveLength(1);
    const anhang = first.json<{ anhaenge: { id: string; name: string }[] }>().anhaenge[0];
    const download = await inject(
      'GET',
      `/api/postfach/vermittler/anhaenge/${anhang?.id ?? ''}`,
      agent,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const reuse = await inject('POST', '/api/postfach/vermittler/nachrichten', agent, {
      ...payload,
      betreff: 'Noch mal',
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('confirms a customer’s message in their inbox at once, and only theirs', async () => {
    const headers = asCustomer('3000102');
    const before = (await inject('GET', '/api/postfach/benutzer/eingang', headers)).json<{
      ungelesen: number;
    }>().ungelesen;
    const sent = await inject('POST', '/api/postfach/benutzer/nachrichten', headers, {
      betreff: 'Frage zur Rechnung',
      nachricht: 'Wann wird der Beitrag abgebucht?',
    });
    expect(sent.statusCode).toBe(201);
    const inbox = (await inject('GET', '/api/postfach/benutzer/eingang', headers)).json<{
      nachrichten: { id: string; betreff: string; gelesen: boolean }[];
      ungelesen: number;
    }>();
    expect(inbox.ungelesen).toBe(before + 1);
    const reply = inbox.nachrichten[0];
    expect(reply).toMatchObject({
      betreff: 'Eingangsbestätigung: Frage zur Rechnung',
      gelesen: false,
    });
    const text = (
      await inject('GET', `/api/postfach/benutzer/nachrichten/${reply?.id ?? ''}`, headers)
    ).json<{ nachricht: string }>().nachricht;
    expect(text).toContain('„Frage zur Rechnung“');
    const someoneElse = (await inject('GET', '/api/postfach/benutzer/eingang', MUELLER)).json<{
      nachrichten: { betreff: string }[];
    }>().nachrichten;
    expect(someoneElse.map((m) => m.betreff)).not.toContain(
      'Eingangsbestätigung: Frage zur Rechnung',
    );
  });

  it('shows a claim with every message text and the documents it still needs, and takes one', async () => {
    const detail = await inject('GET', '/api/portal/schaeden/S-2025-000102', ANNA);
    expect(detail.statusCode).toBe(200);
    const claim = detail.json<{
      unterlagen: { id: string; art: string; erhaltenAm: string | null }[];
      nachrichten: { nachricht: string; anhaenge: unknown[] }[];
    }>();
    const needed = claim.unterlagen.find((u) => u.art === 'KAUFBELEG');
    expect(needed?.erhaltenAm).toBeNull();
    // Someone else cannot see the claim nor hand anything in.
    expect((await inject('GET', '/api/portal/schaeden/S-2025-000102', MUELLER)).statusCode).toBe(
      404,
    );
    const { id } = await upload(ANNA, PDF, 'Kaufbeleg.pdf');
    const foreign = await inject(
      'POST',
      `/api/portal/schaeden/S-2025-000102/unterlagen/${needed?.id ?? ''}`,
      MUELLER,
      { upload: id },
    );
    expect(foreign.statusCode).toBe(404);
    const handed = await inject(
      'POST',
      `/api/portal/schaeden/S-2025-000102/unterlagen/${needed?.id ?? ''}`,
      ANNA,
      { upload: id },
    );
    expect(handed.statusCode).toBe(201);
    const after = handed.json<{
      unterlagen: { art: string; erhaltenAm: string | null }[];
      nachrichten: { betreff: string; anhaenge: { name: string }[] }[];
    }>();
    expect(after.unterlagen.find((u) => u.art === 'KAUFBELEG')?.erhaltenAm).not.toBeNull();
    expect(after.nachrichten[0]).toMatchObject({
      betreff: 'Unterlage: Kaufbeleg oder Rechnung des Fahrrads',
      anhaenge: [{ name: 'Kaufbeleg.pdf' }],
    });
    const again = await inject(
      'POST',
      `/api/portal/schaeden/S-2025-000102/unterlagen/${needed?.id ?? ''}`,
      ANNA,
      { upload: id },
    );
    expect(again.statusCode).toBe(409);
  });
});
