import type { EnvironmentConfig } from '../../../../generated/types/environment.ts';

/** The platform's port when PORT is not set. */
export const DEFAULT_PORT = 4600;

/**
 * The claim apps' ports when CLAIM_APP_PORTS is not set: private liability on 4610, household on
 * 4620, as the localhost environment (definitions/environments/localhost.json) names them.
 */
export const DEFAULT_CLAIM_APP_PORTS: readonly number[] = [4610, 4620];

/** The ports a local server was started with. */
export interface LocalPorts {
  /** The platform's port (PORT). */
  port: number;
  /** The claim apps' ports (CLAIM_APP_PORTS), in the order of {@link DEFAULT_CLAIM_APP_PORTS}. */
  claimAppPorts: readonly number[];
}

/** Reads CLAIM_APP_PORTS ("4611,4621"); unset means the defaults, "" none. */
export function claimAppPortsOf(value: string | undefined): number[] {
  if (value === undefined) return [...DEFAULT_CLAIM_APP_PORTS];
  return value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((port) => Number.isInteger(port) && port > 0 && port < 65_536);
}

/** A URL of the environment with a default claim-app port moved to the port started with. */
function movedUrl(url: string, ports: LocalPorts): string {
  const parsed = new URL(url);
  const index = DEFAULT_CLAIM_APP_PORTS.indexOf(Number(parsed.port));
  const port = index >= 0 ? ports.claimAppPorts[index] : undefined;
  if (port === undefined) return url;
  parsed.port = String(port);
  return parsed.toString();
}

/**
 * What of the localhost environment depends on the ports the server was started with: the claim
 * apps the claim entry forwards to (their default ports moved to CLAIM_APP_PORTS), and the
 * embedders allowed to frame the platform (the configured ones plus the platform's own port on
 * localhost and 127.0.0.1, where the demo parent runs).
 */
export function localEnvironment(
  environment: Pick<EnvironmentConfig, 'claimApps' | 'frameOrigins'>,
  ports: LocalPorts,
): Pick<EnvironmentConfig, 'claimApps' | 'frameOrigins'> {
  const claimApps = Object.fromEntries(
    Object.entries(environment.claimApps).map(([brand, apps]) => [
      brand,
      Object.fromEntries(
        Object.entries(apps ?? {}).map(([product, url]) => [
          product,
          typeof url === 'string' ? movedUrl(url, ports) : url,
        ]),
      ),
    ]),
  ) as EnvironmentConfig['claimApps'];
  const own = [`http://localhost:${ports.port}`, `http://127.0.0.1:${ports.port}`];
  const frameOrigins = [...new Set([...environment.frameOrigins, ...own])];
  return { claimApps, frameOrigins };
}
