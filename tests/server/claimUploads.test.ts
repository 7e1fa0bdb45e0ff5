import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';
import { claimLookupUrl } from './helpers/claimLookup.ts';
import { queryRows } from '../../apps/server/src/claims/sql.ts';

// A claimant without sign-in uploads documents with the claim token of the look-up: the token is
// the credential, the files belong to that token's claim only, types are decided by content and
// the limits come from the server's configuration. The clock is the claim look-up's, moved here.

let server: TestServer;
let now = new Date('2025-06-15T10:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'claim-uploads-'));
beforeAll(async () => {
  server = await startTestServer({
    clock: () => now,
    uploads: { dir, maxSizeBytes: 64 * 1024, maxCount: 3 },
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
let ip = 0;

/** A claim token of the look-up for a contract (Anna Schmidt's bike unless named). */
async function token(contract = 'AS-10000103', name = 'Schmidt', birth = '1985-03-14') {
  ip += 1;
  const response = await server.app.inject({
    method: 'GET',
    url: claimLookupUrl(contract),
    remoteAddress: `10.7.0.${ip}`,
    headers: {
      authorization: `Custom ${Buffer.from(`${contract}:${name}:${birth}`).toString('base64')}`,
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

const bearer = (tok: string) => ({ authorization: `Bearer ${tok}` });

async function openSlot(tok: string, name: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: bearer(tok),
    payload: { name },
  });
}

async function put(tok: string, url: string, bytes: Buffer) {
  return server.app.inject({
    method: 'PUT',
    url,
    headers: { ...bearer(tok), 'content-type': 'application/octet-stream' },
    payload: bytes,
  });
}

const bikeClaim = (files: { id: string; name: string; size: number }[]) => ({
  schadenart: { schadenart: 'FAHRRAD_VANDALISMUS' },
  hergang: {
    schadendatum: '2025-06-10',
    schadenort: 'Hamburg, Bahnhof Altona',
    beschreibung: 'Beide Reifen wurden über Nacht zerstochen und der Sattel abgerissen.',
  },
  unterlagen: { dateien: files.map((f) => ({ ...f, type: 'application/pdf' })) },
  auszahlung: { kontoinhaber: 'Anna Schmidt', iban: 'DE75512108001245126199' },
});

const report = (tok: string, body: unknown) =>
  server.app.inject({
    method: 'POST',
    url: '/api/schadenmeldung/meldung',
    headers: bearer(tok),
    payload: body as object,
  });

describe('uploads with the claim token', () => {
  it('takes every allowed type by its content: PDF, JPEG, PNG, HEIC, MP4, QuickTime, MPEG and text', async () => {
    const tok = await token();
    const iso = (brand: string) =>
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(8)]);
    const samples: [string, Buffer, string][] = [
      ['beleg.pdf', PDF, 'application/pdf'],
      ['foto', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
      ['bild.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'image/png'],
      ['IMG_0001.HEIC', iso('heic'), 'image/heic'],
      ['video.mp4', iso('isom'), 'video/mp4'],
      ['video.mov', iso('qt  '), 'video/quicktime'],
      ['video.mpg', Buffer.from([0, 0, 1, 0xba, 0x44, 0]), 'video/mpeg'],
      ['notiz.txt', Buffer.from('Zeuge: Herr Krause, Tel. 040 123456\n'), 'text/plain'],
    ];
    for (const [name, bytes, type] of samples) {
      // Each on a fresh token: the configured count is three files per claimant.
      const own = name === 'beleg.pdf' ? tok : await token();
      const slot = await openSlot(own, name);
      expect(slot.statusCode, name).toBe(201);
      const stored = await put(own, slot.json<{ uploadUrl: string }>().uploadUrl, bytes);
      expect(stored.statusCode, name).toBe(200);
      expect(stored.json<{ contentType: string }>().contentType, name).toBe(type);
    }
  });

  it('refuses a type by its content, whatever the name, in German', async () => {
    const tok = await token();
    const slot = await openSlot(tok, 'rechnung.pdf');
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0x08, 0]);
    const refused = await put(tok, slot.json<{ uploadUrl: string }>().uploadUrl, zip);
    expect(refused.statusCode).toBe(415);
    expect(refused.json<{ message: string }>().message).toBe(
      'Dieser Dateityp wird nicht unterstützt.',
    );
    const svg = await openSlot(tok, 'skizze.txt');
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    expect((await put(tok, svg.json<{ uploadUrl: string }>().uploadUrl, script)).statusCode).toBe(
      415,
    );
  });

  it('keeps the configured limits: size and count per claimant, in German', async () => {
    const tok = await token();
    const big = await openSlot(tok, 'gross.pdf');
    const tooBig = await put(
      tok,
      big.json<{ uploadUrl: string }>().uploadUrl,
      Buffer.concat([PDF, Buffer.alloc(70 * 1024, 0x20)]),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ message: string }>().message).toBe('Die Datei ist zu groß.');
    await openSlot(tok, 'zwei.pdf');
    await openSlot(tok, 'drei.pdf');
    const fourth = await openSlot(tok, 'vier.pdf');
    expect(fourth.statusCode).toBe(413);
    expect(fourth.json<{ message: string }>().message).toBe(
      'Sie haben zu viele Dateien ausgewählt.',
    );
  });

  it('binds a file to its claim: another claim’s token can neither fill nor attach it', async () => {
    const mine = await token();
    const theirs = await token('AS-10000301', 'Wagner', '1991-12-30');
    const slot = await openSlot(mine, 'foto-schaden.pdf');
    const { id, uploadUrl } = slot.json<{ id: string; uploadUrl: string }>();
    const foreignPut = await put(theirs, uploadUrl, PDF);
    expect(foreignPut.statusCode).toBe(404);
    expect(foreignPut.json<{ message: string }>().message).toBe('Diesen Upload gibt es nicht.');
    expect((await put(mine, uploadUrl, PDF)).statusCode).toBe(200);
    // The same file named in the other claim's report: refused, nothing written for it.
    const foreign = await report(theirs, bikeClaim([{ id, name: 'foto-schaden.pdf', size: 37 }]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ fieldErrors: { path: string }[] }>().fieldErrors[0]?.path).toBe(
      '/body/unterlagen/dateien',
    );
    // A signed-in customer does not see or fill it either.
    const asCustomer = await server.app.inject({
      method: 'PUT',
      url: uploadUrl,
      headers: { 'x-test-partner': '2000101', 'content-type': 'application/octet-stream' },
      payload: PDF,
    });
    expect(asCustomer.statusCode).toBe(404);
    // Its own claim takes it.
    const own = await report(mine, bikeClaim([{ id, name: 'foto-schaden.pdf', size: PDF.length }]));
    expect(own.statusCode).toBe(201);
    const { aktenId } = own.json<{ aktenId: string }>();
    const filed = await queryRows<{ akten_id: string; name: string }>(
      server.db.database.db,
      sql`SELECT m.akten_id, a.name FROM attachments a
          JOIN claim_messages m ON m.id = a.claim_message_id WHERE a.name = 'foto-schaden.pdf'`,
    );
    expect(filed).toEqual([{ akten_id: aktenId, name: 'foto-schaden.pdf' }]);
  });

  it('ends with the token: 30 minutes on the claim clock, then a German 401', async () => {
    const tok = await token();
    now = new Date(now.getTime() + 29 * 60_000);
    expect((await openSlot(tok, 'noch-gueltig.pdf')).statusCode).toBe(201);
    now = new Date(now.getTime() + 2 * 60_000);
    const late = await openSlot(tok, 'zu-spaet.pdf');
    expect(late.statusCode).toBe(401);
    expect(late.json<{ message: string }>().message).toBe(
      'Ihre Sitzung zur Schadenmeldung ist abgelaufen. Bitte starten Sie die Schadenmeldung neu.',
    );
    const noToken = await server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: { name: 'ohne.pdf' },
    });
    expect(noToken.statusCode).toBe(401);
  });
});
