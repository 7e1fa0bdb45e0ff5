import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../apps/web/precompress.ts';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const read = () =>
  server?.app.inject({
    method: 'GET',
    url: '/api/vertrag/vertrag/AS-10000101',
    headers: asCustomer('2000101'),
  });

const UNAVAILABLE = {
  error: 'unavailable',
  message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
};

/** Reads until the server serves again (the lag of the start or of a test has passed). */
async function served(): Promise<number> {
  let status = 0;
  for (let i = 0; i < 150 && status !== 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = (await read())?.statusCode ?? 0;
  }
  return status;
}

/** Keeps the event loop busy, as a flood of requests would. */
function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

describe('load shedding (@fastify/under-pressure)', () => {
  it('answers 503 with Retry-After and the German message while the event loop lags, then serves again', async () => {
    server = await startTestServer({
      loadShedding: { maxEventLoopDelayMs: 50, maxEventLoopUtilization: 1, sampleIntervalMs: 50 },
    });
    // Serving once the start's own busy stretch (loading the database) is over.
    await expect.poll(served, { timeout: 10_000 }).toBe(200);
    // A lasting lag, as under a flood of requests: busy stretches with short breaks.
    let shed: Awaited<ReturnType<typeof read>>;
    for (let i = 0; i < 30 && shed?.statusCode !== 503; i++) {
      block(120);
      await new Promise((resolve) => setTimeout(resolve, 1));
      shed = await read();
    }
    expect(shed?.statusCode).toBe(503);
    expect(shed?.headers['retry-after']).toBe('5');
    expect(shed?.json()).toEqual(UNAVAILABLE);
    await expect.poll(served, { timeout: 10_000 }).toBe(200);
  });

  it('answers 503 when memory is over its limit', async () => {
    server = await startTestServer({ loadShedding: { maxHeapUsedBytes: 1, sampleIntervalMs: 50 } });
    await new Promise((resolve) => setTimeout(resolve, 120));
    const shed = await read();
    expect(shed?.statusCode).toBe(503);
    expect(shed?.headers['retry-after']).toBe('5');
    expect(shed?.json()).toEqual(UNAVAILABLE);
  });

  it('refuses what goes beyond the requests in flight at once, and takes the next after them', async () => {
    server = await startTestServer({
      loadShedding: { maxInFlight: 2, maxEventLoopUtilization: 1 },
    });
    expect(await served()).toBe(200);
    // The claims list (no cache): each one waits for the database, so all four are in flight.
    const claims = () =>
      server?.app.inject({
        method: 'GET',
        url: '/api/portal/schaeden',
        headers: asCustomer('2000101'),
      });
    const answers = await Promise.all([claims(), claims(), claims(), claims()]);
    const statuses = answers.map((answer) => answer?.statusCode).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    expect((await read())?.statusCode).toBe(200);
  });
});

describe('what is never shed', () => {
  // A stand-in for the build: the HTML shell, the entry script, a stylesheet and a font.
  let webRoot: string;
  beforeAll(() => {
    webRoot = mkdtempSync(join(tmpdir(), 'shed-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html lang="de"><head><script type="module" src="/assets/index-Ab1.js">' +
        '</script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(webRoot, 'assets', 'index-Ab1.js'), 'export const a = 1;\n');
    writeFileSync(join(webRoot, 'assets', 'index-Cd2.css'), 'body { margin: 0; }\n');
    writeFileSync(join(webRoot, 'assets', 'inter-latin-400-Ef3.woff2'), 'wOF2');
    precompressDirectory(webRoot);
  });
  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  const shell = ['/', '/index.html', '/kunden/vertraege', '/assets/index-Ab1.js'];
  const moreShell = ['/assets/index-Cd2.css', '/assets/inter-latin-400-Ef3.woff2'];

  async function statuses(urls: string[]): Promise<number[]> {
    const answers = await Promise.all(urls.map((url) => server?.app.inject({ url })));
    return answers.map((answer) => answer?.statusCode ?? 0);
  }

  it('the HTML shell, scripts, styles, fonts and texts answer 200 under pressure, the API 503', async () => {
    server = await startTestServer({
      webRoot,
      loadShedding: { maxHeapUsedBytes: 1, sampleIntervalMs: 50 },
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await read())?.statusCode).toBe(503);
    expect(await statuses([...shell, ...moreShell, '/api/i18n/live/common'])).toEqual(
      Array.from({ length: shell.length + moreShell.length + 1 }, () => 200),
    );
  });

  it('and answer 200 when the requests in flight are at their limit, the API 503', async () => {
    server = await startTestServer({
      webRoot,
      loadShedding: { maxInFlight: 0, maxEventLoopUtilization: 1 },
    });
    const api = await read();
    expect(api?.statusCode).toBe(503);
    expect(api?.json()).toEqual(UNAVAILABLE);
    expect(await statuses([...shell, ...moreShell])).toEqual(
      Array.from({ length: shell.length + moreShell.length }, () => 200),
    );
  });
});
