import type { ErrorObject } from 'ajv';
import { isTestIban } from './iban.ts';

/** i18next namespace and prefix of the shared default validation messages. */
export const DEFAULT_MESSAGE_PREFIX = 'common:validation';

/** Default field error text (spec section 8), for when no message key resolves. */
export const DEFAULT_FIELD_ERROR = 'Leider ist ein Fehler aufgetreten.';

/**
 * Names of the shared validation messages; their German texts live in the `common` bundle under
 * `validation.<name>` (definitions/locales/de/common.json). Steps may override any of them under
 * `<stepPrefix>.<field>.<name>`.
 */
export const VALIDATION_MESSAGE_NAMES: readonly string[] = [
  'required',
  'trimmedRequired',
  'iban',
  'iban-de',
  'iban-test',
  'bic',
  'phone',
  'phone-mobile',
  'email',
  'date',
  'date-time',
  'uri',
  'dateWithinDays',
  'maxAge',
  'foundingYear',
  'postcode',
  'debitIban',
  'fileUpload.invalid',
  'fileUpload.count',
  'fileUpload.type',
  'fileUpload.size',
  'minItems',
  'maxItems',
];

/**
 * The message name of an ajv error: the format's name for `format` errors ("iban"; "iban-test"
 * when the value is one of the known test IBANs, refused on purpose and said so),
 * `fileUpload.<reason>` for `fileUpload` errors, otherwise the keyword ("required", "maxAge").
 * `value` is the value the error is about, where the caller has it.
 */
export function validationMessageName(error: ErrorObject, value?: unknown): string {
  if (error.keyword === 'format') {
    const format = String(error.params['format']);
    if ((format === 'iban' || format === 'iban-de') && isTestIban(value)) return 'iban-test';
    return format;
  }
  if (error.keyword === 'fileUpload') return `fileUpload.${String(error.params['reason'])}`;
  return error.keyword;
}

/**
 * The field an ajv error belongs to, as a dotted path: the missing property for `required`,
 * otherwise the instance path ("/address/zip" -> "address.zip").
 */
export function validationFieldPath(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') segments.push(String(error.params['missingProperty']));
  return segments.join('.');
}

/**
 * The path of a field as its text keys name it: the dotted field path without list indexes
 * (`personen.1.geburtsdatum` -> `personen.geburtsdatum`), so every item of a list shares its texts.
 */
export function textFieldPath(path: string): string {
  return path
    .split('.')
    .filter((segment) => !/^\d+$/.test(segment))
    .join('.');
}

/**
 * The translation keys to try for an error, most specific first: the step's own
 * `<stepPrefix>.<field>.<name>` (list indexes left out: `<stepPrefix>.<list>.<field>.<name>`), then
 * the shared `common:validation.<name>`, and for a format error finally the generic
 * `common:validation.format`.
 */
export function messageKeyCandidates(
  error: ErrorObject,
  stepPrefix: string,
  value?: unknown,
): string[] {
  const name = validationMessageName(error, value);
  const keys = [
    `${stepPrefix}.${textFieldPath(validationFieldPath(error))}.${name}`,
    `${DEFAULT_MESSAGE_PREFIX}.${name}`,
  ];
  if (error.keyword === 'format') keys.push(`${DEFAULT_MESSAGE_PREFIX}.${error.keyword}`);
  return keys;
}
