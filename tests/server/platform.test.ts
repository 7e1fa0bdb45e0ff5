import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlatformRoutes } from '../../apps/server/src/platform/index.ts';

const CLIENT = 'local-client-id';
const context = Buffer.from(JSON.stringify({ kind: 'user', key: 'abc12345' })).toString(
  'base64url',
);
let app: FastifyInstance;
let dir: string;
let flagsFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'platform-flags-'));
  flagsFile = join(dir, 'flags-local.json');
  app = Fastify();
  await registerPlatformRoutes(app, { flagsFile, environment: 'localhost' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the local flag endpoint', () => {
  it('answers the SDK GET with every flag in the evalx shape, at its default', async () => {
    rmSync(flagsFile, { force: true });
    const response = await app.inject(`/api/flags/sdk/evalx/${CLIENT}/contexts/${context}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      'use-contentful-preview': { value: false, version: 1, variation: 1, trackEvents: false },
      'enable-vehicle-insurance-claim-report': {
        value: false,
        version: 1,
        variation: 1,
        trackEvents: false,
      },
    });
  });

  it('answers the SDK REPORT with the same map', async () => {
    const response = await app.inject({
      method: 'REPORT',
      url: `/api/flags/sdk/evalx/${CLIENT}/context`,
      payload: { kind: 'user', key: 'abc12345' },
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json() as object)).toEqual([
      'use-contentful-preview',
      'enable-vehicle-insurance-claim-report',
    ]);
  });

  it('switches flags through the values file without a restart', async () => {
    writeFileSync(flagsFile, JSON.stringify({ 'enable-vehicle-insurance-claim-report': true }));
    const on = await app.inject(`/api/flags/sdk/evalx/${CLIENT}/contexts/${context}`);
    expect(on.json()).toMatchObject({
      'enable-vehicle-insurance-claim-report': { value: true, variation: 0 },
      'use-contentful-preview': { value: false },
    });
    writeFileSync(flagsFile, JSON.stringify({ 'enable-vehicle-insurance-claim-report': false }));
    const off = await app.inject(`/api/flags/sdk/evalx/${CLIENT}/contexts/${context}`);
    expect(off.json()).toMatchObject({ 'enable-vehicle-insurance-claim-report': { value: false } });
  });

  it('ignores unknown keys and non-boolean values of the values file', async () => {
    writeFileSync(
      flagsFile,
      JSON.stringify({ 'no-such-flag': true, 'use-contentful-preview': 'ja' }),
    );
    const response = await app.inject(`/api/flags/sdk/evalx/${CLIENT}/contexts/${context}`);
    expect(Object.keys(response.json() as object)).not.toContain('no-such-flag');
    expect(response.json()).toMatchObject({ 'use-contentful-preview': { value: false } });
  });

  it('answers an unknown client id with 404, as the flag service does', async () => {
    const response = await app.inject(`/api/flags/sdk/evalx/someone-else/contexts/${context}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not-found',
      message: 'Diese Umgebung des Flag-Dienstes gibt es nicht.',
    });
  });

  it('refuses a context that is not base64url JSON with a key', async () => {
    const response = await app.inject(`/api/flags/sdk/evalx/${CLIENT}/contexts/kein-kontext`);
    expect(response.statusCode).toBe(400);
  });

  it('accepts and drops analytics and diagnostic events', async () => {
    for (const kind of ['bulk', 'diagnostic']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/flags/events/${kind}/${CLIENT}`,
        payload: [{ kind: 'summary' }],
      });
      expect(response.statusCode).toBe(202);
    }
  });

  it('has no goals', async () => {
    const response = await app.inject(`/api/flags/sdk/goals/${CLIENT}`);
    expect(response.json()).toEqual([]);
  });
});

describe('translation bundles', () => {
  it('serves a namespace from the preview and the live route, without its $schema', async () => {
    for (const source of ['preview', 'live']) {
      const response = await app.inject(`/api/i18n/${source}/common`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-translation-source']).toBe(source);
      const bundle = response.json() as Record<string, unknown>;
      expect(bundle).not.toHaveProperty('$schema');
      expect(bundle).toMatchObject({
        app: { name: 'Ver\u00adsi\u00adche\u00adrungs\u00adpor\u00adtal' },
      });
    }
  });

  it('serves long words with soft hyphens, so that they break with a hyphen in any browser', async () => {
    const bundle = (await app.inject('/api/i18n/live/common')).json() as {
      products: Record<string, string>;
      site: { nav: Record<string, string> };
    };
    expect(bundle.products['TIERHALTER']).toBe(
      'Tier\u00adhal\u00adter\u00adhaft\u00adpflicht\u00adver\u00adsi\u00adche\u00adrung',
    );
    expect(bundle.site.nav['customerPortal']).toBe('Kundenportal');
  });

  it('sends a bundle brotli- or gzip-encoded as the browser accepts, plain otherwise', async () => {
    const plain = await app.inject('/api/i18n/preview/common');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('Accept-Encoding');
    const bundle = plain.json() as Record<string, unknown>;
    const br = await app.inject({
      url: '/api/i18n/preview/common',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(bundle);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await app.inject({
      url: '/api/i18n/live/common',
      headers: { 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(bundle);
  });

  it('caches live bundles but never preview ones', async () => {
    expect((await app.inject('/api/i18n/preview/common')).headers['cache-control']).toBe(
      'no-store',
    );
    expect((await app.inject('/api/i18n/live/common')).headers['cache-control']).toMatch(/max-age/);
  });

  it('answers the namespace translation with an empty object locally', async () => {
    const response = await app.inject('/api/i18n/preview/translation');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('answers an unknown namespace or source with a German 404', async () => {
    for (const url of [
      '/api/i18n/live/gibt-es-nicht',
      '/api/i18n/draft/common',
      '/api/i18n/live/..%2Fschema',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'not-found',
        message: 'Diese Texte gibt es nicht.',
      });
    }
  });

  it('answers translation outside localhost like any other missing namespace', async () => {
    const production = Fastify();
    await registerPlatformRoutes(production, { environment: 'production' });
    const response = await production.inject('/api/i18n/live/translation');
    expect(response.statusCode).toBe(404);
    await production.close();
  });
});

describe('images', () => {
  it('serves an image of apps/web/public/images with its type', async () => {
    const response = await app.inject('/images/schadenmeldung-start.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.body).toContain('<svg');
  });

  it('answers an absent rewritten image with a German 404 and fetches nothing', async () => {
    const response = await app.inject('/images/space/asset/token/foto.jpg?fm=webp&w=800&q=82');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not-found',
      message: 'Dieses Bild ist nicht vorhanden.',
    });
  });

  it('never serves a file outside the images folder', async () => {
    for (const url of ['/images/..%2F..%2F..%2Fpackage.json', '/images/%2e%2e/index.html']) {
      expect((await app.inject(url)).statusCode).toBe(404);
    }
  });
});

describe('registration', () => {
  it('throws "Environment not found" for an unrecognised environment', async () => {
    await expect(registerPlatformRoutes(Fastify(), { environment: 'staging' })).rejects.toThrow(
      'Environment not found',
    );
  });
});
