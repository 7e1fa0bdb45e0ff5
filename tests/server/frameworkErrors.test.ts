import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

// The answers the framework and Node's HTTP parser give before any route: they carry the same
// security headers and German texts as every other answer.

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
});

/** Sends raw bytes on a new connection and resolves with everything answered until it closes. */
async function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.end(bytes);
  });
}

/** The header lines of a raw answer, names in lower case. */
function headersOf(answer: string): Record<string, string> {
  const head = answer.split('\r\n\r\n')[0] ?? '';
  return Object.fromEntries(
    head
      .split('\r\n')
      .slice(1)
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
  );
}

const bodyOf = (answer: string): unknown => JSON.parse(answer.split('\r\n\r\n')[1] ?? 'null');

function expectSecurityHeaders(headers: Record<string, string | string[] | number | undefined>) {
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe("the framework's own answers", () => {
  it('a path with broken percent-encoding gets 400 in the usual shape, with the security headers', async () => {
    const answer = await server.app.inject({ url: '/api/vertrag/vertrag/%E0%A4%A' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'validation', fieldErrors: [{ path: '/url' }] });
    expectSecurityHeaders(answer.headers);
  });

  it('headers over the limit get 431 with a German message and the security headers, and the connection is closed', async () => {
    const answer = await raw(
      `GET /api/vertrag/vertrag/AS-10000101 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Fill: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expectSecurityHeaders(headersOf(answer));
    expect(headersOf(answer)['connection']).toBe('close');
    expect(bodyOf(answer)).toEqual({
      error: 'too-large',
      message: 'Die Anfrage hat zu viele oder zu lange Kopfzeilen.',
    });
  });

  it('a request Node cannot parse gets 400 with a German message and the security headers', async () => {
    const answer = await raw('GET /api/platform/lokal HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expectSecurityHeaders(headersOf(answer));
    expect(bodyOf(answer)).toEqual({
      error: 'validation',
      message: 'Die Anfrage ist ungültig.',
      fieldErrors: [],
    });
  });
});

describe('bodies over their limit', () => {
  it('a JSON body over 1 MiB gets 413 with its own message, not the upload text', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'a'.repeat(1024 * 1024) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({
      error: 'too-large',
      message: 'Die Anfrage ist zu groß. Bitte kürzen Sie Ihre Angaben.',
    });
  });

  it('a file over the upload limit keeps the upload text', async () => {
    const slot = await server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: asCustomer('2000101'),
      payload: { name: 'gross.pdf' },
    });
    const { uploadUrl } = slot.json<{ uploadUrl: string }>();
    const answer = await server.app.inject({
      method: 'PUT',
      url: uploadUrl,
      headers: { ...asCustomer('2000101'), 'content-type': 'application/pdf' },
      payload: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ error: 'too-large', message: 'Die Datei ist zu groß.' });
  });
});
