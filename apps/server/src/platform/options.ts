import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LocalPorts } from './localPorts.ts';

/** Options of registerPlatformRoutes. */
export interface PlatformRouteOptions {
  /** The definitions folder (default ./definitions). */
  definitionsDir?: string;
  /** JSON file of flag values `{ "flag-key": true }`, read on every request (default env FLAGS_FILE). */
  flagsFile?: string;
  /** The environment's name (default env ENVIRONMENT, else localhost). */
  environment?: string;
  /** The ports a local server was started with (GET /api/platform/lokal answers them). */
  localPorts?: LocalPorts;
}

/** The options with their defaults filled in. */
export interface ResolvedPlatformOptions {
  definitionsDir: string;
  flagsFile: string | undefined;
  environment: string;
  imagesDir: string;
  localPorts: LocalPorts | undefined;
}

/** Fills in the defaults; the images come from apps/web/public/images beside the definitions. */
export function resolvePlatformOptions(options: PlatformRouteOptions): ResolvedPlatformOptions {
  const definitionsDir = resolve(options.definitionsDir ?? 'definitions');
  return {
    definitionsDir,
    flagsFile: options.flagsFile ?? (process.env['FLAGS_FILE'] || undefined),
    environment: options.environment ?? (process.env['ENVIRONMENT'] || 'localhost'),
    imagesDir: resolve(definitionsDir, '..', 'apps/web/public/images'),
    localPorts: options.localPorts,
  };
}

/** Reads and parses a JSON file. */
export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

type Texts = { [key: string]: string | Texts };

/** A German message of the `platform` group of the common bundle. */
export function platformText(definitionsDir: string, key: string): string {
  const common = readJson(join(definitionsDir, 'locales/de/common.json')) as Texts;
  const group = common['platform'];
  const value = typeof group === 'object' ? group[key] : undefined;
  return typeof value === 'string' ? value : key;
}
