import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCustomer, startTestServer, type TestServer } from './helpers/testDatabase.ts';

// Slow clients against a real listening server on loopback: raw sockets that send their headers
// and then a body byte by byte. Each client has its own loopback address (all of 127.0.0.0/8 is
// this machine), so the per-client cap sees them as the different clients they stand for.

let server: TestServer;
let port: number;

beforeAll(async () => {
  // The in-flight caps as `npm start` has them; the event-loop and memory limits out of the way
  // (a busy test machine, and the test runner's threads sharing one process's memory), so they
  // do not shed the normal reads this test is about.
  server = await startTestServer({
    loadShedding: {
      maxEventLoopDelayMs: 60_000,
      maxEventLoopUtilization: 1,
      maxHeapUsedBytes: 64 * 1024 ** 3,
      maxRssBytes: 64 * 1024 ** 3,
    },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
  // The first sample after the start's busy stretch (opening the database) still sheds.
  for (let i = 0; i < 100 && (await normalRead('127.0.0.3')).status !== 200; i++) await settle(50);
});
afterAll(async () => {
  await server.close();
});

/** A connection sending a 1,000-byte JSON body one byte a second, and what it was answered. */
interface SlowClient {
  /** Everything the server wrote back. */
  answer: () => string;
  /** Resolves with the ms from the start until the server closed the connection. */
  closed: Promise<number>;
  isOpen: () => boolean;
}

function slowBody(localAddress: string): SlowClient {
  const started = performance.now();
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  let answer = '';
  let open = true;
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('utf8');
  });
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000\r\n\r\n{',
  );
  const drip = setInterval(() => socket.write(' '), 1000);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      open = false;
      clearInterval(drip);
      resolve(performance.now() - started);
    }),
  );
  return { answer: () => answer, closed, isOpen: () => open };
}

/** A normal signed-in read from its own address: status and ms. */
async function normalRead(localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/vertrag/vertrag/AS-10000101',
        localAddress,
        agent: false,
        headers: asCustomer('2000101'),
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

const statusOf = (answer: string): string => /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'none';
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow request bodies', () => {
  it.concurrent(
    'from 70 clients: another client is answered 200 while they are open, and each is cut off with 408 within seconds',
    async () => {
      const clients = Array.from({ length: 70 }, (_, i) => slowBody(`127.0.1.${i + 1}`));
      await settle(1000);
      const read = await normalRead('127.0.0.3');
      expect(read.status).toBe(200);
      expect(clients.every((client) => client.isOpen())).toBe(true);

      const closedAfter = await Promise.all(clients.map((client) => client.closed));
      // Cut off once 10 s have passed without a body's worth of bytes (1 KiB/s), not 130 s later.
      expect(Math.max(...closedAfter)).toBeLessThan(15_000);
      const answers = clients.map((client) => client.answer());
      expect(answers.map(statusOf)).toEqual(answers.map(() => '408'));
      expect(answers[0]).toContain('"error":"timeout"');
      expect(answers[0]).toContain('nicht rechtzeitig vollständig bei uns angekommen');
      expect(answers[0]?.toLowerCase()).toContain('content-security-policy:');
    },
    30_000,
  );

  it.concurrent(
    'from one client: beyond its 16 it gets 429 at once, another client is answered 200, and every connection is closed within seconds',
    async () => {
      const clients = Array.from({ length: 70 }, () => slowBody('127.0.0.2'));
      await settle(1000);
      const refused = clients.filter((client) => statusOf(client.answer()) === '429');
      expect(refused).toHaveLength(54);
      expect(refused[0]?.answer()).toMatch(/retry-after: 1/i);
      expect(refused[0]?.answer()).toContain('zu viele Anfragen gleichzeitig');
      const read = await normalRead('127.0.0.3');
      expect(read.status).toBe(200);
      expect(clients.filter((client) => client.isOpen())).toHaveLength(16);

      const closedAfter = await Promise.all(clients.map((client) => client.closed));
      expect(Math.max(...closedAfter)).toBeLessThan(15_000);
    },
    30_000,
  );

  it.concurrent(
    'a body that keeps coming at 4 KiB/s for 12 s is read to its end and answered by its route',
    async () => {
      const value = 'a'.repeat(10_000);
      const body = Buffer.from(
        JSON.stringify({ a: value, b: value, c: value, d: value, e: value }),
      );
      const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.4' });
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
      });
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(
        'POST /api/feedback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      const started = performance.now();
      for (let sent = 0; sent < body.length; sent += 1024) {
        socket.write(body.subarray(sent, sent + 1024));
        await settle(250);
      }
      await closed;
      expect(performance.now() - started).toBeGreaterThan(12_000);
      // The route's own check of the whole body (five unknown fields), not a timeout.
      expect(statusOf(answer)).toBe('400');
      expect(answer).toContain('"path":"/body/e"');
    },
    30_000,
  );
});
