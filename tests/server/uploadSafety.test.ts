import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeExtended, parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'uploads-safety-'));
const ANNA = asCustomer('2000101');

beforeAll(async () => {
  server = await startTestServer({ uploads: { dir, maxCount: 50 } });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(name: string) {
  const slot = await server.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: ANNA,
    payload: { name },
  });
  expect(slot.statusCode).toBe(201);
  return slot.json<{ id: string; name: string; uploadUrl: string }>();
}

async function put(bytes: Buffer | string, name = 'bild.png') {
  const { uploadUrl, id } = await open(name);
  const response = await server.app.inject({
    method: 'PUT',
    url: uploadUrl,
    headers: { ...ANNA, 'content-type': 'image/png' },
    payload: Buffer.from(bytes),
  });
  return { id, response };
}

describe('upload names', () => {
  it('keep no folder, no bidirectional override and no leading dots', async () => {
    expect((await open('../../etc/pass\u202Ewd.png')).name).toBe('passwd.png');
    expect((await open('..\\..\\Windows\\boot.ini')).name).toBe('boot.ini');
    expect((await open('  .htaccess ')).name).toBe('htaccess');
    expect((await open('../..')).name).toBe('Datei');
    expect((await open('Rechnung   März\t2025.pdf')).name).toBe('Rechnung März 2025.pdf');
  });

  it('are sent in an RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name', async () => {
    const { id } = await put('%PDF-1.7\n%%EOF\n', '../Übersicht "final"; März.pdf');
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/postfach/benutzer/nachrichten',
      headers: ANNA,
      payload: { betreff: 'Unterlagen', nachricht: 'Anbei.', anhaenge: [id] },
    });
    expect(sent.statusCode).toBe(201);
    const anhang = sent.json<{ anhaenge: { id: string; name: string }[] }>().anhaenge[0];
    expect(anhang?.name).toBe('Übersicht "final"; März.pdf');
    const download = await server.app.inject({
      method: 'GET',
      url: `/api/postfach/benutzer/anhaenge/${anhang?.id ?? ''}`,
      headers: ANNA,
    });
    const header = download.headers['content-disposition'] ?? '';
    expect(header).toBe(
      'attachment; filename="Ubersicht \\"final\\"; Marz.pdf"; filename*=UTF-8\'\'%C3%9Cbersicht%20%22final%22%3B%20M%C3%A4rz.pdf',
    );
    expect(/^[\x20-\x7e]*$/.test(String(header))).toBe(true);
    const parsed = parseDisposition(String(header));
    expect(parsed.type).toBe('attachment');
    expect(parsed.parameters['filename']).toBe('Übersicht "final"; März.pdf');
    expect(decodeExtended(parsed.parameters['filename*'] ?? '')).toBe(
      'Übersicht "final"; März.pdf',
    );
  });
});

describe('upload content', () => {
  it.each([
    [
      'an SVG named .png',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    ['an SVG behind an XML declaration', '<?xml version="1.0"?>\n<svg></svg>'],
    ['an HTML page', '<!DOCTYPE html><html><body>Hallo</body></html>'],
    ['an HTML fragment', '  <p onclick="x()">Hallo</p>'],
    [
      'a text holding a script tag',
      'Sehr geehrte Damen und Herren,\n<script src=//x.example></script>',
    ],
    ['a javascript: link in text', 'Bitte klicken: javascript:alert(1)'],
    ['a shell script', '#!/bin/sh\nrm -rf /\n'],
  ])('refuses %s with 415', async (_what, content) => {
    const { response } = await put(content);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'unsupported-type',
      message: 'Dieser Dateityp wird nicht unterstützt.',
    });
  });

  it('still takes plain text, with angle brackets in prose', async () => {
    const { response } = await put('Schaden vom 3. 5.: Wert < 500 €, Tür > Fenster.', 'notiz.png');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ contentType: 'text/plain' });
  });
});
