/** The text of an error response without a body (spelled as the spec has it). */
export const DEFAULT_ERROR_TEXT = 'An error occured';

/** Statuses the platform counts as success: 200-299 plus 302, 303 and 307 (spec section 8). */
export function isSuccessStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 302 || status === 303 || status === 307;
}

/** The outcome of a call: ok with the body, an error with status and body, or canceled. */
export interface HttpResult {
  ok: boolean;
  status: number;
  body: unknown;
  /** Set when the call was canceled (by a newer call to the same path); ok is then true. */
  canceled?: boolean;
}
