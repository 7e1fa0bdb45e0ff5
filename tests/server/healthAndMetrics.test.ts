import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../apps/server/src/app.ts';
import { createLifecycle, type Lifecycle } from '../../apps/server/src/http/health.ts';
import { createMetrics, serveMetrics, type Metrics } from '../../apps/server/src/http/metrics.ts';
import { openTestDatabase } from './helpers/testDatabase.ts';
import { freePort } from './helpers/serverProcess.ts';
import { startTestServer, type TestServer } from './helpers/testDatabase.ts';

// What a load balancer and an operator read: the probes (never shed, not ready while draining or
// without a database) and the request metrics in the Prometheus format.

let server: TestServer;
let lifecycle: Lifecycle;
let metrics: Metrics;
beforeAll(async () => {
  lifecycle = createLifecycle();
  metrics = createMetrics();
  server = await startTestServer({ lifecycle, metrics });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

/** The value of one sample line of the Prometheus text (0 when the series is not there yet). */
async function sample(of: Metrics, series: string): Promise<number> {
  const line = (await of.text()).split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('probes', () => {
  it('answers live and ready once started, and not-ready (still live) while draining', async () => {
    expect((await get('/livez')).statusCode).toBe(200);
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
    expect(ready.headers['cache-control']).toBe('no-store');
    lifecycle.drain();
    const draining = await get('/readyz');
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ ready: false, reason: 'draining' });
    expect((await get('/livez')).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer', async () => {
    const db = await openTestDatabase({ template: true });
    const app = await buildServer({ database: db.database, migrate: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await db.database.close();
      const gone = await app.inject({ method: 'GET', url: '/readyz' });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toEqual({ ready: false, reason: 'database' });
    } finally {
      await app.close();
      await db.cleanup();
    }
  });

  it('is never shed: at capacity the API answers 503, the probes 200, and the shed count moves', async () => {
    const full = createMetrics();
    // No request may be in flight: every API request is refused by the load shedding.
    const shedding = await startTestServer({ metrics: full, loadShedding: { maxInFlight: 0 } });
    try {
      const series = 'http_requests_shed_total{method="GET",route="/api/dokumente"}';
      expect(await sample(full, series)).toBe(0);
      const api = await shedding.app.inject({ method: 'GET', url: '/api/dokumente' });
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('5');
      expect((await shedding.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await shedding.app.inject({ method: 'GET', url: '/livez' })).statusCode).toBe(200);
      expect(await sample(full, series)).toBe(1);
    } finally {
      await shedding.close();
    }
  });
});

describe('request metrics', () => {
  it('count requests by route and status with their latency, and the throttled answers', async () => {
    const route = 'method="POST",route="/api/feedback"';
    const created = `http_request_duration_seconds_count{${route},status_code="201"}`;
    const throttled = `http_requests_throttled_total{${route}}`;
    expect(await sample(metrics, created)).toBe(0);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push(
        (
          await server.app.inject({
            method: 'POST',
            url: '/api/feedback',
            payload: { marke: 'andsafe', quelle: 'app', bewertung: 5 },
            remoteAddress: '10.7.7.7',
          })
        ).statusCode,
      );
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(await sample(metrics, created)).toBe(20);
    expect(
      await sample(metrics, `http_request_duration_seconds_count{${route},status_code="429"}`),
    ).toBe(1);
    expect(await sample(metrics, throttled)).toBe(1);
    // The latency histogram has its buckets; a 503 after the route ran (an outage) is no shed.
    const text = await metrics.text();
    expect(text).toContain(
      `http_request_duration_seconds_bucket{le="0.05",${route},status_code="201"}`,
    );
    expect(text).not.toContain('route="/readyz"');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('are served on a port of their own, not by the platform', async () => {
    // The platform's port has no such route (with a built web app the path is the app's page).
    expect((await get('/metrics')).body).not.toContain('http_requests_throttled_total');
    const port = await freePort();
    const listener = await serveMetrics(metrics, port, '127.0.0.1');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      expect(await response.text()).toContain('http_requests_throttled_total');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      listener.close();
    }
  });
});
