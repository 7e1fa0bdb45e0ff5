import type { EnvironmentConfig } from '../../../../generated/types/environment.ts';
import type { FlagCatalogue } from '../../../../generated/types/flags.ts';
import localhost from '../../../../definitions/environments/localhost.json';
import development from '../../../../definitions/environments/development.json';
import accept from '../../../../definitions/environments/accept.json';
import integration from '../../../../definitions/environments/integration.json';
import production from '../../../../definitions/environments/production.json';
import flagCatalogue from '../../../../definitions/flags.json';

const environments: Record<string, EnvironmentConfig> = {
  localhost: localhost as EnvironmentConfig,
  development: development as EnvironmentConfig,
  accept: accept as EnvironmentConfig,
  integration: integration as EnvironmentConfig,
  production: production as EnvironmentConfig,
};

/** The configuration of an environment; an unknown name throws "Environment not found". */
export function environmentConfig(name: string): EnvironmentConfig {
  // Own keys only: "toString" or "__proto__" are no environments.
  const config = Object.hasOwn(environments, name) ? environments[name] : undefined;
  if (!config) throw new Error('Environment not found');
  return config;
}

/** The environment this build runs in (VITE_ENVIRONMENT at build time; localhost by default). */
export const ENVIRONMENT: string = import.meta.env['VITE_ENVIRONMENT'] ?? 'localhost';

/** Every flag at its default value, until the flag service answers. */
export function defaultFlags(): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries((flagCatalogue as FlagCatalogue).flags).map(([name, flag]) => [
      name,
      flag?.default ?? false,
    ]),
  );
}

/**
 * The embedders allowed to frame this page: the environment's list, and on localhost also the
 * page's own port on localhost and 127.0.0.1 (the demo parent of a server on any PORT).
 */
export function frameOriginsOf(
  environment: Pick<EnvironmentConfig, 'id' | 'frameOrigins'>,
  location: Pick<Location, 'protocol' | 'port'>,
): string[] {
  if (environment.id !== 'localhost' || location.port === '') return environment.frameOrigins;
  const own = ['localhost', '127.0.0.1'].map(
    (host) => `${location.protocol}//${host}:${location.port}`,
  );
  return [...new Set([...environment.frameOrigins, ...own])];
}
