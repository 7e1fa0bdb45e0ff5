/**
 * Errors of the database as the query layer hands them on: drizzle wraps the driver's error in a
 * `DrizzleQueryError` (with the SQL and its parameters in the message) and keeps it as `cause`.
 * These helpers look through such wrappers.
 */

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** Node's socket errors and PostgreSQL's connection classes (08, 57P01-57P03, 53300). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** What node-postgres says when it cannot reach or loses the server. */
const CONNECTION_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Query read timeout|the database system is (starting up|shutting down)/i;

/** The error and its causes, outermost first (at most 8 deep, cycles cut). */
export function causeChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && chain.length < 8) {
    const item = current as ErrorLike;
    if (chain.includes(item)) break;
    chain.push(item);
    current = item.cause;
  }
  return chain;
}

/** The SQLSTATE of a database error anywhere in the chain (five characters), if any. */
export function sqlState(error: unknown): string | undefined {
  for (const item of causeChain(error)) {
    if (typeof item.code === 'string' && /^[0-9A-Z]{5}$/.test(item.code)) return item.code;
  }
  return undefined;
}

/** Whether the error comes from the database (a SQLSTATE, or drizzle's query wrapper). */
export function isDatabaseError(error: unknown): boolean {
  return causeChain(error).some(
    (item) =>
      (typeof item.code === 'string' && /^[0-9A-Z]{5}$/.test(item.code)) ||
      (typeof item.message === 'string' && item.message.startsWith('Failed query:')),
  );
}

/**
 * `unavailable` when the database cannot be reached (refused, reset, timed out, shutting down),
 * `input` when it refused a value (class 22 data exceptions, 54 too complex), else undefined.
 */
export function classifyDatabaseError(error: unknown): 'unavailable' | 'input' | undefined {
  const chain = causeChain(error);
  for (const item of chain) {
    if (typeof item.code === 'string' && CONNECTION_CODES.has(item.code)) return 'unavailable';
    if (typeof item.message === 'string' && CONNECTION_MESSAGES.test(item.message))
      return 'unavailable';
  }
  const state = sqlState(error);
  if (state && (state.startsWith('22') || state.startsWith('54'))) return 'input';
  return undefined;
}
