import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import {
  BAD_REQUEST,
  fieldMessage,
  HEADERS_TOO_LARGE,
  REQUEST_TIMEOUT_MESSAGE,
  sendValidationError,
  type ErrorBody,
  type ValidationErrorBody,
} from './errors.ts';
import type { SecurityHeaders } from './securityHeaders.ts';

/** What Node's HTTP parser refused, as status and body (the shape of every error answer). */
function answerOf(code: string | undefined): {
  status: number;
  body: ErrorBody | ValidationErrorBody;
} {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, body: { error: 'too-large', message: HEADERS_TOO_LARGE } };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, body: { error: 'timeout', message: REQUEST_TIMEOUT_MESSAGE } };
  return { status: 400, body: { error: 'validation', message: BAD_REQUEST, fieldErrors: [] } };
}

/**
 * The framework's own error answers with the platform's headers and German texts:
 * `frameworkErrors` (a path that is no valid URL component, `%E0%A4%A`: Fastify answers it before
 * any hook, so the security headers are set here) and `clientErrorHandler` (what Node's HTTP
 * parser refuses before Fastify sees a request: headers too large 431, a request timeout 408,
 * anything malformed 400), written to the socket with the security headers, then the connection
 * is closed.
 */
export function frameworkErrorOptions(
  headers: SecurityHeaders,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors: (_error, request, reply) => {
      reply.headers(headers(request.url));
      return sendValidationError(reply, [
        { path: '/url', keyword: 'url', message: fieldMessage('url') },
      ]);
    },
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      // A reset connection (or one already gone) has nobody to answer.
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) {
        const { status, body } = answerOf(error.code);
        const text = JSON.stringify(body);
        const lines = [
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(text)}`,
          'Connection: close',
          ...Object.entries(headers('/')).map(([name, value]) => `${name}: ${value}`),
        ];
        socket.write(`${lines.join('\r\n')}\r\n\r\n${text}`);
      }
      socket.destroy(error);
    },
  };
}
