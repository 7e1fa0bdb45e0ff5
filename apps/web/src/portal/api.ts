import { http, type HttpCall } from '../http/index.ts';

/** A failed portal call with the server's status (0: no answer, or superseded). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Whether an error is the server's 404 (missing, or not the caller's: the same answer). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;

/** Whether an error is the server's 503 (an outage or an overload: try again shortly). */
export const isUnavailableError = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 503;

/** Sends a signed-in call; rejects with {@link ApiError} unless it succeeds. */
export async function call<T>(method: HttpCall['method'], url: string): Promise<T> {
  const result = await http.answer({ method, url, auth: 'bearer' });
  if (!result.ok) throw new ApiError(result.status, `${method} ${url}: ${result.status}`);
  return result.body as T;
}

/** GET of a signed-in portal resource. */
export const getJson = <T>(url: string): Promise<T> => call<T>('GET', url);

/** A path segment from an id (contract number, partner number). */
export const segment = (value: string): string => encodeURIComponent(value);

/** Fetches a file (a PDF) with the session's token; the file, or null when it failed. */
export async function fetchSignedFile(url: string): Promise<{ blob: Blob; name: string } | null> {
  const result = await http.fetchFile({ method: 'GET', url, auth: 'bearer' });
  return result.ok && result.file ? result.file : null;
}
