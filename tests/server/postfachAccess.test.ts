import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

// The customer's Postfach and own data as a stranger meets them: another customer's message or
// attachment answers exactly like a missing one (reading, marking read, deleting, downloading),
// another customer's upload cannot be attached, and nothing answers without a sign-in.

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'postfach-access-'));
const ANNA = asCustomer('2000101');
const MUELLER = asCustomer('3000101');
const MISSING = '00000000-0000-4000-8000-000000000000';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

beforeAll(async () => {
  server = await startTestServer({ uploads: { dir, maxSizeBytes: 4096, maxCount: 5 } });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function inject(method: Method, url: string, headers: Record<string, string>, payload?: unknown) {
  return server.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

async function upload(headers: Record<string, string>, name: string): Promise<string> {
  const slot = await inject('POST', '/api/uploads', headers, { name });
  expect(slot.statusCode).toBe(201);
  const { uploadUrl, id } = slot.json<{ uploadUrl: string; id: string }>();
  const put = await inject(
    'PUT',
    uploadUrl,
    { ...headers, 'content-type': 'application/octet-stream' },
    PDF,
  );
  expect(put.statusCode).toBe(200);
  return id;
}

/** Anna's sent message with one attachment: its id and the attachment's id. */
async function annasMessage(): Promise<{ id: string; anhang: string }> {
  const anhang = await upload(ANNA, 'kontoauszug.pdf');
  const sent = await inject(
    'POST',
    '/api/postfach/benutzer/nachrichten',
    { ...ANNA, 'idempotency-key': `anna-${anhang}` },
    { betreff: 'Kontoauszug', nachricht: 'Anbei der Auszug.', anhaenge: [anhang] },
  );
  expect(sent.statusCode).toBe(201);
  const body = sent.json<{ id: string; anhaenge: { id: string }[] }>();
  return { id: body.id, anhang: body.anhaenge[0]?.id ?? '' };
}

describe('another customer’s Postfach', () => {
  it('answers a foreign message exactly like a missing one, for reading, marking read and deleting', async () => {
    const { id } = await annasMessage();
    const calls: [Method, (messageId: string) => string][] = [
      ['GET', (m) => `/api/postfach/benutzer/nachrichten/${m}`],
      ['PUT', (m) => `/api/postfach/benutzer/nachrichten/${m}/gelesen`],
      ['DELETE', (m) => `/api/postfach/benutzer/nachrichten/${m}`],
    ];
    for (const [method, url] of calls) {
      const foreign = await inject(method, url(id), MUELLER);
      const missing = await inject(method, url(MISSING), MUELLER);
      expect(foreign.statusCode, `${method} ${url('…')}`).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      expect(foreign.json<{ message: string }>().message).toMatch(/Nachricht/);
    }
    // Anna still has it, with its text.
    const own = await inject('GET', `/api/postfach/benutzer/nachrichten/${id}`, ANNA);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ betreff: 'Kontoauszug', nachricht: 'Anbei der Auszug.' });
    const sent = (await inject('GET', '/api/postfach/benutzer/gesendet', MUELLER)).json<{
      nachrichten: { id: string }[];
    }>();
    expect(sent.nachrichten.map((m) => m.id)).not.toContain(id);
  });

  it('answers a foreign attachment like a missing one and serves it to its owner as a file', async () => {
    const { anhang } = await annasMessage();
    const foreign = await inject('GET', `/api/postfach/benutzer/anhaenge/${anhang}`, MUELLER);
    const missing = await inject('GET', `/api/postfach/benutzer/anhaenge/${MISSING}`, MUELLER);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const own = await inject('GET', `/api/postfach/benutzer/anhaenge/${anhang}`, ANNA);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('kontoauszug.pdf');
    expect(own.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses another customer’s upload as an attachment, in German, and sends nothing', async () => {
    const annasUpload = await upload(ANNA, 'fremd.pdf');
    const before = (await inject('GET', '/api/postfach/benutzer/gesendet', MUELLER)).json<{
      nachrichten: unknown[];
    }>().nachrichten.length;
    const response = await inject('POST', '/api/postfach/benutzer/nachrichten', MUELLER, {
      betreff: 'Mit fremdem Anhang',
      nachricht: 'Text',
      anhaenge: [annasUpload],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: [
        {
          path: '/body/anhaenge',
          message: 'Dieser Anhang wurde nicht vollständig hochgeladen.',
        },
      ],
    });
    const after = (await inject('GET', '/api/postfach/benutzer/gesendet', MUELLER)).json<{
      nachrichten: unknown[];
    }>().nachrichten.length;
    expect(after).toBe(before);
  });

  it('counts down the unread messages as the customer reads them', async () => {
    const headers = asCustomer('2000102');
    await inject('POST', '/api/postfach/benutzer/nachrichten', headers, {
      betreff: 'Frage',
      nachricht: 'Wann kommt die Rechnung?',
    });
    const { anzahl } = (await inject('GET', '/api/postfach/benutzer/ungelesen', headers)).json<{
      anzahl: number;
    }>();
    expect(anzahl).toBeGreaterThan(0);
    const inbox = (await inject('GET', '/api/postfach/benutzer/eingang', headers)).json<{
      nachrichten: { id: string; gelesen: boolean }[];
    }>();
    const unread = inbox.nachrichten.find((m) => !m.gelesen)?.id ?? '';
    const read = await inject(
      'PUT',
      `/api/postfach/benutzer/nachrichten/${unread}/gelesen`,
      headers,
    );
    expect(read.json()).toEqual({ gelesen: true, ungelesen: anzahl - 1 });
  });
});

describe('without a sign-in', () => {
  it('answers every Postfach, upload and customer-data call with 401 and a German message', async () => {
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/postfach/benutzer/eingang'],
      ['GET', '/api/postfach/benutzer/gesendet'],
      ['GET', '/api/postfach/benutzer/ungelesen'],
      ['GET', `/api/postfach/benutzer/nachrichten/${MISSING}`],
      ['PUT', `/api/postfach/benutzer/nachrichten/${MISSING}/gelesen`],
      ['DELETE', `/api/postfach/benutzer/nachrichten/${MISSING}`],
      ['GET', `/api/postfach/benutzer/anhaenge/${MISSING}`],
      ['POST', '/api/postfach/benutzer/nachrichten', { betreff: 'Hallo', nachricht: 'Text' }],
      ['POST', '/api/uploads', { name: 'a.pdf' }],
      ['GET', '/api/portal/kundendaten'],
      [
        'PUT',
        '/api/portal/kundendaten/kontaktdaten',
        { strasse: 'Weg', hausnummer: '1', plz: '20095', ort: 'Hamburg', kontaktkanal: 'CHAT' },
      ],
    ];
    for (const [method, url, payload] of calls) {
      const response = await inject(method, url, {}, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json<{ message: string }>().message).toBe('Bitte melden Sie sich an.');
    }
  });
});
