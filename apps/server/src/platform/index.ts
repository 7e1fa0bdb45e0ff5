import type { FastifyInstance } from 'fastify';
import { registerFlagRoutes } from './flagRoutes.ts';
import { registerImageRoutes } from './imageRoutes.ts';
import { resolvePlatformOptions, type PlatformRouteOptions } from './options.ts';
import { registerTranslationRoutes } from './translationRoutes.ts';
import { registerLocalPortsRoute } from './localPortsRoute.ts';
export { LOCAL_ENVIRONMENT_PATH } from './localPortsRoute.ts';

export type { PlatformRouteOptions } from './options.ts';
export { claimAppPortsOf, DEFAULT_PORT, localEnvironment, type LocalPorts } from './localPorts.ts';
export { FLAGS_PREFIX, evaluatedFlags, flagValues } from './flagRoutes.ts';
export type { EvaluatedFlag } from './flagRoutes.ts';
export { brandConfig, marketOf } from './brands.ts';

/**
 * The platform's routes of the reference backend: the local flag endpoint for the client-side SDK
 * (/api/flags), translation bundles (/api/i18n/{preview|live}/{namespace}), images (/images) and,
 * on localhost, the ports the server was started with (/api/platform/lokal).
 * An unknown environment throws "Environment not found".
 */
export async function registerPlatformRoutes(
  app: FastifyInstance,
  options: PlatformRouteOptions = {},
): Promise<void> {
  const resolved = resolvePlatformOptions(options);
  const known = ['localhost', 'development', 'accept', 'integration', 'production'];
  if (!known.includes(resolved.environment)) throw new Error('Environment not found');
  registerFlagRoutes(app, resolved);
  registerTranslationRoutes(app, resolved);
  registerImageRoutes(app, resolved);
  registerLocalPortsRoute(app, resolved);
}
