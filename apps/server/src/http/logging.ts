import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import { CENSOR, maskPersonalData, REDACTED_PATHS, serializeError } from './redaction.ts';

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

/**
 * The path of a request without personal data: the route template when matched
 * (`/api/vertrag/vertrag/:id`), otherwise the first segment (unless it holds a digit or '@') and
 * every further one masked, the query string dropped: contract numbers, partner numbers, names and
 * e-mails must never reach a log.
 */
export function redactedPath(request: LoggedRequest): string {
  if (request.routeOptions?.url) return request.routeOptions.url;
  const path = (request.url ?? '').split('?')[0] ?? '';
  return path
    .split('/')
    .map((segment, index) =>
      segment !== '' && (index > 1 || /[^A-Za-z_.-]/.test(segment)) ? ':x' : segment,
    )
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
            redact: { paths: [...REDACTED_PATHS], censor: CENSOR },
            hooks: {
              // A message string is masked too, whoever logs it.
              logMethod(args, method) {
                const masked = args.map((arg: unknown) =>
                  typeof arg === 'string' ? maskPersonalData(arg) : arg,
                ) as typeof args;
                method.apply(this, masked);
              },
            },
            serializers: {
              req: (request: LoggedRequest) => ({
                method: request.method,
                path: redactedPath(request),
              }),
              res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
              // Database errors carry row values; other messages are masked (redaction.ts).
              err: serializeError,
            },
          }
        : false,
  };
}
