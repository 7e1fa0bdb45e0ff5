import { causeChain, isDatabaseError, sqlState } from './databaseErrors.ts';

/**
 * The redaction list of the server's logs (pino's `redact`): whatever a log call passes under
 * these keys is replaced, wherever it sits in the object. Request and response bodies, headers
 * (tokens, the claim credential, test identities), query and path values, bank details (an IBAN
 * under any key `iban` or `bankverbindung`) and what a database error carries (its SQL, parameters
 * and row detail) never reach a log line.
 */
export const REDACTED_PATHS: readonly string[] = [
  'body',
  'headers',
  'query',
  'params',
  'payload',
  'answers',
  'antworten',
  'req.body',
  'req.headers',
  'req.query',
  'req.params',
  'res.headers',
  '*.body',
  '*.headers',
  '*.query',
  '*.params',
  '*.payload',
  '*.antworten',
  'iban',
  '*.iban',
  'bankverbindung',
  '*.bankverbindung',
  'err.detail',
  'err.where',
  'err.parameters',
  'err.internalQuery',
];

/** What a redacted value is replaced with. */
export const CENSOR = '[redacted]';

// Personal data that may hide in free text (an error message): e-mail addresses, IBANs, dates,
// contract and customer numbers (letters, a dash and digits; runs of five or more digits).
const PATTERNS: readonly [RegExp, string][] = [
  [/[^\s@"'<>()]+@[^\s@"'<>()]+/g, '[e-mail]'],
  [/\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/gi, '[iban]'],
  [/\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b/g, '[date]'],
  [/\b[A-Z]{1,5}-[A-Z0-9-]*\d[A-Z0-9-]*\b/gi, '[number]'],
  [/\d{5,}/g, '[number]'],
];

/** A free text with e-mail addresses, IBANs, dates and contract or customer numbers masked. */
export function maskPersonalData(text: string): string {
  return PATTERNS.reduce((masked, [pattern, mask]) => masked.replace(pattern, mask), text);
}

interface LoggedError {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  statusCode?: unknown;
}

/** An error as a log line shows it. */
export interface LoggedErrorLine {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * How an error appears in a log line. A database error (found anywhere in its cause chain, also
 * inside drizzle's `Failed query: … params: …` wrapper) is only its kind and SQLSTATE: its message,
 * detail and stack carry row values. Any other error keeps its first message line and its stack
 * frames, both masked by {@link maskPersonalData}.
 */
export function serializeError(error: unknown): LoggedErrorLine {
  const outer = (typeof error === 'object' && error !== null ? error : {}) as LoggedError;
  const type = typeof outer.name === 'string' ? outer.name : 'Error';
  const statusCode = typeof outer.statusCode === 'number' ? outer.statusCode : undefined;
  if (isDatabaseError(error)) {
    const code = sqlState(error);
    const cause = causeChain(error)
      .map((item) => (typeof item.code === 'string' ? item.code : undefined))
      .find((value) => value !== undefined);
    return {
      type,
      code: code ?? cause,
      statusCode,
      message: `database error ${code ?? cause ?? ''}`.trim(),
      stack: '',
    };
  }
  const message = typeof outer.message === 'string' ? outer.message : String(error);
  const frames =
    typeof outer.stack === 'string'
      ? outer.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')
      : '';
  return {
    type,
    code: typeof outer.code === 'string' ? outer.code : undefined,
    statusCode,
    message: maskPersonalData(message.split('\n')[0] ?? ''),
    stack: maskPersonalData(frames),
  };
}
