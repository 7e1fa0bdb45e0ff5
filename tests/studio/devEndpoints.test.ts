import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownOrigins, studioEndpoints } from '../../apps/studio/devEndpoints.ts';

// The studio's save endpoint in a real Vite dev server on loopback, over a copy of a repository
// with one flow definition: only the studio's own page may write it.

const FILE = 'definitions/applications/probe.json';
let root: string;
let server: ViteDevServer;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'studio-save-'));
  mkdirSync(join(root, 'definitions/applications'), { recursive: true });
  writeFileSync(join(root, FILE), '{"id":"probe"}\n');
  server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [studioEndpoints(root)],
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** POSTs a save with the given Origin (none when undefined): status and the file afterwards. */
async function save(origin: string | undefined, text: string) {
  const body = JSON.stringify({ path: FILE, text });
  const status = await new Promise<number>((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/__studio/save',
        headers: {
          'content-type': 'application/json',
          ...(origin === undefined ? {} : { origin }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
  return { status, file: readFileSync(join(root, FILE), 'utf8') };
}

describe('the studio save endpoint', () => {
  it('refuses a cross-site POST and one without Origin with 403 and writes nothing', async () => {
    expect(await save('https://angreifer.example', '{"id":"fremd"}')).toEqual({
      status: 403,
      file: '{"id":"probe"}\n',
    });
    expect(await save(`http://127.0.0.1:${port + 1}`, '{"id":"fremd"}')).toEqual({
      status: 403,
      file: '{"id":"probe"}\n',
    });
    expect(await save(undefined, '{"id":"fremd"}')).toEqual({
      status: 403,
      file: '{"id":"probe"}\n',
    });
    expect(await save('null', '{"id":"fremd"}')).toEqual({ status: 403, file: '{"id":"probe"}\n' });
  });

  it("saves from the dev server's own origin, under any loopback name", async () => {
    expect(await save(`http://127.0.0.1:${port}`, '{"id":"eins"}')).toEqual({
      status: 200,
      file: '{"id":"eins"}',
    });
    expect(await save(`http://localhost:${port}`, '{"id":"zwei"}')).toEqual({
      status: 200,
      file: '{"id":"zwei"}',
    });
  });

  it('takes the origins exactly: no prefix, suffix or other scheme', () => {
    const origins = ownOrigins(['http://localhost:4754/']);
    expect(origins.has('http://localhost:4754')).toBe(true);
    expect(origins.has('http://127.0.0.1:4754')).toBe(true);
    expect(origins.has('http://localhost:4754.angreifer.example')).toBe(false);
    expect(origins.has('https://localhost:4754')).toBe(false);
    expect(origins.has('http://localhost')).toBe(false);
  });
});
