import type { HttpRequest } from '#engine';
import type { TransportResult } from '#renderer';

/** Statuses the platform counts as success (spec section 8). */
const SUCCESS = (status: number): boolean =>
  (status >= 200 && status < 300) || status === 302 || status === 303 || status === 307;

/**
 * Sends an engine request with fetch (the ky client of the sign-in issue replaces this). Bearer
 * endpoints are not called without a session: they answer not-ok without a request.
 */
export async function sendRequest(request: HttpRequest): Promise<TransportResult> {
  if (request.auth === 'bearer') return { ok: false, status: 401, body: null };
  const response = await fetch(request.url, {
    method: request.method,
    headers: {
      Accept: 'application/json',
      ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...request.headers,
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { ok: SUCCESS(response.status), status: response.status, body };
}
