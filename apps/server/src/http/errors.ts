import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

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
    | 'unsupported-type';
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

/** German message of an ajv error: the format's or keyword's text in common:validation. */
function messageOf(error: AjvLikeError): string {
  const format = error.keyword === 'format' ? error.params?.['format'] : undefined;
  return (
    (typeof format === 'string' ? text('validation', format) : undefined) ??
    text('validation', error.keyword) ??
    DEFAULT_FIELD_ERROR
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

/** The 404 for a missing contract and for one the caller may not see: the same status and body. */
export function sendContractNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, 'not-found', 'Diesen Vertrag haben wir nicht gefunden.');
}

const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '08006',
  '08001',
]);

function isDatabaseUnavailable(error: FastifyError): boolean {
  return (
    (error.code !== undefined && CONNECTION_ERRORS.has(error.code)) ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(error.message)
  );
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
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return sendValidationError(reply, [
        { path: '/body', keyword: 'json', message: 'Der Inhalt ist kein gültiges JSON.' },
      ]);
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(reply, 413, 'too-large', UPLOAD_TEXTS.size);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendError(reply, 415, 'unsupported-type', UPLOAD_TEXTS.type);
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, 'unprocessable', DEFAULT_FIELD_ERROR);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(
        reply,
        503,
        'unavailable',
        'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
      );
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'internal', 'Leider ist ein unerwarteter Fehler aufgetreten.');
  });
}
