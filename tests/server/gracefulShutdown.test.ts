import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antworten } from './helpers/applications.ts';
import { startServerProcess, urlWithSchema, type ServerProcess } from './helpers/serverProcess.ts';
import {
  DATABASE_URL,
  openTestDatabase,
  TODAY,
  type TestDatabase,
} from './helpers/testDatabase.ts';

// SIGTERM as an orchestrator sends it: the request in flight is answered, no new connection is
// taken, the process exits 0. One process (main.ts) on PGlite, or on PostgreSQL in a schema of
// its own; everything on loopback, bounded in time.

let db: TestDatabase;
let dataDir: string;
let server: ServerProcess;
beforeAll(async () => {
  db = await openTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
  server = await startServerProcess({
    DATABASE_URL: DATABASE_URL
      ? urlWithSchema(DATABASE_URL, db.reopenOptions.searchPath ?? '')
      : '',
    PGLITE_DIR: dataDir,
    SEED: 'off',
    SERVER_TODAY: TODAY,
  });
}, 120_000);
afterAll(async () => {
  await server.stop();
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const portOf = (base: string) => Number(new URL(base).port);

/** Opens a connection; resolves with it, or with the error code when it is refused. */
const open = (port: number) =>
  new Promise<Socket | string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

const write = (socket: Socket, data: string) =>
  new Promise<void>((resolve, reject) =>
    socket.write(data, (error) => (error ? reject(error) : resolve())),
  );

/** Everything the server sends on `socket` until it closes the connection. */
const answerOf = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    socket.once('close', () => resolve(text));
  });

describe('SIGTERM', () => {
  it('answers the request in flight, refuses new connections, and exits 0', async () => {
    const port = portOf(server.base);
    const body = JSON.stringify({ variante: 'customer', antworten });
    const socket = await open(port);
    if (typeof socket === 'string') throw new Error(`no connection: ${socket}`);
    const answer = answerOf(socket);
    // The headers and half of the body: the request is running, waiting for the rest.
    const half = Math.floor(body.length / 2);
    await write(
      socket,
      'POST /api/antrag/fahrrad/beitrag HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
        body.slice(0, half),
    );
    // An answer on a second connection, opened after those bytes were on loopback, means the
    // server has read them (one event loop, in order).
    expect((await fetch(`${server.base}/livez`)).status).toBe(200);

    const signalled = performance.now();
    server.signal('SIGTERM');
    // New connections are refused from now on (at most a moment after the signal).
    let refused = '';
    for (let attempt = 0; attempt < 100 && refused === ''; attempt += 1) {
      const probe = await open(port);
      if (typeof probe === 'string') refused = probe;
      else {
        probe.destroy();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(refused).toBe('ECONNREFUSED');
    // The rest of the body: the request in flight gets its real answer, then the server closes
    // the connection.
    await write(socket, body.slice(half));
    const text = await answer;
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toContain('"jahresbeitrag":75.6');
    expect(await server.exited).toBe(0);
    const seconds = (performance.now() - signalled) / 1000;
    process.stdout.write(`SIGTERM to exit with a request in flight: ${seconds.toFixed(2)} s\n`);
    expect(seconds).toBeLessThan(10);
  });
});
