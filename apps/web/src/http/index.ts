/** The app's one HTTP layer (ky): success rules, cancellation, bearer tokens and test modes. */
import { createHttpClient, type HttpClient } from './client.ts';
import type { TokenMode } from './tokens.ts';

export {
  createHttpClient,
  type HttpAuth,
  type HttpCall,
  type HttpClient,
  type HttpClientOptions,
} from './client.ts';
export { DEFAULT_ERROR_TEXT, isSuccessStatus, type HttpResult } from './status.ts';
export { DUMMY_TOKEN, E2E_TEST_TOKEN, type TokenMode } from './tokens.ts';

const env = import.meta.env as Record<string, string | boolean | undefined>;
const mode = env['VITE_TOKEN_MODE'];

/**
 * The client of the whole app. The token mode comes from VITE_TOKEN_MODE (proxy or e2e) and is
 * ignored in production builds; the auth provider wires the session's token in.
 */
export const http: HttpClient = createHttpClient({
  tokenMode: mode === 'proxy' || mode === 'e2e' ? (mode as TokenMode) : 'session',
  production: env['PROD'] === true || env['VITE_ENVIRONMENT'] === 'production',
});

/** The renderer's transport (WizardServices.transport) over the app's one HTTP client. */
export const transport = http.transport;
