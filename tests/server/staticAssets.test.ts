import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../apps/web/precompress.ts';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

// A small stand-in for the vite build: a hashed script, a stylesheet, index.html, a tiny file.
const script = `export const texts = ${JSON.stringify(
  Array.from({ length: 200 }, (_, i) => `Feld ${i}: Bitte geben Sie einen Wert ein.`),
)};\n`;
const html =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Versicherung</title>' +
  '<script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>' +
  `${'<!-- Platzhalter für den Inhalt der Anwendung -->'.repeat(40)}</body></html>`;

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-root-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-XyZ789.js'), 'export const a = 1;\n');
  writeFileSync(
    join(dir, 'logo.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`,
  );
  precompressDirectory(dir);
  server = await startTestServer({ webRoot: dir, seed: false });
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web app', () => {
  it('sends brotli to a browser that accepts it, with the script type and a year of immutable caching', async () => {
    const response = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toContain('Accept-Encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends gzip where brotli is not accepted, and the plain file where nothing is', async () => {
    const gzip = await get('/assets/index-AbC123.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a file too small to gain from compression as it is', async () => {
    const response = await get('/assets/tiny-XyZ789.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export const a = 1;\n');
  });

  it('has index.html revalidated, compressed, at / and as the fallback of an app route', async () => {
    for (const url of ['/', '/antrag/fahrrad', '/kunden/vertraege/AS-1/tarifwechsel']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(html);
    }
    const plain = await get('/antrag/fahrrad');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('revalidates files outside /assets (not hashed), compressed where they are text', async () => {
    const response = await get('/logo.svg', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers 304 to a revalidation of an unchanged index.html', async () => {
    const first = await get('/', 'br');
    const again = await server.app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a missing hashed file with 404 in German instead of the app page', async () => {
    const response = await get('/assets/index-Old999.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not-found',
      message: 'Diese Adresse gibt es nicht.',
    });
  });

  it('keeps the strict CSP on compressed files and the page, the same as on the API', async () => {
    const api = await get('/api/unbekannt');
    const csp = api.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    for (const url of ['/', '/antrag/fahrrad', '/assets/index-AbC123.js']) {
      const response = await get(url, 'br');
      expect(response.headers['content-security-policy'], url).toBe(csp);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
