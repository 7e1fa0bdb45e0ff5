import type { FastifyServerOptions } from 'fastify';

/**
 * Reads the TRUST_PROXY setting: unset or `false` trusts no proxy (the socket's address is the
 * client), `true` trusts every hop (only when nothing but the proxy can reach the server), anything
 * else is a comma-separated list of the load balancers' addresses and CIDR ranges
 * (`10.0.0.0/8,127.0.0.1`): the client is then the last address in X-Forwarded-For that is not one
 * of them.
 */
export function trustProxyOf(value: string | undefined): FastifyServerOptions['trustProxy'] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
