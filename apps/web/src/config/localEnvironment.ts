import type { EnvironmentConfig } from '../../../../generated/types/environment.ts';
import { http } from '../http/index.ts';
import { ENVIRONMENT } from './environment.ts';

/** What of the localhost environment follows the ports the server was started with. */
export type LocalEnvironment = Pick<EnvironmentConfig, 'claimApps' | 'frameOrigins'>;

let answer: Promise<LocalEnvironment | null> | undefined;

/**
 * On localhost, the claim apps and embedders as the running server's ports make them (GET
 * /api/platform/lokal, asked once per page); null in every other environment or when the server
 * does not know its ports. The built-in configuration then applies unchanged.
 */
export function loadLocalEnvironment(): Promise<LocalEnvironment | null> {
  if (ENVIRONMENT !== 'localhost') return Promise.resolve(null);
  answer ??= http
    .send({ method: 'GET', url: '/api/platform/lokal', auth: 'none' })
    .then((result) => (result.ok && !result.canceled ? (result.body as LocalEnvironment) : null))
    .catch(() => null);
  return answer;
}
