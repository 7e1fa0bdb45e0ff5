import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './health.ts';

/** What a graceful shutdown closes, and how long it may take. */
export interface ShutdownOptions {
  /** The servers of this process (the platform and, locally, the claim apps). */
  servers: FastifyInstance[];
  lifecycle: Lifecycle;
  /** Closes what the servers shared (the database), after they closed. */
  closeShared: () => Promise<void>;
  /** How long to keep serving while the load balancer notices not-ready (ms, default 0). */
  drainDelayMs?: number;
  /** After this long the remaining connections are cut and the exit code is 1 (ms, default 10 s). */
  timeoutMs?: number;
  /** Called with the exit code (default process.exit). */
  exit?: (code: number) => void;
}

/**
 * Shuts the process down gracefully on SIGTERM (an orchestrator, a deploy) and SIGINT (a
 * terminal): the readiness probe reports not-ready at once; after `drainDelayMs` every server
 * stops accepting connections (Fastify's close: idle keep-alive connections are closed, a
 * request on a busy one gets 503 with `Connection: close`), the requests in flight are answered,
 * the settle sweep stops after its current contract (routes/settleHook.ts) and the shared
 * database closes; then exit 0. Past `timeoutMs` the remaining connections are cut: exit 1.
 */
export function shutdownOnSignals(options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const shutdown = async () => {
    if (started) return;
    started = true;
    options.lifecycle.drain();
    const timer = setTimeout(() => {
      for (const server of options.servers) server.server.closeAllConnections();
      exit(1);
    }, options.timeoutMs ?? 10_000);
    try {
      if (options.drainDelayMs)
        await new Promise((resolve) => setTimeout(resolve, options.drainDelayMs));
      await Promise.all(options.servers.map((server) => server.close()));
      await options.closeShared();
      clearTimeout(timer);
      exit(0);
    } catch {
      clearTimeout(timer);
      exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown());
}
