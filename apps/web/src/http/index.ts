/** The app's one HTTP layer (ky): success rules, cancellation, bearer tokens and test modes. */
import type { HttpRequest } from '#engine';
import { createHttpClient, type HttpClient } from './client.ts';
import { createDownloadKeys } from './downloadKeys.ts';
import type { HttpResult } from './status.ts';
import type { TokenMode } from './tokens.ts';
import { createUnavailableState, type UnavailableState } from './unavailable.ts';

export {
  createHttpClient,
  fileNameOf,
  type FileResult,
  type HttpAuth,
  type HttpCall,
  type HttpClient,
  type HttpClientOptions,
} from './client.ts';
export { DEFAULT_ERROR_TEXT, isSuccessStatus, type HttpResult } from './status.ts';
export { DUMMY_TOKEN, E2E_TEST_TOKEN, type TokenMode } from './tokens.ts';

export { createUnavailableState, type UnavailableState } from './unavailable.ts';

/** Whether the API answered 503 since the last retry: the app's unavailable notice shows it. */
export const serviceUnavailable: UnavailableState = createUnavailableState();

const env = import.meta.env as Record<string, string | boolean | undefined>;
const mode = env['VITE_TOKEN_MODE'];

/**
 * The client of the whole app. The token mode comes from VITE_TOKEN_MODE (proxy or e2e) and is
 * ignored in production builds; the auth provider wires the session's token in; every 503 marks
 * {@link serviceUnavailable}.
 */
export const http: HttpClient = createHttpClient({
  tokenMode: mode === 'proxy' || mode === 'e2e' ? (mode as TokenMode) : 'session',
  production: env['PROD'] === true || env['VITE_ENVIRONMENT'] === 'production',
  onUnavailable: () => serviceUnavailable.report(),
});

/** The renderer's transport (WizardServices.transport) over the app's one HTTP client. */
export const transport = http.transport;

const downloadKey = createDownloadKeys();

/**
 * The renderer's download (WizardServices.download): fetches the file an engine request names
 * and hands it to the browser to save under the server's file name. The same request again sends
 * the same Idempotency-Key (downloadKeys.ts): a document filed in a Postfach is filed once.
 */
export async function download(request: HttpRequest): Promise<HttpResult> {
  const result = await http.fetchFile({
    method: request.method,
    url: request.url,
    auth: request.auth,
    headers: { ...request.headers, 'Idempotency-Key': downloadKey(request) },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  if (result.ok && result.file) saveFile(result.file.blob, result.file.name);
  const { file, ...rest } = result;
  return file || !result.ok ? rest : { ...rest, ok: false };
}

/** Saves a file in the browser: a temporary link to the bytes, clicked, then let go. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
