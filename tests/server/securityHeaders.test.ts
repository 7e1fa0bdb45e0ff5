import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  installSecurityHeaders,
  securityHeaders,
} from '../../apps/server/src/http/securityHeaders.ts';

let local: FastifyInstance;
let production: FastifyInstance;
beforeAll(async () => {
  local = Fastify();
  installSecurityHeaders(local, securityHeaders({ environment: 'localhost' }));
  local.get('/', async () => 'ok');
  production = Fastify();
  installSecurityHeaders(production, securityHeaders({ environment: 'production' }));
  production.get('/', async () => 'ok');
});
afterAll(async () => {
  await local.close();
  await production.close();
});

describe('security headers', () => {
  it('send a CSP without unsafe-eval or inline scripts, with no plugins and no base', async () => {
    const csp = (await local.inject({ url: '/' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  it("allow embedding only by the environment's configured origins", async () => {
    const csp = (await production.inject({ url: '/' })).headers[
      'content-security-policy'
    ] as string;
    expect(csp).toMatch(/frame-ancestors 'self' https:\/\/www\.[a-z-]+\.example/);
    expect(csp).not.toContain('localhost');
  });

  it('send nosniff everywhere and HSTS only in production', async () => {
    const a = await local.inject({ url: '/' });
    const b = await production.inject({ url: '/' });
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.headers['strict-transport-security']).toBeUndefined();
    expect(b.headers['strict-transport-security']).toContain('max-age=');
  });
});
