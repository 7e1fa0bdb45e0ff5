import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A probe of the load balancer: never refused by load shedding (http/loadShedding.ts). */
    probe?: boolean;
  }
}

/** Where a server is in its life, as the readiness probe reports it. */
export interface Lifecycle {
  /** True from shutdown on (SIGTERM): the load balancer sends no new requests. */
  readonly draining: boolean;
  /** Reports not-ready from now on; requests still arriving are answered. */
  drain(): void;
}

/** A lifecycle that starts serving. */
export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain: () => {
      draining = true;
    },
  };
}

/** How long the readiness probe waits for the database. */
const DATABASE_TIMEOUT_MS = 1_000;

/** The liveness probe's path: 200 while the process serves at all. */
export const LIVE_PATH = '/livez';
/** The readiness probe's path: 200 only when requests may be sent here. */
export const READY_PATH = '/readyz';

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`SELECT 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The probes of a load balancer or orchestrator, never shed and never cached. GET /livez: 200
 * while the process answers at all (also while draining: restarting it would not help). GET
 * /readyz: 200 `{ ready: true }` once start-up is done (migrations, seed: the routes exist only
 * after them) and the database answers within a second; 503 `{ ready: false, reason }` with
 * `starting`, `draining` (after SIGTERM) or `database`. While draining, answers carry
 * `Connection: close`.
 */
export function installHealth(app: FastifyInstance, db: Db, lifecycle: Lifecycle): void {
  let started = false;
  app.addHook('onReady', async () => {
    started = true;
  });
  // While draining every answer closes its connection (also of requests already in flight), so
  // keep-alive clients reconnect to another process and the server's close is not held open.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
  const config = {
    probe: true,
    // Polled every few seconds by every balancer: not part of the request metrics.
    disableMetrics: true,
    // Route-level: under-pressure asks this instead of refusing (undefined lets it through).
    pressureHandler: () => undefined,
  };
  app.get(LIVE_PATH, { config }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ live: true }),
  );
  app.get(READY_PATH, { config }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = !started
      ? 'starting'
      : lifecycle.draining
        ? 'draining'
        : (await databaseAnswers(db))
          ? null
          : 'database';
    return reason ? reply.code(503).send({ ready: false, reason }) : reply.send({ ready: true });
  });
}
