import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  closeAfterAnswer,
  RETRY_AFTER_SECONDS,
  sendTooManyAtOnce,
  sendUnavailable,
} from './errors.ts';

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
   * API requests being worked on at once above which a new one is refused (default 64): the
   * samples above come every 500 ms, and a burst between two of them must not queue without bound
   * behind the one database connection of PGlite. A request counts once its body has arrived: one
   * still being sent costs no work, and slow senders must not fill the slots.
   */
  maxInFlight?: number;
  /**
   * API requests one client (its address, `X-Forwarded-For` under TRUST_PROXY) may have open at
   * once, bodies still arriving included (default 16, a quarter of `maxInFlight`); the next one
   * gets 429. A browser opens at most 6 connections to a host, so a page never meets it.
   */
  maxInFlightPerClient?: number;
  /**
   * How often the figures are sampled, ms (default 500: the short burst of work of a page load is
   * no overload; bursts between two samples meet `maxInFlight`).
   */
  sampleIntervalMs?: number;
}

/**
 * Whether a request is API work that may be shed. The HTML shell, scripts, styles, fonts and
 * images (files on disk or precompressed in memory) and the text bundles (in memory; without them
 * the app cannot even say that the service is away) are always served, so a page never goes blank.
 */
export function isSheddable(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/i18n/');
}

/**
 * The path a request was routed by (a route's pattern, so `/%61pi/…` counts as `/api/…`), or its
 * URL when no route took it.
 */
const routedPath = (request: FastifyRequest): string => request.routeOptions.url ?? request.url;

/** Counts a request until its answer is done (or the connection is gone), once. */
function holdUntilDone(reply: FastifyReply, release: () => void): void {
  let done = false;
  reply.raw.once('close', () => {
    if (done) return;
    done = true;
    release();
  });
}

/** The requests the load shedding refused (the metrics count them as shed). */
const shedRequests = new WeakSet<FastifyRequest>();

/** Whether the load shedding refused this request (not a database outage's 503). */
export const wasShed = (request: FastifyRequest): boolean => shedRequests.has(request);

/** Refuses a request of an overloaded server: 503 and `Retry-After`, the connection closed if its body is unread. */
function shed(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  shedRequests.add(request);
  closeAfterAnswer(request, reply);
  return sendUnavailable(reply);
}

/**
 * Load shedding of API work with @fastify/under-pressure: beyond capacity (event-loop delay or
 * utilisation, heap, resident memory, requests in flight) an API request is answered at once
 * with 503, `Retry-After` and the German message instead of joining a queue without bound, so the
 * requests still taken keep their latency and memory stays flat. One client with more than its
 * share of requests open gets 429. Static files and the HTML shell are never refused
 * ({@link isSheddable}).
 */
export async function installLoadShedding(
  app: FastifyInstance,
  options: LoadSheddingOptions = {},
): Promise<void> {
  const maxInFlight = options.maxInFlight ?? 64;
  const maxPerClient = options.maxInFlightPerClient ?? 16;
  let inFlight = 0;
  const perClient = new Map<string, number>();
  app.addHook('onRequest', async (request, reply) => {
    if (!isSheddable(routedPath(request))) return undefined;
    const client = request.ip;
    const held = perClient.get(client) ?? 0;
    if (held >= maxPerClient) return sendTooManyAtOnce(request, reply);
    perClient.set(client, held + 1);
    holdUntilDone(reply, () => {
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
    return undefined;
  });
  // After the body has arrived (preValidation follows the body's parsing).
  app.addHook('preValidation', async (request, reply) => {
    if (!isSheddable(routedPath(request))) return undefined;
    if (inFlight >= maxInFlight) return shed(request, reply);
    inFlight += 1;
    holdUntilDone(reply, () => {
      inFlight -= 1;
    });
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
    // Under pressure only API work is refused; the shell and static files go through.
    pressureHandler: async (request, reply) => {
      if (isSheddable(routedPath(request))) shed(request, reply);
    },
  });
}
