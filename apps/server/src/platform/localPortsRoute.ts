import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { EnvironmentConfig } from '../../../../generated/types/environment.ts';
import { localEnvironment } from './localPorts.ts';
import { readJson, type ResolvedPlatformOptions } from './options.ts';

/** Where the local environment's ports are answered. */
export const LOCAL_ENVIRONMENT_PATH = '/api/platform/lokal';

/**
 * `GET /api/platform/lokal`: in the localhost environment of a server started with known ports,
 * the claim apps the claim entry forwards to and the embedders allowed to frame the platform, as
 * the ports make them (`{ claimApps, frameOrigins }`). Elsewhere the route does not exist.
 */
export function registerLocalPortsRoute(
  app: FastifyInstance,
  options: ResolvedPlatformOptions,
): void {
  const ports = options.localPorts;
  if (options.environment !== 'localhost' || !ports) return;
  const environment = readJson(
    join(options.definitionsDir, 'environments/localhost.json'),
  ) as EnvironmentConfig;
  const answer = localEnvironment(environment, ports);
  app.get(LOCAL_ENVIRONMENT_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(answer),
  );
}
