import { createServer, type Server } from 'node:http';
import fastifyMetrics from 'fastify-metrics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Registry } from 'prom-client';
import { wasShed } from './loadShedding.ts';

/** A server's request metrics: one registry of its own (tests build several servers per process). */
export interface Metrics {
  registry: Registry;
  /** 503 answers of the load shedding, by method and route. */
  shed: Counter<'method' | 'route'>;
  /** 429 answers (throttles, per-client limits), by method and route. */
  throttled: Counter<'method' | 'route'>;
  /** The Prometheus text of the registry. */
  text(): Promise<string>;
}

/** Creates the registry and the counters; {@link installMetrics} fills them from a server. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const labelNames = ['method', 'route'] as const;
  const shed = new Counter({
    name: 'http_requests_shed_total',
    help: 'Requests answered 503 by the load shedding (refused before their route ran).',
    labelNames,
    registers: [registry],
  });
  const throttled = new Counter({
    name: 'http_requests_throttled_total',
    help: 'Requests answered 429 (a throttle or a per-client limit).',
    labelNames,
    registers: [registry],
  });
  return { registry, shed, throttled, text: () => registry.metrics() };
}

const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? '__unknown__';

/**
 * Request metrics through fastify-metrics (prom-client): the latency histogram
 * `http_request_duration_seconds` by method, route pattern and status (its `_count` is the request
 * rate), Node's process metrics, and the counts of shed (the load shedding's 503, not a database
 * outage's) and throttled (429) answers.
 * Nothing is served here: main.ts serves the text on its own port (METRICS_PORT).
 */
export async function installMetrics(app: FastifyInstance, metrics: Metrics): Promise<void> {
  await app.register(fastifyMetrics, {
    endpoint: null,
    defaultMetrics: { enabled: true, register: metrics.registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      overrides: {
        histogram: {
          registers: [metrics.registry],
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        },
        // Made by the plugin even when off: kept out of every registry.
        summary: { registers: [] },
      },
    },
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request) };
    if (reply.statusCode === 429) metrics.throttled.inc(labels);
    if (reply.statusCode === 503 && wasShed(request)) metrics.shed.inc(labels);
  });
}

/**
 * Serves the metrics on `port` of `host` (main.ts: METRICS_PORT, METRICS_HOST, default loopback):
 * a port of its own, which the load balancer does not forward, so the public never reads them.
 */
export async function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
