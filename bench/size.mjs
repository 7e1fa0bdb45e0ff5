// Size of a route: the real app built for production and served by the real server; every
// JavaScript response the page requests, gzipped here at level 9.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts apps/server as `npm start` does (after the build), on PGlite in a temp folder. */
export async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG: 'off', PGLITE_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  const fail = (message) => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    return new Error(message);
  };
  for (;;) {
    if (child.exitCode !== null) throw fail(`the server exited: ${stderr}`);
    try {
      if ((await fetch(`${url}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw fail('the server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Runs in the page before its own scripts: notes when the `waitFor` element is first visible.
const shownScript = (selector) => `(() => {
  const check = () => {
    const visible = [...document.querySelectorAll(${JSON.stringify(selector)})].some((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
    if (visible) window.__benchShownAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/**
 * Opens a route and returns every JavaScript file it loaded with raw and gzip-9 sizes (in a fresh
 * page of `context` when given, e.g. a signed-in one; the HTTP cache is off either way). Each file
 * says whether it was requested before the `waitFor` element showed (`beforeShown`; what loads
 * after the first input, like the flag SDK, is not needed to show the step); `shown` is false when
 * the element never showed.
 */
export async function routeScripts(browser, url, { waitFor, context, timeout = 15_000 }) {
  const page = await (context ?? browser).newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const isScript =
      response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type);
    if (!isScript || response.status() !== 200) return;
    // A script that arrives as the page closes (the flag SDK, loaded after the first input, on a
    // slow run) is left out rather than failing the bench.
    pending.push(
      response
        .body()
        .then((body) => ({
          file: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        }))
        .catch(() => undefined),
    );
  });
  const problems = [];
  page.on('pageerror', (error) => problems.push(String(error.message).split('\n')[0]));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text().split('\n')[0]));
  if (waitFor) await page.addInitScript(shownScript(waitFor));
  await page.goto(url, { waitUntil: 'networkidle' });
  // A page that does not render still reports what it loaded, with why it did not render.
  if (waitFor)
    await page
      .locator(waitFor)
      .first()
      .waitFor({ timeout })
      .catch(() => problems.unshift(`"${waitFor}" did not appear within ${timeout / 1000} s`));
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).filter((file) => file !== undefined);
  const timing = await page.evaluate(() => ({
    shownAt: window.__benchShownAt,
    starts: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
  }));
  const startOf = new Map();
  for (const [name, start] of timing.starts) {
    const path = new URL(name).pathname;
    if (!startOf.has(path) || start < startOf.get(path)) startOf.set(path, start);
  }
  const shown = timing.shownAt !== undefined;
  for (const f of files)
    f.beforeShown = !shown || !startOf.has(f.file) || startOf.get(f.file) <= timing.shownAt;
  const heading =
    (await page
      .locator('h1')
      .first()
      .textContent({ timeout: 2000 })
      .catch(() => null)) ?? '';
  await page.close();
  const unique = [...new Map(files.map((f) => [f.file, f])).values()].sort(
    (a, b) => b.gzip - a.gzip,
  );
  return { files: unique, heading: heading.trim(), problems, shown };
}
