import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

// The claim apps' product: GET /api/schadenmeldung/produkt/<route> from
// definitions/claim-products.json, and the claim app's address of a route no claim product has is
// not found, in the API and as a page.
const html =
  '<!doctype html><html lang="de"><head><title>Versicherung</title></head><body></body></html>';
let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-root-'));
  writeFileSync(join(dir, 'index.html'), html);
  server = await startTestServer({ webRoot: dir });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/schadenmeldung/produkt/{route}', () => {
  it('answers the claim product of the route with its damage types in German and their police question', async () => {
    const response = await server.app.inject({ url: '/api/schadenmeldung/produkt/fahrrad' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      versicherung: 'FAHRRAD',
      route: 'fahrrad',
      schadenarten: [
        { key: 'FAHRRADDIEBSTAHL', label: 'Fahrraddiebstahl' },
        {
          key: 'FAHRRAD_BESCHAEDIGUNG',
          label: 'Das Fahrrad wurde bei einem Unfall oder Sturz beschädigt',
        },
        { key: 'FAHRRAD_VANDALISMUS', label: 'Das Fahrrad wurde mutwillig beschädigt' },
        { key: 'FAHRRAD_PANNE', label: 'Panne unterwegs (Schutzbrief)' },
      ],
      polizeiFuer: ['FAHRRADDIEBSTAHL', 'FAHRRAD_VANDALISMUS'],
      unterlagen: [],
    });
  });

  it('answers 404 in German for a route no claim product has', async () => {
    const response = await server.app.inject({ url: '/api/schadenmeldung/produkt/zz' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'not-found',
      message: 'Für diese Adresse gibt es keine Schadenmeldung.',
    });
  });
});

describe('the claim app of a made-up claim product', () => {
  it('is answered 404 with the app (which shows its not-found page); a real one 200', async () => {
    for (const path of ['/schaden-melden/zz/0', '/schaden-melden/zz/0/schadenart?token=abc']) {
      const missing = await server.app.inject({ url: path });
      expect(missing.statusCode, path).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^text\/html/);
      expect(missing.body).toBe(html);
    }
    const real = await server.app.inject({ url: '/schaden-melden/phv/0?token=abc' });
    expect(real.statusCode).toBe(200);
    expect(real.body).toBe(html);
  });

  it('leaves every other address of the app as it was', async () => {
    expect((await server.app.inject({ url: '/schaden-melden' })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/antrag/fahrrad' })).statusCode).toBe(200);
  });
});
