import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { EnvironmentConfig } from '../../../../generated/types/environment.ts';
import { localEnvironment, type LocalPorts } from '../platform/localPorts.ts';

/** What the headers depend on: the environment's allowed embedders and whether it is production. */
export interface SecurityHeaderOptions {
  environment?: string;
  root?: string;
  /**
   * The ports a local server was started with: on localhost the platform's own port joins the
   * allowed embedders (the demo parent runs there), whatever PORT says.
   */
  localPorts?: LocalPorts;
  /** Origins besides the app's own the browser may send requests to (an S3 bucket's uploads). */
  connectOrigins?: string[];
}

/**
 * The Content-Security-Policy of the platform: scripts only from the app's own origin (no
 * `unsafe-eval`, no inline scripts: validators are precompiled), no plugins, no <base>, and
 * embedding only by the environment's configured partner origins.
 */
export function contentSecurityPolicy(
  environment: EnvironmentConfig,
  options: { anyFrames?: boolean; connectOrigins?: string[] } = {},
): string {
  const embedders = environment.frameOrigins.join(' ');
  // Locally the demo parent (localhost) embeds the platform from 127.0.0.1: a second origin. The
  // demo parent stands in for a partner's page and may frame anything.
  const frames = options.anyFrames
    ? ' http: https:'
    : environment.id === 'localhost'
      ? ' http://127.0.0.1:* http://localhost:*'
      : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    ["connect-src 'self'", ...(options.connectOrigins ?? [])].join(' '),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-src 'self'${frames}`,
    `frame-ancestors 'self' ${embedders}`.trim(),
  ].join('; ');
}

/** The security headers of a response, by the request's URL. */
export type SecurityHeaders = (url: string) => Record<string, string>;

/**
 * The security headers of QUALITY.md for the environment: the CSP (the demo parent's for
 * /demo-parent/), nosniff, the referrer policy and, in production, HSTS.
 */
export function securityHeaders(options: SecurityHeaderOptions = {}): SecurityHeaders {
  const name = options.environment ?? process.env['ENVIRONMENT'] ?? 'localhost';
  const file = resolve(options.root ?? process.cwd(), `definitions/environments/${name}.json`);
  const configured = JSON.parse(readFileSync(file, 'utf8')) as EnvironmentConfig;
  const environment =
    configured.id === 'localhost' && options.localPorts
      ? { ...configured, ...localEnvironment(configured, options.localPorts) }
      : configured;
  const common = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(environment.id === 'production'
      ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
  const connectOrigins = options.connectOrigins ?? [];
  const app = {
    'Content-Security-Policy': contentSecurityPolicy(environment, { connectOrigins }),
    ...common,
  };
  const demoParent = {
    'Content-Security-Policy': contentSecurityPolicy(environment, {
      anyFrames: true,
      connectOrigins,
    }),
    ...common,
  };
  return (url) => (url.startsWith('/demo-parent/') ? demoParent : app);
}

/**
 * Adds the security headers to every response of the server that goes through Fastify's hooks
 * (the framework's own early errors take them from http/clientErrors.ts).
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  headers: SecurityHeaders = securityHeaders(),
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(headers(request.url));
    return payload;
  });
}
