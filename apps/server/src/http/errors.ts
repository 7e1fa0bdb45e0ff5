import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_TIMEOUT } from './bodyTimeout.ts';
import { classifyDatabaseError } from './databaseErrors.ts';

/** One field error of a 400 response; `path` is a JSON Pointer into the request part (body, params, querystring). */
export interface FieldError {
  path: string;
  keyword: string;
  message: string;
}

/** The one shape of every invalid-input response (status 400). */
export interface ValidationErrorBody {
  error: 'validation';
  message: string;
  fieldErrors: FieldError[];
}

/** The shape of every other error response. */
export interface ErrorBody {
  error:
    | 'unauthorized'
    | 'not-found'
    | 'conflict'
    | 'unprocessable'
    | 'unavailable'
    | 'internal'
    | 'too-large'
    | 'unsupported-type'
    | 'too-many-requests'
    | 'timeout'
    | 'outdated-version'
    | 'expired'
    | 'wrong-birth-date';
  message: string;
}

type Texts = { [key: string]: string | Texts };
const texts = common as unknown as Texts;
const text = (group: string, key: string): string | undefined => {
  const value = (texts[group] as Texts | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
};

/** Default text of a field error (spec section 8), from the common bundle. */
export const DEFAULT_FIELD_ERROR =
  text('errors', 'default') ?? 'Leider ist ein Fehler aufgetreten.';

const uploadText = (key: string, fallback: string): string => {
  const group = (texts['validation'] as Texts | undefined)?.['fileUpload'];
  const value = typeof group === 'object' ? group[key] : undefined;
  return typeof value === 'string' ? value : fallback;
};

/** German messages of refused uploads (common:validation.fileUpload): 413 size and count, 415 type. */
export const UPLOAD_TEXTS = {
  size: uploadText('size', 'Die Datei ist zu groß.'),
  count: uploadText('count', 'Sie haben zu viele Dateien ausgewählt.'),
  type: uploadText('type', 'Dieser Dateityp wird nicht unterstützt.'),
};

/** The German summary message of a 400 response, from the common bundle. */
export const VALIDATION_MESSAGE = text('errors', 'checkInput') ?? DEFAULT_FIELD_ERROR;

/** German message of a field error's keyword (common:validation), else the default text. */
export function fieldMessage(keyword: string): string {
  return text('validation', keyword) ?? DEFAULT_FIELD_ERROR;
}

/** German message of an ajv error: the format's or keyword's text in common:validation. */
function messageOf(error: AjvLikeError): string {
  const format = error.keyword === 'format' ? error.params?.['format'] : undefined;
  return (
    (typeof format === 'string' ? text('validation', format) : undefined) ??
    fieldMessage(error.keyword)
  );
}

interface AjvLikeError {
  instancePath?: string;
  schemaPath?: string;
  keyword: string;
  params?: Record<string, unknown>;
}

/**
 * Maps ajv errors of one request part to field errors. The branches of an `anyOf` ("one of these
 * fields is required") collapse into the one `anyOf` error.
 */
export function toFieldErrors(part: string, errors: readonly AjvLikeError[]): FieldError[] {
  return errors
    .filter((error) => !/\/anyOf\/\d+\//.test(error.schemaPath ?? ''))
    .map((error) => {
      let path = `/${part}${error.instancePath ?? ''}`;
      const missing = error.params?.['missingProperty'];
      const extra = error.params?.['additionalProperty'];
      if (error.keyword === 'required' && typeof missing === 'string') path += `/${missing}`;
      if (error.keyword === 'additionalProperties' && typeof extra === 'string')
        path += `/${extra}`;
      return {
        path,
        keyword: error.keyword,
        message: messageOf(error),
      };
    });
}

/** Sends a 400 in the documented shape. */
export function sendValidationError(reply: FastifyReply, fieldErrors: FieldError[]): FastifyReply {
  const body: ValidationErrorBody = {
    error: 'validation',
    message: VALIDATION_MESSAGE,
    fieldErrors,
  };
  return reply.code(400).send(body);
}

/** Sends an error response of the other kinds. */
export function sendError(
  reply: FastifyReply,
  status: number,
  error: ErrorBody['error'],
  message: string,
): FastifyReply {
  const body: ErrorBody = { error, message };
  return reply.code(status).send(body);
}

/** The 404 of an address the server does not have (or not for the caller's role). */
export function sendNoSuchAddress(reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, 'not-found', 'Diese Adresse gibt es nicht.');
}

/** The 404 for a missing contract and for one the caller may not see: the same status and body. */
export function sendContractNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, 'not-found', 'Diesen Vertrag haben wir nicht gefunden.');
}

/** The German message of a 503 (common:errors.unavailable). */
export const UNAVAILABLE_MESSAGE =
  text('errors', 'unavailable') ??
  'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.';

/** Seconds a client should wait after a 503 before it tries again. */
export const RETRY_AFTER_SECONDS = 5;

/** Sends the 503 of an outage or an overload: German message and `Retry-After`. */
export function sendUnavailable(reply: FastifyReply): FastifyReply {
  reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return sendError(reply, 503, 'unavailable', UNAVAILABLE_MESSAGE);
}

/** The German text of a 429. */
export const TOO_MANY_REQUESTS =
  text('errors', 'tooManyRequests') ??
  'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.';

/** Sends a 429 with `Retry-After` (a throttle). */
export function sendTooManyRequests(reply: FastifyReply, seconds: number): FastifyReply {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(seconds))));
  return sendError(reply, 429, 'too-many-requests', TOO_MANY_REQUESTS);
}

/** The German text of a 429 for one client's too many requests at once (http/loadShedding.ts). */
export const TOO_MANY_AT_ONCE =
  text('errors', 'tooManyAtOnce') ??
  'Von Ihrem Anschluss kommen gerade zu viele Anfragen gleichzeitig. Bitte versuchen Sie es in einigen Sekunden noch einmal.';

/** The German text of a 408: the request's body did not arrive in time (http/bodyTimeout.ts). */
export const REQUEST_TIMEOUT_MESSAGE =
  text('errors', 'requestTimeout') ??
  'Ihre Anfrage ist nicht rechtzeitig vollständig bei uns angekommen. Bitte versuchen Sie es noch einmal.';

/** The German text of a 413 for a request body (JSON) over its limit; files have UPLOAD_TEXTS.size. */
export const REQUEST_TOO_LARGE =
  text('errors', 'requestTooLarge') ?? 'Die Anfrage ist zu groß. Bitte kürzen Sie Ihre Angaben.';

/** The German text of a 431: the request's headers are over Node's limit (http/clientErrors.ts). */
export const HEADERS_TOO_LARGE =
  text('errors', 'headersTooLarge') ?? 'Die Anfrage hat zu viele oder zu lange Kopfzeilen.';

/** The German text of a request Node's HTTP parser cannot read (http/clientErrors.ts). */
export const BAD_REQUEST = text('errors', 'badRequest') ?? 'Die Anfrage ist ungültig.';

/**
 * Whether a request's body is data the client wrote (JSON, the identity service's JSON) rather
 * than a file: an oversized one gets {@link REQUEST_TOO_LARGE}, a file the upload text.
 */
export function sendsData(contentType: string | undefined): boolean {
  return /^\s*application\/([\w.+-]*\+)?(json|x-amz-json[\w.-]*)\s*(;|$)/i.test(contentType ?? '');
}

/**
 * Asks Node to close the connection after this answer when the request's body has not been read
 * to its end: otherwise the rest of a slow body would keep the socket open after the refusal.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const hasBody =
    request.headers['transfer-encoding'] !== undefined ||
    (request.headers['content-length'] ?? '0') !== '0';
  if (hasBody && !request.raw.complete) reply.header('connection', 'close');
}

/** Sends the 429 of a client with too many requests in flight at once (`Retry-After: 1`). */
export function sendTooManyAtOnce(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  closeAfterAnswer(request, reply);
  reply.header('Retry-After', '1');
  return sendError(reply, 429, 'too-many-requests', TOO_MANY_AT_ONCE);
}

/** Sends the generic 500. */
export function sendInternalError(reply: FastifyReply): FastifyReply {
  return sendError(reply, 500, 'internal', 'Leider ist ein unerwarteter Fehler aufgetreten.');
}

/** Installs the error handler: 400 in the field-error shape, 503 when the database is away, 500 otherwise. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return sendValidationError(
        reply,
        toFieldErrors(error.validationContext ?? 'body', error.validation),
      );
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' ||
      error instanceof SyntaxError
    ) {
      return sendValidationError(reply, [
        { path: '/body', keyword: 'json', message: fieldMessage('json') },
      ]);
    }
    // Load shedding (http/loadShedding.ts): answered at once, not logged one by one.
    if (error.code === 'FST_UNDER_PRESSURE') return sendUnavailable(reply);
    if (error.code === BODY_TIMEOUT) {
      // The rest of the body is not waited for: Node closes the connection after this answer.
      reply.header('connection', 'close');
      return sendError(reply, 408, 'timeout', REQUEST_TIMEOUT_MESSAGE);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      closeAfterAnswer(request, reply);
      const data = sendsData(request.headers['content-type']);
      return sendError(reply, 413, 'too-large', data ? REQUEST_TOO_LARGE : UPLOAD_TEXTS.size);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendError(reply, 415, 'unsupported-type', UPLOAD_TEXTS.type);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, 'unprocessable', DEFAULT_FIELD_ERROR);
    }
    const kind = classifyDatabaseError(error);
    if (kind === 'unavailable') {
      request.log.warn({ err: error }, 'database unavailable');
      return sendUnavailable(reply);
    }
    if (kind === 'input') {
      // A value the checks before the database should have refused: a bug to fix, not a 500.
      request.log.error({ err: error }, 'database refused input');
      return sendValidationError(reply, [
        { path: '/body', keyword: 'database', message: DEFAULT_FIELD_ERROR },
      ]);
    }
    request.log.error({ err: error }, 'request failed');
    return sendInternalError(reply);
  });
}
