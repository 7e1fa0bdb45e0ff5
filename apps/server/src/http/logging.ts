import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

/** Where log lines go (a pino destination: anything with `write`). */
export interface LogStream {
  write(line: string): void;
}

interface LoggedRequest {
  id?: string;
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
}

interface LoggedError {
  name?: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  message?: string;
}

/**
 * The path of a request without personal data: the route template when matched
 * (`/api/vertrag/vertrag/:id`), otherwise every segment holding a digit or '@' masked and the
 * query string dropped (contract numbers, partner numbers and e-mails must never reach a log).
 */
export function redactedPath(request: LoggedRequest): string {
  if (request.routeOptions?.url) return request.routeOptions.url;
  const path = (request.url ?? '').split('?')[0] ?? '';
  return path
    .split('/')
    .map((segment) => (/[\d@]/.test(segment) ? ':x' : segment))
    .join('/');
}

/** Fastify options for structured JSON logs with request ids and no personal data. */
export function loggingOptions(
  enabled: boolean,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  return {
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    logger:
      enabled || stream
        ? {
            level: 'info',
            ...(stream ? { stream } : {}),
            serializers: {
              req: (request: LoggedRequest) => ({
                method: request.method,
                path: redactedPath(request),
              }),
              res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
              // Database errors carry row values in `detail`; only the kind of error is logged.
              err: (error: LoggedError) => {
                const fromDatabase = error.code !== undefined && /^[0-9A-Z]{5}$/.test(error.code);
                return {
                  type: error.name ?? 'Error',
                  code: error.code,
                  statusCode: error.statusCode,
                  message: fromDatabase
                    ? `database error ${error.code ?? ''}`
                    : (error.message ?? ''),
                  stack: fromDatabase ? '' : (error.stack ?? ''),
                };
              },
            },
          }
        : false,
  };
}
