import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start`'s server as a process of its own, with load shedding on as the README runs it: the
// requests sent the moment it prints "Plattform läuft" get their real answers. Before, the first
// load-shedding sample still saw the start's busy event loop and answered them 503 for about a
// second.

const dataDir = mkdtempSync(join(tmpdir(), 'pglite-banner-'));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe('the start banner', () => {
  it('is printed only when requests get their real answers', async () => {
    const port = await freePort();
    // Load shedding on, as `npm start` has it (the test runner's environment may turn it off),
    // on a PGlite of its own also in the PostgreSQL run (the banner does not depend on it).
    const env = { ...process.env };
    delete env['LOAD_SHEDDING'];
    delete env['DATABASE_URL'];
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: {
        ...env,
        PORT: String(port),
        CLAIM_APP_PORTS: '',
        LOG: 'off',
        PGLITE_DIR: dataDir,
        SEED: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Plattform läuft')) resolve();
      };
      child?.stdout?.on('data', onData);
      child?.stderr?.on('data', onData);
      child?.once('exit', (code) => reject(new Error(`exited (${String(code)}):\n${output}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const statuses = await Promise.all(
      ['/api/benutzer/pool', '/api/vermittler/pool', '/api/benutzer/pool'].map(
        async (path) => (await fetch(`${base}${path}`)).status,
      ),
    );
    expect(statuses).toEqual([200, 200, 200]);
  }, 90_000);
});
