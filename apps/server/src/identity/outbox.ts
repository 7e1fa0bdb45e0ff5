import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPool, type IdentityConfig } from './config.ts';
import { canonicalUsername } from './errors.ts';
import { identityOutbox, type PoolName } from './schema.ts';
import { sendNoSuchAddress } from '../http/errors.ts';

/** One message of the outbox as the dev endpoint lists it. */
export interface OutboxMessage {
  pool: PoolName;
  username: string;
  channel: 'EMAIL' | 'SMS';
  destination: string;
  purpose: string;
  code: string;
  createdAt: string;
}

/** The newest 50 outbox messages, optionally of one user and pool (dev and tests only). */
export async function readOutbox(
  config: IdentityConfig,
  filter: { username?: string; pool?: PoolName },
): Promise<OutboxMessage[]> {
  const conditions: SQL[] = [];
  if (filter.username)
    conditions.push(eq(identityOutbox.username, canonicalUsername(filter.username)));
  if (filter.pool) conditions.push(eq(identityOutbox.pool, filter.pool));
  const rows = await config.db
    .select()
    .from(identityOutbox)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(identityOutbox.id))
    .limit(50);
  return rows.map((row) => ({
    pool: row.pool,
    username: row.username,
    channel: row.channel,
    destination: row.destination,
    purpose: row.purpose,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
  }));
}

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const LOOPBACK_NAME = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;
const FORWARDING = ['forwarded', 'via', 'x-real-ip', 'x-client-ip'];

/**
 * Whether a request comes from this machine straight to the server: the socket's own peer is a
 * loopback address (not `request.ip`, which a trusted proxy's X-Forwarded-For sets), no proxy
 * header is present (a reverse proxy on the same host would make every caller loopback), and the
 * Host names this machine (a web page whose host name points at 127.0.0.1 cannot read it).
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const v4 = peer.toLowerCase().startsWith('::ffff:') ? peer.slice(7) : peer;
  if (v4 !== '::1' && !LOOPBACK_V4.test(v4)) return false;
  const names = Object.keys(request.headers).map((name) => name.toLowerCase());
  if (names.some((name) => FORWARDING.includes(name) || name.startsWith('x-forwarded-')))
    return false;
  return LOOPBACK_NAME.test(request.headers.host ?? '');
}

/**
 * `GET /api/identity/dev/outbox?username=&pool=`: the messages "sent" (codes, resume links,
 * temporary passwords), for a developer on this machine. Registered only when the config turns it
 * on; any other caller gets the same 404 as an unknown address.
 */
export function registerDevOutbox(app: FastifyInstance, config: IdentityConfig): void {
  if (!config.devOutbox) return;
  app.get<{ Querystring: { username?: string; pool?: string } }>(
    '/api/identity/dev/outbox',
    async (request, reply) => {
      if (!isDirectLocalRequest(request)) return sendNoSuchAddress(reply);
      const pool = request.query.pool;
      return reply.header('cache-control', 'no-store').send(
        await readOutbox(config, {
          username: request.query.username,
          pool: pool !== undefined && isPool(pool) ? pool : undefined,
        }),
      );
    },
  );
}
