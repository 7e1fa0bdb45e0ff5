import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS, sendUnavailable } from './errors.ts';

/** When the server counts as over its capacity (any one limit is enough). */
export interface LoadSheddingOptions {
  /** Mean event-loop delay of a sample in ms above which requests are refused (default 200). */
  maxEventLoopDelayMs?: number;
  /** Event-loop utilisation (0-1) of the last sample interval above which requests are refused (default 0.98). */
  maxEventLoopUtilization?: number;
  /** V8 heap in use, bytes (default 1 GiB). */
  maxHeapUsedBytes?: number;
  /** Resident memory, bytes (default 2 GiB: PGlite's memory counts here). */
  maxRssBytes?: number;
  /**
   * Requests being answered at once above which a new one is refused (default 64): the samples
   * above come every 500 ms, and a burst between two of them must not queue without bound behind
   * the one database connection of PGlite.
   */
  maxInFlight?: number;
  /**
   * How often the figures are sampled, ms (default 500: the short burst of work of a page load is
   * no overload; bursts between two samples meet `maxInFlight`).
   */
  sampleIntervalMs?: number;
}

/**
 * Load shedding with @fastify/under-pressure: beyond capacity (event-loop delay or utilisation,
 * heap, resident memory) every request is answered at once with 503 and `Retry-After` (the error
 * handler turns under-pressure's `FST_UNDER_PRESSURE` into the German body) instead of joining a queue without bound, so the requests
 * still taken keep their latency and memory stays flat.
 */
export async function installLoadShedding(
  app: FastifyInstance,
  options: LoadSheddingOptions = {},
): Promise<void> {
  const maxInFlight = options.maxInFlight ?? 64;
  let inFlight = 0;
  const finished = new WeakSet<object>();
  app.addHook('onRequest', async (request, reply) => {
    // The load balancer's probes (http/health.ts) are never refused.
    if (request.routeOptions.config.probe === true) return undefined;
    if (inFlight >= maxInFlight) return sendUnavailable(reply);
    inFlight += 1;
    const done = () => {
      if (finished.has(request)) return;
      finished.add(request);
      inFlight -= 1;
    };
    reply.raw.once('close', done);
    return undefined;
  });
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs ?? 200,
    maxEventLoopUtilization: options.maxEventLoopUtilization ?? 0.98,
    // Per sample interval: the default measures from the start, which never comes near a limit.
    eventLoopUtilizationMode: 'interval',
    maxHeapUsedBytes: options.maxHeapUsedBytes ?? 1024 ** 3,
    maxRssBytes: options.maxRssBytes ?? 2 * 1024 ** 3,
    sampleInterval: options.sampleIntervalMs ?? 500,
    retryAfter: RETRY_AFTER_SECONDS,
  });
}
