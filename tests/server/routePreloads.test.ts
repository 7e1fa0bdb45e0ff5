import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

// A stand-in for the web build: index.html with the entry and its preload, and what the build
// writes for the server (apps/web/routeModules.ts).
const html =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Versicherung</title>' +
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-S1.js"></head>' +
  '<body><div id="root"></div></body></html>';
const routeModules = {
  initial: ['assets/index-E1.js', 'assets/shared-S1.js'],
  flowRoute: ['assets/FlowRoute-F1.js', 'assets/shared-S1.js', 'assets/rjsf-R1.js'],
  flows: {
    fahrrad: ['assets/fahrrad-D1.js', 'assets/fahrrad-V1.js', 'assets/formats-B1.js'],
    bankverbindung: ['assets/bankverbindung-D2.js'],
  },
};

let dir: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-root-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, '.vite', 'route-modules.json'), JSON.stringify(routeModules));
  server = await startTestServer({
    webRoot: dir,
    seed: false,
    localPorts: { port: 4781, claimAppPorts: [4791, 4792] },
  });
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (url: string, host = 'localhost') => {
  const response = await server.app.inject({ url, headers: { host } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response;
};
const preloads = (body: string, rel: string): string[] =>
  [...body.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map(
    (match) => match[1] ?? '',
  );

describe('the HTML of a flow route', () => {
  it('names the route’s modules and the flow’s definition and validators, beside what the entry loads', async () => {
    const response = await page('/antrag/fahrrad');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(preloads(response.body, 'modulepreload')).toEqual([
      '/assets/shared-S1.js',
      '/assets/FlowRoute-F1.js',
      '/assets/rjsf-R1.js',
      '/assets/fahrrad-D1.js',
      '/assets/fahrrad-V1.js',
      '/assets/formats-B1.js',
    ]);
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-E1.js">');
  });

  it('names the answers the route awaits first: texts from the preview source on a local host (live elsewhere) and the local ports', async () => {
    expect(preloads((await page('/antrag/fahrrad/person')).body, 'preload')).toEqual([
      '/api/i18n/preview/common',
      '/api/i18n/preview/fahrrad',
      '/api/platform/lokal',
    ]);
    expect(
      preloads((await page('/antrag/fahrrad', 'www.andsafe.example')).body, 'preload'),
    ).toEqual(['/api/i18n/live/common', '/api/i18n/live/fahrrad', '/api/platform/lokal']);
  });

  it('fills route parameters of a self-service route and takes the variant routes of a flow', async () => {
    const bank = await page('/kunden/bankverbindung/AS-10000103');
    expect(preloads(bank.body, 'modulepreload')).toContain('/assets/bankverbindung-D2.js');
    const agent = await page('/vermittler/kunde/2000101/antrag/fahrrad');
    expect(preloads(agent.body, 'modulepreload')).toContain('/assets/fahrrad-D1.js');
  });

  it('leaves other pages as built, and does not serve what the build wrote for the server', async () => {
    for (const url of [
      '/',
      '/kunden/vertraege',
      '/antrag/fahrrad/person/zuviel',
      '/antrag/unbekannt',
    ]) {
      const response = await page(url);
      expect(response.body).toBe(html);
    }
    const modulesResponse = await server.app.inject({ url: '/.vite/route-modules.json' });
    expect(modulesResponse.body).not.toContain('FlowRoute');
  });
});
